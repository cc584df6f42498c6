"""Following the hints to the end: wins, cycles and hint CPU, as a player would.

Run: ``python benchmarks/follow.py [--deals 1-20] [--random 20-60]
[--stateless-every 25] [--processes 2] [--max-actions 3000]``.

For each Easy Harp deal, two games: from the opening, and from the
position after a number of random legal actions (drawn in ``--random``,
seeded by the deal).  From there the game asks for a hint, plays it, and
asks again, as the interactive game's player would (``harp play``'s
``hint``: :class:`harp.solve.HintLine`), until the game is won, the hint
has no action (the search found no line within HINT_LIMITS), or
``--max-actions``.  A position met twice is a cycle.  Every
``--stateless-every`` actions the hint is also asked as ``harp hint CODE
MOVES`` asks it (:func:`harp.solve.hint`, a fresh process's view: the whole
game, no kept line) and must name the same action; its CPU seconds are
reported apart (it replays the game and solves again after every action
that left a line, the random ones included).

Reported per start: games won, cycles, games whose hint found no line,
hint CPU seconds (``time.process_time``: median, 90 %, max) of the
interactive hints, and of the stateless ones.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harp.analysis.stats import parse_deal_list  # noqa: E402


def follow(job: tuple[int, int, int, int]) -> dict:
    """One game: ``random_actions`` random actions, then hints to the end."""
    from harp import new_board
    from harp.deals import make_code
    from harp.solve import HINT_LIMITS, HintLine, hint
    from harp.solve.hints import position_key
    number, random_actions, stateless_every, max_actions = job
    board = new_board(make_code("EH", number))
    rng = random.Random(number)
    for _ in range(random_actions):
        legal = list(board.legal_actions)
        if not legal:
            break
        board.push(rng.choice(legal))
    start = new_board(board.code)
    hints = HintLine(HINT_LIMITS)
    seen = {position_key(board)}
    cpu, stateless, mismatches = [], [], 0
    row = {"deal": number, "random": random_actions, "end": "limit", "cycle": False}
    for step in range(max_actions):
        clock = time.process_time()
        found = hints.next(board)
        cpu.append(time.process_time() - clock)
        if stateless_every and step % stateless_every == 0:
            clock = time.process_time()
            again = hint(start, board.actions, HINT_LIMITS)
            stateless.append(time.process_time() - clock)
            mismatches += again.action != found.action
        if found.action is None:
            row["end"] = "won" if board.is_won else found.outcome
            break
        board.push(found.action)
        key = position_key(board)
        if key in seen:
            row["cycle"] = True
        seen.add(key)
    else:
        row["end"] = "won" if board.is_won else "limit"
    row.update(actions=len(board.actions) - random_actions, cpu=cpu, stateless=stateless,
               mismatches=mismatches)
    return row


def _spread(values: list[float]) -> str:
    if not values:
        return "none"
    values = sorted(values)
    return (f"median {statistics.median(values):.3f} s, 90% "
            f"{values[min(len(values) - 1, int(0.9 * len(values)))]:.3f} s, max {values[-1]:.3f} s "
            f"({len(values)} hints)")


def report(title: str, rows: list[dict]) -> None:
    ends = {end: sum(r["end"] == end for r in rows) for end in ("won", "unknown", "unsolvable",
                                                                 "limit")}
    print(f"{title}: {ends['won']} of {len(rows)} games won; cycles "
          f"{sum(r['cycle'] for r in rows)}; hint found no line {ends['unknown']}, "
          f"lost {ends['unsolvable']}, still going at the action limit {ends['limit']}")
    for row in rows:
        if row["end"] != "won" or row["cycle"]:
            print(f"  deal {row['deal']} (after {row['random']} random actions): {row['end']}"
                  f"{', a cycle' if row['cycle'] else ''} after {row['actions']} hinted actions")
    first = [r["cpu"][0] for r in rows]
    print(f"  hint CPU, every hint of the game: {_spread([c for r in rows for c in r['cpu']])}")
    print(f"  hint CPU, the first hint (a search from the start): {_spread(first)}")
    print(f"  harp hint CODE MOVES (stateless) CPU: "
          f"{_spread([c for r in rows for c in r['stateless']])}; "
          f"answers unlike the game's: {sum(r['mismatches'] for r in rows)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-20")
    parser.add_argument("--random", default="20-60", help="random actions before the hints, LOW-HIGH")
    parser.add_argument("--stateless-every", type=int, default=25,
                        help="ask harp hint CODE MOVES too every N actions (0: never)")
    parser.add_argument("--max-actions", type=int, default=3000)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    deals = parse_deal_list(args.deals)
    low, _, high = args.random.partition("-")
    jobs = [(n, 0, args.stateless_every, args.max_actions) for n in deals]
    jobs += [(n, random.Random(-n).randint(int(low), int(high or low)), args.stateless_every,
              args.max_actions) for n in deals]
    with Pool(args.processes) as pool:
        rows = pool.map(follow, jobs, chunksize=1)
    report(f"Easy Harp deals {args.deals}, hints from the opening", rows[:len(deals)])
    report(f"The same deals, hints after {args.random} random actions", rows[len(deals):])


if __name__ == "__main__":
    main()
