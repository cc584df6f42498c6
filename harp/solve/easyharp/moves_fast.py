"""The fast search's moves (RULES A1.2-A1.10): a strong but incomplete
choice of moves and macro moves, and its closure, which plays up cards
that only look safe.  Never trusted for ``unsolvable``: every answer of the
fast search is a win that the engine replays.

A *step* is ``(priority, moves)``, as in :mod:`harp.solve.easyharp.moves_sound`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

from harp.cards import KING, is_red
from harp.easyharp import N_SLOTS

from .model import (COL_TO_COL, PARENTS, SLOT_BASE, SLOT_SUIT, TALON_ONE, TALON_TO_COL, Move,
                    Position, remove_top, run_length, slot_for, tuple_new, with_item)
from .moves_sound import (FROM_TALON, ONTO, TALON_UP, UP, Step, column_tops, first_empty,
                          take_backs)

#: Whether each card is red (the hot path reads a table).
_RED: Final = tuple(is_red(card) for card in range(52))


def looks_safe(slots: tuple[int, ...], card: int) -> bool:
    """Whether every card that could be built on ``card`` (both copies of
    both cards of the other colour one rank lower) is on a foundation.  The
    fast search plays such cards up at once; that is not proved safe in a
    two-deck game with take-backs (RULES A1.10), so only the fast search,
    whose answers are all replayed wins, relies on it."""
    rank = card >> 2
    if _RED[card]:
        return min(slots[0], slots[1], slots[6], slots[7]) >= rank
    return min(slots[2], slots[3], slots[4], slots[5]) >= rank


def play_safe(pos: Position, line: list[Move]) -> Position:
    """Play up, from column tops and the talon, every card that
    :func:`looks_safe` allows (the fast search's closure).  Only the eight
    cards the slots need next are looked at, the talon first, then the
    columns from the first."""
    while True:
        cols, talon, slots = pos
        black = min(slots[0], slots[1], slots[6], slots[7])
        red = min(slots[2], slots[3], slots[4], slots[5])
        tops = None
        for slot in range(N_SLOTS):
            height = slots[slot]
            if height == 13 or (black if 2 <= slot <= 5 else red) < height:
                continue                   # complete, or something may go on the card
            card = height * 4 + SLOT_SUIT[slot]
            if talon >> (2 * card) & 3:
                move = TALON_UP[card]
                talon -= TALON_ONE[card]
                break
            if tops is None:
                tops = [col[-1] if len(col) > 1 else -1 for col in cols]
            if card in tops:
                i = tops.index(card)
                move = UP[i][card]
                cols = with_item(cols, i, remove_top(cols[i], 1))
                break
        else:
            return pos
        # (the move made here, not by apply: the slot is the first that
        # takes the card, as apply would find it)
        pos = tuple_new(Position, (cols, talon, with_item(slots, slot, height + 1)))
        line.append(move)


def play_safe_after(pos: Position, segment: list[Move]) -> Position:
    """:func:`play_safe` for a position reached by ``segment`` from a
    position that :func:`play_safe` has closed (the searches' children).
    When the segment only put cards on columns, the one new chance of a
    safe card is the new top of a column a card left: a talon card was
    already looked at in the parent (the talon is checked first), and no
    slot changed; so only those tops are looked at, and the full closure
    runs when one of them goes up, or when the segment changed a slot."""
    cols, _, slots = pos
    for move in segment:
        kind = move.kind
        if kind != COL_TO_COL and kind != TALON_TO_COL:
            return play_safe(pos, segment)
        if kind == COL_TO_COL:
            col = cols[move.src]
            if len(col) > 1 and slot_for(slots, col[-1]) >= 0 and looks_safe(slots, col[-1]):
                return play_safe(pos, segment)
    return pos


#: Priority cost of each face-down card under a column that a card is put
#: on: building on a column that still has cards to turn buries them.
BURY: Final = 24
#: Priority of the moves :func:`wide_steps` adds.
LAST_RESORT: Final = 9 * 256
#: Longest chain of talon cards the fast search builds to give a column's
#: top card a place.
MAX_CHAIN: Final = 5


def quick_steps(pos: Position) -> list[Step]:
    """The fast search's moves, best first: a column's top card to a
    foundation (after the talon cards of its suit it needs), onto another
    column's top, onto a chain of talon cards built on a column top or a
    talon king in an empty column, a king-led run into an empty column; the
    columns that turn a card (or empty) first, shallow digs before deep.
    Talon cards go to the tableau only in such chains; lone talon plays to
    a foundation and take-backs come last."""
    cols = pos.columns
    return _quick_steps(pos, column_tops(cols), first_empty(cols))


def jittered(jitter: list[float]) -> Callable[[Position], list[Step]]:
    """:func:`quick_steps` in another order: each step's priority plus
    ``jitter[n & 63]`` (n: its place in the list), sorted again: the
    depth-first restarts' orders (a priority class is 256)."""
    def steps(pos: Position) -> list[Step]:
        out = quick_steps(pos)
        if len(out) > 1:
            out = [(prio + jitter[n & 63], moves) for n, (prio, moves) in enumerate(out)]
            out.sort(key=_priority)
        return out
    return steps


def _quick_steps(pos: Position, tops: dict[int, list[int]], empty: int) -> list[Step]:
    """:func:`quick_steps` given the column tops and the first empty column."""
    cols, talon, slots = pos
    out: list[Step] = []
    hosts: dict[int, int] | None = None  # the chains' hosts (:func:`_grow`), as they are asked for
    for i, col in enumerate(cols):
        if len(col) == 1:
            continue
        card = col[-1]
        down = col[0]
        up = len(col) - 1 - down
        reveals = up == 1
        tie = up * 16 - down
        suit, rank = card & 3, card >> 2
        first = SLOT_BASE[suit]
        low, high = slots[first], slots[first + 1]
        if low == rank or high == rank:
            out.append(((0 if reveals else 1) * 256 + tie, [UP[i][card]]))
        elif (low < rank and talon >> (2 * (low * 4 + suit)) & 3
              or high < rank and talon >> (2 * (high * 4 + suit)) & 3):
            # (else the talon lacks what either slot takes next: no run)
            _via_talon_foundation(pos, i, card, (2 if reveals else 4) * 256 + tie, out)
        if reveals and not down and empty >= 0:
            continue                     # a lone card: moving it only empties its column
        base = (1 if reveals and down else 2 if reveals else 3 if down else 6) * 256 + tie
        onto = ONTO[i]
        for parent in PARENTS[card]:
            for j in tops.get(parent, ()):
                out.append((base + BURY * cols[j][0], [onto[j][card]]))
        if empty >= 0 and down:
            n = run_length(col)
            if col[-n] >> 2 == KING and up == n:
                out.append((256 + tie, [onto[empty][card]]))
        if talon & _PARENTS_MASK[card]:
            if hosts is None:
                hosts = {}
            _grow(pos, i, card, tops, empty, hosts, base + 256, out, card, [], MAX_CHAIN)
    out.sort(key=_priority)
    return out


def _priority(step: Step) -> int:
    return step[0]


#: Per card, the talon bits of the cards it may be built on: a chain
#: (:func:`_grow`) starts only when one of them is in the talon.
_PARENTS_MASK: Final = tuple(sum(3 << (2 * parent) for parent in PARENTS[card])
                              for card in range(52))


def wide_steps(pos: Position) -> list[Step]:
    """:func:`quick_steps`, then, tried last, a talon card to a foundation
    on its own and take-backs (RULES A1.10) onto a column top or a king
    into an empty column: for the beam searches (in a depth-first run
    these moves make every dead end much bigger)."""
    cols, talon, slots = pos
    empty = first_empty(cols)
    tops = column_tops(cols)
    out = _quick_steps(pos, tops, empty)
    for slot, height in enumerate(slots):
        card = height * 4 + SLOT_SUIT[slot]
        if height < 13 and talon >> (2 * card) & 3 and not (slot & 1 and slots[slot - 1] == height):
            out.append((LAST_RESORT, [TALON_UP[card]]))
    take_backs(slots, tops, empty, LAST_RESORT + 256, out)
    return out


def _via_talon_foundation(pos: Position, i: int, card: int, prio: int, out: list[Step]) -> None:
    """The talon cards of ``card``'s suit from a slot's height up to just
    below ``card``, then ``card`` from column i, all to the foundation
    (from the lower slot when both can take the run)."""
    talon, slots = pos.talon, pos.slots
    suit, rank = card & 3, card >> 2
    base = SLOT_BASE[suit]
    low, high = slots[base], slots[base + 1]
    if low > high:
        low, high = high, low
    for height in (low, high):
        if height >= rank:
            return
        reached = height               # the talon has every card from height up to here
        while reached < rank and talon >> (2 * (reached * 4 + suit)) & 3:
            reached += 1
        if reached == rank:
            moves = [TALON_UP[r * 4 + suit] for r in range(height, rank)]
            moves.append(UP[i][card])
            out.append((prio + rank - height, moves))
            return


def _grow(pos: Position, i: int, card: int, tops: dict[int, list[int]], empty: int,
          hosts: dict[int, int], prio: int, out: list[Step], child: int, chain: list[int],
          left: int) -> None:
    """Column i's top ``card`` onto a chain of talon cards: parents taken
    from the talon, one rank up each, until one fits on a column top (or is
    a king for the first empty column); both suits of each rank are tried.
    (A chain climbs one rank a link, so no card is in it twice: one copy in
    the talon is enough for each link.)  Called with the chain built so
    far, whose last link (or the column's card) is ``child``.  ``hosts``
    keeps each link's host column (:func:`_host`) for the position's other
    columns.  A function of its own, not a closure: a closure that calls
    itself is a reference cycle, and the searches run with the cycle
    collector paused."""
    talon, cols = pos.talon, pos.columns
    for parent in PARENTS[child]:
        if not talon >> (2 * parent) & 3:
            continue
        links = chain + [parent]
        j = hosts.get(parent)
        if j is None:
            j = hosts[parent] = _host(cols, tops, empty, parent)
        if j >= 0:
            from_talon = FROM_TALON[j]
            moves = [from_talon[c] for c in reversed(links)]
            moves.append(ONTO[i][j][card])
            out.append((prio + len(links) - 1 + BURY * cols[j][0], moves))
        if left > 1 and parent >> 2 < KING:
            _grow(pos, i, card, tops, empty, hosts, prio, out, parent, links, left - 1)


def _host(cols: tuple[bytes, ...], tops: dict[int, list[int]], empty: int, card: int) -> int:
    """The column a talon ``card`` would be put on to end a chain: of the
    columns whose top takes it (or, for a king, the first empty column),
    the first with the fewest face-down cards; -1 if none.  (Never the
    chain's own column: its top is ranks below the card.)"""
    found = [j for top in PARENTS[card] for j in tops.get(top, ())]
    if card >> 2 == KING and empty >= 0:
        found.append(empty)
    if not found:
        return -1
    return min(found, key=lambda j: cols[j][0])
