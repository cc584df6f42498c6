"""Seahaven solver (RULES A2): never trust it.

Every solution is replayed by the engine; every ``unsolvable`` verdict that
a plain search can afford is re-checked by ``plain_solvable`` below, an
exhaustive search over *all* the engine's legal actions (take-backs and
cell-to-cell moves included, no pruning, no forced moves), keyed by the
obviously symmetric position (sorted columns, sorted cells, foundations).
"""
from __future__ import annotations

import random

import pytest
from helpers import cards, seahaven
from helpers import plain_solvable as plain_search

from harp.solve.seahaven.solver import foundation_needs, search
from harp.solve.seahaven.deadends import dead_end
from harp.solve.seahaven.moves import PARK, RUN_ONTO_SUCCESSOR, apply_move, moves_to_search
from harp.solve.seahaven.position import close_root
from harp.solve import SolveLimits, SolveResult, hint, solve
from harp import new_board
from harp.cards import FOUNDATION_SUITS
from harp.deals import make_code


def position_key(b) -> tuple:
    return (tuple(sorted(map(tuple, b.columns))),
            tuple(sorted(c for c in b.cells if c is not None)),
            tuple(map(len, b.foundations)))


def plain_solvable(board, limit: int = 3000) -> bool | None:
    """The plain exhaustive search of tests/helpers.py over the engine's
    legal actions (RULES A2.3-A2.7, take-backs included)."""
    return plain_search(board, position_key, limit)


def replays_to_won(code: str, moves: str, result: SolveResult) -> bool:
    board = new_board(code)
    board.push_script(moves + " " + result.script())
    return board.status() == "won"


def without_low_ranks(number: int, cells: int, ranks: int):
    """Deal ``number`` with every card below ``ranks`` already on its
    foundation (RULES B5 slot order): a position from late in a game."""
    board = new_board(make_code("SH", number, cells))
    board.columns = [[c for c in col if c >> 2 >= ranks] for col in board.columns]
    board.cells = [None if c is None or c >> 2 < ranks else c for c in board.cells]
    board.foundations = [[r * 4 + s for r in range(ranks)] for s in FOUNDATION_SUITS]
    return board


@pytest.mark.parametrize("number, cells", [(314, 4), (1, 4), (3, 2), (33, 2), (91, 4)])
def test_solutions_replay_to_won(number: int, cells: int) -> None:
    """RULES A2.6, B7: the script is canonical and the engine plays it to a win."""
    code = str(make_code("SH", number, cells))
    result = solve(new_board(code))
    assert result.outcome == "solved"
    assert all(">" in token for token in result.actions)
    assert replays_to_won(code, "", result)


@pytest.mark.slow
def test_unsolvable_verdicts_agree_with_plain_search_on_deals() -> None:
    """RULES A2 (all of it): whenever the plain search decides a deal within
    its budget, solver and plain search agree; unsolvable ones are most."""
    checked = unsolvable = 0
    for cells, numbers in ((1, range(1, 41)), (2, range(1, 41)), (4, (21, 70))):
        for number in numbers:
            board = new_board(make_code("SH", number, cells))
            result = solve(board)
            truth = plain_solvable(board.copy())
            if truth is None:
                continue
            checked += 1
            assert (result.outcome == "solved") == truth, (number, cells)
            unsolvable += not truth
    assert checked >= 60 and unsolvable >= 50


def test_verdicts_agree_with_plain_search_late_in_games() -> None:
    """RULES A2.3-A2.7 with cards already on the foundations, where take-backs
    are legal moves (the solver leaves them out, the plain search does not)."""
    seen = {"solved": 0, "unsolvable": 0}
    for ranks in (2, 4, 9):
        for cells in (1, 2, 4):
            for number in range(1, 13):
                board = without_low_ranks(number, cells, ranks)
                result = solve(board)
                if result.solved:
                    replay = board.copy()
                    replay.push_script(result.script())
                    assert replay.status() == "won"
                truth = plain_solvable(board.copy(), limit=1500)
                if truth is not None:
                    assert (result.outcome == "solved") == truth, (number, cells, ranks)
                    seen[result.outcome] += 1
    assert seen["solved"] >= 10 and seen["unsolvable"] >= 10


def doubling_position(run: str, target: str):
    """Hearts to free A♥ (under ``run``) by moving ``run`` onto ``target``;
    one cell holding K♦, two empty columns, spades and diamonds waiting
    for T♠ and 9♦ under A♥."""
    return seahaven(
        ["9D TS AH " + run, target, "JS", "QS", "KS", "TD", "JD", "QD"], cells=["KD"],
        foundations=["AS 2S 3S 4S 5S 6S 7S 8S 9S", "", "AD 2D 3D 4D 5D 6D 7D 8D",
                     "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"], n_cells=1)


