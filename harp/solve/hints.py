"""Hints that finish games: the next action of a winning line, kept while
the player follows it.

A hint is the first action of a winning line from the position.  Asked
again after the player has played it, the hint is that line's next
action: the line is kept, not searched for afresh.  (A fresh search from
the new position may find another line, whose first action can undo the
last one; hints followed that way went round in circles.)  The line is
dropped only when the player leaves it; then the position the player
reached is solved afresh.

So a hint is a function of the game, not of the position alone.  Two
ways to know the line in force:

* :meth:`Hints.after`, for ``harp hint CODE MOVES``, which has only the
  game: it replays the actions from the start, solving at the start and
  after every action that left the line in force.  Its solves are
  deterministic (the limits count positions, not seconds), so the hint
  after a list of actions is the one a player asking after every action
  got; each action off a line costs a solve (a :class:`Hints` keeps its
  solves, so asking again costs one more at most).
* :class:`HintLine`, for the interactive game, which is there when the
  hints are asked: it keeps the line of the last hint, and searches
  afresh only when the player has left it.

Following the hints wins every game the solver wins from where the hints
began, without a cycle: each hint moves along one winning line that the
engine has replayed to a win (:func:`harp.solve.replays_to_won`), the
line is never left while it is followed, and no line meets a position
twice (Easy Harp: :func:`~harp.solve.easyharp.lines.cut_repeats`;
Seahaven: its search never visits a position twice).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .result import HINT_LIMITS, SOLVED, Progress, SolveLimits, SolveResult


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

    def __init__(self, limits: SolveLimits = HINT_LIMITS, progress: Progress | None = None
                 ) -> None:
        self.limits = replace(limits, line_states=0)
        self.progress = progress            # (told the positions of each search)
        self._solves: dict[tuple, SolveResult] = {}

    def solve(self, board: Any) -> SolveResult:
        """The search from the board's position (made once per position)."""
        from . import replays_to_won, solve

        key = position_key(board)
        result = self._solves.get(key)
        if result is None:
            result = solve(board, self.limits, self.progress)
            if result.solved and not replays_to_won(board, result):    # pragma: no cover
                raise AssertionError("a winning line that does not replay to a win")
            self._solves[key] = result
        return result

    def after(self, start: Any, actions: Iterable[Any] = ()) -> Hint:
        """The hint after ``actions`` (tokens or actions) from the board
        ``start`` (not changed): the line of the start's solve, followed
        while the actions follow it; after an action off the line, the
        line of a solve from there.  Raises HarpError for an action the
        rules refuse (the engine's own error).  The copy of ``start`` keeps
        its history, so a ``u`` undoes as it would on ``start``."""
        if isinstance(actions, str):
            raise TypeError("actions is a list of actions or tokens, not one str: "
                            "board.parse_script(text) reads a script")
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


class HintLine:
    """The hints of a game in progress: the line of the last hint is kept
    while the player's actions follow it; a hint asked after an action
    off the line (or the first hint) is the first action of a line
    searched for from the board's position, under ``limits``."""

    def __init__(self, limits: SolveLimits = HINT_LIMITS) -> None:
        self.hints = Hints(limits)
        self._line: list[str] = []          # the line in force, from ...
        self._result: SolveResult | None = None
        self._actions: list[str] = []       # ... the game's actions when it was found

    def next(self, board: Any, result: SolveResult | None = None) -> Hint:
        """The hint from the board (its ``actions`` are the game so far):
        the kept line's next action if the actions since it was found
        follow it, else the first action of ``result`` (a search the
        caller made) or of a search from here."""
        actions = [str(action) for action in board.actions]
        done = len(self._actions)
        since = actions[done:]
        if (result is None and self._result is not None and actions[:done] == self._actions
                and self._line[:len(since)] == since):
            line = self._line[len(since):]
            return Hint(line[0] if line else None, line, self._result, len(since))
        result = self.hints.solve(board) if result is None else result
        self._line, self._result, self._actions = list(result.actions), result, actions
        if result.outcome != SOLVED:
            self._result = None
            return Hint(None, [], result, 0)
        return Hint(result.actions[0] if result.actions else None, list(result.actions), result)
