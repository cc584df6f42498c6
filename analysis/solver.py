"""One front door for both solvers (issue 5): ``solve`` and ``hint``.

``solve(board)`` searches from the board's *current* position and answers
``solved`` (with a script in canonical notation, RULES B7), ``unsolvable``
(the search was exhaustive under sound pruning) or ``unknown`` (a limit was
hit).  The game-specific searches live in ``analysis.solve_sh`` (Seahaven,
RULES A2) and ``analysis.solve_eh`` (Easy Harp, RULES A1).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
DEFAULT_MAX_STATES = 2_000_000
DEFAULT_TIMEOUT = 60.0


@dataclass
class SolveResult:
    """What a solver found: outcome, winning actions (canonical tokens),
    positions searched and seconds spent."""

    outcome: str
    actions: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0

    @property
    def solved(self) -> bool:
        return self.outcome == SOLVED

    def script(self) -> str:
        return " ".join(self.actions)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["script"] = self.script()
        data["length"] = len(self.actions)
        return data


def solve(board: Any, max_states: int = DEFAULT_MAX_STATES,
          timeout: float | None = DEFAULT_TIMEOUT) -> SolveResult:
    """Decide the board's current position (dispatch on ``board.code.game``)."""
    if board.code.game == "SH":
        from .solve_sh import solve_seahaven
        return solve_seahaven(board, max_states=max_states, timeout=timeout)
    from .solve_eh import solve_easy_harp
    return solve_easy_harp(board, max_states=max_states, timeout=timeout)


def replays_to_won(board: Any, result: SolveResult) -> bool:
    """Whether the result's actions, pushed on a copy of ``board``, win:
    a solution is never taken on the solver's word."""
    if not result.solved:
        return False
    replay = board.copy()
    try:
        replay.push_script(result.script())
    except ValueError:
        return False
    return replay.is_won


def hint(board: Any, max_states: int = DEFAULT_MAX_STATES,
         timeout: float | None = DEFAULT_TIMEOUT) -> tuple[SolveResult, str | None]:
    """The search result and the first action of a winning line (or None)."""
    result = solve(board, max_states=max_states, timeout=timeout)
    first = result.actions[0] if result.solved and result.actions else None
    return result, first
