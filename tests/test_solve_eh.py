"""Easy Harp solver (RULES A1): never trust it.

Every solution is replayed by the engine, to ``won`` with the A1.11 score.
Verdicts on small constructed positions are re-checked by ``plain_solvable``:
an exhaustive search over *all* the engine's legal actions (draws, redeals
and take-backs included, no pruning, no forced moves), keyed by the
position up to column order and a suit's two slots.
"""
from __future__ import annotations

import gc
import itertools
import random
import time

import pytest

from helpers import plain_solvable as plain_search

from harp import new_board
from harp.cards import parse_card
from harp.deals import make_code
from harp.solve import BATCH_LIMITS, SolveLimits, SolveResult, hint, solve
from harp.solve.budget import Budget
from harp.solve.easyharp import solve_easy_harp
from harp.solve.easyharp.lines import shorten, to_actions
from harp.solve.easyharp.packed import Tree, pack, pack_steps, unpack, unpack_step
from harp.solve.easyharp.moves_sound import complete_steps
from harp.solve.easyharp.safe import play_proved
from harp.solve.easyharp.moves_fast import play_safe, play_safe_after, quick_steps, wide_steps
from harp.solve.easyharp.search import (BEAM_SCORES, BestFirst, Children, Novelty, _NODES, _diverse,
                                        beam, _made_again,
                                        NEED_RANKS, NEED_WEIGHT, depth_first,
                                        score_by_depth, score_by_foundations,
                                        score_by_low_cards, score_by_needs)
from harp.solve.easyharp.deadends import BLOCKED, LOCKED, STUCK, dead_end, locked_cards
from harp.solve.easyharp.model import (COL_TO_FOUNDATION, SLOT_SUIT, TALON_ONE, TALON_TO_FOUNDATION, Move,
                                       Position, apply, digest, is_legal, key,
                                       position_from_board, tableau_empty)

# Deals the solver wins within a hundred positions (its search is the same
# for the same budget); the tests replay whatever it finds.
QUICK_DEALS = (2, 3, 11, 14)


def position_key(b) -> tuple:
    """The position up to the obvious symmetries: column order and the two
    slots of a suit; the stock and waste are kept in order."""
    cols = tuple(sorted(zip(b.face_down, map(tuple, b.columns))))
    slots = tuple(tuple(sorted(map(len, b.foundations[i:i + 2]))) for i in range(0, 8, 2))
    return cols, tuple(b.stock), tuple(b.waste), slots


def plain_solvable(board, limit: int = 300_000) -> bool | None:
    """The plain exhaustive search of tests/helpers.py over every legal
    action (RULES A1.2-A1.10, B6), foundation moves tried first."""
    def foundation_first(actions: list) -> list:
        return sorted(actions, key=lambda a: a.dst != "f")
    return plain_search(board, position_key, limit, foundation_first)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def suit_run(suit: str, first: int, last: int) -> list[int]:
    """Cards of one suit from rank ``first`` to ``last`` (1 = ace), in order."""
    return cards(" ".join("A23456789TJQK"[r - 1] + suit for r in range(first, last + 1)))


def position(columns: list[tuple[int, list[int]]], stock: list[int],
             heights: list[int], waste: list[int] | None = None):
    """A constructed Easy Harp board: ``columns`` as (face-down count,
    cards bottom to top), the stock (next card last), and the eight slot
    heights f1..f8 (RULES B5: spades, hearts, diamonds, clubs, two each)."""
    board = new_board(make_code("EH", 1))
    board.columns = [list(col) for _, col in columns] + [[] for _ in range(9 - len(columns))]
    board.face_down = [down for down, _ in columns] + [0] * (9 - len(columns))
    board.stock, board.waste = list(stock), list(waste or [])
    board.foundations = [suit_run(s, 1, h) for s, h in zip("SSHHDDCC", heights)]
    counts: dict[int, int] = {}
    for pile in (*board.columns, board.stock, board.waste, *board.foundations):
        for card in pile:
            counts[card] = counts.get(card, 0) + 1
    assert len(counts) == 52 and set(counts.values()) == {2}, "not two full decks"
    return board


def replays_to_won(board, result: SolveResult) -> bool:
    after = board.copy()
    after.push_script(result.script())
    return after.status() == "won"


def take_back_position():
    """Only a take-back wins (RULES A1.10, A1.2): 6S covers the 5S that
    spades need next, and every red 7 is on a foundation; 7H, on top of f4,
    must come back onto the 8C of column 2 to take the 6S."""
    return position([
        (1, cards("5S 6S")),
        (5, cards("KC QC JC TC 9C 8C")),
        (6, cards("KS QS JS TS 9S 8S 7S")),
        (5, cards("KH QH JH TH 9H 8H")),
    ], [], [4, 13, 13, 7, 13, 13, 13, 7])


def dead_position():
    """No win (RULES A1.2, A1.4, A1.7): both 5S lie under the two 6S, all
    red 7s are deep in complete foundations, no column can empty; only the
    last clubs (in the stock) and some shuffling of the 7S-KS remain."""
    return position([
        (1, cards("5S 6S")),
        (1, cards("5S 6S")),
        (1, cards("KS 7S")), (1, cards("KS 8S")), (1, cards("QS 9S")),
        (1, cards("QS TS")), (1, cards("JS TS")), (1, cards("JS 9S")),
        (0, cards("8S 7S")),
    ], cards("KC QC"), [4, 4, 13, 13, 13, 13, 13, 11])


def blocked_position():
    """Nothing can move (RULES A1.2, A1.4, A1.7): the spades wait for the
    5S under the 6S, no column top fits another, no column is empty."""
    return position([
        (1, cards("5S 6S")), (1, cards("5S 6S")),
        (0, cards("KS")), (0, cards("KS")), (0, cards("QS")), (0, cards("QS")),
        (0, cards("JS")), (0, cards("JS")), (0, cards("TS TS 9S 9S 8S 8S 7S 7S")),
    ], [], [4, 4, 13, 13, 13, 13, 13, 13])


def locked_position():
    """Twin cards blocking each other (RULES A1.2, A1.3, A1.7): the QS on
    top of the only column has, face down under it, both copies of both
    red kings it could go on and both JS the spades need before it; the
    rest is on the foundations but for the other QS and the two KS."""
    return position([(6, cards("KH KH KD KD JS JS QS"))], cards("QS KS KS"),
                    [10, 10, 12, 12, 12, 12, 13, 13])


def _waste_position():
    """Waste and redeals (RULES A1.5, A1.8): the 7H that hearts need first
    is the last card of the stock, and the waste already holds two."""
    return position([
        (1, cards("8H KS")),
        (0, cards("TH")),
    ], cards("7H KH QH"), [12, 13, 6, 13, 13, 13, 13, 13], waste=cards("9H JH"))


