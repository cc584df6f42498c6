"""``harp deal``, ``harp show``, ``harp play`` and ``harp replay`` (issue 3).

Thin commands: read the arguments, call the engine, print.  Engine errors
become one-line messages with exit code 1; misuse of the command line exits
with code 2.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import sys
from itertools import chain

import click

from harp import Action, Board, HarpError, Record, new_board
from harp.render import fcs_board
from harp.deals import DealCode, daily_code, parse_code, random_code

from .options import (CELLS_CHOICE, GAME_CHOICE, Count, board_display, board_json, board_text,
                      input_path, print_board, rule_settings)
from .output import engine_errors, one_line
from harp.analysis.sources import shown_name
from harp.errors import RecordError
from harp.notation import count_actions

from .recordfiles import NO_RECORD, load_one_record, read_script, records_in
from .saving import Resumed
from .winnable import print_deal, winnable_choice, winnable_options


def make_board(code: str | DealCode, interactive_rules: bool, double_click: bool) -> Board:
    return new_board(code, interactive_rules=interactive_rules, double_click=double_click)


def choose_code(code: str | None, random_: bool, daily: bool, date: dt.datetime | None,
                game: str | None, cells: str | None) -> DealCode:
    """The deal named by ``harp deal``'s arguments (RULES A1.10, B4)."""
    chosen = [name for name, on in (("CODE", code is not None), ("--random", random_),
                                    ("--daily", daily)) if on]
    if len(chosen) != 1:
        raise click.UsageError("give exactly one of CODE, --random or --daily")
    if date is not None and not daily:
        raise click.UsageError("--date goes with --daily")
    if code is not None:
        if game or cells:
            raise click.UsageError("--game and --cells choose a --random or --daily deal; "
                                   "a CODE already names its game and cells")
        return parse_code(code)
    game = (game or "eh").upper()
    if game == "EH" and cells is not None:
        raise click.UsageError("--cells is for Seahaven (--game sh); Easy Harp has no cells")
    n_cells = int(cells or 4)
    if random_:
        return random_code(game, n_cells)
    return daily_code(game, date.date() if date else None, n_cells)


@click.command()
@click.argument("code", required=False)
@click.option("--random", "random_", is_flag=True, help="A random deal (\"new deal\").")
@click.option("--daily", is_flag=True, help="Today's deal, the same for everyone (RULES B4).")
@click.option("--date", type=click.DateTime(["%Y-%m-%d"]), help="The daily deal of this date.")
@click.option("--game", type=GAME_CHOICE, help="Game of a --random or --daily deal [default: eh].")
@click.option("--cells", type=CELLS_CHOICE, help="Seahaven cells for --random or --daily [default: 4].")
@click.option("--format", "format_", type=click.Choice(["text", "json", "fcs"]), default="text",
              show_default=True, help="json: the same as --json; fcs: Freecell Solver's "
                                      "board format (Seahaven only).")
@winnable_options
@board_display
def deal(code: str | None, random_: bool, daily: bool, date: dt.datetime | None,
         game: str | None, cells: str | None, format_: str, winnable: bool, unwinnable: bool,
         min_cells: str | None, timeout: float, json_: bool, ascii_: bool,
         reveal: bool) -> None:
    """Print the opening layout of a deal; the code is always shown.

    A Seahaven deal is followed by whether it can be won with 4, 2 and 1
    cells (from the atlas of every deal).  --winnable, --unwinnable and
    --min-cells choose the --random deal among those; for Easy Harp the
    solver decides random deals until one fits, within --timeout seconds.

    \b
    Examples:
        harp deal EH1-N-AAAAAAF
        harp deal --daily --game sh --cells 2
        harp deal --random --winnable --game sh --cells 1
        harp deal SH1-C4-AAAAAJ2 --format fcs | fc-solve -g seahaven -m -sn -
    """
    if json_ and format_ == "fcs":
        raise click.UsageError("--json and --format fcs exclude each other")
    with engine_errors():
        chosen = choose_code(code, random_, daily, date, game, cells)
        chosen, verdict = winnable_choice(chosen, random_, winnable, unwinnable, min_cells,
                                          timeout)
        board = make_board(chosen, True, True)
    if format_ == "fcs":
        print_fcs(board, announce_code=code is None)
    else:
        with engine_errors():
            print_deal(board, verdict, timeout, json_ or format_ == "json", ascii_, reveal)


def print_fcs(board: Board, announce_code: bool) -> None:
    """The layout in Freecell Solver's board format (harp.render.fcs_board)."""
    if board.game != "SH":
        raise click.UsageError("--format fcs is for Seahaven deals only")
    if announce_code:
        click.echo(f"code: {board.code}", err=True)
    click.echo(fcs_board(board).rstrip("\n"))


@click.command()
@click.argument("code", required=False)
@click.argument("moves", nargs=-1)
@click.option("--record", "record_file", type=input_path(dir_okay=False),
              help="Read the deal and moves from a record file (- for standard input).")
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
    with engine_errors():
        record = record_from_arguments(code, moves, record_file)
        total = count_actions(record.script)
        if at is not None and at > total:
            raise click.BadParameter(f"{at} is more than the {total} actions of the script",
                                     param_hint="'--at'")
        board = make_board(record.code, interactive_rules, double_click)
        board.push_script(record.script, upto=at, first_line=record.script_line)
    print_board(board, json_, ascii_, reveal)


