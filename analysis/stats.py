"""Statistics across deal ranges (issue 4, ``harp stats``).

A :class:`StatsPlan` names a game, a variant, a list of deals and what to
compute for each deal: its layout measures (``layout``, see
:mod:`analysis.measures`) and, with the solver (issue 5), its outcome
(``solve``).  :func:`run_stats` computes what is missing, in parallel,
optionally recording every deal in a :class:`~analysis.store.ResultStore`
(so an interrupted run resumes), and returns :class:`StatsTables`.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import re
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from harp import new_board
from harp.deals import MAX_DEAL, VERSION, daily_number, make_code, variant_name
from harp.errors import HarpError, clip, quoted
from harp.solve import BATCH_LIMITS, TIME, SolveLimits, replayed_win, solve

from .measures import MEASURES, deal_facts
from .parallel import LOCAL, parallel_map
from .store import ResultStore, StoreError, stored_deal
from .tables import OUTCOMES, StatsTables

LAYOUT, SOLVE = "layout", "solve"
KINDS = (LAYOUT, SOLVE)


# ------------------------------------------------------------------ choosing deals

class DealListError(HarpError):
    """A list of deals (numbers, ranges, or days of daily deals) that names no valid deal."""


#: One part of a deal list: N or N-M, ASCII digits only (RULES C6), spaces
#: around the numbers allowed; a space between two numbers is no range.
_DEAL_RANGE = re.compile(r" *([0-9]+) *(?:- *([0-9]+) *)?")


def parse_deal_list(text: str) -> list[int]:
    """``1-10000``, ``1,5,9-12`` -> deal numbers in the order given, each once."""
    deals: dict[int, None] = {}
    for given in text.split(","):
        part = given.strip(" ")
        if not part:
            continue
        match = _DEAL_RANGE.fullmatch(part)
        if match is None:
            raise DealListError(f"bad deal list {quoted(text)}: {quoted(part)} is not N or N-M "
                                "(digits 0-9, RULES C6)")
        low, high = _deal_bound(match[1]), _deal_bound(match[2] or match[1])
        if not 1 <= low <= high <= MAX_DEAL:
            raise DealListError(f"bad deal range {quoted(part)}: deals run from 1 to {MAX_DEAL}, "
                                "low to high")
        deals.update(dict.fromkeys(range(low, high + 1)))
    if not deals:
        raise DealListError(f"bad deal list {quoted(text)}: no deals")
    return list(deals)


def _deal_bound(digits: str) -> int:
    """The number, or one past the last deal for a longer digit string
    (never converting thousands of digits)."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_DEAL)):
        return MAX_DEAL + 1
    return int(significant or "0")      # int() refuses 4 300+ digits, leading zeros too


def daily_deals(game: str, start: dt.date, days: int) -> list[int]:
    """Deal numbers of the daily deals (RULES B4) of ``days`` days from
    ``start``, each once (two days may share a deal: :func:`daily_repeats`)."""
    return list(_daily_dates(game, start, days)[0])


def daily_repeats(game: str, start: dt.date, days: int) -> list[tuple[int, list[dt.date]]]:
    """The deals of those days that fall on more than one day, each with
    its days, by first day (a year's deals share one about one time in fifteen)."""
    return sorted(_daily_dates(game, start, days)[1].items(), key=lambda item: item[1][0])


def _daily_dates(game: str, start: dt.date, days: int
                 ) -> tuple[dict[int, dt.date], dict[int, list[dt.date]]]:
    """The daily deals of ``days`` days from ``start`` in order, each with
    its first day; and those that come again, with all their days."""
    if days < 1:
        raise DealListError(f"the number of days must be at least 1, not {days}")
    if days - 1 > (dt.date.max - start).days:
        raise DealListError(f"{days} days from {start.isoformat()} run past the last date, "
                            f"{dt.date.max.isoformat()}")
    prefix = f"{game.upper()}{VERSION}"
    first: dict[int, dt.date] = {}
    again: dict[int, list[dt.date]] = {}
    for i in range(days):
        date = start + dt.timedelta(days=i)
        deal = daily_number(prefix, date)
        if deal in first:
            again.setdefault(deal, [first[deal]]).append(date)
        else:
            first[deal] = date
    return first, again


