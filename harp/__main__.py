"""``python -m harp`` runs the ``harp`` command line."""
from __future__ import annotations

import sys

try:
    from harp.cli import cli
except ModuleNotFoundError as err:
    # Started in the root of harp's source checkout, Python finds the
    # checkout's harp/ folder (the engine alone: the command line is the
    # cli/ folder beside it, which only an install makes harp.cli) before
    # the installed package.
    if err.name not in ("harp.cli", "harp.analysis"):
        raise
    sys.exit("Error: python -m harp was started in harp's source folder, whose harp/ holds "
             "the engine only; run the harp command (.venv/bin/harp), or python -m harp "
             "from another folder, or install the checkout editable (pip install -e .)")

if __name__ == "__main__":
    cli(prog_name="harp")
