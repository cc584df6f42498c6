"""Hints that finish games: the next action of a winning line, kept while
the player follows it.

A hint is the first action of a winning line from the position.  Asked
again after the player has played it, the hint is that line's next
action: the line is kept, not searched for afresh.  (A fresh search from
the new position may find another line, whose first action can undo the
last one; hints followed that way went round in circles.)  The line is
dropped only when the player leaves it; then the position the player
reached is solved afresh.

So a hint is a function of the game, not of the position alone:
:meth:`Hints.after` replays the actions from the start, solving at the
start and after every action that left the line in force.  Its solves are
deterministic (the limits count positions, not seconds), so the hint
after a list of actions is the same whether it is asked once, by ``harp
hint CODE MOVES``, or after every action of a game in progress; a
:class:`Hints` keeps the solves it made, so a game that asks after every
action pays for one new solve at most per action off the line.

Following the hints wins every game the solver wins from where the hints
began, without a cycle: each hint moves along one winning line that the
engine has replayed to a win (:func:`harp.solve.replays_to_won`), and the
line is never left while it is followed.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .result import HINT_LIMITS, SOLVED, SolveLimits, SolveResult


@dataclass
class Hint:
    """The next ``action`` of a winning line (None when there is none:
    the game is won, lost, or the search was cut short), the rest of the
    line (``action`` first), the search the line comes from, and how many
    of the line's actions the player had followed (0: searched from here)."""

    action: str | None
    line: list[str]
    result: SolveResult
    followed: int = 0

    @property
    def outcome(self) -> str:
        """The outcome of the search the line comes from: ``solved``,
        ``unsolvable`` or ``unknown``."""
        return self.result.outcome


def position_key(board: Any) -> tuple:
    """Everything a solve reads of a board: its piles, in order."""
    piles = (board.columns, board.foundations)
    extra = tuple(tuple(getattr(board, name, ())) for name in ("face_down", "stock", "waste", "cells"))
    return tuple(tuple(map(tuple, group)) for group in piles) + extra


class Hints:
    """The hints along one game, under ``limits`` (no line search: a hint
    shows the line's first action).  The solves it makes are kept, by
    position."""

    def __init__(self, limits: SolveLimits = HINT_LIMITS) -> None:
        self.limits = replace(limits, line_states=0)
        self._solves: dict[tuple, SolveResult] = {}

    def solve(self, board: Any) -> SolveResult:
        """The search from the board's position (made once per position)."""
        from . import replays_to_won, solve

        key = position_key(board)
        result = self._solves.get(key)
        if result is None:
            result = solve(board, self.limits)
            if result.solved and not replays_to_won(board, result):    # pragma: no cover
                raise AssertionError("a winning line that does not replay to a win")
            self._solves[key] = result
        return result

    def adopt(self, board: Any, result: SolveResult) -> None:
        """Take ``result`` (a longer search, say) as the solve of the
        board's position from now on."""
        self._solves[position_key(board)] = result

    def after(self, start: Any, actions: Iterable[Any] = ()) -> Hint:
        """The hint after ``actions`` (tokens or actions) from the board
        ``start`` (not changed): the line of the start's solve, followed
        while the actions follow it; after an action off the line, the
        line of a solve from there.  Raises HarpError for an action the
        rules refuse (the engine's own error)."""
        board = start.copy()
        result = self.solve(board)
        line, followed = list(result.actions), 0
        for token in actions:
            action = str(board.push(token))
            if line and line[0] == action:
                line, followed = line[1:], followed + 1
            else:
                result = self.solve(board)
                line, followed = list(result.actions), 0
        if result.outcome != SOLVED:
            return Hint(None, [], result, 0)
        return Hint(line[0] if line else None, line, result, followed)
