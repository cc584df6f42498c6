"""Freecell Solver interop (RULES B7): board export, and fc-solve's
standard-notation solutions replayed by the engine."""
from __future__ import annotations

import pytest

from harp.analysis.fcsolve import fc_solve_available, parse_fc_solve_output, run_fc_solve
from harp.render import fcs_board
from harp import new_board
from harp.deals import make_code

needs_fc_solve = pytest.mark.skipif(not fc_solve_available(),
                                    reason="fc-solve not installed (freecell-solver-bin)")


def test_board_export_golden() -> None:
    """RULES B3 golden layout of SH1-C4-AAAAAJ2 in Freecell Solver's format:
    cells a-d in order, columns 1-10 bottom to top."""
    text = fcs_board(new_board("SH1-C4-AAAAAJ2"))
    lines = text.splitlines()
    assert lines[0] == "Foundations: S-0 H-0 D-0 C-0"
    assert lines[1] == "Freecells: 5D 6S - -"
    assert lines[2] == ": 7C JD 9H 7S 2S"
    assert lines[11] == ": 5H 4S 9D KS 8D"
    assert len(lines) == 12


def test_board_export_of_an_easy_harp_board_is_a_type_error() -> None:
    """It failed with AttributeError ('EasyHarpBoard' has no 'cells')."""
    with pytest.raises(TypeError, match="fcs_board takes a Seahaven board, not an Easy Harp "
                                        r"board \(EH1-N-AAAAAAF\)"):
        fcs_board(new_board("EH1-N-AAAAAAF"))


def test_board_export_mid_game() -> None:
    """Foundations print their top rank (S H D C), cells keep their places."""
    board = new_board("SH1-C4-AAAAAJ2")
    board.push_script("8>f 5>c 5>f 5>f")      # A♣; 2♥ to cell c; A♥, A♠
    text = fcs_board(board)
    assert text.startswith("Foundations: S-A H-A D-0 C-A\nFreecells: 5D 6S 2H -\n")


def test_standard_notation_tokens_parse() -> None:
    """RULES B7: fc-solve's tokens are read by the engine's parser."""
    board = new_board("SH1-C4-AAAAAJ2")
    for token, canonical in (("3a", "3>a"), ("a3", "a>3"), ("3h", "3>f"), ("ah", "a>f"),
                             ("94", "9>4"), ("101", "10>1"), ("810", "8>10"),
                             ("94v3", "3:9>4")):
        assert str(board.parse_action(token)) == canonical


def test_output_parser() -> None:
    text = ("-=-=-=-=-=-=-=-=-=-=-=-\n\n8h 1c b1 \n7d 810 \n\n"
            "This game is solveable.\nTotal number of states checked is 128.\n")
    result = parse_fc_solve_output(text)
    assert result.outcome == "solved"
    assert result.actions == ["8h", "1c", "b1", "7d", "810"]
    assert parse_fc_solve_output("I could not solve this game.\n").outcome == "unsolved"
    assert parse_fc_solve_output("Iterations count exceeded.\n").outcome == "limit"


@needs_fc_solve
@pytest.mark.parametrize("number, cells, moves", [
    (314, 4, ""), (1, 4, ""), (2, 4, ""), (3, 2, ""), (33, 2, ""), (314, 4, "8>f 5>c 5>f 5>f"),
    (314, 4, "8>f 7>2 7>c 1>7 b>1 8>b 1>8 5>d 5>f d>f 5>f 7>f 7>f 7>1 b>7 8>2 8>f 8>10")])
def test_fc_solve_solutions_replay_in_the_engine(number: int, cells: int, moves: str) -> None:
    """RULES B7: fc-solve's ``-sn`` solution for our export plays to a win in
    the engine (its Seahaven preset is stricter than RULES A2.5)."""
    board = new_board(make_code("SH", number, cells))
    board.push_script(moves)
    result = run_fc_solve(board)
    assert result.outcome == "solved"
    board.push_script(" ".join(result.actions))
    assert board.status() == "won"
