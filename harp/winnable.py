"""Can this deal be won?  Seahaven from the atlas, Easy Harp from the solver.

Seahaven's verdicts are looked up in the packaged atlas (:mod:`harp.atlas`):
every deal, all three variants, decided ahead of time.  Easy Harp has no
atlas yet: its deals are decided on demand by :func:`harp.solve.solve`
within a time limit, and the answer may be ``unknown``.  No Easy Harp deal
has ever been proved unsolvable, so looking for one ends at the limit.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from .atlas import cells_of, seahaven_atlas
from .deals import EASY_HARP, MAX_DEAL, SEAHAVEN, VARIANTS, DealCode, make_code, variant_name

#: Seconds the Easy Harp solver may spend when a command decides on demand.
EASY_HARP_TIMEOUT = 10.0
#: Random Easy Harp deals get at least this many tries within the time limit.
TRIES_IN_TIME = 4


@dataclass
class Verdict:
    """Whether a deal can be won: ``solved``, ``unsolvable`` or ``unknown``,
    and where the answer comes from (``atlas`` or ``solver``)."""

    outcome: str
    source: str
    note: str = ""

    @property
    def word(self) -> str:
        return {"solved": "yes", "unsolvable": "no"}.get(self.outcome, "unknown")


@dataclass
class Search:
    """Deals tried while looking for a deal on demand, by solver outcome."""

    tried: dict[str, int] = field(default_factory=dict)

    def add(self, outcome: str) -> None:
        self.tried[outcome] = self.tried.get(outcome, 0) + 1

    def summary(self) -> str:
        total = sum(self.tried.values())
        parts = ", ".join(f"{n} {outcome}" for outcome, n in sorted(self.tried.items()))
        return f"{total} deal{'s' * (total != 1)} tried" + (f": {parts}" if parts else "")


def seahaven_verdicts(number: int, timeout: float = EASY_HARP_TIMEOUT) -> dict[str, Verdict]:
    """Won or not with 4, 2 and 1 cells (most cells first): from the atlas,
    or from the solver for a deal the atlas does not cover."""
    atlas = seahaven_atlas()
    variants = VARIANTS[SEAHAVEN]
    if atlas.covers(number):
        return {v: Verdict("solved" if atlas.won(v, number) else "unsolvable", "atlas")
                for v in variants}
    return {v: decide(make_code(SEAHAVEN, number, cells_of(v)), timeout) for v in variants}


def fewest_cells(verdicts: dict[str, Verdict]) -> int | str | None:
    """The fewest cells a Seahaven deal needs (1, 2, 4), None if it cannot
    be won, ``unknown`` if a verdict that would decide it is unknown."""
    for variant in sorted(verdicts, key=cells_of):
        if verdicts[variant].outcome == "unknown":
            return "unknown"
        if verdicts[variant].outcome == "solved":
            return cells_of(variant)
    return None


def decide(code: DealCode, timeout: float = EASY_HARP_TIMEOUT) -> Verdict:
    """Solve a deal within ``timeout`` seconds; a claimed win is replayed
    by the engine before it counts."""
    from .games import new_board
    from .solve import DEFAULT_LIMITS, SolveLimits, replays_to_won, solve

    board = new_board(code)
    # Only the verdict is kept: no time goes to looking for a shorter line.
    result = solve(board, SolveLimits(DEFAULT_LIMITS.max_states, timeout, line_search=0.0))
    if result.outcome == "solved" and not replays_to_won(board, result):
        return Verdict("unknown", "solver", "the solver's line did not replay to a win")
    if result.outcome == "unknown":
        reason = (f"max states {DEFAULT_LIMITS.max_states} reached"
                  if result.states >= DEFAULT_LIMITS.max_states else f"{timeout:g} s limit reached")
        return Verdict("unknown", "solver", reason)
    return Verdict(result.outcome, "solver")


def random_seahaven_deal(cells: int, winnable: bool, fewest: int | None,
                         rng: random.Random | None = None) -> DealCode:
    """A random Seahaven deal, won (or not) with ``cells`` cells and, given
    ``fewest``, needing exactly that many cells; drawn uniformly from the atlas."""
    number = seahaven_atlas().random_deal(rng or random.Random(), variant_name(SEAHAVEN, cells),
                                          winnable, fewest)
    return make_code(SEAHAVEN, number, cells)


def random_easy_harp_deal(winnable: bool, timeout: float = EASY_HARP_TIMEOUT,
                          rng: random.Random | None = None) -> tuple[DealCode | None, Search]:
    """Random Easy Harp deals, each solved within a quarter of ``timeout``,
    until one is won (or proved unsolvable) or ``timeout`` seconds have
    gone; None if none was found."""
    rng = rng or random.Random()
    search = Search()
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        code = make_code(EASY_HARP, rng.randint(1, MAX_DEAL))
        # A share of the time each, so that one hard deal cannot use it all.
        verdict = decide(code, min(left, timeout / TRIES_IN_TIME))
        search.add(verdict.outcome)
        if verdict.outcome == ("solved" if winnable else "unsolvable"):
            return code, search
    return None, search
