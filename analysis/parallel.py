"""Bounded parallel map, one result per item: in-process, local worker
processes, or Dask.

``parallel_map(func, items, jobs=..)`` yields ``func(item)`` for every item,
in input order or (``ordered=False``) as each one finishes, whatever runs
it.  Every result comes back on its own as soon as its item is done, never
held until a batch of items is done: a progress bar moves per item, and a
run stopped part-way has every finished item in hand (only the items in
flight are lost).  Items go to local workers in chunks (one message for
several items, so that fast items are cheap) that the idle workers pull;
at most a few chunks per worker are in flight at any time, so a generator
of millions of items is read only as fast as results are consumed and
memory stays flat.  On Dask every item is a task of its own.  ``func`` must
be a picklable, module-level function; it runs once per item inside the
worker.
"""
from __future__ import annotations

import contextlib
import logging
import os
import pickle
import signal
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from itertools import chain, islice
from typing import Any, TypeVar

from harp.errors import HarpError, clip

T = TypeVar("T")
R = TypeVar("R")

LOCAL, DASK = "local", "dask"
EXECUTORS = (LOCAL, DASK)
DEFAULT_CHUNK = 256
CHUNKS_IN_FLIGHT_PER_WORKER = 4
#: Seconds between looks at the workers while waiting for a result: a
#: worker that died (killed, out of memory) is an error, not a hang.
WORKER_CHECK = 1.0
#: Seconds between a worker's looks at its parent: a worker whose parent
#: was killed (SIGKILL, out of memory) stops, instead of waiting forever
#: on queues nobody feeds or reads.
PARENT_CHECK = 0.5
#: Seconds a run waits for the Dask scheduler's first worker before it
#: refuses: a scheduler with no worker would otherwise hold the run
#: forever, saying nothing (a wall-clock wait, not a solver budget: it
#: decides whether a run starts, never what it finds).
WORKER_WAIT = 60.0


class ExecutorError(HarpError):
    """An executor that cannot run: unknown, Dask without a scheduler or not
    installed, a Dask scheduler that cannot be reached or was lost, or a
    worker process that died."""


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def parallel_map(func: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
                 chunk_size: int = DEFAULT_CHUNK, executor: str = LOCAL,
                 scheduler: str | None = None, ordered: bool = True) -> Iterator[R]:
    """``func`` over ``items``: in this process (``jobs`` 1), on ``jobs``
    worker processes, or on the Dask cluster at ``scheduler``; in input
    order, or with ``ordered=False`` in the order the items finish."""
    if executor == DASK:
        results = _dask_map(func, items, chunk_size, scheduler, ordered)
    elif executor != LOCAL:
        raise ExecutorError(f"unknown executor {clip(executor)!r} "
                            f"(expected {' or '.join(EXECUTORS)})")
    elif jobs <= 1:
        yield from map(func, items)
        return
    else:
        results = _local_map(func, items, jobs, chunk_size, ordered)
    yield from (in_order(results) if ordered else (result for _, result in results))


def ordered_map(func: Callable[[T], R], items: Iterable[T], **options: Any) -> Iterator[R]:
    """:func:`parallel_map` in input order."""
    return parallel_map(func, items, ordered=True, **options)


#: What the executors yield: (the item's index in the input, its result).
Indexed = tuple[int, Any]


