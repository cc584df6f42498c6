"""``harp.cli.tui``: the full-screen game ``harp play`` opens on a terminal.

UI only: the rules are the engine's; the app pushes actions on a board
and draws it.  Textual is imported only when the game starts.
"""
from __future__ import annotations

import sys

from harp import Board

from ..saving import Resumed


def can_show_suits() -> bool:
    """Whether the terminal's encoding can show ♠ ♥ ♦ ♣ (else letters)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding.startswith("utf")


def play_full_screen(board: Board, ascii_: bool = False,
                     resumed: Resumed | None = None) -> list[str]:
    """Run the game until the player quits; the lines to print afterwards
    (where the game was saved, the statistics)."""
    from .app import HarpApp
    app = HarpApp(board, resumed, unicode=not ascii_ and can_show_suits())
    return app.run() or []
