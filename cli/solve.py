"""``harp solve``: a winning line from a position, or a verdict.

It starts from the position reached by MOVES from deal CODE.  Exit code 0
for every verdict (solved, unsolvable, unknown); 1 for a bad code or a
refused move (one line, RULES B1/B7); 2 for command-line misuse.
"""
from __future__ import annotations

import json

import click

from harp import Board, HarpError, Record
from harp.records import replay
from harp.solve import DEFAULT_LIMITS, SolveLimits, SolveResult
from harp.solve import solve as solver_solve

from .options import json_option, limit_options
from .recordout import RecordWriter
from .solving import position


@click.command()
@click.argument("code")
@click.argument("moves", nargs=-1)
@limit_options(DEFAULT_LIMITS)
@json_option("Print one JSON object.")
@click.option("--record", "record_file", type=click.Path(dir_okay=False, allow_dash=True),
              help="Also add the won game (MOVES and the solution) to this record file "
                   "(.jsonl, .csv or text, RULES B8).")
def solve(code: str, moves: tuple[str, ...], limits: SolveLimits, json_: bool,
          record_file: str | None) -> None:
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
    result = solver_solve(board, limits)
    if record_file is not None:
        save_solution(board, result, record_file)
    if json_:
        click.echo(json.dumps({"code": str(board.code), **result.to_dict()}))
    elif result.solved:
        click.echo(result.script() if result.actions else "# already won")
    elif result.outcome == "unsolvable":
        click.echo("unsolvable")
    else:
        click.echo(f"unknown ({result.limit_text()})")


def save_solution(board: Board, result: SolveResult, path: str) -> None:
    """Add the won game (the moves played, then the solution) to a record
    file, once the engine has replayed it to a win; say so on stderr when
    there is no win to record."""
    if not result.solved:
        click.echo(f"no record written: the outcome is {result.outcome}", err=True)
        return
    record = Record(str(board.code), f"{board.script()} {result.script()}".strip())
    if not replay(record).is_won:
        raise HarpError("no record written: the solution does not replay to a win")
    with RecordWriter(path) as out:
        out.write(record)
