"""``harp.cli``: the ``harp`` command line, a thin Click layer over the engine.

Commands parse their arguments, call the engine or the batch analyzer, and
print; :mod:`harp.cli.main` holds the group and registers every command.
"""
from __future__ import annotations

from .main import cli

__all__ = ["cli"]
