"""harp: an engine for Easy Harp and Seahaven Towers patience.

Drive it from a REPL the way python-chess is driven::

    >>> from harp import new_board
    >>> board = new_board("EH1-N-AAAAAAF")
    >>> board.push("1>f")
    Action('1>f')
    >>> board.score
    10

The rules are harp's rule book (``harp rules``), cited by section, e.g.
RULES A2.5.
"""
from __future__ import annotations

from .actions import Action, format_script
from .board import Board
from .games import new_board
from .deals import DealCode, daily_code, make_code, parse_code, random_code
from .errors import HarpError, IllegalActionError, InvalidCodeError, NotationError, RecordError
from .records import Record, read_records, replay

__version__ = "0.1.0"

# The repository keeps the command line and the batch analyzer beside this
# folder (``cli/`` and ``analysis/``); installed, they are ``harp/cli`` and
# ``harp/analysis`` (pyproject's package-dir).  In a source checkout run
# from its root, let ``harp.cli`` and ``harp.analysis`` resolve there too.
_here = __import__("pathlib").Path(__file__).resolve().parent
if not (_here / "cli").is_dir() and (_here.parent / "cli" / "__init__.py").is_file():
    __path__.append(str(_here.parent))  # noqa: F821 (the package's own __path__)
del _here

__all__ = [
    "Action", "Board", "DealCode", "HarpError", "IllegalActionError", "InvalidCodeError",
    "NotationError", "Record", "RecordError", "daily_code", "format_script", "make_code",
    "new_board", "parse_code", "random_code", "read_records", "replay",
]
