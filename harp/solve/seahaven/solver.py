"""Seahaven Towers solver: decide a position exactly under RULES A2.

The search is a depth-first graph search over canonical positions (the
columns and the cells as unordered multisets, :mod:`.seahaven_position`).
The verdict ``unsolvable`` is only given when every position reachable
under the searched moves was visited, or when a dead-end test proves the
start lost.  Every move left out is left out by a named pruning rule,
proved next to its code:

* :mod:`.seahaven_position`: SYMMETRY (canonical positions), FORCED-HOME
  (cards to their foundations at once), UNPARK-AT-ONCE and WHOLE-RUN-PARKS
  (cell cards onto their successors at once; only whole top runs go into
  cells);
* :mod:`.seahaven_moves`: NO-TAKE-BACKS, WHOLE-RUNS, LAZY-PARK, LAZY-STEP;
* :mod:`.seahaven_deadends`: DEAD-END and DEAD-END-ONE-CELL, applied to
  the starting position only.

Search.  Depth first, iterative (no recursion limit), with a visited set
of canonical keys; moves are tried best first (``moves_to_search``): kings
from cells into empty columns, runs onto their successors (those that
empty a column first), then parking, digging first into columns that hold
the lowest ranks.  The columns are numbered in key order at the start (and
the moves renumbered back at the end): a column keeps its bottom card, and
bottom cards differ, so until a column empties the columns stay sorted and
the key needs no sort.  A winning line is then shortened by jumping, from
each position on it, to the furthest later position one move reaches
(``_shortcut``).  ``max_states`` (positions, the same count on every
machine) and ``timeout`` (a wall-clock safety net) turn the answer into
``unknown``.

The emitted script contains every move explicitly (foundation moves too) in
canonical notation (RULES B7): ``3>a``, ``a>10``, ``4>7``, ``9>f``.
"""
from __future__ import annotations

from typing import Any

from harp.cards import make_card
from harp.notation import CELL_NAMES
from harp.seahaven import N_COLUMNS, SLOT_OF_SUIT

from ..budget import POSITIONS, Budget, Progress
from ..result import DEFAULT_LIMITS, SolveLimits, SolveResult
from .deadends import lost
from .moves import SearchMove, apply_move, moves_to_search
from .position import (CELL, COMPLETE, FOUND, SEP, MoveRecord, close_root,
                     position_key)


#: A position on a winning line: (columns, cells, need).
Position = tuple[tuple[bytes, ...], bytes, list[int]]


def _shortcut(path: list[Position], recs: list[list[MoveRecord]], ncells: int
              ) -> list[MoveRecord]:
    """Shorten a winning line found by depth-first search: from each position
    on it, jump to the furthest later position that one searched move
    reaches (the depth-first line often wanders before it comes back).
    ``recs[i]`` leads from ``path[i - 1]`` to ``path[i]``; ``recs[0]`` holds
    the forced moves of the start."""
    where = {position_key(cols, cells): i for i, (cols, cells, _) in enumerate(path)}
    last = len(path) - 1
    out = list(recs[0])
    i = 0
    while i < last:
        best, best_rec = i + 1, recs[i + 1]
        cols, cells, need = path[i]
        for move in moves_to_search(cols, cells, ncells, need, False):
            ncols, ncells_b, _, rec = apply_move(cols, cells, need, move)
            j = where.get(position_key(ncols, ncells_b), -1)
            if j < best or ncols != path[j][0]:
                continue      # not further, or the same position with columns swapped
            if j > best or len(rec) < len(best_rec):
                best, best_rec = j, rec
        out += best_rec
        i = best
    return out


def search(columns: list[list[int]] | tuple, cells: list[int | None] | tuple,
           foundations_need: list[int], ncells: int,
           limits: SolveLimits = DEFAULT_LIMITS, dead_ends: bool = True, one_cell: bool = True,
           lazy: bool = True, budget: Budget | None = None
           ) -> tuple[str, list[MoveRecord], int]:
    """Decide a position within ``budget`` (by default one of ``limits``).  ``foundations_need[s]`` is the next card suit ``s``
    needs (``COMPLETE + s`` once complete, ``foundation_needs``).  Returns
    (outcome, records, states) where outcome is ``solved``, ``unsolvable``
    or ``unknown`` and records are the ``MoveRecord`` of the winning line.
    ``dead_ends=False`` turns the dead-end tests off, ``one_cell=False``
    only DEAD-END-ONE-CELL, ``lazy=False`` LAZY-PARK and LAZY-STEP (for
    the tests)."""
    if budget is None:
        budget = Budget(limits.max_states, limits.timeout)
    # The search numbers the columns in key order (see _dfs); `order` maps back.
    as_bytes = [bytes(col) for col in columns]
    order = sorted(range(len(columns)), key=as_bytes.__getitem__)
    cols_l = [as_bytes[i] for i in order]
    cell_b = bytes(sorted(c for c in cells if c is not None))
    need = list(foundations_need)
    root_rec: list[MoveRecord] = []
    cell_b = close_root(cols_l, cell_b, need, root_rec)
    cols = tuple(cols_l)
    if min(need) >= COMPLETE:
        outcome, records, states = "solved", root_rec, 1
    elif dead_ends and lost(cols, cell_b, need, ncells, one_cell):
        outcome, records, states = "unsolvable", [], 1
    else:
        outcome, records, states = _dfs(cols, cell_b, need, root_rec, ncells, budget, lazy)
    return outcome, [(order[s] if s < N_COLUMNS else s, order[d] if d < N_COLUMNS else d, card)
                     for s, d, card in records], states


