"""Seahaven Towers solver (issue 5): decide a position exactly under RULES A2.

The search is a depth-first graph search over *canonical* positions: the ten
columns as an unordered multiset and the cells as an unordered multiset
(RULES A2 treats every column alike and every cell alike; group capacity,
RULES A2.5, depends only on how many cells and columns are free).  A
position's foundations are implied by the cards still on the table, so
they are not part of the key.

Soundness.  The verdict ``unsolvable`` is only given when every position
reachable under the moves below was visited.  The only moves left out are
those proved never to be needed:

* Take-backs (RULES A2.7) never help in Seahaven.  A card on a foundation
  can only host its same-suit card one rank lower, and that card is already
  on the foundation (foundations build ace up).  So the cards taken back,
  and whatever is later put on them, form a closed group: everything put on
  a taken-back card was itself taken back.  Leaving the whole group on the
  foundations instead keeps every other move legal (more free cells and
  empty columns only raise the capacity of RULES A2.5) and still wins.
* Sending a card to its foundation is always safe, so it is done at once
  ("auto-foundation"): the card could only ever host its rank-1 card of the
  same suit, which is already on the foundation, and removing it only frees
  a cell or a column top.  Any winning line from the position before can be
  replayed from the position after by skipping that card's moves, and is
  one move shorter.
* Moves that lead to the same canonical position are not repeated: a card
  from one cell to another (``a>b``) and a column whose bottom is a king
  moved whole into another empty column.
* Only whole maximal runs move between columns, and that is not a pruning:
  on a same-suit run the card under each card is its own successor, so the
  only other column that can take part of a run is the one whose top is the
  successor of the run's lowest card, and that column takes the whole run
  (RULES A2.3, A2.5).
* A cell card whose successor (same suit, one rank higher) is a column top
  is put on it at once, and cards go into cells only as a column's whole
  top run (one card at a time, top first).  Why this loses nothing: call Y
  "ahead of" X when Y is X with some cell cards put on their successors
  (and maybe more cards on the foundations).  Every move from X can be
  matched from Y by at most one searched move, landing ahead again:
  moving a card from a cell onto its successor is already done in Y;
  parking a card that sits on its successor gives a position Y is already
  ahead of; parking a card x that sits on anything else is matched by
  parking Y's whole run led by x (the k cards put on x in Y freed k cells,
  so it fits); a run moved onto a column, or into an empty column, is
  matched by the same move carrying the extra k cards, which fits because
  capacity (f + k + 1) x 2^e >= (f + 1) x 2^e + k (RULES A2.5).  So a won
  position reachable from X has a won position ahead of it reachable from Y
  by searched moves.  (A king from a cell into an empty column is *not*
  forced: a king alone in a column may be worth parking to gain an empty
  column, RULES A2.5.)

Lazy parks and steps.  Two kinds of move are searched only when a move
that uses them may follow (``_moves``, ``_parks``, ``_runs_onto_tops``):

* a *plain park*: a column's top run into cells, leaving the column with a
  new top u that starts no forced move.  It must be followed by another
  park, or by a move of u's run (onto its successor, or a king's into an
  empty column) or of a run onto u.
* a *plain step*: a single card x from column i onto its successor,
  leaving column i with a new top u that starts no forced move.  It must
  be followed by a park, by a move from or onto column i or x's new
  column, or by a step moving a higher card than x.

Why this loses nothing.  Take a won line in the moves above.  Let a plain
park p, of run P from column k, be followed by a move m that is none of
those.  m does not touch column k, and it is not P's king leaving a cell
(that would be the run P played into an empty column in one move, a
shorter line).  p only took cells, so m was legal before p (the capacity
(f + 1) x 2^e of RULES A2.5 only grows with free cells, and every other
column is the same), and after m, p is legal again; if m made the
successor of P's lowest card a top, the forced moves would have put P
there, which is the run moved there in one move (it fits: P fitted in
free cells f, and f < (f + 1) x 2^e).  If m's forced moves sent P home
instead, p was not needed at all.  Both orders end in the same position:
forced moves do not depend on their order.  Likewise, let a plain step s
(columns i and j) be followed by a move m that is none of those for s.
m does not touch columns i and j; s changes neither the cells nor the
empty columns, so m was legal before s; s, one card, is legal after m (a
capacity is never below 1), or m's forced moves sent x home and s was not
needed.  Swap such pairs: each swap shortens the line, or turns a park
into a run move, or puts one non-park before a park, or one move before a
step it must not follow; the measure (length, plain parks, parks before
non-parks, such step pairs) falls every time, so the swapping ends, with a
won line in which every plain park and step is followed as required.  So
a move after which nothing required is possible can be left out.

Dead ends.  A position whose cells are all full is given up at once
(``unsolvable`` without a search) when a relaxation shows that no cell
card can ever leave its cell (``_dead_end``).  Proof that such a position
is lost.  Suppose it is won; by the take-back argument above, by a line
without take-backs.  Every cell card must leave its cell, so the line has a
first move taking a card out of a cell; before it the cells stay full, so
no card enters a cell, and every move is a card to its foundation, a run
onto its successor, or a king-led run into an empty column, with capacity
2^e (RULES A2.5, no free cell; e = empty columns, at most the number of
columns all of whose cards have moved).  Let M be the table cards that move
before that first cell move, and take them in the order of their first
move.  When a card x first moves, each card that was above x at the start
has moved before, or is still in place in the same-suit run lying on x
and moves with it; and x either (a) goes home, so every lower card of its
suit not home at the start went home before (none was in a cell: cell
cards have not moved); or (b) is the lowest card of a run put on x + 4,
then a column top: x + 4 was on the table (not in a cell) and every card
above it at the start has moved before; or (c) is a king leading a run
into an empty column, some column whose cards have all moved before; or
(d) sits on x + 4 and moves with it.  In (b) and (c) the run holds at
least the cards of x's starting run still in place, and must fit the
capacity.  These conditions only get easier as more cards count as moved,
so, by induction along the line, M lies inside G, the least set of table
cards closed under them, which ``_dead_end`` computes.  The first cell move
then takes a cell card c home (every lower card of its suit not home is in
M), onto c + 4 (on the table, every card above it in M), or, a king, into
an empty column (a column all in M).  If no cell card meets any of these
with G in place of M, there is no such line: the position is lost.

One cell (``_one_cell_dead``).  With a single cell the test goes on past
the first cell move.  Take again a won line without take-backs, and now
all the table cards that ever move (in a won line, every one): each card's
first move is (a)-(d) above, now with capacity at most 2 x 2^e (one free
cell), or (e) into the cell.  In (e) the card y is a column top (every
card above it at the start has moved before) and the cell is empty; y then
stays in the cell until some later move takes it out, and in between the
cell is full: no card enters it, every move is (a)-(d) with capacity 2^e,
y is neither home nor a column top (nothing can be put on it), and the
card under y may be a top.  So the cards moved by the time y leaves lie in
G_y, the fixpoint of the no-cell rules started from the cards moved before
y entered plus y lifted out of its column, and y leaves home (its lower
cards in G_y or home), onto y + 4 (which may be a top in G_y) or, a king,
into a column all in G_y.  Let G* be the least set of table cards closed
under (a)-(d) with capacity 2 x 2^e, and under (e): y, the first card not
in G* of a column, joins when it could leave the cell with G_y computed
from G*.  Every condition only gets easier as more cards count as moved,
so, by induction along the line in the order of first moves (for (e),
the cards moved before y entered lie in G*, so the real G_y lies in the
one computed from G*), every card that moves lies in G*.  A position with
a card outside G* is lost.  If the cell is full at the start, the line
first has to empty it: the test above gives the moved set M at that moment
inside G, and the cell card c (which leaves, else the position is lost
already) is added as moved; the cards moved before c left are in G, which
lies in G*, so the same induction covers the whole line.  (Counting a
moved card as out of the way for good, possibly home, and possibly a top
again only makes G* larger.)

The search applies the tests to the starting position only (with 1 or 2
cells the deal's two extra cards fill them; the tests decide most 1-cell
deals): applied after every parking move that fills the cells, the first
pruned more than half the positions, but those were cheap leaves and the
test cost as much; the one-cell test at every 1-cell position cut the
positions by a fifth and cost four times the time it saved.

Search.  Depth first, iterative (no recursion limit), with a visited set
of canonical keys; moves are tried best first (``_moves``): kings from
cells into empty columns, runs onto their successors (those that empty a
column first), then parking, digging first into columns that hold the
lowest ranks.  The columns are numbered in key order at the start (and
the moves renumbered back at the end): a column keeps its bottom card, and
bottom cards differ, so until a column empties the columns stay sorted and
the key needs no sort.  A winning line is then shortened by jumping, from
each position on it, to the furthest later position one move reaches
(``_shortcut``).  ``max_states`` and ``timeout`` turn the answer into
``unknown``.

The emitted script contains every move explicitly (foundation moves too) in
canonical notation (RULES B7): ``3>a``, ``a>10``, ``4>7``, ``9>f``.
"""
from __future__ import annotations

