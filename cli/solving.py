"""What ``harp solve`` and ``harp hint`` share: the position they start from."""
from __future__ import annotations

from harp import Board, new_board


def position(code: str, moves: tuple[str, ...]) -> Board:
    """The board after MOVES from CODE."""
    board = new_board(code)
    board.push_script(" ".join(moves))
    return board