def _king_position():
    """A king on a face-down card (RULES A1.4, A1.6): the KC goes up after
    the QC of the stock, or into an empty column, to free the TD that the
    diamonds need next."""
    return position([
        (1, cards("TD KC")),
        (0, cards("QH")),
    ], cards("KH QC JD QD KD"), [13, 13, 13, 11, 13, 9, 13, 11])


def random_endgame(rng: random.Random, loose: int, pile_on: float = 0.4):
    """A random position with ``loose`` cards off the foundations: the
    highest cards of both slots of one suit and of one slot of the other
    colour (both copies of a card are often loose, few cards can be built
    on others, and some positions are lost), dealt at random to a few
    columns (all but their top face down; a card goes on a column already
    dealt with odds ``pile_on``) and the talon."""
    heights = [13] * 8
    suit_slot = rng.randrange(4) * 2
    other = rng.choice([0, 1, 6, 7] if suit_slot in (2, 4) else [2, 3, 4, 5])
    slots = [suit_slot, suit_slot + 1, other]
    out: list[int] = []
    for _ in range(loose):
        slot = rng.choice(slots)
        while heights[slot] <= 1:
            slot = rng.choice(slots)
        heights[slot] -= 1
        out.append(heights[slot] * 4 + SLOT_SUIT[slot])
    rng.shuffle(out)
    piles: list[list[int]] = []
    stock: list[int] = []
    for card in out:
        if rng.random() < 0.15:
            stock.append(card)
        elif piles and (len(piles) == 9 or rng.random() < pile_on):
            piles[rng.randrange(len(piles))].append(card)
        elif len(piles) < 9:
            piles.append([card])
        else:
            stock.append(card)
    return position([(len(pile) - 1, pile) for pile in piles], stock, heights)


def test_quick_deals_replay_to_won_with_the_a1_11_score():
    """RULES A1, B7: each script the solver prints replays to ``won``,
    draws and redeals (A1.8) included, and scores 1 220 plus 5 per
    waste-to-column move plus 10 per take-back (A1.11)."""
    for number in QUICK_DEALS:
        board = new_board(make_code("EH", number))
        result = solve_easy_harp(board, SolveLimits(line_states=10_000))
        assert result.outcome == "solved", (number, result)
        after = board.copy()
        after.push_script(result.script())
        assert after.status() == "won"
        waste_to_column = sum(1 for t in result.actions if t.startswith("w>") and t != "w>f")
        take_backs = sum(1 for t in result.actions if t.startswith("f"))
        assert after.score == 1220 + 5 * waste_to_column + 10 * take_backs


def test_line_search_finds_a_shorter_script():
    """Once a deal is won, the line search cuts the line and finishes it
    anew, keeping the shortest script (RULES B6: draws count).  On deal 3
    the first win comes from the first depth-first run (426 actions);
    within 20 000 positions more the line search finds a shorter one,
    which still replays to ``won``.  A limit on positions (not on
    seconds) makes the search the same on every machine: twice, the same
    script."""
    board = new_board(make_code("EH", 3))
    first = solve_easy_harp(board, SolveLimits(max_states=20_000))
    best = solve_easy_harp(board, SolveLimits(max_states=20_000, line_states=20_000))
    assert first.solved and best.solved
    assert len(best.actions) < len(first.actions)
    assert first.states == first.verdict_states == best.verdict_states
    assert best.verdict_states + 20_000 <= best.states
    assert best.stopped_by is None
    assert replays_to_won(board, best)
    assert solve_easy_harp(board, SolveLimits(max_states=20_000, line_states=20_000)) == best



def test_a_shortening_cut_by_the_clock_says_so(monkeypatch):
    """The found line is shortened before it is emitted (``shorten``),
    under the safety net's deadline too: when the deadline cuts that work,
    the script is the machine's, not the limits', and the result says
    ``stopped_by == "time"`` even without a line search.  The deadline
    is made to pass as the shortening starts, so the test does not hang
    on the machine's speed."""
    from harp.solve.easyharp import solver

    def late_shorten(root, line, work):
        work.deadline = 0.0            # perf_counter() is past it
        return shorten(root, line, work)

    board = new_board(make_code("EH", 2))
    plain = solve_easy_harp(board, SolveLimits(timeout=600))
    monkeypatch.setattr(solver, "shorten", late_shorten)
    cut = solve_easy_harp(board, SolveLimits(timeout=600))
    assert plain.solved and plain.stopped_by is None
    assert cut.solved and cut.stopped_by == "time"
    assert len(cut.actions) > len(plain.actions)
    assert replays_to_won(board, cut)

def test_front_door_dispatches_easy_harp():
    board = new_board(make_code("EH", QUICK_DEALS[0]))
    result = solve(board, SolveLimits())
    assert result.solved and replays_to_won(board, result)


def test_only_a_take_back_wins():
    """RULES A1.10: the take-back of a foundation card can be the only way
    on when building by alternate colours (A1.2).  The solver finds the win,
    the engine replays it, it uses a take-back, and the plain search agrees
    that the position is won - and lost when take-backs are forbidden."""
    board = take_back_position()
    result = solve_easy_harp(board.copy(), SolveLimits())
    assert result.outcome == "solved"
    assert replays_to_won(board, result)
    assert any(t.startswith("f") and ">" in t for t in result.actions)
    assert plain_solvable(board.copy()) is True


def test_take_back_position_is_lost_without_take_backs():
    """The same position with take-backs removed from the rules (A1.10 off)
    is lost: a plain search that skips every action from a foundation finds
    no win, so the take-back really is needed."""
    board = take_back_position()
    original = type(board)._generate

    def without_take_backs(self):
        return (a for a in original(self) if not (a.src or "").startswith("f"))
    type(board)._generate = without_take_backs
    try:
        assert plain_solvable(board) is False
    finally:
        type(board)._generate = original


def test_dead_position_is_proved_unsolvable_and_rechecked():
    """RULES A1.2-A1.10: ``unsolvable`` is proved (here by rule NEVER-MOVES:
    the 6S on each 5S can never move); the plain search over every legal
    action agrees."""
    board = dead_position()
    result = solve_easy_harp(board.copy(), SolveLimits())
    assert result.outcome == "unsolvable"
    assert plain_solvable(board.copy()) is False


def test_blocked_position_is_a_dead_end_without_search():
    """A position where no card can move is recognised before any search
    (``states`` 0), and the plain search agrees that it is lost."""
    board = blocked_position()
    assert dead_end(position_from_board(board)) == BLOCKED
    result = solve_easy_harp(board.copy(), SolveLimits())
    assert result.outcome == "unsolvable" and result.states == 0
    assert plain_solvable(board.copy()) is False
    assert dead_end(position_from_board(dead_position())) == STUCK    # cards move: not BLOCKED
    assert dead_end(position_from_board(new_board(make_code("EH", 1)))) is None


