"""Each command's options, and where each is defined: an option that more
than one command takes is defined once, by one function of
``harp.cli.options`` (a second definition, or an inline copy, fails here)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers import invoke, refused

#: Records, for every option of every command, the function (or module,
#: for an option written inline above a command) whose ``click.option``
#: call made it; run in a fresh interpreter so that every module is
#: imported under the recording ``click.option``.
RECORDER = """
import json, sys
import click

real = click.option

def option(*decls, **attrs):
    frame = sys._getframe(1)
    where = frame.f_globals["__name__"]
    if frame.f_code.co_name != "<module>":
        where += "." + frame.f_code.co_name
    decorate = real(*decls, **attrs)
    def apply(func):
        out = decorate(func)
        params = getattr(out, "__click_params__", None) or out.params
        params[-1].defined_by = where
        return out
    return apply

click.option = option
from harp.cli.main import COMMANDS, cli

def commands():
    # every command, and every command of a group (atlas build)
    for name in COMMANDS:
        command = cli.get_command(None, name)
        yield name, command
        for sub, subcommand in getattr(command, "commands", {}).items():
            yield f"{name} {sub}", subcommand

print(json.dumps({name: {p.opts[0]: getattr(p, "defined_by", "?")
                         for p in command.params
                         if isinstance(p, click.Option) and p.opts[0] != "--help"}
                  for name, command in commands()}))
