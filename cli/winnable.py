"""Winnable deals on the command line: ``harp deal --random --winnable`` and
the verdict lines of ``harp deal`` and ``harp decode``.

Seahaven answers come from the atlas (:mod:`harp.atlas`), at once; Easy
Harp answers from its atlas for the deals it covers (:mod:`harp.ehatlas`),
else from the solver within ``--max-states`` positions
(:mod:`harp.winnable`).  These are helpers of ``harp deal`` and ``harp decode``,
not a command.
"""
from __future__ import annotations

import json
from typing import Any, Callable, TypeVar

import click

import harp.winnable
from harp import Board, HarpError
from harp.atlas import AtlasError
from harp.deals import EASY_HARP, SEAHAVEN, VARIANTS, DealCode, make_code
from harp.render import board_to_dict
from harp.solve import TIME, Progress, SolveLimits
from harp.ehatlas import easy_harp_atlas
from harp.winnable import (DECIDE_LIMITS, Verdict, decide, easy_harp_covered, easy_harp_verdict,
                           fewest_cells, random_easy_harp_atlas_deal, random_easy_harp_deal,
                           random_seahaven_deal, seahaven_verdicts)

from .options import (apply, check_solver_limits, given, limit_options, min_cells_option,
                      winnable_flags)
from .output import print_board

F = TypeVar("F", bound=Callable[..., Any])


#: ``harp play``'s limits: an Easy Harp deal chosen by the solver.
WINNABLE_OPTIONS = limit_options(DECIDE_LIMITS, ("max_states", "timeout"),
                                 ", for the solver of an Easy Harp --winnable or --unwinnable "
                                 "deal when harp has no Easy Harp atlas")
#: When ``harp play`` (and ``harp deal``) run the solver to choose a deal.
DECIDED_ON_DEMAND = ("--winnable or --unwinnable with Easy Harp (decided by the solver when "
                     "harp has no Easy Harp atlas)")


def winnable_options(func: F, limits: Callable[[F], F] = WINNABLE_OPTIONS) -> F:
    """``--winnable``, ``--unwinnable``, ``--min-cells``, ``--max-states``
    and ``--timeout`` (``limits``: the last two, with their help)."""
    return apply(func, [
        winnable_flags,
        min_cells_option("Seahaven: a winnable deal whose fewest cells to win is N."),
        limits,
    ])


def check_winnable_limits(ctx: click.Context, game: str | None, winnable: bool,
                          unwinnable: bool, difficulty: bool | None = None) -> None:
    """``--max-states`` and ``--timeout`` limit the solver, which ``harp
    play`` runs only to choose an Easy Harp ``--winnable`` or
    ``--unwinnable`` deal (with no Easy Harp atlas), and ``harp deal``
    for ``--difficulty`` too (``difficulty`` is None for ``play``, which
    has none): given where no solver runs, they are refused.  (The atlas
    is looked for only when a limit is given: it takes a while to load.)"""
    if not any(given(ctx, name) for name in ("max_states", "timeout")):
        return
    chosen_by_atlas = game == EASY_HARP and (winnable or unwinnable)
    on_demand = chosen_by_atlas and harp.winnable.easy_harp_atlas() is None
    if chosen_by_atlas and not on_demand:
        # (the general message would offer --winnable, which was given)
        atlas = "harp's Easy Harp atlas answers --winnable and --unwinnable, no solver runs"
        needs = (f"a deal the solver decides; {atlas}" if difficulty is None
                 else f"--difficulty ({atlas})")
    else:
        needs = DECIDED_ON_DEMAND if difficulty is None else f"--difficulty, or {DECIDED_ON_DEMAND}"
    check_solver_limits(ctx, on_demand or bool(difficulty), needs)


def winnable_choice(chosen: DealCode, random_: bool, winnable: bool, unwinnable: bool,
                    min_cells: int | None, limits: SolveLimits, named: bool = False
                    ) -> tuple[DealCode, Verdict | None]:
    """The deal ``harp deal`` (or ``harp play``) deals: ``chosen``, or with
    ``--winnable``, ``--unwinnable`` or ``--min-cells`` a random deal of
    that kind instead, with the verdict found on the way (Easy Harp).
    ``named``: a deal CODE (or number) chose the deal."""
    if not (winnable or unwinnable or min_cells):
        return chosen, None
    if winnable and unwinnable:
        raise click.UsageError("give --winnable or --unwinnable, not both")
    if named:
        raise click.UsageError("--winnable, --unwinnable and --min-cells choose a --random "
                               "deal, not the deal CODE names; 'harp decode CODE' says "
                               "whether it can be won")
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
    """From the atlas when harp ships one (its deals only), else solved on demand."""
    outcome = "solved" if winnable else "unsolvable"
    code = random_easy_harp_atlas_deal(winnable)
    if code is not None:
        return code, Verdict(outcome, "atlas")
    code, search = random_easy_harp_deal(winnable, limits)
    if code is None:
        wanted = "won" if winnable else "proved unsolvable"
        hint = "" if winnable else ("; lost Easy Harp deals are too rare to meet by chance: "
                                    "this harp has no Easy Harp atlas to draw them from")
        within = (f"the {limits.timeout:g} s safety net" if search.late else
                  f"{limits.max_states} positions")
        raise HarpError(f"no Easy Harp deal {wanted} within {within} "
                        f"({search.summary()}){hint}")
    return code, Verdict(outcome, "solver")


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