def test_group_capacity_doubles_per_empty_column() -> None:
    """RULES A2.5: with 1 free cell and 1 empty column a run of 3 (not just
    free + 1 = 2, Freecell Solver's limit) moves onto an occupied column;
    the solver uses it, and the plain search agrees the position is won."""
    board = doubling_position("4H 3H 2H", "KH QH JH TH 9H 8H 7H 6H 5H")
    result = solve(board)
    assert result.solved and plain_solvable(board.copy(), limit=20000) is True
    widest = 0
    for action in board.parse_script(result.script()):
        before = [len(col) for col in board.columns]
        free = board.free_cells()
        board.push(action)
        if action.dst.isdigit() and action.src.isdigit():
            moved = before[int(action.src) - 1] - len(board.columns[int(action.src) - 1])
            widest = max(widest, moved - (free + 1))
    assert board.status() == "won" and widest >= 1


def test_solving_from_the_middle_of_a_game() -> None:
    """RULES B8: a position is a code plus moves; the solution continues it."""
    code = "SH1-C4-AAAAAJ2"
    opening = solve(new_board(code)).actions[:25]
    board = new_board(code)
    board.push_script(" ".join(opening))
    assert board.cards_on_foundations > 0
    result = solve(board)
    assert result.solved
    assert replays_to_won(code, " ".join(opening), result)


def test_cells_are_named_where_the_cards_are() -> None:
    """RULES B7: cell moves name the real cell; a card in cell b with cell a
    free is moved from b."""
    board = new_board("SH1-C4-AAAAAJ2")
    board.push_script("a>c")          # 5♦ from a to c: cells are now -, 6♠, 5♦, -
    result = solve(board)
    assert result.solved
    assert replays_to_won("SH1-C4-AAAAAJ2", "a>c", result)


def test_limits_give_unknown() -> None:
    """A search cut short by max_states says unknown, no script."""
    result = solve(new_board("SH1-C4-AAAAAJ2"), SolveLimits(max_states=3))
    assert result.outcome == "unknown" and result.actions == []
    assert result.states <= 3
    assert result.stopped_by == "positions"
    result = solve(new_board(make_code("SH", 91, 4)), SolveLimits(timeout=1e-9))
    assert result.outcome == "unknown" and result.stopped_by == "time"


def test_won_position_and_result_fields() -> None:
    """RULES A2.6: an already won position needs no move."""
    board = seahaven([], foundations=[" ".join(r + s for r in "A23456789TJQK")
                                      for s in "SHDC"])
    result = solve(board)
    assert result.outcome == "solved" and result.actions == []
    data = result.to_dict()
    assert list(data) == ["outcome", "script", "length", "draws", "states", "verdict_states",
                          "stopped_by", "cpu_seconds", "limits"]
    assert data["limits"] == {"max_states": 5_000_000, "line_states": 60_000, "timeout": None}
    assert (data["script"], data["length"]) == ("", 0)


def test_foundation_moves_are_explicit() -> None:
    """RULES A2.7 (nothing moves automatically): the script sends every card
    to its foundation itself; here the deal's aces are played by the script."""
    board = seahaven(["KS QS", "JS"], foundations=[
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"] + [" ".join(r + s for r in "A23456789TJQK")
                                             for s in "HDC"])
    result = solve(board)
    assert result.actions == ["2>f", "1>f", "1>f"]


def test_hint_is_the_first_winning_action() -> None:
    """``hint`` gives the next action of a winning line, or None."""
    board = new_board("SH1-C4-AAAAAJ2")
    found = hint(board)
    assert found.action == found.result.actions[0] and found.line == found.result.actions
    board.push(found.action)
    lost = hint(new_board(make_code("SH", 2, 1)))
    assert lost.action is None and lost.outcome == "unsolvable"


def test_search_on_raw_layouts() -> None:
    """The core works on plain lists too: a king-led run into the only empty
    column needs capacity (0 + 1) x 2^0 = 1 (RULES A2.5), so with no free
    cell K♥ Q♥ cannot leave A♥, and the position is lost."""
    hearts_low = [r * 4 + 2 for r in range(1, 11)]        # 2♥..J♥, J♥ on top
    columns = [[2, 50, 46], list(reversed(hearts_low))] + [[]] + [[4 * r + 3] for r in range(7)]
    need = [52, 52, 2, 3]
    outcome, _, _ = search(columns, [0], need, 1)
    assert outcome == "unsolvable"


ALL_RANKS = "A23456789TJQK"


