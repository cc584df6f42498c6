"""The opening position of a deal: the one place that knows both games' boards."""
from __future__ import annotations

from .board import Board
from .deals import EASY_HARP, DealCode, deal_code
from .easyharp import EasyHarpBoard
from .seahaven import SeahavenBoard


def board_class(code: DealCode) -> type[Board]:
    """The board class of a deal's game."""
    return EasyHarpBoard if code.game == EASY_HARP else SeahavenBoard


def new_board(code: DealCode | str, *, interactive_rules: bool = True,
              double_click: bool = True) -> Board:
    """The opening position of a deal code (a ``str`` or a DealCode; RULES
    B1-B3): the same as ``Board(code)``.  InvalidCodeError for a code that
    names no deal, TypeError for anything else."""
    code = deal_code(code)
    return board_class(code)(code, interactive_rules=interactive_rules,
                             double_click=double_click)
