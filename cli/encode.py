"""``harp encode``: a deal number to its code (RULES B1)."""
from __future__ import annotations

import click

from harp.deals import make_code

from .options import DEAL_NUMBER, cells_option, check_cells, game_option


@click.command()
@game_option(required=True)
@cells_option("Seahaven cells.", default="4", show_default=True)
@click.argument("number", type=DEAL_NUMBER)
@click.pass_context
def encode(ctx: click.Context, game: str, cells: int, number: int) -> None:
    """Print the deal code of deal NUMBER.

    \b
    Example:
        harp encode --game sh --cells 2 314
        SH1-C2-AAAAAJ2
    """
    check_cells(ctx, game)
    click.echo(str(make_code(game, number, cells)))
