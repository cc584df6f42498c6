"""The opening position of a deal (both games' boards are imported here,
so that ``Board(code)`` knows them)."""
from __future__ import annotations

from .board import Board
from .deals import DealCode, deal_code
# Each game's board class registers itself with Board when defined
# (Board.__init_subclass__): imported here, both are there for Board(code).
from .easyharp import EasyHarpBoard  # noqa: F401
from .seahaven import SeahavenBoard  # noqa: F401


def new_board(code: DealCode | str, *, interactive_rules: bool = True,
              double_click: bool = True) -> Board:
    """The opening position of a deal code (a ``str`` or a DealCode; RULES
    B1-B3): the same as ``Board(code)``.  InvalidCodeError for a code that
    names no deal, TypeError for anything else."""
    return Board(deal_code(code), interactive_rules=interactive_rules,
                 double_click=double_click)
