"""The opening position of a deal: the one place that knows both games' boards."""
from __future__ import annotations

from .board import Board
from .deals import EASY_HARP, DealCode, parse_code
from .easyharp import EasyHarpBoard
from .seahaven import SeahavenBoard


def new_board(code: DealCode | str, *, interactive_rules: bool = True,
              double_click: bool = True) -> Board:
    """The opening position of a deal code (RULES B1-B3)."""
    if isinstance(code, str):
        code = parse_code(code)
    if code.game == EASY_HARP:
        return EasyHarpBoard(code, interactive_rules=interactive_rules, double_click=double_click)
    return SeahavenBoard(code, interactive_rules=interactive_rules, double_click=double_click)
