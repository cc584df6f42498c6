"""The README stays true: its two set-up commands come first, and every
``$ harp …`` example in a console block is run again and must print what
the README shows.  An example is left out only when the README marks it:
a command with a ``#`` comment (``# illustrative: …``, ``# positions left
out``), a pipe or a shell line, or the interactive transcript."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from harp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def examples() -> list[tuple[str, str]]:
    """(command, output) of every console example, in README order."""
    found = []
    for block in CONSOLE.findall(README):
        if "Type help" in block:            # the interactive transcript
            continue
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if not chunk.startswith("$ "):
                continue
            command, _, output = chunk[2:].partition("\n")
            found.append((command, output))
    return found


def runnable(command: str) -> bool:
    return command.startswith("harp ") and not any(c in command for c in "#|\\")


def test_readme_starts_with_the_two_set_up_commands():
    lines = README.splitlines()
    assert lines[0] == "```sh"
    assert lines[1] == ("python3 -m venv .venv && .venv/bin/pip install . "
                        "&& .venv/bin/harp deal EH1-N-AAAAAAF")
    assert lines[2] == ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' "
                        "&& .venv/bin/pytest")
    assert lines[3] == "```"


def test_every_example_is_run_or_marked():
    """Nothing slips through: each example is run, or is marked as above."""
    skipped = [c for c, _ in examples() if not runnable(c)]
    for command in skipped:
        assert "#" in command or "|" in command or command.startswith("export "), command
    run = {shlex.split(c)[1] for c, _ in examples() if runnable(c)}
    assert {"deal", "show", "play", "encode", "decode", "replay", "rules", "score", "stats",
            "solve", "hint"} <= run


@pytest.mark.parametrize("command, output", [e for e in examples() if runnable(e[0])],
                         ids=lambda v: v[:60])
def test_readme_output_is_real(command, output, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command)[1:])
    expected = output if output.endswith("\n") or not output else output + "\n"
    assert result.output.rstrip("\n") + "\n" == expected.rstrip("\n") + "\n"
