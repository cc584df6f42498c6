"""Seahaven Towers solver: dead-end tests, positions proved lost without a
search (RULES A2).

Both tests grow a set of table cards that may ever move to its least
fixpoint under relaxed rules; a position is lost when some card that must
move is left out.  They run on the starting position only (``lost``;
with 1 or 2 cells the deal's two extra cards fill the cells, RULES A2.2);
benchmarks/NOTES.md says why not after every move.

Pruning rule DEAD-END (``dead_end``).  A position whose cells are all full
is given up at once when a relaxation shows that no cell card can ever
leave its cell.  Proof that such a position is lost.  Suppose it is won;
by NO-TAKE-BACKS (:mod:`.seahaven_moves`), by a line without take-backs.
Every cell card must leave its cell, so the line has a first move taking
a card out of a cell; before it the cells stay full, so no card enters a
cell, and every move is a card to its foundation, a run onto its
successor, or a king-led run into an empty column, with capacity 2^e
(RULES A2.5, no free cell; e = empty columns, at most the number of
columns all of whose cards have moved).  Let M be the table cards that
move before that first cell move, and take them in the order of their
first move.  When a card x first moves, each card that was above x at the
start has moved before, or is still in place in the same-suit run lying
on x and moves with it; and x either (a) goes home, so every lower card
of its suit not home at the start went home before (none was in a cell:
cell cards have not moved); or (b) is the lowest card of a run put on
x + 4, then a column top: x + 4 was on the table (not in a cell) and every
card above it at the start has moved before; or (c) is a king leading a
run into an empty column, some column whose cards have all moved before;
or (d) sits on x + 4 and moves with it.  In (b) and (c) the run holds at
least the cards of x's starting run still in place, and must fit the
capacity.  These conditions only get easier as more cards count as moved,
so, by induction along the line, M lies inside G, the least set of table
cards closed under them, which ``dead_end`` computes.  The first cell
move then takes a cell card c home (every lower card of its suit not home
is in M), onto c + 4 (on the table, every card above it in M), or, a
king, into an empty column (a column all in M).  If no cell card meets
any of these with G in place of M, there is no such line: the position is
lost.

Pruning rule DEAD-END-ONE-CELL (``_one_cell_dead``).  With a single cell
the test goes on past the first cell move.  Take again a won line without
take-backs, and now all the table cards that ever move (in a won line,
every one): each card's first move is (a)-(d) above, now with capacity at
most 2 x 2^e (one free cell), or (e) into the cell.  In (e) the card y is
a column top (every card above it at the start has moved before) and the
cell is empty; y then stays in the cell until some later move takes it
out, and in between the cell is full: no card enters it, every move is
(a)-(d) with capacity 2^e, y is neither home nor a column top (nothing
can be put on it), and the card under y may be a top.  So the cards moved
by the time y leaves lie in G_y, the fixpoint of the no-cell rules
started from the cards moved before y entered plus y lifted out of its
column, and y leaves home (its lower cards in G_y or home), onto y + 4
(which may be a top in G_y) or, a king, into a column all in G_y.  Let G*
be the least set of table cards closed under (a)-(d) with capacity
2 x 2^e, and under (e): y, the first card not in G* of a column, joins
when it could leave the cell with G_y computed from G*.  Every condition
only gets easier as more cards count as moved, so, by induction along the
line in the order of first moves (for (e), the cards moved before y
entered lie in G*, so the real G_y lies in the one computed from G*),
every card that moves lies in G*.  A position with a card outside G* is
lost.  If the cell is full at the start, the line first has to empty it:
the test above gives the moved set M at that moment inside G, and the
cell card c (which leaves, else the position is lost already) is added as
moved; the cards moved before c left are in G, which lies in G*, so the
same induction covers the whole line.  (Counting a moved card as out of
the way for good, possibly home, and possibly a top again only makes G*
larger.)

The fixpoints as computed.  Sets of cards are int bit masks.  In each
column G is a top part ``col[q:]`` (a card joins only when every card
above it is in G, or lies in its own run and joins with it), so the
column's first card not in G, ``col[q - 1]``, is its only candidate to go
home, and the lowest card of that card's run its only candidate to move
away, taking the rest of the run along.  ``out`` = cards home or in G;
``reach`` = G plus the first card under it in each column (the cards that
may become a column top); ``empty`` counts the columns that may be empty.
"""
from __future__ import annotations

from .position import CAPACITY, CAPACITY_INTO_EMPTY, COMPLETE, FIRST_KING

#: What a column's first card y not in G waits for (``_sweep``):
#: (the lower cards of y's suit, all home lets y go home; the successor of
#: the lowest card of y's run as a bit, 0 for a king; that run's length),
#: or None for a column all in G.
Block = tuple[int, int, int] | None
_LOOK = (0, 0, 0)      # a Block that waits for nothing: the sweep looks at the column

