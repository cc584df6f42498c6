"""``harp play``: moves applied to a deal (from the command line, a script
file, a record file or standard input), or an interactive game: the
full-screen game on a terminal (:mod:`harp.cli.tui`), else (and with
``--line``) the line game (:mod:`harp.cli.interactive`)."""
from __future__ import annotations

import datetime as dt
import sys
from typing import TYPE_CHECKING

import click

from harp import Record
from harp.recordfile import load_one_record, read_script, shown_name

from .deal import choose_code
from .options import (READS_SAVED, board_display, deal_choice, input_path, is_deal_number,
                      listed, load_option, refuse_ascii, refuse_reveal, retired_record_option,
                      rule_settings)
from .output import print_board, print_position, step_printer
from .position import GivenGame, given_game, refuse_code_with_load
from .saving import Resumed
from .winnable import check_winnable_limits, winnable_options

if TYPE_CHECKING:
    from harp.solve import SolveLimits


@click.command(short_help="Apply moves to a deal and print the position, or play interactively.")
@click.argument("code", required=False)
@click.argument("moves", nargs=-1)
@click.option("--script", "script_file", type=input_path(dir_okay=False),
              help="Read the moves from a script file (- for standard input).")
@load_option()
@retired_record_option(READS_SAVED)
@click.option("--verbose", "-v", is_flag=True, help="Print the position after every action.")
@click.option("--interactive", "-i", "force_interactive", is_flag=True,
              help="Play interactively (the default with no moves in a terminal).")
@click.option("--line", is_flag=True,
              help="Play the line game (type moves) instead of the full-screen game.")
@deal_choice
@winnable_options
@rule_settings
@board_display
def play(code: str | None, moves: tuple[str, ...], script_file: str | None,
         load: str | None, verbose: bool, force_interactive: bool, line: bool,
         random_: bool, daily: bool, date: dt.date | None, game: str | None,
         cells: int | None, winnable: bool, unwinnable: bool, min_cells: int | None,
         limits: SolveLimits, interactive_rules: bool, double_click: bool, json_: bool,
         ascii_: bool, reveal: bool) -> None:
    """Apply moves to deal CODE and print the final position, score, moves, status.

    Without CODE (or with CODE -) a record is read from standard input; with
    --load FILE the game starts from that saved game and MOVES continue it.
    Quote moves: > is special to the shell.  With no moves in a terminal
    (or with --interactive), starts an interactive game: on a terminal the
    full-screen game (keys and mouse; ? lists the keys), else (TERM=dumb
    too) or with --line the line game (type moves such as 3>f, w>5, d,
    t3, tt3, u; 'help' lists the commands, 'q' quits); --json and
    --verbose are for printed positions only.  --random, --daily (--game,
    --cells, --winnable) choose a new deal as harp deal does.

    \b
    Examples:
        harp play EH1-N-AAAAAAF '1>f 2>f d'
        harp play SH1-C4-AAAAAJ2 --script moves.txt --verbose
        echo 'SH1-C4-AAAAAJ2 8>f 7>2' | harp play
        harp play --load examples/easy-harp-run-refused.txt '6>4'   # refused: A1.3
        harp play EH1-N-AAAAAAF          # interactive game in a terminal
        harp play --random --game sh --cells 2 --winnable
    """
    refuse_ascii(ascii_, "--json" if json_ else None)
    refuse_code_with_load(code, load, numbers=True)
    if is_deal_number(code):            # a deal number of --game: its code
        code, game, cells = str(choose_code(code, False, False, None, game, cells)), None, None
    ctx = click.get_current_context()
    choosing = [flag for flag, on in (("--date", date), ("--game", game), ("--cells", cells),
                                      ("--winnable", winnable), ("--unwinnable", unwinnable),
                                      ("--min-cells", min_cells)) if on]
    if random_ or daily or choosing:
        if (random_ or daily) and (load is not None or script_file is not None or moves):
            raise click.UsageError("--random and --daily start a new deal; --load, --script "
                                   "and MOVES go with a CODE")
        if load is not None:
            raise click.UsageError(f"{listed([*choosing, '--load'])} exclude each other: the "
                                   "saved game names its deal")
        # A CODE (MOVES, --script) with --game, --winnable, ...: refused by
        # choose_code and winnable_choice, naming the options given.
        from .winnable import winnable_choice
        chosen = choose_code(code, random_, daily, date, game, cells)
        check_winnable_limits(ctx, chosen.game, winnable, unwinnable)
        code = str(winnable_choice(chosen, random_, winnable, unwinnable, min_cells, limits,
                                   named=code is not None)[0])
    else:
        check_winnable_limits(ctx, None, False, False)
    if force_interactive or line:
        refuse_input_used_up("--line" if line else "--interactive", code, script_file, load)
    given, saved = play_record(code, moves, script_file, load)
    board = given.deal(interactive_rules, double_click)
    refuse_reveal(reveal, board.game)
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    interactive = force_interactive or line or (
        not given.record.script.strip() and code not in (None, "-") and script_file is None
        and load is None and terminal)
    from .tui import can_draw_screen
    full_screen = interactive and terminal and not line and can_draw_screen()
    if interactive:
        refuse_printing(json_, verbose, reveal and full_screen)
    if verbose:
        print_position(board, "Start", json_, ascii_, reveal)
    each = step_printer(board, json_, ascii_, reveal) if verbose else None
    given.push(board, each=each)
    if interactive:
        resumed = Resumed(load, saved) if load not in (None, "-") and saved else None
        if full_screen:
            from .tui import play_full_screen
            said, status = play_full_screen(board, ascii_=ascii_, resumed=resumed)
            for text in said:
                click.echo(text)
            if status:
                sys.exit(status)
            return
        from .interactive import play_game
        if not play_game(board, ascii_=ascii_, reveal=reveal, resumed=resumed):
            sys.exit(1)
    elif not verbose:
        print_board(board, json_, ascii_, reveal)


