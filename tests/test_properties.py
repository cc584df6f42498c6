"""Invariants under random play from random deals of every variant
(hypothesis): cards are never created or lost, undo and pop restore the exact
position, printed scripts parse back, the score never goes below 0, and a
refused action changes nothing."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from harp import IllegalActionError, NotationError, new_board
from harp.deals import MAX_DEAL, make_code
from harp.notation import parse_script

VARIANTS = [("EH", 0), ("SH", 4), ("SH", 2), ("SH", 1)]
# Tokens tried besides the legal actions: taps, double taps, undo, and
# moves the rules often refuse (so refusals are exercised too).
EXTRA_TOKENS = ["t1", "t3", "tt2", "tt5", "ttw", "tta", "u", "u", "d", "1>2", "3:4>5", "f>1", "a>b"]


def snapshot(board) -> tuple:
    """Everything a position is, except the move counter and history."""
    parts = [tuple(map(tuple, board.columns)), tuple(map(tuple, board.foundations)), board.score]
    if board.game == "EH":
        parts += [tuple(board.face_down), tuple(board.stock), tuple(board.waste)]
    else:
        parts += [tuple(board.cells)]
    return tuple(parts)


def all_cards(board) -> Counter:
    piles = list(board.columns) + list(board.foundations)
    if board.game == "EH":
        piles += [board.stock, board.waste]
    else:
        piles += [[c] for c in board.cells if c is not None]
    return Counter(card for pile in piles for card in pile)


plays = st.tuples(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL),
                  st.lists(st.integers(0, 10_000), min_size=1, max_size=80))


def choose(board, pick: int):
    legal = list(board.legal_actions)
    if pick % 5 == 0 or not legal:
        token = EXTRA_TOKENS[pick % len(EXTRA_TOKENS)]
        try:
            return board.parse_action(token)
        except NotationError:
            return None
    return legal[pick % len(legal)]


@settings(max_examples=60, deadline=None)
@given(plays)
def test_random_play_keeps_every_invariant(play) -> None:
    (game, cells), number, picks = play
    board = new_board(make_code(game, number, cells or 4))
    full_deck = all_cards(board)
    expected = Counter({c: (2 if game == "EH" else 1) for c in range(52)})
    assert full_deck == expected
    for pick in picks:
        action = choose(board, pick)
        if action is None:
            continue
        before, moves_before = snapshot(board), board.moves
        generated = list(board.legal_actions)
        try:
            board.push(action)
        except IllegalActionError:
            assert snapshot(board) == before and board.moves == moves_before
            continue
        if action.kind == "move" and action.count is None and action.src != "f":
            assert action in generated          # generation misses no accepted move
        assert all_cards(board) == full_deck
        assert board.score >= 0
        after = snapshot(board)
        board.pop()                            # exact take-back, counter included
        assert snapshot(board) == before and board.moves == moves_before
        board.push(action)
        assert snapshot(board) == after
        if action.kind != "undo" and board.can_undo():
            board.push("u")                     # the player's undo: position back, counter kept
            assert snapshot(board) == before and board.moves == moves_before + 1
            board.pop()
            assert snapshot(board) == after
    script = board.script()
    assert parse_script(script, game, cells) == board.actions
    again = new_board(board.code)
    again.push_script(script)
    assert snapshot(again) == snapshot(board) and again.moves == board.moves


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL))
def test_every_generated_action_is_accepted_and_prints_back(variant, number) -> None:
    game, cells = variant
    board = new_board(make_code(game, number, cells or 4))
    for action in list(board.legal_actions):
        assert board.parse_action(str(action)) == action
        assert board.is_legal(action)
