"""``harp play``: moves applied to a deal (from the command line, a script
file, a record file or standard input), or an interactive game."""
from __future__ import annotations

import sys

import click

from harp import HarpError, Record, new_board
from harp.recordfile import load_one_record, read_script, shown_name
from harp.records import continued

from .options import board_display, input_path, record_input_option, rule_settings
from .output import print_board, print_position, step_printer
from .saving import Resumed


@click.command(short_help="Apply moves to a deal and print the position, or play interactively.")
@click.argument("code", required=False)
@click.argument("moves", nargs=-1)
@click.option("--script", "script_file", type=input_path(dir_okay=False),
              help="Read the moves from a script file (- for standard input).")
@record_input_option("Start from a record file's deal and moves; MOVES are played after "
                     "them.")
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
    record, source, saved = play_record(code, moves, script_file, record_file)
    board = new_board(record.code, interactive_rules=interactive_rules,
                      double_click=double_click)
    interactive = force_interactive or (
        not record.script.strip() and code not in (None, "-") and script_file is None
        and record_file is None and sys.stdin.isatty() and sys.stdout.isatty())
    if verbose:
        print_position(board, "Start", json_, ascii_, reveal)
    each = step_printer(board, json_, ascii_, reveal) if verbose else None
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
        return continued(saved, [code, *moves] if code is not None else moves), None, saved
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