import time
from operator import itemgetter
from typing import Any

from .result import DEFAULT_LIMITS, SolveResult

N_COLUMNS = 10
CELL = 10        # move record location: "a cell"
FOUND = 11       # move record location: "the foundation"
KING_MIN = 48    # cards 48..51 are the kings (rank 12 * 4 + suit)
_SEP = b"\xff"   # separates columns in a key; cards are bytes 0..51

DEFAULT_MAX_STATES = DEFAULT_LIMITS.max_states
DEFAULT_TIMEOUT = DEFAULT_LIMITS.timeout

Move = tuple[int, int, int]   # (source, destination, card moved first/lowest)


_INFO: dict[bytes, tuple[int, int, int, int]] = {}


def _info(col: bytes) -> tuple[int, int, int, int]:
    """Facts about a column's top same-suit run: its lowest card, its
    length, whether it fills the column, and how soon the search should dig
    into the column (columns holding a low rank first: the foundations want
    it soonest; then short ones).  Cached: the same column contents recur
    in many positions."""
    k = len(col) - 1
    while k and col[k - 1] == col[k] + 4:
        k -= 1
    if len(_INFO) > 200_000:         # bound the cache's memory
        _INFO.clear()
    info = _INFO[col] = (col[k], len(col) - k, k == 0, (min(col) >> 2) * 32 + len(col))
    return info


