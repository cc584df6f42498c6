"""``harp stats --report --atlas``: win rates of any range of Seahaven deals
from the packaged atlas, without solving, with the fewest cells the deals
need, as one table."""
from __future__ import annotations

import click

from harp.analysis.atlas import atlas_rows, check_covers, runs_of
from harp.atlas import seahaven_atlas
from harp.deals import SEAHAVEN, variant_name

from .output import print_rows


#: The columns shown by default: they fit 80 columns.
ATLAS_COLUMNS = ["variant", "deals", "won", "won_pct", "ci95_low", "ci95_high", "fewest"]


def print_atlas_report(game: str | None, cells: int | None, deal_list: list[int] | None,
                       json_: bool, csv_: bool, fmt: str, columns: list[str] | None) -> None:
    """One table, per variant: the win rate (with its 95 % Wilson
    interval) and the deals whose fewest cells are the variant's."""
    if game and game != SEAHAVEN:
        raise click.UsageError("the atlas is of Seahaven deals; Easy Harp deals are decided "
                               "with the solver: harp stats --game eh --deals LIST --solve")
    atlas = seahaven_atlas()
    runs = runs_of(deal_list) if deal_list else [(atlas.first, atlas.last)]
    check_covers(atlas, runs)
    rows = atlas_rows(atlas, runs, [variant_name(SEAHAVEN, cells)] if cells else None)
    print_rows(rows, json_=json_, csv_=csv_, fmt=fmt, columns=columns, default=ATLAS_COLUMNS)
