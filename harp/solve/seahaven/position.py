"""Seahaven Towers solver: how the search holds a position, and the forced
moves that close it (RULES A2).

Encoding.  A card is the engine's int, rank x 4 + suit (:mod:`harp.cards`):
``c + 4`` is its successor, the card it goes on (same suit, one rank
higher, RULES A2.3), and ``c & 3`` its suit; the hot code spells these two
as literals (``tests/test_solve_sh.py`` checks them against the engine).
A column is ``bytes``, bottom to top; the cells are one sorted ``bytes``;
``need[s]`` is the next card suit ``s``'s foundation needs, ``COMPLETE +
s`` once it is complete.  A position's foundations follow from the cards
still on the table, so they are not part of its key.

Pruning rule SYMMETRY.  The search visits *canonical* positions: the ten
columns as an unordered multiset and the cells as an unordered multiset
(``position_key``).  RULES A2 treats every column alike and every cell
alike, and the group capacity of RULES A2.5 depends only on how many cells
and columns are free.  So moves that lead to the same canonical position
are not searched at all: a card from one cell to another (``a>b``), and a
column whose bottom is a king moved whole into another empty column.

Pruning rule FORCED-HOME.  Sending a card to its foundation is always
safe, so it is done at once (``close``): the card could only ever host its
rank-1 card of the same suit, which is already on the foundation, and
removing it only frees a cell or a column top.  Any winning line from the
position before can be replayed from the position after by skipping that
card's moves, and is one move shorter.

Pruning rule UNPARK-AT-ONCE (with WHOLE-RUN-PARKS).  A cell card whose
successor is a column top is put on it at once (``close``), and cards go
into cells only as a column's whole top run, one card at a time, top first
(the parks of :mod:`.seahaven_moves`).  Why this loses nothing: call Y
"ahead of" X when Y is X with some cell cards put on their successors (and
maybe more cards on the foundations).  Every move from X can be matched
from Y by at most one searched move, landing ahead again: moving a card
from a cell onto its successor is already done in Y; parking a card that
sits on its successor gives a position Y is already ahead of; parking a
card x that sits on anything else is matched by parking Y's whole run led
by x (the k cards put on x in Y freed k cells, so it fits); a run moved
onto a column, or into an empty column, is matched by the same move
carrying the extra k cards, which fits because capacity (f + k + 1) x 2^e
>= (f + 1) x 2^e + k (RULES A2.5).  So a won position reachable from X has
a won position ahead of it reachable from Y by searched moves.  (A king
from a cell into an empty column is *not* forced: a king alone in a column
may be worth parking to gain an empty column, RULES A2.5.)
"""
from __future__ import annotations

from harp.cards import KING, make_card
from harp.notation import CELL_NAMES
from harp.seahaven import N_COLUMNS, capacity, top_run_length

CELL = N_COLUMNS           # move record location: "a cell" (columns are 0-9)
FOUND = N_COLUMNS + 1      # move record location: "the foundation"
FIRST_KING = make_card(KING, 0)        # cards FIRST_KING.. are the kings
COMPLETE = make_card(KING + 1, 0)      # need[s] == COMPLETE + s: suit s is home
SEP = b"\xff"              # separates columns in a key; cards are bytes 0..51
MAX_CELLS = len(CELL_NAMES)

#: A move as the search records it, for the script: (source, destination,
#: card), with columns 0-9, ``CELL`` or ``FOUND``; the card is the one moved,
#: the lowest of a run.
MoveRecord = tuple[int, int, int]

#: ``CAPACITY[free][empty]``: the largest run that moves as a unit onto a
#: column, with ``free`` free cells and ``empty`` empty columns (RULES A2.5).
CAPACITY: list[list[int]] = [[capacity(free, empty) for empty in range(N_COLUMNS + 1)]
                             for free in range(MAX_CELLS + 1)]
#: ``CAPACITY_INTO_EMPTY[free][empty]``: the same for a move into one of the
#: ``empty`` empty columns, which does not count itself (RULES A2.5); 0 when
#: there is none, so that no run fits.
CAPACITY_INTO_EMPTY: list[list[int]] = [
    [capacity(free, empty - 1) if empty else 0 for empty in range(N_COLUMNS + 1)]
    for free in range(MAX_CELLS + 1)]


#: Facts about a column's top same-suit run (``column_info``): (the run's
#: lowest card, the one that moves onto a successor; how many cards it
#: holds; whether it fills the column; the column's digging order, lower
#: first).  A plain tuple, not a NamedTuple: the hot code unpacks it, and
#: unpacking a tuple subclass is not specialised by Python 3.11, which
#: made the move generation measurably slower (benchmarks/NOTES.md).  Read
#: one field by its index constant below.
ColumnInfo = tuple[int, int, bool, int]
LOW, LENGTH, WHOLE, DIG = range(4)


#: ``column_info``'s cache: the same column contents recur in many positions.
INFO: dict[bytes, ColumnInfo] = {}
_INFO_LIMIT = 200_000      # bound the cache's memory


def column_info(col: bytes) -> ColumnInfo:
    """The ``ColumnInfo`` of a non-empty column, cached in ``INFO`` (callers
    read ``INFO.get(col) or column_info(col)``: the cache hit costs no call).

    The digging order says how soon the search should dig into the column:
    columns holding a low rank first (the foundations want it soonest),
    then short ones (rank x 32 + length; a column holds fewer than 32
    cards)."""
    length = top_run_length(col)
    if len(INFO) > _INFO_LIMIT:
        INFO.clear()
    info = INFO[col] = (col[-length], length, length == len(col), (min(col) >> 2) * 32 + len(col))
    return info


def position_key(cols: tuple[bytes, ...] | list[bytes], cells: bytes) -> bytes:
    """Canonical key (SYMMETRY): columns and cells as unordered multisets."""
    return SEP.join(sorted(cols)) + SEP + cells


def close(cols: list[bytes], cells: bytes, need: list[int], rec: list[MoveRecord],
          work: list[int]) -> bytes:
    """Apply the forced moves until none is left (FORCED-HOME,
    UNPARK-AT-ONCE): cards to their foundations, and cell cards onto their
    successors.

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
                if nxt < COMPLETE:
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


def close_root(cols: list[bytes], cells: bytes, need: list[int],
               rec: list[MoveRecord]) -> bytes:
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
    return close(cols, cells, need, rec, work) if work else cells