def _key(cols: tuple[bytes, ...] | list[bytes], cells: bytes) -> bytes:
    """Canonical key: columns and cells as unordered multisets."""
    return _SEP.join(sorted(cols)) + _SEP + cells


def _close(cols: list[bytes], cells: bytes, need: list[int], rec: list[Move],
           work: list[int]) -> bytes:
    """Apply the forced moves until none is left (see the module docstring):
    cards to their foundations, and cell cards onto their successors.

    Only the columns in ``work`` (whose top changed) can start a chain; a
    card sent to a foundation makes its suit's next card playable wherever
    it is.  Mutates ``cols``, ``need``, ``rec`` and ``work``; returns the
    new cells."""
    while work:
        i = work.pop()
        col = cols[i]
        while col:
            top = col[-1]
            if top == need[top & 3]:
                col = col[:-1]
                rec.append((i, FOUND, top))
                nxt = top + 4
                # the suit's next card: in a cell (send it too), or on a top
                while nxt in cells:
                    cells = cells.replace(bytes((nxt,)), b"", 1)
                    rec.append((CELL, FOUND, nxt))
                    nxt += 4
                need[top & 3] = nxt
                if nxt < 52:
                    for j, other in enumerate(cols):
                        if other and other[-1] == nxt and j != i:
                            work.append(j)
                            break
            elif top > 3 and (top - 4) in cells:
                top -= 4
                col += bytes((top,))
                cells = cells.replace(bytes((top,)), b"", 1)
                rec.append((CELL, i, top))
            else:
                break
        cols[i] = col
    return cells


def _close_root(cols: list[bytes], cells: bytes, need: list[int], rec: list[Move]) -> bytes:
    """The forced moves of an arbitrary starting position: cell cards first
    (their foundation chains), then every column."""
    ready = [c for c in cells if c == need[c & 3]]
    while ready:
        c = ready[0]
        cells = cells.replace(bytes((c,)), b"", 1)
        rec.append((CELL, FOUND, c))
        need[c & 3] = c + 4
        ready = [c for c in cells if c == need[c & 3]]
    # only a column whose top goes home or takes a cell card starts a chain
    work = [i for i, col in enumerate(cols)
            if col and (col[-1] == need[col[-1] & 3] or (col[-1] > 3 and col[-1] - 4 in cells))]
    return _close(cols, cells, need, rec, work) if work else cells


