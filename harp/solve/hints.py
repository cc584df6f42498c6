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
  solves, so asking again costs one more at most).  A game of the
  player's own moves leaves the line at almost every action, so its hint
  costs about a search per action: ``max_states`` bounds each search,
  and the safety net ``timeout`` the whole call (one deadline for all its
  searches; once it has passed, the hint is ``unknown``, stopped by
  ``"time"``).  The :class:`Hint` counts the searches and their work.
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

import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .result import (HINT_LIMITS, SOLVED, TIME, UNKNOWN, Progress, SolveLimits,
                     SolveResult)

#: The clock of the safety net's deadline (the searches' own: :mod:`.budget`).
_clock = time.perf_counter


@dataclass
class Hint:
    """The next ``action`` of a winning line (None when there is none:
    the game is won, lost, or the search was cut short), the rest of the
    line (``action`` first), the search the line comes from, and how many
    of the line's actions the player had followed (0: searched from here).

    The work of the whole hint (:meth:`Hints.after` searches along the
    game): ``searches``, the searches it rests on, their positions
    (``total_states``) and CPU seconds (``total_cpu_seconds``), and how
    many of them the safety net cut (``cut_by_time``: then the line
    followed, and so the hint, may depend on the machine's speed).  Not
    given, they are those of ``result`` alone."""

    action: str | None
    line: list[str]
    result: SolveResult
    followed: int = 0
    searches: int = 1
    total_states: int | None = None
    total_cpu_seconds: float | None = None
    cut_by_time: int | None = None

    def __post_init__(self) -> None:
        if self.total_states is None:
            self.total_states = self.result.states
        if self.total_cpu_seconds is None:
            self.total_cpu_seconds = self.result.cpu_seconds
        if self.cut_by_time is None:
            self.cut_by_time = int(self.result.stopped_by == TIME)

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


def _on_line(board: Any, since: list[str], line: list[str]) -> bool:
    """Whether the board's last ``since`` actions took it where the line's
    first steps lead: played as written, or by a tap or count that makes
    the same move (``t8`` for ``8>f``)."""
    if line[:len(since)] == since:
        return True
    if len(since) > len(line):
        return False
    back = board.copy()
    for _ in since:
        back.pop()
    for step in line[:len(since)]:
        back.push(step)
    return position_key(back) == position_key(board)


class Hints:
    """The hints along one game, under ``limits`` (no line search: a hint
    shows the line's first action).  The solves it makes are kept, by
    position."""

    def __init__(self, limits: SolveLimits = HINT_LIMITS, progress: Progress | None = None
                 ) -> None:
        self.limits = replace(limits, line_states=0)
        self.progress = progress            # (told the positions of each search)
        self._solves: dict[tuple, SolveResult] = {}

    def solve(self, board: Any, timeout: float | None = None) -> SolveResult:
        """The search from the board's position (made once per position).
        ``timeout``: the seconds left of a deadline that several searches
        share (None: the limits' own); a search it cuts is not kept, and
        the result carries the limits, not the seconds left."""
        from . import replays_to_won, solve

        key = position_key(board)
        result = self._solves.get(key)
        if result is None:
            limits = self.limits if timeout is None else replace(self.limits, timeout=timeout)
            result = solve(board, limits, self.progress)
            result.limits = self.limits
            if result.solved and not replays_to_won(board, result):    # pragma: no cover
                raise AssertionError("a winning line that does not replay to a win")
            if timeout is None or result.stopped_by != TIME:
                self._solves[key] = result
        return result

    def after(self, start: Any, actions: Iterable[Any] = ()) -> Hint:
        """The hint after ``actions`` (tokens or actions) from the board
        ``start`` (not changed): the line of the start's solve, followed
        while the actions follow it; after an action off the line, the
        line of a solve from there.  Raises HarpError for an action the
        rules refuse (the engine's own error).  The copy of ``start`` keeps
        its history, so a ``u`` undoes as it would on ``start``.

        Each search may take ``max_states`` positions; the limits'
        ``timeout`` is one deadline for all the searches of this call:
        each gets the seconds left, and once none are left the hint is
        ``unknown``, stopped by ``"time"`` (never a line the clock chose).
        The hint counts the searches it rests on and their work."""
        if isinstance(actions, str):
            raise TypeError("actions is a list of actions or tokens, not one str: "
                            "board.parse_script(text) reads a script")
        timeout = self.limits.timeout
        deadline = None if timeout is None else _clock() + timeout
        used: dict[int, SolveResult] = {}       # the searches the hint rests on, by id

        def search(board: Any) -> SolveResult:
            if deadline is None:
                result = self.solve(board)
            else:
                left = deadline - _clock()
                if left <= 0:                   # no search: no time for one
                    return SolveResult(UNKNOWN, stopped_by=TIME, limits=self.limits)
                result = self.solve(board, left)
            used[id(result)] = result
            return result

        board = start.copy()
        result = search(board)
        line, followed = list(result.actions), 0
        for token in actions:
            if line:        # where the line's next step leads (a tap or count may lead there too)
                board.push(line[0])
                ahead = position_key(board)
                board.pop()
            action = str(board.push(token))
            if line and (line[0] == action or position_key(board) == ahead):
                line, followed = line[1:], followed + 1
            else:
                result = search(board)
                line, followed = list(result.actions), 0
        found = (Hint(None, [], result, 0) if result.outcome != SOLVED
                 else Hint(line[0] if line else None, line, result, followed))
        searches = list(used.values())
        found.searches = len(searches)
        found.total_states = sum(search.states for search in searches)
        found.total_cpu_seconds = sum(search.cpu_seconds for search in searches)
        found.cut_by_time = sum(search.stopped_by == TIME for search in searches)
        return found


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
                and _on_line(board, since, self._line)):
            line = self._line[len(since):]
            return Hint(line[0] if line else None, line, self._result, len(since))
        result = self.hints.solve(board) if result is None else result
        self._line, self._result, self._actions = list(result.actions), result, actions
        if result.outcome != SOLVED:
            self._result = None
            return Hint(None, [], result, 0)
        return Hint(result.actions[0] if result.actions else None, list(result.actions), result)