"""

O = "harp.cli.options."
GAME, CELLS, DEALS = {"--game": O + "game_option"}, {"--cells": O + "cells_option"}, {
    "--deals": O + "deals_option"}
LIMITS = {flag: O + "limit_options" for flag in ("--max-states", "--timeout", "--line-states")}
DECIDE = {flag: O + "limit_options" for flag in ("--max-states", "--timeout")}
JSON = {"--json": O + "json_option"}
TABLES = {**JSON, "--csv": O + "output_options", "--fmt": O + "output_options"}
PROGRESS = {"--progress": O + "progress_option"}
RUN = {**{flag: O + "run_options" for flag in ("--jobs", "--executor", "--scheduler", "--quiet")},
       **PROGRESS}
COLUMNS = {"--columns": O + "columns_option"}
DISPLAY = {**JSON, "--ascii": O + "board_display", "--reveal": O + "board_display"}
RULES = {flag: O + "rule_settings" for flag in ("--interactive-rules", "--double-click")}
CHOICE = {**{flag: O + "deal_choice" for flag in ("--random", "--daily", "--date")}, **GAME,
          **CELLS}
WINNABLE = {"--winnable": O + "winnable_flags", "--unwinnable": O + "winnable_flags",
            "--min-cells": O + "min_cells_option", **DECIDE}
#: --load reads a saved game, --save writes one, in every command; the old
#: --record (hidden) says which of the two replaced it.
LOAD = {"--load": O + "load_option", "--record": O + "retired_record_option"}

PIECES = {"--pieces": O + "pieces_option"}

EXPECTED = {
    "atlas": {},
    "atlas assemble": {**PIECES, "--out": "harp.cli.atlas"},
    "atlas build": {**PIECES, **DEALS, "--piece-size": "harp.cli.atlas", **DECIDE, **RUN},
    "atlas check": {"--file": "harp.cli.atlas", "--sample": "harp.cli.atlas",
                    "--seed": "harp.cli.atlas", **RUN},
    "atlas status": {**PIECES, **COLUMNS, **TABLES},
    "atlas unknown": {**PIECES, **COLUMNS, **TABLES},
    "deal": {**CHOICE, "--format": "harp.cli.deal", **WINNABLE, "--difficulty": "harp.cli.deal",
             **DISPLAY},
    "decode": {"--solve": "harp.cli.decode", **DECIDE, **PROGRESS},
    "encode": {**GAME, **CELLS},
    "generate": {**GAME, **CELLS, **DEALS, "--random-play": "harp.cli.generate",
                 "--solve": "harp.cli.generate", "--seed": "harp.cli.generate",
                 "--max-actions": "harp.cli.generate", **LIMITS,
                 "--output": "harp.cli.generate", **RUN},
    "hint": {**LOAD, **DECIDE, **JSON, **PROGRESS},
    "play": {"--script": "harp.cli.play", **LOAD, "--verbose": "harp.cli.play",
             "--interactive": "harp.cli.play", "--line": "harp.cli.play", **CHOICE, **WINNABLE,
             **RULES, **DISPLAY},
    "replay": {"--check": "harp.cli.replay", "--lost": "harp.cli.replay",
               "--max-states": O + "limit_options", "--timeout": O + "limit_options",
               **RULES, **DISPLAY},
    "rules": {"--list": "harp.cli.rules"},
    "score": {"--rows": "harp.cli.score", "--by": "harp.cli.score", **RUN, **TABLES,
              **COLUMNS},
    "show": {**LOAD, "--at": "harp.cli.show", **RULES, **DISPLAY},
    "solve": {**LOAD, "--save": O + "save_option", **LIMITS, **JSON, **PROGRESS},
    "stats": {**GAME, **CELLS, **DEALS, "--daily-from": "harp.cli.stats",
              "--days": "harp.cli.stats", "--db": "harp.cli.stats",
              "--report": "harp.cli.stats", "--atlas": "harp.cli.stats",
              "--solve": "harp.cli.stats", **LIMITS, "--export": "harp.cli.stats",
              "--dist": "harp.cli.stats", "--plot": "harp.cli.stats", **RUN, **TABLES,
              **COLUMNS},
}

#: Options of the same name that mean different things to different
#: commands, each defined by its command: ``--solve`` turns the solver on
#: for what each command does.
OTHER_MEANINGS = {("decode", "--solve"), ("generate", "--solve"), ("stats", "--solve"),
                  # the seed of the random games; the seed of the deals drawn to check
                  ("generate", "--seed"), ("atlas check", "--seed")}


def defined() -> dict[str, dict[str, str]]:
    result = subprocess.run([sys.executable, "-c", RECORDER], capture_output=True, text=True,
                            check=True)
    return json.loads(result.stdout)


def test_each_command_s_options_and_where_each_is_defined() -> None:
    found = defined()
    assert {name: sorted(options.items()) for name, options in found.items()} == {
        name: sorted(options.items()) for name, options in EXPECTED.items()}


def test_an_option_of_several_commands_is_defined_once_in_options() -> None:
    """Beyond the table: any flag two commands share comes from one function
    of harp.cli.options (the same for all of them)."""
    users: dict[str, list[str]] = {}
    for name, options in defined().items():
        for flag, where in options.items():
            if (name, flag) not in OTHER_MEANINGS:
                users.setdefault(flag, []).append(where)
    shared = {flag: set(places) for flag, places in users.items() if len(places) > 1}
    assert len(shared) >= 15 and all(len(places) == 1 and next(iter(places)).startswith(O)
                          for places in shared.values()), shared


#: Every option (or argument) naming a file, with a command line it completes.
PATH_OPTIONS = [
    ["stats", "--game", "sh", "--deals", "1-3", "--db"],
    ["stats", "--game", "sh", "--deals", "1-3", "--solve", "--export"],
    ["stats", "--game", "sh", "--deals", "1-3", "--plot"],
    ["generate", "--game", "sh", "--deals", "1", "--random-play", "-o"],
    ["solve", "SH1-C4-AAAAAJ2", "--save"],
    ["show", "--load"],
    ["play", "SH1-C4-AAAAAJ2", "--script"],
    ["score"],
    ["replay"],
    ["atlas", "build", "--deals", "1-3", "--piece-size", "3", "--pieces"],
    ["atlas", "status", "--pieces"],
    ["atlas", "assemble", "--pieces", "pieces", "--out"],
    ["atlas", "check", "--file"],
]


@pytest.mark.parametrize("args", PATH_OPTIONS, ids=" ".join)
def test_an_empty_file_name_is_a_usage_error_before_any_work(args, no_work):
    """It names no file: SQLite would open a throw-away database, a record
    file would be refused only after the games were played."""
    result = invoke(*args, "")
    assert (result.exit_code, result.stdout) == (2, ""), result.stderr
    assert result.stderr.splitlines()[-1].endswith(": the file name is empty")


@pytest.mark.parametrize("option", ["--db", "--export", "--plot"])
def test_a_dash_where_no_stream_is_taken_is_a_usage_error(option, no_work):
    """--export - wrote the records into standard output, amid the table."""
    refused(["stats", "--game", "sh", "--deals", "1-3", "--solve", option, "-"], 2,
            f"Invalid value for '{option}': - (standard input or output) is not taken here: "
            "give a file name (./- for a file named -)")
