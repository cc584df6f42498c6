"""``harp score`` and ``harp stats``: the batch analyzer (issue 4).

Thin commands: they parse options, call :mod:`analysis.scoring` and
:mod:`analysis.stats`, and print tables through :mod:`cli.output`.
"""
from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Iterable, Iterator
from typing import Any, Callable, TypeVar

import click

from harp.analysis.parallel import EXECUTORS, LOCAL
from harp.analysis.scoring import ROW_FIELDS, SUMMARY_FIELDS, ScoreSummary, score_records
from harp.analysis.stats import (LAYOUT, SOLVE, StatsPlan, daily_deals,
                            parse_deal_list, run_stats, tables_from_store)
from harp.analysis.store import ResultStore
from harp.solve import BATCH_LIMITS, SolveLimits
from harp.analysis.tables import StatsTables

from .output import engine_errors, output_options, print_rows

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])
INTERRUPTED = 130


def run_options(func: F) -> F:
    """``--jobs``, ``--executor``, ``--scheduler``, ``--quiet``."""
    for decorator in reversed((
        click.option("--jobs", "-j", type=click.IntRange(1), default=1, show_default=True,
                     help="Worker processes (local executor)."),
        click.option("--executor", type=click.Choice(EXECUTORS), default=LOCAL,
                     show_default=True, help="Run locally or on a Dask cluster."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="Dask scheduler address, e.g. tcp://10.0.0.5:8786."),
        click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes on stderr."),
    )):
        func = decorator(func)
    return func


def progress(items: Iterable[T], total: int | None, quiet: bool, unit: str) -> Iterable[T]:
    """A tqdm bar on stderr, only when stderr is a terminal and not --quiet."""
    if quiet or not sys.stderr.isatty():
        return items
    from tqdm import tqdm
    return tqdm(items, total=total, unit=unit, file=sys.stderr, dynamic_ncols=True)


def note(text: str, quiet: bool) -> None:
    if not quiet:
        click.echo(text, err=True)


# ------------------------------------------------------------------ harp score

@click.command()
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(exists=True, allow_dash=True))
@click.option("--rows", is_flag=True, help="One row per record instead of the summary.")
@click.option("--by", "by", multiple=True, metavar="FIELD",
              help="Also group the summary by this record field (repeatable), e.g. player.")
@run_options
@output_options
def score(paths: tuple[str, ...], rows: bool, by: tuple[str, ...], jobs: int, executor: str,
          scheduler: str | None, quiet: bool, json_: bool, csv_: bool, fmt: str) -> None:
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
    with engine_errors():
        scored = score_records(paths, by, jobs=jobs, executor=executor, scheduler=scheduler)
        scored = progress(scored, None, quiet, "record")
        if rows:
            table = (row.to_dict(by) for row in scored)
            # JSON and CSV stream (flat memory); only a table needs every row.
            print_rows(table, json_=json_, csv_=csv_, fmt=fmt, headers=[*ROW_FIELDS, *by])
            return
        summary = ScoreSummary(by)
        for row in scored:
            summary.add(row)
        print_rows(summary.rows(), json_=json_, csv_=csv_, fmt=fmt,
                   headers=["game", "variant", *by, *SUMMARY_FIELDS])



# ------------------------------------------------------------------ harp stats

@click.command()
@click.option("--game", type=click.Choice(["eh", "sh"], case_sensitive=False),
              help="Easy Harp (eh) or Seahaven Towers (sh); required unless --report.")
@click.option("--cells", type=click.Choice(["4", "2", "1"]), default=None,
              help="Seahaven cells [default: 4] (ignored for Easy Harp).")
@click.option("--deals", "deal_list", metavar="LIST",
              help="Deal numbers: ranges and lists, e.g. 1-10000 or 1,5,9-12.")
@click.option("--daily-from", type=click.DateTime(["%Y-%m-%d"]), metavar="YYYY-MM-DD",
              help="The daily deals (RULES B4) from this date ...")
