"""``harp hint``: the next action on a winning line from a position.

It starts from the position reached by MOVES from deal CODE, and searches
as briefly as the interactive game's hint unless told otherwise.
"""
from __future__ import annotations

import json

import click

from harp.solve import HINT_LIMITS, SolveLimits
from harp.solve import hint as solver_hint

from .options import json_option, limit_options
from .solving import limit_text, position


@click.command()
@click.argument("code")
@click.argument("moves", nargs=-1)
@limit_options(HINT_LIMITS, ("max_states", "timeout"))
@json_option("Print one JSON object.")
def hint(code: str, moves: tuple[str, ...], limits: SolveLimits, json_: bool) -> None:
    """The next action on a winning line from the position after MOVES.

    By default it searches as briefly as the interactive game's hint;
    --timeout allows a longer search.

    \b
    Examples:
        harp hint SH1-C4-AAAAAJ2
        harp hint SH1-C4-AAAAAJ2 '8>f 7>2'
    """
    board = position(code, moves)
    result, first = solver_hint(board, limits)
    if json_:
        click.echo(json.dumps({"code": str(board.code), "hint": first, **result.to_dict()}))
    elif first is not None:
        click.echo(first)
    elif result.solved:
        click.echo("the game is already won")
    elif result.outcome == "unsolvable":
        click.echo("no winning line exists")
    else:
        click.echo(f"none found within the limits ({limit_text(result, limits)})")