# ------------------------------------------------------------------ the work of one deal

class DealTask(NamedTuple):
    game: str
    cells: int
    deal: int
    kinds: tuple[str, ...]
    limits: SolveLimits
    scripts: bool = False
    #: Kinds stored already, computed again (an ``unknown`` under smaller limits).
    redo: tuple[str, ...] = ()
    #: A deal stored as won, solved again only for its script (``--export``).
    for_script: bool = False


class DealResult(NamedTuple):
    game: str
    variant: str
    deal: int
    results: dict[str, dict[str, Any]]
    #: Its task's ``for_script``: a stored win solved again for its script.
    for_script: bool = False


def analyse_deal(task: DealTask) -> DealResult:
    """Compute the requested kinds of result for one deal (runs in a worker)."""
    code = make_code(task.game, task.deal, task.cells)
    results: dict[str, dict[str, Any]] = {}
    if LAYOUT in task.kinds:
        results[LAYOUT] = deal_facts(code)
    if SOLVE in task.kinds:
        results[SOLVE] = solve_facts(code, task.limits, task.scripts)
    return DealResult(code.game, code.variant, code.number, results, task.for_script)


def solve_facts(code: Any, limits: SolveLimits, script: bool = False) -> dict[str, Any]:
    """The solver's outcome for a deal, with positions searched (in all,
    and before the first win), CPU seconds, what stopped it (``unknown``)
    and the limits it ran under; a win's length, draws and score are read
    from the engine's replay of it, and a claimed win that does not replay
    to a win counts as ``unknown`` (flagged).  With ``script``, a win's
    script is kept under ``script`` (never stored)."""
    board = new_board(code)
    result = solve(board, limits)
    facts: dict[str, Any] = {"outcome": result.outcome, "length": None,
                             "states": result.states, "cpu_seconds": round(result.cpu_seconds, 4),
                             "stopped_by": result.stopped_by, "limits": limits.to_dict()}
    if result.outcome == "solved":
        won = replayed_win(board, result)
        if won is not None:
            facts.update(length=len(result.actions), draws=result.actions.count("d"),
                         score=won.score, first_win_states=result.verdict_states)
            if script:
                facts["script"] = result.script()
        else:
            facts.update(outcome="unknown", invalid_solution=True)
    return facts


# ------------------------------------------------------------------ plans and runs

@dataclass
class StatsPlan:
    """What to compute: ``kinds`` for each of ``deals`` of one game and variant."""

    game: str
    cells: int
    deals: list[int]
    kinds: tuple[str, ...] = (LAYOUT,)
    limits: SolveLimits = BATCH_LIMITS
    #: Keep the winning scripts (``--export``): a deal stored as won whose
    #: record is not in ``exported`` is solved again for its script.
    scripts: bool = False
    #: The deals whose records are written already (in the export file,
    #: before this run or by it): never solved again for a script.
    exported: set[int] = field(default_factory=set)

    @property
    def variant(self) -> str:
        return variant_name(self.game, self.cells)

    def tasks(self, store: ResultStore | None = None) -> list[DealTask]:
        """One task per deal with something still missing from ``store``,
        or stored ``unknown`` under limits that these limits go beyond
        (:func:`undecided`): that result is computed again (``redo``);
        with ``scripts``, or stored as won but not in ``exported``: solved
        again for its script (``for_script``), the stored result kept,
        under the limits it was won under when they are stored (the
        search takes the same path under any budget: it finds the same
        win, :func:`rewin_limits`)."""
        game = self.game.upper()
        done = {kind: store.done(game, self.variant, kind) if store else set()
                for kind in self.kinds}
        again, won = (undecided(store, game, self.variant, self.limits, self.scripts)
                      if store and SOLVE in self.kinds else (set(), {}))
        tasks = []
        for deal in self.deals:
            redo = (SOLVE,) if deal in again else ()
            rewin = deal in won and deal not in self.exported
            missing = tuple(kind for kind in self.kinds
                            if deal not in done[kind] or kind in redo or kind == SOLVE and rewin)
            if missing:
                for_script = rewin and not redo
                limits = rewin_limits(self.limits, won[deal]) if for_script else self.limits
                tasks.append(DealTask(game, self.cells, deal, missing, limits, self.scripts,
                                      redo, for_script))
        return tasks


