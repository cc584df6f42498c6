"""Easy Harp prover benchmark: how long proofs that a position is lost
take, against the sound search without rule NEVER-MOVES and against the
plain exhaustive search, in the same run.

Run: ``.venv/bin/python benchmarks/prove.py [--deals 1-12] [--seed 1]
[--max-positions 50000] [--plain]``; like every benchmark it needs the
test install of the checkout (the README's second line: ``pip install -e
'.[test]'``; benchmarks/common.py).

Two parts:

* the tests' lost positions (``tests/test_solve_eh_prove.py``) and two more
  found the same way (shrunk from positions of random games of deals 16
  and 19): positions and seconds of the prover, of the sound search
  without NEVER-MOVES (:func:`~harp.solve.easyharp.search.depth_first`
  with the same moves and closure), and, with ``--plain``, of the plain
  exhaustive search over the engine's actions (tests/helpers.py);
* random games: from each deal's opening, a seeded random walk of the
  sound search's moves (no take-backs) until some card is stuck for
  NEVER-MOVES; then, walking back one move at a time, each position is
  proved lost, the prover keeping the positions it proved lost before
  (``known``), until one is not proved lost within ``--max-positions``
  (the solver then tries that one: won, or undecided).  The positions
  proved lost are then searched again by the prover alone (no
  ``known``) and by the sound search without NEVER-MOVES or ``known``
  (both with ten times the budget: they must prove them all).  Reported:
  since which move the game is lost, and the positions and seconds of
  the three.

Times are given as ratios against the other searches of the same run.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import use_checkout  # noqa: E402

use_checkout("tests")

from harp import new_board  # noqa: E402
from harp.deals import make_code  # noqa: E402
from harp.solve import SolveLimits  # noqa: E402
from harp.solve.easyharp import solve_easy_harp  # noqa: E402
from harp.solve.easyharp.model import (SLOT_SUIT, Position, position_from_board,  # noqa: E402
                                       talon_cards, talon_count)
from harp.solve.easyharp.moves_sound import complete_steps  # noqa: E402
from harp.solve.easyharp.prove import LOST, prove_lost  # noqa: E402
from harp.solve.easyharp.safe import play_proved  # noqa: E402
from harp.solve.budget import Budget  # noqa: E402
from harp.solve.easyharp.search import depth_first  # noqa: E402
from test_solve_eh_prove import random_game  # noqa: E402

#: Positions shrunk from positions of random games (deals 16 and 19):
#: every card that could go up next was put up while the position stayed
#: lost with no card stuck; the plain search confirms both lost.
SHRUNK = {
    "shrunk deal 16": Position((b'\x002,*', b'\x003.+', b'\x01\x0f\x18',
                                b'\x03#\x10&)$!\x1f', b'\x030 \x1a-(%', b'\x00\x1c\x19\x17',
                                b'\x001', b'\x002/', b'\x01\x15\x1b'),
                               302528043962091794595840, (13, 3, 12, 6, 13, 5, 13, 4)),
    "shrunk deal 19": Position((b'\x000(%', b'\x00& \x1d\x1b', b'\x00#\x1e\x18\x16\x10\x08',
                                b'\x01\x1c\x0e', b'\x001/*\'"', b'\x00/',
                                b'\x02\x06\x04\x17\x12', b"\x03\x1a\x13'\x1f\x14\x0c\n",
                                b'\x003-+'),
                               6343596458059997127600200744960, (9, 4, 13, 1, 13, 7, 13, 1)),
}


def timed(func, *args):
    """The function's result, and the seconds it took."""
    start = time.perf_counter()
    out = func(*args)
    return out, time.perf_counter() - start


def without_never_moves(pos: Position, max_positions: int):
    """The sound search with the prover's moves and closure, no NEVER-MOVES."""
    return depth_first(play_proved(pos, []), complete_steps, play_proved, Budget(max_positions))


def plain(board, limit: int) -> tuple[bool | None, int]:
    """The tests' plain exhaustive search, and the positions it keyed."""
    import test_solve_eh
    from helpers import plain_solvable
    made = [0]

    def counted(b):
        made[0] += 1
        return test_solve_eh.position_key(b)
    return plain_solvable(board, counted, limit), made[0]


