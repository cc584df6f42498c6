"""Following the hints to the end: wins, cycles and hint CPU, as a player would.

Run: ``.venv/bin/python benchmarks/follow.py [--deals 1-20] [--random 20-60]
[--stateless-every 25] [--processes 2] [--max-actions 3000]``; like every
benchmark it needs the test install of the checkout (the README's second
line: ``pip install -e '.[test]'``; benchmarks/common.py).

For each Easy Harp deal, two games: from the opening, and from the
position after a number of random legal actions (drawn in ``--random``,
seeded by the deal).  From there the game asks for a hint, plays it, and
asks again, as the interactive game's player would (``harp play``'s
``hint``: one :class:`harp.solve.HintLine` started there), until the game
is won, the hint has no action (the search found no line within
HINT_LIMITS), or ``--max-actions``.  A position met twice is a cycle.

Every ``--stateless-every`` actions the hint is also asked statelessly
(:func:`harp.solve.hint`, which keeps no line: it replays the actions
given, solving at its start and after every action that left the line in
force), twice:

* from the position where the game's hints began, with the actions played
  since (the hinted ones): this must name the same action as the game's
  hint, since both search from the same positions and follow the same
  lines; an answer unlike it is a bug, counted as "unlike the game's";
* from the deal's opening with the whole game, as ``harp hint CODE
  MOVES`` asks it (its CPU seconds are the stateless figures reported).
  After random actions its answer may differ, as docs/solvers.md says
  (the hint is a function of the game, not of the position): when the
  last random actions happen to follow the line of a search made before
  them (a ``d`` that a line starts with), that line stays in force, where
  the game's hints searched afresh from the position after them.  These
  differences are counted apart, as expected ones (from the opening the
  two questions are one, asked once).

Reported per start: games won, cycles, games whose hint found no line,
hint CPU seconds (``time.process_time``: median, 90 %, max) of the
interactive hints and of ``harp hint CODE MOVES``, and the two counts of
stateless answers unlike the game's.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import use_checkout  # noqa: E402

use_checkout()

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
    begin, done = board.copy(), len(board.actions)   # where the game's hints begin
    hints = HintLine(HINT_LIMITS)
    seen = {position_key(board)}
    cpu, stateless, mismatches, whole_game = [], [], 0, 0
    row = {"deal": number, "random": random_actions, "end": "limit", "cycle": False}
    for step in range(max_actions):
        clock = time.process_time()
        found = hints.next(board)
        cpu.append(time.process_time() - clock)
        if stateless_every and step % stateless_every == 0:
            clock = time.process_time()
            whole = hint(start, board.actions, HINT_LIMITS)     # harp hint CODE MOVES
            stateless.append(time.process_time() - clock)
            whole_game += whole.action != found.action
            same = whole if not done else hint(begin, board.actions[done:], HINT_LIMITS)
            mismatches += same.action != found.action
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
               mismatches=mismatches, whole_game=whole_game)
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
          f"{_spread([c for r in rows for c in r['stateless']])}")
    print(f"  stateless hints from where the game's hints began, answers unlike the game's: "
          f"{sum(r['mismatches'] for r in rows)} (must be 0)")
    if any(r["random"] for r in rows):
        print(f"  harp hint CODE MOVES from the opening (the random actions included), answers "
              f"unlike the game's: {sum(r['whole_game'] for r in rows)} (expected: its line may "
              f"be of a search made before the last random actions, which followed it; "
              f"docs/solvers.md)")


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