def in_order(results: Iterator[Indexed]) -> Iterator[Any]:
    """Indexed results, as they finish, put back in input order."""
    waiting: dict[int, Any] = {}
    following = 0
    for index, result in results:
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _window(results: Iterator[Indexed], submit: Callable[[list[tuple[int, T]]], None],
            chunks: Iterator[list[tuple[int, T]]], limit: int, ordered: bool
            ) -> Iterator[Indexed]:
    """Submit chunks while fewer than ``limit`` items are in flight, and
    yield each result as it comes.  In order, the items in flight include
    the finished ones waiting for a slower one before them (so ordering
    costs no more memory); out of order, a finished item leaves at once."""
    in_flight = 0
    oldest: deque[int] = deque()        # ordered: submitted items, oldest first
    done: set[int] = set()

    def take() -> Iterator[Indexed]:
        nonlocal in_flight
        index, result = next(results)
        yield index, result
        if not ordered:
            in_flight -= 1
            return
        done.add(index)
        while oldest and oldest[0] in done:
            done.discard(oldest.popleft())
            in_flight -= 1

    for chunk in chunks:
        submit(chunk)
        in_flight += len(chunk)
        if ordered:
            oldest.extend(index for index, _ in chunk)
        while in_flight >= limit:
            yield from take()
    while in_flight:
        yield from take()


# ------------------------------------------------------------------ local worker processes

def _leave_stops_to_parent() -> None:
    """Workers leave Ctrl-C to the parent, which stops them cleanly; and
    the parent's SIGTERM or SIGHUP (``terminate``, when a run ends before
    its workers are told to stop: a consumer that takes no more results)
    ends a worker at once and quietly.  A forked worker inherits the
    handlers of the parent's batch command, which raise
    ``KeyboardInterrupt``: each worker then printed a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


class _Failure:
    """An exception raised by ``func`` in a worker, carried to the parent."""

    def __init__(self, error: BaseException) -> None:
        try:
            pickle.dumps(error)
            self.error: BaseException = error
        except Exception:
            self.error = RuntimeError(f"{type(error).__name__}: {error}")


def _worker(func: Callable[[T], R], tasks: Any, results: Any, parent: int) -> None:
    """Run chunks from ``tasks`` until told to stop (None); send each
    item's result on its own as soon as it is computed."""
    _leave_stops_to_parent()
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    while (chunk := tasks.get()) is not None:
        for index, item in chunk:
            try:
                results.put((index, func(item)))
            except Exception as err:            # the parent raises it
                results.put((index, _Failure(err)))


def _exit_with_parent(parent: int) -> None:
    """Stop this worker once its parent process is gone: it then has a
    new parent (init), and its queues' other ends are held only by other
    orphaned workers, so a put or get would block for ever."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)


def start_workers(count_: int, func: Callable[[T], R]) -> tuple[list[Any], Any, Any]:
    """``count_`` worker processes running ``func``, with their task and result queues."""
    import multiprocessing
    context = multiprocessing.get_context()
    tasks, results = context.Queue(), context.SimpleQueue()
    workers = [context.Process(target=_worker, args=(func, tasks, results, os.getpid()),
                               daemon=True)
               for _ in range(count_)]
    for process in workers:
        process.start()
    return workers, tasks, results


def _local_map(func: Callable[[T], R], items: Iterable[T], jobs: int,
               chunk_size: int, ordered: bool) -> Iterator[Indexed]:
    """At most ``jobs`` worker processes, and no more than there are
    chunks of work: the first ``jobs`` chunks are read before any starts;
    one chunk or none is run here, with no process worth starting."""
    chunks = chunked(enumerate(items), chunk_size)
    first = list(islice(chunks, jobs))
    if len(first) <= 1:
        for index, item in chain.from_iterable(chain(first, chunks)):
            yield index, func(item)
        return
    workers, tasks, results = start_workers(len(first), func)
    try:
        def received() -> Iterator[Indexed]:
            while True:
                index, result = _receive(results, workers)
                if isinstance(result, _Failure):
                    raise result.error
                yield index, result
        yield from _window(received(), tasks.put, chain(first, chunks),
                           len(workers) * CHUNKS_IN_FLIGHT_PER_WORKER * chunk_size, ordered)
        for _ in workers:
            tasks.put(None)
        for process in workers:
            process.join()
    finally:
        for process in workers:
            if process.is_alive():
                process.terminate()
            process.join()
        tasks.cancel_join_thread()
        tasks.close()
        results.close()


def _receive(results: Any, workers: list[Any]) -> Indexed:
    """The next result from any worker; an error if a worker died."""
    while not results._reader.poll(WORKER_CHECK):
        dead = [p.exitcode for p in workers if p.exitcode is not None]
        if dead:
            raise ExecutorError(f"a worker process stopped (exit code {dead[0]}); "
                                "the finished results are kept")
    return results.get()


# ------------------------------------------------------------------ Dask

def require_dask() -> None:
    """ExecutorError unless Dask's ``distributed`` can be imported: said
    before a run starts, never after its first piece of work."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ExecutorError("the dask executor needs Dask: pip install 'harp-patience[dask]'") from None


