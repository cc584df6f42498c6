"""The Seahaven solver's fast encodings agree with the engine (RULES A2).

The solver keeps its own tables and byte encodings for speed, derived from
the engine's; these tests hold them to the engine: the capacity tables to
``harp.seahaven.capacity``, the card literals to ``harp.cards``, and the
searched moves, on positions along random searches, to the engine's legal
moves and to the positions the engine reaches by playing them.
"""
from __future__ import annotations

import random

from harp import new_board
from harp.cards import KING, make_card, rank_of, suit_of
from harp.deals import make_code
from harp.seahaven import N_COLUMNS, SLOT_OF_SUIT, capacity
from harp.solve.seahaven.solver import foundation_needs, script_of
from harp.solve.seahaven.moves import (KING_FROM_CELL, KING_RUN_TO_EMPTY, PARK,
                                       RUN_ONTO_SUCCESSOR, apply_move, moves_to_search)
from harp.solve.seahaven.position import (CAPACITY, CAPACITY_INTO_EMPTY, COMPLETE, FIRST_KING,
                                          MAX_CELLS, close_root)


def test_capacity_tables_are_the_engines() -> None:
    """RULES A2.5 for every count of free cells and empty columns; into an
    empty column the destination does not count, and with none no run fits."""
    for free in range(MAX_CELLS + 1):
        for empty in range(N_COLUMNS + 1):
            assert CAPACITY[free][empty] == capacity(free, empty)
            assert CAPACITY_INTO_EMPTY[free][empty] == (capacity(free, empty - 1) if empty
                                                        else 0)


def test_card_literals_are_the_engines_encoding() -> None:
    """The hot code's ``c + 4`` (successor), ``c & 3`` (suit), kings from
    FIRST_KING, and COMPLETE + s for a complete suit s."""
    for card in range(COMPLETE):
        assert card & 3 == suit_of(card)
        assert (card >= FIRST_KING) == (rank_of(card) == KING)
        if rank_of(card) < KING:
            assert card + 4 == make_card(rank_of(card) + 1, suit_of(card))
    assert [COMPLETE + s for s in range(4)] == [make_card(KING + 1, s) for s in range(4)]


def engine_board(cols: tuple[bytes, ...], cells: bytes, need: list[int], ncells: int):
    """The engine's board for a position as the search holds it."""
    board = new_board(make_code("SH", 1, ncells))
    board.columns = [list(col) for col in cols]
    board.cells = list(cells) + [None] * (ncells - len(cells))
    board.foundations = [[] for _ in range(4)]
    for suit in range(4):
        board.foundations[SLOT_OF_SUIT[suit]] = [make_card(r, suit)
                                                 for r in range(rank_of(need[suit]))]
    return board


def same_position(board, cols: tuple[bytes, ...], cells: bytes, need: list[int]) -> bool:
    return (sorted(map(bytes, board.columns)) == sorted(cols)
            and bytes(sorted(c for c in board.cells if c is not None)) == cells
            and foundation_needs(board.foundations) == need)


def test_foundation_needs_are_what_the_engine_accepts() -> None:
    """RULES A2.3, B5: the card ``foundation_needs`` names for a suit is the
    one the engine lets onto that suit's foundation, and the next is not."""
    needs = [make_card(3, 0), make_card(0, 1), make_card(KING, 2), COMPLETE + 3]
    foundations: list[list[int]] = [[] for _ in range(4)]
    for suit, need in enumerate(needs):
        foundations[SLOT_OF_SUIT[suit]] = [make_card(r, suit) for r in range(rank_of(need))]
    assert foundation_needs(foundations) == needs
    for need in needs[:3]:
        for card in (need, need + 4):
            if card < COMPLETE:
                board = new_board(make_code("SH", 1, 4))
                board.columns = [[card]] + [[] for _ in range(N_COLUMNS - 1)]
                board.foundations = [list(pile) for pile in foundations]
                assert ("1>f" in map(str, board.legal_list())) == (card == need), card


def test_searched_moves_agree_with_the_engine() -> None:
    """RULES A2.3-A2.5 along random searches: the run moves the solver lists
    (every one, no lazy pruning) are exactly the engine's legal moves of a
    column's run onto another column and, into the first empty column, of
    a king-led run that does not fill its column; and every searched move,
    with the forced moves after it, is a legal script for the engine that
    reaches the position the solver computed."""
    rng = random.Random(5)
    checked = {RUN_ONTO_SUCCESSOR: 0, KING_RUN_TO_EMPTY: 0, KING_FROM_CELL: 0, PARK: 0}
    for ncells, number in [(n, d) for n in (1, 2, 4) for d in range(1, 41)]:
        start = new_board(make_code("SH", number, ncells))
        cols_l = [bytes(col) for col in start.columns]
        need = foundation_needs(start.foundations)
        cells = close_root(cols_l, bytes(sorted(c for c in start.cells if c is not None)),
                           need, [])
        cols = tuple(cols_l)
        for _ in range(60):
            searched = moves_to_search(cols, cells, ncells, need, False)
            board = engine_board(cols, cells, need, ncells)
            legal = [a for a in board.legal_list() if a.src.isdigit() and a.dst.isdigit()]
            first_empty = str(cols.index(b"") + 1) if b"" in cols else None
            engine_runs = {(int(a.src) - 1, int(a.dst) - 1) for a in legal
                           if board.columns[int(a.dst) - 1]}
            engine_kings = {int(a.src) - 1 for a in legal if a.dst == first_empty
                            and len(board.columns[int(a.src) - 1]) > board.run_length(
                                int(a.src) - 1)}
            assert {(s, d) for k, s, d in searched if k == RUN_ONTO_SUCCESSOR} == engine_runs
            assert {s for k, s, _ in searched if k == KING_RUN_TO_EMPTY} == engine_kings
            for move in searched:
                ncols, ncells_b, nneed, records = apply_move(cols, cells, need, move)
                replay = board.copy()
                replay.push_script(" ".join(script_of(board.columns, board.cells, records)))
                assert same_position(replay, ncols, ncells_b, nneed), (number, move)
                checked[move[0]] += 1
            if not searched or min(need) >= COMPLETE:
                break
            cols, cells, need, _ = apply_move(cols, cells, need, rng.choice(searched))
    assert min(checked.values()) > 0, checked
