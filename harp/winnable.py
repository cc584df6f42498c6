"""Can this deal be won?  From the atlases, else from the solver.

Seahaven's verdicts are looked up in the packaged atlas (:mod:`harp.atlas`):
every deal, all three variants, decided ahead of time.  Easy Harp's are
looked up in its atlas (:mod:`harp.ehatlas`) for the deals 1..K it covers
(an ``unknown`` there was not decided within the build's limits); the
other deals are decided on demand by :func:`harp.solve.solve` within a
limit of positions, and the answer may be ``unknown``.  Proved lost Easy
Harp deals are rare (the atlas has three), so without the atlas, looking
for one on demand almost always ends at the limit.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .atlas import cells_of, seahaven_atlas
from .deals import EASY_HARP, MAX_DEAL, SEAHAVEN, VARIANTS, DealCode, make_code, variant_name
from .ehatlas import LOST, OUTCOMES, WON, EasyHarpAtlas, easy_harp_atlas
from .solve.budget import TIME, Budget, Progress
from .solve.result import SolveLimits

#: The solver's limits when a command decides an Easy Harp deal on demand
#: (a few seconds: deals 1-10 000 have a median of 4 000 positions).
DECIDE_LIMITS = SolveLimits(max_states=300_000)
#: Random Easy Harp deals get at least this many tries within the limits.
TRIES_IN_LIMITS = 4


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
    #: Whether the safety net's clock ended the search (not the positions).
    late: bool = False

    def add(self, outcome: str) -> None:
        self.tried[outcome] = self.tried.get(outcome, 0) + 1

    def summary(self) -> str:
        total = sum(self.tried.values())
        parts = ", ".join(f"{n} {outcome}" for outcome, n in sorted(self.tried.items()))
        return f"{total} deal{'s' * (total != 1)} tried" + (f": {parts}" if parts else "")


def seahaven_verdicts(number: int, limits: SolveLimits = DECIDE_LIMITS) -> dict[str, Verdict]:
    """Won or not with 4, 2 and 1 cells (most cells first): from the atlas,
    or from the solver for a deal the atlas does not cover."""
    atlas = seahaven_atlas()
    variants = VARIANTS[SEAHAVEN]
    if atlas.covers(number):
        return {v: Verdict("solved" if atlas.won(v, number) else "unsolvable", "atlas")
                for v in variants}
    return {v: decide(make_code(SEAHAVEN, number, cells_of(v)), limits) for v in variants}


def easy_harp_covered(number: int) -> EasyHarpAtlas | None:
    """The Easy Harp atlas if it covers deal ``number``, else None."""
    atlas = easy_harp_atlas()
    return atlas if atlas is not None and atlas.covers(number) else None


def easy_harp_verdict(number: int) -> Verdict | None:
    """The Easy Harp atlas's verdict on a deal; None if it does not cover it."""
    atlas = easy_harp_covered(number)
    if atlas is None:
        return None
    verdict = atlas.verdict(number)
    note = ("" if verdict != "unknown" else
            f"not decided within {atlas.limits_of(number)['max_states']} positions")
    return Verdict(OUTCOMES[verdict], "atlas", note)


def fewest_cells(verdicts: dict[str, Verdict]) -> int | str | None:
    """The fewest cells a Seahaven deal needs (1, 2, 4), None if it cannot
    be won, ``unknown`` if a verdict that would decide it is unknown."""
    for variant in sorted(verdicts, key=cells_of):
        if verdicts[variant].outcome == "unknown":
            return "unknown"
        if verdicts[variant].outcome == "solved":
            return cells_of(variant)
    return None


def decide(code: DealCode, limits: SolveLimits = DECIDE_LIMITS,
           progress: Progress | None = None) -> Verdict:
    """Solve a deal within ``limits``; a claimed win is replayed by the
    engine before it counts.  ``progress`` is told the positions searched."""
    return _decided(code, limits, progress)[0]


def _decided(code: DealCode, limits: SolveLimits,
             progress: Progress | None = None) -> tuple[Verdict, int]:
    """:func:`decide`'s verdict and the positions it took."""
    from .games import new_board
    from .solve import replays_to_won, solve

    board = new_board(code)
    # Only the verdict is kept: no work goes to looking for a shorter line.
    result = solve(board, replace(limits, line_states=0), progress)
    if result.outcome == "solved" and not replays_to_won(board, result):
        return Verdict("unknown", "solver", "the solver's line did not replay to a win"), result.states
    if result.outcome == "unknown":
        return Verdict("unknown", "solver", result.limit_text()), result.states
    return Verdict(result.outcome, "solver"), result.states


def random_seahaven_deal(cells: int, winnable: bool, fewest: int | None,
                         rng: random.Random | None = None) -> DealCode:
    """A random Seahaven deal, won (or not) with ``cells`` cells and, given
    ``fewest``, needing exactly that many cells; drawn uniformly from the atlas."""
    number = seahaven_atlas().random_deal(rng or random.Random(), variant_name(SEAHAVEN, cells),
                                          winnable, fewest)
    return make_code(SEAHAVEN, number, cells)


def random_easy_harp_atlas_deal(winnable: bool, rng: random.Random | None = None
                                ) -> DealCode | None:
    """A random Easy Harp deal of the atlas, won (or proved lost); None
    when harp ships no Easy Harp atlas; AtlasError when none of its deals
    is of that kind."""
    atlas = easy_harp_atlas()
    if atlas is None:
        return None
    return make_code(EASY_HARP, atlas.random_deal(rng or random.Random(),
                                                  WON if winnable else LOST))


def random_easy_harp_deal(winnable: bool, limits: SolveLimits = DECIDE_LIMITS,
                          rng: random.Random | None = None) -> tuple[DealCode | None, Search]:
    """Random Easy Harp deals, each solved within a quarter of the limits'
    positions, until one is won (or proved unsolvable) or the deals tried
    have used ``limits.max_states`` positions in all (or the limits'
    safety net, ``timeout``, has run out); None if none was found."""
    rng = rng or random.Random()
    search = Search()
    # A share of the positions each, so that one hard deal cannot use them all.
    share = replace(limits, max_states=max(1, limits.max_states // TRIES_IN_LIMITS))
    budget = Budget(limits.max_states, limits.timeout)
    while not budget.spent and not budget.late():
        code = make_code(EASY_HARP, rng.randint(1, MAX_DEAL))
        verdict, states = _decided(code, share)
        budget.spend(max(1, states))
        search.add(verdict.outcome)
        if verdict.outcome == ("solved" if winnable else "unsolvable"):
            return code, search
    search.late = budget.stopped_by == TIME
    return None, search