def test_locked_card_is_a_dead_end_without_search():
    """Pattern LOCKED: the QS can never move, so the position is lost
    before any search (``states`` 0); the plain search over every legal
    action, take-backs and kings into empty columns included, agrees.
    With one red king moved to the talon the QS has somewhere to go, and
    the pattern no longer applies."""
    board = locked_position()
    pos = position_from_board(board)
    assert locked_cards(pos) == [(0, 7)]
    assert dead_end(pos) == LOCKED
    result = solve_easy_harp(board.copy(), SolveLimits())
    assert result.outcome == "unsolvable" and result.states == 0
    assert plain_solvable(board.copy()) is False
    free = position([(5, cards("KH KH KD JS JS QS"))], cards("QS KS KS KD"),
                    [10, 10, 12, 12, 12, 12, 13, 13])
    assert dead_end(position_from_board(free)) is None


def test_no_opening_is_locked_when_a_king_run_could_carry_the_card():
    """A king under a card with an ordered run up to it could carry the
    card into an empty column (RULES A1.4), so the card is not locked."""
    board = position([(6, cards("KH KH KD JS JS KD QS"))], cards("QS KS KS"),
                     [10, 10, 12, 12, 12, 12, 13, 13])
    assert locked_cards(position_from_board(board)) == []


def _check_verdict(board, plain_limit: int = 300_000) -> str:
    """Solve a copy of the board: a win must replay to ``won``; an
    ``unsolvable`` must be confirmed by the plain exhaustive search.  The
    verdict is what is checked: no line search."""
    result = solve_easy_harp(board.copy(), SolveLimits())
    if result.solved:
        assert replays_to_won(board, result)
    else:
        assert result.outcome == "unsolvable", result
        assert plain_solvable(board.copy(), plain_limit) is False, str(board)
    return result.outcome


def test_small_positions_agree_with_plain_search():
    """RULES A1: on small positions the solver's verdict is right: each win
    replays, each ``unsolvable`` is confirmed by the plain search."""
    positions = [take_back_position(), dead_position(), blocked_position(), _waste_position(),
                 _king_position()]
    assert [_check_verdict(board) for board in positions] == [
        "solved", "unsolvable", "unsolvable", "solved", "solved"]


def test_random_endgames_agree_with_plain_search():
    """RULES A1: random endgames (10-14 cards off the foundations, most of
    them face down on full columns, some in the talon): every verdict is
    checked as in :func:`_check_verdict`."""
    rng = random.Random(12)
    for _ in range(40):
        _check_verdict(random_endgame(rng, rng.randrange(10, 15)), 200_000)


def test_solving_from_the_middle_of_a_game():
    """RULES B8: a position reached by a script (code + moves) is solved
    from where it stands; the moves plus the solution replay to ``won``."""
    board = new_board(make_code("EH", QUICK_DEALS[1]))
    full = solve_easy_harp(board, SolveLimits())
    board.push_script(" ".join(full.actions[:40]))
    result = solve_easy_harp(board, SolveLimits())
    assert result.outcome == "solved"
    assert replays_to_won(board, result)


def test_hint_after_a_take_back_and_an_undo():
    """RULES A1.10, B6: hints come from any position of a game in progress,
    also one reached by a take-back and one reached by an undo; the hinted
    line wins from there."""
    board = new_board(make_code("EH", QUICK_DEALS[0]))
    full = solve_easy_harp(board, SolveLimits())
    taken_back = None
    for token in full.actions:
        board.push(token)
        take_backs = [a for a in board.legal_list() if (a.src or "").startswith("f")]
        if take_backs and taken_back is None and board.cards_on_foundations > 4:
            taken_back = board.copy()
            taken_back.push(take_backs[0])
        if board.moves == 60:
            break
    undone = new_board(board.code)
    undone.push_script(board.script())
    undone.push("u")
    assert taken_back is not None
    for position_board in (taken_back, undone):
        found = hint(position_board.copy(), limits=SolveLimits())
        result = found.result
        assert result.solved and found.action == result.actions[0] and found.followed == 0
        assert replays_to_won(position_board, result)


def test_unknown_at_the_state_limit():
    """A search cut short answers ``unknown``, never ``unsolvable``."""
    result = solve_easy_harp(new_board(make_code("EH", 1)), SolveLimits(max_states=10))
    assert result.outcome == "unknown"
    assert result.actions == []


def test_beam_search_wins_a_deal_the_first_depth_first_run_misses():
    """The fast search's beam (RULES A1 moves, kept by the beam score)
    wins deal 9, where the first depth-first run of 1 500 positions finds
    nothing; the line it returns becomes a script the engine replays to
    ``won``."""
    board = new_board(make_code("EH", 9))
    root = position_from_board(board)
    prefix: list = []
    start = play_safe(root, prefix)
    assert depth_first(start, quick_steps, play_safe, Budget(1500)).outcome == "unknown"
    found = beam(start, 8, Children(wide_steps, play_safe), score_by_foundations, Budget(100_000))
    assert found.outcome == "solved"
    actions = to_actions(board, shorten(root, prefix + found.line))
    assert replays_to_won(board, SolveResult("solved", actions, found.states))


def test_beam_search_never_claims_a_loss():
    """A beam drops positions, so on a lost position it runs out of
    positions and answers ``unknown``, never ``unsolvable``."""
    root = play_safe(position_from_board(dead_position()), [])
    found = beam(root, 4, Children(wide_steps, play_safe), BEAM_SCORES[0], Budget(10_000))
    assert found.outcome == "unknown" and found.line == []


def queen_endgame(rng: random.Random):
    """A random position with the jacks, queens and kings of one suit and
    the kings of the other colour off the foundations (ten cards), one
    queen on top of the first column and the other cards dealt at random
    under it, to other columns (all but their top face down) and to the
    talon: a small world where pattern LOCKED sometimes holds."""
    suit = rng.randrange(4)
    red = suit in (1, 2)
    others = [0, 3] if red else [1, 2]
    heights = [13] * 8
    heights[2 * suit] = heights[2 * suit + 1] = 10
    for other in others:
        heights[2 * other] = heights[2 * other + 1] = 12
    names = "SHDC"
    loose = cards(" ".join(f"{rank}{names[suit]}" for rank in "JJQKK"))
    loose += cards(" ".join(f"K{names[o]}" for o in others for _ in range(2)))
    queen = cards(f"Q{names[suit]}")[0]
    rng.shuffle(loose)
    split = [rng.random() < 0.7 for _ in loose]
    under = [card for card, low in zip(loose, split) if low]
    rest = [card for card, low in zip(loose, split) if not low]
    piles = [under + [queen]]
    stock = []
    for card in rest:
        if rng.random() < 0.3 or len(piles) == 9:
            stock.append(card)
        elif len(piles) > 1 and rng.random() < 0.5:
            piles[rng.randrange(1, len(piles))].append(card)
        else:
            piles.append([card])
    return position([(len(pile) - 1, pile) for pile in piles], stock, heights)


