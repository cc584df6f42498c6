"""The command line's options and value types, each defined once, and the
printing of a board shared by the board commands (deal, show, play, replay).

* ``apply``: several Click decorators as one.
* ``game_option``, ``cells_option``, ``json_option``: the shared choices.
* ``rule_settings``: the two settings of RULES B9 as switches, both on by default.
* ``board_display``: ``--json``, ``--ascii``, ``--reveal``.
* Value types that read ASCII digits only (RULES C6), refuse NaN and
  infinity, NUL bytes in file names, and quote at most a clipped excerpt
  of a bad value: ``DEAL_NUMBER``, ``Count``, ``Seconds``, ``InputPath``.
* ``print_board``: one position as text (colour only on a terminal, never
  with ``NO_COLOR``) or as one JSON object.
"""
from __future__ import annotations

import json
import math
import os
import sys
from typing import Any, Callable, TypeVar

import click

from harp import Board
from harp.errors import clip
from harp.render import board_to_dict, render_text

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[F], F]

GAME_CHOICE = click.Choice(["eh", "sh"], case_sensitive=False)
CELLS_CHOICE = click.Choice(["4", "2", "1"])
#: Digits of the largest count an option takes (more is refused unread).
MAX_COUNT_DIGITS = 18


def apply(func: F, decorators: list[Decorator]) -> F:
    """``func`` decorated by ``decorators``, the first one outermost (as if stacked)."""
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def game_option(help: str = "Easy Harp (eh) or Seahaven Towers (sh).", **kwargs: Any) -> Decorator:
    return click.option("--game", type=GAME_CHOICE, help=help, **kwargs)


def cells_option(help: str = "Seahaven cells.", **kwargs: Any) -> Decorator:
    return click.option("--cells", type=CELLS_CHOICE, help=help, **kwargs)


def json_option(help: str = "Print JSON.") -> Decorator:
    """The one ``--json`` flag (passed as ``json_``)."""
    return click.option("--json", "json_", is_flag=True, help=help)


def line_search_option(default: float) -> Decorator:
    """The one ``--line-search`` option: seconds an Easy Harp solver goes on
    looking for a shorter line once a deal is won (``SolveLimits``)."""
    return click.option("--line-search", type=Seconds(zero=True), default=default,
                        show_default=True,
                        help="Easy Harp: once a deal is won, look this many more seconds "
                             "for a shorter line (within --timeout; 0: none).")


def rule_settings(func: F) -> F:
    """``--interactive-rules/--no-interactive-rules`` and ``--double-click/--no-double-click``."""
    return apply(func, [
        click.option("--interactive-rules/--no-interactive-rules", default=True,
                     show_default=True,
                     help="Explain a refused action with its rule and a reminder (RULES B9)."),
        click.option("--double-click/--no-double-click", default=True, show_default=True,
                     help="Accept double taps ttX (RULES B9)."),
    ])


def board_display(func: F) -> F:
    """``--json``, ``--ascii`` and ``--reveal``."""
    return apply(func, [
        json_option("Print the position as one JSON object."),
        click.option("--ascii", "ascii_", is_flag=True, help="Suit letters S H D C instead of ♠ ♥ ♦ ♣."),
        click.option("--reveal", is_flag=True, help="Show face-down cards and the stock (Easy Harp)."),
    ])


# ------------------------------------------------------------------ value types

class DealNumber(click.ParamType):
    """A deal number as the digits 0-9 only (RULES C6), returned as text:
    whether it is in range (RULES B1) is for :func:`harp.deals.parse_deal_number`
    (bad data, exit 1), without ever converting thousands of digits."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        if not (text.isascii() and text.isdigit()):
            self.fail(f"{clip(str(value))!r} is not a deal number "
                      "(write it with the digits 0-9, RULES C6)", param, ctx)
        return text


DEAL_NUMBER = DealNumber()


class Count(click.IntRange):
    """A whole number in a range, written with the digits 0-9 only; the
    error quotes a clipped excerpt of a bad value."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            digits = value.strip()
            if not (digits.isascii() and digits.isdigit()):
                self.fail(f"{clip(value)!r} is not a whole number (digits 0-9)", param, ctx)
            if len(digits.lstrip("0")) > MAX_COUNT_DIGITS:
                self.fail(f"{clip(value)} is too large", param, ctx)
        return super().convert(value, param, ctx)


class Seconds(click.FloatRange):
    """A finite number of seconds, more than 0 (or 0 too, with
    ``zero=True``), written in ASCII."""

    name = "seconds"

    def __init__(self, zero: bool = False) -> None:
        super().__init__(0, min_open=not zero)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.isascii():
            self.fail(f"{clip(value)!r} is not a number of seconds", param, ctx)
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{clip(str(value))!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{value} is not a finite number of seconds", param, ctx)
        return super().convert(seconds, param, ctx)


class InputPath(click.Path):
    """A file name from the command line.  A NUL character (which no file
    name can hold) is a usage error, exit 2; whether the file exists is
    checked when it is opened: a missing file is bad data, exit 1."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\0" in value:
            self.fail(f"{clip(value)!r}: a file name cannot hold a NUL character", param, ctx)
        return super().convert(value, param, ctx)


def input_path(**kwargs: Any) -> InputPath:
    """An :class:`InputPath` that may be ``-`` (standard input)."""
    return InputPath(allow_dash=True, **kwargs)


# ------------------------------------------------------------------ printing a board

def use_color() -> bool:
    """Colour only when writing to a terminal and ``NO_COLOR`` is not set."""
    if os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def board_text(board: Board, ascii_: bool = False, reveal: bool = False) -> str:
    return render_text(board, unicode=not ascii_, reveal=reveal, color=use_color())


def board_json(board: Board, reveal: bool = False) -> str:
    return json.dumps(board_to_dict(board, reveal=reveal), ensure_ascii=False)


def print_board(board: Board, json_: bool = False, ascii_: bool = False,
                reveal: bool = False) -> None:
    """Print one position: the JSON object, or the text board."""
    click.echo(board_json(board, reveal) if json_ else board_text(board, ascii_, reveal))
