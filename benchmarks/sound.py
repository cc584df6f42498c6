"""Easy Harp sound search benchmark: the search that may answer
``unsolvable`` (every rule move but those proved needless), on random
endgames, against an earlier commit in the same run.

Run: ``.venv/bin/python benchmarks/sound.py [--positions 200]
[--loose 10-24] [--max-states 100000] [--baseline b277ad6]``; like every
benchmark it needs the test install of the checkout (the README's second
line: ``pip install -e '.[test]'``; benchmarks/common.py).

The endgames are the tests' (``tests/test_solve_eh.py``:
``random_endgame``, cards piled on few columns so that many are lost).  Each
is searched by the sound search alone (:func:`depth_first` with
:func:`complete_steps` and the closure), here and in a checkout of the
baseline (a fresh interpreter: its own ``harp``); the report gives, per
verdict, how many positions each decided and the positions and seconds it
spent.  The two must never disagree on a decided position.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import ROOT, baseline_checkout, main_guard, use_checkout  # noqa: E402
from common import run as run_child  # noqa: E402

use_checkout("tests")

#: Run here and in the baseline: reads positions (JSON) on stdin, prints
#: one result per position.  The closure is the one the commit's sound
#: search uses (``play_aces`` before ``play_proved`` existed).
SNIPPET = r"""
import json, sys, time
try:                                    # the solver sub-package
    from harp.solve.easyharp import moves_sound as easyharp_moves, search as easyharp_search
    from harp.solve.easyharp.model import Position
    from harp.solve.easyharp.safe import play_proved as close
except ImportError:                     # commits before it: flat modules
    from harp.solve import easyharp_moves, easyharp_search
    from harp.solve.easyharp_model import Position
    try:
        from harp.solve.easyharp_safe import play_proved as close
    except ImportError:
        close = easyharp_moves.play_aces
max_states = int(sys.argv[1])
try:                                    # a search given a budget of positions
    from harp.solve.budget import Budget
    limit = lambda: (Budget(max_states),)                   # noqa: E731
except ImportError:                     # commits before it: positions and a deadline
    limit = lambda: (max_states, float("inf"))              # noqa: E731
out = []
for cols, talon, slots in json.load(sys.stdin):
    root = Position(tuple(bytes(c) for c in cols), talon, tuple(slots))
    start = time.process_time()
    found = easyharp_search.depth_first(close(root, []), easyharp_moves.complete_steps, close,
                                        *limit())
    out.append([found.outcome, found.states, time.process_time() - start])
print(json.dumps(out))
"""


def endgames(count: int, loose: range, seed: int) -> list:
    """``count`` random endgames of the tests, as JSON-ready positions."""
    from test_solve_eh import random_endgame

    from harp.solve.easyharp.model import position_from_board
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        board = random_endgame(rng, rng.randrange(loose.start, loose.stop), pile_on=0.85)
        cols, talon, slots = position_from_board(board)
        out.append([[list(c) for c in cols], talon, list(slots)])
    return out


def run(positions: list, max_states: int, folder: Path) -> list:
    """The snippet over ``positions`` with the ``harp`` of ``folder``."""
    done = run_child([sys.executable, "-c", SNIPPET, str(max_states)], cwd=folder,
                     env={"PYTHONPATH": str(folder), "PATH": ""}, input=json.dumps(positions),
                     stdout=subprocess.PIPE)
    return json.loads(done.stdout)


def report(name: str, rows: list) -> None:
    by: dict[str, list] = {}
    for outcome, states, seconds in rows:
        by.setdefault(outcome, []).append((states, seconds))
    parts = [f"{outcome} {len(v)} ({sum(s for s, _ in v)} positions, "
             f"{sum(t for _, t in v):.1f} s)" for outcome, v in sorted(by.items())]
    print(f"  {name:<10} " + "; ".join(parts))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--loose", default="10-24", help="cards off the foundations, e.g. 10-24")
    parser.add_argument("--max-states", type=int, default=100_000)
    parser.add_argument("--baseline", default="b277ad6")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    first, _, last = args.loose.partition("-")
    positions = endgames(args.positions, range(int(first), int(last or first) + 1), args.seed)
    start = time.perf_counter()
    new = run(positions, args.max_states, ROOT)
    old = run(positions, args.max_states, baseline_checkout(args.baseline))
    print(f"Easy Harp sound search, {len(positions)} random endgames ({args.loose} cards off "
          f"the foundations), {args.max_states} positions each ({time.perf_counter() - start:.0f} s)")
    report("today", new)
    report(args.baseline, old)
    both = [(n, o) for n, o in zip(new, old) if n[0] != "unknown" and o[0] != "unknown"]
    clash = [i for i, (n, o) in enumerate(zip(new, old))
             if "unknown" not in (n[0], o[0]) and n[0] != o[0]]
    if both:
        ratio = sum(n[1] for n, _ in both) / max(1, sum(o[1] for _, o in both))
        seconds = sum(n[2] for n, _ in both) / max(1e-9, sum(o[2] for _, o in both))
        print(f"  decided by both: {len(both)}; positions today / {args.baseline}: {ratio:.2f}, "
              f"seconds: {seconds:.2f}")
    if clash:
        print(f"  VERDICTS DISAGREE on positions {clash}: a soundness bug")


if __name__ == "__main__":
    main_guard(main)