# same-suit cards below c, for c = 0..55 (52 + s stands for "suit s complete")
_BELOW = [sum(1 << d for d in range(c & 3, c, 4)) for c in range(56)]
# the bits of the same-suit run of n cards from c down: c, c - 4, ...
_RUN = [[sum(1 << (c - 4 * i) for i in range(n)) for n in range(c // 4 + 2)] for c in range(52)]


def _can_leave(c: int, out: int, reach: int, empty: int) -> bool:
    """The relaxation's test that cell card ``c`` may leave its cell: home
    (every lower card of its suit out), onto its successor (which may be a
    top), or, a king, into a column that may be empty."""
    return (not _BELOW[c] & ~out or (c >= KING_MIN and empty > 0)
            or (c < KING_MIN and reach >> (c + 4) & 1 == 1))


def _sweep(cols: tuple[bytes, ...], qs: list[int], blocks: list[Any], out: int, reach: int,
           empty: int, shift: int) -> tuple[int, int, int, bool]:
    """One sweep of the fixpoint of ``_dead_end`` over the columns, moving
    each column's boundary ``qs[k]`` down as far as the rules allow, with
    capacity 2^(empty + shift) (RULES A2.5: shift 0 with no free cell, 1
    with one).  Returns the new ``out``, ``reach``, ``empty`` and whether
    anything changed.  ``blocks[k]`` (``_blocks``) says what column k
    waits for, so that a column that still waits is passed over at once;
    the sweep keeps it up to date."""
    below = _BELOW
    changed = False
    cap = 1 << (empty + shift)
    missing = ~out
    for k, block in enumerate(blocks):
        if block is None:
            continue
        home_mask, target, length = block
        if home_mask & missing and not (reach & target and length <= cap if target
                                        else empty and length <= cap >> 1):
            continue                           # still waiting
        col = cols[k]
        q = start = qs[k]
        block = None
        while q:
            y = col[q - 1]
            if not below[y] & ~out:            # y goes home
                out |= 1 << y
                q -= 1
                continue
            s = q - 1                          # where y's run starts
            while s and col[s - 1] == col[s] + 4:
                s -= 1
            low = col[s]
            # the run low..y onto low's successor, or a king's run into an
            # empty column (which does not count, RULES A2.5)
            if (reach >> (low + 4) & 1 and q - s <= cap if low < KING_MIN
                    else empty and q - s <= cap >> 1):
                out |= _RUN[low][q - s]
                q = s
            else:
                block = (below[y], 1 << (low + 4) if low < KING_MIN else 0, q - s)
                break
        blocks[k] = block
        if q != start:
            missing = ~out
            qs[k] = q
            reach |= out | (1 << col[q - 1] if q else 0)
            if not q:
                empty += 1
                cap <<= 1
            changed = True
    return out, reach, empty, changed


def _blocks(cols: tuple[bytes, ...], qs: list[int]) -> list[Any]:
    """For each column, what its first card not in G waits for, as
    ``_sweep`` keeps it: (the lower cards of its suit, the successor of its
    run's lowest card as a bit, 0 for a king, the run's length); None for
    a column all in G, or a column ``_sweep`` must look at."""
    return [(0, 0, 0) if q else None for q in qs]


def _start(cols: tuple[bytes, ...], need: list[int]) -> tuple[int, int]:
    """Where the fixpoints of the dead-end tests start, as bit masks over
    cards: ``out`` = the cards already home, ``reach`` = the column tops."""
    below = _BELOW
    out = below[need[0]] | below[need[1]] | below[need[2]] | below[need[3]]
    reach = 0
    for col in cols:
        if col:
            reach |= 1 << col[-1]
    return out, reach


def _dead_end(cols: tuple[bytes, ...], cells: bytes, need: list[int],
              one_cell: bool = False) -> bool:
    """The dead-end test of the module docstring, for a position whose
    cells are all full: True when no cell card can ever leave its cell, or
    (``one_cell``, the position has one cell) when the one-cell test finds
    a table card that can never move.

    The set G of table cards that may move is grown to its least fixpoint
    by sweeps over the columns.  In each column G is a top part ``col[q:]``
    (a card joins only when every card above it is in G, or lies in its own
    run and joins with it), so the column's first card not in G,
    ``col[q - 1]``, is its only candidate to go home, and the lowest card
    of that card's run its only candidate to move away, taking the rest of
    the run along.  ``out`` = cards home or in G; ``reach`` = G plus the
    first card under it in each column (the cards that may become a column
    top); ``empty`` counts the columns that may be empty."""
    out, reach = _start(cols, need)
    qs = [len(col) for col in cols]
    blocks = _blocks(cols, qs)
    empty = qs.count(0)
    changed = True
    while changed:
        for c in cells:            # can a cell card leave?
            if _can_leave(c, out, reach, empty):
                return one_cell and _one_cell_dead(cols, qs, blocks, out | 1 << c,
                                                   reach | 1 << c, empty)
        out, reach, empty, changed = _sweep(cols, qs, blocks, out, reach, empty, 0)
    return True


def _lost(cols: tuple[bytes, ...], cells: bytes, need: list[int], ncells: int,
          one_cell: bool = True) -> bool:
    """The dead-end tests of the module docstring for a starting position:
    ``_dead_end`` when the cells are full, and (unless ``one_cell`` is
    False) the one-cell test when there is one cell."""
    one_cell = one_cell and ncells == 1
    if one_cell and not cells:
        out, reach = _start(cols, need)
        qs = [len(col) for col in cols]
        return _one_cell_dead(cols, qs, _blocks(cols, qs), out, reach, qs.count(0))
    return len(cells) == ncells and _dead_end(cols, cells, need, one_cell)


def _one_cell_dead(cols: tuple[bytes, ...], qs: list[int], blocks: list[Any], out: int,
                   reach: int, empty: int) -> bool:
    """The one-cell test of the module docstring, from the fixpoint state
    of ``_dead_end`` at the moment the cell card may leave (given as moved):
    True when some table card can never move.  Grows G by the sweeps with
    the cell free (capacity doubled), and by a column's first card y not in
    G when y, put in the cell, could leave it again while the cell stays
    full (``_sweep`` with no free cell from G with y lifted out)."""
    failed: set[int] = set()     # cell candidates that failed for the current G
    while True:
        changed = True
        while changed:
            out, reach, empty, changed = _sweep(cols, qs, blocks, out, reach, empty, 1)
        grown = False
        for k, col in enumerate(cols):
            q = qs[k]
            if not q or col[q - 1] in failed:
                continue
            y = col[q - 1]
            # y in the cell: not home, not a top; the card under it may be a top
            sub = qs[:]
            sub[k] = q - 1
            sub_blocks = blocks[:]
            sub_blocks[k] = (0, 0, 0) if q > 1 else None     # to be looked at
            s_out, s_reach, s_empty = out, (reach & ~(1 << y)) | (1 << col[q - 2] if q > 1 else 0), empty + (q == 1)
            ok = _can_leave(y, s_out, s_reach, s_empty)
            more = True
            while more and not ok:
                s_out, s_reach, s_empty, more = _sweep(cols, sub, sub_blocks, s_out, s_reach,
                                                       s_empty, 0)
                ok = _can_leave(y, s_out, s_reach, s_empty)
            if ok:
                # everything moved while y waited in the cell may move in G*
                # too (the same rules with a larger capacity): take it all
                qs[:] = sub
                blocks[:] = sub_blocks
                out = s_out | 1 << y
                reach |= s_reach | out
                empty = s_empty
                grown = True
                break
            failed.add(y)
        if not grown:
            return any(qs)
        failed.clear()


_TOP = itemgetter(-1)
_PLUS4 = bytes(c + 4 if c < KING_MIN else 255 for c in range(256))


def _runs_onto_tops(cols: tuple[bytes, ...], cells: bytes, need: list[int],
                    lazy: bool = True) -> list[tuple[int, int, int]]:
    """``_moves`` with no free cell and no empty column, where the capacity
    is 1 (RULES A2.5): only a top card moves, onto the top that is its
    successor (it cannot sit on its successor, which is a top).  Found with
    byte and set operations: this is most positions with few cells.

    A step (a card moved off a card that then starts no forced move) is
    left out when nothing may follow it (lazy steps, module docstring)."""
    tops = bytes(map(_TOP, cols))
    succs = tops.translate(_PLUS4)
    common = set(succs).intersection(tops)
    if not common:
        return []
    high = max(common)        # the highest top another card may step onto
    get = _INFO.get
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
        return [(2, *runs[0])] if runs else []
    order = []
    for i, j in runs:                 # emptying a column first, then by digging order
        info = get(cols[i]) or _info(cols[i])
        order.append((info[3] - 1000 if info[2] else info[3], 2, i, j))
    order.sort()
    return [m[1:] for m in order]


def _moves(cols: tuple[bytes, ...], cells: bytes, ncells: int, need: list[int],
           lazy: bool = True) -> list[tuple[int, int, int]]:
    """The moves to search from a closed position, best first (the order
    only steers the search: every move listed is tried before a position is
    given up).  Each is ``(kind, source, destination)``:

    1. a king from a cell into an empty column (source = the card);
    2. a column's top run onto the column whose top is its successor;
    3. a king-led run (not already at the bottom) into an empty column;
    4. a column's whole top run into free cells, one card at a time
       (destination = the number of cards).

    Kings from cells come first, then runs (those that empty their column
    first), then parking, both by the column's digging order (``_info``).
    A park that leaves its column with nothing to do is left out (lazy
    parking, module docstring: ``_parks``).
    """
    free = ncells - len(cells)
    if not free and b"" not in cols:
        return _runs_onto_tops(cols, cells, need, lazy)
    n_empty = cols.count(b"")
    # each column's top card, 255 for an empty column (never a successor)
    tops = b"".join([c[-1:] or b"\xff" for c in cols]) if n_empty else bytes(map(_TOP, cols))
    cap = (free + 1) << n_empty
    good: list[tuple[int, int, int]] = []
    empty = -1
    if n_empty:
        empty = cols.index(b"")
        for c in cells:
            if c >= KING_MIN:
                good.append((1, c, empty))
    runs = []
    park = []
    good_parks = []
    get = _INFO.get
    for i, col in enumerate(cols):
        if not col:
            continue
        low, run, whole, dig = get(col) or _info(col)
        if low >= KING_MIN:
            # into an empty column, which does not count (RULES A2.5)
            if n_empty and not whole and run <= cap >> 1:
                runs.append((dig, 3, i, empty))
        else:
            j = tops.find(low + 4)
            if j >= 0:
                if run <= cap:
                    # emptying a column first, then by digging order
                    runs.append((dig - 1000 if whole else dig, 2, i, j))
                continue          # parking it would only do the same move via cells
        if run <= free:
            if lazy and run == free and not n_empty and not whole:
                # _parks for capacity 1 after the park, inlined: it is most of them
                u = col[-run - 1]
                if not (u == need[u & 3] or (u + 4) in tops and tops.find(u + 4) != i
                        or (u > 3 and ((u - 4) in cells or (u - 4) in tops))):
                    continue
                good_parks.append((dig, 4, i, run))
            else:
                park.append((dig, 4, i, run))
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
    """The parking moves worth searching (lazy parking, module docstring).

    After a park that leaves its column with a new top u, the search only
    tries another park or a move of the column's new top run (u's run) or
    onto u; when the park starts no forced move there and no such move
    exists (with the cells it leaves), the park is left out.  (``_moves``
    checks the most common case itself: a park that fills the cells with
    no empty column, capacity 1.)"""
    kept = []
    lows = None
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
        cap = 1 << n_empty              # no free cell left
        low, run, whole, _ = _info_of(col[:-r])
        if low < KING_MIN:
            movable = tops.find(low + 4) not in (-1, i) and run <= cap
        else:
            movable = not whole and run <= cap >> 1
        if not movable and u > 3:
            if lows is None:            # each column's top-run lowest card: its length
                lows = {info[0]: info[1] for info in map(_info_of, filter(None, cols))}
            movable = lows.get(u - 4, cap + 1) <= cap
        if movable:
            kept.append(entry)
    return kept


def _info_of(col: bytes) -> tuple[int, int, int, int]:
    """``_info``, from the cache when it is there."""
    return _INFO.get(col) or _info(col)


def _apply(cols: tuple[bytes, ...], cells: bytes, need: list[int],
           move: tuple[int, int, int]) -> tuple[tuple[bytes, ...], bytes, list[int], list[Move]]:
    """The position after ``move`` and the forced moves that follow it.
    ``need`` is copied only when a forced move changes it (positions share
    their foundations otherwise; nothing mutates a shared list)."""
    kind, src, dst = move
    new = list(cols)
    if kind == 1:                      # a cell king into an empty column
        new[dst] = bytes((src,))
        cells = cells.replace(bytes((src,)), b"", 1)
        rec = [(CELL, dst, src)]
        if src - 4 in cells:           # its queen follows it from a cell
            need = need[:]
            cells = _close(new, cells, need, rec, [dst])
        return tuple(new), cells, need, rec
    col = new[src]
    if kind == 4:                      # the top run into cells, top card first
        k = len(col) - dst
        rec = [(src, CELL, card) for card in reversed(col[k:])] if dst > 1 else [(src, CELL, col[k])]
        cells = bytes(sorted(cells + col[k:])) if cells or dst > 1 else col[k:]
    else:                              # a run onto a column, or a king-led run
        info = _INFO.get(col) or _info(col)
        k = len(col) - info[1]
        new[dst] += col[k:]
        rec = [(src, dst, info[0])]
    if k:
        col = new[src] = col[:k]
        top = col[-1]
        # a forced move follows only if the new top goes home or takes a cell card
        if top == need[top & 3] or (top > 3 and (top - 4) in cells):
            need = need[:]
            cells = _close(new, cells, need, rec, [src])
    else:
        new[src] = b""
    return tuple(new), cells, need, rec


def _shortcut(path: list[tuple[Any, bytes, list[int]]], recs: list[list[Move]],
              ncells: int) -> list[Move]:
    """Shorten a winning line found by depth-first search: from each position
    on it, jump to the furthest later position that one searched move
    reaches (the depth-first line often wanders before it comes back).
    ``recs[i]`` leads from ``path[i - 1]`` to ``path[i]``; ``recs[0]`` holds
    the forced moves of the start."""
    where = {_key(cols, cells): i for i, (cols, cells, _) in enumerate(path)}
    last = len(path) - 1
    out = list(recs[0])
    i = 0
    while i < last:
        best, best_rec = i + 1, recs[i + 1]
        cols, cells, need = path[i]
        for move in _moves(cols, cells, ncells, need, False):
            ncols, ncells_b, _, rec = _apply(cols, cells, need, move)
            j = where.get(_key(ncols, ncells_b), -1)
            if j < best or ncols != path[j][0]:
                continue      # not further, or the same position with columns swapped
            if j > best or len(rec) < len(best_rec):
                best, best_rec = j, rec
        out += best_rec
        i = best
    return out


def search(columns: list[list[int]] | tuple, cells: list[int | None] | tuple,
           foundations_need: list[int], ncells: int, max_states: int = DEFAULT_MAX_STATES,
           timeout: float | None = DEFAULT_TIMEOUT,
           dead_ends: bool = True, one_cell: bool = True,
           lazy: bool = True) -> tuple[str, list[Move], int]:
    """Decide a position.  ``foundations_need[s]`` is the next card suit ``s``
    needs (52 + s once complete).  Returns (outcome, moves, states) where
    outcome is ``solved``, ``unsolvable`` or ``unknown`` and moves are
    ``(source, destination, card)`` records (columns 0-9, CELL, FOUND).
    ``dead_ends=False`` turns the dead-end tests off, ``one_cell=False``
    only the one-cell test, ``lazy=False`` the lazy parks and steps (for
    the tests)."""
    deadline = None if timeout is None else time.perf_counter() + timeout
    # The search numbers the columns in key order (see _dfs); `order` maps back.
    as_bytes = [bytes(col) for col in columns]
    order = sorted(range(len(columns)), key=as_bytes.__getitem__)
    cols_l = [as_bytes[i] for i in order]
    cell_b = bytes(sorted(c for c in cells if c is not None))
    need = list(foundations_need)
    root_rec: list[Move] = []
    cell_b = _close_root(cols_l, cell_b, need, root_rec)
    cols = tuple(cols_l)
    if min(need) >= 52:
        outcome, moves, states = "solved", root_rec, 1
    elif dead_ends and _lost(cols, cell_b, need, ncells, one_cell):
        outcome, moves, states = "unsolvable", [], 1
    else:
        outcome, moves, states = _dfs(cols, cell_b, need, root_rec, ncells, max_states, deadline,
                                      lazy)
    return outcome, [(order[s] if s < N_COLUMNS else s, order[d] if d < N_COLUMNS else d, card)
                     for s, d, card in moves], states


def _dfs(cols: tuple[bytes, ...], cell_b: bytes, need: list[int], root_rec: list[Move],
         ncells: int, max_states: int, deadline: float | None,
         lazy: bool = True) -> tuple[str, list[Move], int]:
    """The depth-first search of ``search`` from a closed position.

    The key of a position is its columns sorted, then its cells.  The root's
    columns come sorted, and a column keeps its bottom card (which orders it:
    bottom cards differ) until it empties; so while no column has ever been
    empty on the way from the root, the columns are still sorted and the
    key needs no sort (the frame's last item says so)."""
    visited = {_key(cols, cell_b)}
    apply, moves_of, join, sep = _apply, _moves, _SEP.join, _SEP
    todo = moves_of(cols, cell_b, ncells, need, lazy)
    todo.reverse()
    here = root_rec                  # the forced moves that led to this position
    in_order = b"" not in cols
    # the positions above this one: (cols, cells, need, moves left, record, in order)
    stack: list[tuple[Any, ...]] = []
    states = 1
    check_at = min(max_states, 1024)
    while True:
        if not todo:
            if not stack:
                return "unsolvable", [], states
            cols, cell_b, need, todo, here, in_order = stack.pop()
            continue
        ncols, ncell_b, nneed, rec = apply(cols, cell_b, need, todo.pop())
        if nneed is not need and min(nneed) >= 52:     # only forced moves change need
            path = [fr[:3] for fr in stack] + [(cols, cell_b, need), (ncols, ncell_b, nneed)]
            recs = [fr[4] for fr in stack] + [here, rec]
            return "solved", _shortcut(path, recs, ncells), states
        n_in_order = in_order and b"" not in ncols
        key = join(ncols if n_in_order else sorted(ncols)) + sep + ncell_b   # _key, inlined
        if key in visited:
            continue
        visited.add(key)
        states += 1
        if states >= check_at:
            if states >= max_states or (deadline is not None and time.perf_counter() > deadline):
                return "unknown", [], states
            check_at = min(max_states, states + 1024)
        moves = moves_of(ncols, ncell_b, ncells, nneed, lazy)
        if moves:                    # else nothing to search from there
            moves.reverse()
            stack.append((cols, cell_b, need, todo, here, in_order))
            cols, cell_b, need, todo, here, in_order = ncols, ncell_b, nneed, moves, rec, n_in_order


# ---------------------------------------------------------------- the board interface

def _tokens(columns: list[list[int]], cells: list[int | None], moves: list[Move]) -> list[str]:
    """Canonical tokens (RULES B7) for move records, replayed on the real
    layout so that cells get their letters (a card goes to the first free
    cell, RULES B5) and columns their numbers."""
    cols = [list(col) for col in columns]
    pcells = list(cells)
    out = []
    for src, dst, card in moves:
        if src == CELL:
            slot = pcells.index(card)
            pcells[slot] = None
            src_name, moving = "abcd"[slot], [card]
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
            dst_name = "abcd"[slot]
        else:
            cols[dst].extend(moving)
            dst_name = str(dst + 1)
        out.append(f"{src_name}>{dst_name}")
    return out


def _need(foundations: list[list[int]]) -> list[int]:
    """Next card each suit's foundation needs (52 + suit when complete)."""
    need = [0, 1, 2, 3]                       # the aces, by suit c d h s
    for pile in foundations:
        if pile:
            need[pile[0] & 3] = len(pile) * 4 + (pile[0] & 3)
    return need


def solve_seahaven(board: Any, max_states: int = DEFAULT_MAX_STATES,
                   timeout: float | None = DEFAULT_TIMEOUT) -> Any:
    """Decide a Seahaven board from its current position (RULES A2).

    ``board`` needs ``columns``, ``cells``, ``foundations`` and ``code``
    (for the number of cells).  Returns an ``harp.solve.SolveResult``.
    """
    start = time.perf_counter()
    columns, cells = board.columns, board.cells    # read, never changed
    outcome, moves, states = search(columns, cells, _need(board.foundations),
                                    len(cells), max_states, timeout)
    actions = _tokens(columns, cells, moves) if outcome == "solved" else []
    return SolveResult(outcome, actions, states, time.perf_counter() - start)
