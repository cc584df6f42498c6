"""Building positions for tests: cards from text, piles set directly."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from harp import Action, Board, new_board
from harp.cards import parse_card
from harp.deals import make_code
from harp.easyharp import EasyHarpBoard
from harp.seahaven import SeahavenBoard


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def seahaven(columns: list[str], cells: list[str | None] | None = None,
             foundations: list[str] | None = None, n_cells: int = 4) -> SeahavenBoard:
    """A Seahaven position: up to 10 columns (bottom to top), cells, and
    foundation piles f1..f4 given as text."""
    board = new_board(make_code("SH", 1, n_cells))
    assert isinstance(board, SeahavenBoard)
    board.columns = [cards(columns[i]) if i < len(columns) else [] for i in range(10)]
    cell_list = list(cells or []) + [None] * (n_cells - len(cells or []))
    board.cells = [None if c is None else parse_card(c) for c in cell_list]
    board.foundations = [cards(f) for f in (foundations or ["", "", "", ""])]
    return board


def easy_harp(columns: list[str], face_down: list[int] | None = None,
              stock: str = "", waste: str = "", foundations: list[str] | None = None,
              **settings: bool) -> EasyHarpBoard:
    """An Easy Harp position: 9 columns (bottom to top), face-down counts,
    stock first-drawn-first, waste bottom to top, foundations f1..f8."""
    board = new_board(make_code("EH", 1), **settings)
    assert isinstance(board, EasyHarpBoard)
    board.columns = [cards(columns[i]) if i < len(columns) else [] for i in range(9)]
    board.face_down = list(face_down or [0] * 9) + [0] * (9 - len(face_down or []))
    board.stock = list(reversed(cards(stock)))
    board.waste = cards(waste)
    board.foundations = [cards(f) for f in (foundations or [""] * 8)]
    return board


def run_of(suit: str, high: str, length: int) -> str:
    """Same-suit run from rank ``high`` down, ``length`` cards."""
    ranks = "A23456789TJQK"
    top = ranks.index(high)
    return " ".join(ranks[r] + suit for r in range(top, top - length, -1))


def plain_solvable(board, key: Callable[[Board], Hashable], limit: int,
                   order: Callable[[list[Action]], list[Action]] | None = None) -> bool | None:
    """True/False when decided by exhaustive depth-first search over every
    legal action of the engine (nothing pruned, nothing forced), positions
    identified by ``key``; None past ``limit`` positions.  ``order`` only
    chooses which action is tried first.  It pushes and pops on ``board``."""
    def actions(b: Board) -> list[Action]:
        found = list(b.legal_actions)
        return (order(found) if order else found)[::-1]   # popped from the end
    if board.is_won:
        return True
    seen = {key(board)}
    stack = [actions(board)]
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                board.pop()
            continue
        board.push(stack[-1].pop())
        if board.is_won:
            return True
        k = key(board)
        if k in seen:
            board.pop()
            continue
        if len(seen) >= limit:
            return None
        seen.add(k)
        stack.append(actions(board))
    return False


def interrupt_at(monkeypatch, module, name: str, stop: Callable[[Any], bool]) -> None:
    """Make ``module.name`` raise KeyboardInterrupt (as Ctrl-C would) when
    ``stop`` is true of its argument, and run as before otherwise."""
    real = getattr(module, name)

    def interrupted(item: Any) -> Any:
        if stop(item):
            raise KeyboardInterrupt
        return real(item)
    monkeypatch.setattr(module, name, interrupted)
