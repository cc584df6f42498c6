"""``harp.cli``: the ``harp`` command line, a thin Click layer over the engine.

Commands parse their arguments, call the engine or the batch analyzer, and
print; :mod:`harp.cli.main` holds the group and registers every command.
"""
from __future__ import annotations

import os
import signal
from typing import Any


def _interrupted_at_start(number: int, frame: Any) -> None:
    """Ctrl-C while the command line's modules load (a tenth of a second):
    the same line and exit code as a batch command's Ctrl-C, not a
    traceback from the middle of an import."""
    os.write(2, b"interrupted (Ctrl-C)\n")
    raise SystemExit(128 + signal.SIGINT)


_before = signal.getsignal(signal.SIGINT)
_held = _before is signal.default_int_handler
if _held:
    signal.signal(signal.SIGINT, _interrupted_at_start)
try:
    from .main import cli
finally:
    if _held:
        signal.signal(signal.SIGINT, _before)

__all__ = ["cli"]