def refuse_printing(json_: bool, verbose: bool, reveal: bool) -> None:
    """Options of a printed position given to an interactive game, which
    would ignore them: refused before anything is printed.  ``reveal``:
    --reveal given to the full-screen game (the line game shows what it
    reveals)."""
    printing = [flag for flag, on in (("--json", json_), ("--verbose", verbose)) if on]
    if printing:
        raise click.UsageError(
            f"{listed(printing)} {'is' if len(printing) == 1 else 'are'} for printed "
            "positions, not for the interactive game (--interactive, --line, or no MOVES in "
            "a terminal)")
    if reveal:
        raise click.UsageError("--reveal is for a printed position and the line game (--line); "
                               "the full-screen game never shows face-down cards")


def refuse_input_used_up(flag: str, code: str | None, script_file: str | None,
                         load: str | None) -> None:
    """The interactive game (``flag``) reads its moves from standard input:
    a record or script read from there first, when it is not a terminal
    (a pipe, a file), leaves it at its end, and the game could only end at
    once.  Refused before anything is read.  In a terminal the record is
    typed first, ended by Ctrl-D, then the game is played."""
    if sys.stdin.isatty():
        return
    if script_file == "-":
        what, option = "script", "--script"
    elif load == "-" or load is None and code in (None, "-"):
        what, option = "record", "--load"
    else:
        return
    raise click.UsageError(f"{flag} reads the game's moves from standard input, which the "
                           f"{what} would use up: give the {what} as a file ({option} FILE)")


def play_record(code: str | None, moves: tuple[str, ...], script_file: str | None,
                load: str | None) -> tuple[GivenGame, Record | None]:
    """The game ``harp play`` runs (with the file its moves came from, if
    any), and the saved game of --load."""
    if load is not None:
        if script_file is not None:
            raise click.UsageError("give either --load or --script, not both")
        given = given_game(code, moves, load)
        return given, given.record
    if code in (None, "-"):
        if moves or script_file:
            raise click.UsageError("MOVES and --script need a deal CODE")
        if code is None and sys.stdin.isatty():
            raise click.UsageError("give a deal CODE, or a record on standard input")
        return GivenGame(load_one_record("-"), shown_name("-")), None
    if script_file is not None:
        if moves:
            raise click.UsageError("give moves either as arguments or with --script, not both")
        return GivenGame(Record(code, read_script(script_file)), shown_name(script_file),
                         typed_code=True), None
    return GivenGame(Record(code, " ".join(moves))), None