# same-suit cards below c, for c = 0..55 (COMPLETE + s stands for "suit s complete")
_BELOW = [sum(1 << d for d in range(c & 3, c, 4)) for c in range(COMPLETE + 4)]
# the bits of the same-suit run of n cards from c down: c, c - 4, ...
_RUN = [[sum(1 << (c - 4 * i) for i in range(n)) for n in range(c // 4 + 2)]
        for c in range(COMPLETE)]


def lost(cols: tuple[bytes, ...], cells: bytes, need: list[int], ncells: int,
         one_cell: bool = True) -> bool:
    """The dead-end tests for a starting position: DEAD-END when the cells
    are full, and (unless ``one_cell`` is False) DEAD-END-ONE-CELL when
    there is one cell."""
    one_cell = one_cell and ncells == 1
    if one_cell and not cells:
        out, reach = _start(cols, need)
        qs = [len(col) for col in cols]
        return _one_cell_dead(cols, qs, _start_blocks(qs), out, reach, qs.count(0))
    return len(cells) == ncells and dead_end(cols, cells, need, one_cell)


def dead_end(cols: tuple[bytes, ...], cells: bytes, need: list[int],
             one_cell: bool = False) -> bool:
    """DEAD-END, for a position whose cells are all full: True when no cell
    card can ever leave its cell, or (``one_cell``, the position has one
    cell) when DEAD-END-ONE-CELL finds a table card that can never move.
    G is grown by sweeps over the columns."""
    out, reach = _start(cols, need)
    qs = [len(col) for col in cols]
    blocks = _start_blocks(qs)
    empty = qs.count(0)
    changed = True
    while changed:
        for c in cells:            # can a cell card leave?
            if _can_leave(c, out, reach, empty):
                return one_cell and _one_cell_dead(cols, qs, blocks, out | 1 << c,
                                                   reach | 1 << c, empty)
        out, reach, empty, changed = _sweep(cols, qs, blocks, out, reach, empty, 0)
    return True


def _start(cols: tuple[bytes, ...], need: list[int]) -> tuple[int, int]:
    """Where the fixpoints start: ``out`` = the cards already home,
    ``reach`` = the column tops."""
    below = _BELOW
    out = below[need[0]] | below[need[1]] | below[need[2]] | below[need[3]]
    reach = 0
    for col in cols:
        if col:
            reach |= 1 << col[-1]
    return out, reach


def _start_blocks(qs: list[int]) -> list[Block]:
    """The blocks before the first sweep: ``_LOOK`` for each column with
    cards (nothing known yet, the sweep must look at it), None for an
    empty one (all in G)."""
    return [_LOOK if q else None for q in qs]


def _can_leave(c: int, out: int, reach: int, empty: int) -> bool:
    """The relaxation's test that cell card ``c`` may leave its cell: home
    (every lower card of its suit out), onto its successor (which may be a
    top), or, a king, into a column that may be empty."""
    return (not _BELOW[c] & ~out or (c >= FIRST_KING and empty > 0)
            or (c < FIRST_KING and reach >> (c + 4) & 1 == 1))


def _sweep(cols: tuple[bytes, ...], qs: list[int], blocks: list[Block], out: int, reach: int,
           empty: int, free: int) -> tuple[int, int, int, bool]:
    """One sweep of a fixpoint over the columns, moving each column's
    boundary ``qs[k]`` down as far as rules (a)-(d) allow with ``free``
    free cells (0 or 1; RULES A2.5).  Returns the new ``out``, ``reach``,
    ``empty`` and whether anything changed.  ``blocks[k]`` says what column
    k waits for, so that a column that still waits is passed over at once;
    the sweep keeps it up to date."""
    below = _BELOW
    changed = False
    cap, cap_into_empty = CAPACITY[free][empty], CAPACITY_INTO_EMPTY[free][empty]
    missing = ~out
    for k, block in enumerate(blocks):
        if block is None:
            continue
        home_mask, target, length = block
        if home_mask & missing and not (reach & target and length <= cap if target
                                        else length <= cap_into_empty):
            continue                           # still waiting
        col = cols[k]
        q = start = qs[k]
        block = None
        while q:
            y = col[q - 1]
            if not below[y] & ~out:            # (a) y goes home
                out |= 1 << y
                q -= 1
                continue
            # where y's run starts: the engine's top_run_length of col[:q],
            # inlined: a call and a slice here slow the tests (benchmarks/NOTES.md)
            s = q - 1
            while s and col[s - 1] == col[s] + 4:
                s -= 1
            low = col[s]
            # (b) the run low..y onto low's successor, or (c) a king's run
            # into an empty column (which does not count, RULES A2.5)
            if (reach >> (low + 4) & 1 and q - s <= cap if low < FIRST_KING
                    else q - s <= cap_into_empty):
                out |= _RUN[low][q - s]
                q = s
            else:
                block = (below[y], 1 << (low + 4) if low < FIRST_KING else 0, q - s)
                break
        blocks[k] = block
        if q != start:
            missing = ~out
            qs[k] = q
            reach |= out | (1 << col[q - 1] if q else 0)
            if not q:
                empty += 1
                cap, cap_into_empty = CAPACITY[free][empty], CAPACITY_INTO_EMPTY[free][empty]
            changed = True
    return out, reach, empty, changed


def _one_cell_dead(cols: tuple[bytes, ...], qs: list[int], blocks: list[Block], out: int,
                   reach: int, empty: int) -> bool:
    """DEAD-END-ONE-CELL, from the fixpoint state of ``dead_end`` at the
    moment the cell card may leave (given as moved), or from the start
    with the cell free: True when some table card can never move.  Grows G
    by the sweeps with the cell free (rules (a)-(d), one free cell), and
    by a column's first card y not in G when y, put in the cell, could
    leave it again while the cell stays full (rule (e): ``_sweep`` with no
    free cell from G with y lifted out)."""
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
            sub_blocks[k] = _LOOK if q > 1 else None
            s_out = out
            s_reach = (reach & ~(1 << y)) | (1 << col[q - 2] if q > 1 else 0)
            s_empty = empty + (q == 1)
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
