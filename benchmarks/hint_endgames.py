"""Easy Harp hints from endgames, today's solver and a baseline side by side.

Run: ``python benchmarks/hint_endgames.py [--seeds 0-199] [--baseline COMMIT]
[--processes 2]``.

A hint is asked (``harp hint``'s search, HINT_LIMITS) from random endgames
of the test suite's generator (``tests/test_solve_eh.random_endgame``:
8-33 cards off the foundations, few columns, many cards face down), the
positions where the sound search, not the fast one, finds the win and its
depth-first line runs to thousands of moves.  Each endgame is run by both
solvers in the same pool, interleaved, so that machine load hits both
alike; the baseline runs in a fresh interpreter on a checkout of its
commit, and only the hint's own time is counted.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from solve import _percentiles, baseline_checkout, parse_range  # noqa: E402

#: One hint from one endgame, timed; run with the tree to time on the path.
_SNIPPET = """
import json, random, sys, time
sys.path.insert(0, "tests")
from test_solve_eh import random_endgame
from harp.solve import HINT_LIMITS, hint
seed = int(sys.argv[1])
rng = random.Random(seed)
board = random_endgame(rng, rng.randrange(8, 34), rng.random())
start = time.perf_counter()
result, first = hint(board, HINT_LIMITS)
print(json.dumps([seed, result.outcome, time.perf_counter() - start, first is not None]))
"""


def _hint(job: tuple[int, str]) -> tuple:
    seed, tree = job
    env = {**os.environ, "PYTHONPATH": tree}
    out = subprocess.run([sys.executable, "-c", _SNIPPET, str(seed)], cwd=tree, env=env,
                         check=True, capture_output=True, text=True).stdout
    return tuple(json.loads(out))


def main(argv: list[str] | None = None) -> None:
    from multiprocessing import Pool
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0-199", help="endgame seeds, e.g. 0-199")
    parser.add_argument("--baseline", default="e8cf59c", help="commit to compare with")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    seeds = parse_range(args.seeds)
    trees = [("solver", str(ROOT))]
    if args.baseline:
        trees.append((f"baseline {args.baseline}", str(baseline_checkout(args.baseline))))
    jobs = [(name, (seed, tree)) for seed in seeds for name, tree in trees]
    with Pool(args.processes) as pool:
        rows = pool.map(_hint, [job for _, job in jobs], chunksize=1)
    per: dict[str, list] = {name: [] for name, _ in trees}
    for (name, _), row in zip(jobs, rows):
        per[name].append(row)
    print(f"Easy Harp hints from random endgames, seeds {seeds.start}-{seeds.stop - 1}")
    for name, _ in trees:
        got = per[name]
        outcomes = {o: sum(1 for r in got if r[1] == o) for o in ("solved", "unsolvable", "unknown")}
        print(f"  {name}: {_percentiles([r[2] for r in got])}; total {sum(r[2] for r in got):.1f} s")
        print(f"    {outcomes}; answered with a move: {sum(r[3] for r in got)} of {len(got)}; "
              f"over 1 s: {sum(r[2] > 1 for r in got)}")
    if len(trees) > 1:
        new, old = per[trees[0][0]], per[trees[1][0]]
        print(f"  total time, solver / baseline: {sum(r[2] for r in new) / sum(r[2] for r in old):.2f}")
        changed = [(a[0], a[1], b[1]) for a, b in zip(new, old) if a[1] != b[1]]
        print(f"  verdicts that differ (seed, solver, baseline): {changed or 'none'}")


if __name__ == "__main__":
    main()
