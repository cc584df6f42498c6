"""The Easy Harp solver's model against the engine (RULES A1).

The solver keeps its own fast encoding of a position
(:mod:`harp.solve.easyharp.model`), derived from the engine's rule tables;
these tests check that the two agree, move by move, on random games.
"""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from harp import new_board
from harp.deals import make_code
from harp.easyharp import FITS, PARENTS, SLOT_BASE
from harp.easyharp import SLOT_SUIT as ENGINE_SLOT_SUIT
from harp.solve.budget import Budget
from harp.solve.easyharp.lines import shorten, to_actions
from harp.solve.easyharp.moves_fast import play_safe, play_safe_after, wide_steps
from harp.solve.easyharp.model import (CHILDREN, COL_TO_COL, COL_TO_FOUNDATION, SLOT_SUIT,
                                       TAKE_BACK, TALON_ONE, TALON_TO_COL, TALON_TO_FOUNDATION,
                                       Move, apply, compact_keys, is_legal, key,
                                       position_from_board, slot_for)
from harp.solve.easyharp.packed import KeySet


def test_tables_agree_with_the_engine():
    """RULES A1.2, A1.7, B5: the solver's tables are the engine's, or
    derived from them."""
    assert SLOT_SUIT == ENGINE_SLOT_SUIT
    for card in range(52):
        assert set(CHILDREN[card]) == {c for c in range(52) if FITS[c * 52 + card]}
        assert all(card in PARENTS[child] for child in CHILDREN[card])
        assert TALON_ONE[card] == 1 << (2 * card)
    for slot in range(8):
        assert SLOT_BASE[SLOT_SUIT[slot]] == slot - slot % 2


def model_move(board, action) -> Move:
    """The model's move for an engine action (a move, not a draw)."""
    src, dst = action.src, action.dst
    if src == "w":
        card = board.waste[-1]
        if dst.startswith("f"):
            return Move(TALON_TO_FOUNDATION, -1, -1, card)
        return Move(TALON_TO_COL, -1, int(dst) - 1, card)
    if src.startswith("f"):
        slot = int(src[1:]) - 1
        return Move(TAKE_BACK, slot, int(dst) - 1, board.foundations[slot][-1])
    column = int(src) - 1
    card = board.columns[column][-1]
    if dst.startswith("f"):
        return Move(COL_TO_FOUNDATION, column, -1, card)
    return Move(COL_TO_COL, column, int(dst) - 1, card)


def test_model_moves_agree_with_the_engine_on_random_games():
    """RULES A1.2-A1.10: on random games (draws, redeals and take-backs
    included), every legal engine move is legal in the model, and the
    model's position after it equals the engine's (talon as a multiset,
    slots in the engine's order: ``X>f`` takes the first slot that
    accepts, A1.7)."""
    rng = random.Random(5)
    checked = 0
    for number in (1, 2, 3):
        board = new_board(make_code("EH", number))
        for _ in range(400):
            actions = board.legal_list()
            action = rng.choice(actions)
            if action.kind == "move":
                pos = position_from_board(board)
                move = model_move(board, action)
                assert is_legal(pos, move), (str(action), move)
                if move.kind in (COL_TO_FOUNDATION, TALON_TO_FOUNDATION):
                    assert slot_for(pos.slots, move.card) == board._slot_for(move.card)
                after = apply(pos, move)
                board.push(action)
                assert after == position_from_board(board), str(action)
                checked += 1
            else:
                board.push(action)
    assert checked > 600


def test_key_forgets_column_order_and_a_suits_slot_order():
    """The transposition key's symmetries: the nine columns in any order,
    the two slots of a suit swapped, the talon in any order."""
    board = new_board(make_code("EH", 4))
    pos = position_from_board(board)
    cols = list(pos.columns)
    cols.reverse()
    slots = list(pos.slots)
    slots[0], slots[1] = 3, 0
    other = list(pos.slots)
    other[0], other[1] = 0, 3
    assert key(pos._replace(columns=tuple(cols))) == key(pos)
    assert key(pos._replace(slots=tuple(slots))) == key(pos._replace(slots=tuple(other)))
    board.stock.reverse()
    assert key(position_from_board(board)) == key(pos)
    assert key(pos._replace(talon=pos.talon - TALON_ONE[board.stock[0]])) != key(pos)


def test_shorten_cuts_a_take_back_and_its_undoing():
    """A take-back straight followed by the same card back to a foundation
    is cut from a winning line; what is left still wins, and its actions
    replay to ``won`` (RULES A1.10, B7)."""
    from test_solve_eh import take_back_position

    from harp.solve.easyharp.moves_sound import complete_steps
    from harp.solve.easyharp.safe import play_proved
    from harp.solve.easyharp.search import depth_first
    board = take_back_position()
    root = position_from_board(board)
    found = depth_first(play_proved(root, []), complete_steps, play_proved, Budget(10_000))
    line = found.line
    assert found.outcome == "solved" and root == play_proved(root, [])
    # f4 holds the hearts up to 7H, column 2 ends with 8C: 7H may come back
    detour = [Move(TAKE_BACK, 3, 1, 4 * 6 + 2), Move(COL_TO_FOUNDATION, 1, -1, 4 * 6 + 2)]
    assert is_legal(root, detour[0]) and is_legal(apply(root, detour[0]), detour[1])
    assert shorten(root, detour + line) == shorten(root, line)
    after = board.copy()
    after.push_script(" ".join(to_actions(board, shorten(root, detour + line))))
    assert after.status() == "won"


