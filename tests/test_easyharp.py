"""Easy Harp rules (RULES A1, B5, B6, B9, B10)."""
from __future__ import annotations

import pytest
from helpers import easy_harp

from harp import Action, IllegalActionError, NotationError, new_board, parse_code
from harp.cards import CARD_NAMES
from harp.notation import parse_action


def names(pile: list[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in pile)


def test_run_refused_between_columns_in_a_real_game() -> None:
    """RULES A1.3 on deal 3: after 4>2 column 2 holds the run 3C 2H; the 3C
    would fit on 4D, but a run cannot move as a unit."""
    board = new_board("EH1-N-AAAAAAD")
    board.push("4>2")
    assert names(board.columns[1][-2:]) == "3C 2H" and CARD_NAMES[board.columns[5][-1]] == "4D"
    with pytest.raises(IllegalActionError) as refused:
        board.push("2>6")
    assert refused.value.rule == "A1.3"
    assert str(refused.value) == (
        "the run 3C…2H cannot move from column 2 to column 6: only its top card 2H moves "
        "(RULES A1.3). Reminder: in Easy Harp only the top card moves between columns; "
        "take a run apart card by card, starting with its last (exposed) card")
    with pytest.raises(IllegalActionError, match="2 cards cannot move from column 2 to column 6"):
        board.push("2:2>6")
    assert board.moves == 1 and board.script() == "4>2"


def test_interactive_rules_off_gives_the_one_line_reason() -> None:
    """RULES B9: without "interactive rules" the reminder is left out."""
    board = new_board("EH1-N-AAAAAAD", interactive_rules=False)
    board.push("4>2")
    with pytest.raises(IllegalActionError) as refused:
        board.push("2>6")
    assert str(refused.value) == ("the run 3C…2H cannot move from column 2 to column 6: "
                                  "only its top card 2H moves (RULES A1.3)")


def test_an_empty_column_has_no_top_card_to_move() -> None:
    """RULES A1.3: only a column's top card moves; an empty column has none,
    to a foundation, to a column or tapped."""
    board = new_board("EH1-N-AAAAAAF", interactive_rules=False)
    board.push("1>f")
    for action in ("1>f", "1>2", "t1", "tt1"):
        with pytest.raises(IllegalActionError) as refused:
            board.push(action)
        assert (str(refused.value), refused.value.rule) == ("column 1 is empty (RULES A1.3)", "A1.3")


def test_building_other_colour_one_rank_lower() -> None:
    """RULES A1.2: 7H goes on 8S or 8C, not on 8H/8D or a 9."""
    board = easy_harp(["7H", "8H", "9S", "8C", "8S"])
    for target in "23":
        with pytest.raises(IllegalActionError, match="A1.2"):
            board.push(f"1>{target}")
    board.push("1>4")
    board.push("4>5")
    assert names(board.columns[4]) == "8S 7H"


def test_turning_a_face_down_card_is_part_of_the_move_and_scores_5() -> None:
    """RULES A1.6, A1.11: the uncovered card turns face up at once: +5."""
    board = easy_harp(["KS 4D 7H", "8C"], face_down=[2, 0])
    board.push("1>2")
    assert board.face_down[0] == 1 and board.score == 5
    board.push("u")
    assert board.face_down[0] == 2 and board.score == 0 and names(board.columns[0]) == "KS 4D 7H"


def test_empty_column_takes_only_a_king_or_a_king_led_run() -> None:
    """RULES A1.4: every other card is refused, even to uncover a face-down card."""
    board = easy_harp(["3D 9H QD", "2S KC QH JS", "5C", ""], face_down=[2, 1, 0])
    with pytest.raises(IllegalActionError, match=r"column 4 is empty .*QD on column 1 heads none \(RULES A1.4\)"):
        board.push("1>4")
    with pytest.raises(IllegalActionError, match="king-led run on column 2 has 3 cards, not 1"):
        board.push("1:2>4")
    board.push("2>4")
    assert names(board.columns[3]) == "KC QH JS" and board.face_down[1] == 0
    assert board.score == 5


def test_king_led_run_may_move_nowhere_else() -> None:
    """RULES A1.4: the exception to A1.3 is only into an empty column."""
    board = easy_harp(["KC QH", "KD"], face_down=[0, 0])
    with pytest.raises(IllegalActionError, match="A1"):
        board.push("1>2")


def test_waste_top_plays_to_a_column_for_5_and_to_a_foundation_for_10() -> None:
    """RULES A1.5, A1.11."""
    board = easy_harp(["8C", "AH"], stock="7H AS")
    board.push("d")
    board.push("w>1")
    assert board.score == 5 and names(board.columns[0]) == "8C 7H"
    board.push("d")
    board.push("w>f")
    assert board.score == 15 and names(board.foundations[0]) == "AS"
    with pytest.raises(IllegalActionError, match="the waste is empty"):
        board.push("w>f")


def test_foundations_are_suit_slots_first_that_accepts() -> None:
    """RULES A1.7, B5: two slots per suit; an ace to the first empty slot of
    its suit, never another suit's slot."""
    board = easy_harp(["AH", "AH", "2H", "AS"])
    with pytest.raises(IllegalActionError, match="f1: that slot builds spades only"):
        board.push("1>f1")
    board.push("1>f")
    board.push("2>f")
    assert names(board.foundations[2]) == "AH" and names(board.foundations[3]) == "AH"
    board.push("3>f")
    assert names(board.foundations[2]) == "AH 2H"
    with pytest.raises(IllegalActionError, match="AS cannot go to f3: that slot builds hearts only"):
        board.push("4>f3")
    board.push("4>f2")                      # a named slot of the right suit is fine
    assert names(board.foundations[1]) == "AS" and board.foundations[0] == []


def test_draw_and_redeal_keep_the_order() -> None:
    """RULES A1.8: the waste returns to the stock in the same order."""
    board = easy_harp(["KS"], stock="2C 3C 4C")
    for _ in range(3):
        board.push("d")
    assert names(board.waste) == "2C 3C 4C" and board.stock == []
    board.push("d")                         # redeal
    assert board.waste == [] and names(reversed(board.stock)) == "2C 3C 4C"
    board.push("d")
    assert names(board.waste) == "2C" and board.score == 0
    board.push("u")
    board.push("u")
    assert names(board.waste) == "2C 3C 4C"
    empty = easy_harp(["KS"])
    with pytest.raises(IllegalActionError, match="stock and the waste are both empty"):
        empty.push("d")


def test_tap_sends_to_a_foundation_only() -> None:
    """RULES A1.10: single tap -> foundation, if one accepts."""
    board = easy_harp(["AD", "9C"])
    board.push("t1")
    assert names(board.foundations[4]) == "AD"
    with pytest.raises(IllegalActionError, match="9C cannot go to a foundation"):
        board.push("t2")


def test_double_tap_longest_column_first_then_empty_for_a_king() -> None:
    """RULES A1.10, B5: longest column (face-down cards count; ties to the
    lowest number; own column skipped), then an empty column for a king."""
    board = easy_harp(["9H 8S", "5C 6D 9D", "7H", "KD", "", "2C 9H"], face_down=[0, 2, 0, 0, 0, 1],
                      stock="8C")
    board.push("tt3")                       # 7H: 8S on column 1 (the only black 8)
    assert names(board.columns[0]) == "9H 8S 7H"
    board.push("d")
    board.push("ttw")                       # 8C: 9D (col 2, 3 cards) beats 9H (col 6, 2 cards)
    assert names(board.columns[1]) == "5C 6D 9D 8C"
    board.push("tt4")                       # KD: no column -> first empty column (3)
    assert names(board.columns[2]) == "KD" and board.columns[3] == []


def test_double_tap_refused_when_setting_is_off() -> None:
    """RULES B9."""
    board = new_board("EH1-N-AAAAAAF", double_click=False)
    with pytest.raises(IllegalActionError, match=r"double tap is off .*\(RULES B9\)"):
        board.push("tt1")
    board.push("t1")


def test_take_back_gains_no_points() -> None:
    """RULES A1.10, A1.11: a foundation's top card may go back to a column
    that accepts it, without gaining or losing points."""
    board = easy_harp(["9S 8D", "8C"], foundations=["", "", "AH 2H 3H 4H 5H 6H 7H", "", "", "", "", ""])
    assert board.score == 0
    board.push("f3>2")
    assert names(board.columns[1]) == "8C 7H" and board.score == 0
    board = easy_harp(["", "8C"], foundations=["", "", "AH 2H 3H 4H 5H 6H 7H", "", "", "", "", ""])
    with pytest.raises(IllegalActionError, match="takes only a king"):
        board.push("f3>1")
    board.push("f>2")
    assert names(board.foundations[2]) == "AH 2H 3H 4H 5H 6H" and board.score == 0


def test_undo_reaches_100_actions_back_and_no_further() -> None:
    """RULES A1.10, B6: undo the last 100 actions; the counter does not go down."""
    board = new_board("EH1-N-AAAAAAF")
    for _ in range(120):
        board.push("d")
    for _ in range(100):
        board.push("u")
    assert board.moves == 120 and len(board.waste) == 20
    with pytest.raises(IllegalActionError, match="undo reaches only the last 100 actions"):
        board.push("u")
    fresh = new_board("EH1-N-AAAAAAF")
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        fresh.push("u")


def test_pop_takes_back_pushes_including_undo() -> None:
    """python-chess style pop: exact take-back of the last push."""
    board = new_board("EH1-N-AAAAAAF")
    board.push("1>f")
    board.push("u")
    assert board.foundations[2] == []
    board.pop()                             # takes back the undo: AH on the foundation again
    assert names(board.foundations[2]) == "AH" and board.moves == 1
    board.pop()
    assert board.moves == 0 and board.score == 0 and board.actions == []


def test_status_blocked_only_when_no_draw_brings_a_move() -> None:
    """RULES B10: blocked = no move now and none after any number of draws."""
    stuck = easy_harp(["2C", "2D"], stock="9S 9H")
    assert stuck.status() == "blocked"
    hopeful = easy_harp(["2C", "2D"], stock="9S AC")
    assert hopeful.status() == "open"
    assert new_board("EH1-N-AAAAAAF").status() == "open"


def test_legal_actions_lists_moves_take_backs_and_draw() -> None:
    board = easy_harp(["8C", "KD"], stock="2S", waste="7D",
                      foundations=["", "", "AH 2H 3H 4H 5H 6H 7H", "", "", "", "", ""])
    assert [str(a) for a in board.legal_actions] == ["w>1", "2>3", "2>4", "2>5", "2>6", "2>7",
                                                       "2>8", "2>9", "f3>1", "d"]
    assert board.parse_action("w>1") in board.legal_actions
    assert board.parse_action("1>2") not in board.legal_actions


def test_won_game_scores_1220_plus_5_per_waste_to_column_move() -> None:
    """RULES A1.11 check: a game won without take-backs scores 104 x 10 +
    36 x 5 = 1 220, plus 5 per waste-to-column move (examples/, deal 165)."""
    from pathlib import Path

    from harp.records import parse_record_text

    text = (Path(__file__).resolve().parent.parent / "examples" / "won-easy-harp.txt").read_text()
    record = parse_record_text(text)
    board = new_board(record.code)
    waste_to_column = 0
    for action in board.parse_script(record.script):
        waste_before, columns_before = len(board.waste), sum(map(len, board.columns))
        board.push(action)
        assert action.src is None or not action.src.startswith("f"), "no take-backs"
        if len(board.waste) < waste_before and sum(map(len, board.columns)) > columns_before:
            waste_to_column += 1
    assert board.status() == "won" and board.cards_on_foundations == 104
    assert waste_to_column > 0
    assert board.score == 1220 + 5 * waste_to_column


# ------------------------------------------------------------------ the board as a library

def test_only_a_listed_action_is_in_legal_actions() -> None:
    """RULES A1.7, B7: ``1>f4`` (A♥ to the second hearts slot) is legal,
    but legal_actions lists ``1>f``, which makes the same position with
    the two hearts slots exchanged; membership answers as iteration does
    (``1>f4`` and the alias ``1>f3`` used to be "in" it but never listed)."""
    board = new_board("EH1-N-AAAAAAF")
    listed = list(board.legal_actions)
    for token in ("1>f4", "1>f3", "t1", "tt1", "1:1>f", "f>1"):
        action = board.parse_action(token)
        assert action not in listed and action not in board.legal_actions, token
    assert all(action in board.legal_actions for action in listed)
    assert board.is_legal("1>f4") and board.is_legal("1>f3") and board.is_legal("t1")
    board.push("1>f4")
    mirrored = [list(board.foundations[3]), list(board.foundations[2])]
    board.pop()
    board.push("1>f")
    assert board.foundations[2:4] == mirrored


@pytest.mark.parametrize("thing", [None, 5, b"1>f", ["1>f"], 1.5])
def test_push_and_is_legal_of_a_wrong_type_are_type_errors(thing: object) -> None:
    """They were AttributeErrors from deep inside push; membership is False."""
    board = new_board("EH1-N-AAAAAAF")
    with pytest.raises(TypeError, match="an action is an Action or its notation"):
        board.push(thing)
    with pytest.raises(TypeError):
        board.is_legal(thing)
    assert thing not in board.legal_actions
    assert board.actions == [] and board.moves == 0


@pytest.mark.parametrize("fields, says", [
    (("move", "10", "f"), "'10>f': no column 10 (columns are 1-9)"),     # was IndexError
    (("move", "a", "f"), "'a>f': Easy Harp has no cell 'a'"),            # was ValueError
    (("tap", "c"), "'tc': Easy Harp has no cell 'c'"),
    (("move", "w", "10"), "'w>10': no column 10 (columns are 1-9)"),
])
def test_an_action_of_a_place_easy_harp_has_not_is_a_notation_error(fields, says) -> None:
    board = new_board("EH1-N-AAAAAAF")
    action = Action(*fields)
    with pytest.raises(NotationError) as err:
        board.push(action)
    assert str(err.value) == says
    assert not board.is_legal(action) and action not in board.legal_actions
    assert parse_action("a>1", "SH", 4) not in board.legal_actions     # was a KeyError


def test_a_copy_keeps_the_history() -> None:
    """Like python-chess: pop and undo work on a copy (it had moves=1, no
    actions, and pop raised IndexError), on the copy's own piles."""
    board = new_board("EH1-N-AAAAAAF")
    board.push_script("1>f d d 2>f")
    copied = board.copy()
    assert (copied.moves, copied.script(), copied.score) == (4, "1>f d d 2>f", board.score)
    copied.push("u")
    copied.pop()
    assert copied.pop() == board.parse_action("2>f")
    copied.push("u")                          # undoes the second draw
    assert len(copied.waste) == 1 and len(board.waste) == 2
    assert board.foundations[0] and not copied.foundations[0]
    assert board.script() == "1>f d d 2>f"
    while board.actions:                      # the board's own history is whole
        board.pop()
    assert str(board) == str(new_board("EH1-N-AAAAAAF"))
    bare = new_board("EH1-N-AAAAAAF")
    bare.push("1>f")
    bare = bare.copy(stack=False)
    assert (bare.moves, bare.actions, bare.can_undo()) == (1, [], False)


def test_assigning_a_pile_starts_a_new_history() -> None:
    """A pile assigned anew is a position set up by hand: the undo records
    pointed at the old lists, and pop duplicated or lost cards."""
    for pile in ("columns", "foundations", "face_down", "stock", "waste"):
        board = new_board("EH1-N-AAAAAAF")
        board.push_script("d 1>f 2>f")
        setattr(board, pile, [list(p) if isinstance(p, list) else p
                              for p in getattr(board, pile)])
        assert board.actions == [] and not board.can_undo() and board.moves == 3, pile
        with pytest.raises(IndexError):
            board.pop()
        with pytest.raises(IllegalActionError, match="nothing to undo"):
            board.push("u")
        board.push("d")
        board.pop()
        assert sum(map(len, board.columns + board.foundations)) + len(board.stock) + \
            len(board.waste) == 104


def test_the_deal_and_the_history_of_a_board_cannot_be_replaced() -> None:
    board = new_board("EH1-N-AAAAAAF")
    board.push("1>f")
    with pytest.raises(AttributeError):
        board.code = parse_code("EH1-N-AAAAAAB")
    with pytest.raises(AttributeError):
        board.actions = []
    assert board.pop() == board.parse_action("1>f")
