"""``harp replay``: saved games replayed step by step, every action checked."""
from __future__ import annotations

import sys
from itertools import chain

import click

from harp import HarpError, Record, new_board
from harp.errors import RecordError
from harp.recordfile import NO_RECORD, records_in, shown_name

from .options import board_display, input_path, rule_settings
from .output import board_json, board_text, one_line, print_position, step_printer


@click.command(short_help="Replay saved games step by step, checking every action.")
@click.argument("record_file", metavar="RECORD", type=input_path(dir_okay=False))
@click.option("--check", is_flag=True, help="Print only the last position of each record.")
@rule_settings
@board_display
def replay(record_file: str, check: bool, interactive_rules: bool, double_click: bool,
           json_: bool, ascii_: bool, reveal: bool) -> None:
    """Replay the saved game(s) in RECORD step by step and check every action.

    RECORD is a file of records (text, .jsonl or .csv, RULES B8) or - for
    standard input, read one record at a time.  A record that cannot be
    read or replayed is reported and the next one is replayed; the exit
    code is 1 if any failed.

    \b
    Examples:
        harp replay examples/won-easy-harp.txt
        harp replay --check examples/games.jsonl
    """
    name = shown_name(record_file)
    items = records_in(record_file)
    ahead = [item for item in (next(items, None), next(items, None)) if item is not None]
    if not ahead:
        raise RecordError(f"{name}: {NO_RECORD}")
    several = len(ahead) > 1 and not json_
    total = failures = 0
    for total, (line, item) in enumerate(chain(ahead, items), 1):
        if several:
            code = item.code if isinstance(item, Record) else "cannot be read"
            click.echo(f"Record {total} (line {line}): {code}")
        if isinstance(item, RecordError):
            click.echo(f"Error: {name}: {one_line(item)}", err=True)
            failures += 1
            continue
        failures += not replay_one(item, check or json_, interactive_rules, double_click,
                                   json_, ascii_, reveal)
    if several:
        click.echo(f"{total - failures} of {total} records replayed without error")
    if failures:
        sys.exit(1)


def replay_one(record: Record, check: bool, interactive_rules: bool, double_click: bool,
               json_: bool, ascii_: bool, reveal: bool) -> bool:
    """Replay one record; print its positions and a verdict; False if it failed."""
    try:
        board = new_board(record.code, interactive_rules=interactive_rules,
                          double_click=double_click)
    except HarpError as err:
        click.echo(f"Error: line {record.line}: {one_line(err)}", err=True)
        return False
    if not check:
        print_position(board, "Start", False, ascii_, reveal)
    each = None if check else step_printer(board, False, ascii_, reveal)
    try:
        board.push_script(record.script, first_line=record.script_line, each=each)
    except HarpError as err:
        click.echo(f"Error: {one_line(err)}", err=True)
        return False
    if json_:
        click.echo(board_json(board, reveal))
        return True
    if check:
        click.echo(board_text(board, ascii_, reveal))
    n = len(board.actions)
    click.echo(f"{n} action{'s' if n != 1 else ''}, all legal. Score {board.score}, "
               f"moves {board.moves}, status {board.status()}.")
    return True