def lost_with_full_cell():
    """One cell, holding J♦; spades and clubs home, hearts to 2♥, diamonds
    to 2♦.  J♦ can only leave onto Q♦ (under T♥, which waits for 9♥ under
    4♦ 9♦, and 4♦ waits for 3♦ at the bottom of a column) or home (after
    3♦): a dead end, though runs can still move."""
    return seahaven(["QH", "KH", "5D 9H 4D 9D", "3D JH 8D 8H TD", "4H KD", "QD TH", "6H", "3H",
                     "7H 5H 6D", "7D"], cells=["JD"],
                    foundations=[" ".join(r + "S" for r in ALL_RANKS), "AH 2H", "AD 2D",
                                 " ".join(r + "C" for r in ALL_RANKS)], n_cells=1)


def search_args(board) -> tuple:
    return ([list(col) for col in board.columns], list(board.cells), foundation_needs(board.foundations),
            len(board.cells))


@pytest.mark.slow
def test_dead_end_test_gives_up_a_lost_position_at_once() -> None:
    """DEAD-END (seahaven_deadends): the relaxation shows J♦ never leaves its
    cell, so the solver answers from the first position; the search without
    the test needs more positions, and the plain search (RULES A2, every
    legal action) agrees the position is lost."""
    board = lost_with_full_cell()
    assert search(*search_args(board)) == ("unsolvable", [], 1)
    outcome, _, states = search(*search_args(board), dead_ends=False)
    assert outcome == "unsolvable" and states > 10
    assert plain_solvable(board.copy(), limit=20000) is False


def test_dead_end_test_follows_the_capacity_rule() -> None:
    """RULES A2.5 with no free cell and no empty column: capacity 1.  The
    cell card 5♥ waits for 6♥ (or for A♥-4♥ to go home).  The run 8♣ 7♣ on
    6♥ cannot move onto the top 9♣; a lone 7♣ can move onto 8♣."""
    def dead(*columns: str) -> bool:
        return dead_end(tuple(bytes(cards(col)) for col in columns), bytes(cards("5H")),
                        foundation_needs([[]] * 4))
    assert dead("6H 8C 7C", "9C", "KH AH")           # A♥ goes home, the column stays
    assert not dead("6H 7C", "9C 8C", "KH AH")
    assert not dead("6H 8C 7C", "9C", "KH 4H 3H 2H AH")   # then 5♥ goes home
    assert not dead("6H 8C 7C", "9C", "AH")          # A♥ home empties a column: capacity 2


@pytest.mark.parametrize("cells", [1, 2])
def test_dead_end_test_keeps_every_verdict(cells: int) -> None:
    """DEAD-END and DEAD-END-ONE-CELL: on deals 1-200 the verdicts with both
    tests, with ``dead_end`` alone and with neither agree, and the tests
    alone decide many of them (the deal fills the cells: RULES A2.2, A2.7);
    with one cell the one-cell test decides more."""
    at_once = [0, 0]
    for number in range(1, 201):
        args = search_args(new_board(make_code("SH", number, cells)))
        outcome, _, states = search(*args)
        plain_outcome, _, plain_states = search(*args, one_cell=False)
        assert outcome == plain_outcome == search(*args, dead_ends=False)[0], number
        at_once[0] += outcome == "unsolvable" and states == 1
        at_once[1] += plain_outcome == "unsolvable" and plain_states == 1
    assert at_once[1] >= 50
    assert at_once[0] >= at_once[1] + (40 if cells == 1 else 0)


def lost_with_one_cell():
    """One cell holding K♥; Q♠ and 4♥ go home at once, leaving three
    empty columns, so K♥ can leave (``dead_end`` does not give up).  But
    9♥ (on 5♥) can only leave through the cell (T♥ is at the bottom of a
    column under T♦ K♠ 7♥ Q♦), and while it sits there 8♥ (waiting for 7♥,
    under Q♦) and Q♦ (waiting for K♦, under 8♥) cannot move; Q♦ in the cell
    first leaves 7♥ stuck (6♥ waits for 5♥ under 9♥)."""
    return seahaven(["KC", "QS", "TH TD KS 7H QD", "QH", "JD 4H", "6H", "QC KD 8H 5H 9H",
                     "JH"], cells=["KH"],
                    foundations=[" ".join(r + "S" for r in ALL_RANKS[:11]),
                                 " ".join(r + "H" for r in ALL_RANKS[:3]),
                                 " ".join(r + "D" for r in ALL_RANKS[:9]),
                                 " ".join(r + "C" for r in ALL_RANKS[:11])], n_cells=1)


def test_one_cell_test_gives_up_a_lost_position_at_once() -> None:
    """DEAD-END-ONE-CELL: ``dead_end`` lets K♥ leave the cell, the
    one-cell test still proves the position lost, and the plain search
    (RULES A2, every legal action) agrees."""
    board = lost_with_one_cell()
    args = search_args(board)
    assert search(*args) == ("unsolvable", [], 1)
    outcome, _, states = search(*args, one_cell=False)
    assert outcome == "unsolvable" and states > 10
    assert plain_solvable(board.copy(), limit=50000) is False


