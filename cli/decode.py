"""``harp decode``: what a deal code names, and whether the deal can be won (RULES B1)."""
from __future__ import annotations

import click

from harp.deals import GAME_NAMES, parse_code
from harp.solve import BATCH_LIMITS, SolveLimits

from .options import check_solver_limits, limit_options, progress_option
from .progress import SearchProgress
from .winnable import decode_lines


@click.command()
@click.argument("code")
@click.option("--solve", is_flag=True,
              help="Decide whether the deal can be won with the solver, not the atlas "
                   "(at the limits the atlases were built with: a check of their answer).")
@limit_options(BATCH_LIMITS, ("max_states", "timeout"), ", with --solve")
@progress_option
@click.pass_context
def decode(ctx: click.Context, code: str, solve: bool, limits: SolveLimits,
           show_progress: bool | None) -> None:
    """Print what CODE names, and whether the deal can be won.

    The game, variant, cells and deal number; then whether the deal can be
    won: Seahaven with 4, 2 and 1 cells, and Easy Harp (with the
    difficulty), from the atlases of every deal; with --solve, from the
    solver instead, within --max-states positions.

    \b
    Examples:
        harp decode SH1-C2-AAAAAJ2
        harp decode EH1-N-AAAAAAF --solve --max-states 100000
    """
    check_solver_limits(ctx, solve)     # the atlases answer without them
    if show_progress and not solve:
        raise click.UsageError("--progress shows the solver's search: it needs --solve")
    deal = parse_code(code)
    with SearchProgress(limits.max_states, show_progress if solve else False) as searching:
        # all or nothing: it may need the atlas
        winnable = decode_lines(deal, solve, limits, searching)
    click.echo(f"code: {deal}")
    click.echo(f"game: {deal.game} ({GAME_NAMES[deal.game]})")
    click.echo(f"variant: {deal.variant}")
    click.echo(f"cells: {deal.cells}")
    click.echo(f"deal: {deal.number}")
    for line in winnable:
        click.echo(line)
