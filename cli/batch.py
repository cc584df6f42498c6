"""``harp score`` and ``harp stats``: the batch analyzer (issue 4).

Thin commands: they parse options, call :mod:`analysis.scoring` and
:mod:`analysis.stats`, and print tables through :mod:`cli.output`.
"""
from __future__ import annotations

import datetime as dt
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, Callable, TypeVar

import click

from harp.analysis.measures import MEASURES
from harp.analysis.parallel import DASK, EXECUTORS, LOCAL, ordered_map
from harp.analysis.scoring import (ROW_FIELDS, SUMMARY_FIELDS, ScoreRow, ScoreSummary,
                                   score_input, score_inputs)
from harp.analysis.sources import RecordItem, check_paths, iter_records
from harp.analysis.stats import (LAYOUT, SOLVE, DealListError, StatsPlan, daily_deals,
                                 parse_deal_list, run_stats, tables_from_store)
from harp.analysis.store import ResultStore
from harp.analysis.tables import StatsTables
from harp.deals import EASY_HARP, GAME_NAMES
from harp.errors import clip
from harp.records import Record
from harp.solve import BATCH_LIMITS, SolveLimits

from .options import (Count, InputPath, Seconds, apply, cells_option, game_option,
                      input_path, line_search_option)
from .output import engine_errors, output_options, print_rows

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])
#: Most worker processes ``--jobs`` takes: more would only thrash.
MAX_JOBS = min(64, 8 * (os.cpu_count() or 1))
INTERRUPTED = 130


