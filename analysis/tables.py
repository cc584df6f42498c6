"""Tables of ``harp stats``: measure summaries, distributions, solver outcomes.

Results are folded into counters of values, so the tables are exact and
their memory does not grow with the number of deals.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from harp.deals import VARIANTS

from .measures import MEASURES
from .scoring import median_of_counts

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


@dataclass
class SolveStats:
    outcomes: Counter[str] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    states: int = 0
    max_states: int = 0
    #: CPU seconds, of the results that record them (an earlier harp
    #: stored wall-clock seconds, which are not counted here).
    timed: int = 0
    cpu_seconds: float = 0.0
    max_cpu_seconds: float = 0.0

    def add(self, data: dict[str, Any]) -> None:
        self.outcomes[data["outcome"]] += 1
        if data.get("length") is not None:
            self.lengths[data["length"]] += 1
        self.states += data.get("states", 0)
        self.max_states = max(self.max_states, data.get("states", 0))
        if "cpu_seconds" in data:
            self.timed += 1
            self.cpu_seconds += data["cpu_seconds"]
            self.max_cpu_seconds = max(self.max_cpu_seconds, data["cpu_seconds"])

    def to_dict(self) -> dict[str, Any]:
        deals = sum(self.outcomes.values())
        solved = sum(self.lengths.values())
        return {
            "deals": deals,
            **{outcome: self.outcomes[outcome] for outcome in OUTCOMES},
            # (rounded down, to 0.01 %: it reads 100 only when every deal is won)
            "won_pct": 10_000 * self.outcomes["solved"] // deals / 100 if deals else None,
            "mean_length": round(sum(k * n for k, n in self.lengths.items()) / solved, 1)
            if solved else None,
            "median_length": median_of_counts(self.lengths),
            "mean_states": round(self.states / deals) if deals else None,
            "max_states": self.max_states,
            "mean_cpu_seconds": round(self.cpu_seconds / self.timed, 3) if self.timed else None,
            "max_cpu_seconds": round(self.max_cpu_seconds, 3) if self.timed else None,
            "total_cpu_seconds": round(self.cpu_seconds, 1) if self.timed else None,
        }


class StatsTables:
    """Per game and variant: a counter of values per measure, and solver stats."""

    def __init__(self) -> None:
        self.layout: dict[Group, dict[str, Counter[int]]] = defaultdict(lambda: defaultdict(Counter))
        self.solve: dict[Group, SolveStats] = defaultdict(SolveStats)

    def add(self, game: str, variant: str, kind: str, data: dict[str, Any]) -> None:
        if kind == "layout":
            measures = self.layout[(game, variant)]
            for name, value in data.items():
                measures[name][value] += 1
        elif kind == "solve":
            self.solve[(game, variant)].add(data)

    def groups(self) -> list[Group]:
        return sorted(set(self.layout) | set(self.solve), key=_group_order)

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
        """Every value of one measure: deals with that value, share, a bar."""
        rows = []
        for group in self.groups():
            counts = self.layout.get(group, {}).get(measure)
            if not counts:
                continue
            total, top = sum(counts.values()), max(counts.values())
            for value in range(min(counts), max(counts) + 1):
                n = counts.get(value, 0)
                rows.append({"game": group[0], "variant": group[1], "measure": measure,
                             "value": value, "deals": n, "pct": round(100 * n / total, 1),
                             "bar": "#" * round(30 * n / top)})
        return rows

    def solve_rows(self) -> list[dict[str, Any]]:
        return [{"game": g, "variant": v, **self.solve[(g, v)].to_dict()}
                for g, v in self.groups() if (g, v) in self.solve]

    def measures(self) -> list[str]:
        names: dict[str, None] = {}
        for group in self.groups():
            names.update(dict.fromkeys(_measure_order(group[0], self.layout.get(group, {}))))
        return list(names)


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
