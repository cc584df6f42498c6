"""Seahaven Towers solver: the moves searched from a closed position, and
playing one (RULES A2.3-A2.5, A2.7).

A searched move is a ``SearchMove``, ``(kind, source, destination)``, one
of the four kinds below; after it the forced moves of
:mod:`.seahaven_position` follow (``apply_move``).  Every other legal
move is left out by one of the rules here or there (SYMMETRY,
FORCED-HOME, UNPARK-AT-ONCE with WHOLE-RUN-PARKS), each proved where its
code is.

Pruning rule NO-TAKE-BACKS.  Take-backs (RULES A2.7) never help in
Seahaven.  A card on a foundation can only host its same-suit card one
rank lower, and that card is already on the foundation (foundations build
ace up).  So the cards taken back, and whatever is later put on them, form
a closed group: everything put on a taken-back card was itself taken
back.  Leaving the whole group on the foundations instead keeps every
other move legal (more free cells and empty columns only raise the
capacity of RULES A2.5) and still wins.

WHOLE-RUNS (not a pruning).  Only whole maximal runs move between
columns: on a same-suit run the card under each card is its own
successor, so the only other column that can take part of a run is the
one whose top is the successor of the run's lowest card, and that column
takes the whole run (RULES A2.3, A2.5).

Pruning rules LAZY-PARK and LAZY-STEP.  Two kinds of move are searched
only when a move that uses them may follow:

* a *plain park*: a column's top run into cells, leaving the column with a
  new top u that starts no forced move.  It must be followed by another
  park, or by a move of u's run (onto its successor, or a king's into an
  empty column) or of a run onto u (``moves_to_search``, ``_parks``).
* a *plain step*: a single card x from column i onto its successor,
  leaving column i with a new top u that starts no forced move.  It must
  be followed by a park, by a move from or onto column i or x's new
  column, or by a step moving a higher card than x (``_runs_onto_tops``).

Why this loses nothing.  Take a won line in the searched moves.  Let a
plain park p, of run P from column k, be followed by a move m that is none
of those.  m does not touch column k, and it is not P's king leaving a
cell (that would be the run P played into an empty column in one move, a
shorter line).  p only took cells, so m was legal before p (the capacity
(f + 1) x 2^e of RULES A2.5 only grows with free cells, and every other
column is the same), and after m, p is legal again; if m made the
successor of P's lowest card a top, the forced moves would have put P
there, which is the run moved there in one move (it fits: P fitted in
free cells f, and f < (f + 1) x 2^e).  If m's forced moves sent P home
instead, p was not needed at all.  Both orders end in the same position:
forced moves do not depend on their order.  Likewise, let a plain step s
(columns i and j) be followed by a move m that is none of those for s.  m
does not touch columns i and j; s changes neither the cells nor the empty
columns, so m was legal before s; s, one card, is legal after m (a
capacity is never below 1), or m's forced moves sent x home and s was not
needed.  Swap such pairs: each swap shortens the line, or turns a park
into a run move, or puts one non-park before a park, or one move before a
step it must not follow; the measure (length, plain parks, parks before
non-parks, such step pairs) falls every time, so the swapping ends, with a
won line in which every plain park and step is followed as required.  So
a move after which nothing required is possible can be left out.
"""
from __future__ import annotations

from operator import itemgetter

from .position import (CAPACITY, CAPACITY_INTO_EMPTY, CELL, FIRST_KING, INFO, LENGTH,
                                LOW, ColumnInfo, MoveRecord, close, column_info)

#: A move to search: (kind, source, destination), read as the kind says.
SearchMove = tuple[int, int, int]
# The kinds, in the order ``moves_to_search`` tries them (the values are
# also the sort keys' tie-breaks: keep them).
KING_FROM_CELL = 1      # a king from a cell into an empty column (source = the card)
RUN_ONTO_SUCCESSOR = 2  # a column's top run onto the column whose top is its successor
KING_RUN_TO_EMPTY = 3   # a king-led run (not already at the bottom) into an empty column
PARK = 4                # a column's whole top run into free cells, one card at a time
                        # (destination = the number of cards)

