"""Rendering a position: text for terminals and a JSON-ready dict.

Pure functions of a board; nothing here changes it or does I/O.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CARD_NAMES, FOUNDATION_SUITS, card_str, card_symbol, is_red
from .deals import EASY_HARP, GAME_NAMES, SEAHAVEN

if TYPE_CHECKING:       # annotations only: Board.__str__ renders through this module
    from .board import Board

HIDDEN_TEXT = "##"
HIDDEN_JSON = "??"
EMPTY = "--"
RED = "\x1b[31m"
RESET = "\x1b[0m"
_FCS_SUIT_LETTERS = "CDHS"


def face_down_counts(board: Board) -> list[int]:
    return list(board.face_down) if board.game == EASY_HARP else [0] * len(board.columns)


def stock_in_draw_order(board: Board) -> list[int]:
    """The stock, first drawn first (Easy Harp; empty for Seahaven)."""
    return list(reversed(board.stock)) if board.game == EASY_HARP else []


def _check_board(board: Any, name: str) -> None:
    # (Known by its game, not by isinstance: board.py renders through this
    # module, which so does not import it.)
    if getattr(type(board), "game", None) not in GAME_NAMES or not hasattr(board, "columns"):
        raise TypeError(f"{name} takes a board (harp.Board), not {type(board).__name__}")


def board_to_dict(board: Board, reveal: bool = False) -> dict[str, Any]:
    """The position as the JSON object of the command line's ``--json``."""
    _check_board(board, "board_to_dict")
    down = face_down_counts(board)
    columns = [[HIDDEN_JSON if i < down[c] and not reveal else CARD_NAMES[card]
                for i, card in enumerate(col)] for c, col in enumerate(board.columns)]
    stock = [CARD_NAMES[c] if reveal else HIDDEN_JSON for c in stock_in_draw_order(board)]
    is_eh = board.game == EASY_HARP
    return {
        "code": str(board.code),
        "game": board.game,
        "deal": board.code.number,
        "columns": columns,
        "face_down": down,
        "stock": stock,
        "waste": [CARD_NAMES[c] for c in board.waste] if is_eh else [],
        "cells": [] if is_eh else [None if c is None else CARD_NAMES[c] for c in board.cells],
        "foundations": [CARD_NAMES[f[-1]] if f else None for f in board.foundations],
        "score": board.score,
        "moves": board.moves,
        "status": board.status(),
    }


class _CardText:
    """How one card is written: Unicode or ASCII suits, red in colour or not."""

    def __init__(self, unicode: bool, color: bool) -> None:
        self.unicode, self.color = unicode, color

    def __call__(self, card: int | None) -> str:
        if card is None:
            return EMPTY
        text = card_symbol(card) if self.unicode else CARD_NAMES[card]
        return f"{RED}{text}{RESET}" if self.color and is_red(card) else text


def render_text(board: Board, unicode: bool = True, reveal: bool = False,
                color: bool = False) -> str:
    """A readable board: header, foundations, stock/waste or cells, the
    columns bottom to top, then score, move counter and status."""
    _check_board(board, "render_text")
    card = _CardText(unicode, color)
    title = GAME_NAMES[board.game]
    if board.game != EASY_HARP:
        title += f", {board.code.cells} cell{'s' if board.code.cells > 1 else ''}"
    lines = [f"{title}  {board.code}  (deal {board.code.number})"]
    if board.game == EASY_HARP:
        lines += _easy_harp_lines(board, card, reveal)
    else:
        lines += _seahaven_lines(board, card)
    down = face_down_counts(board)
    width = len(str(len(board.columns)))
    for c, col in enumerate(board.columns):
        shown = [HIDDEN_TEXT if i < down[c] and not reveal else card(x) for i, x in enumerate(col)]
        lines.append(f"{c + 1:>{width}}: {' '.join(shown)}".rstrip())
    lines.append(f"Score {board.score}  Moves {board.moves}  Status {board.status()}")
    return "\n".join(lines)


def _foundation_line(board: Board, card: _CardText, names: list[str]) -> str:
    parts = [f"{name} {card(f[-1] if f else None)}" for name, f in zip(names, board.foundations)]
    return "Foundations  " + "  ".join(parts)


def _easy_harp_lines(board: Board, card: _CardText, reveal: bool) -> list[str]:
    names = [f"f{i + 1}" for i in range(8)]
    stock = stock_in_draw_order(board)
    stock_text = f"Stock {len(stock)}"
    if reveal and stock:
        stock_text += ": " + " ".join(card(c) for c in stock)
    waste = board.waste
    waste_text = f"Waste {len(waste)}" + (f", top {card(waste[-1])}" if waste else "")
    return [_foundation_line(board, card, names), stock_text, waste_text]


def _seahaven_lines(board: Board, card: _CardText) -> list[str]:
    suits = ["♠", "♥", "♦", "♣"] if card.unicode else ["S", "H", "D", "C"]
    names = [f"f{i + 1}{s}" for i, s in enumerate(suits)]
    cells = "  ".join(f"{'abcd'[i]} {card(c)}" for i, c in enumerate(board.cells))
    return [_foundation_line(board, card, names), f"Cells  {cells}"]


def fcs_board(board: Any) -> str:
    """The board's current Seahaven position as a Freecell Solver board file.

    Its format (fc-solve's README, "the board format"): a ``Foundations:``
    line, a ``Freecells:`` line with each cell's card or ``-``, then one line
    per column, bottom to top, each starting with ``:``.  Cells a-d and
    columns 1-10 keep our order, so the moves fc-solve prints in standard
    notation (``3a``, ``a3``, ``3h``, ``94``, ``101``) name our locations
    (RULES B7).  TypeError for an Easy Harp board (fc-solve has no stock,
    waste or face-down cards)."""
    _check_board(board, "fcs_board")
    if board.game != SEAHAVEN:
        raise TypeError("fcs_board takes a Seahaven board, not an Easy Harp board "
                        f"({board.code}): Freecell Solver's format has no stock, waste "
                        "or face-down cards")
    found = []
    for suit, pile in zip(FOUNDATION_SUITS, board.foundations):
        rank = "0" if not pile else card_str(pile[-1])[0]
        found.append(f"{_FCS_SUIT_LETTERS[suit]}-{rank}")
    lines = ["Foundations: " + " ".join(found),
             "Freecells: " + " ".join("-" if c is None else card_str(c) for c in board.cells)]
    for col in board.columns:
        lines.append(": " + " ".join(card_str(c) for c in col) if col else ":")
    return "\n".join(lines) + "\n"