def _dfs(cols: tuple[bytes, ...], cell_b: bytes, need: list[int], root_rec: list[MoveRecord],
         ncells: int, budget: Budget, lazy: bool = True) -> tuple[str, list[MoveRecord], int]:
    """The depth-first search of ``search`` from a closed position.

    The key of a position is its columns sorted, then its cells.  The root's
    columns come sorted, and a column keeps its bottom card (which orders it:
    bottom cards differ) until it empties; so while no column has ever been
    empty on the way from the root, the columns are still sorted and the
    key needs no sort (the frame's last item says so)."""
    visited = {position_key(cols, cell_b)}
    apply, moves_of, join, sep = apply_move, moves_to_search, SEP.join, SEP
    todo = moves_of(cols, cell_b, ncells, need, lazy)
    todo.reverse()
    here = root_rec                  # the forced moves that led to this position
    in_order = b"" not in cols
    # the positions above this one: (cols, cells, need, moves left, record, in order)
    stack: list[tuple[tuple[bytes, ...], bytes, list[int], list[SearchMove],
                      list[MoveRecord], bool]] = []
    states = 1
    max_states = budget.limit
    # At most max_states positions are expanded: the search stops when it
    # makes one more, uncounted and unexpanded, so a win or a proof that
    # needs exactly max_states positions is found.
    check_at = min(max_states + 1, 1024)
    while True:
        if not todo:
            if not stack:
                budget.spend(states)
                return "unsolvable", [], states
            cols, cell_b, need, todo, here, in_order = stack.pop()
            continue
        ncols, ncell_b, nneed, rec = apply(cols, cell_b, need, todo.pop())
        if nneed is not need and min(nneed) >= COMPLETE:     # only forced moves change need
            path = [fr[:3] for fr in stack] + [(cols, cell_b, need), (ncols, ncell_b, nneed)]
            recs = [fr[4] for fr in stack] + [here, rec]
            budget.spend(states)
            return "solved", _shortcut(path, recs, ncells), states
        n_in_order = in_order and b"" not in ncols
        key = join(ncols if n_in_order else sorted(ncols)) + sep + ncell_b   # position_key, inlined
        if key in visited:
            continue
        visited.add(key)
        states += 1
        if states >= check_at:
            if states > max_states or budget.late():
                if states > max_states:
                    states -= 1             # the one made last, unexpanded, is not counted
                budget.spend(states)
                return "unknown", [], states
            budget.tell(states)
            check_at = min(max_states + 1, states + 1024)
        next_todo = moves_of(ncols, ncell_b, ncells, nneed, lazy)
        if next_todo:                # else nothing to search from there
            next_todo.reverse()
            stack.append((cols, cell_b, need, todo, here, in_order))
            cols, cell_b, need, todo, here, in_order = ncols, ncell_b, nneed, next_todo, rec, n_in_order


# ---------------------------------------------------------------- the board interface

def script_of(columns: list[list[int]], cells: list[int | None],
              records: list[MoveRecord]) -> list[str]:
    """The script (canonical tokens, RULES B7) of move records, replayed
    on the real layout so that cells get their letters (a card goes to the
    first free cell, RULES B5) and columns their numbers."""
    cols = [list(col) for col in columns]
    pcells = list(cells)
    out = []
    for src, dst, card in records:
        if src == CELL:
            slot = pcells.index(card)
            pcells[slot] = None
            src_name, moving = CELL_NAMES[slot], [card]
        else:
            col = cols[src]
            at = len(col) - 1 - col[::-1].index(card)
            moving = col[at:]
            del col[at:]
            src_name = str(src + 1)
        if dst == FOUND:
            dst_name = "f"
        elif dst == CELL:
            slot = pcells.index(None)
            pcells[slot] = card
            dst_name = CELL_NAMES[slot]
        else:
            cols[dst].extend(moving)
            dst_name = str(dst + 1)
        out.append(f"{src_name}>{dst_name}")
    return out


def foundation_needs(foundations: list[list[int]]) -> list[int]:
    """The next card each suit's foundation needs, by suit (``COMPLETE +
    suit`` when complete); the foundations are the engine's f1..f4, one
    suit each (RULES B5, ``SLOT_OF_SUIT``)."""
    return [make_card(len(foundations[SLOT_OF_SUIT[suit]]), suit) for suit in range(4)]


def solve_seahaven(board: Any, limits: SolveLimits = DEFAULT_LIMITS,
                   progress: Progress | None = None) -> SolveResult:
    """Decide a Seahaven board from its current position (RULES A2).

    ``board`` needs ``columns``, ``cells``, ``foundations`` and ``code``
    (for the number of cells).  Returns an ``harp.solve.SolveResult``;
    ``progress`` is told the positions searched every 1024.
    """
    columns, cells = board.columns, board.cells    # read, never changed
    budget = Budget(limits.max_states, limits.timeout, progress)
    outcome, records, states = search(columns, cells, foundation_needs(board.foundations),
                                      len(cells), limits, budget=budget)
    actions = script_of(columns, cells, records) if outcome == "solved" else []
    stopped = (budget.stopped_by or POSITIONS) if outcome == "unknown" else None
    return SolveResult(outcome, actions, states, stopped_by=stopped)
