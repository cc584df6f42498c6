"""The README's set-up commands and its tour of the commands stay true:
every ``$ harp …`` console block of the tour (deal, show, play, encode,
decode, replay; not the pipes nor the interactive transcript) is run again
and must print what the README shows."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from harp.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOUR_COMMANDS = ("deal", "show", "play", "encode", "decode", "replay", "rules")
BLOCK = re.compile(r"```console\n\$ (harp [^\n]*)\n(.*?)```", re.S)


def tour_blocks() -> list[tuple[str, str]]:
    blocks = []
    for command, output in BLOCK.findall(README):
        words = shlex.split(command)
        if words[1] in TOUR_COMMANDS and "|" not in command and "--interactive" not in words \
                and "#" not in command and output.strip() and "Type help" not in output:
            blocks.append((command, output))
    return blocks


def test_readme_starts_with_the_two_set_up_commands():
    lines = README.splitlines()
    assert lines[0] == "```sh"
    assert lines[1] == "pip install . && harp deal EH1-N-AAAAAAF"
    assert lines[2] == "pip install '.[test]' && pytest"
    assert lines[3] == "```"


def test_readme_tours_every_command():
    toured = {shlex.split(command)[1] for command, _ in tour_blocks()}
    assert toured == set(TOUR_COMMANDS)


@pytest.mark.parametrize("command, output", tour_blocks(), ids=lambda v: v[:60])
def test_readme_output_is_real(command, output, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command)[1:])
    assert result.output == output
