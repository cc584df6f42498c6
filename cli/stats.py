"""``harp stats``: layout statistics and solver outcomes across ranges of
deals (the batch analyzer, :mod:`harp.analysis.stats`); ``--report
--atlas`` is :mod:`harp.cli.stats_atlas`."""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

import click

from harp.analysis.atlas import runs_of
from harp.analysis.measures import MEASURES
from harp.analysis.parallel import ExecutorError
from harp.analysis.plot import check_file_name
from harp.analysis.stats import (LAYOUT, SOLVE, DealListError, StatsPlan, daily_deals,
                                 daily_repeats, tables_from_store)
from harp.analysis.store import ResultStore
from harp.analysis.tables import LOG_MEASURES, SOLVE_MEASURES, StatsTables, table_columns
from harp.atomicfile import same_file
from harp.deals import EASY_HARP, GAME_NAMES, SEAHAVEN, variant_name
from harp.errors import clip, quoted
from harp.solve import BATCH_LIMITS, SolveLimits

from .fit import check_columns
from .options import (Count, Date, FileName, cells_option, check_cells, check_line_states,
                      check_run_options, check_solver_limits, columns_option, deals_option,
                      game_option, limit_options, output_options, output_path, parsed,
                      refuse_given, run_options)
from .output import print_rows, shown
from .runs import RunOptions, plural, run_plan
from .stopping import interrupted_code

MEASURE_HELP = "; ".join(f"{GAME_NAMES[game]}: {', '.join(names)}"
                         for game, names in MEASURES.items())
#: The columns a table shows by default: they fit 80 columns.
MEASURE_COLUMNS = ["game", "variant", "measure", "mean", "median", "histogram"]
DIST_COLUMNS = ["game", "variant", "value", "high", "deals", "pct", "won_pct",
                "solved_within_pct"]


@click.command(short_help="Layout statistics and solver outcomes across ranges of deals.")
@game_option("Easy Harp (eh) or Seahaven Towers (sh); required unless --report.")
@cells_option("Seahaven cells [default: 4].")
@deals_option("Deal numbers: ranges and lists, e.g. 1-10000 or 1,5,9-12.")
@click.option("--daily-from", type=Date(),
              help="The daily deals (RULES B4) from this date ...")
@click.option("--days", type=Count(1), default=None, help="... for this many days.")
@click.option("--db", type=FileName(dir_okay=False),
              help="SQLite file keeping per-deal results; a rerun resumes.")
@click.option("--report", is_flag=True, help="Print the tables stored in --db, computing nothing.")
@click.option("--atlas", is_flag=True,
              help="With --report: win rates and difficulty from the packaged atlas "
                   "(Seahaven; Easy Harp with --game eh, the deals its atlas covers).")
@click.option("--solve", is_flag=True, help="Add solver outcomes and print their table.")
@limit_options(BATCH_LIMITS, scope=", per deal (--solve)")
@click.option("--export", type=output_path(dash=False),
              help="With --solve: write the won deals as game records to this file (.jsonl, "
                   ".csv or text, RULES B8); a won deal whose record is not in it yet is "
                   "solved again for its script, one already in it is not written again.")
@click.option("--dist", "dist", metavar="MEASURE",
              help=f"Print one measure's distribution as a chart: a layout measure "
                   f"({MEASURE_HELP}) or, with --solve, "
                   f"{', '.join(SOLVE_MEASURES)} (docs/batch.md: \"Difficulty\").")
@click.option("--plot", type=output_path(dash=False), metavar="FILE.png|svg",
              callback=parsed(lambda path: check_file_name(path) or path),
              help="Also draw the tables (or the --dist MEASURE) into a picture; "
                   "needs matplotlib: pip install 'harp-patience[plot]'.")