def run_options(func: F) -> F:
    """``--jobs``, ``--executor``, ``--scheduler``, ``--quiet``."""
    return apply(func, [
        click.option("--jobs", "-j", type=Count(1, MAX_JOBS), default=1, show_default=True,
                     help="Worker processes (local executor); never more than there is work for."),
        click.option("--executor", type=click.Choice(EXECUTORS), default=LOCAL,
                     show_default=True, help="Run locally or on a Dask cluster."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (--executor dask)."),
        click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes on stderr."),
    ])


def check_run_options(ctx: click.Context, executor: str, scheduler: str | None) -> None:
    """The executor options fit together (a usage error before any work)."""
    if executor == DASK and not scheduler:
        raise click.UsageError("--executor dask needs --scheduler ADDRESS")
    if executor != DASK and scheduler is not None:
        raise click.UsageError("--scheduler is for --executor dask")
    if executor == DASK and given(ctx, "jobs"):
        raise click.UsageError("--jobs is for the local executor; Dask uses its workers")


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option ``name`` was given on the command line (not its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def progress(items: Iterable[T], total: int | None, quiet: bool, unit: str) -> Iterable[T]:
    """A tqdm bar on stderr, only when stderr is a terminal and not --quiet:
    ``5766 records [00:02, 2451.12 records/s]``, or with the total when known."""
    if quiet or not sys.stderr.isatty():
        return items
    from tqdm import tqdm
    return tqdm(items, total=total, unit=f" {unit}", file=sys.stderr, dynamic_ncols=True)


def note(text: str, quiet: bool) -> None:
    if not quiet:
        click.echo(text, err=True)


# ------------------------------------------------------------------ harp score

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
    with engine_errors():
        check_paths(paths)     # a missing file is bad data (exit 1), before any work
        records = FieldsSeen(iter_records(paths))
        scored: Iterable[ScoreRow] = ordered_map(score_input, score_inputs(records, by),
                                                 jobs=jobs, executor=executor,
                                                 scheduler=scheduler)
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


# ------------------------------------------------------------------ harp stats

def deal_list_option(ctx: click.Context, param: click.Parameter, value: str | None
                     ) -> list[int] | None:
    """``--deals``: parsed at once, so a bad list is a usage error before any work."""
    if value is None:
        return None
    try:
        return parse_deal_list(value)
    except DealListError as err:
        raise click.BadParameter(str(err), ctx, param) from None


MEASURE_HELP = "; ".join(f"{GAME_NAMES[game]}: {', '.join(names)}"
                         for game, names in MEASURES.items())


@click.command(short_help="Layout statistics and solver outcomes across ranges of deals.")
@game_option("Easy Harp (eh) or Seahaven Towers (sh); required unless --report.")
@cells_option("Seahaven cells [default: 4].")
@click.option("--deals", "deal_list", metavar="LIST", callback=deal_list_option,
              help="Deal numbers: ranges and lists, e.g. 1-10000 or 1,5,9-12.")
@click.option("--daily-from", type=click.DateTime(["%Y-%m-%d"]), metavar="YYYY-MM-DD",
              help="The daily deals (RULES B4) from this date ...")
@click.option("--days", type=Count(1), default=None, help="... for this many days.")
@click.option("--db", type=InputPath(dir_okay=False),
              help="SQLite file keeping per-deal results; a rerun resumes.")
@click.option("--report", is_flag=True, help="Print the tables stored in --db, computing nothing.")
@click.option("--atlas", is_flag=True,
              help="With --report: Seahaven win rates and difficulty from the packaged atlas.")
@click.option("--solve", is_flag=True, help="Add solver outcomes and print their table.")
@click.option("--max-states", type=Count(1), default=BATCH_LIMITS.max_states,
              show_default=True, help="Solver limit per deal: positions searched (--solve).")
@click.option("--timeout", type=Seconds(), default=BATCH_LIMITS.timeout, show_default=True,
              help="Solver limit per deal: seconds (--solve).")
@line_search_option(BATCH_LIMITS.line_search)
@click.option("--export", type=click.Path(dir_okay=False),
              help="With --solve: write the won deals as game records to this file (.jsonl, "
                   ".csv or text, RULES B8); every deal is solved again for its script.")
@click.option("--dist", "dist", metavar="MEASURE",
              help=f"Print the full distribution of one layout measure ({MEASURE_HELP}).")
@run_options
@output_options
@click.pass_context
def stats(ctx: click.Context, game: str | None, cells: str | None, deal_list: list[int] | None,
          daily_from: dt.datetime | None, days: int | None, db: str | None, report: bool,
          atlas: bool, solve: bool, max_states: int, timeout: float, line_search: float,
          export: str | None,
          dist: str | None, jobs: int, executor: str, scheduler: str | None, quiet: bool,
          json_: bool, csv_: bool, fmt: str) -> None:
    """Layout statistics (and solver outcomes) across ranges of deals.

    Per deal it measures the opening layout (README: "Batch analysis"),
    then prints per game and variant each measure's mean, min, median,
    max and a histogram; --dist MEASURE prints one measure's distribution,
    --solve the solver's outcomes.

    \b
    Example:
        harp stats --game sh --cells 2 --deals 1-10000 --jobs 2
        harp stats --game eh --deals 1-1000 --db eh.db --solve
        harp stats --db eh.db --report --solve
        harp stats --report --atlas --deals 1-100000
    """
    if atlas and not report:
        raise click.UsageError("--atlas goes with --report: the atlas is read, not computed")
    check_stats_options(ctx, game, cells, dist, solve, report)
    check_run_options(ctx, executor, scheduler)
    with engine_errors():
        if atlas:
            from .atlasreport import print_atlas_report
            return print_atlas_report(game, cells, deal_list, json_, csv_, fmt)
        if report:
            if daily_from is not None or days is not None:
                raise click.UsageError("--report filters by --game, --cells and --deals; "
                                       "--daily-from and --days choose deals to compute")
            tables = _report_tables(db, game, cells, deal_list)
        else:
            plan = _plan(ctx, game, cells, deal_list, daily_from, days, solve,
                         SolveLimits(max_states, timeout, line_search))
            if export:
                tables = _run_export(plan, export, db, jobs, executor, scheduler, quiet)
            else:
                tables = _run(plan, db, jobs, executor, scheduler, quiet)
        _print_tables(tables, solve, dist, db, json_, csv_, fmt)


def check_stats_options(ctx: click.Context, game: str | None, cells: str | None,
                        dist: str | None, solve: bool, report: bool) -> None:
    """Options that exclude each other or mean nothing here: usage errors, before any work."""
    if game and game.upper() == EASY_HARP and cells is not None:
        raise click.UsageError("--cells is for Seahaven (--game sh); Easy Harp has no cells")
    if dist is not None and solve:
        raise click.UsageError("--dist and --solve exclude each other: --dist prints one "
                               "layout measure, --solve the solver's table")
    if not solve and (given(ctx, "max_states") or given(ctx, "timeout")):
        raise click.UsageError("--max-states and --timeout limit the solver: they need --solve")
    if report and any(given(ctx, name) for name in ("max_states", "timeout", "jobs", "executor")):
        raise click.UsageError("--report computes nothing: no solver limits, --jobs or --executor")
    if dist is not None:
        names = MEASURES[game.upper()] if game else tuple(dict.fromkeys(
            name for measures in MEASURES.values() for name in measures))
        if dist not in names:
            raise click.BadParameter(f"unknown measure {clip(dist)!r}; measures: "
                                     + ", ".join(names), ctx, param_hint="'--dist'")


def _plan(ctx: click.Context, game: str | None, cells: str | None,
          deal_list: list[int] | None, daily_from: dt.datetime | None, days: int | None,
          solve: bool, limits: SolveLimits) -> StatsPlan:
    if not game:
        raise click.UsageError("--game is required (eh or sh)")
    if deal_list is not None and daily_from is None and days is not None:
        raise click.UsageError("--days goes with --daily-from, not with --deals")
    if deal_list is not None and daily_from is not None:
        raise click.UsageError("give either --deals LIST or --daily-from DATE --days N")
    if deal_list is None and daily_from is None:
        raise click.UsageError("give either --deals LIST or --daily-from DATE --days N")
    if daily_from is not None and days is None:
        raise click.UsageError("--daily-from needs --days N")
    if deal_list is not None:
        deals = deal_list
    else:
        try:
            deals = daily_deals(game, daily_from.date(), days or 1)  # type: ignore[union-attr]
        except DealListError as err:
            raise click.BadParameter(str(err), ctx, param_hint="'--days'") from None
    kinds = (LAYOUT, SOLVE) if solve else (LAYOUT,)
    return StatsPlan(game.upper(), int(cells or 4), deals, kinds, limits)


def _run_export(plan: StatsPlan, export: str, db: str | None, jobs: int, executor: str,
                scheduler: str | None, quiet: bool) -> StatsTables:
    """The run, every deal solved again, its wins written as records."""
    if SOLVE not in plan.kinds:
        raise click.UsageError("--export writes the solver's wins: add --solve")
    from harp.analysis.games import solution_record

    from .recordout import RecordWriter
    plan.scripts = True
    with RecordWriter(export) as out:
        def write(result: Any) -> None:
            if (record := solution_record(result)) is not None:
                out.write(record)
        tables = _run(plan, db, jobs, executor, scheduler, quiet, write)
    note(f"stats: {out.count} solutions written to {export}", quiet)
    return tables


def _run(plan: StatsPlan, db: str | None, jobs: int, executor: str,
         scheduler: str | None, quiet: bool,
         each: Callable[[Any], None] | None = None) -> StatsTables:
    def bar(results: Iterator[Any], total: int) -> Iterable[Any]:
        if db is not None:
            note(f"stats: {total} of {len(plan.deals)} deals to compute"
                 + (f" (the rest are in {db})" if total < len(plan.deals) else ""), quiet)
        return progress(results, total, quiet, "deals")

    if db is None:
        return run_stats(plan, jobs=jobs, executor=executor, scheduler=scheduler, progress=bar,
                         each=each)
    with ResultStore(db) as store:
        try:
            return run_stats(plan, store, jobs=jobs, executor=executor,
                             scheduler=scheduler, progress=bar, each=each)
        except KeyboardInterrupt:
            store.flush()
            click.echo(f"interrupted: {store.count()} results are kept in {db}; "
                       "run the same command again to resume", err=True)
            sys.exit(INTERRUPTED)


def _report_tables(db: str | None, game: str | None, cells: str | None,
                   deal_list: list[int] | None) -> StatsTables:
    if not db:
        raise click.UsageError("--report needs --db FILE")
    variant = None
    if game:
        game = game.upper()
        variant = "N" if game == EASY_HARP else f"C{cells or 4}"
    deals = set(deal_list) if deal_list else None
    with ResultStore(db, read_only=True) as store:
        return tables_from_store(store, game, variant, deals)


def _print_tables(tables: StatsTables, solve: bool, dist: str | None, db: str | None,
                  json_: bool, csv_: bool, fmt: str) -> None:
    if dist is not None:
        if dist not in tables.measures():
            raise click.ClickException(f"no results of the measure {dist!r} in {db}")
        rows = tables.distribution_rows(dist)
    elif solve:
        rows = tables.solve_rows()
    else:
        rows = tables.measure_rows()
    print_rows(rows, json_=json_, csv_=csv_, fmt=fmt)
