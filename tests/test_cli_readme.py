"""The README and the manual in docs/ stay true: the README's two set-up
commands come first, and every ``$ harp …`` example in a console block of
README.md or docs/*.md is run again and must print what the page shows.

The commands of one block run in order, in a fresh folder holding the
repository's ``examples/``, so that an example may write a file that the
next one reads.  An interactive transcript (a block with ``Type help``) is
played with what its prompts show as typed.  An example is left out only
when its page marks it: a command with a ``#`` comment (``# illustrative:
…``), a pipe or a shell line; an example marked ``# positions left out`` is
run, and the lines it shows must be lines of its output, in order."""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from harp.cli import cli

from helpers import invoke

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)
#: The interactive game's prompts: what follows one on its line was typed.
PROMPTS = re.compile(r"^(?:[A-Z]{2}\d-[A-Z0-9]+-[A-Z2-7]{7}> |Save this game as a record\? "
                     r"\[y/N\]: |File \(.*?\)(?: \[.*?\])?: |Another file .*?: )(.*)$", re.M)
#: A row of the table of mistakes in docs/exit-codes.md: command, exit code, message.
MISTAKE = re.compile(r"^\| `(harp [^`]*)` \| (\d+) \| `(.*)` \|$", re.M)
#: The most lines of the README, a front page.
README_LINES = 250


@dataclass(frozen=True)
class Example:
    command: str
    output: str

    @property
    def runnable(self) -> bool:
        return self.command.startswith("harp ") and not any(c in self.command for c in "#|\\")

    @property
    def abridged(self) -> bool:
        """Shown without the positions it prints: its other lines must be there."""
        return self.command.endswith("   # positions left out")

    @property
    def interactive(self) -> bool:
        return "Type help" in self.output


def blocks(page: Path) -> list[list[Example]]:
    """The console blocks of a page, each as its examples in order."""
    found = []
    for block in CONSOLE.findall(page.read_text(encoding="utf-8")):
        examples = []
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.startswith("$ "):
                command, _, output = chunk[2:].partition("\n")
                examples.append(Example(command, output))
        found.append(examples)
    return found


def all_examples() -> list[Example]:
    return [e for page in PAGES for block in blocks(page) for e in block]


def block_params() -> list:
    return [pytest.param(block, id=f"{page.name}:{n}:{block[0].command[:50]}")
            for page in PAGES for n, block in enumerate(blocks(page), 1)
            if any(e.runnable or e.abridged for e in block)]


def run_example(example: Example) -> str:
    args = shlex.split(example.command, comments=example.abridged)[1:]
    typed = None
    if example.interactive:             # a terminal, as the page shows it; typed lines as shown
        args.append("--interactive")
        typed = "".join(answer + "\n" for answer in PROMPTS.findall(example.output))
    return invoke(*args, input=typed).output


def test_readme_starts_with_the_two_set_up_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "```sh"
    assert lines[1] == ("python3 -m venv .venv && .venv/bin/pip install . "
                        "&& .venv/bin/harp deal EH1-N-AAAAAAF")
    assert lines[2] == ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' "
                        "&& .venv/bin/pytest -n 2")
    assert lines[3] == "```"


def test_readme_is_a_front_page():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= README_LINES


def test_the_manual_has_a_page_per_topic():
    names = {page.name for page in PAGES}
    assert {"commands.md", "notation-and-records.md", "solvers.md", "atlas.md", "batch.md",
            "rule-decisions.md", "exit-codes.md"} <= names
    readme = README.read_text(encoding="utf-8")
    for page in PAGES[1:]:
        assert f"(docs/{page.name})" in readme, f"the README points to docs/{page.name}"


def test_every_example_is_run_or_marked():
    """Nothing slips through: each example is run, or is marked as above;
    every command of harp has a run example."""
    for example in all_examples():
        if not example.runnable:
            command = example.command
            assert "#" in command or "|" in command or command.startswith("export "), command
    run = {shlex.split(e.command)[1] for e in all_examples() if e.runnable}
    assert {"deal", "show", "play", "encode", "decode", "replay", "rules", "score", "stats",
            "solve", "hint", "generate"} <= run


@pytest.mark.parametrize("block", block_params())
def test_example_output_is_real(block, tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    for example in block:
        if example.abridged:
            shown, lines = example.output.splitlines(), iter(run_example(example).splitlines())
            assert shown and all(line in lines for line in shown), example.command
        elif example.runnable:
            expected = example.output.rstrip("\n") + "\n"
            assert run_example(example).rstrip("\n") + "\n" == expected, example.command


def mistakes() -> list[tuple[str, int, str]]:
    text = (ROOT / "docs" / "exit-codes.md").read_text(encoding="utf-8")
    return [(command, int(code), message) for command, code, message in MISTAKE.findall(text)]


def test_the_table_of_mistakes_is_there():
    assert len(mistakes()) >= 10
    assert {code for _, code, _ in mistakes()} == {0, 1, 2}


@pytest.mark.parametrize("command, code, message", mistakes(), ids=lambda v: str(v)[:50])
def test_each_mistake_gives_its_exit_code_and_message(command, code, message, tmp_path,
                                                      monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    result = invoke(*command.split()[1:])
    assert result.exit_code == code
    if message.startswith("Error:"):
        assert result.stderr.splitlines()[-1] == message
    else:
        assert message in result.output.splitlines()


def _spaced(number: int) -> str:
    """2000000 as the pages write it: 2 000 000."""
    return f"{number:,}".replace(",", " ")


def test_the_limits_the_pages_state_are_the_code_s():
    """The pages state the solvers' default limits in prose; they follow
    the one set of limits in the code (a hint once said 3 s after the
    code had moved to 2.4 s)."""
    from harp.solve import BATCH_LIMITS, DEFAULT_LIMITS, HINT_LIMITS
    commands = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    solvers = (ROOT / "docs" / "solvers.md").read_text(encoding="utf-8")
    batch = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    hint = f"up to {_spaced(HINT_LIMITS.max_states)} positions"
    assert hint in commands and f"searching {hint}" in solvers
    assert f"({_spaced(DEFAULT_LIMITS.line_states)} by default)" in solvers
    assert (f"`--max-states` positions\n(default {_spaced(BATCH_LIMITS.max_states)}, "
            "`harp solve`'s; no line search)") in batch
    assert BATCH_LIMITS.timeout is None and "none by default" in solvers


#: The manual page(s) of each command's options (the rest: commands.md).
OPTION_PAGES = {"score": ["batch.md"], "stats": ["batch.md", "atlas.md"], "atlas": ["atlas.md"],
                "play": ["commands.md", "play.md"]}


def commands(group: click.Group = cli, path: tuple[str, ...] = ()):
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield (*path, name), command


@pytest.mark.parametrize("path, command", list(commands()), ids=lambda v: " ".join(v)
                         if isinstance(v, tuple) else "")
def test_every_option_is_in_the_manual(path, command):
    text = "".join((ROOT / "docs" / page).read_text(encoding="utf-8")
                   for page in OPTION_PAGES.get(path[0], ["commands.md"]))
    missing = [name for option in command.params
               if isinstance(option, click.Option) and not option.hidden
               for name in (*option.opts, *option.secondary_opts)
               if name.startswith("--") and not re.search(re.escape(name) + r"(?![\w-])", text)]
    assert missing == []
