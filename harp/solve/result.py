"""What a solver answers, and the one set of search limits.

The outcomes are ``solved`` (with a script in canonical notation, RULES B7),
``unsolvable`` (the search was exhaustive under pruning proved sound next
to its code) and ``unknown`` (a limit was hit).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"

#: A search's progress callback: told the positions searched so far, now
#: and then (a display; it must not raise).
Progress = Callable[[int], None]


@dataclass(frozen=True)
class SolveLimits:
    """How far one search may go: positions searched and seconds; and the
    seconds an Easy Harp solver may go on, once it has a win, looking for a
    shorter line (never past the timeout)."""

    max_states: int = 2_000_000
    timeout: float | None = 60.0
    line_search: float = 2.0


#: ``harp solve``: one position, a patient user who will read the line.
DEFAULT_LIMITS = SolveLimits()
#: ``harp stats --solve`` and ``harp generate --solve``: per deal of a
#: batch of thousands, where the verdict matters more than the line: no
#: line search, and otherwise ``harp solve``'s limits.  A batch's time is
#: its typical deal's, not its limit's (Easy Harp deals 1-10 000: a median
#: of 0.045 s, 99.99 % within 10 s), so the limit only decides what the
#: rare hard deal gets: at 10 s a deal, 6301 and 1634 of 1-10 000 were cut
#: off at the line, a few tenths of a second short of their wins, and
#: every deal of 1-10 000 is won within 60 s (benchmarks/NOTES.md).
BATCH_LIMITS = replace(DEFAULT_LIMITS, line_search=0.0)
#: The interactive game's ``hint`` and ``harp hint``: an answer within 3 s.
#: The search stops at 2.4 s; a win found just before that is still made
#: into a script (shortened for up to half a second more, then played out).
HINT_LIMITS = SolveLimits(max_states=300_000, timeout=2.4, line_search=0.0)


@dataclass
class SolveResult:
    """What a solver found: outcome, winning actions (canonical tokens),
    positions searched and seconds spent; ``verdict_seconds`` and
    ``verdict_states`` are when the outcome was known (the rest went to
    looking for a shorter line)."""

    outcome: str
    actions: list[str] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    verdict_seconds: float | None = None
    verdict_states: int | None = None

    def __post_init__(self) -> None:
        if self.verdict_seconds is None:
            self.verdict_seconds = self.seconds
        if self.verdict_states is None:
            self.verdict_states = self.states

    @property
    def solved(self) -> bool:
        return self.outcome == SOLVED

    def script(self) -> str:
        return " ".join(self.actions)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data: outcome, script (the actions as one
        line), length, how many of its actions are draws (``d``, Easy Harp,
        RULES B6), positions searched, and seconds to the verdict and in
        all (to 0.1 ms)."""
        return {"outcome": self.outcome, "script": self.script(), "length": len(self.actions),
                "draws": self.actions.count("d"), "states": self.states,
                "verdict_seconds": round(self.verdict_seconds or 0.0, 4),
                "seconds": round(self.seconds, 4)}
