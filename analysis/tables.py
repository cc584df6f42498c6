"""Tables of ``harp stats``: measure summaries, distributions, solver outcomes.

Results are folded into counters of values, so the tables are exact and
their memory does not grow with the number of deals.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from harp.deals import VARIANTS

from .measures import MEASURES
from .scoring import median_of_counts, pct_down, won_pct

BARS = "▁▂▃▄▅▆▇█"
EMPTY_BIN = "·"
HISTOGRAM_BINS = 16
OUTCOMES = ("solved", "unsolvable", "unknown")

Group = tuple[str, str]   # (game, variant)


def histogram(counts: Counter[int], bins: int = HISTOGRAM_BINS) -> str:
    """A one-line histogram from the smallest to the largest value: one
    character per value (or per equal range of values when there are more
    than ``bins``), its height proportional to the number of deals."""
    if not counts:
        return ""
    low, high = min(counts), max(counts)
    width = -(-(high - low + 1) // bins)
    heights = [0] * ((high - low) // width + 1)
    for value, n in counts.items():
        heights[(value - low) // width] += n
    top = max(heights)
    return "".join(BARS[(h * len(BARS) - 1) // top] if h else EMPTY_BIN for h in heights)


#: The per-deal measures of a solve, with what each one is.  ``length``,
#: ``draws``, ``score`` and ``difficulty`` are of won deals only.
SOLVE_MEASURES = {
    "length": "actions in the winning line",
    "draws": "draws (d) in the winning line (Easy Harp)",
    "score": "score of the winning line",
    "difficulty": "log10 of the positions searched before the first win",
    "states": "positions searched",
    "cpu_seconds": "CPU seconds of search (results that record them)",
}
#: Measures spread over several powers of ten: counted in bins of a
#: quarter of a power of ten (so that memory does not grow with the deals).
LOG_MEASURES = ("states", "cpu_seconds")
#: Below this, CPU seconds fall in the lowest bin.
LEAST_SECONDS = 1e-4
#: Difficulty bins: half a unit (a factor of about 3 in positions).
DIFFICULTY_BIN = 5
#: A distribution longer than this is shown in equal bins of several values.
MOST_ROWS = 24


def difficulty(positions: int) -> float:
    """The difficulty of a won deal: log10 of the positions the solver
    searched before its first win, to one decimal (1.0 is ten positions,
    3.0 a thousand); docs/batch.md, "Difficulty"."""
    return round(math.log10(max(1, positions)), 1)


def log_bin(value: float) -> int:
    """The quarter-power-of-ten bin of a positive value: 1 <= v < 1.78 is
    bin 0, 1.78 <= v < 3.16 bin 1, 10 <= v < 17.8 bin 4."""
    return math.floor(4 * math.log10(value) + 1e-9)


@dataclass
class SolveStats:
    outcomes: Counter[str] = field(default_factory=Counter)
    #: Won deals: a counter of values per measure (difficulty in tenths).
    won: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    #: Every deal: (log bin, won) -> deals, per log measure.  A won
    #: deal's positions are counted twice: in all (the line search's
    #: included) with ``won`` False, in the bin of its deciding search's
    #: positions (before its first win) with ``won`` True; a deal is solved
    #: within the budget its first win took, which a line search does not
    #: change.  (Its CPU seconds, not recorded before the first win, are
    #: counted in all.)
    bins: dict[str, Counter[tuple[int, bool]]] = field(
        default_factory=lambda: defaultdict(Counter))
    states: int = 0
    max_states: int = 0
    #: CPU seconds, of the results that record them (an earlier harp
    #: stored wall-clock seconds, which are not counted here).
    timed: int = 0
    cpu_seconds: float = 0.0
    max_cpu_seconds: float = 0.0

    @property
    def lengths(self) -> Counter[int]:
        return self.won["length"]

    def add(self, data: dict[str, Any]) -> None:
        self.outcomes[data["outcome"]] += 1
        solved = data.get("length") is not None
        if solved:
            for name in ("length", "draws", "score"):
                if data.get(name) is not None:
                    self.won[name][data[name]] += 1
            first = data.get("first_win_states", data.get("states"))
            if first is not None:
                self.won["difficulty"][round(10 * difficulty(first))] += 1
        states = data.get("states", 0)
        self.bins["states"][(log_bin(max(1, states)), False)] += 1
        if solved:
            first = data.get("first_win_states", states)
            self.bins["states"][(log_bin(max(1, first)), True)] += 1
        self.states += states
        self.max_states = max(self.max_states, states)
        if "cpu_seconds" in data:
            seconds = data["cpu_seconds"]
            self.bins["cpu_seconds"][(log_bin(max(LEAST_SECONDS, seconds)), False)] += 1
            if solved:
                self.bins["cpu_seconds"][(log_bin(max(LEAST_SECONDS, seconds)), True)] += 1
            self.timed += 1
            self.cpu_seconds += seconds
            self.max_cpu_seconds = max(self.max_cpu_seconds, seconds)

    def to_dict(self) -> dict[str, Any]:
        deals = sum(self.outcomes.values())
        solved = sum(self.lengths.values())
        tenths = self.won["difficulty"]
        median_tenths = median_of_counts(tenths)
        return {
            "deals": deals,
            **{outcome: self.outcomes[outcome] for outcome in OUTCOMES},
            "won_pct": won_pct(self.outcomes["solved"], deals) if deals else None,
            "mean_length": round(sum(k * n for k, n in self.lengths.items()) / solved, 1)
            if solved else None,
            "median_length": median_of_counts(self.lengths),
            "median_difficulty": None if median_tenths is None else round(median_tenths / 10, 2),
            "mean_states": round(self.states / deals) if deals else None,
            "most_states": self.max_states,
            "mean_cpu_seconds": round(self.cpu_seconds / self.timed, 3) if self.timed else None,
            "max_cpu_seconds": round(self.max_cpu_seconds, 3) if self.timed else None,
            "total_cpu_seconds": round(self.cpu_seconds, 3) if self.timed else None,
        }


class StatsTables:
    """Per game and variant: a counter of values per measure, solver stats,
    and, for deals with both, each measure's values by solver outcome."""

    def __init__(self) -> None:
        self.layout: dict[Group, dict[str, Counter[int]]] = defaultdict(lambda: defaultdict(Counter))
        self.solve: dict[Group, SolveStats] = defaultdict(SolveStats)
        #: (game, variant) -> measure -> value -> deals with a solver
        #: result (any outcome), and those of them the solver won: a
        #: value's win rate is of the deals that were solved, not of every
        #: deal a store has the layout of.
        self.judged_by: dict[Group, dict[str, Counter[int]]] = defaultdict(
            lambda: defaultdict(Counter))
        self.won_by: dict[Group, dict[str, Counter[int]]] = defaultdict(
            lambda: defaultdict(Counter))

    def add(self, game: str, variant: str, kind: str, data: dict[str, Any]) -> None:
        if kind == "layout":
            measures = self.layout[(game, variant)]
            for name, value in data.items():
                measures[name][value] += 1
        elif kind == "solve":
            self.solve[(game, variant)].add(data)

    def add_deal(self, game: str, variant: str, results: dict[str, dict[str, Any]]) -> None:
        """Every kind of result of one deal; with both, its layout measures
        are also counted by whether the solver won it."""
        for kind, data in results.items():
            self.add(game, variant, kind, data)
        layout, solve = results.get("layout"), results.get("solve")
        if layout is not None and solve is not None:
            judged, won = self.judged_by[(game, variant)], self.won_by[(game, variant)]
            solved = solve.get("outcome") == "solved"
            for name, value in layout.items():
                judged[name][value] += 1
                if solved:
                    won[name][value] += 1

    def groups(self) -> list[Group]:
        return sorted(set(self.layout) | set(self.solve), key=_group_order)

    def deals(self, group: Group, solver: bool) -> int:
        """How many deals the group's table counts: those with a solver
        result (``solver``), or with a layout."""
        if solver:
            stats = self.solve.get(group)
            return sum(stats.outcomes.values()) if stats else 0
        measures = self.layout.get(group)
        return sum(next(iter(measures.values())).values()) if measures else 0

    def measure_rows(self) -> list[dict[str, Any]]:
        """Per group and measure: deals, mean, min, median, max, histogram."""
        rows = []
        for group in self.groups():
            measures = self.layout.get(group, {})
            for name in _measure_order(group[0], measures):
                rows.append({"game": group[0], "variant": group[1], "measure": name,
                             **_distribution_summary(measures[name])})
        return rows

    def distribution_rows(self, measure: str) -> list[dict[str, Any]]:
        """Every value (or range of values) of one measure: deals, share,
        cumulative share; the solver's win rate for a layout measure when
        the deals were solved too; the share of every deal won within each
        bin's end for positions and seconds (solved within that budget)."""
        rows = []
        for group in self.groups():
            for row in self._distribution(group, measure):
                rows.append({"game": group[0], "variant": group[1], "measure": measure, **row})
        return rows

    def _distribution(self, group: Group, measure: str) -> list[dict[str, Any]]:
        if measure in LOG_MEASURES:
            stats = self.solve.get(group)
            return log_rows(stats.bins[measure], measure) if stats else []
        if measure in SOLVE_MEASURES:
            stats = self.solve.get(group)
            counts = stats.won[measure] if stats else Counter()
            if measure == "difficulty":
                return value_rows(counts, None, width=DIFFICULTY_BIN, scale=10)
            return value_rows(counts, None)
        counts = self.layout.get(group, {}).get(measure, Counter())
        if group not in self.solve:
            return value_rows(counts, None)
        return value_rows(counts, self.won_by[group][measure], self.judged_by[group][measure])

    def solve_rows(self) -> list[dict[str, Any]]:
        return [{"game": g, "variant": v, **self.solve[(g, v)].to_dict()}
                for g, v in self.groups() if (g, v) in self.solve]

    def measures(self, solver: bool = True) -> list[str]:
        """The measures there are values of: layout measures, then the
        solver's (with ``solver``)."""
        names: dict[str, None] = {}
        for group in self.groups():
            names.update(dict.fromkeys(_measure_order(group[0], self.layout.get(group, {}))))
        if solver and any(stats.outcomes for stats in self.solve.values()):
            names.update(dict.fromkeys(SOLVE_MEASURES))
        return list(names)