def all_verdicts(code: DealCode, solve: bool, limits: SolveLimits,
                 progress: Progress | None = None) -> dict[str, Verdict]:
    """Every variant of a deal (Easy Harp has one), from the atlas for
    Seahaven unless ``solve``; from the solver otherwise (``progress``
    told the positions of each search)."""
    if code.game == EASY_HARP:
        return {"N": (None if solve else easy_harp_verdict(code.number))
                or decide(code, limits, progress)}
    if solve:
        return {v: decide(make_code(SEAHAVEN, code.number, int(v[1:])), limits, progress)
                for v in VARIANTS[SEAHAVEN]}
    return seahaven_verdicts(code.number, limits)


def decode_lines(code: DealCode, solve: bool, limits: SolveLimits,
                 progress: Progress | None = None) -> list[str]:
    """The lines ``harp decode`` adds: whether the deal can be won."""
    if code.game == EASY_HARP and not solve and easy_harp_covered(code.number) is None:
        atlas = easy_harp_atlas()
        covered = (f"the Easy Harp atlas covers deals {atlas.first}-{atlas.last}" if atlas
                   else "Easy Harp has no atlas")
        return [f"winnable: unknown ({covered}; --solve decides with the solver)"]
    verdicts = all_verdicts(code, solve, limits, progress)
    if code.game == EASY_HARP:
        lines = [f"winnable: {verdicts['N'].word} ({sources(verdicts)})"]
        atlas = None if solve else easy_harp_covered(code.number)
        if atlas is not None and verdicts["N"].outcome == "solved":
            lines.append(f"difficulty: {atlas.difficulty(code.number)} (atlas; a line of "
                         f"{atlas.length(code.number)} actions)")
        return lines
    fewest = fewest_cells(verdicts)
    return [f"winnable: {verdict_text(verdicts)} ({sources(verdicts)})",
            f"fewest cells: {'none' if fewest is None else fewest}"]


def print_deal(board: Board, verdict: Verdict | None, limits: SolveLimits, json_: bool,
               ascii_: bool, reveal: bool, difficulty: dict[str, Any] | None = None) -> None:
    """``harp deal``'s board, then whether the deal can be won: Seahaven
    from the atlas, Easy Harp from its atlas (the deals it covers) or when
    it was just decided (``--winnable``);
    and the deal's ``difficulty`` when it was asked for."""
    code = board.code
    try:
        if verdict is None and code.game == EASY_HARP:
            verdict = easy_harp_verdict(code.number)         # None beyond the atlas
        verdicts = ({code.variant: verdict} if verdict is not None else
                    seahaven_verdicts(code.number, limits) if code.game == SEAHAVEN else {})
    except AtlasError as err:       # nothing printed: the answer needs the atlas
        raise AtlasError(f"{err} (harp show {code} prints the board alone)") from None
    if json_:
        data = board_to_dict(board, reveal=reveal)
        if verdicts:
            data["winnable"] = {v: {"solved": True, "unsolvable": False}.get(verdict.outcome)
                                for v, verdict in verdicts.items()}
        if code.game == SEAHAVEN and verdict is None:
            fewest = fewest_cells(verdicts)
            if fewest != "unknown":     # a number, or None (not winnable); else left out
                data["fewest_cells"] = fewest
        if difficulty is not None:
            data["difficulty"] = difficulty
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    print_board(board, False, ascii_, reveal)
    if code.game == SEAHAVEN and verdict is None:
        click.echo(f"Winnable  {verdict_text(verdicts)}")
    elif verdict is not None:
        click.echo(f"Winnable  {verdict.word}")
    if difficulty is not None:
        click.echo(f"Difficulty  {difficulty_text(difficulty)}")


def difficulty_of(code: DealCode, limits: Any) -> dict[str, Any]:
    """The deal's difficulty (docs/batch.md, "Difficulty"): the solver's positions
    before its first win, within ``limits``, with the line's length; the
    search's keys named as ``harp solve --json`` names them (the store's
    ``first_win_states`` is ``verdict_states`` of a win)."""
    from harp.analysis.stats import solve_facts
    from harp.analysis.tables import difficulty
    facts = solve_facts(code, limits)
    first = facts.get("first_win_states")
    return {"difficulty": None if first is None else difficulty(first),
            "outcome": facts["outcome"],
            "verdict_states": facts["states"] if first is None else first,
            "length": facts["length"], "states": facts["states"],
            "stopped_by": facts["stopped_by"], "limits": facts["limits"]}


def difficulty_text(data: dict[str, Any]) -> str:
    """``1.8 (63 positions to the first win; a line of 88 actions)``."""
    if data["difficulty"] is None:
        if data["outcome"] == "unsolvable":
            why = "cannot be won (proved)"
        elif data["stopped_by"] == TIME:        # solve's words for it
            why = (f"not won within the limits (the {data['limits']['timeout']:g} s safety "
                   f"net ran out after {data['states']} positions)")
        else:
            why = (f"not won within the limits (max states {data['limits']['max_states']} "
                   f"reached: {data['states']} positions searched)")
        return f"none: {why}"
    return (f"{data['difficulty']} ({data['verdict_states']} positions to the first win; "
            f"a line of {data['length']} actions)")
