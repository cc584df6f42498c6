"""What ``harp solve`` and ``harp hint`` share: the position they start
from, and why a search stopped."""
from __future__ import annotations

from harp import Board, new_board
from harp.solve import SolveLimits, SolveResult


def position(code: str, moves: tuple[str, ...]) -> Board:
    """The board after MOVES from CODE."""
    board = new_board(code)
    board.push_script(" ".join(moves))
    return board


def limit_text(result: SolveResult, limits: SolveLimits) -> str:
    """Which limit stopped the search, e.g. ``max states 1000 reached``."""
    if result.states >= limits.max_states:
        return f"max states {limits.max_states} reached"
    return f"timeout {limits.timeout:g} s reached after {result.states} positions"