def table_columns(dist: str | None, solve: bool, solved: bool) -> list[str]:
    """The columns of the table ``harp stats`` prints, known before any
    deal is computed: ``dist``'s distribution, else the solver's outcomes
    (``solve``), else the layout measures; a layout measure's distribution
    has ``won_pct`` when the deals were ``solved`` too.  Made by the
    functions that make the rows, so that the two cannot differ."""
    one = Counter({0: 1})
    if dist is None:
        if solve:
            return ["game", "variant", *SolveStats().to_dict()]
        return ["game", "variant", "measure", *_distribution_summary(one)]
    if dist in LOG_MEASURES:
        row = log_rows(Counter({(0, False): 1}), dist)[0]
    else:
        row = value_rows(one, Counter() if solved and dist not in SOLVE_MEASURES else None)[0]
    return ["game", "variant", "measure", *row]


# ------------------------------------------------------------------ distributions

def value_rows(counts: Counter[int], won: Counter[int] | None,
               judged: Counter[int] | None = None, width: int | None = None,
               scale: int = 1) -> list[dict[str, Any]]:
    """Rows of a distribution of whole numbers (``scale`` 10: tenths),
    one per value, or per range of ``width`` values when there are more
    than :data:`MOST_ROWS` values: ``value`` (the range's first), ``high``
    (its last), deals, pct, cum_pct, and ``won_pct`` with ``won``: the
    share won of the ``judged`` deals of the row (those with a solver
    result; every deal of the row without ``judged``), none when it has
    none."""
    if not counts:
        return []
    low, high = min(counts), max(counts)
    if width is None:
        width = max(1, -(-(high - low + 1) // MOST_ROWS))
    low -= low % width
    total, seen, rows = sum(counts.values()), 0, []
    for start in range(low, high + 1, width):
        values = range(start, start + width)
        n = sum(counts.get(v, 0) for v in values)
        seen += n
        row = {"value": _scaled(start, scale), "high": _scaled(start + width - 1, scale),
               "deals": n, "pct": pct_down(n, total, 1),
               "cum_pct": pct_down(seen, total, 1)}
        if won is not None:
            wins = sum(won.get(v, 0) for v in values)
            tried = n if judged is None else sum(judged.get(v, 0) for v in values)
            row["won_pct"] = pct_down(wins, tried, 1) if tried else None
        rows.append(row)
    return rows


def _scaled(value: int, scale: int) -> int | float:
    return value if scale == 1 else round(value / scale, 1)


def log_rows(bins: Counter[tuple[int, bool]], measure: str) -> list[dict[str, Any]]:
    """Rows of a quarter-power-of-ten distribution of every deal: the
    bin's range, deals, pct, cum_pct, and ``solved_within_pct``: the share
    of all deals the solver won within the bin's end (positions or seconds
    of search), the cumulative solved-within-budget curve.  ``bins``: the
    deals by bin of their whole search (``False``) and the won ones by bin
    of the work to their first win (``True``): :attr:`SolveStats.bins`."""
    if not bins:
        return []
    total = sum(n for (_, won), n in bins.items() if not won)
    first, last = min(b for b, _ in bins), max(b for b, _ in bins)
    seen = won = 0
    rows = []
    for b in range(first, last + 1):
        n = bins.get((b, False), 0)
        seen += n
        won += bins.get((b, True), 0)
        low, high = _bin_bounds(b, measure)
        rows.append({"value": low, "high": high, "deals": n, "pct": pct_down(n, total, 1),
                     "cum_pct": pct_down(seen, total, 1),
                     "solved_within_pct": pct_down(won, total, 1)})
    return rows


def _first_in_bin(b: int) -> int:
    """The least whole number of log bin ``b`` or above."""
    value = max(1, math.ceil(10 ** (b / 4)) - 1)
    while log_bin(value) < b:
        value += 1
    return value


def _bin_bounds(b: int, measure: str) -> tuple[int | float, int | float]:
    """A log bin's first and last whole number (positions), or its ends in
    seconds to three significant digits."""
    if measure == "states":
        return _first_in_bin(b), _first_in_bin(b + 1) - 1
    return float(f"{10 ** (b / 4):.3g}"), float(f"{10 ** ((b + 1) / 4):.3g}")


def _distribution_summary(counts: Counter[int]) -> dict[str, Any]:
    deals = sum(counts.values())
    return {
        "deals": deals,
        "mean": round(sum(v * n for v, n in counts.items()) / deals, 2),
        "min": min(counts),
        "median": median_of_counts(counts),
        "max": max(counts),
        "histogram": histogram(counts),
    }


def _measure_order(game: str, measures: dict[str, Any]) -> list[str]:
    known = [m for m in MEASURES.get(game, ()) if m in measures]
    return known + sorted(m for m in measures if m not in known)


def _group_order(group: Group) -> tuple[int, int]:
    games = list(VARIANTS)
    game, variant = group
    g = games.index(game) if game in games else len(games)
    variants = VARIANTS.get(game, ())
    return g, variants.index(variant) if variant in variants else len(variants)
