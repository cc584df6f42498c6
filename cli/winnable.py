"""Winnable deals on the command line: ``harp deal --random --winnable`` and
the verdict lines of ``harp deal`` and ``harp decode``.

Seahaven answers come from the atlas (:mod:`harp.atlas`), at once; Easy
Harp answers from the solver within ``--timeout`` seconds
(:mod:`harp.winnable`).
"""
from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

import click

from harp import Board, HarpError
from harp.deals import EASY_HARP, SEAHAVEN, VARIANTS, DealCode, make_code
from harp.render import board_to_dict
from harp.winnable import (EASY_HARP_TIMEOUT, Verdict, decide_easy_harp, fewest_cells,
                           random_easy_harp_deal, random_seahaven_deal, seahaven_verdicts)

from .options import print_board

F = TypeVar("F", bound=Callable[..., Any])
MIN_CELLS_CHOICE = click.Choice(["1", "2", "4"])


def timeout_option(func: F) -> F:
    return click.option("--timeout", type=click.FloatRange(0, min_open=True),
                        default=EASY_HARP_TIMEOUT, show_default=True,
                        help="Seconds the solver may spend deciding (Easy Harp has no atlas).")(func)


def winnable_options(func: F) -> F:
    """``--winnable``, ``--unwinnable``, ``--min-cells`` and ``--timeout``."""
    for decorator in reversed((
        click.option("--winnable", is_flag=True,
                     help="A random deal that can be won (Seahaven: from the atlas)."),
        click.option("--unwinnable", is_flag=True, help="A random deal that cannot be won."),
        click.option("--min-cells", type=MIN_CELLS_CHOICE,
                     help="Seahaven: a winnable deal whose fewest cells to win is N."),
        timeout_option,
    )):
        func = decorator(func)
    return func


def winnable_choice(chosen: DealCode, random_: bool, winnable: bool, unwinnable: bool,
                    min_cells: str | None, timeout: float) -> tuple[DealCode, Verdict | None]:
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
        return _easy_harp_deal(not unwinnable, timeout)
    fewest = int(min_cells) if min_cells else None
    if fewest is not None and fewest > chosen.cells:
        raise click.UsageError(f"--min-cells {fewest} with --cells {chosen.cells}: a deal that "
                               f"needs {fewest} cells cannot be won with {chosen.cells}")
    return random_seahaven_deal(chosen.cells, not unwinnable, fewest), None


def _easy_harp_deal(winnable: bool, timeout: float) -> tuple[DealCode, Verdict]:
    code, search = random_easy_harp_deal(winnable, timeout)
    if code is None:
        wanted = "won" if winnable else "proved unsolvable"
        hint = "" if winnable else "; no Easy Harp deal has ever been proved unsolvable"
        raise HarpError(f"no Easy Harp deal {wanted} within {timeout:g} s "
                        f"({search.summary()}){hint}")
    return code, Verdict("solved" if winnable else "unsolvable", "solver")


# ------------------------------------------------------------------ verdicts

def verdict_text(words: dict[str, str]) -> str:
    """``{"C4": "yes", "C2": "no"}`` -> ``4 cells yes, 2 cells no``."""
    return ", ".join(f"{v[1:]} cell{'s' * (v != 'C1')} {word}" for v, word in words.items())


def seahaven_verdict_text(number: int) -> str:
    """``4 cells yes, 2 cells no, 1 cell no``, from the atlas."""
    return verdict_text({v: "yes" if won else "no"
                         for v, won in seahaven_verdicts(number).items()})


def solver_verdicts(code: DealCode, timeout: float) -> dict[str, Verdict]:
    """Every variant of the deal decided by the solver (``decode --solve``)."""
    if code.game == EASY_HARP:
        return {"N": decide_easy_harp(code, timeout)}
    from harp import new_board
    from harp.solve import SolveLimits, replays_to_won, solve

    verdicts = {}
    for variant in VARIANTS[SEAHAVEN]:
        board = new_board(make_code(SEAHAVEN, code.number, int(variant[1:])))
        result = solve(board, SolveLimits(timeout=timeout))
        outcome = result.outcome
        if outcome == "solved" and not replays_to_won(board, result):
            outcome = "unknown"
        verdicts[variant] = Verdict(outcome, "solver")
    return verdicts


def decode_lines(code: DealCode, solve: bool, timeout: float) -> list[str]:
    """The lines ``harp decode`` adds: whether the deal can be won."""
    if solve:
        verdicts = solver_verdicts(code, timeout)
        if code.game == EASY_HARP:
            verdict = verdicts["N"]
            return [f"winnable: {verdict.word} (solver"
                    + (f": {verdict.note})" if verdict.note else ")")]
        text = verdict_text({v: verdict.word for v, verdict in verdicts.items()})
        return [f"winnable: {text} (solver)"]
    if code.game == EASY_HARP:
        return ["winnable: unknown (Easy Harp has no atlas; --solve decides with the solver)"]
    try:
        text = seahaven_verdict_text(code.number)
        fewest = fewest_cells(code.number)
    except HarpError as err:
        return [f"winnable: unknown ({err})"]
    return [f"winnable: {text} (atlas)", f"fewest cells: {fewest if fewest else 'none'}"]


def print_deal(board: Board, verdict: Verdict | None, json_: bool, ascii_: bool,
               reveal: bool) -> None:
    """``harp deal``'s board, then whether the deal can be won: Seahaven
    from the atlas, Easy Harp when it was just decided (``--winnable``)."""
    code = board.code
    fields: dict[str, Any] = {}
    line = None
    if code.game == SEAHAVEN:
        try:
            verdicts = seahaven_verdicts(code.number)
            fields = {"winnable": verdicts, "fewest_cells": fewest_cells(code.number)}
            line = f"Winnable  {seahaven_verdict_text(code.number)}  (atlas)"
        except HarpError as err:
            line = f"Winnable  unknown ({err})"
    elif verdict is not None:
        fields = {"winnable": {code.variant: verdict.outcome == "solved"}}
        line = f"Winnable  {verdict.word}  ({verdict.source})"
    if json_:
        data = board_to_dict(board, reveal=reveal)
        click.echo(json.dumps({**data, **fields}, ensure_ascii=False))
        return
    print_board(board, False, ascii_, reveal)
    if line:
        click.echo(line)
