"""The Easy Harp prover and rule NEVER-MOVES (RULES A1): never trust them.

Every ``lost`` here is re-checked by the plain exhaustive search over the
engine's legal actions (tests/helpers.py, draws, redeals and take-backs
included, nothing pruned); every win is replayed by the engine to ``won``.
"""
from __future__ import annotations

import random

import pytest
from test_solve_eh import (QUICK_DEALS, _king_position, _waste_position, cards, dead_position,
                           locked_position, plain_solvable, position, queen_endgame,
                           replays_to_won, take_back_position)

from harp import new_board
from harp.deals import make_code
from harp.solve import SolveLimits, SolveResult
from harp.solve.easyharp import solve_easy_harp
from harp.solve.easyharp.deadends import LOCKED, STUCK, dead_end
from harp.solve.easyharp.model import TAKE_BACK, apply, key, position_from_board
from harp.solve.easyharp.moves_sound import complete_steps
from harp.solve.easyharp.movable import stuck_cards
from harp.solve.budget import Budget
from harp.solve.easyharp.prove import LOST, WINNABLE, prove_lost
from harp.solve.easyharp.safe import play_proved
from harp.solve.easyharp import search
from harp.solve.easyharp.search import depth_first


def kings_on_the_7d(talon: str, heights: list[int]):
    """Each KD lies on a 7D that diamonds need next (RULES A1.4, A1.7): a
    king leaves only for an empty column, and every other column holds
    diamonds that wait for the 7D or for a black card; ``talon`` and the
    slot ``heights`` give the rest."""
    return position([
        (1, cards("7D KD")), (1, cards("7D KD")), (0, cards("8D")), (0, cards("8D")),
        (0, cards("9D TD")), (0, cards("9D JD")), (0, cards("TD")), (0, cards("JD QD")),
        (0, cards("QD")),
    ], cards(talon), heights)


def blocked_king():
    """A king above the card its own suit needs, no empty column reachable:
    every black card is up under a king that also needs an empty column to
    come back.  The hearts in the talon go up, which changes nothing."""
    return kings_on_the_7d("KH QH", [13, 13, 11, 13, 6, 6, 13, 13])


def saved_king():
    """:func:`blocked_king` with the top spades (JS, QS, KS) in play
    instead of the hearts: it looks as blocked, but take-backs save it
    (RULES A1.10, A1.4): the JS taken back onto a QD takes the TD of column
    5; the QS of the talon goes on a KD, a JD on it, the TS taken back on
    the JD and the 9D left in column 5 on the TS, which empties column 5
    for the run KD QS JD TS 9D."""
    return kings_on_the_7d("KS QS", [13, 11, 13, 13, 6, 6, 13, 13])


def tangled_position():
    """Lost, though no pattern sees it and a player has eight actions:
    9D onto TC or TS, TD onto JC, take-backs of an 8S, the 5H or the 5D,
    and draws (RULES A1.2-A1.10).  Clubs wait for the 4C at the bottom of
    column 3 and hearts for the 6H on it, under 7H 6C; diamonds for the
    6D under the 5C of column 4; spades for a 9S, at the bottom of column
    5 or in column 9 under 8D 7C.  Every line runs out of places for the
    cards on top of these.  (Found by shrinking a position met on a random
    game of deal 14: the prover searches 72 positions.)"""
    return position([
        (0, cards("KS QD JS TD")), (0, cards("TC")), (2, cards("4C 6H 7H 6C")),
        (1, cards("8C 6D 5C")), (2, cards("9S 7D JC")), (0, cards("QS")),
        (0, cards("KH QS JD TS")), (2, cards("9H 8H JH TS 9D")),
        (3, cards("QC KD 9C JS TH 9S 8D 7C")),
    ], cards("KS KH KC QH"), [8, 8, 12, 5, 13, 5, 13, 3])


def test_lost_positions_are_proved_and_rechecked():
    """RULES A1.9: each of these is proved lost, and the plain exhaustive
    search over every legal action finds no win either.  Rule NEVER-MOVES
    sees the blocked king, which patterns BLOCKED and LOCKED miss (a king
    is never LOCKED, and the hearts can move), both copies of the 5S
    buried under the 6S that need them, and the locked QS; the tangled
    position needs a search."""
    expected = {blocked_king: STUCK, dead_position: STUCK, locked_position: LOCKED,
                tangled_position: None}
    for make, pattern in expected.items():
        board = make()
        assert dead_end(position_from_board(board)) == pattern, make.__name__
        proof = prove_lost(board.copy(), 10_000)
        assert (proof.verdict, proof.line, proof.actions) == (LOST, [], []), make.__name__
        assert plain_solvable(board.copy()) is False, make.__name__
    assert prove_lost(tangled_position(), 10_000).positions == 72


