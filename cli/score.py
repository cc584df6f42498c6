"""``harp score``: replay and score every record of files, folders or
standard input (the batch analyzer, :mod:`harp.analysis.scoring`)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

import click

from harp.analysis.parallel import ordered_map
from harp.analysis.scoring import (ROW_FIELDS, SUMMARY_FIELDS, ScoreRow, ScoreSummary,
                                   score_input, score_inputs)
from harp.analysis.sources import RecordItem, check_paths, iter_records
from harp.errors import RecordError, clip
from harp.recordfile import NO_RECORD, shown_name
from harp.records import Record

from .fit import check_columns
from .options import (check_run_options, columns_option, input_path, output_options,
                      run_options)
from .output import note, print_rows
from .progress import progress
from .runs import Stoppable
from .stopping import interrupted_code, stop_name

#: The columns a table shows by default (with the --by fields): they fit
#: 80 columns, a long source or error clipped.
ROW_COLUMNS = ["source", "line", "code", "won", "score", "moves", "error"]
SUMMARY_COLUMNS = ["games", "won", "win_pct", "mean_score", "errors"]


@click.command(short_help="Replay and score every record of files, folders or stdin.")
@click.argument("paths", nargs=-1, required=True, type=input_path())
@click.option("--rows", is_flag=True, help="One row per record instead of the summary.")
@click.option("--by", "by", multiple=True, metavar="FIELD",
              callback=lambda ctx, param, names: tuple(dict.fromkeys(names)),
              help="Also group the summary by this record field (repeatable), e.g. player.")
@columns_option
@run_options
@output_options
@click.pass_context
def score(ctx: click.Context, paths: tuple[str, ...], rows: bool, by: tuple[str, ...],
          columns: list[str] | None, jobs: int, executor: str, scheduler: str | None,
          quiet: bool, show_progress: bool | None, json_: bool, csv_: bool, fmt: str) -> None:
    """Replay and score every record of PATHS (files, folders, - for stdin).

    Records are text lines, JSON Lines or CSV (RULES B8).  Prints a summary
    per game and variant (and per --by field): games, won, win %, mean,
    median and best score, mean move counter, bad records.  A bad record
    is a row with its error, never a stop.  Ctrl-C stops the run: what was
    scored is printed, exit code 130.

    \b
    Examples:
        harp score games.jsonl --by player
        harp score records/ --rows --csv --jobs 2
    """
    check_run_options(ctx, executor, scheduler)
    check_by(by, rows)
    headers = [*ROW_FIELDS, *by] if rows else ["game", "variant", *by, *SUMMARY_FIELDS]
    check_columns(headers, columns)
    check_paths(paths)     # a missing file is bad data (exit 1), before any work
    records = FieldsSeen(nonempty(iter_records(
        paths, skipped=lambda text: note(f"score: {text}", quiet)), paths))
    scored = Stoppable(progress(
        ordered_map(score_input, score_inputs(records, by), jobs=jobs, executor=executor,
                    scheduler=scheduler), None, "records", show_progress, quiet))
    errors = 0

    def counted(rows_in: Iterable[ScoreRow]) -> Iterator[ScoreRow]:
        nonlocal errors
        for row in rows_in:
            errors += row.error is not None
            yield row
    if rows:
        table = (row.to_dict(by) for row in counted(scored))
        # JSON and CSV stream (flat memory); only a table needs every row.
        print_rows(table, json_=json_, csv_=csv_, fmt=fmt, headers=headers,
                   columns=columns, default=[*ROW_COLUMNS, *by])
    else:
        summary = ScoreSummary(by)
        for row in counted(scored):
            summary.add(row)
        print_rows(summary.rows(), json_=json_, csv_=csv_, fmt=fmt, headers=headers,
                   columns=columns, default=["game", "variant", *by, *SUMMARY_COLUMNS])
    if scored.stopped:
        click.echo(f"interrupted: the {'rows are' if rows else 'summary is'} of the "
                   f"{scored.count} records scored before {stop_name()}", err=True)
        ctx.exit(interrupted_code())
    if errors and errors == scored.count:   # no table of good records: bad data
        raise click.ClickException(
            f"no record could be scored: {'the' if errors == 1 else f'all {errors}'} "
            f"record{'s' * (errors > 1)} read {'is' if errors == 1 else 'are'} bad "
            + ("(each row has its error)" if rows else "(--rows shows each with its error)"))
    if errors and not rows:
        note(f"{errors} record{'s' if errors > 1 else ''} could not be scored "
             "(the errors column): --rows shows each with its error", quiet)
    records.warn_unseen(by)


#: The fields every record has (RULES B8): not the extra fields --by reads.
RECORD_FIELDS = ("code", "moves")


def check_by(by: tuple[str, ...], rows: bool) -> None:
    """A ``--by`` field named as a column of the table is a usage error
    (its column would clash with the table's own), and so are an empty
    name and a field every record has: --by groups by the records' other
    fields, and would find neither in any record."""
    own = ROW_FIELDS if rows else ("game", "variant", *SUMMARY_FIELDS)
    for name in by:
        if not name.strip():
            raise click.BadParameter("the field name is empty: --by names a field of the "
                                     "records, e.g. player", param_hint="'--by'")
        if name in own:
            raise click.BadParameter(
                f"{name!r} is a column of the {'rows' if rows else 'summary'} already: "
                "--by names another field of the records, e.g. player",
                param_hint="'--by'")
        if name in RECORD_FIELDS:
            raise click.BadParameter(
                f"{name!r} is a field of every record (RULES B8), not one to group by: --by "
                "names another field of the records, e.g. player", param_hint="'--by'")


def nonempty(items: Iterator[RecordItem], paths: tuple[str, ...]) -> Iterator[RecordItem]:
    """``items``, or RecordError before anything is printed when the paths
    hold no record at all (an empty folder, /dev/null): an empty table
    would look like a success."""
    first = next(items, None)
    if first is None:
        names = ", ".join(shown_name(path) for path in paths[:3]) + (", ..." if len(paths) > 3
                                                                     else "")
        raise RecordError(f"{clip(names, 200)}: {NO_RECORD}")
    return chain([first], items)


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