def record_from_arguments(code: str | None, moves: tuple[str, ...],
                          record_file: str | None) -> Record:
    """A record from CODE MOVES…, or from ``--record FILE`` followed by
    extra moves (the positional arguments are then all moves)."""
    if record_file is not None:
        return continued(load_one_record(record_file), code, moves)
    if code is None:
        raise click.UsageError("give a deal CODE (e.g. EH1-N-AAAAAAF) or --record FILE")
    return Record(code, " ".join(moves))


def continued(record: Record, code: str | None, moves: tuple[str, ...]) -> Record:
    """The record with the command line's MOVES played after its own (CODE,
    given with --record, is the first of them)."""
    extra = " ".join(((code,) if code is not None else ()) + moves)
    return dataclasses.replace(record, script=f"{record.script} {extra}") if extra else record


@click.command(short_help="Apply moves to a deal and print the position, or play interactively.")
@click.argument("code", required=False)
@click.argument("moves", nargs=-1)
@click.option("--script", "script_file", type=input_path(dir_okay=False),
              help="Read the moves from a script file (- for standard input).")
@click.option("--record", "record_file", type=input_path(dir_okay=False),
              help="Start from a record file's deal and moves; MOVES are played after them.")
@click.option("--verbose", "-v", is_flag=True, help="Print the position after every action.")
@click.option("--interactive", "-i", "force_interactive", is_flag=True,
              help="Play interactively (the default with no moves in a terminal).")
@rule_settings
@board_display
def play(code: str | None, moves: tuple[str, ...], script_file: str | None,
         record_file: str | None, verbose: bool,
         force_interactive: bool, interactive_rules: bool, double_click: bool, json_: bool,
         ascii_: bool, reveal: bool) -> None:
    """Apply moves to deal CODE and print the final position, score, moves, status.

    Without CODE (or with CODE -) a record is read from standard input; with
    --record FILE the game starts from that record and MOVES continue it.
    Quote moves: > is special to the shell.  With no moves in a terminal
    (or with --interactive), starts an interactive game: type moves such as
    3>f, w>5, d, t3, tt3, u; 'help' lists the commands, 'q' quits.

    \b
    Examples:
        harp play EH1-N-AAAAAAF '1>f d d w>3'
        harp play SH1-C4-AAAAAJ2 --script moves.txt --verbose
        echo 'SH1-C4-AAAAAJ2 8>f 8>f' | harp play
        harp play --record examples/easy-harp-run-refused.txt '7>4'
        harp play EH1-N-AAAAAAF          # interactive game in a terminal
    """
    with engine_errors():
        record, source, saved = play_record(code, moves, script_file, record_file)
        board = make_board(record.code, interactive_rules, double_click)
    interactive = force_interactive or (
        not record.script.strip() and code not in (None, "-") and script_file is None
        and record_file is None and sys.stdin.isatty() and sys.stdout.isatty())
    if verbose:
        print_position(board, "Start", json_, ascii_, reveal)
    each = step_printer(board, json_, ascii_, reveal) if verbose else None
    with engine_errors():
        try:
            board.push_script(record.script, first_line=record.script_line, each=each)
        except HarpError as err:
            raise (HarpError(f"{source}: {err}") if source else err) from None
    if interactive:
        from .interactive import play_game
        resumed = Resumed(record_file, saved) if record_file not in (None, "-") and saved else None
        if not play_game(board, ascii_=ascii_, reveal=reveal, resumed=resumed):
            sys.exit(1)
    elif not verbose:
        print_board(board, json_, ascii_, reveal)


def play_record(code: str | None, moves: tuple[str, ...], script_file: str | None,
                record_file: str | None) -> tuple[Record, str | None, Record | None]:
    """The record ``harp play`` runs, the name of the script file its moves
    came from, and the record of the --record file."""
    if record_file is not None:
        if script_file is not None:
            raise click.UsageError("give either --record or --script, not both")
        saved = load_one_record(record_file)
        return continued(saved, code, moves), None, saved
    if code in (None, "-"):
        if moves or script_file:
            raise click.UsageError("MOVES and --script need a deal CODE")
        if code is None and sys.stdin.isatty():
            raise click.UsageError("give a deal CODE, or a record on standard input")
        return load_one_record("-"), None, None
    if script_file is not None:
        if moves:
            raise click.UsageError("give moves either as arguments or with --script, not both")
        return Record(code, read_script(script_file)), shown_name(script_file), None
    return Record(code, " ".join(moves)), None, None


def print_position(board: Board, title: str, json_: bool, ascii_: bool, reveal: bool) -> None:
    if json_:
        click.echo(board_json(board, reveal))
    else:
        click.echo(f"{title}\n{board_text(board, ascii_, reveal)}\n")


def step_printer(board: Board, json_: bool, ascii_: bool, reveal: bool):
    """A callback printing the position after each action."""
    def each(number: int, action: Action) -> None:
        print_position(board, f"Action {number}: {action}", json_, ascii_, reveal)
    return each


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
    with engine_errors():
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
        board = make_board(record.code, interactive_rules, double_click)
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
