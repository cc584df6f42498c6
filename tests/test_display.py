"""What an output can display (harp.display): suit letters and ASCII
stand-ins where the encoding lacks a character, colour only where wanted."""
from __future__ import annotations

import pytest

from harp import new_board
from harp.display import (color_wanted, register_stand_ins, stand_in, stand_in_errors,
                          suits_fit)
from harp.render import render_text
from harp.rulebook import rule_book


@pytest.mark.parametrize("encoding, fits", [
    ("utf-8", True), ("UTF-8", True), ("utf-16", True), ("latin-1", False), ("cp1252", False),
    ("ascii", False), (None, False), ("no-such-codec", False),
])
def test_suit_symbols_fit_an_encoding_or_not(encoding, fits) -> None:
    assert suits_fit(encoding) is fits


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "ascii"])
@pytest.mark.parametrize("code", ["SH1-C4-AAAAAJ2", "EH1-N-AAAAAAF"])
def test_a_board_through_the_stand_ins_is_the_ascii_board(encoding, code) -> None:
    """``T♥`` written where ``♥`` cannot go is ``TH``: the board a Latin-1
    or cp1252 output gets is exactly the ``--ascii`` board."""
    board = new_board(code)
    written = render_text(board).encode(encoding, register_stand_ins()).decode(encoding)
    assert written == render_text(board, unicode=False)


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "ascii"])
def test_the_whole_rule_book_encodes_without_losing_a_character(encoding) -> None:
    text = rule_book().text
    written = text.encode(encoding, register_stand_ins()).decode(encoding)
    assert written.count("?") == text.count("?")       # no character became "?"
    assert "\\u0131" in written                         # C6's dotless i, named exactly
    assert not any(symbol in written for symbol in "♠♥♦♣")
    assert "7♥ may go on 8♠" in text and "7H may go on 8S" in written


def test_stand_ins_are_ascii_and_name_unknown_characters() -> None:
    assert stand_in("…") == "..." and stand_in("–") == "-" and stand_in("█") == "#"
    assert stand_in("ı") == "\\u0131" and stand_in("x") == "x"
    assert "5S…4H ▁█".encode("ascii", register_stand_ins()) == b"5S...4H _#"


def test_a_table_bar_keeps_its_width_through_the_stand_ins() -> None:
    """The eighth blocks ending a table's bar (cli/fit.py) are ASCII too:
    one character each, under half ``|``, half or more ``#``."""
    from harp.cli.fit import EIGHTHS, bar
    assert [stand_in(ch) for ch in EIGHTHS[1:]] == list("|||#####")
    for fraction in (0.001, 0.3, 0.5, 0.77, 1.0):
        drawn = bar(fraction, 10)
        written = drawn.encode("ascii", register_stand_ins()).decode("ascii")
        assert len(written) == len(drawn) == 10 and set(written) <= set("#| ")


def test_the_handler_refuses_to_decode() -> None:
    with pytest.raises(UnicodeDecodeError):
        stand_in_errors(UnicodeDecodeError("ascii", b"\xff", 0, 1, "bad"))


@pytest.mark.parametrize("tty, environ, wanted", [
    (True, {}, False),                                 # may take no escape sequence
    (True, {"TERM": ""}, False),
    (True, {"TERM": "xterm-256color"}, True),
    (False, {"TERM": "xterm"}, False),                 # a pipe or a file
    (True, {"NO_COLOR": "1"}, False),
    (True, {"NO_COLOR": "", "TERM": "xterm"}, True),   # no-color.org: set and not empty
    (True, {"TERM": "dumb"}, False),
])
def test_colour_only_on_a_terminal_that_wants_it(tty, environ, wanted) -> None:
    assert color_wanted(tty, environ, "linux") is wanted


def test_windows_console_is_coloured_without_term() -> None:
    assert color_wanted(True, {}, "win32") is True