def test_locked_agrees_with_plain_search_on_random_positions():
    """Wherever pattern LOCKED holds on a random queen endgame, the solver
    answers ``unsolvable`` before any search and the plain exhaustive
    search confirms that the position is lost."""
    rng = random.Random(3)
    fired = 0
    for _ in range(400):
        board = queen_endgame(rng)
        if dead_end(position_from_board(board)) != LOCKED:
            continue
        fired += 1
        result = solve_easy_harp(board.copy(), SolveLimits())
        assert result.outcome == "unsolvable" and result.states == 0
        assert plain_solvable(board.copy()) is False, str(board)
        if fired == 12:
            break
    assert fired == 12


def random_positions(number: int, count: int, seed: int) -> list:
    """Positions of the solver's model met on random walks of the fast
    search's moves from a deal's opening."""
    rng = random.Random(seed)
    out = []
    pos = play_safe(position_from_board(new_board(make_code("EH", number))), [])
    for _ in range(count):
        out.append(pos)
        steps = wide_steps(pos)
        if not steps:
            pos = play_safe(position_from_board(new_board(make_code("EH", number))), [])
            continue
        for move in rng.choice(steps)[1]:
            pos = apply(pos, move)
        pos = play_safe(pos, [])
    return out


def test_digest_has_the_key_symmetries_and_tells_keys_apart():
    """The beam's digest gives the same number for positions that differ
    by an order of columns or of a suit's two slots (RULES A1.7), as the
    exact key does, and different numbers for the different keys met on
    random walks."""
    rng = random.Random(5)
    by_key: dict = {}
    for number in (1, 28, 641):
        for pos in random_positions(number, 400, number):
            cols = list(pos.columns)
            rng.shuffle(cols)
            slots = list(pos.slots)
            for suit in range(4):
                if rng.random() < 0.5:
                    slots[2 * suit], slots[2 * suit + 1] = slots[2 * suit + 1], slots[2 * suit]
            twin = Position(tuple(cols), pos.talon, tuple(slots))
            assert key(twin) == key(pos)
            assert digest(twin) == digest(pos)
            by_key[key(pos)] = digest(pos)
    assert len(by_key) > 300
    assert len(set(by_key.values())) == len(by_key)


