"""Every example of every command's ``--help`` runs as written.

The examples are read from the help itself (the lines under ``Example:``
or ``Examples:`` that start with ``harp`` or ``echo``), so a new one is
run as soon as it is written; those that cannot run here are listed in
SKIPPED with the reason, and the list must name examples the help still
has.  A line under an example that is not a command is that example's
output, and must be what it prints."""
from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import click
import pytest

from harp.cli import cli

from helpers import invoke, invoke_ok

ROOT = Path(__file__).resolve().parent.parent

SKIPPED = {
    "harp deal SH1-C4-AAAAAJ2 --format fcs | fc-solve -g seahaven -m -sn -":
        "another program: tests/test_fcs.py runs it when fc-solve is installed",
    "harp play EH1-N-AAAAAAF          # interactive game in a terminal":
        "a terminal: tests/test_tui.py",
    "harp atlas build --pieces data/atlas-eh1 --deals 1-999999 --jobs 2":
        "the whole atlas: hours",
    "harp atlas assemble --pieces data/atlas-eh1":
        "writes the installed atlas",
    "harp atlas unknown --pieces data/atlas-eh1 --csv":
        "the 100 shipped pieces, 4 s: tests/test_cli_option_checks.py reads them",
    "harp atlas check --sample 1000": "a thousand Easy Harp solves: minutes",
    "harp atlas check --sample 1000 --jobs 2": "a thousand Easy Harp solves: minutes",
    "harp stats --game eh --deals 1-1000 --db eh.db --solve":
        "a thousand Easy Harp solves: minutes (the folder's eh.db holds deals 1-5 "
        "for the example after it)",
}
#: Refused on purpose: the example shows the refusal.
REFUSED = {"harp play --load examples/easy-harp-run-refused.txt '6>4'   # refused: A1.3"}


def command_paths(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = [path]
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        if isinstance(command, click.Group):
            paths += command_paths(command, (*path, name))
        else:
            paths.append((*path, name))
    return paths


def examples(path: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """The help's examples, each with the lines of output shown under it."""
    lines = invoke_ok(*path, "--help").splitlines()
    heads = [i for i, line in enumerate(lines) if re.fullmatch(r"\s+Examples?:", line)]
    found: list[tuple[str, list[str]]] = []
    for line in lines[heads[0] + 1:] if heads else []:
        if not line.strip():
            break
        text = line.strip()
        if text.startswith(("harp ", "echo ")):
            found.append((text, []))
        else:
            found[-1][1].append(text)
    return found


PATHS = [path for path in command_paths() if examples(path)]
#: The atlas's examples run in one folder, in the order of a build: each
#: needs the files the one before wrote.
ATLAS = [("atlas",), *(("atlas", name) for name in ("build", "status", "unknown", "assemble",
                                                     "check"))]
#: The examples of each command run in a folder of their own.
RUNS = [[path] for path in PATHS if path[:1] != ("atlas",)] + [ATLAS]


def test_every_command_has_examples():
    assert {path for path in command_paths() if path} - set(PATHS) == set()


def test_every_example_runs():
    assert sorted(path for run in RUNS for path in run) == sorted(PATHS)


def test_the_skipped_examples_are_still_in_the_help():
    shown = {text for path in PATHS for text, _ in examples(path)}
    assert set(SKIPPED) | REFUSED <= shown


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder with the files the examples name, as a user's would have
    them (the repository's examples beside them)."""
    monkeypatch.chdir(tmp_path)
    os.symlink(ROOT / "examples", "examples")
    Path("moves.txt").write_text("8>f 7>2\n")
    Path("saved.txt").write_text("SH1-C4-AAAAAJ2 8>f 7>2\n")
    shutil.copy(ROOT / "examples" / "games.jsonl", "games.jsonl")
    Path("records").mkdir()
    for name in ("won-easy-harp.txt", "won-seahaven.txt", "games.csv"):
        shutil.copy(ROOT / "examples" / name, Path("records") / name)
    return tmp_path


@pytest.mark.parametrize("run", RUNS, ids=lambda run: " ".join(run[-1]))
def test_the_examples_of_the_help_run_as_written(folder, run):
    if run == [("stats",)]:     # the store of the skipped example's kind
        invoke_ok("stats", "--game", "eh", "--deals", "1-5", "--db", "eh.db", "--solve", "-q")
    for text, shown in [example for path in run for example in examples(path)]:
        if text in SKIPPED:
            continue
        command, _, _ = text.partition("   #")
        given = None
        if command.startswith("echo "):
            echoed, _, command = command.partition(" | ")
            given = " ".join(shlex.split(echoed)[1:]) + "\n"
        args = shlex.split(command)
        assert args[0] == "harp", text
        result = invoke(*args[1:], input=given)
        assert result.exit_code == (1 if text in REFUSED else 0), (text, result.stderr)
        if shown:
            assert result.stdout.splitlines() == shown, text


@pytest.mark.parametrize("path", command_paths(), ids=lambda path: " ".join(path) or "harp")
@pytest.mark.parametrize("columns", ["80", "60"])
def test_help_breaks_lines_at_spaces_only(path, columns):
    """No help line ends inside a hyphenated word: an option cut as
    ``--max-`` / ``states`` or a range as ``1-`` / ``10000`` is copied wrong."""
    help_text = invoke_ok(*path, "--help", env={"COLUMNS": columns})
    assert [line for line in help_text.splitlines() if re.search(r"[\w-]-$", line)] == []
    assert "\u2011" not in help_text
