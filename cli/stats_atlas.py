"""``harp stats --report --atlas``: win rates of any range of Seahaven deals
from the packaged atlas, without solving, and the difficulty table."""
from __future__ import annotations

import json

import click

from harp.analysis.atlas import check_covers, difficulty_rows, runs_of, win_rate_rows
from harp.atlas import seahaven_atlas
from harp.deals import SEAHAVEN, variant_name

from .output import print_rows


def print_atlas_report(game: str | None, cells: int | None, deal_list: list[int] | None,
                       json_: bool, csv_: bool, fmt: str) -> None:
    """The win rates (with 95 % Wilson intervals) per variant, then the
    fewest cells the deals need; --json prints both as one object."""
    if game and game != SEAHAVEN:
        raise click.UsageError("the atlas is of Seahaven deals; Easy Harp deals are decided "
                               "with the solver: harp stats --game eh --deals LIST --solve")
    atlas = seahaven_atlas()
    runs = runs_of(deal_list) if deal_list else [(atlas.first, atlas.last)]
    check_covers(atlas, runs)
    rates = win_rate_rows(atlas, runs, [variant_name(SEAHAVEN, cells)] if cells else None)
    difficulty = difficulty_rows(atlas, runs)
    if json_:
        click.echo(json.dumps({"win_rates": rates, "difficulty": difficulty}))
        return
    print_rows(rates, csv_=csv_, fmt=fmt)
    click.echo()
    print_rows(difficulty, csv_=csv_, fmt=fmt)
