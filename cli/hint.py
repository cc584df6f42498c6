"""``harp hint``: the next action on a winning line, along the game MOVES.

It follows the game MOVES from deal CODE (or a saved game, ``--load
FILE``, that MOVES continue): the hint continues the line that the hint
before gave, while the game followed it, and searches afresh only from
where the game left a line (:mod:`harp.solve.hints`), so that following
the hints, asking again after every action, wins without going round in
circles.  It searches as briefly as the interactive game's hint unless
told otherwise.
"""
from __future__ import annotations

import json
from typing import Any

import click

from harp import Board, new_board
from harp.solve import HINT_LIMITS, TIME, Hint, SolveLimits
from harp.solve import hint as solver_hint
from harp.solve import solve as solver_solve

from .options import json_option, limit_options, progress_option, saved_game_position
from .position import position
from .progress import SearchProgress


@click.command()
@saved_game_position
@limit_options(HINT_LIMITS, ("max_states", "timeout"))
@json_option("Print one JSON object.")
@progress_option
def hint(code: str | None, moves: tuple[str, ...], load: str | None, limits: SolveLimits,
         json_: bool, show_progress: bool | None) -> None:
    """The next action on a winning line, after the game MOVES.

    While the game follows the line an earlier hint gave, the hint is that
    line's next action; from where it leaves it, a new line is searched
    for.  With --load FILE the game starts from a saved game, and any
    MOVES given are played after its own.  By default it searches as
    briefly as the interactive game's hint; --max-states allows a longer
    search; a search of more than half a second shows, on a terminal, the
    positions searched against --max-states.  A won game has nothing to
    hint (--json: "hint" null, outcome "solved", an empty script).

    A game of your own moves leaves the line at almost every action, and
    each action off a line costs a search: --max-states bounds each
    search, --timeout the whole hint (all its searches; --json counts
    them: "searches", "total_states", "total_cpu_seconds").

    \b
    Examples:
        harp hint SH1-C4-AAAAAJ2
        harp hint SH1-C4-AAAAAJ2 '8>f 7>2'
        harp hint --load saved.txt
    """
    played = position(code, moves, load)       # (a refused action: one line naming it)
    start = new_board(played.code)
    with SearchProgress(limits.max_states, show_progress) as searching:
        if played.is_won:
            # The winning line the game followed is all played: the answer
            # is the search from the won position, not that line.
            found = Hint(None, [], solver_solve(played, limits, searching))
        else:
            found = solver_hint(start, played.actions, limits, searching)
    if json_:
        click.echo(json.dumps(hint_dict(start, found)))
    else:
        click.echo(hint_text(found))
        if found.action is not None and (found.result.stopped_by == TIME or found.cut_by_time):
            click.echo(f"note: the {limits.timeout:g} s safety net cut the search: this hint "
                       "depends on the machine's speed", err=True)


def hint_dict(start: Board, found: Hint) -> dict[str, Any]:
    """``--json``: the search's keys as ``harp solve --json`` has them,
    with the line as the continuation from the position, as solve's
    (not from where the search began, ``followed`` actions earlier);
    then the work of the whole hint: its searches along the game, their
    positions and CPU seconds, and how many the safety net cut."""
    line = found.line
    return {"code": str(start.code), "hint": found.action, "followed": found.followed,
            **found.result.to_dict(), "script": " ".join(line), "length": len(line),
            "draws": line.count("d"), "searches": found.searches,
            "total_states": found.total_states,
            "total_cpu_seconds": round(found.total_cpu_seconds or 0.0, 4),
            "searches_cut_by_time": found.cut_by_time}


def hint_text(found: Hint) -> str:
    """What a hint says: the action, or why there is none."""
    if found.action is not None:
        return found.action
    if found.outcome == "solved":
        return "the game is already won"
    if found.outcome == "unsolvable":
        return "lost: no line of play wins from this position (RULES C8)"
    limit = found.result.limit_text()
    more = "a longer search (--max-states, or harp solve)"
    if found.result.stopped_by == TIME:
        more = "a later --timeout (or harp solve from here)"
    if found.result.stopped_by == TIME and found.searches != 1:
        # One deadline for the searches along the game: say what it bought.
        timeout = found.result.limits.timeout if found.result.limits else None
        limit = (f"the {timeout or 0:g} s safety net ran out after {found.total_states} "
                 f"positions in {found.searches} search{'es' * (found.searches != 1)} along the game")
        if not found.result.states:
            limit += ", before this position was searched"
    return (f"no winning line found within the limits ({limit}); "
            f"the position may still be won: {more} may find one")
