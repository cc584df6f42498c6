"""Ordered, bounded parallel map: in-process, a local process pool, or Dask.

``ordered_map(func, items, jobs=..)`` yields ``func(item)`` for every item,
in input order, whatever runs it.  Items are cut into chunks; at most a few
chunks per worker are in flight at any time, so a generator of millions of
items is read only as fast as results are consumed and memory stays flat
(``multiprocessing.Pool.imap`` would drain the generator into its task
queue and pile up results).  ``func`` must be a picklable, module-level
function; it runs once per item inside the worker.
"""
from __future__ import annotations

import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import Any, TypeVar

from harp.errors import HarpError, clip

T = TypeVar("T")
R = TypeVar("R")

LOCAL, DASK = "local", "dask"
EXECUTORS = (LOCAL, DASK)
DEFAULT_CHUNK = 256
CHUNKS_IN_FLIGHT_PER_WORKER = 4


class ExecutorError(HarpError):
    """An executor that cannot run: unknown, or Dask without a scheduler or not installed."""


def map_chunk(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    """Run ``func`` over one chunk (this is what a worker executes)."""
    return [func(item) for item in chunk]


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def ordered_map(func: Callable[[T], R], items: Iterable[T], *, jobs: int = 1,
                chunk_size: int = DEFAULT_CHUNK, executor: str = LOCAL,
                scheduler: str | None = None) -> Iterator[R]:
    """``func`` over ``items`` in input order: in this process (``jobs`` 1),
    a pool of ``jobs`` processes, or the Dask cluster at ``scheduler``."""
    if executor == DASK:
        yield from _dask_map(func, items, chunk_size, scheduler)
    elif executor != LOCAL:
        raise ExecutorError(f"unknown executor {clip(executor)!r} "
                            f"(expected {' or '.join(EXECUTORS)})")
    elif jobs <= 1:
        yield from map(func, items)
    else:
        yield from _pool_map(func, items, jobs, chunk_size)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_map(func: Callable[[T], R], items: Iterable[T], jobs: int,
              chunk_size: int) -> Iterator[R]:
    """A pool of at most ``jobs`` processes, and no more than there are
    chunks of work: the first ``jobs`` chunks are read before it starts."""
    import multiprocessing

    chunks = chunked(items, chunk_size)
    first = list(islice(chunks, jobs))
    workers = min(jobs, len(first))
    if workers <= 1:                # one chunk or none: no pool is worth starting
        for chunk in first:
            yield from map_chunk(func, chunk)
        yield from map(func, chain.from_iterable(chunks))
        return
    pool = multiprocessing.Pool(workers, initializer=_ignore_sigint)
    try:
        def submit(chunk: list[T]) -> Any:
            return pool.apply_async(map_chunk, (func, chunk))
        yield from _drain_in_order(submit, lambda pending: pending.get(),
                                   chain(first, chunks), workers)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _dask_map(func: Callable[[T], R], items: Iterable[T], chunk_size: int,
              scheduler: str | None) -> Iterator[R]:
    if not scheduler:
        raise ExecutorError("the dask executor needs a scheduler address (--scheduler)")
    try:
        from distributed import Client
    except ImportError:
        raise ExecutorError("the dask executor needs Dask: pip install 'harp-patience[dask]'") from None
    client = Client(scheduler)
    try:
        workers = max(1, sum(client.nthreads().values()))

        def submit(chunk: list[T]) -> Any:
            return client.submit(map_chunk, func, chunk, pure=False)
        yield from _drain_in_order(submit, lambda future: future.result(),
                                   chunked(items, chunk_size), workers)
    finally:
        client.close()


def _drain_in_order(submit: Callable[[list[T]], Any], result: Callable[[Any], list[R]],
                    chunks: Iterator[list[T]], workers: int) -> Iterator[R]:
    """Keep up to ``CHUNKS_IN_FLIGHT_PER_WORKER`` chunks per worker
    submitted; yield the oldest chunk's results first."""
    limit = max(2, workers * CHUNKS_IN_FLIGHT_PER_WORKER)
    pending: deque[Any] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= limit:
            yield from result(pending.popleft())
    while pending:
        yield from result(pending.popleft())
