"""``python -m harp.cli`` runs the ``harp`` command group."""
from __future__ import annotations

from .main import cli

if __name__ == "__main__":
    cli(prog_name="harp")