def board_of(pos: Position):
    """An engine board holding the model position (the talon as the stock)."""
    board = new_board(make_code("EH", 1))
    board.columns = [list(col[1:]) for col in pos.columns]
    board.face_down = [col[0] for col in pos.columns]
    board.stock = [c for c in talon_cards(pos.talon) for _ in range(talon_count(pos.talon, c))]
    board.waste = []
    board.foundations = [[k * 4 + SLOT_SUIT[s] for k in range(h)]
                         for s, h in enumerate(pos.slots)]
    return board


def fixed_positions(max_positions: int, with_plain: bool) -> None:
    from test_solve_eh import dead_position
    from test_solve_eh_prove import blocked_king, tangled_position

    boards = {"blocked king": blocked_king(), "both 5S buried": dead_position(),
              "tangled": tangled_position()}
    boards.update({name: board_of(pos) for name, pos in SHRUNK.items()})
    print("Lost positions: prover | sound search without NEVER-MOVES"
          + (" | plain exhaustive search" if with_plain else ""))
    for name, board in boards.items():
        pos = position_from_board(board)
        off = sum(len(col) - 1 for col in pos.columns) + len(board.stock)
        proof, t_prove = timed(prove_lost, pos, max_positions)
        found, t_sound = timed(without_never_moves, pos, max_positions)
        row = (f"  {name:<15} {off:>3} cards off: {proof.verdict} {proof.positions} positions "
               f"| {found.outcome} {found.states} positions, time x{t_sound / t_prove:.1f}")
        if with_plain:
            (verdict, made), t_plain = timed(plain, board.copy(), 2_000_000)
            row += f" | {verdict} {made} positions, time x{t_plain / t_prove:.0f}"
        print(row, flush=True)


def random_games(deals: range, seed: int, max_positions: int) -> None:
    rng = random.Random(seed)
    print(f"Random games (seed {seed}), walking back from the first stuck position, "
          f"{max_positions} positions a proof: prover | without known | without "
          f"NEVER-MOVES or known")
    total = [0, 0.0, 0, 0.0, 0, 0.0, 0]
    for deal in deals:
        path = random_game(deal, rng.random())
        if not path:
            print(f"  deal {deal}: no stuck position within 400 moves")
            continue
        known: set = set()
        proved = []
        positions, t_prove = 0, 0.0
        for pos in reversed(path[:-1]):
            proof, seconds = timed(prove_lost, pos, max_positions, known)
            if proof.verdict != LOST:
                break
            positions += proof.positions
            t_prove += seconds
            proved.append(pos)
        before = path[len(path) - 2 - len(proved)] if len(proved) < len(path) - 1 else None
        won = before is not None and solve_easy_harp(
            board_of(before), SolveLimits(max_states=200_000)).solved
        alone, t_alone = timed(lambda: [prove_lost(pos, 10 * max_positions) for pos in proved])
        sound, t_sound = timed(lambda: [without_never_moves(pos, 10 * max_positions)
                                        for pos in proved])
        assert all(p.verdict == LOST for p in alone)
        assert all(found.outcome == "unsolvable" for found in sound)
        alone_positions = sum(p.positions for p in alone)
        sound_positions = sum(found.states for found in sound)
        since = len(path) - 1 - len(proved)
        row = (f"  deal {deal}: stuck after move {len(path) - 1}, lost since move {since}"
               f"{'' if won else ' or earlier'} ({len(proved)} proofs, the position before "
               f"{'won by the solver' if won else 'undecided'})")
        if proved:
            row += (f" | {positions} positions, {t_prove:.2f} s | {alone_positions}, "
                    f"x{t_alone / t_prove:.1f} | {sound_positions}, x{t_sound / t_prove:.1f}")
        print(row, flush=True)
        for i, value in enumerate((positions, t_prove, alone_positions, t_alone,
                                   sound_positions, t_sound, len(proved))):
            total[i] += value
    if total[1]:
        print(f"  in all: {total[6]} positions proved lost | {total[0]} positions, "
              f"{total[1]:.1f} s ({1000 * total[1] / max(total[6], 1):.0f} ms a proof) | "
              f"{total[2]}, x{total[3] / total[1]:.1f} | {total[4]}, x{total[5] / total[1]:.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-12", help="deals of the random games, e.g. 1-12")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-positions", type=int, default=50_000)
    parser.add_argument("--plain", action="store_true",
                        help="also run the plain exhaustive search on the fixed positions")
    args = parser.parse_args(argv)
    first, _, last = args.deals.partition("-")
    fixed_positions(args.max_positions, args.plain)
    random_games(range(int(first), int(last or first) + 1), args.seed, args.max_positions)


if __name__ == "__main__":
    main()
