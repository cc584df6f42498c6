"""Engine speed: deals per second, replayed actions per second
(parse + apply), legal-action enumerations per second.

Run: ``.venv/bin/python benchmarks/engine.py [--seconds S]``.  Targets on
a 2-core machine, one process: 10 000 deals/s, 150 000 replayed actions/s,
30 000 legal-action enumerations/s.

Like every benchmark it needs the test install of the checkout (the
README's second line: ``pip install -e '.[test]'``; benchmarks/common.py).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import use_checkout  # noqa: E402

use_checkout()

from harp import new_board  # noqa: E402
from harp.actions import DRAW_ACTION  # noqa: E402
from harp.deals import make_code  # noqa: E402

CODES = [str(make_code("EH", n)) for n in range(1, 41)] + [
    str(make_code("SH", n, cells)) for n in range(1, 41) for cells in (4, 2, 1)]


def random_script(code: str, length: int, rng: random.Random) -> tuple[str, list]:
    """A long legal script by random play; prefers real moves over draws and
    avoids immediately undoing progress, so positions stay varied."""
    board = new_board(code)
    positions = []
    for _ in range(length):
        actions = list(board.legal_actions)
        if not actions:
            break
        moves = [a for a in actions if a is not DRAW_ACTION]
        pick = rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(actions)
        board.push(pick)
        positions.append(board.copy())
    return board.script(), positions


def rate(fn, seconds: float) -> tuple[float, int]:
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        count += fn()
    return count / elapsed, count


def bench_deals(game: str, seconds: float) -> float:
    codes = [make_code(game, n) for n in range(1, 1001)]

    def deal_all() -> int:
        for code in codes:
            new_board(code)
        return len(codes)
    return rate(deal_all, seconds)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    rng = random.Random(2026)
    scripts = []
    positions = []
    for code in CODES:
        script, seen = random_script(code, 300, rng)
        scripts.append((code, script))
        positions.extend(seen)
    n_actions = sum(len(s.split()) for _, s in scripts)

    print(f"deals/s, Easy Harp:          {bench_deals('EH', args.seconds):10,.0f}   (target 10,000)")
    print(f"deals/s, Seahaven (4 cells): {bench_deals('SH', args.seconds):10,.0f}   (target 10,000)")

    def replay_all() -> int:
        for code, script in scripts:
            new_board(code).push_script(script)
        return n_actions
    replayed, _ = rate(replay_all, args.seconds)
    print(f"replayed actions/s:          {replayed:10,.0f}   (target 150,000; "
          f"{len(scripts)} scripts, {n_actions} actions, parse + apply)")

    def enumerate_all() -> int:
        for board in positions:
            list(board.legal_actions)
        return len(positions)
    enumerations, _ = rate(enumerate_all, args.seconds)
    print(f"legal-action enumerations/s: {enumerations:10,.0f}   (target 30,000; "
          f"{len(positions)} positions of both games)")


if __name__ == "__main__":
    main()
