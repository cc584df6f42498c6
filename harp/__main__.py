"""``python -m harp`` runs the ``harp`` command line."""
from __future__ import annotations

from harp.cli import cli

if __name__ == "__main__":
    cli(prog_name="harp")
