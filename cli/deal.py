"""``harp deal``: the opening layout of a deal, chosen by code, at random or
by date (RULES A1.10, B4), and whether it can be won."""
from __future__ import annotations

import datetime as dt
import functools
from dataclasses import replace

import click

from harp import Board, new_board
from harp.deals import (EASY_HARP, SEAHAVEN, DealCode, daily_code, make_code, parse_code,
                        parse_deal_number, random_code)
from harp.errors import InvalidCodeError
from harp.render import fcs_board
from harp.solve import BATCH_LIMITS, SolveLimits
from harp.winnable import DECIDE_LIMITS

from .options import (NO_CELLS, Choice, board_display, deal_choice, given, is_deal_number,
                      limit_options, refuse_ascii, refuse_reveal)
from .winnable import (check_winnable_limits, difficulty_of, print_deal, winnable_choice,
                       winnable_options)

#: ``harp deal``'s limits: an Easy Harp deal decided on demand, and --difficulty.
DEAL_LIMITS = limit_options(
    DECIDE_LIMITS, ("max_states", "timeout"),
    ", for the solver of --difficulty or of an Easy Harp --winnable or --unwinnable deal "
    "when harp has no Easy Harp atlas",
    shown={"max_states": f"{BATCH_LIMITS.max_states} with --difficulty, else "
                         f"{DECIDE_LIMITS.max_states}"})


def choose_code(code: str | None, random_: bool, daily: bool, date: dt.date | None,
                game: str | None, cells: int | None) -> DealCode:
    """The deal named by ``harp deal``'s arguments (RULES A1.10, B4): a
    CODE, a deal number of ``game`` (Easy Harp unless told), a random or a
    daily deal."""
    chosen = [name for name, on in (("CODE", code is not None), ("--random", random_),
                                    ("--daily", daily)) if on]
    if date is not None and not daily:
        raise click.UsageError("--date goes with --daily")
    if len(chosen) != 1:
        raise click.UsageError("give exactly one of CODE, --random or --daily")
    if code is not None and not is_deal_number(code):
        if game or cells:
            raise click.UsageError("--game and --cells choose a deal NUMBER, a --random or "
                                   "--daily deal; a CODE already names its game and cells")
        return parse_code(code)
    game = game or EASY_HARP
    if game == EASY_HARP and cells is not None:
        raise click.UsageError(NO_CELLS)
    n_cells = cells or 4
    if code is not None:            # a deal number of --game (RULES B1)
        try:
            return make_code(game, parse_deal_number(code.strip()), n_cells)
        except InvalidCodeError as err:
            raise click.BadParameter(str(err), param_hint="CODE") from None
    if random_:
        return random_code(game, n_cells)
    return daily_code(game, date, n_cells)


@click.command()
@click.argument("code", required=False)
@deal_choice
@click.option("--format", "format_", type=Choice(["text", "json", "fcs"]), default="text",
              show_default=True, help="json: the same as --json; fcs: Freecell Solver's "
                                      "board format (Seahaven only).")
@functools.partial(winnable_options, limits=DEAL_LIMITS)
@click.option("--difficulty", "difficulty", is_flag=True,
              help=f"Solve the deal and print its difficulty: log10 of the positions searched "
                   f"before the first win (docs/batch.md: \"Difficulty\"); within harp stats "
                   f"--solve's limits: {BATCH_LIMITS.max_states} positions unless --max-states "
                   f"is given, and --timeout.")
@board_display
def deal(code: str | None, random_: bool, daily: bool, date: dt.date | None,
         game: str | None, cells: int | None, format_: str, winnable: bool, unwinnable: bool,
         min_cells: int | None, limits: SolveLimits, difficulty: bool, json_: bool,
         ascii_: bool, reveal: bool) -> None:
    """Print the opening layout of a deal; the code is always shown.

    CODE is a deal code, or a deal number of --game (Easy Harp unless
    told; harp encode gives its code).

    A Seahaven deal is followed by whether it can be won with 4, 2 and 1
    cells (from the atlas of every deal), an Easy Harp deal its atlas
    covers by whether it can be won.  --winnable, --unwinnable and
    --min-cells choose the --random deal among those; for Easy Harp from
    its atlas's deals, or, with no atlas, the solver decides random deals
    until one fits, within --max-states positions.  --difficulty runs the
    solver too; --max-states and --timeout are refused where no solver runs.

    \b
    Examples:
        harp deal EH1-N-AAAAAAF
        harp deal 314 --game sh --cells 2
        harp deal --daily --game sh --cells 2
        harp deal --random --winnable --game sh --cells 1
        harp deal SH1-C4-AAAAAJ2 --format fcs | fc-solve -g seahaven -m -sn -
    """
    ctx = click.get_current_context()
    if json_ and given(ctx, "format_") and format_ != "json":
        raise click.UsageError(f"--json and --format {format_} exclude each other")
    refuse_ascii(ascii_, "--json" if json_ else f"--format {format_}" if format_ != "text"
                 else None)
    chosen = choose_code(code, random_, daily, date, game, cells)
    refuse_reveal(reveal, chosen.game)
    check_winnable_limits(ctx, chosen.game, winnable, unwinnable, difficulty)
    chosen, verdict = winnable_choice(chosen, random_, winnable, unwinnable, min_cells, limits,
                                      named=code is not None)
    board = new_board(chosen)
    if format_ == "fcs":
        if difficulty:
            raise click.UsageError("--difficulty and --format fcs exclude each other")
        print_fcs(board, announce_code=code is None)
    else:
        work = None
        if difficulty:      # harp stats --solve's limits, but those given
            max_states = limits.max_states if given(ctx, "max_states") else BATCH_LIMITS.max_states
            work = difficulty_of(chosen, replace(BATCH_LIMITS, max_states=max_states,
                                                 timeout=limits.timeout))
        print_deal(board, verdict, limits, json_ or format_ == "json", ascii_, reveal,
                   work)


def print_fcs(board: Board, announce_code: bool) -> None:
    """The layout in Freecell Solver's board format (harp.render.fcs_board)."""
    if board.game != SEAHAVEN:
        raise click.UsageError("--format fcs is for Seahaven deals only")
    if announce_code:
        click.echo(f"code: {board.code}", err=True)
    click.echo(fcs_board(board).rstrip("\n"))


