"""``harp solve`` and ``harp hint``: the solvers on the command line.

Both start from the position reached by MOVES from deal CODE.  Exit code 0
for every verdict (solved, unsolvable, unknown); 1 for a bad code or a
refused move (one line, RULES B1/B7); 2 for command-line misuse.
"""
from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

import click

from harp.solve import DEFAULT_LIMITS, HINT_LIMITS, SolveLimits, SolveResult
from harp.solve import hint as solver_hint
from harp.solve import solve as solver_solve
from harp import Board, HarpError, Record, new_board
from harp.records import replay

from .options import Count, Seconds, apply, json_option, line_search_option
from .output import engine_errors
from .recordout import RecordWriter

F = TypeVar("F", bound=Callable[..., Any])


def limit_options(limits: SolveLimits) -> Callable[[F], F]:
    """``--max-states``, ``--timeout`` (defaults from ``limits``), with
    ``--line-search`` when the limits give the line search time, and
    ``--json``."""
    def decorate(func: F) -> F:
        options = [
            click.option("--max-states", type=Count(1), default=limits.max_states,
                         show_default=True, help="Give up (unknown) after this many positions."),
            click.option("--timeout", type=Seconds(), default=limits.timeout,
                         show_default=True, help="Give up (unknown) after this many seconds."),
            json_option("Print one JSON object."),
        ]
        if limits.line_search:
            options.append(line_search_option(limits.line_search))
        return apply(func, options)
    return decorate


def position(code: str, moves: tuple[str, ...]) -> Board:
    """The board after MOVES from CODE; engine errors become one line, exit 1."""
    with engine_errors():
        board = new_board(code)
        board.push_script(" ".join(moves))
    return board


def limit_text(result: SolveResult, max_states: int, timeout: float) -> str:
    """Which limit stopped the search, e.g. ``max states 1000 reached``."""
    if result.states >= max_states:
        return f"max states {max_states} reached"
    return f"timeout {timeout:g} s reached after {result.states} positions"


def run_solver(board: Board, limits: SolveLimits, first_only: bool
               ) -> tuple[SolveResult, str | None]:
    with engine_errors():
        if first_only:
            return solver_hint(board, limits)
        return solver_solve(board, limits), None


@click.command()
@click.argument("code")
@click.argument("moves", nargs=-1)
@limit_options(DEFAULT_LIMITS)
@click.option("--record", "record_file", type=click.Path(dir_okay=False, allow_dash=True),
              help="Also add the won game (MOVES and the solution) to this record file "
                   "(.jsonl, .csv or text, RULES B8).")
def solve(code: str, moves: tuple[str, ...], max_states: int, timeout: float,
          line_search: float, json_: bool, record_file: str | None) -> None:
    """Solve the position after MOVES from deal CODE.

    Prints a winning script in canonical notation on one line (it replays to
    a win with harp play), or "unsolvable" (the search was exhaustive), or
    "unknown (...)" when a limit stopped it.  Quote moves: > is special to
    the shell.

    \b
    Examples:
        harp solve SH1-C4-AAAAAJ2
        harp solve SH1-C2-AAAAAJ2 '3>a 9>f' --json
        harp solve SH1-C4-AAAAAJ2 --record solutions.jsonl
    """
    board = position(code, moves)
    result, _ = run_solver(board, SolveLimits(max_states, timeout, line_search),
                           first_only=False)
    if record_file is not None:
        save_solution(board, result, record_file)
    if json_:
        click.echo(json.dumps({"code": str(board.code), **result.to_dict()}))
    elif result.solved:
        click.echo(result.script() if result.actions else "# already won")
    elif result.outcome == "unsolvable":
        click.echo("unsolvable")
    else:
        click.echo(f"unknown ({limit_text(result, max_states, timeout)})")


@click.command()
@click.argument("code")
@click.argument("moves", nargs=-1)
@limit_options(HINT_LIMITS)
def hint(code: str, moves: tuple[str, ...], max_states: int, timeout: float,
         json_: bool) -> None:
    """The next action on a winning line from the position after MOVES.

    By default it searches as briefly as the interactive game's hint;
    --timeout allows a longer search.

    \b
    Examples:
        harp hint SH1-C4-AAAAAJ2
        harp hint SH1-C4-AAAAAJ2 '8>f 7>2'
    """
    board = position(code, moves)
    result, first = run_solver(board, SolveLimits(max_states, timeout), first_only=True)
    if json_:
        click.echo(json.dumps({"code": str(board.code), "hint": first, **result.to_dict()}))
    elif first is not None:
        click.echo(first)
    elif result.solved:
        click.echo("the game is already won")
    elif result.outcome == "unsolvable":
        click.echo("no winning line exists")
    else:
        click.echo(f"none found within the limits ({limit_text(result, max_states, timeout)})")


def save_solution(board: Board, result: SolveResult, path: str) -> None:
    """Add the won game (the moves played, then the solution) to a record
    file, once the engine has replayed it to a win; say so on stderr when
    there is no win to record."""
    if not result.solved:
        click.echo(f"no record written: the outcome is {result.outcome}", err=True)
        return
    record = Record(str(board.code), f"{board.script()} {result.script()}".strip())
    with engine_errors():
        if not replay(record).is_won:
            raise HarpError("no record written: the solution does not replay to a win")
        with RecordWriter(path) as out:
            out.write(record)
