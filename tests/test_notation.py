"""Move notation (RULES B7): parsing, canonical printing, errors."""
from __future__ import annotations

import re

import pytest

from harp import InvalidCodeError, NotationError, new_board
from harp.actions import Action, format_script
from harp.notation import parse_action, parse_script
from harp.records import Record, replay


@pytest.mark.parametrize("token, canonical", [
    ("w>3", "w>3"), ("3>f", "3>f"), ("3>h", "3>f"), ("f2>5", "f2>5"), ("h2>5", "f2>5"),
    ("2:4>7", "2:4>7"), ("d", "d"), ("D", "d"), ("t3", "t3"), ("ttw", "ttw"), ("u", "u"),
    ("9>F8", "9>f8"), ("03>1", "3>1"),
])
def test_easy_harp_tokens(token: str, canonical: str) -> None:
    assert str(parse_action(token, "EH")) == canonical


@pytest.mark.parametrize("token, canonical", [
    ("10>a", "10>a"), ("a>10", "a>10"), ("3a", "3>a"), ("a3", "a>3"), ("3h", "3>f"),
    ("ah", "a>f"), ("94", "9>4"), ("101", "10>1"), ("110", "1>10"), ("1010", "10>10"),
    ("b10", "b>10"), ("94v3", "3:9>4"), ("1v", None), ("a>b", "a>b"), ("tta", "tta"),
])
def test_seahaven_tokens_including_freecell_standard_notation(token: str, canonical: str | None) -> None:
    """RULES B7: Seahaven also reads Freecell Solver's -sn/-snx notation."""
    if canonical is None:
        with pytest.raises(NotationError):
            parse_action(token, "SH", 4)
    else:
        assert str(parse_action(token, "SH", 4)) == canonical


