"""``harp encode`` and ``harp decode``: deal numbers to codes and back (RULES B1)."""
from __future__ import annotations

import click

from harp.deals import GAME_NAMES, make_code, parse_code, parse_deal_number

from .options import DEAL_NUMBER, cells_option, game_option
from .output import engine_errors
from .winnable import decode_lines, timeout_option


@click.command()
@game_option(required=True)
@cells_option("Seahaven cells (ignored for Easy Harp).", default="4", show_default=True)
@click.argument("number", type=DEAL_NUMBER)
def encode(game: str, cells: str, number: str) -> None:
    """Print the deal code of deal NUMBER.

    \b
    Example:
        harp encode --game sh --cells 2 314
        SH1-C2-AAAAAJ2
    """
    with engine_errors():
        click.echo(str(make_code(game, parse_deal_number(number), int(cells))))


@click.command()
@click.argument("code")
@click.option("--solve", is_flag=True,
              help="Decide whether the deal can be won with the solver, not the atlas.")
@timeout_option
def decode(code: str, solve: bool, timeout: float) -> None:
    """Print what CODE names, and whether the deal can be won.

    The game, variant, cells and deal number; then whether the deal can be
    won: Seahaven with 4, 2 and 1 cells, from the atlas of every deal; Easy
    Harp with --solve (the solver, within --timeout seconds).

    \b
    Example:
        harp decode SH1-C2-AAAAAJ2
        harp decode EH1-N-AAAAAAF --solve --timeout 5
    """
    with engine_errors():
        deal = parse_code(code)
    click.echo(f"code: {deal}")
    click.echo(f"game: {deal.game} ({GAME_NAMES[deal.game]})")
    click.echo(f"variant: {deal.variant}")
    click.echo(f"cells: {deal.cells}")
    click.echo(f"deal: {deal.number}")
    with engine_errors():
        for line in decode_lines(deal, solve, timeout):
            click.echo(line)