_FIRST = 1000           # added to sort a column-emptying run first (digging orders are < 1000)
_TOP = itemgetter(-1)
_PLUS4 = bytes(c + 4 if c < FIRST_KING else 255 for c in range(256))   # successor, 255: none


def _runs_onto_tops(cols: tuple[bytes, ...], cells: bytes, need: list[int],
                    lazy: bool = True) -> list[SearchMove]:
    """``moves_to_search`` with no free cell and no empty column, where the
    capacity is ``CAPACITY[0][0]`` = 1 (RULES A2.5): only a top card moves,
    onto the top that is its successor (it cannot sit on its successor,
    which is a top).  Found with byte and set operations: this is most
    positions with few cells.

    A step that starts no forced move is left out when nothing may follow
    it (LAZY-STEP)."""
    tops = bytes(map(_TOP, cols))
    succs = tops.translate(_PLUS4)
    common = set(succs).intersection(tops)
    if not common:
        return []
    high = max(common)        # the highest top another card may step onto
    get = INFO.get
    runs = []
    for card in common:
        i = succs.index(card)
        col = cols[i]
        if lazy and len(col) > 1:
            u = col[-2]
            # what may follow: a forced move at u, u onto its successor,
            # u - 4 onto u, x - 4 onto x, a higher card's step
            if not (u == need[u & 3] or (u + 4) in tops
                    or (u > 3 and ((u - 4) in cells or ((u - 4) in tops and u - 4 != card)))
                    or (card > 7 and (card - 8) in tops)
                    or (high > card and (high != card + 4
                                         or any(card < c < high for c in common)))):
                continue
        runs.append((i, tops.index(card)))
    if len(runs) < 2:
        return [(RUN_ONTO_SUCCESSOR, *runs[0])] if runs else []
    order = []
    for i, j in runs:                 # emptying a column first, then by digging order
        _, _, whole, dig = get(cols[i]) or column_info(cols[i])
        order.append((dig - _FIRST if whole else dig, RUN_ONTO_SUCCESSOR, i, j))
    order.sort()
    return [m[1:] for m in order]


def moves_to_search(cols: tuple[bytes, ...], cells: bytes, ncells: int, need: list[int],
                    lazy: bool = True) -> list[SearchMove]:
    """The moves to search from a closed position, best first (the order
    only steers the search: every move listed is tried before a position is
    given up): kings from cells into empty columns, then runs (those that
    empty their column first), then parking, both by the column's digging
    order (``column_info``).  A park or a step after which nothing may
    follow is left out unless ``lazy`` is False (LAZY-PARK, LAZY-STEP)."""
    free = ncells - len(cells)
    if not free and b"" not in cols:
        return _runs_onto_tops(cols, cells, need, lazy)
    n_empty = cols.count(b"")
    # each column's top card, 255 for an empty column (never a successor)
    tops = b"".join([c[-1:] or b"\xff" for c in cols]) if n_empty else bytes(map(_TOP, cols))
    cap = CAPACITY[free][n_empty]
    cap_into_empty = 0
    good: list[SearchMove] = []
    empty = -1
    if n_empty:
        cap_into_empty = CAPACITY_INTO_EMPTY[free][n_empty]
        empty = cols.index(b"")      # one empty column stands for all (SYMMETRY)
        for c in cells:
            if c >= FIRST_KING:
                good.append((KING_FROM_CELL, c, empty))
    runs = []
    park = []
    good_parks = []
    get = INFO.get
    for i, col in enumerate(cols):
        if not col:
            continue
        low, run, whole, dig = get(col) or column_info(col)
        if low >= FIRST_KING:
            # a whole column moved into an empty one is the same position (SYMMETRY)
            if not whole and run <= cap_into_empty:
                runs.append((dig, KING_RUN_TO_EMPTY, i, empty))
        else:
            j = tops.find(low + 4)
            if j >= 0:
                if run <= cap:
                    # emptying a column first, then by digging order
                    runs.append((dig - _FIRST if whole else dig, RUN_ONTO_SUCCESSOR, i, j))
                continue          # parking it would only do the same move via cells
        if run <= free:
            if lazy and run == free and not n_empty and not whole:
                # _parks for capacity 1 after the park, inlined: it is most of them
                u = col[-run - 1]
                if not (u == need[u & 3] or (u + 4) in tops and tops.find(u + 4) != i
                        or (u > 3 and ((u - 4) in cells or (u - 4) in tops))):
                    continue
                good_parks.append((dig, PARK, i, run))
            else:
                park.append((dig, PARK, i, run))
    if runs:
        if len(runs) > 1:
            runs.sort()
        good += [m[1:] for m in runs]
    if park and lazy:
        park = _parks(park, cols, cells, free, need, tops, n_empty)
    if good_parks:
        park += good_parks
    if park:
        if len(park) > 1:
            park.sort()
        good += [m[1:] for m in park]
    return good


