"""Options and printing shared by the board commands (deal, show, play, replay).

* ``rule_settings``: the two settings of RULES B9 as switches, both on by default.
* ``board_display``: ``--json``, ``--ascii``, ``--reveal``.
* ``print_board``: one position as text (colour only on a terminal, never
  with ``NO_COLOR``) or as the JSON object of issue 3.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable, TypeVar

import click

from harp import Board
from harp.render import board_to_dict, render_text

F = TypeVar("F", bound=Callable[..., Any])


def _apply(func: F, decorators: list[Callable[[F], F]]) -> F:
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def rule_settings(func: F) -> F:
    """``--interactive-rules/--no-interactive-rules`` and ``--double-click/--no-double-click``."""
    return _apply(func, [
        click.option("--interactive-rules/--no-interactive-rules", default=True,
                     show_default=True,
                     help="Explain a refused action with its rule and a reminder (RULES B9)."),
        click.option("--double-click/--no-double-click", default=True, show_default=True,
                     help="Accept double taps ttX (RULES B9)."),
    ])


def board_display(func: F) -> F:
    """``--json``, ``--ascii`` and ``--reveal``."""
    return _apply(func, [
        click.option("--json", "json_", is_flag=True, help="Print the position as one JSON object."),
        click.option("--ascii", "ascii_", is_flag=True, help="Suit letters S H D C instead of ♠ ♥ ♦ ♣."),
        click.option("--reveal", is_flag=True, help="Show face-down cards and the stock (Easy Harp)."),
    ])


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