def test_one_cell_test_lets_a_card_leave_the_cell() -> None:
    """DEAD-END-ONE-CELL: with T♥ alone in a column instead, 9♥ can
    go through the cell onto it, the test does not give up, and the
    position is won (the plain search agrees)."""
    board = lost_with_one_cell()
    board.columns[2] = cards("TD KS 7H QD")
    board.columns[8] = cards("TH")
    outcome, _, states = search(*search_args(board))
    assert outcome == "solved" and states > 1
    assert plain_solvable(board.copy(), limit=50000) is True


def test_columns_stay_in_key_order_until_one_empties() -> None:
    """The search (seahaven module docstring): from columns in key order, random searched
    moves keep them sorted as long as no column has been empty (so the key
    may skip the sort)."""
    rng = random.Random(5)
    for cells in (1, 2, 4):
        for number in range(1, 31):
            board = new_board(make_code("SH", number, cells))
            cols = sorted(bytes(col) for col in board.columns)
            need = foundation_needs(board.foundations)
            cell_b = close_root(cols, bytes(sorted(c for c in board.cells if c is not None)),
                                 need, [])
            state, in_order = tuple(cols), b"" not in cols
            for _ in range(40):
                if in_order:
                    assert list(state) == sorted(state)
                searched = moves_to_search(state, cell_b, cells, need)
                if not searched:
                    break
                state, cell_b, need, _ = apply_move(state, cell_b, need, rng.choice(searched))
                in_order = in_order and b"" not in state


def position(columns: list[str], cells: str = "") -> tuple:
    """Columns and cells as the search holds them (nothing home yet)."""
    return tuple(bytes(cards(col)) for col in columns), bytes(sorted(cards(cells))), [0, 1, 2, 3]


def parks(searched: list[tuple[int, int, int]]) -> list[int]:
    return sorted(src for kind, src, _ in searched if kind == PARK)


def test_lazy_park_needs_a_move_at_the_new_top() -> None:
    """LAZY-PARK (seahaven_moves): with one free cell, parking 5♦ leaves
    9♥ on top with the cell full; unless 9♥ can move onto T♥ or 8♥ onto it,
    the park is left out.  Parking a lone king empties its column (RULES
    A2.5 capacity changes), so those parks stay."""
    kings = ["KS", "KC", "KD", "KH", "QS", "QC", "QD", "QH"]
    for last, kept in (("JS", False), ("TH", True), ("8H", True)):
        cols, cells, need = position(["AH AD 9H 5D", *kings, last])
        lazy = moves_to_search(cols, cells, 1, need)
        every = moves_to_search(cols, cells, 1, need, False)
        assert set(parks(every)) >= {0, 1, 2, 3, 4}
        assert set(parks(every)) - set(parks(lazy)) == (set() if kept else {0}), last


def test_lazy_step_needs_a_move_after_it() -> None:
    """LAZY-STEP (seahaven_moves): with the cell full and no empty column,
    5♦ onto 6♦ leaves 9♥ on top; it is searched only if something may
    follow (T♥ or 8♥ a top, 4♦ a top to follow 5♦, or a higher card's
    step), and always when it empties its column."""
    base = ["AH 9H 5D", "6D", "KS", "KC", "KD", "KH", "JS", "JC", "JD"]
    for last, kept in (("JH", False), ("TH", True), ("8H", True), ("4D", True), ("QC", True)):
        cols, cells, need = position([*base, last], "2C")
        every = moves_to_search(cols, cells, 1, need, False)
        assert (RUN_ONTO_SUCCESSOR, 0, 1) in every
        assert ((RUN_ONTO_SUCCESSOR, 0, 1) in moves_to_search(cols, cells, 1, need)) == kept, last
    cols, cells, need = position(["5D", *base[1:], "JH"], "2C")
    assert moves_to_search(cols, cells, 1, need) == [(RUN_ONTO_SUCCESSOR, 0, 1)]


@pytest.mark.parametrize("cells, last", [(1, 300), (2, 200), (4, 100)])
def test_lazy_moves_keep_every_verdict(cells: int, last: int) -> None:
    """LAZY-PARK and LAZY-STEP: the verdicts with and without
    them agree deal by deal, and the search visits fewer positions."""
    lazy_states = every_states = 0
    for number in range(1, last + 1):
        args = search_args(new_board(make_code("SH", number, cells)))
        outcome, _, states = search(*args)
        every_outcome, _, every = search(*args, lazy=False)
        assert outcome == every_outcome, number
        lazy_states += states
        every_states += every
    assert lazy_states < 0.9 * every_states
