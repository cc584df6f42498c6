"""Applying a move script to a board one action at a time (for --verbose and replay).

Like :meth:`harp.Board.push_script`, an error names the action's number, its
text and (for several lines) its line; ``each`` is called after every action.
"""
from __future__ import annotations

from typing import Callable

from harp import Action, Board, HarpError, Record
from harp.notation import tokenize

Step = Callable[[int, Action], None]


def run_script(board: Board, text: str, first_line: int = 1, each: Step | None = None,
               upto: int | None = None) -> int:
    """Push the script's actions (the first ``upto``); return how many were pushed."""
    multiline = "\n" in text.strip() or first_line != 1
    pushed = 0
    for number, (token, line) in enumerate(tokenize(text), 1):
        if upto is not None and number > upto:
            break
        try:
            action = board.push(token)
        except HarpError as err:
            raise err.at(number, token, line + first_line - 1 if multiline else None) from None
        pushed += 1
        if each is not None:
            each(number, action)
    return pushed


def count_actions(text: str) -> int:
    return sum(1 for _ in tokenize(text))


def run_record(board: Board, record: Record, each: Step | None = None,
               upto: int | None = None) -> int:
    return run_script(board, record.moves, record.moves_line, each, upto)
