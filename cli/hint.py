"""``harp hint``: the next action on a winning line from a position.

It starts from the position reached by MOVES from deal CODE, or from a
saved game (``--load FILE``), and searches as briefly as the interactive
game's hint unless told otherwise.
"""
from __future__ import annotations

import json

import click

from harp.solve import HINT_LIMITS, SolveLimits
from harp.solve import hint as solver_hint

from .options import json_option, limit_options, progress_option, saved_game_position
from .position import position
from .progress import SearchProgress
from .solving import limit_text


@click.command()
@saved_game_position
@limit_options(HINT_LIMITS, ("max_states", "timeout"))
@json_option("Print one JSON object.")
@progress_option
def hint(code: str | None, moves: tuple[str, ...], load: str | None, limits: SolveLimits,
         json_: bool, show_progress: bool | None) -> None:
    """The next action on a winning line from the position after MOVES.

    With --load FILE the game starts from a saved game, and any MOVES given
    are played after its own.  By default it searches as briefly as the
    interactive game's hint; --timeout allows a longer search; a search of
    more than half a second shows, on a terminal, the positions searched
    against --max-states.

    \b
    Examples:
        harp hint SH1-C4-AAAAAJ2
        harp hint SH1-C4-AAAAAJ2 '8>f 7>2'
        harp hint --load saved.txt
    """
    board = position(code, moves, load)
    with SearchProgress(limits.max_states, show_progress) as searching:
        result, first = solver_hint(board, limits, searching)
    if json_:
        click.echo(json.dumps({"code": str(board.code), "hint": first, **result.to_dict()}))
    elif first is not None:
        click.echo(first)
    elif result.solved:
        click.echo("the game is already won")
    elif result.outcome == "unsolvable":
        click.echo("lost: no line of play wins from this position (RULES C8)")
    else:
        click.echo(f"none found within the limits ({limit_text(result, limits)})")
