"""The fast search's depth-first runs, best-first searches and beams:
compiled when built.

``_core.c`` is a C twin of the pipeline that makes a child in the pure
modules (:class:`~harp.solve.easyharp.search.Children` with
:func:`~harp.solve.easyharp.moves_fast.wide_steps` and
:func:`~harp.solve.easyharp.moves_fast.play_safe_after`, the scores,
:class:`~harp.solve.easyharp.search.Novelty`, the heap and the tree):
it makes the same positions in the same order, so a search gives the
same outcome, count and line either way (tests/test_solve_eh_core.py
checks it child by child and search by search).  Its positions cost
about a twentieth of the pure ones' (benchmarks/NOTES.md).

:func:`best_first`, :func:`beam` and :func:`fast_depth_first` are what
the solver calls: the compiled search when the module is built and
current and the search is one it knows (the standard children, a score
of :data:`SCORES`, with or without novelty), else the pure one.  A
``pip install`` builds the module when a C compiler and Python's headers
are there and goes on without it when not (setup.py); ``HARP_PURE=1`` in
the environment makes a process use the pure searches (the benchmarks'
side-by-side runs).  A module built from another ``_core.c`` than the one
beside it (an editable install whose source changed since) is not used:
:data:`STATE` says why.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from harp.cards import is_red

from . import moves_fast, search
from .model import FITS, PARENTS, SLOT_BASE, SLOT_SUIT, Position
from .packed import pack, unpack_moves
from .search import BestFirst, Children, Novelty, SearchOutcome, spent
from ..budget import Budget
from ..result import SOLVED, UNKNOWN, UNSOLVABLE

#: The scores the compiled searches know, by their number there.
SCORES: dict[Callable[[Position], int], int] = {
    search.score_by_low_cards: 0, search.score_by_foundations: 1, search.score_by_depth: 2,
    search.score_by_needs: 3}


def current(built_from: str, source: Path) -> bool:
    """Whether a module built from the source whose SHA-256 is
    ``built_from`` is the one ``source`` makes (true when there is no
    source: an installed wheel ships the module only)."""
    if not source.is_file():
        return True
    return hashlib.sha256(source.read_bytes()).hexdigest() == built_from


def _load():
    """The compiled module, set up, or None; and a word on why."""
    if os.environ.get("HARP_PURE") == "1":
        return None, "pure (HARP_PURE=1)"
    try:
        from . import _core
    except ImportError:
        return None, "pure (the compiled module is not built)"
    if not current(_core.SOURCE, Path(__file__).with_name("_core.c")):
        return None, "pure (the compiled module is stale: built from another _core.c)"
    _core.setup(FITS, PARENTS, SLOT_BASE, SLOT_SUIT, bytes(map(is_red, range(52))),
                moves_fast.BURY, moves_fast.LAST_RESORT, moves_fast.MAX_CHAIN,
                search.NEED_WEIGHT, search.NEED_RANKS, search.STALL)
    return _core, "compiled"


_core, STATE = _load()


def compiled() -> bool:
    """Whether the fast searches run compiled in this process."""
    return _core is not None


def _order(score) -> tuple[int, bool] | None:
    """A score's number in the compiled module and whether it ranks by
    novelty; None when the module has no twin of it."""
    novelty = isinstance(score, Novelty)
    if novelty and score.seen:              # (a novelty order that has noted atoms already)
        return None
    kind = SCORES.get(score.score if novelty else score)
    return None if kind is None else (kind, novelty)


def _standard(children: Children) -> bool:
    return children.steps is moves_fast.wide_steps and children.close is moves_fast.play_safe_after


def _late(budget: Budget):
    """What the compiled search calls for the safety net: nothing when
    the budget has no deadline."""
    return None if budget.deadline is None else budget.late


def _outcome(budget: Budget, found: tuple) -> SearchOutcome:
    code, line, count = found
    if code == _core.SOLVED:
        return spent(budget, SOLVED, unpack_moves(line), count)
    return spent(budget, UNSOLVABLE if code == _core.UNSOLVABLE else UNKNOWN, [], count)


class CompiledBestFirst:
    """:class:`~harp.solve.easyharp.search.BestFirst`'s interface over
    the compiled search; ``score`` is the order it was given."""

    def __init__(self, core, score) -> None:
        self.core, self.score = core, score

    @property
    def full(self) -> bool:
        return self.core.full

    @property
    def cap(self) -> int:
        return self.core.cap

    @cap.setter
    def cap(self, value: int) -> None:
        self.core.cap = value

    def release(self) -> None:
        self.core.release()

    def reordered(self, score, cap: int) -> CompiledBestFirst:
        order = _order(score)
        if order is None:
            raise TypeError(f"the compiled search has no twin of the order {score!r}")
        return CompiledBestFirst(self.core.reordered(*order, cap), score)

    def run(self, budget: Budget) -> SearchOutcome:
        return _outcome(budget, self.core.run(budget.limit, _late(budget)))


def best_first(root: Position, children: Children, score, cap: int
               ) -> BestFirst | CompiledBestFirst:
    """A best-first search (:class:`~harp.solve.easyharp.search.BestFirst`'s
    arguments), compiled when it can be."""
    order = _order(score) if _core is not None and _standard(children) else None
    if order is not None:
        try:
            return CompiledBestFirst(_core.BestFirst(pack(root), *order, cap), score)
        except ValueError:                  # (a column longer than the C tables hold)
            pass
    return BestFirst(root, children, score, cap)


def beam(root: Position, width: int, children: Children, score: Callable[[Position], int],
         budget: Budget, per_parent: int = 0) -> SearchOutcome:
    """:func:`~harp.solve.easyharp.search.beam`, compiled when it can be."""
    kind = SCORES.get(score) if _core is not None and _standard(children) else None
    if kind is not None:
        try:
            found = _core.beam(pack(root), width, kind, per_parent, budget.limit, _late(budget))
        except ValueError:
            pass
        else:
            return _outcome(budget, found)
    return search.beam(root, width, children, score, budget, per_parent)


def fast_depth_first(root: Position, jitter: list[float] | None, budget: Budget) -> SearchOutcome:
    """:func:`~harp.solve.easyharp.search.depth_first` with the fast
    search's moves (:func:`~harp.solve.easyharp.moves_fast.quick_steps`,
    or its order ``jittered``) and closure, compiled when it can be.  The
    compiled search's table never forgets (:data:`~harp.solve.easyharp.search.TABLE_CAP`):
    it takes budgets up to that many positions, which is every fast run's
    (a restart makes at most a million)."""
    if _core is not None and budget.limit <= search.TABLE_CAP:
        try:
            found = _core.depth_first(pack(root), jitter, budget.limit, search.CLOCK_EVERY,
                                      budget.late, budget.tell)
        except ValueError:
            pass
        else:
            return _outcome(budget, found)
    steps = moves_fast.quick_steps if jitter is None else moves_fast.jittered(jitter)
    return search.depth_first(root, steps, moves_fast.play_safe_after, budget)


__all__ = ["STATE", "CompiledBestFirst", "beam", "best_first", "compiled", "current",
           "fast_depth_first"]
