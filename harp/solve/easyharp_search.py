"""Depth-first search with a transposition table, for Easy Harp (RULES A1).

One search serves both the sound search (every move of the normal form,
:func:`harp.solve.easyharp_moves.complete_steps`, after :func:`play_aces`)
and the fast one (:func:`quick_steps` after :func:`play_safe`): the
generator and the closure are parameters.  A position is expanded once:
its key (:func:`harp.solve.easyharp_model.key`) goes into a table, and a
position whose key is in the table is not searched again.  The table holds
at most ``max_states`` keys (about 200 bytes each: the default limits stay
well under 1 GB).

``unsolvable`` is answered only when the table's positions are all
expanded; with the sound generator that is a proof (the reductions are
proved next to their code), with the fast one it proves nothing and the
caller does not use it.
"""
from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from typing import NamedTuple

from .easyharp_model import Move, Position, apply, key, tableau_empty
from .result import SOLVED, UNKNOWN, UNSOLVABLE

#: Every this many children tried the clock is read.
CLOCK_EVERY = 1024


class SearchOutcome(NamedTuple):
    outcome: str
    line: list[Move]
    states: int


def depth_first(root: Position, steps: Callable[[Position], list],
                close: Callable[[Position, list[Move]], Position], max_states: int,
                deadline: float) -> SearchOutcome:
    """Search from ``root`` (already closed) for a position with an empty
    tableau.  ``steps(pos)`` lists (priority, moves) best first;
    ``close(pos, line)`` plays the forced moves, appending them to line.
    The line returned leads from ``root`` to the win's empty tableau."""
    if tableau_empty(root):
        return SearchOutcome(SOLVED, [], 1)
    seen = {key(root)}
    count = 1
    path: list[list[Move]] = []
    stack: list[list] = [[root, steps(root), 0]]
    clock = time.perf_counter
    tried = 0
    while stack:
        tried += 1
        if tried % CLOCK_EVERY == 0 and clock() > deadline:
            return SearchOutcome(UNKNOWN, [], count)
        frame = stack[-1]
        pos, options, index = frame
        if index == len(options):
            stack.pop()
            if path:
                path.pop()
            continue
        frame[2] = index + 1
        segment = list(options[index][1])
        child = pos
        for move in segment:
            child = apply(child, move)
        child = close(child, segment)
        k = key(child)
        if k in seen:
            continue
        seen.add(k)
        count += 1
        if tableau_empty(child):
            return SearchOutcome(SOLVED, [m for seg in path for m in seg] + segment, count)
        if count >= max_states:
            return SearchOutcome(UNKNOWN, [], count)
        path.append(segment)
        stack.append([child, steps(child), 0])
    return SearchOutcome(UNSOLVABLE, [], count)


class BestFirst:
    """Greedy best-first search by ``score`` (lower first; ties: the
    newest position), with the same kind of table as :func:`depth_first`,
    run in slices: :meth:`advance` goes on where the last slice stopped.
    Only the fast search uses it, to find wins that depth-first order
    misses."""

    def __init__(self, root: Position, steps: Callable[[Position], list],
                 close: Callable[[Position, list[Move]], Position],
                 score: Callable[[Position], int]) -> None:
        self.steps, self.close, self.score = steps, close, score
        self.seen = {key(root)}
        # Per position: its parent's index and the moves leading to it.
        self.parents: list[tuple[int, list[Move]]] = [(-1, [])]
        self.heap = [(score(root), 0, root)]
        self.won = [] if tableau_empty(root) else None

    def advance(self, max_states: int, deadline: float) -> SearchOutcome:
        """Search until a win, ``max_states`` more positions or the deadline."""
        if self.won is not None:
            return SearchOutcome(SOLVED, self.won, 0)
        parents, seen, heap = self.parents, self.seen, self.heap
        first = len(parents)
        clock = time.perf_counter
        while heap:
            _, node, pos = heapq.heappop(heap)
            node = -node
            for _, moves in self.steps(pos):
                segment = list(moves)
                child = pos
                for move in moves:
                    child = apply(child, move)
                child = self.close(child, segment)
                k = key(child)
                if k in seen:
                    continue
                seen.add(k)
                parents.append((node, segment))
                if tableau_empty(child):
                    self.won = _path(parents, len(parents) - 1)
                    return SearchOutcome(SOLVED, self.won, len(parents) - first)
                heapq.heappush(heap, (self.score(child), 1 - len(parents), child))
            if len(parents) - first >= max_states or clock() > deadline:
                return SearchOutcome(UNKNOWN, [], len(parents) - first)
        return SearchOutcome(UNSOLVABLE, [], len(parents) - first)


def _path(parents: list[tuple[int, list[Move]]], node: int) -> list[Move]:
    segments = []
    while node >= 0:
        node, segment = parents[node]
        segments.append(segment)
    return [move for segment in reversed(segments) for move in segment]


def dig_score(pos: Position) -> int:
    """Best-first order (lower first): face-down cards, then the face-up
    cards that sit on them, then the cards on the tableau, less half the
    cards on the foundations."""
    down = blocking = cards = 0
    for col in pos.columns:
        d = col[0]
        n = len(col) - 1
        down += d
        cards += n
        if d:
            blocking += n - d
    return 64 * down + 8 * blocking + cards - sum(pos.slots) // 2
