"""Where an Easy Harp decide-only solve spends its CPU, search by search.

Run: ``.venv/bin/python benchmarks/phases.py [--deals 1-300]``; like every
benchmark it needs the test install of the checkout (the README's second
line: ``pip install -e '.[test]'``; benchmarks/common.py).

The solver (:mod:`harp.solve.easyharp.solver`) runs a portfolio: a first
depth-first run, a first sound search, then the fast runs in turn (beams
under each order, depth-first restarts, slices of the best-first
searches), then the sound search again.  This script solves each deal at
the batch limits, as ``harp stats --solve`` does, with each of those runs
timed (``time.process_time``) and its positions and outcome noted, and
prints per kind of run: CPU seconds and share of the whole, positions, CPU
microseconds per position, and the deals it won.  "script" is the rest:
the winning line shortened and turned into actions, and the setup.
The searches run compiled when the core is built
(:mod:`harp.solve.easyharp.core`); ``HARP_PURE=1`` times the pure ones.

The runs are timed by wrapping the solver module's functions, so the
solver makes the same positions as without it (the script checks the
positions against an unwrapped solve of the first deal).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import use_checkout  # noqa: E402

use_checkout()

from solve import parse_range  # noqa: E402  (benchmarks/solve.py)


def run_kind(run) -> str:
    """What a fast run is: a depth-first restart, or its best-first
    search's order, or its beam's (plain: no cap of children per parent)."""
    if "dfs" in run.__qualname__:
        return "depth-first restart"
    cells = {name: cell.cell_contents
             for name, cell in zip(run.__code__.co_freevars, run.__closure__ or ())}
    if "search" in cells:
        return f"best-first {_order(cells['search'].score)}"
    if "score" in cells:
        plain = " (plain)" if cells.get("per_parent") == 0 else ""
        return f"beam {_order(cells['score'])}{plain}"
    return run.__qualname__


def _order(score) -> str:
    inner = getattr(score, "score", None)      # a Novelty order
    return f"novelty({inner.__name__})" if inner is not None else score.__name__


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--deals", type=parse_range, default=parse_range("1-300"))
    args = parser.parse_args()

    from harp import new_board
    from harp.deals import make_code
    from harp.solve import BATCH_LIMITS, solve
    import harp.solve.easyharp.solver as solver

    first = args.deals[0]
    plain = solve(new_board(make_code("eh", first, 0)), BATCH_LIMITS).states
    log: list[tuple[str, int, float, str]] = []

    def timed(kind: str, function):
        def call(*a, **k):
            start = time.process_time()
            found = function(*a, **k)
            log.append((kind, found.states, time.process_time() - start, found.outcome))
            return found
        return call

    fast_runs = solver._fast_runs
    solver.fast_depth_first = timed("first depth-first", solver.fast_depth_first)
    solver.sound_search = timed("sound search", solver.sound_search)
    solver._fast_runs = lambda root: (timed(run_kind(run), run) for run in fast_runs(root))

    seconds, positions, wins = Counter(), Counter(), Counter()
    total = 0.0
    for number in args.deals:
        log.clear()
        start = time.process_time()
        result = solve(new_board(make_code("eh", number, 0)), BATCH_LIMITS)
        cpu = time.process_time() - start
        total += cpu
        if number == first and result.states != plain:
            sys.exit(f"phases.py: timing changed the search of deal {first}")
        # A restart's depth_first is logged inside its run: keep the run's.
        runs = [entry for i, entry in enumerate(log) if not (
            entry[0] == "first depth-first" and i + 1 < len(log)
            and log[i + 1][0] == "depth-first restart")]
        for kind, states, spent, outcome in runs:
            seconds[kind] += spent
            positions[kind] += states
            wins[kind] += outcome == "solved"
        seconds["script"] += cpu - sum(entry[2] for entry in runs)
    print(f"deals {args.deals[0]}-{args.deals[-1]} ({len(args.deals)}): {total:.1f} CPU s")
    print(f"{'run':40} {'CPU s':>8} {'share':>6} {'positions':>10} {'us/pos':>7} {'wins':>5}")
    for kind, spent in seconds.most_common():
        per = f"{spent / positions[kind] * 1e6:.1f}" if positions[kind] else ""
        print(f"{kind:40} {spent:8.2f} {spent / total:6.1%} {positions[kind]:10d} {per:>7} "
              f"{wins[kind]:5d}")


if __name__ == "__main__":
    main()