@columns_option
@run_options
@output_options
@click.pass_context
def stats(ctx: click.Context, game: str | None, cells: int | None, deal_list: list[int] | None,
          daily_from: dt.date | None, days: int | None, db: str | None, report: bool,
          atlas: bool, solve: bool, limits: SolveLimits, export: str | None,
          dist: str | None, plot: str | None, columns: list[str] | None, jobs: int,
          executor: str, scheduler: str | None, quiet: bool, show_progress: bool | None,
          json_: bool, csv_: bool, fmt: str) -> None:
    """Layout statistics (and solver outcomes) across ranges of deals.

    Per deal it measures the opening layout (docs/batch.md lists the measures),
    then prints per game and variant each measure's mean, median and a
    histogram (its deals, min and max too with --columns all, CSV or JSON);
    --dist MEASURE prints one measure's distribution
    as a chart, --solve the solver's outcomes, --plot FILE a picture.
    Ctrl-C stops a run: the deals finished are kept (with --db, for a
    rerun to resume) and their tables printed; exit code 130.

    \b
    Examples:
        harp stats --game sh --cells 2 --deals 1-10000 --jobs 2
        harp stats --game eh --deals 1-1000 --db eh.db --solve
        harp stats --db eh.db --report --solve --dist difficulty
        harp stats --game sh --deals 1-200 --solve --plot solve.svg
        harp stats --report --atlas --deals 1-100000
    """
    check_stats_options(ctx, game, cells, dist, solve, report, atlas)
    check_own_files({"--db": db, "--export": export, "--plot": plot})
    check_run_options(ctx, executor, scheduler)
    if plot is not None:
        from harp.analysis.plot import check_plot, check_target
        check_plot(plot)                        # no matplotlib: say so before any work
        check_target(plot)                      # nor a file it cannot replace
    if atlas:
        from .stats_atlas import print_atlas_report
        return print_atlas_report(game, cells, deal_list, json_, csv_, fmt, columns)
    # A store may hold the solver's results without --solve: its table of a
    # layout measure can have won_pct.
    check_columns(table_columns(dist, solve, solve or db is not None), columns)
    interrupted = False
    if report:
        if game is None and cells is not None:
            game = SEAHAVEN                     # only Seahaven has cells
        tables = _report_tables(db, game, cells, deal_list, solve)
        if deal_list and not quiet:
            for line in _missing_notes(tables, deal_list, db, solve, dist):
                click.echo(line, err=True)
        described = report_command(game, cells, deal_list, solve, dist)
        chosen = _filters(game, cells, deal_list)
    else:
        plan = _plan(ctx, game, cells, deal_list, daily_from, days, solve, limits)
        options = RunOptions(jobs, executor, scheduler, show_progress, quiet,
                             f"; no picture drawn into {shown(plot)} (--plot draws a "
                             "finished run)" if plot is not None else "")
        if daily_from is not None and (repeats := daily_repeats(plan.game, daily_from, days or 1)):
            options.note(_repeats_note(repeats))
        if export:
            tables, interrupted = _run_export(plan, export, db, options)
        else:
            tables, interrupted = run_plan(plan, db, options)
        described = describe(plan, dist)
        chosen = _filters(plan.game, plan.cells, deal_list)
    _print_tables(tables, solve, dist, db, json_, csv_, fmt, columns, chosen)
    if plot is not None and not interrupted:
        from harp.analysis.plot import plot as draw
        title = described if report else describe(plan, dist, TITLE_DEALS)
        draw(tables, plot, dist, title=title.removeprefix("harp stats "),
             description=described, solved=solve)
    if interrupted:
        ctx.exit(interrupted_code())


def _repeats_note(repeats: list[tuple[int, list[dt.date]]]) -> str:
    """The note that daily deals falling on two days or more are counted
    once (the tables count deals, not days)."""
    if len(repeats) == 1:
        deal, dates = repeats[0]
        return (f"stats: deal {deal} is the daily deal of "
                f"{' and of '.join(d.isoformat() for d in dates)}: counted once")
    each = ", ".join(f"{deal} ({', '.join(d.isoformat() for d in dates)})"
                     for deal, dates in repeats)
    return clip(f"stats: {len(repeats)} deals are the daily deals of two days or more, each "
                f"counted once: {each}", 300)