def test_the_tangled_position_is_not_lost_at_a_glance():
    """No card of the tangled position is stuck for rule NEVER-MOVES, nor
    after rule SAFE-UP's moves, and the engine offers moves of every kind
    (column to column, take-backs, draws)."""
    board = tangled_position()
    root = position_from_board(board)
    assert stuck_cards(root) == [] and stuck_cards(play_proved(root, [])) == []
    assert [str(action) for action in board.legal_list()] == [
        "1>5", "8>2", "8>7", "f1>8", "f2>8", "f4>3", "f6>3", "d"]


def test_positions_that_look_lost_are_won():
    """RULES A1.4, A1.8, A1.10: positions that look lost and are not: a
    king on what its column needs saved by take-backs, a win that needs a
    take-back, a card the hearts need last in the talon, a king over a
    face-down card.  No card is stuck for NEVER-MOVES, and the prover's
    win replays on the engine to ``won``."""
    for make in (saved_king, take_back_position, _waste_position, _king_position):
        board = make()
        assert stuck_cards(position_from_board(board)) == [], make.__name__
        proof = prove_lost(board.copy(), 10_000)
        assert proof.verdict == WINNABLE, make.__name__
        assert replays_to_won(board, _solved(proof.actions)), make.__name__
    assert plain_solvable(saved_king()) is True


def _solved(actions: list[str]) -> SolveResult:
    return SolveResult("solved", actions)


def test_never_moves_agrees_with_plain_search_on_queen_endgames():
    """Rule NEVER-MOVES on random queen endgames: wherever it finds a
    stuck card the plain search finds no win (among them positions that
    pattern LOCKED does not see), and it fires wherever LOCKED does."""
    rng = random.Random(3)
    fired = beyond_locked = 0
    for _ in range(400):
        board = queen_endgame(rng)
        pos = position_from_board(board)
        stuck = bool(stuck_cards(pos))
        locked = dead_end(pos) == LOCKED
        assert stuck or not locked, str(board)
        if not stuck or fired == 16:
            continue
        fired += 1
        beyond_locked += not locked
        assert plain_solvable(board.copy()) is False, str(board)
    assert fired == 16 and beyond_locked >= 6


def near_tangled(rng: random.Random):
    """The tangled position with two cards of the tableau and talon
    swapped, once or twice: some are lost, some won."""
    board = tangled_position()
    piles = [*board.columns, board.stock]
    places = [(pile, i) for pile in piles for i in range(len(pile))]
    for _ in range(rng.randrange(1, 3)):
        (one, i), (two, j) = rng.sample(places, 2)
        one[i], two[j] = two[j], one[i]
    return board


@pytest.mark.slow
def test_prover_agrees_with_plain_search_near_the_tangled_position():
    """Positions near the tangled one (RULES A1): the prover's ``lost`` is
    confirmed by the plain search and by the sound search without rule
    NEVER-MOVES; its wins replay to ``won``.  Both verdicts occur."""
    rng = random.Random(1)
    verdicts = {LOST: 0, WINNABLE: 0, "unknown": 0}
    plain = 0
    for _ in range(30):
        board = near_tangled(rng)
        proof = prove_lost(board.copy(), 3_000)
        verdicts[proof.verdict] += 1
        if proof.verdict == WINNABLE:
            assert replays_to_won(board, _solved(proof.actions)), str(board)
        elif proof.verdict == LOST and proof.positions > 1:
            root = play_proved(position_from_board(board), [])
            without = depth_first(root, complete_steps, play_proved, Budget(100_000))
            assert without.outcome == "unsolvable", str(board)
            if plain < 10:
                plain += 1
                assert plain_solvable(board.copy()) is False, str(board)
    assert verdicts[LOST] >= 10 and verdicts[WINNABLE] >= 8, verdicts


def random_game(deal: int, seed: float, length: int = 400) -> list:
    """The model positions of a seeded random game from the deal's
    opening: the sound search's moves but take-backs, the first ones of
    its order most likely, until some card is stuck for NEVER-MOVES (the
    last position); empty if none is within ``length`` moves."""
    rng = random.Random(seed)
    pos = position_from_board(new_board(make_code("EH", deal)))
    path = [pos]
    for _ in range(length):
        if stuck_cards(pos):
            return path
        steps = [step for step in complete_steps(pos) if step[1][0].kind != TAKE_BACK]
        if not steps:
            break
        for move in min(steps, key=lambda step: step[0] + rng.random() * 6)[1]:
            pos = apply(pos, move)
        path.append(pos)
    return []


def test_never_moves_cuts_inside_the_search():
    """On positions of random games just before a card gets stuck, the
    prover and the sound search without rule NEVER-MOVES both prove the
    position lost; the rule, applied to every position the search makes,
    cuts the positions searched (51 against 3 332 on deal 8)."""
    for deal, seed, positions, without_rule in ((8, 3, 51, 3332), (11, 4, 8, 88)):
        pos = random_game(deal, seed)[-2]
        proof = prove_lost(pos, 10_000)
        without = depth_first(play_proved(pos, []), complete_steps, play_proved, Budget(10_000))
        assert (proof.verdict, proof.positions) == (LOST, positions)
        assert (without.outcome, without.states) == ("unsolvable", without_rule)


