"""Help text wrapped at spaces only.

Click wraps help with :mod:`textwrap`, which also breaks a line after a
hyphen inside a word: ``--max-`` at the end of one line and ``states`` at
the start of the next, or a deal range ``1-`` / ``10000``, which a reader
then copies wrong.  While a help text is wrapped its hyphens stand as
non-breaking hyphens (one column wide too, so the lines are as long) and
are put back as they are written out.
"""
from __future__ import annotations

from collections.abc import Iterable

import click

#: Stands for ``-`` while a text is wrapped (U+2011, NON-BREAKING HYPHEN).
_HELD = "\u2011"


def _held(text: str) -> str:
    return text.replace("-", _HELD)


class HelpText(click.HelpFormatter):
    """Click's help formatter, breaking lines at spaces only."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(_held(prog), _held(args), prefix)

    def write_text(self, text: str) -> None:
        super().write_text(_held(text))

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(_held(term), _held(text)) for term, text in rows],
                         col_max, col_spacing)

    def write(self, string: str) -> None:
        super().write(string.replace(_HELD, "-"))


class HarpContext(click.Context):
    formatter_class = HelpText


def with_help_text(command: click.Command) -> click.Command:
    """``command`` (a group with its commands) writing its help with
    :class:`HelpText`."""
    command.context_class = HarpContext
    if isinstance(command, click.Group):
        for subcommand in command.commands.values():
            with_help_text(subcommand)
    return command
