"""The ``harp`` Click group, and the one place its commands are registered.

A command's module is imported when the command runs (or ``--help`` lists
it), so that ``harp deal`` starts without loading the batch analyzer, the
solvers or the table printer.
"""
from __future__ import annotations

import importlib

import click

from harp import __version__

#: Every command, by name: the module of ``harp.cli`` that defines it
#: (under the same name).
COMMANDS = {
    "encode": "codes", "decode": "codes",
    "deal": "game", "show": "game", "play": "game", "replay": "game",
    "score": "batch", "stats": "batch",
    "solve": "solve", "hint": "solve",
    "rules": "rules",
    "generate": "generate",
}


class Commands(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMANDS.get(name)
        if module is None:
            return None
        return getattr(importlib.import_module(f"{__package__}.{module}"), name)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="harp")
def cli() -> None:
    """harp: play and analyse Easy Harp (EH) and Seahaven Towers (SH).

    \b
    Example:
        harp deal EH1-N-AAAAAAF
    """
