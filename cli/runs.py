"""Long batch runs on the command line: progress, and stopping with Ctrl-C.

A batch command (``stats``, ``score``, ``generate``) stopped by Ctrl-C
(or SIGTERM, SIGHUP: :mod:`harp.cli.stopping`) keeps every deal or record
it finished (in the store, in the tables it prints, in the file it
writes), says on standard error exactly how many *this* run kept, and
exits with 128 + the signal's number (130 for Ctrl-C, as a shell does for
SIGINT), with a store or without.  A run with a store resumes: the
same command computes only what is missing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NoReturn

import click

from harp.analysis.parallel import ExecutorError
from harp.analysis.stats import DealTask, StatsPlan, StatsRun, interrupts_held
from harp.analysis.store import ResultStore
from harp.analysis.tables import StatsTables

from .output import printable
from .progress import progress
from .stopping import ignore_further_stops, interrupted_code


@dataclass
class RunOptions:
    """How a batch runs: workers, executor, progress display."""

    jobs: int = 1
    executor: str = "local"
    scheduler: str | None = None
    progress: bool | None = None
    quiet: bool = False
    #: What a run stopped by Ctrl-C leaves undone besides its deals (added
    #: to its note), e.g. ``no picture drawn``.
    unfinished: str = ""
    #: Which deals the run's plan is, when it is one of several (added to
    #: the note of a run stopped before any deal), e.g. `` of piece 2``.
    scope: str = ""

    def note(self, text: str) -> None:
        if not self.quiet:
            click.echo(printable(text), err=True)


class Stoppable:
    """Items until they end or Ctrl-C stops them: then the iteration ends
    quietly, ``stopped`` says so and ``count`` says how many came."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.items = items
        self.count = 0
        self.stopped = False

    def __iter__(self) -> Iterator[Any]:
        try:
            for item in self.items:
                self.count += 1
                yield item
        except KeyboardInterrupt:
            ignore_further_stops()
            self.stopped = True


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def run_plan(plan: StatsPlan, db: str | None, options: RunOptions,
             each: Callable[[Any], None] | None = None) -> tuple[StatsTables, bool]:
    """Compute what ``plan`` misses (into ``db`` if given); the tables of
    its deals, and whether Ctrl-C stopped the run (the tables are then of
    the deals finished, and a note says how many this run kept).  Ctrl-C
    before any deal is computed (opening the store, or finding what it
    misses, which takes a while in a big one, or before the first deal
    finishes) ends the command at once, exit code 130, with a note that
    nothing was computed: no table of no deal.  ``each`` is given every
    result in the plan's order (:class:`InOrder`)."""
    if db is None:
        return _run(plan, None, options, each)
    try:
        store = ResultStore(db)
    except KeyboardInterrupt:
        _stopped_before_any_deal(options)
    with store:
        return _run(plan, store, options, each)


def _stopped_before_any_deal(options: RunOptions) -> NoReturn:
    """Ctrl-C before the first deal: the note, and exit code 130."""
    click.echo(f"interrupted before any deal{options.scope} was computed{options.unfinished}",
               err=True)
    raise click.exceptions.Exit(interrupted_code())


class InOrder:
    """The run's results passed to ``each`` in the plan's order (an export
    writes its records in deal order): a result that finishes before a
    deal ahead of it is held back until that one comes.  The run hands
    each result to :meth:`add` as it keeps it (Ctrl-C held), so every deal
    the store kept is here; a run stopped part-way :meth:`release` the ones
    still held, so that each is passed on (a stored win whose record is not
    written would be solved again by the resumed run)."""

    def __init__(self, tasks: list[DealTask], each: Callable[[Any], None] | None) -> None:
        self.each = each
        self.order = [task.deal for task in tasks]
        self.following = 0              # index in order of the next deal to pass on
        self.held: dict[int, Any] = {}
        #: How many results came back.
        self.came = 0

    def add(self, result: Any) -> None:
        """One result, as the run keeps it.  With nothing to pass them to,
        none is held (a slow first deal would hold all the rest)."""
        self.came += 1
        if self.each is not None:
            self.held[result.deal] = result

    def take(self, results: Iterable[Any]) -> None:
        """Run ``results`` to the end, passing on each result held that is
        next in order, with Ctrl-C held back: passed once, whole."""
        for _ in results:
            self._pass_on(lambda deal: deal in self.held)

    def release(self) -> None:
        """Pass on the results held back (the run stopped before a deal
        ahead of them came), in order."""
        self._pass_on(lambda deal: True)

    def _pass_on(self, going_on: Callable[[int], bool]) -> None:
        each = self.each
        if each is None:
            return
        while self.following < len(self.order) and going_on(self.order[self.following]):
            with interrupts_held():
                deal = self.order[self.following]
                self.following += 1
                if deal in self.held:
                    each(self.held.pop(deal))


def _run(plan: StatsPlan, store: ResultStore | None, options: RunOptions,
         each: Callable[[Any], None] | None) -> tuple[StatsTables, bool]:
    try:
        run = StatsRun(plan, store, jobs=options.jobs, executor=options.executor,
                       scheduler=options.scheduler)
    except KeyboardInterrupt:
        _stopped_before_any_deal(options)
    deals = len(plan.deals)
    name = printable(store.name) if store is not None else ""
    if store is not None:
        parts = [f"{run.redone} stored as unknown under smaller limits, computed again"] * bool(
            run.redone) + [f"{run.rescripted} stored as won, solved again for their "
                           "records"] * bool(run.rescripted) + [
            f"the rest are in {name}"] * (run.total < deals)
        command = click.get_current_context().meta.get("harp.batch", "stats")
        options.note(f"{command}: {run.total} of {deals} deals to compute"
                     + (f" ({'; '.join(parts)})" if parts else ""))
    results = InOrder(run.tasks, each)
    try:
        results.take(progress(run.results(results.add), run.total, "deals", options.progress,
                              options.quiet))
    except KeyboardInterrupt:
        ignore_further_stops()
        run.stop()
        results.release()
        if not (results.came or run.kept):
            _stopped_before_any_deal(options)
        if store is None:
            click.echo(f"interrupted: the tables are of the {plural(run.kept, 'deal')} this run "
                       f"finished, of {deals} (--db FILE keeps them, and a re-run resumes)"
                       f"{options.unfinished}", err=True)
        else:
            click.echo(f"interrupted: {_kept(plan, run, store)}: run the same command again "
                       f"to resume{options.unfinished}", err=True)
        return run.tables(), True
    except ExecutorError:
        # The executor failed under the run (a Dask scheduler lost, a
        # worker killed): its Error line follows this note, which says what
        # the run kept, as after Ctrl-C.
        run.stop()
        results.release()
        if store is not None:
            click.echo(f"{_kept(plan, run, store)}: run the same command again to resume"
                       f"{options.unfinished}", err=True)
        raise
    if store is None:
        return run.tables(), False
    try:
        return run.tables(), False
    except KeyboardInterrupt:                   # reading back a big store takes a while
        click.echo(f"interrupted: this run kept {plural(run.kept, 'deal')} in {name}, "
                   "every one it had to compute; the tables were not printed: run the same "
                   f"command again to print them{options.unfinished}", err=True)
        raise click.exceptions.Exit(interrupted_code()) from None


def _kept(plan: StatsPlan, run: StatsRun, store: ResultStore) -> str:
    """``this run kept 32 deals in x.db; 8 of 40 are still to compute``, for
    a stopped run."""
    left = plan.tasks(store)
    return (f"this run kept {plural(run.kept, 'deal')} in {printable(store.name)}; "
            f"{len(left)} of {len(plan.deals)} are still to compute")
