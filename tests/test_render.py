"""Rendering: text boards and the JSON-ready dict."""
from __future__ import annotations

import re

from harp import new_board
from harp.render import board_to_dict, render_text

SH_314 = """\
Seahaven Towers, 4 cells  SH1-C4-AAAAAJ2  (deal 314)
Foundations  f1S --  f2H --  f3D --  f4C --
Cells  a 5D  b 6S  c --  d --
 1: 7C JD 9H 7S 2S
 2: 5C 6C 7H KH TS
 3: 3H JS KC AD 9C
 4: 5S TC 2D 8C KD
 5: QS JC AS AH 2H
 6: TH 6D QH 3C 4H
 7: 4D 8H 3S 6H 9S
 8: 7D 2C 8S 3D AC
 9: QD 4C QC JH TD
10: 5H 4S 9D KS 8D
Score 0  Moves 0  Status open"""


def test_seahaven_golden_layout_as_ascii_text() -> None:
    """RULES B3 golden layout, as the ASCII board."""
    assert render_text(new_board("SH1-C4-AAAAAJ2"), unicode=False) == SH_314


def test_unicode_suits_and_colour() -> None:
    """Red cards in red; without colour the same text, escapes left out."""
    text = render_text(new_board("SH1-C4-AAAAAJ2"), color=True)
    assert " 1: 7♣ \x1b[31mJ♦\x1b[0m \x1b[31m9♥\x1b[0m 7♠ 2♠" in text.splitlines()
    plain = render_text(new_board("SH1-C4-AAAAAJ2"))
    assert plain.splitlines()[3] == " 1: 7♣ J♦ 9♥ 7♠ 2♠" and "\x1b" not in plain
    assert re.sub("\x1b\\[[0-9;]*m", "", text) == plain


def test_easy_harp_hides_face_down_cards_unless_revealed() -> None:
    """RULES B3 golden layout EH1-N-AAAAAAF."""
    board = new_board("EH1-N-AAAAAAF")
    board.push_script("d d")
    hidden = render_text(board, unicode=False).splitlines()
    assert hidden[:5] == ["Easy Harp  EH1-N-AAAAAAF  (deal 5)",
                          "Foundations  f1 --  f2 --  f3 --  f4 --  f5 --  f6 --  f7 --  f8 --",
                          "Stock 57", "Waste 2, top QS", "1: AH"]
    assert hidden[12] == "9: ## ## ## ## ## ## ## ## TC"
    shown = render_text(board, unicode=False, reveal=True).splitlines()
    assert shown[2].startswith("Stock 57: QH 5C 6D") and shown[2].endswith(" KS")
    assert shown[12] == "9: 5C 8S 6S 2C JS TS KH 2H TC"


def test_dict_has_exactly_the_documented_keys() -> None:
    """The --json object."""
    board = new_board("EH1-N-AAAAAAF")
    board.push_script("1>f d")
    data = board_to_dict(board)
    assert list(data) == ["code", "game", "deal", "columns", "face_down", "stock", "waste",
                          "cells", "foundations", "score", "moves", "status"]
    assert data["columns"][0] == [] and data["columns"][1] == ["??", "AS"]
    assert data["face_down"] == [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert data["stock"] == ["??"] * 58 and data["waste"] == ["8D"]
    assert data["cells"] == [] and data["foundations"][2] == "AH"
    assert (data["score"], data["moves"], data["status"], data["deal"]) == (10, 2, "open", 5)
    revealed = board_to_dict(board, reveal=True)
    assert revealed["columns"][1] == ["2S", "AS"] and revealed["stock"][0] == "QS"


def test_seahaven_dict() -> None:
    data = board_to_dict(new_board("SH1-C2-AAAAAJ2"))
    assert data["cells"] == ["5D", "6S"] and data["stock"] == [] and data["waste"] == []
    assert data["columns"][9] == ["5H", "4S", "9D", "KS", "8D"]
    assert data["foundations"] == [None, None, None, None] and data["game"] == "SH"
