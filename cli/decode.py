"""``harp decode``: what a deal code names, and whether the deal can be won (RULES B1)."""
from __future__ import annotations

import click

from harp.deals import GAME_NAMES, parse_code
from harp.solve import SolveLimits

from .options import check_solver_limits
from .winnable import WINNABLE_OPTIONS, decode_lines


@click.command()
@click.argument("code")
@click.option("--solve", is_flag=True,
              help="Decide whether the deal can be won with the solver, not the atlas.")
@WINNABLE_OPTIONS
@click.pass_context
def decode(ctx: click.Context, code: str, solve: bool, limits: SolveLimits) -> None:
    """Print what CODE names, and whether the deal can be won.

    The game, variant, cells and deal number; then whether the deal can be
    won: Seahaven with 4, 2 and 1 cells, from the atlas of every deal; Easy
    Harp from its atlas (the deals it covers, with the difficulty), else
    with --solve (the solver, within --max-states positions).

    \b
    Examples:
        harp decode SH1-C2-AAAAAJ2
        harp decode EH1-N-AAAAAAF --solve --max-states 100000
    """
    check_solver_limits(ctx, solve)     # the atlases answer without them
    deal = parse_code(code)
    winnable = decode_lines(deal, solve, limits)    # all or nothing: it may need the atlas
    click.echo(f"code: {deal}")
    click.echo(f"game: {deal.game} ({GAME_NAMES[deal.game]})")
    click.echo(f"variant: {deal.variant}")
    click.echo(f"cells: {deal.cells}")
    click.echo(f"deal: {deal.number}")
    for line in winnable:
        click.echo(line)