def test_diverse_level_keeps_at_most_so_many_children_of_a_position():
    """A level of a beam with ``per_parent``: the best children in order,
    none beyond the limit from one parent, up to the width."""
    parents = Tree()
    for parent in (0, 0, 0, 1, 1, 2):
        parents.add(parent, [])
    candidates = [score * _NODES + node for score, node in
                  [(-1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]]
    assert _diverse(candidates, parents, 10, 2) == [1, 2, 4, 5, 6]
    assert _diverse(candidates, parents, 3, 1) == [1, 4, 6]


def test_diverse_beam_wins_a_deal_a_plain_beam_of_its_width_misses():
    """Deal 234: a beam 64 wide under the low-cards order that keeps at most
    two children of a position wins (a plain beam of that width stalls);
    the line becomes a script the engine replays to ``won``.  A limit on
    positions makes the search the same on every machine."""
    board = new_board(make_code("EH", 234))
    root = position_from_board(board)
    prefix: list = []
    start = play_safe(root, prefix)
    found = beam(start, 64, Children(wide_steps, play_safe_after), score_by_low_cards,
                 Budget(60_000), per_parent=2)
    assert found.outcome == "solved"
    actions = to_actions(board, shorten(root, prefix + found.line))
    assert replays_to_won(board, SolveResult("solved", actions, found.states))


@pytest.mark.slow
def test_kept_children_change_no_search():
    """Beams and a best-first search that share one :class:`Children`
    keeping what it made (as the solver's fast runs do) make the same
    positions and answer with the same lines as each with children made
    afresh; the kept lists are handed out again, not made again."""
    start = play_safe(position_from_board(new_board(make_code("EH", 28))), [])
    shared = Children(wide_steps, play_safe_after, keep=50_000)

    def runs(children):
        return [beam(start, 16, children(), score, Budget(30_000), per_parent)
                for score in BEAM_SCORES for per_parent in (0, 2)] + [
            BestFirst(start, children(), score_by_depth, 5_000).run(Budget(5_000))]

    fresh = runs(lambda: Children(wide_steps, play_safe_after))
    assert runs(lambda: shared) == fresh
    assert 0 < len(shared.kept) <= 50_000
    some = next(iter(shared.kept))
    assert shared(some) is shared.kept[some]


def test_children_keep_no_more_than_asked():
    start = play_safe(position_from_board(new_board(make_code("EH", 28))), [])
    children = Children(wide_steps, play_safe_after, keep=100)
    beam(start, 16, children, score_by_depth, Budget(5_000))
    assert len(children.kept) == 100


@pytest.mark.slow
def test_the_solver_leaves_no_reference_cycles():
    """The solver pauses Python's cycle collector (its tables hold hundreds
    of thousands of tuples); that is only sound if the searches, the line
    search and the script make no reference cycles.  Run with the
    collector off, a solve leaves nothing for it to collect."""
    board = new_board(make_code("EH", 28))      # fast runs, then the sound search
    won = new_board(make_code("EH", 40))        # a win, its line search and its script
    gc.collect()
    gc.disable()
    try:
        solve_easy_harp(board, SolveLimits(max_states=40_000))
        solve_easy_harp(won, SolveLimits(max_states=300_000, line_states=10_000))
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert gc.isenabled()


def test_best_first_goes_on_where_it_stopped_and_wins_deal_977():
    """Deal 977 (the beams win it only after several seconds): the
    best-first search under the depth order wins it.  Run
    in slices of 1 000 positions it makes the same positions as in one
    run, and answers with the same line, which the engine replays to
    ``won``; a limit on positions makes it the same on every machine."""
    board = new_board(make_code("EH", 977))
    root = position_from_board(board)
    prefix: list = []
    start = play_safe(root, prefix)
    whole = BestFirst(start, Children(wide_steps, play_safe_after), score_by_depth,
                      20_000).run(Budget(20_000))
    assert whole.outcome == "solved"
    sliced = BestFirst(start, Children(wide_steps, play_safe_after), score_by_depth, 20_000)
    made = 0
    while (found := sliced.run(Budget(1_000))).outcome != "solved":
        assert found.states >= 1_000
        made += found.states
    assert made + found.states == whole.states
    assert found.line == whole.line
    actions = to_actions(board, shorten(root, prefix + found.line))
    assert replays_to_won(board, SolveResult("solved", actions, whole.states))


def test_best_first_stops_at_its_cap():
    """The best-first search keeps every position it has not expanded, so
    it stops making positions at its cap (past it by one expansion's
    children at most), however many are asked for, and never claims a
    loss."""
    start = play_safe(position_from_board(new_board(make_code("EH", 814))), [])
    search = BestFirst(start, Children(wide_steps, play_safe_after), score_by_depth, 3_000)
    first = search.run(Budget(2_000))
    second = search.run(Budget(2_000))
    third = search.run(Budget(2_000))
    assert (first.outcome, second.outcome, third.outcome) == ("unknown",) * 3
    assert first.states >= 2_000 and first.states + second.states >= 3_000
    assert third.states == 0


@pytest.mark.parametrize("deal, switch, states", [pytest.param(977, "BEST_FIRST_FROM", 50_000,
                                                               marks=pytest.mark.slow),
                                                  (2208, "NEEDS_FROM", 40_000),
                                                  (1834, "NOVELTY_FROM", 20_000)])
def test_solver_wins_through_its_best_first_slices(monkeypatch, deal, switch, states):
    """Through the solver: with the slices of one best-first search in
    every round (the depth order's; the needs order's; the novelty
    order's) and none of the others', the deal is won within the positions
    given, and the script replays to ``won``; without any, it is not.
    Deal 977 the beams win only after several seconds; deal 2208 has both
    2 of diamonds in one column, under five and seven cards; deal 1834 no
    other run won in 60 s (1.6 million positions)."""
    from harp.solve.easyharp import solver as easyharp
    board = new_board(make_code("EH", deal))
    for other in ("BEST_FIRST_FROM", "NEEDS_FROM", "NOVELTY_FROM"):
        monkeypatch.setattr(easyharp, other, 10 ** 9)
    monkeypatch.setattr(easyharp, switch, 4)
    result = solve_easy_harp(board, SolveLimits(max_states=states))
    assert result.solved and replays_to_won(board, result)
    monkeypatch.setattr(easyharp, switch, 10 ** 9)
    assert solve_easy_harp(board, SolveLimits(max_states=states)).outcome == "unknown"


def test_solver_wins_through_the_second_novelty_search(monkeypatch):
    """Through the solver, with only the second novelty search's slices
    (under the needs order), deal 2437 is won within 20 000
    positions and the script replays to ``won``; with the first novelty
    search's slices of the same size instead, it is not: the next cards
    of 2437 lie deep, and the low cards order digs elsewhere."""
    from harp.solve.easyharp import solver as easyharp
    board = new_board(make_code("EH", 2437))
    for other in ("BEST_FIRST_FROM", "NEEDS_FROM"):
        monkeypatch.setattr(easyharp, other, 10 ** 9)
    monkeypatch.setattr(easyharp, "NOVELTY_FROM", 4)
    monkeypatch.setattr(easyharp, "NOVELTY_PER_WIDTH", 0)
    result = solve_easy_harp(board, SolveLimits(max_states=20_000))
    assert result.solved and replays_to_won(board, result)
    monkeypatch.setattr(easyharp, "NOVELTY_PER_WIDTH", easyharp.NOVELTY_NEEDS_PER_WIDTH)
    monkeypatch.setattr(easyharp, "NOVELTY_NEEDS_PER_WIDTH", 0)
    assert solve_easy_harp(board, SolveLimits(max_states=20_000)).outcome == "unknown"


def test_a_full_best_first_search_says_so_and_frees_its_tables():
    """BestFirst.full: false until the search has made its cap of
    positions, true from then on; release() empties its tables, it stays
    full and a run makes nothing."""
    start = play_safe(position_from_board(new_board(make_code("EH", 814))), [])
    search = BestFirst(start, Children(wide_steps, play_safe_after), score_by_depth, 2_000)
    assert not search.full
    search.run(Budget(1_000))
    assert not search.full
    search.run(Budget(1_000))
    assert search.full
    search.release()
    assert search.full and not search.heap and not search.seen
    assert search.run(Budget(1_000)).states == 0


def table(tree: Tree, nodes: int | None = None) -> tuple:
    """A search's tree as plain values: each node's parent and moves (the
    first ``nodes``)."""
    nodes = len(tree) if nodes is None else nodes
    return (list(tree.parents[:nodes]), list(tree.ends[:nodes]),
            bytes(tree.moves[:tree.ends[nodes - 1]]))


def test_a_reordered_search_under_the_same_order_goes_on_as_the_original():
    """BestFirst.reordered: a search that goes on from another's open
    positions under the same order (the depth order keeps no state) makes
    exactly the positions the original makes next, from the same tables
    (copied: the original is left as it was); under another order it
    makes none that the original had made, and stops at its own cap."""
    start = play_safe(position_from_board(new_board(make_code("EH", 814))), [])
    first = BestFirst(start, Children(wide_steps, play_safe_after), score_by_depth, 10 ** 6)
    first.run(Budget(2_000))
    made = len(first.tree)
    same = first.reordered(score_by_depth, 3_000)
    other = first.reordered(score_by_low_cards, 1_500)
    known = set(first.seen)
    assert table(same.tree) == table(first.tree) and same.tree is not first.tree
    assert same.run(Budget(3_000)).states == first.run(Budget(3_000)).states
    assert table(same.tree) == table(first.tree) and same.seen == first.seen
    assert same.full and not first.full
    found = other.run(Budget(5_000))
    assert found.outcome == "unknown" and 1_500 <= found.states < 1_600 and other.full
    assert table(other.tree, made) == table(first.tree, made)
    # (every position it made is new: its table grew by one a position)
    assert other.seen > known and len(other.seen) == made + found.states


def test_a_reordered_search_under_a_novelty_order_notes_the_open_positions_only():
    """A reordered search's novelty order starts from the open positions:
    the root, which the original search expanded, is not scored again, so
    none of its atoms is noted before theirs (they would rank the open
    positions that share them second)."""
    start = play_safe(position_from_board(new_board(make_code("EH", 814))), [])
    first = BestFirst(start, Children(wide_steps, play_safe_after), Novelty(score_by_low_cards),
                      10 ** 6)
    first.run(Budget(2_000))
    order = Novelty(score_by_depth)
    other = first.reordered(order, 1_000)
    assert order.seen == {} and other.heap == [] and len(other.unscored) == len(first.heap)
    other.run(Budget(1_000))
    assert order.seen


def test_a_reordered_search_wins_with_a_line_from_the_root():
    """Scoring the open positions stops at the deadline and goes on at
    the next run; the win a reordered search finds is a line from the
    root that the engine replays to ``won``.  Deal 20520 (a hard deal):
    the depth order wins it within 1 000 positions, going on from 30 000
    positions of the low cards novelty order."""
    board = new_board(make_code("EH", 20520))
    root = position_from_board(board)
    prefix: list = []
    start = play_safe(root, prefix)
    first = BestFirst(start, Children(wide_steps, play_safe_after), Novelty(score_by_low_cards), 10 ** 6)
    first.run(Budget(30_000))
    again = first.reordered(score_by_depth, 1_000)
    assert again.run(Budget(1_000, timeout=-1)).states == 0       # past the deadline
    assert again.unscored and not again.full
    found = again.run(Budget(1_000))
    assert found.outcome == "solved" and not again.unscored
    actions = to_actions(board, shorten(root, prefix + found.line))
    assert replays_to_won(board, SolveResult("solved", actions, found.states))


def hard_searches_held(monkeypatch, novelty_cap: int):
    """The solver's module, set so that a deal is hard once the first
    novelty search has made ``novelty_cap`` positions, and with every hard
    search held: the needs order's and the depth order's novelty search
    from the root at one position, the searches from the first novelty
    search's open positions and its own going on at none."""
    from harp.solve.easyharp import solver as easyharp
    monkeypatch.setattr(easyharp, "NOVELTY_CAP", novelty_cap)
    for other in ("NEEDS_CAP", "NOVELTY_DEPTH_CAP"):
        monkeypatch.setattr(easyharp, other, 1)
    for other in ("REORDERED_DEPTH_CAP", "REORDERED_CAP", "NOVELTY_MORE"):
        monkeypatch.setattr(easyharp, other, 0)
    return easyharp


@pytest.mark.slow
@pytest.mark.parametrize("deal, search, cap, states", [(20520, "REORDERED_DEPTH_CAP", 3_000, 60_000),
                                                       (950, "REORDERED_CAP", 100_000, 110_000)])
def test_hard_deal_searches_go_on_from_the_first_novelty_searchs_open_positions(
        monkeypatch, deal, search, cap, states):
    """Through the solver: once the first novelty search has made its cap
    of positions (here cut to 30 000), a search that goes on from its open
    positions wins: on deal 20520 the one under the depth order, on deal
    950 the one under the novelty order with the depth score; each script
    replays to ``won``.  The other hard searches are held (at no position
    or one), and without the one that wins neither deal is won within the
    same positions: neither by the first novelty search going on, nor
    from the root."""
    easyharp = hard_searches_held(monkeypatch, 30_000)
    board = new_board(make_code("EH", deal))
    monkeypatch.setattr(easyharp, search, cap)
    result = solve_easy_harp(board, SolveLimits(max_states=states))
    assert result.solved and replays_to_won(board, result)
    monkeypatch.setattr(easyharp, search, 0)
    assert solve_easy_harp(board, SolveLimits(max_states=states)).outcome == "unknown"
    monkeypatch.setattr(easyharp, "NOVELTY_MORE", states)
    assert solve_easy_harp(board, SolveLimits(max_states=states)).outcome == "unknown"


@pytest.mark.slow
@pytest.mark.parametrize("deal, search, cap", [(7674, "NOVELTY_DEPTH_CAP", 250_000),
                                               (9170, "HARD_NOVELTY_NEEDS_CAP", 60_000)])
def test_hard_deals_novelty_searches(monkeypatch, deal, search, cap):
    """Through the solver, on a hard deal (the first novelty search's cap
    cut to 3 000) with the other hard searches held (the needs order's at
    one position, the searches from the first novelty search's open
    positions and its own going on at none, and, for 9170, the novelty
    search under the depth order from the root at one): deal 7674 is won
    by the novelty search under the depth order from the root, and deal
    9170 by the second novelty search, once its cap (here 2 000) is raised
    for hard deals; each script replays to ``won``.  Without the one that
    wins (its cap held at one position, or not raised), neither is won
    within the same positions."""
    easyharp = hard_searches_held(monkeypatch, 3_000)
    board = new_board(make_code("EH", deal))
    monkeypatch.setattr(easyharp, "NOVELTY_NEEDS_CAP", 2_000)
    monkeypatch.setattr(easyharp, search, cap)
    result = solve_easy_harp(board, SolveLimits(max_states=100_000))
    assert result.solved and replays_to_won(board, result)
    monkeypatch.setattr(easyharp, search, 1 if search == "NOVELTY_DEPTH_CAP" else 2_000)
    assert solve_easy_harp(board, SolveLimits(max_states=100_000)).outcome == "unknown"


def test_the_needs_order_counts_the_cards_above_what_the_slots_take_next():
    """score_by_needs: the depth order plus NEED_WEIGHT for every card above
    the topmost copy of each card the slots take next (the next two ranks of
    each slot); a copy in the talon costs nothing, and a card whose copies
    are all elsewhere (the other slot) costs nothing either."""
    ah, ad, two_h = parse_card("AH"), parse_card("AD"), parse_card("2H")
    needed_elsewhere = [c for c in range(52) if c >> 2 <= 1 and c not in (ah, ad, two_h)]
    talon = sum(1 << (2 * c) for c in needed_elsewhere + [two_h])
    empty = bytes([0])
    columns = (bytes([0, ah, *cards("9S 8H")]),          # AH under 2 cards
               bytes([1, ah, *cards("5C 4D 3C")]),       # the other AH under 3
               bytes([0, ad, *cards("KS")]),             # one AD under 1
               *[empty] * 6)
    heights = [0] * 8
    heights[SLOT_SUIT.index(ad & 3)] = 1                 # the other AD is up
    pos = Position(columns, talon, tuple(heights))
    # Both hearts slots take an ace (2 above the nearer, counted for each
    # slot), then 2H (in the talon); of the diamonds, one slot takes an ace
    # (1 above) and 2D, the other 2D (in the talon) and 3D, which lies
    # nowhere on the columns (as if on the other slot); the black aces and
    # 2s are in the talon.
    assert score_by_needs(pos) - score_by_depth(pos) == NEED_WEIGHT * (2 + 2 + 1)


def test_the_needs_order_equals_its_plain_definition_on_endgames():
    """score_by_needs against its definition written plainly, on random
    endgames (often one column, and one card or none that a slot takes
    next): for each of the next NEED_RANKS cards of each slot with no
    copy in the talon, the fewest cards above any copy of it on the
    columns (nothing when no copy lies there)."""
    def plain(pos: Position) -> int:
        cols, talon, slots = pos
        cost = 0
        for slot, height in enumerate(slots):
            for rank in range(height, min(13, height + NEED_RANKS)):
                card = rank * 4 + SLOT_SUIT[slot]
                above = [len(col) - 1 - i for col in cols for i in range(1, len(col)) if col[i] == card]
                if above and not talon >> (2 * card) & 3:
                    cost += min(above)
        return score_by_depth(pos) + NEED_WEIGHT * cost
    rng = random.Random(12)
    sizes = set()
    for _ in range(400):
        pos = position_from_board(random_endgame(rng, rng.randrange(1, 25), rng.random()))
        sizes.add(sum(len(col) > 1 for col in pos.columns))
        assert score_by_needs(pos) == plain(pos)
    assert 1 in sizes and max(sizes) > 4
    # One card next (a slot at 12, the rest full), under another card: not
    # a position of play (the card on it is home), but the score must
    # still count it.
    king = 12 * 4 + SLOT_SUIT[0]
    heights = (12,) + (13,) * 7
    lone = Position((bytes([0, king, parse_card("QH")]),) + (bytes([0]),) * 8, 0, heights)
    assert score_by_needs(lone) == plain(lone) == score_by_depth(lone) + NEED_WEIGHT


def test_the_novelty_order_ranks_first_what_makes_a_new_atom():
    """Novelty: a position that puts a face-up card on a card it was never
    seen on (or a suit's slots at heights never seen), among positions with
    the same face-down and foundation counts, ranks 0; anything else ranks
    1; within a rank the score decides.  A talon change alone is no new
    atom; a new progress (a card up) starts a table of its own."""
    novelty = Novelty(score_by_low_cards)

    def order(pos: Position) -> tuple[int, int]:
        return Novelty.split(novelty(pos))
    empty = bytes([0])
    columns = (bytes([1, *cards("AH 9S 8H")]), bytes([0, *cards("7C")]), *[empty] * 7)
    pos = Position(columns, 0, (0,) * 8)
    assert order(pos) == (0, score_by_low_cards(pos))
    assert order(pos)[0] == 1                                     # seen
    assert order(pos._replace(talon=1 << (2 * parse_card("KS"))))[0] == 1
    moved = Position((bytes([1, *cards("AH 9S 8H 7C")]), empty, *[empty] * 7), 0, (0,) * 8)
    assert order(moved)[0] == 0                                   # 7C on 8H: new
    back = Position((bytes([1, *cards("AH 9S")]), bytes([0, *cards("7C 8H")]), *[empty] * 7),
                    0, (0,) * 8)
    assert order(back)[0] == 0                                    # 8H on 7C: new
    assert order(Position(columns, 0, (0,) * 6 + (1, 0)))[0] == 0  # another progress
    mixed = (bytes([1, *cards("AH 9S 8H")]), bytes([0, *cards("7C 8H")]), *[empty] * 7)
    assert order(Position(mixed, 0, (0,) * 8))[0] == 1            # every atom seen


@pytest.mark.parametrize("talon_aces, expected", [
    ("", [(COL_TO_FOUNDATION, 0, "AS"), (COL_TO_FOUNDATION, 1, "AS"), (TALON_TO_FOUNDATION, -1, "AH")]),
    ("AS", [(TALON_TO_FOUNDATION, -1, "AS"), (COL_TO_FOUNDATION, 0, "AS"),
            (TALON_TO_FOUNDATION, -1, "AH")]),
])
def test_the_fast_closure_plays_up_talon_cards_first_then_the_first_column(talon_aces, expected):
    """play_safe: slot by slot, the card a slot needs goes up from the
    talon if it is there, else from the first column it tops; a card that
    a card of the other colour could still go on (2S: the red aces are not
    up) stays.  The line it appends is the moves it made."""
    columns = (bytes([0, *cards("5H AS")]), bytes([0, *cards("9C AS")]), bytes([0, *cards("2S")]),
               *[bytes([0])] * 6)
    talon = sum(TALON_ONE[c] for c in cards(f"AH {talon_aces}"))
    line: list = []
    end = play_safe(Position(columns, talon, (0,) * 8), line)
    assert line == [Move(kind, col, -1, parse_card(card)) for kind, col, card in expected]
    assert end.talon == 0
    assert end.columns[2] == columns[2]
    assert sorted(end.slots) == [0] * 5 + [1] * 3


@pytest.mark.parametrize("rank", [0, 1])
@pytest.mark.parametrize("score", [-(1 << 20), -6, 0, 5, 1 << 20])
def test_a_novelty_value_splits_into_its_rank_and_score(rank, score):
    """Novelty gives one int per position; its rank comes first in the
    heap's order, and split gives back the rank and the (maybe negative)
    score."""
    value = rank * Novelty.RANK + score
    assert Novelty.split(value) == (rank, score)
    assert (value < Novelty.RANK - (1 << 20)) == (rank == 0)


def novelty_rank(seen: dict, pos: Position) -> int:
    """Novelty's rank by its definition, every atom of the position looked
    at: 0 when one is new among the positions of the same progress."""
    cols, _, slots = pos
    atoms = set()
    for col in cols:
        under = 52
        for card in col[col[0] + 1:]:
            atoms.add(("on", under, card))
            under = card
    for suit in range(4):
        atoms.add(("slots", suit, *sorted(slots[2 * suit:2 * suit + 2])))
    table = seen.setdefault((sum(col[0] for col in cols), sum(slots)), set())
    new = not atoms <= table
    table |= atoms
    return 0 if new else 1


@pytest.mark.parametrize("deal", [1, 28])
def test_the_novelty_order_ranks_as_its_definition_along_a_search(deal):
    """Novelty looks only at the columns and slot heights new to a
    progress; along a best-first search (thousands of positions, most a
    column or two away from one seen) it ranks each position as looking
    at every atom does."""
    order = Novelty(score_by_low_cards)
    seen: dict = {}
    ranks = []

    def checked(pos: Position) -> int:
        value = order(pos)
        rank, score = Novelty.split(value)
        ranks.append(rank)
        assert (rank, score) == (novelty_rank(seen, pos), score_by_low_cards(pos))
        return value
    root = play_safe(position_from_board(new_board(make_code("EH", deal))), [])
    BestFirst(root, Children(wide_steps, play_safe_after), checked, 10_000).run(Budget(3_000))
    assert len(ranks) > 3_000 and 0 < ranks.count(0) < len(ranks)


def test_packed_positions_and_trees_give_back_what_went_in():
    """The packed tables (memory) change no search: a position unpacks
    equal to the one packed (the talon's two copies and empty columns
    included), and a tree's path is the moves added, in order."""
    rng = random.Random(5)
    board = new_board(make_code("EH", 9))
    for _ in range(40):
        pos = position_from_board(board)
        assert unpack(pack(pos)) == pos
        board.push(rng.choice(list(board.legal_actions)))
    empty = Position((b"\x00",) * 9, TALON_ONE[3] * 2 + TALON_ONE[51], (13,) * 8)
    assert unpack(pack(empty)) == empty
    tree = Tree()
    first = [Move(COL_TO_FOUNDATION, 3, -1, 12), Move(TALON_TO_FOUNDATION, -1, -1, 0)]
    second = [Move(4, 7, 2, 51)]
    a = tree.add(0, first)
    b = tree.add(a, second)
    c = tree.add(0, [])
    assert (tree.path(b), tree.path(a), tree.path(c), tree.path(0)) == (first + second, first, [], [])
    assert table(tree.copy()) == table(tree) and len(tree) == 4


def test_beams_stop_widening_once_as_wide_as_their_cap_and_restarts_at_theirs(monkeypatch):
    """A beam as wide as BEAM_CAP cuts no level, so the rounds after the
    first such beam run none (they would make the same positions again);
    a depth-first restart's budget grows up to RESTART_CAP and stays."""
    from harp.solve.easyharp import solver
    widths: list[int] = []
    real = solver._beam_run

    def recorded(root, children, width, score, per_parent):
        widths.append(width)
        return real(root, children, width, score, per_parent)
    monkeypatch.setattr(solver, "_beam_run", recorded)
    monkeypatch.setattr(solver, "BEAM_CAP", 64)
    monkeypatch.setattr(solver, "RESTART_CAP", 2_000)
    root = play_safe(position_from_board(new_board(make_code("EH", 1))), [])
    runs = list(itertools.islice(solver._fast_runs(root), 300))
    caps = [run.__defaults__[-1] for run in runs if run.__name__ == "dfs"]
    assert widths == [4] * 4 + [8] * 4 + [16] * 4 + [32] * 4 + [64] * 4
    assert caps[:4] == [500, 625, 781, 976] and max(caps) == 2_000 and caps[-1] == 2_000


@pytest.mark.parametrize("deal", [9, 28, 814])
def test_a_beams_kept_children_are_made_again_equal(deal):
    """A beam keeps a level's children as numbers and makes the kept ones
    again from their parents by the moves in its tree: each child of the
    fast runs' steps and closure, along a line of play, comes out equal
    to the one the step made."""
    rng = random.Random(deal)
    children = Children(wide_steps, play_safe_after)
    pos = play_safe(position_from_board(new_board(make_code("EH", deal))), [])
    made = 0
    for _ in range(60):
        options = children(pos)
        if not options:
            break
        tree = Tree()
        for _, segment, child in options:
            assert _made_again(tree, tree.add(0, segment), {0: pack(pos)}) == child
            made += 1
        pos = rng.choice(options)[2]
    assert made > 300


@pytest.mark.parametrize("deal", [9, 28])
def test_a_depth_first_frames_packed_steps_give_back_the_steps_in_order(deal):
    """A depth-first frame keeps its steps packed (memory): unpacked one
    after the other they are the steps' moves, best first, for the fast
    and the sound generators alike, along a line of play."""
    rng = random.Random(deal)
    board = new_board(make_code("EH", deal))
    for _ in range(60):
        pos = position_from_board(board)
        for steps in (quick_steps(pos), complete_steps(pos)):
            blob, at, unpacked = pack_steps(steps), 0, []
            while at < len(blob):
                moves, at = unpack_step(blob, at)
                unpacked.append(moves)
            assert unpacked == [list(moves) for _, moves in steps]
        board.push(rng.choice(list(board.legal_actions)))


@pytest.mark.parametrize("deal", QUICK_DEALS)
def test_a_depth_first_win_line_replays_from_the_root(deal):
    """The line of a depth-first win is made again from the frames on its
    path (it is not kept level by level): every move of it is legal where
    it is played, from the root, and it empties the tableau; and the
    engine replays it to ``won``."""
    board = new_board(make_code("EH", deal))
    prefix: list[Move] = []
    root = play_safe(position_from_board(board), prefix)
    found = depth_first(root, quick_steps, play_safe_after, Budget(200_000))
    assert found.outcome == "solved" and len(found.line) > 50
    pos = root
    for move in found.line:
        assert is_legal(pos, move)
        pos = apply(pos, move)
    assert tableau_empty(pos)
    replay = new_board(make_code("EH", deal))
    for action in to_actions(board, shorten(position_from_board(board), prefix + found.line)):
        replay.push(action)
    assert replay.is_won


def test_the_final_sound_search_gets_at_most_sound_cap_positions(monkeypatch):
    """The sound search's share is capped (its table and path are the
    largest held at once): the fast runs take what is over.  At the batch
    limit the cap changes nothing (3 % of 5 000 000 is below it)."""
    from harp.solve.easyharp import solver
    given: list[int] = []
    real = solver.sound_search

    def recorded(root, budget, *rest):
        given.append(budget.limit)
        return real(root, budget, *rest)
    monkeypatch.setattr(solver, "sound_search", recorded)
    batch = BATCH_LIMITS.max_states
    assert int(solver.FAST_SHARE * batch) > batch - solver.SOUND_CAP
    board = new_board(make_code("EH", 57778))
    assert solve_easy_harp(board, SolveLimits(max_states=40_000)).outcome == "unknown"
    # (the fast runs' last expansion may go a few positions past their share)
    assert given[0] == solver.SOUND_FIRST and 1_100 < given[1] <= 1_200
    given.clear()
    monkeypatch.setattr(solver, "SOUND_CAP", 500)
    result = solve_easy_harp(board, SolveLimits(max_states=40_000))
    assert result.outcome == "unknown" and result.states == 40_000
    assert given[0] == solver.SOUND_FIRST and 400 < given[1] <= 500


def test_a_solve_leaves_no_score_table_behind():
    """The score tables are module-wide; a process that solves deal after
    deal (an atlas piece) must not carry one deal's tables into the next
    (memory), and emptying them changes no search: the same deal gives
    the same positions and line again."""
    import harp.solve.easyharp.search as search
    first = solve(new_board(make_code("EH", 26, 0)), BATCH_LIMITS)
    assert search._MEMOS and not any(search._MEMOS)
    again = solve(new_board(make_code("EH", 26, 0)), BATCH_LIMITS)
    assert (again.outcome, again.states, again.script()) == \
        (first.outcome, first.states, first.script())


def test_a_won_position_is_answered_at_once():
    """RULES A1.9: nothing to search; the line search of harp solve's
    limits used to spend all its 60 000 positions on the empty line."""
    won = position([], [], [13] * 8)
    result = solve(won)                          # DEFAULT_LIMITS: line_states 60 000
    assert (result.outcome, result.actions, result.states, result.verdict_states) == (
        "solved", [], 1, 1)


def test_a_hint_may_undo_what_the_start_can_undo():
    """hint(board, ['u']) undoes the board's last action, as board.is_legal('u')
    says; it was refused "nothing to undo" (the copy it worked on had no history)."""
    board = new_board("EH1-N-AAAAAAF")
    board.push("1>f")
    assert board.is_legal("u")
    found = hint(board, ["u"])
    assert found.outcome == "solved" and found.action is not None
    assert board.script() == "1>f"
