"""``harp show``: the position after some moves, given on the command line
or read from a record file."""
from __future__ import annotations

import click

from .options import (Count, board_display, refuse_ascii, refuse_reveal, rule_settings,
                      saved_game_position)
from .output import print_board
from .position import given_game


@click.command()
@saved_game_position
@click.option("--at", "at", type=Count(min=0),
              help="Show the position after the first N actions only; the actions after "
                   "them are not read (a game that goes wrong later still shows).")
@rule_settings
@board_display
def show(code: str | None, moves: tuple[str, ...], load: str | None, at: int | None,
         interactive_rules: bool, double_click: bool, json_: bool, ascii_: bool,
         reveal: bool) -> None:
    """Print the position after MOVES from deal CODE.

    With --load FILE the deal and moves come from a saved game, and any
    MOVES given are played after its own.  Quote moves: > is special to
    the shell.

    \b
    Examples:
        harp show EH1-N-AAAAAAF '1>f d d'
        harp show --load examples/won-seahaven.txt --at 10
    """
    refuse_ascii(ascii_, "--json" if json_ else None)
    game = given_game(code, moves, load)
    total = game.count()
    if at is not None and at > total:
        raise click.BadParameter(f"{at} is more than the {total} action{'s' * (total != 1)} "
                                 "of the script",
                                 param_hint="'--at'")
    board = game.deal(interactive_rules, double_click)
    refuse_reveal(reveal, board.game)
    game.push(board, upto=at)
    print_board(board, json_, ascii_, reveal)