def rewin_limits(limits: SolveLimits, won_under: SolveLimits | None) -> SolveLimits:
    """The limits to win again a deal stored as won under ``won_under``:
    this run's, with at least the positions it was won within (the search
    takes the same path under any budget, so it finds the same win; the
    line search after it gets this run's ``line_states``)."""
    if won_under is None or won_under.max_states <= limits.max_states:
        return limits
    return replace(limits, max_states=won_under.max_states)


def undecided(store: ResultStore, game: str, variant: str, limits: SolveLimits,
              won: bool = False) -> tuple[set[int], dict[int, SolveLimits | None]]:
    """The deals whose stored solver result is ``unknown`` and that
    ``limits`` may decide (:func:`goes_further`), to be solved again; and,
    if ``won``, the deals stored as won, with the limits they were won
    under (None: not recorded)."""
    deals: set[int] = set()
    wins: dict[int, SolveLimits | None] = {}
    for _, _, deal, _, data in store.results(game, variant, SOLVE):
        if data.get("outcome") == "unknown" and goes_further(limits, data):
            deals.add(deal)
        elif won and data.get("outcome") == "solved":
            wins[deal] = stored_limits(data)
    return deals, wins


def goes_further(limits: SolveLimits, data: dict[str, Any]) -> bool:
    """Whether a search under ``limits`` goes further than the one that
    left the stored ``unknown`` ``data``: more positions; or as many and
    a later safety net, when the clock stopped it; or its limits were not
    recorded (a result of an earlier harp).  Under the same limits the
    search is the same, so it is not run again."""
    stored = stored_limits(data)
    if stored is None or limits.max_states > stored.max_states:
        return True
    later = stored.timeout is not None and (limits.timeout is None or limits.timeout > stored.timeout)
    return data.get("stopped_by") == TIME and limits.max_states == stored.max_states and later


def stored_limits(data: dict[str, Any]) -> SolveLimits | None:
    """The limits a stored solver result ran under; None if not recorded
    (or not readable)."""
    limits = data.get("limits")
    if not isinstance(limits, dict) or set(limits) != {"max_states", "line_states", "timeout"}:
        return None
    try:            # SolveLimits checks every value as the command line does
        return SolveLimits(**limits)
    except (TypeError, HarpError):
        return None


#: Chunks a worker should get at least, when there are few tasks.
CHUNKS_PER_WORKER = 4