#: How much of the deal list a picture's title shows.
TITLE_DEALS = 40


def describe(plan: StatsPlan, dist: str | None, limit: int | None = None) -> str:
    """The command that computes ``plan`` (a picture's title and
    description), its deal list clipped to ``limit`` characters if given,
    and the solver's limits where they are not the batch's: the same
    command draws the same picture."""
    command = _command("harp stats", plan.game, plan.cells if plan.cells != 4 else None,
                       plan.deals, SOLVE in plan.kinds, dist, limit)
    if SOLVE not in plan.kinds:
        return command
    limits = [f"--{name.replace('_', '-')} {value:g}" if isinstance(value, float)
              else f"--{name.replace('_', '-')} {value}"
              for name, value in dataclasses.asdict(plan.limits).items()
              if value != getattr(BATCH_LIMITS, name)]
    return " ".join([command, *limits])


def report_command(game: str | None, cells: int | None,
                   deal_list: list[int] | None, solve: bool, dist: str | None,
                   limit: int = TITLE_DEALS) -> str:
    """The ``--report`` command that reads these tables (a picture's title
    and description): its filters, the deal list clipped to ``limit``."""
    return _command("harp stats --report", game, cells, deal_list, solve, dist, limit)


def _command(head: str, game: str | None, cells: int | None, deal_list: list[int] | None,
             solve: bool, dist: str | None, limit: int | None) -> str:
    """``head`` and the options that name these deals and measures."""
    parts = [head]
    if game is not None:
        parts.append(f"--game {game.lower()}")
    if cells is not None and game != EASY_HARP:
        parts.append(f"--cells {cells}")
    if deal_list:
        deals = deal_runs(deal_list)
        parts.append(f"--deals {deals if limit is None else clip(deals, limit)}")
    if solve:
        parts.append("--solve")
    if dist:
        parts.append(f"--dist {dist}")
    return " ".join(parts)


def deal_runs(deals: list[int]) -> str:
    """``1-3,7``: the deals as ``--deals`` writes them."""
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in runs_of(deals))


def check_stats_options(ctx: click.Context, game: str | None, cells: int | None,
                        dist: str | None, solve: bool, report: bool, atlas: bool) -> None:
    """Options that exclude each other or mean nothing here: usage errors, before any work."""
    if atlas and not report:
        raise click.UsageError("--atlas goes with --report: the atlas is read, not computed")
    # What --report and --atlas refuse comes first: the advice of a later
    # check (the limits need --solve) must not lead to another refusal.
    if report:
        refuse_given(ctx, ("max_states", "line_states", "timeout", "jobs", "executor", "export"),
                     "--report computes nothing: no solver limits, --jobs, --executor or --export")
        refuse_given(ctx, ("daily_from", "days"), "--report filters by --game, --cells and "
                     "--deals; --daily-from and --days choose deals to compute")
        refuse_given(ctx, ("show_progress",), "--report computes nothing: --progress and "
                     "--no-progress are for a computing run")
    if atlas:
        refuse_given(ctx, ("db", "solve", "dist", "plot"), "--report --atlas reads the packaged "
                     "atlas: no --db, --solve, --dist or --plot")
    check_cells(ctx, game)
    check_solver_limits(ctx, solve)
    check_line_states(ctx, game or (SEAHAVEN if cells is not None else None))
    if dist is not None:
        names = MEASURES[game] if game else tuple(dict.fromkeys(
            name for measures in MEASURES.values() for name in measures))
        if dist in SOLVE_MEASURES and not solve:
            raise click.UsageError(f"--dist {dist} is a measure of the solver's work: add --solve")
        names += tuple(SOLVE_MEASURES) if solve else ()
        if dist not in names:
            raise click.BadParameter(f"unknown measure {quoted(dist)}; measures: "
                                     + ", ".join(names), ctx, param_hint="'--dist'")


