"""``harp stats --report --atlas``: win rates of any range of deals from the
packaged atlases, without solving: Seahaven's with the fewest cells the
deals need, Easy Harp's (the deals its atlas covers) by difficulty."""
from __future__ import annotations

from harp.analysis.atlas import atlas_rows, check_covers, eh_atlas_rows, runs_of
from harp.atlas import AtlasError, seahaven_atlas
from harp.deals import EASY_HARP, SEAHAVEN, variant_name
from harp.ehatlas import easy_harp_atlas

from .output import print_rows


#: The columns shown by default: they fit 80 columns.
ATLAS_COLUMNS = ["variant", "deals", "won", "won_pct", "ci95_low", "ci95_high", "fewest"]


def print_atlas_report(game: str | None, cells: int | None, deal_list: list[int] | None,
                       json_: bool, csv_: bool, fmt: str, columns: list[str] | None) -> None:
    """One table, per variant: the win rate (with its 95 % Wilson
    interval) and the deals whose fewest cells are the variant's."""
    if game == EASY_HARP:                   # harp stats refused --cells with it
        return print_eh_atlas_report(deal_list, json_, csv_, fmt, columns)
    atlas = seahaven_atlas()
    runs = runs_of(deal_list) if deal_list else [(atlas.first, atlas.last)]
    check_covers(atlas, runs)
    rows = atlas_rows(atlas, runs, [variant_name(SEAHAVEN, cells)] if cells else None)
    print_rows(rows, json_=json_, csv_=csv_, fmt=fmt, columns=columns, default=ATLAS_COLUMNS)


#: The Easy Harp table's columns shown by default: they fit 80 columns.
#: (``deals`` is won + lost + unknown: in JSON, CSV and ``--columns all``.)
EH_ATLAS_COLUMNS = ["difficulty", "won", "lost", "unknown", "won_pct", "ci95_low",
                    "ci95_high", "median_length"]


def print_eh_atlas_report(deal_list: list[int] | None, json_: bool, csv_: bool, fmt: str,
                          columns: list[str] | None) -> None:
    """Per difficulty and in all: deals won, proved lost, unknown, and the
    win rate with its 95 % Wilson interval, of the deals the atlas covers."""
    atlas = easy_harp_atlas()
    if atlas is None:
        raise AtlasError("harp has no Easy Harp atlas yet; Easy Harp deals are decided with "
                         "the solver: harp stats --game eh --deals LIST --solve")
    runs = runs_of(deal_list) if deal_list else [(atlas.first, atlas.last)]
    check_covers(atlas, runs)
    print_rows(eh_atlas_rows(atlas, runs), json_=json_, csv_=csv_, fmt=fmt, columns=columns,
               default=EH_ATLAS_COLUMNS)
