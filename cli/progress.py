"""Progress on standard error: batch bars and a searching solver.

A batch bar moves per item (deal or record), with the total when it is
known, the rate and the time left (tqdm).  It is drawn only when standard
error is a terminal, unless ``--progress`` asks for it (a log file then
gets it too) or ``--no-progress``/``--quiet`` turn it off.  A long solve
shows the positions searched against its budget, and is erased when the
search ends so that the answer stands alone.
"""
from __future__ import annotations

import sys
from collections.abc import Iterable
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")
#: Seconds between redraws of a bar.
REDRAW = 0.1
#: A solve shows its progress only once it has searched this long.
SEARCH_DELAY = 0.5


def showing(show: bool | None, quiet: bool) -> bool:
    """Whether to draw progress: ``show`` as asked, else only on a terminal."""
    if quiet or show is False:
        return False
    return bool(show) or sys.stderr.isatty()


def progress(items: Iterable[T], total: int | None, unit: str, show: bool | None = None,
             quiet: bool = False) -> Iterable[T]:
    """``items``, with a bar on stderr that moves as each one comes:
    ``12/40 deals [00:03<00:07, 3.9 deals/s]``, or a count and rate
    without a total."""
    if not showing(show, quiet):
        return items
    from tqdm import tqdm
    return tqdm(items, total=total, unit=f" {unit}", file=sys.stderr, dynamic_ncols=True,
                mininterval=REDRAW, smoothing=0.1)


class SearchProgress:
    """A solver's progress callback: positions searched of ``budget``,
    drawn after :data:`SEARCH_DELAY` seconds, erased at the end.  Use as
    a context manager; call it with the positions searched so far."""

    def __init__(self, budget: int, show: bool | None = None, quiet: bool = False) -> None:
        self.budget = budget
        self.on = showing(show, quiet)
        self._bar: Any = None

    def __enter__(self) -> SearchProgress:
        if self.on:
            from tqdm import tqdm
            self._bar = tqdm(total=self.budget, unit=" positions", unit_scale=True,
                             desc="searching", file=sys.stderr, dynamic_ncols=True,
                             mininterval=REDRAW, delay=SEARCH_DELAY, leave=False)
        return self

    def __call__(self, states: int) -> None:
        if self._bar is not None:
            self._bar.update(min(states, self.budget) - self._bar.n)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.close()
