"""``harp.cli.tui``: the full-screen game ``harp play`` opens on a terminal.

UI only: the rules are the engine's; the app pushes actions on a board
and draws it.  Textual is imported only when the game starts.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from harp import Board

from ..saving import Resumed


def can_show_suits() -> bool:
    """Whether the terminal's encoding can show ♠ ♥ ♦ ♣ (else letters)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding.startswith("utf")


def can_draw_screen(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the terminal can show the full-screen game: one that says
    what it is (``TERM``) and is not ``dumb``, which takes no escape
    sequences (harp's rule for all its output, :func:`harp.display.color_wanted`).
    Windows' console sets no ``TERM`` and needs none."""
    term = environ.get("TERM", "")
    return term != "dumb" and (bool(term) or sys.platform == "win32")


def play_full_screen(board: Board, ascii_: bool = False,
                     resumed: Resumed | None = None) -> tuple[list[str], int]:
    """Run the game until the player quits; the lines to print afterwards
    (where the game was saved, the statistics) and the exit code (0, or
    143 when SIGTERM ended the game)."""
    from .app import HarpApp
    app = HarpApp(board, resumed, unicode=not ascii_ and can_show_suits())
    return app.run() or [], app.return_code or 0
