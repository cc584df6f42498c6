"""What ``harp solve`` and ``harp hint`` share: why a search stopped (the
position they start from is :mod:`harp.cli.position`'s)."""
from __future__ import annotations

from harp.solve import SolveLimits, SolveResult


def limit_text(result: SolveResult, limits: SolveLimits) -> str:
    """Which limit stopped the search, e.g. ``max states 1000 reached``."""
    if result.states >= limits.max_states:
        return f"max states {limits.max_states} reached"
    return f"timeout {limits.timeout:g} s reached after {result.states} positions"