def test_never_moves_never_fires_on_a_winning_line():
    """Every position along a winning line is won: along the solver's
    lines for two deals (each replayed on the engine), no card is ever
    stuck for rule NEVER-MOVES, from the opening to the last action."""
    for number in QUICK_DEALS[:2]:
        board = new_board(make_code("EH", number))
        result = solve_easy_harp(board, SolveLimits())
        assert result.solved
        for token in result.actions:
            assert stuck_cards(position_from_board(board)) == [], (number, board.script())
            board.push(token)
        assert board.is_won


def test_known_lost_positions_are_not_searched_again():
    """A ``lost`` verdict adds the keys of every position met to
    ``known``; given them, the same position (or one met on the way) is
    lost at once, and the verdict is the same without them."""
    board = tangled_position()
    known: set = set()
    first = prove_lost(board.copy(), 10_000, known)
    assert first.verdict == LOST and len(known) == first.positions
    assert prove_lost(board.copy(), 10_000, known) == (LOST, [], [], 1)
    after = board.copy()
    after.push("8>2")
    assert key(play_proved(position_from_board(after), [])) in known
    assert prove_lost(after.copy(), 10_000, known).positions == 1
    assert prove_lost(after.copy(), 10_000).verdict == LOST


def test_unknown_when_the_positions_run_out():
    """A proof cut short answers ``unknown``, never ``lost``."""
    proof = prove_lost(tangled_position(), 10)
    assert (proof.verdict, proof.positions) == ("unknown", 10)


def test_the_solver_answers_unsolvable_from_the_prover():
    """The solver's front door (RULES A1): the tangled position, which no
    dead-end pattern sees, is ``unsolvable`` after the short sound search
    (the prover's, with rule NEVER-MOVES); the blocked king before any
    search."""
    result = solve_easy_harp(tangled_position(), SolveLimits(timeout=60))
    assert result.outcome == "unsolvable" and 72 <= result.states <= 1_000
    result = solve_easy_harp(blocked_king(), SolveLimits(timeout=60))
    assert (result.outcome, result.states) == ("unsolvable", 0)


def test_a_table_of_compact_keys_makes_the_same_searches(monkeypatch):
    """The sound search keeps compact keys (a ``KeySet``) once its budget
    is large (``COMPACT_FROM``); with them from the first position, the
    prover near the tangled position and the solver on quick deals give
    the same verdicts, positions and lines as with plain keys."""
    rng = random.Random(2)
    boards = [near_tangled(rng) for _ in range(20)] + [tangled_position(), saved_king()]
    deals = QUICK_DEALS[:4]

    def run() -> list:
        proofs = [prove_lost(board.copy(), 3_000) for board in boards]
        solved = [solve_easy_harp(new_board(make_code("EH", deal)), SolveLimits(max_states=3_000,
                                                                                line_states=0))
                  for deal in deals]
        return proofs + [(s.outcome, s.states, s.actions) for s in solved]

    plain = run()
    monkeypatch.setattr(search, "COMPACT_FROM", 0)
    assert run() == plain
    verdicts = [proof.verdict for proof in plain[:len(boards)]]
    assert LOST in verdicts and WINNABLE in verdicts


def test_a_table_that_forgets_keeps_the_proofs(monkeypatch):
    """A depth-first table past ``TABLE_CAP`` keeps only its path's keys
    and searches on: near the tangled position (RULES A1), with a cap of
    30 keys and compact keys from the first position, the prover's
    verdicts are those of a table that remembers (or ``unknown``, when the
    positions made again use up the budget); a ``lost`` that took more
    positions than the remembering search (it forgot) is confirmed by the
    plain search, and every win replays to ``won``."""
    rng = random.Random(1)
    boards = [near_tangled(rng) for _ in range(12)]
    remembered = [prove_lost(board.copy(), 3_000) for board in boards]
    monkeypatch.setattr(search, "COMPACT_FROM", 0)
    monkeypatch.setattr(search, "TABLE_CAP", 30)
    forgot = {LOST: 0, WINNABLE: 0}
    for board, full in zip(boards, remembered):
        proof = prove_lost(board.copy(), 3_000)
        assert proof.verdict in (full.verdict, "unknown"), str(board)
        assert proof.positions >= full.positions, str(board)
        if proof.verdict == WINNABLE:
            assert replays_to_won(board, _solved(proof.actions)), str(board)
        if proof.verdict != "unknown" and proof.positions > full.positions:
            forgot[proof.verdict] += 1
            if proof.verdict == LOST and forgot[LOST] == 1:
                assert plain_solvable(board.copy()) is False, str(board)
    assert forgot[LOST] >= 3 and forgot[WINNABLE] >= 1, forgot
