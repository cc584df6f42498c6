"""``harp stats``: layout statistics and solver outcomes across ranges of
deals (the batch analyzer, :mod:`harp.analysis.stats`); ``--report
--atlas`` is :mod:`harp.cli.stats_atlas`."""
from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Iterable, Iterator
from typing import Any, Callable

import click

from harp.analysis.measures import MEASURES
from harp.analysis.stats import (LAYOUT, SOLVE, DealListError, StatsPlan, daily_deals,
                                 run_stats, tables_from_store)
from harp.analysis.store import ResultStore
from harp.analysis.tables import StatsTables
from harp.deals import EASY_HARP, GAME_NAMES, variant_name
from harp.errors import clip
from harp.solve import BATCH_LIMITS, SolveLimits

from .options import (Count, InputPath, cells_option, check_run_options, deals_option,
                      game_option, given, limit_options, output_options, run_options)
from .output import note, print_rows, progress

INTERRUPTED = 130


MEASURE_HELP = "; ".join(f"{GAME_NAMES[game]}: {', '.join(names)}"
                         for game, names in MEASURES.items())


@click.command(short_help="Layout statistics and solver outcomes across ranges of deals.")
@game_option("Easy Harp (eh) or Seahaven Towers (sh); required unless --report.")
@cells_option("Seahaven cells [default: 4].")
@deals_option("Deal numbers: ranges and lists, e.g. 1-10000 or 1,5,9-12.")
@click.option("--daily-from", type=click.DateTime(["%Y-%m-%d"]), metavar="YYYY-MM-DD",
              help="The daily deals (RULES B4) from this date ...")
@click.option("--days", type=Count(1), default=None, help="... for this many days.")
@click.option("--db", type=InputPath(dir_okay=False),
              help="SQLite file keeping per-deal results; a rerun resumes.")
@click.option("--report", is_flag=True, help="Print the tables stored in --db, computing nothing.")
@click.option("--atlas", is_flag=True,
              help="With --report: Seahaven win rates and difficulty from the packaged atlas.")
@click.option("--solve", is_flag=True, help="Add solver outcomes and print their table.")
@limit_options(BATCH_LIMITS, scope=", per deal (--solve)")
@click.option("--export", type=click.Path(dir_okay=False),
              help="With --solve: write the won deals as game records to this file (.jsonl, "
                   ".csv or text, RULES B8); every deal is solved again for its script.")
@click.option("--dist", "dist", metavar="MEASURE",
              help=f"Print the full distribution of one layout measure ({MEASURE_HELP}).")
@run_options
@output_options
@click.pass_context
def stats(ctx: click.Context, game: str | None, cells: int | None, deal_list: list[int] | None,
          daily_from: dt.datetime | None, days: int | None, db: str | None, report: bool,
          atlas: bool, solve: bool, limits: SolveLimits, export: str | None,
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
    if atlas:
        from .stats_atlas import print_atlas_report
        return print_atlas_report(game, cells, deal_list, json_, csv_, fmt)
    if report:
        if daily_from is not None or days is not None:
            raise click.UsageError("--report filters by --game, --cells and --deals; "
                                   "--daily-from and --days choose deals to compute")
        tables = _report_tables(db, game, cells, deal_list)
    else:
        plan = _plan(ctx, game, cells, deal_list, daily_from, days, solve, limits)
        if export:
            tables = _run_export(plan, export, db, jobs, executor, scheduler, quiet)
        else:
            tables = _run(plan, db, jobs, executor, scheduler, quiet)
    _print_tables(tables, solve, dist, db, json_, csv_, fmt)


def check_stats_options(ctx: click.Context, game: str | None, cells: int | None,
                        dist: str | None, solve: bool, report: bool) -> None:
    """Options that exclude each other or mean nothing here: usage errors, before any work."""
    if game == EASY_HARP and cells is not None:
        raise click.UsageError("--cells is for Seahaven (--game sh); Easy Harp has no cells")
    if dist is not None and solve:
        raise click.UsageError("--dist and --solve exclude each other: --dist prints one "
                               "layout measure, --solve the solver's table")
    limits = ("max_states", "line_states", "timeout")
    if not solve and any(given(ctx, name) for name in limits):
        raise click.UsageError("--max-states, --line-states and --timeout limit the solver: "
                               "they need --solve")
    if report and any(given(ctx, name) for name in (*limits, "jobs", "executor")):
        raise click.UsageError("--report computes nothing: no solver limits, --jobs or --executor")
    if dist is not None:
        names = MEASURES[game] if game else tuple(dict.fromkeys(
            name for measures in MEASURES.values() for name in measures))
        if dist not in names:
            raise click.BadParameter(f"unknown measure {clip(dist)!r}; measures: "
                                     + ", ".join(names), ctx, param_hint="'--dist'")


def _plan(ctx: click.Context, game: str | None, cells: int | None,
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
    return StatsPlan(game, cells or 4, deals, kinds, limits)


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
    def bar(results: Iterator[Any], total: int, redone: int) -> Iterable[Any]:
        if db is not None:
            parts = [f"{redone} stored as unknown under smaller limits, computed again"] * bool(
                redone) + [f"the rest are in {db}"] * (total < len(plan.deals))
            note(f"stats: {total} of {len(plan.deals)} deals to compute"
                 + (f" ({'; '.join(parts)})" if parts else ""), quiet)
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


def _report_tables(db: str | None, game: str | None, cells: int | None,
                   deal_list: list[int] | None) -> StatsTables:
    if not db:
        raise click.UsageError("--report needs --db FILE")
    variant = variant_name(game, cells or 4) if game else None
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
