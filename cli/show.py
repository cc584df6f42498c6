"""``harp show``: the position after some moves, given on the command line
or read from a record file."""
from __future__ import annotations

import click

from harp import Record, new_board
from harp.notation import count_actions
from harp.recordfile import load_one_record
from harp.records import continued

from .options import Count, board_display, record_input_option, rule_settings
from .output import print_board


@click.command()
@click.argument("code", required=False)
@click.argument("moves", nargs=-1)
@record_input_option("Read the deal and moves from a record file (- for standard input).")
@click.option("--at", "at", type=Count(min=0),
              help="Show the position after the first N actions only.")
@rule_settings
@board_display
def show(code: str | None, moves: tuple[str, ...], record_file: str | None, at: int | None,
         interactive_rules: bool, double_click: bool, json_: bool, ascii_: bool,
         reveal: bool) -> None:
    """Print the position after MOVES from deal CODE.

    With --record FILE the deal and moves come from a record, and any MOVES
    given are played after the record's own.  Quote moves: > is special to
    the shell.

    \b
    Examples:
        harp show EH1-N-AAAAAAF '1>f d d'
        harp show --record examples/won-seahaven.txt --at 10
    """
    record = record_from_arguments(code, moves, record_file)
    total = count_actions(record.script)
    if at is not None and at > total:
        raise click.BadParameter(f"{at} is more than the {total} actions of the script",
                                 param_hint="'--at'")
    board = new_board(record.code, interactive_rules=interactive_rules,
                      double_click=double_click)
    board.push_script(record.script, upto=at, first_line=record.script_line)
    print_board(board, json_, ascii_, reveal)


def record_from_arguments(code: str | None, moves: tuple[str, ...],
                          record_file: str | None) -> Record:
    """A record from CODE MOVES…, or from ``--record FILE`` followed by
    extra moves (the positional arguments are then all moves)."""
    if record_file is not None:
        extra = [code, *moves] if code is not None else moves
        return continued(load_one_record(record_file), extra)
    if code is None:
        raise click.UsageError("give a deal CODE (e.g. EH1-N-AAAAAAF) or --record FILE")
    return Record(code, " ".join(moves))

