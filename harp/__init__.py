"""harp: an engine for Easy Harp and Seahaven Towers patience.

Drive it from a REPL the way python-chess is driven::

    >>> from harp import new_board
    >>> board = new_board("EH1-N-AAAAAAF")
    >>> board.push("1>f")
    Action('move', '1', 'f')
    >>> board.score
    10

More in docs/library.md.  The rules are harp's rule book (``harp rules``),
cited by section, e.g. RULES A2.5.
"""
from __future__ import annotations

from .actions import Action, format_script
from .board import Board
from .games import new_board
from .deals import DealCode, daily_code, make_code, parse_code, random_code
from .errors import HarpError, IllegalActionError, InvalidCodeError, NotationError, RecordError
from .records import Record, read_records, replay

__version__ = "0.1.0"

__all__ = [
    "Action", "Board", "DealCode", "HarpError", "IllegalActionError", "InvalidCodeError",
    "NotationError", "Record", "RecordError", "daily_code", "format_script", "make_code",
    "new_board", "parse_code", "random_code", "read_records", "replay",
]
