"""The solvers' front door: ``solve``, ``hint``, ``SolveResult``, ``SolveLimits``.

``solve(board)`` searches from the board's *current* position (a copy; the
board is not changed).  The searches are apart from the engine's move
generation: :mod:`harp.solve.seahaven.solver` (RULES A2) and
:mod:`harp.solve.easyharp.solver` (RULES A1), each with its pruning rules proved
next to their code.  A win is never taken on a solver's word:
:func:`replays_to_won` pushes it on the engine.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from harp.errors import HarpError

from .easyharp import solve_easy_harp
from .result import (BATCH_LIMITS, DEFAULT_LIMITS, HINT_LIMITS, SOLVED, UNKNOWN, UNSOLVABLE,
                     Progress, SolveLimits, SolveResult)
from .seahaven import solve_seahaven

__all__ = ["BATCH_LIMITS", "DEFAULT_LIMITS", "HINT_LIMITS", "SOLVED", "UNKNOWN", "UNSOLVABLE",
           "SolveLimits", "SolveResult", "hint", "replayed_win", "replays_to_won", "solve"]


def solve(board: Any, limits: SolveLimits = DEFAULT_LIMITS,
          progress: Progress | None = None) -> SolveResult:
    """Decide the board's current position (dispatch on ``board.code.game``);
    ``progress``, if given, is told the positions searched now and then."""
    if board.code.game == "SH":
        return solve_seahaven(board, limits, progress)
    return solve_easy_harp(board, limits, progress)


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


def hint(board: Any, limits: SolveLimits = DEFAULT_LIMITS,
         progress: Progress | None = None) -> tuple[SolveResult, str | None]:
    """The search result and the first action of a winning line (or None);
    no time goes to looking for a shorter line (only its first action is
    shown)."""
    result = solve(board, replace(limits, line_search=0.0), progress)
    first = result.actions[0] if result.solved and result.actions else None
    return result, first