def check_own_files(files: dict[str, str | None]) -> None:
    """A usage error, before any work, when two of the files the options
    name are one: the records or the picture would replace the database,
    or the picture the records."""
    given = [(option, path) for option, path in files.items() if path is not None]
    for i, (option, path) in enumerate(given):
        for other, other_path in given[i + 1:]:
            if same_file(path, other_path):
                raise click.UsageError(f"{option} {shown(path)} and {other} {shown(other_path)} "
                                       "are one file: give each its own")


def _plan(ctx: click.Context, game: str | None, cells: int | None,
          deal_list: list[int] | None, daily_from: dt.date | None, days: int | None,
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
            deals = daily_deals(game, daily_from, days or 1)
        except DealListError as err:
            raise click.BadParameter(str(err), ctx, param_hint="'--days'") from None
    kinds = (LAYOUT, SOLVE) if solve else (LAYOUT,)
    return StatsPlan(game, cells or 4, deals, kinds, limits)


def _run_export(plan: StatsPlan, export: str, db: str | None, options: RunOptions
                ) -> tuple[StatsTables, bool]:
    """The run, its wins written as records (in deal order; stopped by
    Ctrl-C or a failed executor, the file has the wins finished, its Error
    line then following the note).  A deal whose record the file has
    already is not written again, and, with a store, not solved again: a
    rerun of a stopped export resumes it, writing nothing twice."""
    if SOLVE not in plan.kinds:
        raise click.UsageError("--export writes the solver's wins: add --solve")
    from harp.analysis.games import solution_record

    from .recordout import RecordWriter
    plan.scripts = True
    failed: ExecutorError | None = None
    with RecordWriter(export) as out:
        if out.appended:
            plan.exported = exported_deals(export, plan)
        there = len(plan.exported.intersection(plan.deals))
        lost: list[int] = []            # stored wins not won again: no record

        def write(result: Any) -> None:
            if result.deal in plan.exported:
                return                  # its record is in the file already
            if (record := solution_record(result)) is not None:
                out.write(record)
                plan.exported.add(result.deal)
            elif result.for_script:
                lost.append(result.deal)
        try:
            tables, interrupted = run_plan(plan, db, options, write)
        except ExecutorError as err:
            failed = err                # the file is completed, not thrown away
    options.note(f"stats: {plural(out.count, 'solution')}{out.written_to()}"
                 + (f" ({plural(there, 'deal')} of the run had a winning record there "
                    "already)"
                    if there else ""))
    if lost:
        options.note(f"stats: {plural(len(lost), 'deal')} stored as won "
                     f"{'was' if len(lost) == 1 else 'were'} not won again, so "
                     f"{'its record is' if len(lost) == 1 else 'their records are'} not in "
                     f"{shown(export)}: {clip(deal_runs(lost), 60)} (a larger --max-states "
                     f"may win {'it' if len(lost) == 1 else 'them'} again)")
    if failed is not None:
        raise failed
    return tables, interrupted


def exported_deals(path: str, plan: StatsPlan) -> set[int]:
    """The deals of the plan's game and variant that have a winning record
    in the file ``path`` (a resumed export writes none of them again).  A
    record is replayed, not taken on its word: a player's lost attempt or a
    broken record of the deal does not stand for its win."""
    from harp.analysis.scoring import score_input, score_inputs
    from harp.analysis.sources import iter_records
    deals = set()
    for row in map(score_input, score_inputs(iter_records([path]))):
        if row.won and (row.game, row.variant) == (plan.game.upper(), plan.variant):
            deals.add(row.deal)
    return deals


def _missing_notes(tables: StatsTables, deal_list: list[int], db: str, solve: bool,
                  dist: str | None) -> list[str]:
    """A note per game and variant whose printed table counts fewer of
    the deals asked for than there are: the table alone would not say
    that the store misses some."""
    solver = dist in SOLVE_MEASURES if dist is not None else solve
    what = "have a solver result" if solver else "are stored"
    notes = []
    for group in tables.groups():
        found = tables.deals(group, solver)
        if found < len(deal_list):
            notes.append(f"stats: {' '.join(group)}: {found} of the {len(deal_list)} deals asked "
                         f"for {what} in {shown(db)}; the table counts those")
    return notes


def _report_tables(db: str | None, game: str | None, cells: int | None,
                   deal_list: list[int] | None, solve: bool) -> StatsTables:
    """The tables stored in ``db`` for the filters; bad data (exit 1) when
    it holds none of the kind asked for: an empty table would look like a
    success."""
    if not db:
        raise click.UsageError("--report needs --db FILE")
    # Without --cells, every variant stored of the game, as --report --atlas shows.
    variant = variant_name(game, cells) if game and cells is not None else None
    deals = set(deal_list) if deal_list else None
    with ResultStore(db, read_only=True) as store:
        tables = tables_from_store(store, game, variant, deals)
    layout, solved = bool(tables.measure_rows()), bool(tables.solve_rows())
    chosen = _filters(game, cells, deal_list)
    if not (layout or solved):
        raise click.ClickException(f"no stored results{chosen} in {shown(db)}")
    if solve and not solved:
        raise click.ClickException(f"no stored solver results{chosen} in {shown(db)}: their deals "
                                   "were computed without --solve")
    if not solve and not layout:
        raise click.ClickException(f"no stored layout measures{chosen} in {shown(db)}: the results "
                                   "stored are the solver's: add --solve")
    return tables


def _filters(game: str | None, cells: int | None, deal_list: list[int] | None) -> str:
    """`` for Seahaven Towers with 1 cell, deals 1-3,7`` (the report's
    filters, or the run's deals); no cells: every variant of the game."""
    parts = []
    if game is not None:
        parts.append(GAME_NAMES[game] if game == EASY_HARP or cells is None
                     else f"{GAME_NAMES[game]} with {plural(cells, 'cell')}")
    if deal_list:
        parts.append(f"deals {clip(deal_runs(deal_list), 60)}")
    return f" for {', '.join(parts)}" if parts else ""


def _print_tables(tables: StatsTables, solve: bool, dist: str | None, db: str | None,
                  json_: bool, csv_: bool, fmt: str, columns: list[str] | None,
                  chosen: str = "") -> None:
    """One table: a measure's distribution (a chart on a terminal), the
    solver's outcomes (turned: a row per column), or the layout measures.
    A distribution with no value is bad data (exit 1, ``chosen`` naming
    the filters): an empty chart would look like a success."""
    where = f" in {shown(db)}" if db else ""
    if dist is not None:
        if dist not in tables.measures():
            raise click.ClickException(f"no results of the measure {dist!r}{chosen}{where}")
        rows = tables.distribution_rows(dist)
        if not rows:
            won_only = dist in SOLVE_MEASURES and dist not in LOG_MEASURES
            raise click.ClickException(
                f"no values of {dist}{chosen}{where}"
                + (f": {dist} is a measure of won deals, and none was won" if won_only else ""))
        default = [name for name in DIST_COLUMNS
                   if name != "high" or any(row["high"] != row["value"] for row in rows)]
        print_rows(rows, json_=json_, csv_=csv_, fmt=fmt, columns=columns, default=default,
                   bar_of="deals")
    elif solve:
        print_rows(tables.solve_rows(), json_=json_, csv_=csv_, fmt=fmt, columns=columns,
                   turn=True)
    else:
        print_rows(tables.measure_rows(), json_=json_, csv_=csv_, fmt=fmt, columns=columns,
                   default=MEASURE_COLUMNS)
