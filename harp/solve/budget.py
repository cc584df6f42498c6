"""The work a search may still do: :class:`Budget`.

A budget counts work in machine-independent units (positions made, or
moves replayed while a line is shortened), so the same position under the
same limits gets the same answer, the same count and the same line on any
machine under any load.  A wall-clock deadline may ride along as an outer
safety net only: a search that stops on it says so (:attr:`stopped_by`
``"time"``), because its answer is then the machine's, not the limits'.
"""
from __future__ import annotations

import time
from collections.abc import Callable

#: A search's progress callback: told the positions searched so far, now
#: and then (a display; it must not raise).
Progress = Callable[[int], None]

#: What stopped a search: its count of work, or the safety net's clock.
POSITIONS, TIME = "positions", "time"


class Budget:
    """``limit`` units of work and an optional deadline (``time.perf_counter``
    seconds).  :meth:`part` hands a search a share of what is left; what a
    part spends is spent by every budget above it too, and a deadline
    passed anywhere is remembered at the top (:attr:`stopped_by`).
    ``progress``, if given, is told the units used at the top as they are
    spent (:meth:`tell`)."""

    __slots__ = ("limit", "used", "deadline", "_parent", "_late", "_progress")

    def __init__(self, limit: int, timeout: float | None = None,
                 progress: Progress | None = None) -> None:
        self.limit = max(0, limit)
        self.used = 0
        self.deadline = None if timeout is None else time.perf_counter() + timeout
        self._parent: Budget | None = None
        self._late = False
        self._progress = progress

    @property
    def left(self) -> int:
        return max(0, self.limit - self.used)

    @property
    def spent(self) -> bool:
        """Whether every unit is used."""
        return self.used >= self.limit

    def part(self, limit: int) -> Budget:
        """A share of at most ``limit`` units of what is left, with the same deadline."""
        share = Budget(min(limit, self.left))
        share.deadline, share._parent = self.deadline, self
        return share

    def beside(self, limit: int, shown: bool = False) -> Budget:
        """A budget of its own (other work, counted apart) with the same
        deadline; ``shown``: its units count on in this one's progress
        (more positions after these), else they are not shown."""
        other = Budget(limit)
        other.deadline = self.deadline
        progress, used = self._top()._progress, self._top().used
        if shown and progress is not None:
            other._progress = lambda units: progress(used + units)
        return other

    def spend(self, units: int) -> None:
        budget: Budget | None = self
        while budget is not None:
            budget.used += units
            budget = budget._parent
        self.tell()

    def tell(self, pending: int = 0) -> None:
        """Tell the progress callback the units used at the top, and
        ``pending`` more that a search has made and not spent yet."""
        top = self._top()
        if top._progress is not None:
            top._progress(top.used + pending)

    def _top(self) -> Budget:
        budget = self
        while budget._parent is not None:
            budget = budget._parent
        return budget

    def late(self) -> bool:
        """Whether the safety net's deadline has passed (then it stays passed)."""
        if self.deadline is None or time.perf_counter() <= self.deadline:
            return False
        budget: Budget | None = self
        while budget is not None:
            budget._late = True
            budget = budget._parent
        return True

    @property
    def stopped_by(self) -> str | None:
        """``"time"`` once the deadline has cut the work, else ``"positions"``
        when every unit is used, else None."""
        if self._late:
            return TIME
        return POSITIONS if self.spent else None