def test_play_safe_after_a_step_agrees_with_the_full_closure():
    """The searches close a child with ``play_safe_after``, which looks
    only at what the step changed; along random walks from closed
    positions it must give what the full ``play_safe`` gives."""
    rng = random.Random(1)
    checked = 0
    for number in range(1, 13):
        pos = play_safe(position_from_board(new_board(make_code("EH", number))), [])
        for _ in range(60):
            children = []
            for _, moves in wide_steps(pos):
                child = pos
                for move in moves:
                    child = apply(child, move)
                full = play_safe(child, list(moves))
                assert play_safe_after(child, list(moves)) == full
                children.append(full)
                checked += 1
            if not children:
                break
            pos = rng.choice(children)
    assert checked > 3000


def test_compact_keys_are_equal_exactly_when_keys_are():
    """A search's table may hold :func:`compact_keys` instead of keys:
    over the positions of random games (and two made to share runs of
    face-down cards), two compact keys are equal exactly when the keys
    are, so the search makes the same positions."""
    rng = random.Random(8)
    pool = []
    for number in (4, 5, 6):
        board = new_board(make_code("EH", number))
        root = position_from_board(board)
        compact = compact_keys(root)
        for _ in range(300):
            action = rng.choice(board.legal_list())
            board.push(action)
            pos = position_from_board(board)
            pool.append((key(pos), compact(pos)))
    by_key: dict[bytes, bytes] = {}
    for k, c in pool:
        assert by_key.setdefault(k, c) == c
    assert len(set(by_key.values())) == len(by_key) > 200
    saved = sum(len(k) - len(c) for k, c in pool) / len(pool)
    assert saved > 10                   # face-down runs of 1-8 cards, one byte each
    # Two columns whose face-down runs hold the same cards (two decks):
    # swapping their face-up cards gives the same key, and compact key.
    root = position_from_board(new_board(make_code("EH", 7)))
    cols = list(root.columns)
    cols[2], cols[3] = b"\x02\x05\x07\x10", b"\x02\x05\x07\x21"
    root = root._replace(columns=tuple(cols))
    compact = compact_keys(root)
    swapped = list(cols)
    swapped[2], swapped[3] = cols[3], cols[2]
    other = root._replace(columns=tuple(swapped))
    assert key(other) == key(root) and compact(other) == compact(root)
    turned = list(cols)
    turned[2] = b"\x01\x05\x07\x10"                     # the 7 turned face up
    assert compact(root._replace(columns=tuple(turned))) != compact(root)


@given(st.lists(st.binary(max_size=40), max_size=3000))
@settings(max_examples=40, deadline=None)
def test_a_key_set_is_a_set_of_bytes(keys):
    table, plain = KeySet(), set()
    for i, k in enumerate(keys):
        if i % 2:
            assert table.insert(k) == (k not in plain)
        else:                                   # a search's pattern: look up, then add
            assert (k in table) == (k in plain)
            table.add(k)
        plain.add(k)
        assert k in table
    assert len(table) == len(plain) and set(table) == plain
    assert all((k + b"!" in table) == (k + b"!" in plain) for k in keys[:50])


def test_compact_keys_of_positions_set_up_by_hand():
    """Columns whose face-up cards are not built by the rules, or are,
    in any order, with any face-down run of the root: compact keys are
    equal exactly when keys are."""
    rng = random.Random(11)
    root = position_from_board(new_board(make_code("EH", 9)))
    compact = compact_keys(root)
    made = []
    for _ in range(3000):
        cols = []
        for col in root.columns:
            down = rng.randrange(col[0] + 1)
            up = [rng.randrange(52)]
            for _ in range(rng.randrange(4)):
                up.append(rng.choice(CHILDREN[up[-1]] or (0,)) if rng.random() < 0.8
                          else rng.randrange(52))
            cols.append(bytes((down,)) + col[1:1 + down] + bytes(up[:rng.randrange(5)]))
        slots = tuple(rng.randrange(3) for _ in range(8))
        pos = root._replace(columns=tuple(cols), slots=slots, talon=rng.randrange(4))
        made.append(pos)
        shuffled = list(cols)
        rng.shuffle(shuffled)
        swapped = (slots[1], slots[0]) + slots[2:]
        made.append(pos._replace(columns=tuple(shuffled), slots=swapped))
    by_key: dict[bytes, bytes] = {}
    for pos in made:
        assert by_key.setdefault(key(pos), compact(pos)) == compact(pos)
    assert len(set(by_key.values())) == len(by_key) > 2000
