"""The sound search's proved foundation rules (harp/solve/easyharp_safe.py):
SAFE-UP, NO-LOW-TAKE-BACK and ACES-UP, checked on their conditions and
cross-checked against the plain exhaustive search over the engine's legal
actions, on positions that only a take-back wins (where a wrong rule about
take-backs would show).
"""
from __future__ import annotations

import random
import time

import pytest
from test_solve_eh import (cards, plain_solvable, position, random_endgame, replays_to_won,
                           take_back_position)

from harp.cards import parse_card
from harp.solve import SolveResult
from harp.solve.easyharp.lines import shorten, to_actions
from harp.solve.easyharp.model import position_from_board
from harp.solve.easyharp.moves_fast import play_safe
from harp.solve.easyharp.moves_sound import complete_steps
from harp.solve.easyharp.safe import needless_take_backs, play_proved, safe_cards
from harp.solve.easyharp.search import depth_first

# f1 f2 spades, f3 f4 hearts, f5 f6 diamonds, f7 f8 clubs (RULES B5).
HEIGHTS = [13] * 8


def heights(**changes: int) -> tuple[int, ...]:
    """Slot heights: every slot full but those named (``f3=4``)."""
    out = list(HEIGHTS)
    for name, value in changes.items():
        out[int(name[1:]) - 1] = value
    return tuple(out)


def test_safe_up_asks_all_three_conditions():
    """RULES A1.7: the 5H (rank index 4) goes up at once only when both
    heart slots are at 4 or more, every black slot at 4 or more (its
    children, the black 4s, are up) and every red slot at 3 or more."""
    five_hearts = parse_card("5H")
    assert five_hearts in safe_cards(heights(f3=4, f4=4, f1=4, f8=5, f5=3))
    # a black 4 is still out: it could go on the 5H
    assert five_hearts not in safe_cards(heights(f3=4, f4=4, f1=3))
    # a red 3 is still out: a black 4 may have to come back to carry it
    assert five_hearts not in safe_cards(heights(f3=4, f4=4, f1=4, f5=2))
    # the other 4H is still out: a line may want the 4H on top of f3 back
    assert five_hearts not in safe_cards(heights(f3=4, f4=3, f1=4))
    # an ace always goes up (rule ACES-UP)
    assert parse_card("AS") in safe_cards(heights(f1=0, f3=0, f7=0))


def test_no_low_take_back_keeps_what_a_line_may_need():
    """A take-back is left out only when the card is in the lemma's D:
    the 7H that take_back_position needs back (spades are at 4, so a black
    6 still has to move) is kept; with every black slot at 6 or more and
    every red slot at 7, a 7H on top of the lower heart slot is left out,
    but not the top of the higher one."""
    board = take_back_position()
    slots = position_from_board(board).slots
    assert 3 not in needless_take_backs(slots)
    assert 2 in needless_take_backs(heights(f3=7, f4=8, f5=7, f1=6))
    assert 3 not in needless_take_backs(heights(f3=7, f4=8, f5=7, f1=6))
    assert 2 not in needless_take_backs(heights(f3=7, f4=8, f5=7, f1=5))


def _plain_with(board, keep, limit: int) -> bool | None:
    """The plain search over the engine's legal actions that ``keep``
    lets through."""
    cls = type(board)
    original = cls._generate
    cls._generate = lambda self: (a for a in original(self) if keep(self, a))
    try:
        return plain_solvable(board, limit)
    finally:
        cls._generate = original


def _no_take_back(board, action) -> bool:
    return not (action.src or "").startswith("f")


def _rule_keeps(board, action) -> bool:
    """Rule NO-LOW-TAKE-BACK applied to the engine's actions."""
    if _no_take_back(board, action):
        return True
    return int(action.src[1:]) - 1 not in needless_take_backs(position_from_board(board).slots)


@pytest.mark.slow
def test_the_rules_keep_positions_only_a_take_back_wins():
    """Random endgames that are lost without take-backs (RULES A1.10 off:
    the plain search finds no win) but won with them.  On each:

    * the plain search over the engine's actions, less the take-backs rule
      NO-LOW-TAKE-BACK leaves out, still wins (lemma LOW-STAYS-UP);
    * the sound search, from the position after rule SAFE-UP's moves and
      with its moves, wins, and its line (those moves first) replays on
      the engine to ``won``: the cards SAFE-UP sent up lost nothing."""
    rng = random.Random(5)
    needed = fired = pruned = 0
    for _ in range(120):
        board = random_endgame(rng, rng.randrange(6, 12), pile_on=0.6)
        if _plain_with(board.copy(), _no_take_back, 5_000) is not False:
            continue
        needed += 1
        root = position_from_board(board)
        pruned += any(root.slots[s] >= 2 for s in needless_take_backs(root.slots))
        assert _plain_with(board.copy(), _rule_keeps, 100_000) is True, str(board)
        prefix: list = []
        start = play_proved(root, prefix)
        fired += any(move.card >= 4 for move in prefix)   # a card other than an ace went up
        found = depth_first(start, complete_steps, play_proved, 100_000, time.perf_counter() + 60)
        assert found.outcome == "solved", str(board)
        actions = to_actions(board, shorten(root, prefix + found.line))
        assert replays_to_won(board, SolveResult("solved", actions, found.states, 0.0))
        if needed == 10:
            break
    assert (needed, fired >= 2, pruned >= 8) == (10, True, True), (needed, fired, pruned)


def one_deck_trap():
    """One of the tests' random endgames (seed 12), won only by taking
    back spades and hearts (RULES A1.10) to build columns that carry the
    clubs over the 7C they need.  The fast search's rule
    :func:`~harp.solve.easyharp.moves_fast.looks_safe` (every card that could
    go on a card is up) sends up, on the way, cards those columns need."""
    return position([
        (5, cards("7C 9C QC 9C QC TC")), (0, cards("JC")), (1, cards("KC JC")),
        (0, cards("8C")), (0, cards("TC")), (0, cards("KD")), (0, cards("KC")),
    ], [], [13, 13, 13, 13, 12, 13, 8, 6])


def test_the_one_deck_rule_would_lose_a_won_position():
    """The sound search with the fast search's closure (``play_safe``)
    answers ``unsolvable`` on :func:`one_deck_trap`, which the plain search
    wins; with rule SAFE-UP's closure it wins, and the line replays on the
    engine to ``won``.  This is why SAFE-UP asks more than looks_safe."""
    board = one_deck_trap()
    root = position_from_board(board)
    far = time.perf_counter() + 60
    assert depth_first(play_safe(root, []), complete_steps, play_safe, 100_000, far).outcome == "unsolvable"
    assert plain_solvable(board.copy()) is True
    prefix: list = []
    found = depth_first(play_proved(root, prefix), complete_steps, play_proved, 100_000, far)
    assert found.outcome == "solved"
    actions = to_actions(board, shorten(root, prefix + found.line))
    assert replays_to_won(board, SolveResult("solved", actions, found.states, 0.0))
