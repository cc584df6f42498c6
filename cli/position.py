"""The game a command starts from: a deal CODE and MOVES, or a saved game
(``--load FILE``) that MOVES continue.  ``show``, ``hint`` and ``solve``
read it here; ``play`` also takes a script file and standard input."""
from __future__ import annotations

import click

from harp import Board, Record, new_board
from harp.recordfile import load_one_record
from harp.records import continued


def record_from_arguments(code: str | None, moves: tuple[str, ...], load: str | None) -> Record:
    """A record from CODE MOVES…, or from ``--load FILE`` followed by extra
    moves (the positional arguments are then all moves)."""
    if load is not None:
        extra = [code, *moves] if code is not None else moves
        return continued(load_one_record(load), extra)
    if code is None:
        raise click.UsageError("give a deal CODE (e.g. EH1-N-AAAAAAF) or --load FILE")
    return Record(code, " ".join(moves))


def position(code: str | None, moves: tuple[str, ...], load: str | None = None) -> Board:
    """The board after the game's moves."""
    record = record_from_arguments(code, moves, load)
    board = new_board(record.code)
    board.push_script(record.script, first_line=record.script_line)
    return board
