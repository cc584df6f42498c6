"""Seahaven Towers rules (RULES A2, B5, B6, B10) on constructed positions."""
from __future__ import annotations

import random

import pytest
from helpers import cards, run_of, seahaven

from harp import Action, HarpError, IllegalActionError, NotationError, new_board
from harp.deals import make_code
from harp.cards import CARD_NAMES
from harp.seahaven import capacity

# Cards no test run uses: clubs and diamonds, one per filler column/cell.
FILLERS = ["2C", "3D", "4C", "5D", "6C", "7D", "8C", "9D", "TC", "JD", "QC", "KD", "3C", "4D"]


def names(pile: list[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in pile)


@pytest.mark.parametrize("free, to_occupied, to_empty", [
    (0, (1, 2, 4), (1, 2)), (1, (2, 4, 8), (2, 4)), (2, (3, 6, 12), (3, 6)),
    (3, (4, 8, 16), (4, 8)), (4, (5, 10, 20), (5, 10))])
def test_capacity_table(free: int, to_occupied: tuple, to_empty: tuple) -> None:
    """RULES A2.5 table: (free cells + 1) x 2^(empty columns); into an empty
    column the destination is not counted."""
    assert tuple(capacity(free, e) for e in (0, 1, 2)) == to_occupied
    assert tuple(capacity(free, e - 1) for e in (1, 2)) == to_empty


def position(free: int, empty: int, source: str, target: str | None) -> object:
    """Column 1: the run; column 2: the target card (or empty); ``empty``
    empty columns in all; 4 - ``free`` cells hold fillers."""
    columns = [source, target or ""]
    n_fillers = 10 - 2 - (empty - (0 if target else 1))
    columns += FILLERS[:n_fillers]
    cells = FILLERS[n_fillers:n_fillers + 4 - free]
    return seahaven(columns, cells=cells)


@pytest.mark.parametrize("free", range(5))
@pytest.mark.parametrize("empty", range(3))
def test_group_move_onto_occupied_column_up_to_capacity(free: int, empty: int) -> None:
    """RULES A2.5: a run of exactly capacity cards moves; one more is refused."""
    cap = capacity(free, empty)
    length = min(cap, 12)
    board = position(free, empty, run_of("S", "Q", length), "KS")
    board.push("1>2")
    assert len(board.columns[1]) == length + 1 and board.columns[0] == []
    if cap + 1 <= 12:
        board = position(free, empty, run_of("S", "Q", cap + 1), "KS")
        with pytest.raises(IllegalActionError, match=r"at most %d \(RULES A2.5\)" % cap):
            board.push("1>2")


@pytest.mark.parametrize("free", range(5))
@pytest.mark.parametrize("empty", [1, 2])
def test_king_led_run_into_empty_column_up_to_capacity(free: int, empty: int) -> None:
    """RULES A2.5: into an empty column the destination is not counted."""
    cap = capacity(free, empty - 1)
    length = min(cap, 13)
    board = position(free, empty, "AC " + run_of("H", "K", length), None)
    board.push("1>2")
    assert names(board.columns[1]) == run_of("H", "K", length)
    if cap + 1 <= 13:
        board = position(free, empty, "AC " + run_of("H", "K", cap + 1), None)
        with pytest.raises(IllegalActionError, match="into an empty column"):
            board.push("1>2")


def test_worked_example_eight_onto_a_column_but_not_five_into_an_empty_one() -> None:
    """RULES A2.5 example: 1 free cell and 2 empty columns allow a run of 8
    onto an occupied column, but a king-led run of 5 may not enter an
    empty column (at most 4)."""
    board = seahaven(["AC " + run_of("S", "J", 8), "QS", "AD " + run_of("H", "K", 5),
                      "2C", "3C", "4C", "5C", "6C"], cells=["2D", "3D", "4D"])
    assert board.free_cells() == 1 and board.empty_columns() == 2
    with pytest.raises(IllegalActionError) as refused:
        board.push("3>9")
    assert refused.value.rule == "A2.5"
    assert "a run of 5 cards cannot move: 1 free cell and 2 empty columns allow at most 4" in str(refused.value)
    board.push("1>2")
    assert names(board.columns[1]) == "QS " + run_of("S", "J", 8)
    with pytest.raises(IllegalActionError, match="at most 4"):
        board.push("3>9")


def test_needed_run_is_implied_and_count_is_checked() -> None:
    """RULES A2.5, B7: X>Y moves the run the destination needs; N:X>Y must agree."""
    board = seahaven(["5H 9C 8C 7C", "TC", "8H"])
    with pytest.raises(IllegalActionError, match="takes 3 cards .* not 2"):
        board.push("2:1>2")
    board.push("3:1>2")
    assert names(board.columns[1]) == "TC 9C 8C 7C"


def test_a_count_reaching_under_the_run_on_top_is_refused_as_no_run() -> None:
    """RULES A2.5: only a run moves as one; 5H 9C 8C is none, though 5H fits on 6H."""
    board = seahaven(["5H 9C 8C", "6H"])
    with pytest.raises(IllegalActionError) as refused:
        board.push("3:1>2")
    assert str(refused.value) == ("5H…8C on column 1 is not a run: 9C lies on 5H, not on the "
                                  "next higher card of its suit (RULES A2.5)")


def test_a_count_larger_than_the_column_is_refused_naming_what_it_holds() -> None:
    """RULES B7: N:X>Y names N cards of column X; it has fewer (it was
    refused naming the top card, which may well fit)."""
    board = seahaven(["9C 8C", "9H"])
    with pytest.raises(IllegalActionError) as refused:
        board.push("3:1>2")
    assert str(refused.value) == "column 1 holds 2 cards, not 3 (RULES B7)"
    with pytest.raises(IllegalActionError, match=r"^column 2 holds 1 card, not 2 \(RULES B7\)$"):
        board.push("2:2>1")


def test_building_is_by_suit_one_rank_lower() -> None:
    """RULES A2.3: 7H only on 8H, never on 8D or a black 8."""
    board = seahaven(["7H", "8D", "8S", "8H"])
    for target in "23":
        with pytest.raises(IllegalActionError, match=r"7H cannot go on .*\(RULES A2.3\)"):
            board.push(f"1>{target}")
    board.push("1>4")
    assert names(board.columns[3]) == "8H 7H"


def test_empty_column_takes_only_a_king() -> None:
    """RULES A2.4: no other card, not even for a moment."""
    board = seahaven(["QS", "AD KS"], cells=["QH"])
    with pytest.raises(IllegalActionError, match=r"takes only a king.*A2.4"):
        board.push("1>5")
    with pytest.raises(IllegalActionError, match="A2.4"):
        board.push("a>5")
    board.push("2>5")
    assert names(board.columns[4]) == "KS"
    board.push("1>5")
    assert names(board.columns[4]) == "KS QS"


def test_cells_hold_one_card_and_cell_to_cell_moves_score_nothing() -> None:
    """RULES A2.3, B5: a cell holds one card; a>b is allowed, no points."""
    board = seahaven(["9C", "4D"], cells=["5D"])
    with pytest.raises(IllegalActionError, match="cell a holds 5D"):
        board.push("1>a")
    board.push("a>b")
    assert board.cells == [None, cards("5D")[0], None, None] and board.score == 0
    board.push("1>a")
    assert board.score == 0


def test_scoring_foundation_and_cell_to_column() -> None:
    """RULES A2.8: +10 per card to a foundation, +5 from a cell to a column, 0 else."""
    board = seahaven(["AS", "9C", "3H"], cells=["8C"])
    board.push("1>f")
    assert board.score == 10 and names(board.foundations[0]) == "AS"
    board.push("2>b")       # column to cell: 0
    assert board.score == 10
    board = seahaven(["9C"], cells=["8C"])
    board.push("a>1")
    assert board.score == 5
    board.push("u")
    assert board.score == 0 and board.moves == 1


def test_foundations_build_their_own_suit_from_the_ace() -> None:
    """RULES A2.3, B5: f1 spades, f2 hearts, f3 diamonds, f4 clubs."""
    board = seahaven(["AH 2H", "AC"])
    with pytest.raises(IllegalActionError, match="2H cannot go to its foundation f2: it needs AH"):
        board.push("t1")
    board.push("1>b")
    with pytest.raises(IllegalActionError, match="f1: that foundation builds spades"):
        board.push("1>f1")
    board.push("1>f2")
    board.push("b>f")
    board.push("t2")
    assert [names(f) for f in board.foundations] == ["", "AH 2H", "", "AC"]


def test_take_back_to_a_column_or_a_free_cell_gains_nothing() -> None:
    """RULES A2.7, A2.8: a foundation's top card may go back, for no points."""
    board = seahaven(["3S"], cells=["KH", "QH", "JH", "TH"],
                     foundations=["AS 2S", "", "", ""])
    with pytest.raises(IllegalActionError, match="cell a holds KH"):
        board.push("f1>a")
    board.push("a>2")
    board.push("f1>a")
    assert board.score == 5 and names(board.foundations[0]) == "AS"
    board.push("a>f")
    assert board.score == 15
    board = seahaven(["3S", "QS"], foundations=["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "", "", ""])
    board.push("f1>2")
    assert names(board.columns[1]) == "QS JS" and board.score == 0


def test_double_tap_order_and_tie_breaks() -> None:
    """RULES A2.7, B5: foundation, then the longest accepting column (own
    skipped), then an empty column for a king, then the first free cell;
    a card in a cell never goes to another cell."""
    board = seahaven(["5H 9H", "2C 9S 4H", "4C", "AS"], cells=["8H", "QC", "KS"])
    board.push("tt4")                       # AS -> foundation
    assert names(board.foundations[0]) == "AS"
    board.push("tta")                       # 8H -> 9H on column 1 (the only column)
    assert names(board.columns[0]) == "5H 9H 8H"
    board.push("ttc")                       # KS -> first empty column (4)
    assert names(board.columns[3]) == "KS"
    with pytest.raises(IllegalActionError, match="QC has no place"):
        board.push("ttb")                   # QC: no column, and never to another cell
    board.push("tt3")                       # 4C: no column -> first free cell (a)
    assert board.cells[0] == cards("4C")[0]


def test_double_tap_prefers_longest_column_then_lowest_number() -> None:
    """RULES B5: longest column first; equal lengths: lowest-numbered."""
    board = seahaven(["8S", "2C 9S", "3C 9H", "4C 5C 9H"])
    board.push("tt1")
    assert names(board.columns[1]) == "2C 9S 8S"


def test_tap_refused_without_a_foundation() -> None:
    """RULES A2.7: a single tap only sends a card to its foundation."""
    board = seahaven(["9S"])
    with pytest.raises(IllegalActionError, match="9S cannot go to its foundation f1: it needs AS"):
        board.push("t1")
    assert board.moves == 0


def test_double_tap_refused_when_setting_is_off() -> None:
    """RULES B9: with "double click" off, ttX is refused."""
    board = new_board("SH1-C4-AAAAAJ2", double_click=False)
    with pytest.raises(IllegalActionError, match="B9"):
        board.push("tt8")


def test_draw_is_refused_in_seahaven() -> None:
    board = new_board("SH1-C4-AAAAAJ2")
    with pytest.raises(IllegalActionError, match="no stock"):
        board.push("d")


def test_status_won_blocked_open() -> None:
    """RULES A2.6, B10."""
    full = ["A23456789TJQK"]
    piles = [" ".join(r + s for r in full[0]) for s in "SHDC"]
    board = seahaven([], foundations=piles)
    assert board.status() == "won" and board.is_won
    blocked = seahaven(["2S 3S", "2H 3H"], cells=["4D", "5D", "6D", "7D"])
    assert blocked.status() == "blocked"
    assert list(blocked.legal_actions) == []
    assert new_board("SH1-C4-AAAAAJ2").status() == "open"


def test_real_deal_opening_moves() -> None:
    """RULES B3 deal 314: AC tops column 8 and goes to its foundation."""
    board = new_board("SH1-C4-AAAAAJ2")
    board.push("8>f")
    assert names(board.foundations[3]) == "AC" and board.score == 10
    assert names(board.columns[7]) == "7D 2C 8S 3D"


def test_c7_a_card_taken_back_to_a_cell_scores_again_from_the_cell() -> None:
    """RULES C7 (the worked example): points are read literally, B11: the
    take-back earns 0, the cell-to-column move +5, the foundation +10 again."""
    board = seahaven(["KD", "3S"], foundations=["AS 2S", "", "", ""])
    scores = []
    for action in ("f1>a", "a>2", "2>f"):
        board.push(action)
        scores.append(board.score)
    assert scores == [0, 5, 15]
    assert names(board.foundations[0]) == "AS 2S" and names(board.columns[1]) == "3S"
    board.push("u")
    assert board.score == 5 and board.moves == 3


# ------------------------------------------------------------------ the board as a library

def test_setting_the_cells_starts_a_new_history() -> None:
    """The cells setter made new cell lists that the undo records did not
    name: push 3>c, cells = cells, pop left a card twice (53 cards)."""
    board = new_board("SH1-C4-AAAAAJ2")
    board.push("3>c")
    board.cells = board.cells
    assert board.actions == [] and board.moves == 1
    with pytest.raises(IndexError):
        board.pop()
    board.push("c>d")
    board.pop()
    cards_left = [c for pile in board.columns + board.foundations for c in pile]
    cards_left += [c for c in board.cells if c is not None]
    assert sorted(cards_left) == list(range(52))
    with pytest.raises(HarpError, match="this game has 4 cells, not 2"):
        board.cells = [None, None]


def test_a_copy_undoes_on_its_own_cells() -> None:
    board = new_board("SH1-C4-AAAAAJ2")
    board.push_script("3>c a>d")
    copied = board.copy()
    copied.push("u")
    copied.pop()
    copied.pop()
    assert copied.cells[2:] == [CARD_NAMES.index("9C"), None] and copied.cells[0] is not None
    assert board.cells[0] is None and board.script() == "3>c a>d"


@pytest.mark.parametrize("code, fields, says", [
    ("SH1-C4-AAAAAJ2", ("move", "w", "3"), "'w>3': Seahaven Towers has no waste 'w'"),
    ("SH1-C4-AAAAAJ2", ("move", "1", "f8"), "'1>f8': no foundation f8 (slots are f1-f4)"),
    ("SH1-C2-AAAAAJ2", ("move", "1", "d"),
     "'1>d': no cell 'd': Seahaven with 2 cells has only cells a and b (RULES A2.7)"),
    ("SH1-C1-AAAAAJ2", ("tap", "b"),
     "'tb': no cell 'b': Seahaven with 1 cell has only cell a (RULES A2.7)"),
])
def test_an_action_of_a_place_the_variant_has_not_is_a_notation_error(code, fields, says) -> None:
    """It was a KeyError or an IndexError from inside the rules; membership raised too."""
    board = new_board(code)
    action = Action(*fields)
    with pytest.raises(NotationError) as err:
        board.push(action)
    assert str(err.value) == says
    assert action not in board.legal_actions and not board.is_legal(action)
    assert board.actions == []


def test_a_draw_is_refused_by_the_rules_and_a_bogus_kind_cannot_be_made() -> None:
    board = new_board("SH1-C4-AAAAAJ2")
    with pytest.raises(IllegalActionError, match="no stock"):
        board.push(Action("draw"))
    with pytest.raises(NotationError, match="unknown action kind 'bogus'"):
        board.push(Action("bogus"))             # was an AssertionError from the rules


def test_legal_actions_are_the_moves_the_rules_accept_even_with_a_card_twice() -> None:
    """The short cuts of legal_list (one deck: only a run's deepest card
    can find its successor elsewhere) give what trying every move gives;
    a position set up by hand with a card in it twice is tried move by
    move (QC JC beside QC: JC may go onto the other QC)."""
    rng = random.Random(7)
    for number in range(1, 40):
        board = new_board(f"SH1-{rng.choice(['C4', 'C2', 'C1'])}-{make_code('SH', number).payload}")
        for _ in range(rng.randrange(0, 40)):
            actions = board.legal_list()
            if not actions:
                break
            board.push(rng.choice(actions))
        assert set(board.legal_list()) == set(board._legal_by_trial())
    twice = new_board("SH1-C4-AAAAAJ2")
    twice.columns = [[44, 40], [44]] + [[]] * 8
    assert "1>2" in [str(action) for action in twice.legal_actions]
    for action in twice.legal_actions:
        assert twice.is_legal(action)
