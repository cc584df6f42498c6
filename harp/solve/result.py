"""What a solver answers, and the one set of search limits.

The outcomes are ``solved`` (with a script in canonical notation, RULES B7),
``unsolvable`` (the search was exhaustive under pruning proved sound next
to its code) and ``unknown`` (a limit was hit: :attr:`SolveResult.stopped_by`
says which).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from harp.errors import HarpError, a_number

from .budget import POSITIONS, TIME, Progress

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"

__all__ = ["BATCH_LIMITS", "DEFAULT_LIMITS", "HINT_LIMITS", "POSITIONS", "SOLVED", "TIME",
           "UNKNOWN", "UNSOLVABLE", "Progress", "SolveLimits", "SolveResult"]


@dataclass(frozen=True)
class SolveLimits:
    """How far one search may go, in work that every machine counts alike:
    ``max_states`` positions to decide, and ``line_states`` positions more
    that an Easy Harp solver may search, once it has a win, for a shorter
    line.  ``timeout`` (seconds of wall-clock time, None: none) is only a
    safety net: a result it cuts says ``stopped_by`` ``"time"``, and is
    not reproducible.

    Checked when made (and by ``dataclasses.replace``), as the command
    line's options are: ``max_states`` a whole number of at least 1,
    ``line_states`` of at least 0, ``timeout`` None or a finite number of
    seconds above 0; a value out of range is a HarpError, a value of
    another type (``bool``, ``str``, None for a count) a TypeError."""

    max_states: int = 5_000_000
    line_states: int = 0
    timeout: float | None = None

    def __post_init__(self) -> None:
        for name, least in (("max_states", 1), ("line_states", 0)):
            value = getattr(self, name)
            if type(value) is not int:
                raise TypeError(f"{name} is a whole number (int), not {type(value).__name__}")
            if value < least:
                raise HarpError(f"{name} must be at least {least}, not {a_number(value)}")
        timeout = self.timeout
        if timeout is not None:
            if type(timeout) not in (int, float):
                raise TypeError(f"timeout is a number of seconds or None, "
                                f"not {type(timeout).__name__}")
            if not (math.isfinite(timeout) and timeout > 0):
                raise HarpError(f"timeout must be a finite number of seconds above 0 "
                                f"(or None: no safety net), not {timeout}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: ``harp stats --solve`` and ``harp generate --solve``: per deal of a
#: batch of thousands, where the verdict matters more than the line: no
#: line search.  A batch's time is its typical deal's, not its limit's
#: (Easy Harp deals 1-10 000: a median of 0.045 s), so the limit only
#: decides what the rare hard deal gets: every deal of 1-10 000 and all
#: but one of 30 001-40 000 are won within 2 000 000 positions, and that
#: one, 35497, at 4 558 560 (benchmarks/NOTES.md).  The searches' tables
#: are capped, not the budget, so a larger budget costs time, not memory.
BATCH_LIMITS = SolveLimits()
#: ``harp solve``: one position, a patient user who will read the line:
#: the batch's positions, then a search for a shorter line.
DEFAULT_LIMITS = replace(BATCH_LIMITS, line_states=60_000)
#: The interactive game's ``hint`` and ``harp hint``: an answer within a
#: second or two of CPU (benchmarks/follow.py: from the openings of deals
#: 1-20 and after 20-60 random actions, a median of 0.12 s; 35 000
#: positions left 5 of those 40 positions without a line, 60 000 took up
#: to 3.3 s).
HINT_LIMITS = SolveLimits(max_states=50_000)


@dataclass
class SolveResult:
    """What a solver found: outcome, winning actions (canonical tokens),
    positions searched in all and up to the verdict (the rest went to
    looking for a shorter line), CPU seconds (``time.process_time``), what
    stopped the search when a limit did (``"positions"`` or ``"time"``: a
    verdict or line cut by the clock), and the limits it ran under."""

    outcome: str
    actions: list[str] = field(default_factory=list)
    states: int = 0
    verdict_states: int | None = None
    stopped_by: str | None = None
    cpu_seconds: float = 0.0
    limits: SolveLimits | None = None

    def __post_init__(self) -> None:
        if self.verdict_states is None:
            self.verdict_states = self.states

    @property
    def solved(self) -> bool:
        return self.outcome == SOLVED

    def script(self) -> str:
        return " ".join(self.actions)

    def limit_text(self) -> str:
        """Which limit stopped the search, e.g. ``max states 1000 reached``."""
        if self.stopped_by == TIME:
            timeout = self.limits.timeout if self.limits and self.limits.timeout is not None else 0
            return f"the {timeout:g} s safety net ran out after {self.states} positions"
        return f"max states {self.limits.max_states if self.limits else self.states} reached"

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data: outcome, script (the actions as one
        line), length, how many of its actions are draws (``d``, Easy Harp,
        RULES B6), positions searched in all and to the verdict, what
        stopped it, CPU seconds (to 0.1 ms) and the limits."""
        return {"outcome": self.outcome, "script": self.script(), "length": len(self.actions),
                "draws": self.actions.count("d"), "states": self.states,
                "verdict_states": self.verdict_states, "stopped_by": self.stopped_by,
                "cpu_seconds": round(self.cpu_seconds, 4),
                "limits": self.limits.to_dict() if self.limits else None}