def _parks(park: list[tuple[int, int, int, int]], cols: tuple[bytes, ...], cells: bytes,
           free: int, need: list[int], tops: bytes,
           n_empty: int) -> list[tuple[int, int, int, int]]:
    """The parking moves worth searching (LAZY-PARK), from ``(digging
    order, PARK, column, cards)`` entries.

    After a park that leaves its column with a new top u, the search only
    tries another park or a move of the column's new top run (u's run) or
    onto u; when the park starts no forced move there and no such move
    exists (with the cells it leaves), the park is left out.
    (``moves_to_search`` checks the most common case itself: a park that
    fills the cells with no empty column, capacity 1.)"""
    kept = []
    lows = None
    cap = CAPACITY[0][n_empty]              # the park filled the cells
    cap_into_empty = CAPACITY_INTO_EMPTY[0][n_empty]
    for entry in park:
        i, r = entry[2], entry[3]
        col = cols[i]
        if free > r or len(col) == r:
            kept.append(entry)
            continue
        u = col[-r - 1]
        if u == need[u & 3] or (u > 3 and (u - 4) in cells):
            kept.append(entry)          # a forced move at u: not lazy
            continue
        low, run, whole, _ = _info_of(col[:-r])
        if low < FIRST_KING:
            movable = tops.find(low + 4) not in (-1, i) and run <= cap
        else:
            movable = not whole and run <= cap_into_empty
        if not movable and u > 3:
            if lows is None:            # each column's top-run lowest card: its length
                lows = {info[LOW]: info[LENGTH] for info in map(_info_of, filter(None, cols))}
            movable = lows.get(u - 4, cap + 1) <= cap
        if movable:
            kept.append(entry)
    return kept


def _info_of(col: bytes) -> ColumnInfo:
    """``column_info``, from the cache when it is there."""
    return INFO.get(col) or column_info(col)


def apply_move(cols: tuple[bytes, ...], cells: bytes, need: list[int], move: SearchMove
               ) -> tuple[tuple[bytes, ...], bytes, list[int], list[MoveRecord]]:
    """The position after ``move`` and the forced moves that follow it, and
    their records.  ``need`` is copied only when a forced move changes it
    (positions share their foundations otherwise; nothing mutates a shared
    list)."""
    kind, src, dst = move
    new = list(cols)
    if kind == KING_FROM_CELL:
        new[dst] = bytes((src,))
        cells = cells.replace(bytes((src,)), b"", 1)
        rec = [(CELL, dst, src)]
        if src - 4 in cells:           # its queen follows it from a cell
            need = need[:]
            cells = close(new, cells, need, rec, [dst])
        return tuple(new), cells, need, rec
    col = new[src]
    if kind == PARK:                   # the top run into cells, top card first
        k = len(col) - dst
        rec = [(src, CELL, card) for card in reversed(col[k:])] if dst > 1 else [(src, CELL, col[k])]
        cells = bytes(sorted(cells + col[k:])) if cells or dst > 1 else col[k:]
    else:                              # RUN_ONTO_SUCCESSOR, KING_RUN_TO_EMPTY
        low, run, _, _ = INFO.get(col) or column_info(col)
        k = len(col) - run
        new[dst] += col[k:]
        rec = [(src, dst, low)]
    if k:
        col = new[src] = col[:k]
        top = col[-1]
        # a forced move follows only if the new top goes home or takes a cell card
        if top == need[top & 3] or (top > 3 and (top - 4) in cells):
            need = need[:]
            cells = close(new, cells, need, rec, [src])
    else:
        new[src] = b""
    return tuple(new), cells, need, rec
