"""Easy Harp hints from games in progress, today's solver and a baseline side by side.

Run: ``.venv/bin/python benchmarks/hints.py [--seeds 0-199]
[--midgame-deals 1-100] [--mistakes 10,40] [--baseline COMMIT]
[--processes 2]``; like every benchmark it needs the test install of the
checkout (the README's second line: ``pip install -e '.[test]'``;
benchmarks/common.py).

A hint is asked (``harp hint``'s search, HINT_LIMITS) from two kinds of
position:

* random endgames of the test suite's generator
  (``tests/test_solve_eh.random_endgame``: 8-33 cards off the
  foundations, few columns, many cards face down), where the sound
  search, not the fast one, finds the win and its depth-first line runs
  to thousands of moves;
* games in progress: a deal played along today's solution for 30 % of
  its actions, then a number of random legal actions (mistakes, take-backs
  and undo-like moves among them), the same positions for both solvers.

Each position is run by both solvers in the same pool, interleaved, so
that machine load hits both alike; the baseline runs in a fresh
interpreter on a checkout of its commit, and only the hint's own time is
counted.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import ROOT, baseline_checkout, main_guard, run, use_checkout  # noqa: E402

use_checkout()

from solve import _percentiles, parse_range  # noqa: E402  (benchmarks/solve.py)

#: One hint from one position, timed: ``endgame SEED`` or ``script CODE
#: ACTIONS``; run with the tree to time on the path.
_SNIPPET = """
import json, random, sys, time
sys.path.insert(0, "tests")
from harp import new_board
from harp.solve import HINT_LIMITS, hint
kind, arg = sys.argv[1], sys.argv[2]
if kind == "endgame":
    from test_solve_eh import random_endgame
    rng = random.Random(int(arg))
    board = random_endgame(rng, rng.randrange(8, 34), rng.random())
else:
    from harp.deals import parse_code
    board = new_board(parse_code(arg))
    if sys.argv[3]:
        board.push_script(sys.argv[3])
start = time.process_time()
got = hint(board, limits=HINT_LIMITS)
if isinstance(got, tuple):              # commits before harp.solve.hints: (result, first)
    outcome, answered = got[0].outcome, got[1] is not None
else:
    outcome, answered = got.outcome, got.action is not None
print(json.dumps([outcome, time.process_time() - start, answered]))
"""


def _hint(job: tuple[tuple[str, ...], str]) -> tuple:
    position, tree = job
    env = {**os.environ, "PYTHONPATH": tree}
    out = run([sys.executable, "-c", _SNIPPET, *position], cwd=tree, env=env,
              stdout=subprocess.PIPE).stdout
    return tuple(json.loads(out))


def _in_progress(job: tuple[int, int]) -> tuple[str, ...]:
    """A deal played along today's solution for 30 % of its actions, then
    ``mistakes`` random legal actions: ``("script", code, actions)``."""
    import random
    from harp import new_board
    from harp.deals import make_code
    from harp.solve import SolveLimits, solve
    number, mistakes = job
    board = new_board(make_code("EH", number))
    result = solve(board, SolveLimits(2_000_000))
    played = result.actions[:int(0.3 * len(result.actions))]
    if played:
        board.push_script(" ".join(played))
    rng = random.Random(number * 100 + mistakes)
    for _ in range(mistakes):
        legal = list(board.legal_actions)
        if not legal:
            break
        board.push(rng.choice(legal))
    return "script", str(board.code), board.script()


def _report(title: str, per: dict, trees: list) -> None:
    print(title)
    for name, _ in trees:
        got = per[name]
        outcomes = {o: sum(1 for r in got if r[0] == o) for o in ("solved", "unsolvable", "unknown")}
        print(f"  {name}: {_percentiles([r[1] for r in got])}; total {sum(r[1] for r in got):.1f} s")
        print(f"    {outcomes}; answered with a move: {sum(r[2] for r in got)} of {len(got)}; "
              f"over 1 s: {sum(r[1] > 1 for r in got)}")
    if len(trees) > 1:
        new, old = per[trees[0][0]], per[trees[1][0]]
        print(f"  total time, solver / baseline: {sum(r[1] for r in new) / sum(r[1] for r in old):.2f}")
        changed = [(k, a[0], b[0]) for k, (a, b) in enumerate(zip(new, old)) if a[0] != b[0]]
        print(f"  verdicts that differ (position, solver, baseline): {changed or 'none'}")


def main(argv: list[str] | None = None) -> None:
    from multiprocessing import Pool
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0-199", help="endgame seeds, e.g. 0-199 ('' for none)")
    parser.add_argument("--midgame-deals", default="1-100", help="deals for games in progress")
    parser.add_argument("--mistakes", default="10,40", help="random actions after the solution's 30 %%")
    parser.add_argument("--baseline", default="e8cf59c", help="commit to compare with ('' for none)")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    trees = [("solver", str(ROOT))]
    if args.baseline:
        trees.append((f"baseline {args.baseline}", str(baseline_checkout(args.baseline))))
    sets = []
    if args.seeds:
        seeds = parse_range(args.seeds)
        sets.append((f"Easy Harp hints from random endgames, seeds {seeds.start}-{seeds.stop - 1}",
                     [("endgame", str(seed)) for seed in seeds]))
    with Pool(args.processes) as pool:
        if args.midgame_deals:
            deals = parse_range(args.midgame_deals)
            for mistakes in (int(m) for m in args.mistakes.split(",")):
                positions = pool.map(_in_progress, [(n, mistakes) for n in deals], chunksize=1)
                sets.append((f"Easy Harp hints in games in progress, deals {deals.start}-"
                             f"{deals.stop - 1}: 30 % of the solution, then {mistakes} random "
                             f"actions", positions))
        for title, positions in sets:
            jobs = [(name, (position, tree)) for position in positions for name, tree in trees]
            rows = pool.map(_hint, [job for _, job in jobs], chunksize=1)
            per: dict[str, list] = {name: [] for name, _ in trees}
            for (name, _), row in zip(jobs, rows):
                per[name].append(row)
            _report(title, per, trees)


if __name__ == "__main__":
    main_guard(main)
