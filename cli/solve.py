"""``harp solve``: a winning line from a position, or a verdict.

It starts from the position reached by MOVES from deal CODE, or from a
saved game (``--load FILE``); ``--save FILE`` adds the won game to a record
file, which is checked before the search (a file that would be refused is
refused first).  Exit code 0
for every verdict (solved, unsolvable, unknown); 1 for a bad code or a
refused move (one line, RULES B1/B7); 2 for command-line misuse.
"""
from __future__ import annotations

import json
from dataclasses import replace

import click

from harp import Board, HarpError, Record
from harp.deals import SEAHAVEN
from harp.records import replay
from harp.solve import DEFAULT_LIMITS, TIME, SolveLimits, SolveResult
from harp.solve import solve as solver_solve

from .options import (READS_SAVED, json_option, limit_options, load_option, progress_option,
                      refuse_given, retired_record_option, save_option)
from .position import given_game
from .progress import SearchProgress
from .recordout import check_target
from .saving import Resumed, save_record


@click.command()
@click.argument("code", required=False)
@click.argument("moves", nargs=-1)
@load_option()
@save_option("Also add the won game (its moves, then the solution) to this record file "
             "(.jsonl, .csv or text, RULES B8); the --load file's own record is updated.")
@retired_record_option(f"{READS_SAVED}, --save FILE writes the won game")
@limit_options(DEFAULT_LIMITS)
@json_option("Print one JSON object.")
@progress_option
def solve(code: str | None, moves: tuple[str, ...], load: str | None, save: str | None,
          limits: SolveLimits, json_: bool, show_progress: bool | None) -> None:
    """Solve the position after MOVES from deal CODE.

    Prints a winning script in canonical notation on one line (it replays to
    a win with harp play), or "unsolvable" (the search was exhaustive), or
    "unknown (...)" when a limit stopped it.  Quote moves: > is special to
    the shell.  A search of more than half a second shows, on a
    terminal, the positions searched against --max-states.

    \b
    Examples:
        harp solve SH1-C4-AAAAAJ2
        harp solve SH1-C4-AAAAAJ2 '8>f 7>2' --json
        harp solve SH1-C4-AAAAAJ2 --save solutions.jsonl
        harp solve --load saved.txt
    """
    game = given_game(code, moves, load)
    board = game.deal()
    if board.code.game == SEAHAVEN:     # its solver stops at its first win, as harp stats's
        if limits.line_states:          # (0, no line search, is true of both games)
            refuse_given(click.get_current_context(), ["line_states"],
                         "--line-states is for Easy Harp deals; Seahaven's solver searches no "
                         "shorter line")
        limits = replace(limits, line_states=0)
    game.push(board)
    if save is not None:
        check_target(save)      # a file that will be refused is refused before the search
    with SearchProgress(limits.max_states, show_progress) as searching:
        result = solver_solve(board, limits, searching)
    print_result(board, result, json_)      # first: a save that fails loses no answer
    if save is not None:
        # Saved to the file it was loaded from (by name, or as standard
        # input), the game's record is updated, as the game saves a
        # resumed game (a second record would leave a file --load refuses).
        resumed = Resumed(load, game.record) if load is not None else None
        save_solution(board, result, save, resumed, game.record.extra)


def print_result(board: Board, result: SolveResult, json_: bool) -> None:
    """The answer on standard output: the script, or the verdict, or JSON."""
    if json_:
        click.echo(json.dumps({"code": str(board.code), **result.to_dict()}))
    elif result.solved:
        click.echo(result.script() if result.actions else "# already won")
        if result.stopped_by == TIME:   # (stdout stays the script, to be piped)
            click.echo(cut_note(result), err=True)
    elif result.outcome == "unsolvable":
        click.echo("unsolvable")
    else:
        click.echo(f"unknown ({result.limit_text()})")


def cut_note(result: SolveResult) -> str:
    """What a script cut by the safety net says on standard error: the
    clock, not the positions, decided which line it is."""
    timeout = result.limits.timeout if result.limits and result.limits.timeout else 0
    return (f"note: the {timeout:g} s safety net cut the search for a shorter line: "
            "this script depends on the machine's speed")


def save_solution(board: Board, result: SolveResult, path: str,
                  resumed: Resumed | None = None, extra: dict | None = None) -> None:
    """Add the won game (the moves played, then the solution, with the
    ``extra`` fields of the record it was loaded from) to a record file,
    once the engine has replayed it to a win (in place of the record
    ``resumed`` if ``path`` is its file); say so on stderr when there is
    no win to record."""
    if not result.solved:
        click.echo(f"no record written: the outcome is {result.outcome}", err=True)
        return
    record = Record(str(board.code), f"{board.script()} {result.script()}".strip(),
                    dict(extra or {}))
    if not replay(record).is_won:
        raise HarpError("no record written: the solution does not replay to a win")
    save_record(path, record, resumed)
