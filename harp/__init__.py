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

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action, format_script
    from .board import Board
    from .deals import DealCode, daily_code, make_code, parse_code, random_code
    from .errors import HarpError, IllegalActionError, InvalidCodeError, NotationError, RecordError
    from .games import new_board
    from .records import Record, read_records, replay

__version__ = "0.1.0"

# The names below are imported on first use (PEP 562), so that importing
# harp.cli takes a few milliseconds before it can turn Ctrl-C into a quiet
# exit (harp.cli's start), not the tenth of a second the engine takes.
_HOMES = {
    "Action": "actions", "format_script": "actions",
    "Board": "games",          # with the games' boards, for Board(code)
    "DealCode": "deals", "daily_code": "deals", "make_code": "deals",
    "parse_code": "deals", "random_code": "deals",
    "HarpError": "errors", "IllegalActionError": "errors", "InvalidCodeError": "errors",
    "NotationError": "errors", "RecordError": "errors",
    "new_board": "games",
    "Record": "records", "read_records": "records", "replay": "records",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'harp' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