@pytest.mark.parametrize("game, cells, token, says", [
    ("EH", 0, "10>1", "no column 10 (columns are 1-9)"),
    ("EH", 0, "3>a", "Easy Harp has no cell 'a'"),
    ("SH", 4, "w>3", "Seahaven Towers has no waste"),
    ("SH", 2, "3>c", "no cell 'c': Seahaven with 2 cells has only cells a and b (RULES A2.7)"),
    ("SH", 1, "3>b", "no cell 'b': Seahaven with 1 cell has only cell a (RULES A2.7)"),
    ("SH", 4, "3>f5", "no foundation f5 (slots are f1-f4)"),
    ("EH", 0, "3>>4", "cannot read '3>>4'"),
    ("EH", 0, "0:3>4", "a move of 0 cards"),
    ("EH", 0, "94", "cannot read '94'"),
    ("EH", 0, "x", "expected X>Y, N:X>Y, d, tX, ttX or u"),
])
def test_notation_errors_say_what_is_wrong(game: str, cells: int, token: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(token, game, cells)
    assert says in str(err.value)
    assert isinstance(err.value, ValueError)


def test_scripts_take_commas_spaces_and_comments() -> None:
    """RULES B7: white space or commas separate; # comments to end of line."""
    actions = parse_script("1>f, d  d # two draws\n tt3,u", "EH")
    assert format_script(actions) == "1>f d d tt3 u"


@pytest.mark.parametrize("brk", ["\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"])
def test_a_comment_ends_only_at_a_line_end_as_in_a_file(brk: str) -> None:
    """RULES B7, B8: a script's lines end at \\n, \\r\\n or \\r, wherever
    it comes from (a record file's lines end only there); the other breaks
    str.splitlines knows are white space, inside a comment too."""
    assert format_script(parse_script(f"1>f # note{brk} d\r\nd", "EH")) == "1>f d"
    assert format_script(parse_script(f"1>f{brk}d # a{brk}d", "EH")) == "1>f d"
    from harp.records import continued
    record = continued(Record("EH1-N-AAAAAAF", f"1>f # a{brk}b"), ["d"])
    assert replay(record).script() == "1>f d"


def test_script_errors_name_the_action_and_line() -> None:
    with pytest.raises(NotationError, match=r"^action 3 \(3>x, line 2\): "):
        parse_script("1>f d\n3>x", "EH")
    with pytest.raises(NotationError, match=r"^action 2 \(zz\): cannot read 'zz'"):
        parse_script("d zz", "EH")


def test_notation_error_and_illegal_action_are_different_value_errors() -> None:
    """python-chess style: cannot parse vs parses but refused."""
    from harp import HarpError, IllegalActionError
    board = new_board("SH1-C4-AAAAAJ2")
    with pytest.raises(NotationError) as cannot_parse:
        board.push("3>>4")
    with pytest.raises(IllegalActionError) as refused:
        board.push("3>4")
    assert not isinstance(cannot_parse.value, IllegalActionError)
    assert not isinstance(refused.value, NotationError)
    # One base class catches both; only the refusal names the rule.
    assert isinstance(cannot_parse.value, HarpError) and isinstance(refused.value, HarpError)
    assert refused.value.rule == "A2.3" and str(refused.value).endswith("(RULES A2.3)")
    assert board.script() == ""


def test_push_script_stops_at_the_refused_action_naming_it() -> None:
    board = new_board("SH1-C4-AAAAAJ2")
    with pytest.raises(ValueError, match=r"^action 2 \(9>5\): TD cannot go on 2H"):
        board.push_script("8>f 9>5 3>a")
    assert board.script() == "8>f"


def test_push_script_calls_back_after_each_action_and_names_file_lines() -> None:
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []
    board.push_script("8>f\n7>2", each=lambda number, action: seen.append((number, str(action),
                                                                            board.moves)))
    assert seen == [(1, "8>f", 1), (2, "7>2", 2)]
    again = new_board("SH1-C4-AAAAAJ2")
    from harp import IllegalActionError
    with pytest.raises(IllegalActionError, match=r"^action 2 \(1>2, line 12\): "):
        again.push_script("8>f 1>2", first_line=12)      # a script starting on line 12
    assert again.script() == "8>f"                          # earlier actions stay applied
    third = new_board("SH1-C4-AAAAAJ2")
    assert [str(a) for a in third.push_script("8>f 7>2 1>2", upto=2)] == ["8>f", "7>2"]


def test_parse_script_and_push_script_place_errors_alike() -> None:
    script = "8>f\n7>2 zz"
    with pytest.raises(NotationError) as parsed:
        parse_script(script, "SH", 4)
    with pytest.raises(NotationError) as pushed:
        new_board("SH1-C4-AAAAAJ2").push_script(script)
    assert str(parsed.value) == str(pushed.value) == (
        "action 3 (zz, line 2): cannot read 'zz': expected X>Y, N:X>Y, d, tX, ttX or u")


@pytest.mark.parametrize("token, says", [
    ("x" * 1_000_000, "action 1 (" + "x" * 59 + "…): cannot read '" + "x" * 59 + "…': expected"),
    ("1" * 5000 + ">f", "action 1 (" + "1" * 59 + "…): no column " + "1" * 59 + "… (columns"),
    ("9" * 5000 + ":1>f", "action 1 (" + "9" * 59 + "…): a move of 9999999… cards"),
])
def test_errors_quote_a_clipped_excerpt_of_a_huge_token(token: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        new_board("EH1-N-AAAAAAF").push_script(token)
    assert str(err.value).startswith(says) and len(str(err.value)) < 200


@pytest.mark.parametrize("token, where", [
    ("²>f", "'²'"), ("٣>f", "'٣'"), ("1>f¹", "'f¹'"), ("t²", "'²'"), ("３>f", "'３'"),
])
def test_locations_take_the_digits_0_to_9_only(token: str, where: str) -> None:
    """RULES C6: a superscript or other non-ASCII digit is no column; ``²``
    once reached ``int()`` and raised a plain ValueError, and ``٣`` was
    read as column 3."""
    with pytest.raises(NotationError) as err:
        parse_action(token, "EH")
    assert str(err.value) == (f"{token!r}: {where} is not a location: write numbers "
                              "with the digits 0-9 (RULES C6)")


def test_a_card_count_takes_the_digits_0_to_9_only() -> None:
    with pytest.raises(NotationError, match=r"cannot read '٣:1>2'"):
        parse_action("٣:1>2", "SH", 4)


# ------------------------------------------------------------------ actions made by hand

@pytest.mark.parametrize("fields, says", [
    (("1>f",), "unknown action kind '1>f'"),       # notation is not a kind
    (("bogus",), "unknown action kind 'bogus'"),
    (("move",), "a move action has 2 places"),
    (("move", "1"), "a move action has 2 places"),
    (("draw", "1"), "a draw action has no places"),
    (("tap", "1", "2"), "a tap action has 1 place"),
    (("move", "H", "1"), "'H' is not a place as notation writes it"),
    (("move", "01", "f"), "'01' is not a place"),
    (("move", "1", "f9"), "'f9' is not a place"),
    (("move", "1", "f", 0), "a card count is a whole number from 1 to 999"),
    (("move", "1", "2", 1000), "from 1 to 999"),
    (("tap", "1", None, 2), "on a tap"),
])
def test_an_action_is_checked_when_made(fields: tuple, says: str) -> None:
    """Its str() must be notation that parses back: Action('1>f') used to
    print 'u', Action('move') 'None>None', a count of 0 '0:1>f'."""
    with pytest.raises(NotationError, match=re.escape(says)):
        Action(*fields)


@pytest.mark.parametrize("fields, says", [
    (("move", 1, 2), "a place is a str as notation writes it ('1'-'10', 'w', 'a'-'d', 'f', "
                     "'f1'-'f8'; RULES B7), not int (1)"),
    (("move", "1", 10), "a place is a str as notation writes it"),
    (("tap", 3), "not int (3)"),
    (("move", ["1"], "f"), "not list (['1'])"),
    ((1,), "an action kind is a str (move, draw, tap, double_tap, undo), not int (1)"),
    (("move", "1", "2", True), "a card count is an int (or None), not bool (True)"),
    (("move", "1", "2", "2"), "not str ('2')"),
])
def test_an_action_made_from_fields_of_the_wrong_type_is_a_type_error(fields, says) -> None:
    """Action('move', 1, 2) said "'1' is not a place", which 1 looks like
    (places are the str of notation), and a list place was "unhashable"."""
    with pytest.raises(TypeError, match=re.escape(says)):
        Action(*fields)
    assert str(Action("move", "1", "10", 2)) == "2:1>10"


@pytest.mark.parametrize("actions, says", [
    ([1, 2], "format_script takes actions (harp.Action): item 1 is int (1)"),
    (["1>f", "d"], "item 1 is str ('1>f') (notation: board.parse_action or "
                   "board.parse_script reads it)"),
    ([Action("draw"), None], "item 2 is NoneType (None)"),
    (None, "format_script takes a list of actions, not NoneType"),
    ("1>f", "not one str"),
])
def test_format_script_takes_actions_only(actions, says) -> None:
    """[1, 2] was written '1 2', notation kept as it was given ('1>F' is
    not canonical), None was "'NoneType' object is not iterable"."""
    with pytest.raises(TypeError, match=re.escape(says)):
        format_script(actions)
    assert format_script(a for a in [Action("draw"), Action("tap", "3")]) == "d t3"


TOKENS = ["1>f", "w>3", "f2>5", "2:4>7", "d", "u", "t3", "ttw", "9>f8", "10>a", "a>b", "3:9>4"]


@pytest.mark.parametrize("token", TOKENS)
def test_an_actions_repr_makes_it_again_and_its_str_parses_back(token: str) -> None:
    """repr(Action) was Action('1>f'), which made an action printed as 'u'."""
    game = "EH" if "w" in token or "f8" in token or "f2" in token else "SH"
    action = parse_action(token, game, 4)
    assert eval(repr(action), {"Action": Action}) == action
    assert repr(action).startswith(f"Action({action.kind!r}")
    assert parse_action(str(action), game, 4) == action


def test_a_standard_count_past_three_digits_is_refused_as_notation() -> None:
    """``94vfff`` read as a move of 4095 cards, whose canonical form
    ``4095:9>4`` did not parse back (RULES B7)."""
    with pytest.raises(NotationError, match="a move of vfff cards"):
        parse_action("94vfff", "SH", 4)
    assert str(parse_action("94v3e7", "SH", 4)) == "999:9>4"


@pytest.mark.parametrize("args, error, says", [
    (("1>f", "XX"), "InvalidCodeError", "unknown game 'XX' (expected EH or SH, RULES B1)"),
    (("3a", "SH", -1), "InvalidCodeError", "Seahaven has 4, 2 or 1 cells, not -1 (RULES B1)"),
    (("3a", "SH", 0), "InvalidCodeError", "Seahaven has 4, 2 or 1 cells, not 0"),
    (("3a", "SH", 5), "InvalidCodeError", "Seahaven has 4, 2 or 1 cells, not 5"),
    (("1>f", "EH", 2), "InvalidCodeError", "Easy Harp has no cells"),
    (("3a", "SH", 2.5), "TypeError", "cells is an int (4, 2 or 1 for Seahaven), not float (2.5)"),
    (("3a", "SH", True), "TypeError", "not bool"),
    ((5, "EH"), "TypeError", "an action is a str of notation (RULES B7), not int"),
    (("1>f", None), "TypeError", "a game is 'EH' or 'SH' (a str), not NoneType"),
])
def test_a_game_and_cells_that_name_no_variant_are_refused(args, error: str, says: str) -> None:
    """('1>f', 'XX') was a bare KeyError; ('3a', 'SH', -1) said "no cell
    'a' with -1 cell (cells are a, b, c)", 0 "(cells are )", and 5 or 2.5
    were taken.  The same whether or not the token was read before."""
    import harp.errors
    expected = TypeError if error == "TypeError" else getattr(harp.errors, error)
    parse_action("3a", "SH", 4)
    parse_action("1>f", "EH")
    for _ in range(2):
        with pytest.raises(expected, match=re.escape(says)):
            parse_action(*args)
    if isinstance(args[0], str):        # a script is checked as its actions are
        with pytest.raises(expected, match=re.escape(says)):
            parse_script(*args)


def test_a_game_in_any_case_and_seahaven_s_default_cells() -> None:
    assert parse_action("1>F", "eh") == parse_action("1>f", "EH")
    assert str(parse_action("3a", "SH")) == "3>a" and str(parse_action("3d", "sh")) == "3>d"
    with pytest.raises(NotationError, match=re.escape(
            "no cell 'c': Seahaven with 2 cells has only cells a and b (RULES A2.7)")):
        parse_action("3c", "SH", 2)
    with pytest.raises(NotationError, match=re.escape(
            "no cell 'b': Seahaven with 1 cell has only cell a (RULES A2.7)")):
        parse_action("3b", "SH", 1)


@pytest.mark.parametrize("text, says", [("", "unknown location ''"), ("f", None),
                                        ("h", None), ("F3", None)])
def test_parse_location_reads_every_text(text: str, says: str | None) -> None:
    """An empty location was an IndexError."""
    from harp.notation import parse_location
    if says is None:
        assert parse_location(text, "EH") in ("f", "f3")
    else:
        with pytest.raises(NotationError, match=re.escape(says)):
            parse_location(text, "EH")


def test_game_places_takes_a_game_in_any_case_and_refuses_an_unknown_one() -> None:
    from harp.notation import game_places
    assert game_places("sh", 2) == game_places("SH", 2)
    assert "w" in game_places("eh") and "a" not in game_places("eh")
    with pytest.raises(InvalidCodeError, match="unknown game 'xx'"):
        game_places("xx")
