"""The solvers' front door: ``solve``, ``hint``, ``SolveResult``, ``SolveLimits``.

``solve(board)`` searches from the board's *current* position (a copy; the
board is not changed).  The searches are apart from the engine's move
generation: :mod:`harp.solve.seahaven.solver` (RULES A2) and
:mod:`harp.solve.easyharp.solver` (RULES A1), each with its pruning rules proved
next to their code.  A win is never taken on a solver's word:
:func:`replays_to_won` pushes it on the engine.
"""
from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from harp.errors import HarpError

from .easyharp import solve_easy_harp
from .hints import Hint, HintLine, Hints
from .result import (BATCH_LIMITS, DEFAULT_LIMITS, HINT_LIMITS, POSITIONS, SOLVED, TIME, UNKNOWN,
                     UNSOLVABLE, Progress, SolveLimits, SolveResult)
from .seahaven import solve_seahaven

__all__ = ["BATCH_LIMITS", "DEFAULT_LIMITS", "HINT_LIMITS", "POSITIONS", "SOLVED", "TIME",
           "UNKNOWN", "UNSOLVABLE", "Hint", "HintLine", "Hints", "Progress", "replayed_win",
           "SolveLimits", "SolveResult", "hint", "replays_to_won", "solve"]


def solve(board: Any, limits: SolveLimits = DEFAULT_LIMITS,
          progress: Progress | None = None) -> SolveResult:
    """Decide the board's current position (dispatch on ``board.code.game``);
    the result carries the limits and the CPU seconds it took.
    ``progress``, if given, is told the positions searched now and then."""
    _check_limits(limits)
    start = time.process_time()
    if board.code.game == "SH":
        result = solve_seahaven(board, limits, progress)
    else:
        result = solve_easy_harp(board, limits, progress)
    result.cpu_seconds = time.process_time() - start
    result.limits = limits
    return result


def _check_limits(limits: Any) -> None:
    if not isinstance(limits, SolveLimits):
        raise TypeError(f"limits is a SolveLimits, not {type(limits).__name__} "
                        "(e.g. SolveLimits(max_states=10_000))")


def replays_to_won(board: Any, result: SolveResult) -> bool:
    """Whether the result's actions, pushed on a copy of ``board``, win:
    a solution is never taken on the solver's word."""
    return replayed_win(board, result) is not None


def replayed_win(board: Any, result: SolveResult) -> Any:
    """The won board the result's actions make, pushed on a copy of
    ``board`` (its score is the line's), or None when they do not win."""
    if not result.solved:
        return None
    replay = board.copy()
    try:
        replay.push_script(result.script())
    except HarpError:
        return None
    return replay if replay.is_won else None


def hint(start: Any, actions: Iterable[Any] = (), limits: SolveLimits = HINT_LIMITS,
         progress: Progress | None = None) -> Hint:
    """The hint after ``actions`` from the board ``start``: the next action
    of the winning line in force (:mod:`harp.solve.hints`); no work goes to
    looking for a shorter line (a hint shows one action at a time).
    ``actions`` is a list of actions or tokens (a script as one ``str`` is
    a TypeError: ``start.parse_script(text)`` reads it); a ``u`` among
    them undoes as it would on ``start``, whose history the copy keeps.
    ``progress`` is told the positions of each search made."""
    _check_limits(limits)
    return Hints(limits, progress).after(start, actions)