def balanced_chunk(tasks: int, jobs: int, most: int) -> int:
    """The chunk size for ``tasks`` deals on ``jobs`` workers: at most
    ``most``, and small enough that each worker gets several chunks.  A
    solve can take seconds a deal, and the unknown deals of a range, run
    again with a longer limit, are few and all slow: in chunks of 64, 77
    of them went to two workers as 64 and 13, and one worker sat idle."""
    return max(1, min(most, -(-tasks // (jobs * CHUNKS_PER_WORKER))))


#: The signals a batch run stops on: Ctrl-C, and (the command line makes
#: them raise KeyboardInterrupt too: harp.cli.stopping) SIGTERM and SIGHUP.
HELD_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold back Ctrl-C (SIGINT), and SIGTERM and SIGHUP where a Python
    handler takes them, for the body, and deliver the first after: Python
    raises KeyboardInterrupt between any two bytecodes, so without this a
    deal could be stored with only some of its results, or stored and not
    counted.  Only the main thread can install a handler (elsewhere, where
    no KeyboardInterrupt is raised, and under a handler Python did not
    install, the body just runs)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {number: handler for number in HELD_SIGNALS
                if callable(handler := signal.getsignal(number))}
    caught: list[int] = []
    for number in previous:
        signal.signal(number, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if caught:
            signal.raise_signal(caught[0])    # as it would have been, now


#: Longest time a finished deal waits to be committed to the store: one
#: transaction per deal costs a third more time on layout measures (0.2 ms
#: a deal), nothing next to a solve.
COMMIT_SECONDS = 0.05


class StatsRun:
    """One run of a plan: :meth:`results` computes the deals still missing,
    each one kept (with a store: stored and committed) as soon as it is
    finished, whatever order they finish in; :attr:`kept` counts the deals
    this run kept, so that a run stopped part-way (Ctrl-C) can say exactly
    what it added, and :meth:`tables` gives the tables of what there is."""

    def __init__(self, plan: StatsPlan, store: ResultStore | None = None, *, jobs: int = 1,
                 executor: str = LOCAL, scheduler: str | None = None,
                 chunk_size: int = 64) -> None:
        self.plan, self.store = plan, store
        self.tasks = plan.tasks(store)
        self._redo = {task.deal: task.redo for task in self.tasks if task.redo}
        #: Deals stored already, solved again for their scripts only.
        self._rescripted = {task.deal for task in self.tasks
                            if task.for_script and task.kinds == (SOLVE,)}
        self.options = dict(jobs=jobs, executor=executor, scheduler=scheduler,
                            chunk_size=balanced_chunk(len(self.tasks), jobs, chunk_size))
        self.kept = 0
        self._tables = StatsTables()
        self._streams: list[Iterator[DealResult]] = []

    @property
    def total(self) -> int:
        """Deals this run has to compute."""
        return len(self.tasks)

    @property
    def redone(self) -> int:
        """Deals among them stored already as ``unknown`` under smaller
        limits (:func:`undecided`), computed again."""
        return sum(1 for task in self.tasks if task.redo)

    @property
    def rescripted(self) -> int:
        """Deals among them stored already as won, solved again for the
        scripts of their records (``--export``)."""
        return sum(1 for task in self.tasks if task.for_script)

    def results(self, on_kept: Callable[[DealResult], None] | None = None
                ) -> Iterator[DealResult]:
        """Every missing deal's result, as it finishes (harp.cli.runs puts
        them in the plan's order for an export); each is kept (folded into
        the tables, or committed to the store: one transaction per deal, so
        a killed run loses only the deals in flight) as soon as it is
        finished, and given to ``on_kept`` in the same step, Ctrl-C held:
        a deal kept is always handed on, even if Ctrl-C stops the run
        before it is yielded (a stored win whose record an export never
        saw would be solved again by the resumed run)."""
        kept = self._keep(parallel_map(analyse_deal, self.tasks, ordered=False, **self.options),
                          on_kept)
        self._streams.append(kept)
        yield from kept

    def _keep(self, results: Iterable[DealResult],
              on_kept: Callable[[DealResult], None] | None) -> Iterator[DealResult]:
        """Fold or store each result; the store commits at least every
        :data:`COMMIT_SECONDS` (one transaction per deal for deals slower
        than that), and at the end, stopped or not.  Keeping a deal and
        counting it happen with Ctrl-C held back (:func:`interrupts_held`):
        a deal is kept whole (every kind of it) and counted, or not kept."""
        unsaved, last = 0, time.monotonic()
        try:
            for result in results:
                with interrupts_held():
                    if self.store is None:
                        self._tables.add_deal(result.game, result.variant, result.results)
                        self.kept += 1
                    else:
                        again = self._redo.get(result.deal, ())
                        for kind, data in result.results.items():
                            self.store.add(result.game, result.variant, result.deal, kind,
                                           {k: v for k, v in data.items() if k != "script"},
                                           replace=kind in again)
                        # A deal stored already, solved again for its script,
                        # adds nothing to the store: not counted as kept.
                        unsaved += result.deal not in self._rescripted
                        if time.monotonic() - last >= COMMIT_SECONDS:
                            self.store.flush()
                            self.kept, unsaved, last = self.kept + unsaved, 0, time.monotonic()
                    if on_kept is not None:
                        on_kept(result)
                yield result
        finally:
            if self.store is not None and unsaved:
                with interrupts_held():
                    self.store.flush()
                    self.kept += unsaved

    def stop(self) -> None:
        """Stop computing (after Ctrl-C): the workers are stopped and every
        finished deal not yet committed is committed, and counted in
        :attr:`kept`."""
        for stream in self._streams:
            stream.close()              # type: ignore[attr-defined]

    def tables(self) -> StatsTables:
        """The tables of the plan's deals: with a store, every one stored
        (by this run or an earlier one), read back so that each counts
        once; without, the ones this run finished."""
        if self.store is None:
            return self._tables
        return tables_from_store(self.store, self.plan.game.upper(), self.plan.variant,
                                 set(self.plan.deals))


def run_stats(plan: StatsPlan, store: ResultStore | None = None, *, jobs: int = 1,
              executor: str = LOCAL, scheduler: str | None = None,
              chunk_size: int = 64) -> StatsTables:
    """Compute what ``plan`` still misses and return the tables of its deals."""
    run = StatsRun(plan, store, jobs=jobs, executor=executor, scheduler=scheduler,
                   chunk_size=chunk_size)
    for _ in run.results():
        pass
    return run.tables()


def tables_from_store(store: ResultStore, game: str | None = None, variant: str | None = None,
                      deals: set[int] | None = None) -> StatsTables:
    """The tables of what is stored (filtered), without recomputing
    anything; the results of one deal (stored in order) are added together."""
    tables = StatsTables()
    current: tuple[str, str, int] | None = None
    results: dict[str, dict[str, Any]] = {}
    for g, v, deal, kind, data in store.results(game, variant):
        if deals is not None and deal not in deals:
            continue
        if not well_formed(kind, data, g):
            raise StoreError(f"{store.name}: the stored {clip(str(kind), 20)} result "
                             f"of {stored_deal(g, v, deal)} is damaged")
        if (g, v, deal) != current:
            if current is not None:
                tables.add_deal(current[0], current[1], results)
            current, results = (g, v, deal), {}
        results[kind] = data
    if current is not None:
        tables.add_deal(current[0], current[1], results)
    return tables


#: Bound of a stored count (a measure, a length, positions): far above any
#: real value, so that a damaged row cannot make a table of billions of rows.
_MAX_STORED_COUNT = 10**9


def well_formed(kind: str, data: dict[str, Any], game: str | None = None,
                limits_checked: bool = False) -> bool:
    """Whether a stored result has the shape :func:`analyse_deal` gives it
    (a damaged or hand-edited database may hold anything): with ``game``,
    a layout result holds exactly that game's measures.  ``limits_checked``:
    its limits were checked already (an atlas piece's few sets of limits,
    shared by its ten thousand results, are checked once)."""
    def count(value: Any, limit: int = _MAX_STORED_COUNT) -> bool:
        return type(value) is int and 0 <= value <= limit

    if kind == LAYOUT:
        return ((game is None or data.keys() == set(MEASURES.get(game, ())))
                and all(isinstance(name, str) and count(value, 10**6)
                        for name, value in data.items()))
    if kind == SOLVE:
        seconds = [data.get(name, 0.0) for name in ("cpu_seconds", "seconds")]
        return (data.get("outcome") in OUTCOMES and count(data.get("states", 0))
                and all(data.get(name) is None or count(data[name])
                        for name in ("length", "draws", "first_win_states"))
                and (data.get("score") is None or type(data["score"]) is int)
                and all(type(s) in (int, float) and 0 <= s < float("inf") for s in seconds)
                and data.get("stopped_by") in (None, "positions", "time")
                and (limits_checked or data.get("limits") is None
                     or stored_limits(data) is not None))
    return True
