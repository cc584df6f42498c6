"""``harp replay``: saved games replayed step by step, every action checked,
and (``--lost``) since when a game could no longer be won."""
from __future__ import annotations

import json
import sys
from itertools import chain
from typing import TYPE_CHECKING

import click

from harp import Board, HarpError, Record, new_board
from harp.deals import EASY_HARP, parse_code
from harp.errors import RecordError
from harp.recordfile import NO_RECORD, records_in, shown_name
from harp.render import board_to_dict
from harp.solve import HINT_LIMITS, SolveLimits

from .options import (board_display, given, input_path, limit_options, refuse_ascii,
                      refuse_reveal, rule_settings)
from .output import board_text, one_line, print_position, printable, shown, step_printer

if TYPE_CHECKING:
    from harp.solve.since import Since


@click.command(short_help="Replay saved games step by step, checking every action.")
@click.argument("record_file", metavar="RECORD", type=input_path(dir_okay=False))
@click.option("--check", is_flag=True, help="Print only the last position of each record.")
@click.option("--lost", is_flag=True,
              help="Also say since which action the game could no longer be won (RULES C8).")
@limit_options(HINT_LIMITS, ("max_states", "timeout"), scope=", per position (--lost)")
@rule_settings
@board_display
def replay(record_file: str, check: bool, lost: bool, limits: SolveLimits,
           interactive_rules: bool, double_click: bool, json_: bool, ascii_: bool,
           reveal: bool) -> None:
    """Replay the saved game(s) in RECORD step by step and check every action.

    RECORD is a file of records (text, .jsonl or .csv, RULES B8) or - for
    standard input, read one record at a time.  A record that cannot be
    read or replayed is reported and the next one is replayed; the exit
    code is 1 if any failed.  With --json, one JSON object per record: its
    last position, or for a record that failed its line and the error.

    With --lost, a last line says whether the game is lost, and since
    which action: "lost since action N" when no line of play wins after
    action N but one did before it (an undo in the game can make it
    winnable again; RULES C8), "at the latest" when the position before
    it could not be decided, or that it is not lost, or already won.  Each
    position searched gets --max-states and --timeout.

    \b
    Examples:
        harp replay examples/won-easy-harp.txt
        harp replay --check examples/games.jsonl
        harp replay --check --lost examples/lost-easy-harp.txt
    """
    ctx = click.get_current_context()
    if not lost and (given(ctx, "max_states") or given(ctx, "timeout")):
        raise click.UsageError("--max-states and --timeout limit the search of --lost: "
                               "they need --lost")
    refuse_ascii(ascii_, "--json" if json_ else None)
    name = shown_name(record_file)
    items = records_in(record_file)
    ahead = [item for item in (next(items, None), next(items, None)) if item is not None]
    if not ahead:
        raise RecordError(f"{name}: {NO_RECORD}")
    if len(ahead) == 1:     # of several records, --reveal shows the Easy Harp ones
        refuse_reveal(reveal, game_of(ahead[0][1]))
    several = len(ahead) > 1 and not json_
    total = failures = 0
    easy_harp = False       # of several records, has --reveal shown one?
    for total, (line, item) in enumerate(chain(ahead, items), 1):
        easy_harp = easy_harp or (reveal and game_of(item) == EASY_HARP)
        if several:
            code = shown_code(item.code) if isinstance(item, Record) else "cannot be read"
            click.echo(f"Record {total} (line {line}): {code}")
        if isinstance(item, RecordError):
            error: str | None = f"{name}: {one_line(item)}"
        else:
            error = replay_one(item, name, check or json_, interactive_rules, double_click,
                               json_, ascii_, reveal, limits if lost else None)
        if error is not None:
            failures += 1
            click.echo(f"Error: {printable(error)}", err=True)
            if json_:       # one object per record, a failed one's too: none goes missing
                click.echo(json.dumps({"line": line, "error": error}, ensure_ascii=False))
    if several:
        click.echo(f"{total - failures} of {total} records replayed without error")
    if reveal and len(ahead) > 1 and not easy_harp:
        # Known only at the end: the file is read once, as it streams.
        click.echo("Warning: --reveal showed nothing: no record of the file is an Easy Harp "
                   "game (a Seahaven deal has no face-down cards and no stock)", err=True)
    if failures:
        sys.exit(1)


def game_of(item: Record | RecordError) -> str | None:
    """The game of a record's deal; None if it cannot be told (replaying
    the record says why)."""
    try:
        return parse_code(item.code).game if isinstance(item, Record) else None
    except HarpError:
        return None


def shown_code(code: str) -> str:
    """A record's deal code as harp prints codes, in upper case
    (``sh1-c4-aaaaaj2``: ``SH1-C4-AAAAAJ2``); a code that names no deal
    as written (replaying it says why), clipped and escaped as a file
    name is (:func:`shown`): read from a file, it may hold a line break or
    an escape sequence."""
    try:
        return str(parse_code(code))
    except HarpError:
        return shown(code)


def replay_one(record: Record, name: str, check: bool, interactive_rules: bool,
               double_click: bool, json_: bool, ascii_: bool, reveal: bool,
               lost: SolveLimits | None) -> str | None:
    """Replay one record of the file ``name``; print its positions and a
    verdict (and, given limits for it, since when it is lost); if it
    failed, why (one line), else None.  A record that cannot be dealt, or an action that cannot be
    played, is named by file and line, as a record that cannot be read is."""
    try:
        board = new_board(record.code, interactive_rules=interactive_rules,
                          double_click=double_click)
    except HarpError as err:
        return f"{name}: line {record.line}: {one_line(err)}"
    if not check:
        print_position(board, "Start", False, ascii_, reveal)
    each = None if check else step_printer(board, False, ascii_, reveal)
    try:
        board.push_script(record.script, first_line=record.script_line, each=each, source=name)
    except HarpError as err:
        return one_line(err)
    if json_:
        out = board_to_dict(board, reveal=reveal)
        if lost is not None:
            out["lost"] = since_when(board, lost)._asdict()
        click.echo(json.dumps(out, ensure_ascii=False))
        return None
    if check:
        click.echo(board_text(board, ascii_, reveal))
    n = len(board.actions)
    click.echo(f"{n} action{'s' if n != 1 else ''}, all legal. Score {board.score}, "
               f"moves {board.moves}, status {board.status()}.")
    if lost is not None:
        click.echo(lost_text(board, since_when(board, lost)))
    return None


def since_when(board: Board, limits: SolveLimits) -> Since:
    """Since when the game is lost (:func:`lost_since`); a won game is
    not searched: its verdict is ``won``.  (The solvers are imported
    here: ``replay`` without --lost starts without them.)"""
    from harp.solve.since import Since, lost_since
    if board.is_won:
        return Since("won", None, False, 0)
    return lost_since(board, limits)


def lost_text(board: Board, since: Since) -> str:
    """The one line of ``--lost``."""
    if since.verdict == "won":
        return "Not lost: the game is won."
    if since.verdict == "winnable":
        return "Not lost: the last position can still be won."
    if since.verdict != "lost":
        return "Not decided within the limits whether the last position can still be won."
    if since.action == 0:
        return "Lost from the deal: no line of play wins (RULES C8)."
    text = f"Lost since action {since.action} ({board.actions[since.action - 1]})"
    if since.exact:
        return f"{text}: no line of play wins after it (RULES C8)."
    return f"{text} at the latest: the position before it was not decided within the limits."
