"""The game a command starts from: a deal CODE and MOVES, or a saved game
(``--load FILE``) that MOVES continue.  ``show``, ``hint`` and ``solve``
read it here; ``play`` also takes a script file and standard input."""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

import click

from harp import Action, Board, Record, new_board
from harp.errors import InvalidCodeError, quoted
from harp.notation import count_actions
from harp.recordfile import load_one_record, shown_name
from harp.records import CODE_SHAPE

from .options import is_deal_number


@dataclass(frozen=True)
class GivenGame:
    """A game as a command is given it: a record (the deal and its moves),
    the name of the file it was read from (None: typed on the command
    line; with ``typed_code``, only its moves were read from the file), and
    the moves typed after a saved game's, which go on from them."""

    record: Record
    source: str | None = None
    more: tuple[str, ...] = ()
    typed_code: bool = False

    @property
    def code(self) -> str:
        return self.record.code

    def deal(self, interactive_rules: bool = True, double_click: bool = True) -> Board:
        """A new board of the game's deal; a deal code read from a file
        that names no deal is named by file and line, as ``replay`` names it."""
        try:
            return new_board(self.record.code, interactive_rules=interactive_rules,
                             double_click=double_click)
        except InvalidCodeError as err:
            if self.source is None and os.path.isfile(self.record.code):
                # A file given where a code goes is most likely a saved game.
                name = shown_name(self.record.code)
                raise InvalidCodeError(f"{err}; to read the saved game {name}, give "
                                       f"--load {name}") from None
            if self.source is None or self.typed_code:
                raise
            raise InvalidCodeError(f"{self.source}: line {self.record.line}: {err}") from None

    def count(self) -> int:
        """How many actions the game has (tokens, whether or not they parse)."""
        return count_actions(self.record.script) + count_actions(" ".join(self.more))

    def push(self, board: Board, upto: int | None = None,
             each: Callable[[int, Action], None] | None = None) -> None:
        """Push the game's actions (those numbered up to ``upto``) on a new
        board of its deal (:meth:`deal`).  An error places an action where
        it came from: the file and its line, or the command line (numbered
        on from the saved game's actions, placed as typed moves are)."""
        record = self.record
        board.push_script(record.script, upto=upto, first_line=record.script_line, each=each,
                          source=self.source)
        if self.more:
            board.push_script(" ".join(self.more), upto=upto, each=each,
                              first_number=count_actions(record.script) + 1)


def refuse_code_with_load(code: str | None, load: str | None, numbers: bool = False) -> None:
    """With --load the saved game names the deal and every positional
    argument is a move; a first one that names a deal instead (a deal
    CODE; with ``numbers``, also a deal number or ``-``, standard input,
    which ``play`` takes as CODE) is a usage error, not a bad move."""
    if load is None or code is None:
        return
    if numbers and code.strip() == "-":
        raise click.UsageError("CODE - (a record on standard input) and --load exclude each "
                               "other; --load - reads the saved game from standard input")
    words = code.replace(",", " ").split()
    first = words[0] if words else ""
    if CODE_SHAPE.fullmatch(first) or (numbers and is_deal_number(first)):
        raise click.UsageError(f"a deal CODE ({quoted(first)}) and --load exclude each other: "
                               "the saved game names its deal, and MOVES continue it")


def given_game(code: str | None, moves: tuple[str, ...], load: str | None) -> GivenGame:
    """The game of CODE MOVES…, or of ``--load FILE`` followed by more
    moves (the positional arguments are then all moves)."""
    if load is not None:
        refuse_code_with_load(code, load)
        more = (code, *moves) if code is not None else moves
        return GivenGame(load_one_record(load), shown_name(load), more)
    if code is None:
        raise click.UsageError("give a deal CODE (e.g. EH1-N-AAAAAAF) or --load FILE")
    return GivenGame(Record(code, " ".join(moves)))


def position(code: str | None, moves: tuple[str, ...], load: str | None = None) -> Board:
    """The board after the game's moves."""
    game = given_game(code, moves, load)
    board = game.deal()
    game.push(board)
    return board
