"""``harp.cli.tui``: the full-screen game ``harp play`` opens on a terminal.

UI only: the rules are the engine's; the app pushes actions on a board
and draws it.  Textual is imported only when the game starts.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from harp import Board

from ..saving import Resumed, kept_by_hand, say_last


def _encodes_unicode(stream: object) -> bool:
    from .screenout import writes_unicode
    return writes_unicode(getattr(stream, "encoding", None))


def can_show_suits() -> bool:
    """Whether the terminal's encoding can show ♠ ♥ ♦ ♣ (else letters):
    standard output's, and standard error's, where Textual draws the screen."""
    return _encodes_unicode(sys.stdout) and _encodes_unicode(sys.__stderr__)


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream is not None and stream.isatty())      # type: ignore[attr-defined]
    except (AttributeError, ValueError):                          # no isatty; closed
        return False


def can_draw_screen(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the terminal can show the full-screen game: standard input,
    output and error are all a terminal (Textual reads the keys on standard
    input and draws the screen on standard error: with ``2>log`` the screen
    would go to the file and the game would run blind), and the terminal
    says what it is (``TERM``) and is not ``dumb``, which takes no escape
    sequences (harp's rule for all its output, :func:`harp.display.color_wanted`).
    Windows' console sets no ``TERM`` and needs none."""
    if not all(map(_is_terminal, (sys.stdin, sys.stdout, sys.__stderr__))):
        return False
    term = environ.get("TERM", "")
    return term != "dumb" and (bool(term) or sys.platform == "win32")


def play_full_screen(board: Board, ascii_: bool = False,
                     resumed: Resumed | None = None) -> tuple[list[str], int]:
    """Run the game until the player quits; the lines to print afterwards
    (where the game was saved, the statistics) and the exit code (0, or
    128 + the signal's number when SIGTERM, SIGINT or SIGHUP ended the game).

    A game ended by a signal prints its lines here, as well as it can: after
    SIGHUP the terminal is gone, and writing to it fails."""
    from .app import HarpApp, PlainHarpApp
    unicode = can_show_suits()
    app = (HarpApp if unicode else PlainHarpApp)(board, resumed, unicode=not ascii_ and unicode)
    said = app.run()
    status = app.return_code or 0
    if said is None:
        # Textual stopped on an exception, a bug in harp (its traceback is
        # printed): the actions not saved are printed all the same, as
        # after a signal, never lost unseen.
        game = app.game
        return [kept_by_hand(game.record())] if game.session.unsaved else [], status or 1
    if status > 128:
        say_last(said)
        return [], status
    return said, status
