"""Winnable deals on the command line: ``harp deal --random --winnable`` and
the verdict lines of ``harp deal`` and ``harp decode``.

Seahaven answers come from the atlas (:mod:`harp.atlas`), at once; Easy
Harp answers from the solver within ``--max-states`` positions
(:mod:`harp.winnable`).  These are helpers of ``harp deal`` and ``harp decode``,
not a command.
"""
from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

import click

from harp import Board, HarpError
from harp.atlas import AtlasError
from harp.deals import EASY_HARP, SEAHAVEN, VARIANTS, DealCode, make_code
from harp.render import board_to_dict
from harp.solve import SolveLimits
from harp.winnable import (DECIDE_LIMITS, Verdict, decide, fewest_cells, random_easy_harp_deal,
                           random_seahaven_deal, seahaven_verdicts)

from .options import apply, limit_options, min_cells_option
from .output import one_line, print_board

F = TypeVar("F", bound=Callable[..., Any])


#: The limit options of the commands that decide deals on demand.
WINNABLE_OPTIONS = limit_options(DECIDE_LIMITS, ("max_states", "timeout"),
                                 " (the solver: Easy Harp has no atlas)")


def winnable_options(func: F) -> F:
    """``--winnable``, ``--unwinnable``, ``--min-cells``, ``--max-states``
    and ``--timeout``."""
    return apply(func, [
        click.option("--winnable", is_flag=True,
                     help="A random deal that can be won (Seahaven: from the atlas)."),
        click.option("--unwinnable", is_flag=True, help="A random deal that cannot be won."),
        min_cells_option("Seahaven: a winnable deal whose fewest cells to win is N."),
        WINNABLE_OPTIONS,
    ])


def winnable_choice(chosen: DealCode, random_: bool, winnable: bool, unwinnable: bool,
                    min_cells: int | None, limits: SolveLimits
                    ) -> tuple[DealCode, Verdict | None]:
    """The deal ``harp deal`` prints: ``chosen``, or with ``--winnable``,
    ``--unwinnable`` or ``--min-cells`` a random deal of that kind instead,
    with the verdict found on the way (Easy Harp)."""
    if not (winnable or unwinnable or min_cells):
        return chosen, None
    if winnable and unwinnable:
        raise click.UsageError("give --winnable or --unwinnable, not both")
    if not random_:
        raise click.UsageError(
            "--winnable, --unwinnable and --min-cells choose a --random deal; the daily deal "
            "is the same for everyone, winnable or not (RULES B4), and 'harp decode CODE' "
            "says whether a deal can be won")
    if min_cells and unwinnable:
        raise click.UsageError("--min-cells chooses a winnable deal; it does not go with --unwinnable")
    if chosen.game == EASY_HARP:
        if min_cells:
            raise click.UsageError("--min-cells is for Seahaven (--game sh): Easy Harp has no cells")
        return _easy_harp_deal(not unwinnable, limits)
    fewest = min_cells
    if fewest is not None and fewest > chosen.cells:
        raise click.UsageError(f"--min-cells {fewest} with --cells {chosen.cells}: a deal that "
                               f"needs {fewest} cells cannot be won with {chosen.cells}")
    return random_seahaven_deal(chosen.cells, not unwinnable, fewest), None


def _easy_harp_deal(winnable: bool, limits: SolveLimits) -> tuple[DealCode, Verdict]:
    code, search = random_easy_harp_deal(winnable, limits)
    if code is None:
        wanted = "won" if winnable else "proved unsolvable"
        hint = "" if winnable else "; no Easy Harp deal has ever been proved unsolvable"
        within = (f"the {limits.timeout:g} s safety net" if search.late else
                  f"{limits.max_states} positions")
        raise HarpError(f"no Easy Harp deal {wanted} within {within} "
                        f"({search.summary()}){hint}")
    return code, Verdict("solved" if winnable else "unsolvable", "solver")


# ------------------------------------------------------------------ verdicts

def verdict_text(verdicts: dict[str, Verdict]) -> str:
    """``4 cells yes, 2 cells no, 1 cell no``."""
    return ", ".join(f"{v[1:]} cell{'s' * (v != 'C1')} {verdict.word}"
                     for v, verdict in verdicts.items())


def sources(verdicts: dict[str, Verdict]) -> str:
    """``atlas`` or ``solver``, and why a verdict is unknown."""
    source = next(iter(verdicts.values())).source
    notes = sorted({verdict.note for verdict in verdicts.values() if verdict.note})
    return source + (f": {'; '.join(notes)}" if notes else "")


def all_verdicts(code: DealCode, solve: bool, limits: SolveLimits) -> dict[str, Verdict]:
    """Every variant of a deal (Easy Harp has one), from the atlas for
    Seahaven unless ``solve``; from the solver otherwise."""
    if code.game == EASY_HARP:
        return {"N": decide(code, limits)}
    if solve:
        return {v: decide(make_code(SEAHAVEN, code.number, int(v[1:])), limits)
                for v in VARIANTS[SEAHAVEN]}
    return seahaven_verdicts(code.number, limits)


def decode_lines(code: DealCode, solve: bool, limits: SolveLimits) -> list[str]:
    """The lines ``harp decode`` adds: whether the deal can be won."""
    if code.game == EASY_HARP and not solve:
        return ["winnable: unknown (Easy Harp has no atlas; --solve decides with the solver)"]
    verdicts = all_verdicts(code, solve, limits)
    if code.game == EASY_HARP:
        return [f"winnable: {verdicts['N'].word} ({sources(verdicts)})"]
    fewest = fewest_cells(verdicts)
    return [f"winnable: {verdict_text(verdicts)} ({sources(verdicts)})",
            f"fewest cells: {'none' if fewest is None else fewest}"]


def print_deal(board: Board, verdict: Verdict | None, limits: SolveLimits, json_: bool,
               ascii_: bool, reveal: bool) -> None:
    """``harp deal``'s board, then whether the deal can be won: Seahaven
    from the atlas, Easy Harp when it was just decided (``--winnable``)."""
    code = board.code
    try:
        verdicts = ({code.variant: verdict} if verdict is not None else
                    seahaven_verdicts(code.number, limits) if code.game == SEAHAVEN else {})
    except AtlasError as err:       # a damaged atlas: the board is still worth printing
        click.echo(f"Error: {one_line(err)}", err=True)
        verdicts = {v: Verdict("unknown", "atlas") for v in VARIANTS[SEAHAVEN]}
    if json_:
        data = board_to_dict(board, reveal=reveal)
        if verdicts:
            data["winnable"] = {v: {"solved": True, "unsolvable": False}.get(verdict.outcome)
                                for v, verdict in verdicts.items()}
        if code.game == SEAHAVEN and verdict is None:
            data["fewest_cells"] = fewest_cells(verdicts)
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    print_board(board, False, ascii_, reveal)
    if code.game == SEAHAVEN and verdict is None:
        click.echo(f"Winnable  {verdict_text(verdicts)}")
    elif verdict is not None:
        click.echo(f"Winnable  {verdict.word}")
