"""``harp score``: replay and score every record of files, folders or
standard input (the batch analyzer, :mod:`harp.analysis.scoring`)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import click

from harp.analysis.parallel import ordered_map
from harp.analysis.scoring import (ROW_FIELDS, SUMMARY_FIELDS, ScoreRow, ScoreSummary,
                                   score_input, score_inputs)
from harp.analysis.sources import RecordItem, check_paths, iter_records
from harp.errors import clip
from harp.records import Record

from .options import check_run_options, input_path, output_options, run_options
from .output import print_rows, progress


@click.command(short_help="Replay and score every record of files, folders or stdin.")
@click.argument("paths", nargs=-1, required=True, type=input_path())
@click.option("--rows", is_flag=True, help="One row per record instead of the summary.")
@click.option("--by", "by", multiple=True, metavar="FIELD",
              help="Also group the summary by this record field (repeatable), e.g. player.")
@run_options
@output_options
@click.pass_context
def score(ctx: click.Context, paths: tuple[str, ...], rows: bool, by: tuple[str, ...],
          jobs: int, executor: str, scheduler: str | None, quiet: bool, json_: bool,
          csv_: bool, fmt: str) -> None:
    """Replay and score every record of PATHS (files, folders, - for stdin).

    Records are text lines, JSON Lines or CSV (RULES B8).  Prints a summary
    per game and variant (and per --by field): games, won, win %, mean,
    median and best score, mean move counter, bad records.  A bad record
    is a row with its error, never a stop.

    \b
    Example:
        harp score games.jsonl --by player
        harp score records/ --rows --csv --jobs 2
    """
    check_run_options(ctx, executor, scheduler)
    check_paths(paths)     # a missing file is bad data (exit 1), before any work
    records = FieldsSeen(iter_records(paths))
    scored: Iterable[ScoreRow] = ordered_map(score_input, score_inputs(records, by),
                                             jobs=jobs, executor=executor, scheduler=scheduler)
    scored = progress(scored, None, quiet, "records")
    if rows:
        table = (row.to_dict(by) for row in scored)
        # JSON and CSV stream (flat memory); only a table needs every row.
        print_rows(table, json_=json_, csv_=csv_, fmt=fmt, headers=[*ROW_FIELDS, *by])
    else:
        summary = ScoreSummary(by)
        for row in scored:
            summary.add(row)
        print_rows(summary.rows(), json_=json_, csv_=csv_, fmt=fmt,
                   headers=["game", "variant", *by, *SUMMARY_FIELDS])
    records.warn_unseen(by)


class FieldsSeen:
    """Records passing through, noting the names of their extra fields
    (up to a few dozen), so that a ``--by`` field no record has is named."""

    LIMIT = 40

    def __init__(self, items: Iterable[RecordItem]) -> None:
        self.items = items
        self.fields: dict[str, None] = {}

    def __iter__(self) -> Iterator[RecordItem]:
        for item in self.items:
            record = item[2]
            if isinstance(record, Record) and len(self.fields) < self.LIMIT:
                self.fields.update(dict.fromkeys(record.extra))
            yield item

    def warn_unseen(self, by: tuple[str, ...]) -> None:
        for name in by:
            if name not in self.fields:
                seen = (", ".join(clip(str(field), 30) for field in list(self.fields)[:10])
                        or "none besides code and moves")
                click.echo(f"Warning: no record has the field {clip(name)!r} (--by); "
                           f"fields seen: {seen}", err=True)