@click.option("--days", type=click.IntRange(1), default=None, help="... for this many days.")
@click.option("--db", type=click.Path(dir_okay=False),
              help="SQLite file keeping per-deal results; a rerun resumes.")
@click.option("--report", is_flag=True, help="Print the tables stored in --db, computing nothing.")
@click.option("--atlas", is_flag=True,
              help="With --report: Seahaven win rates and difficulty from the packaged atlas.")
@click.option("--solve", is_flag=True, help="Add solver outcomes and print their table.")
@click.option("--max-states", type=click.IntRange(1), default=BATCH_LIMITS.max_states,
              show_default=True, help="Solver limit per deal: positions searched.")
@click.option("--timeout", type=click.FloatRange(0, min_open=True),
              default=BATCH_LIMITS.timeout, show_default=True,
              help="Solver limit per deal: seconds.")
@click.option("--export", type=click.Path(dir_okay=False),
              help="With --solve: write the won deals as game records to this file (.jsonl, "
                   ".csv or text, RULES B8); every deal is solved again for its script.")
@click.option("--dist", "dist", metavar="MEASURE",
              help="Print the full distribution of one layout measure.")
@run_options
@output_options
def stats(game: str | None, cells: str | None, deal_list: str | None,
          daily_from: dt.datetime | None, days: int | None, db: str | None, report: bool,
          atlas: bool, solve: bool, max_states: int, timeout: float, export: str | None,
          dist: str | None, jobs: int, executor: str, scheduler: str | None, quiet: bool, json_: bool, csv_: bool,
          fmt: str) -> None:
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
    with engine_errors():
        if atlas:
            from .atlasreport import print_atlas_report
            return print_atlas_report(game, cells, deal_list, json_, csv_, fmt)
        if report:
            tables = _report_tables(db, game, cells, deal_list)
        else:
            plan = _plan(game, cells, deal_list, daily_from, days, solve,
                         SolveLimits(max_states, timeout))
            if export:
                tables = _run_export(plan, export, db, jobs, executor, scheduler, quiet)
            else:
                tables = _run(plan, db, jobs, executor, scheduler, quiet)
        _print_tables(tables, solve, dist, json_, csv_, fmt)


def _plan(game: str | None, cells: str | None, deal_list: str | None,
          daily_from: dt.datetime | None, days: int | None, solve: bool,
          limits: SolveLimits) -> StatsPlan:
    if not game:
        raise click.UsageError("--game is required (eh or sh)")
    if (deal_list is None) == (daily_from is None):
        raise click.UsageError("give either --deals LIST or --daily-from DATE --days N")
    if daily_from is not None and days is None:
        raise click.UsageError("--daily-from needs --days N")
    deals = (parse_deal_list(deal_list) if deal_list is not None
             else daily_deals(game, daily_from.date(), days or 1))  # type: ignore[union-attr]
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
        note(f"stats: {total} of {len(plan.deals)} deals to compute"
             + (f" (the rest are in {db})" if db and total < len(plan.deals) else ""), quiet)
        return progress(results, total, quiet, "deal")

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
                   deal_list: str | None) -> StatsTables:
    if not db:
        raise click.UsageError("--report needs --db FILE")
    with open(db, "rb"):   # a missing file is an error, not an empty new database
        pass
    variant = None
    if game:
        game = game.upper()
        variant = "N" if game == "EH" else f"C{cells or 4}"
    deals = set(parse_deal_list(deal_list)) if deal_list else None
    with ResultStore(db) as store:
        return tables_from_store(store, game, variant, deals)


def _print_tables(tables: StatsTables, solve: bool, dist: str | None, json_: bool,
                  csv_: bool, fmt: str) -> None:
    if dist is not None:
        if dist not in tables.measures():
            raise click.ClickException(f"unknown measure {dist!r}; measures: "
                                       + ", ".join(tables.measures()))
        rows = tables.distribution_rows(dist)
    elif solve:
        rows = tables.solve_rows()
    else:
        rows = tables.measure_rows()
    print_rows(rows, json_=json_, csv_=csv_, fmt=fmt)