def _dask_map(func: Callable[[T], R], items: Iterable[T], chunk_size: int,
              scheduler: str | None, ordered: bool) -> Iterator[Indexed]:
    """Every item a Dask task of its own; results as the tasks finish."""
    if not scheduler:
        raise ExecutorError("the dask executor needs a scheduler address (--scheduler)")
    require_dask()
    from distributed import Client, as_completed
    with _dask_quiet():
        yield from _dask_run(Client, as_completed, func, items, chunk_size, scheduler, ordered)


@contextlib.contextmanager
def _dask_quiet() -> Iterator[None]:
    """distributed's own log quiet while harp runs on it: a scheduler lost
    is said once, as harp's error, not as the tracebacks distributed logs
    while it tries to reconnect."""
    names = ["distributed", *(name for name in logging.root.manager.loggerDict
                              if name.startswith("distributed."))]
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _dask_run(Client: Any, as_completed: Any, func: Callable[[T], R], items: Iterable[T],
              chunk_size: int, scheduler: str, ordered: bool) -> Iterator[Indexed]:
    try:
        client = Client(scheduler)
    except (ValueError, OSError) as err:     # a bad address; no scheduler there (timed out)
        raise ExecutorError(f"cannot connect to the Dask scheduler at {clip(scheduler)!r}: "
                            f"{err}") from None
    try:
        if not client.nthreads():
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except TimeoutError:
                raise ExecutorError(f"the Dask scheduler at {clip(scheduler)!r} has no worker "
                                    f"(none joined within {WORKER_WAIT:g} s): start one with "
                                    f"dask worker {clip(scheduler)}") from None
        workers = max(1, sum(client.nthreads().values()))
        finished = as_completed()
        index_of: dict[Any, int] = {}
        run = uuid.uuid4().hex

        def submit(chunk: list[tuple[int, T]]) -> None:
            indices = [index for index, _ in chunk]
            futures = client.map(func, [item for _, item in chunk], pure=False,
                                 key=[f"harp-{run}-{i}" for i in indices])
            for index, future in zip(indices, futures):
                index_of[future.key] = index
                finished.add(future)

        def received() -> Iterator[Indexed]:
            for future in finished:
                try:
                    result = future.result()
                except (CancelledError, OSError) as err:
                    if future.status == "error":    # raised by ``func`` itself: its own error
                        raise
                    raise _scheduler_lost(scheduler, err) from None
                yield index_of.pop(future.key), result
        yield from _window(received(), submit, chunked(enumerate(items), chunk_size),
                           workers * CHUNKS_IN_FLIGHT_PER_WORKER * chunk_size, ordered)
    finally:
        with contextlib.suppress(Exception):    # a lost scheduler must not hide the error
            client.close()


def _scheduler_lost(scheduler: str, err: BaseException) -> ExecutorError:
    """A task cancelled or a connection closed under it: the scheduler (or
    the connection to it) is gone, and with it every task in flight."""
    lines = str(err).strip().splitlines()
    why = getattr(err, "reason", None) or (lines[-1] if lines else type(err).__name__)
    return ExecutorError(f"lost the Dask scheduler at {clip(scheduler)!r}"
                         f"{f' ({clip(why)})' if why else ''}; the finished results are kept")

