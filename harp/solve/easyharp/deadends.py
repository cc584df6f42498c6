"""Proved dead ends of Easy Harp (RULES A1): positions that cannot be won,
recognised without a search.

:func:`dead_end` returns the name of the first pattern that applies (or
None); the solver answers ``unsolvable`` on such a position at once.  Each
pattern's proof sits with its test.  Easy Harp is a loose game (nine
columns, two copies of every card, the whole talon at hand), so patterns
that hold from the opening are rare: see docs/solvers.md ("Win rates")
for what a scan of deals found.
"""
from __future__ import annotations

from harp.cards import KING
from harp.easyharp import FITS, PARENTS

from .model import Position, accepts, slot_for, slot_top, tableau_empty, talon_cards
from .movable import stuck_cards

#: Names of the patterns (what :func:`dead_end` returns); STUCK is rule
#: NEVER-MOVES of :mod:`harp.solve.easyharp.movable`.
BLOCKED = "no card can move"
LOCKED = "a card can never leave its column"
STUCK = "a card can never move"


def dead_end(pos: Position) -> str | None:
    """The name of a proved dead-end pattern of the position, or None."""
    if _blocked(pos):
        return BLOCKED
    if locked_cards(pos):
        return LOCKED
    if stuck_cards(pos):
        return STUCK
    return None


def locked_cards(pos: Position) -> list[tuple[int, int]]:
    """The cards (column, index in the column's bytes) that can never
    move: pattern LOCKED, twin cards blocking each other.

    A card Y (not a king) of a column is *anchored* when no king lies
    under it with an ordered run from that king up to Y (so Y can never
    travel in a king-led run, RULES A1.4: it leaves its column only
    alone, as its top card, A1.3).  Cards *held* are those under an
    anchored card that can never move, in any column.  An anchored Y can
    never move when both:

    * every copy of every card Y may go on (A1.2: both copies of the two
      cards of the other colour one rank higher) lies under Y in its own
      column or is held: such a card never moves, so it is never a
      column's top, nor on a foundation to be taken back (A1.10);
    * for some rank below Y's, both copies of the card of Y's suit and
      that rank lie under Y or are held: no slot of Y's suit ever gets
      past that rank (A1.7: each slot needs a copy of every rank), so
      Y never goes up.

    Y then never moves, and the cards under it are held: the least
    fixpoint from no card held only grows.  A card that never moves never
    reaches a foundation, so a position with one is lost (A1.9).  Every
    step only uses where the cards lie, so the proof covers every line,
    take-backs and redeals included."""
    cols = pos.columns
    anchored = [[_anchored(col, i) for i in range(len(col))] for col in cols]
    # Per column, the highest card known never to move (0: none); the
    # cards under it (indices 1 up to it) are held.
    top_locked = [0] * len(cols)
    locked: list[tuple[int, int]] = []
    changed = True
    while changed:
        changed = False
        for c, col in enumerate(cols):
            for i in range(len(col) - 1, top_locked[c], -1):
                if anchored[c][i] and _never_moves(col, i, cols, top_locked, c):
                    locked.append((c, i))
                    top_locked[c] = i
                    changed = True
                    break
    return locked


def _anchored(col: bytes, i: int) -> bool:
    """Card i (index in the column's bytes, from 1) is not a king and no
    king under it heads a run up to it."""
    if i < 1 or col[i] >> 2 == KING:
        return False
    j = i
    while j > 1 and FITS[col[j] * 52 + col[j - 1]]:
        j -= 1
        if col[j] >> 2 == KING:
            return False
    return True


def _never_moves(col: bytes, i: int, cols: tuple[bytes, ...], top_locked: list[int],
                 c: int) -> bool:
    """Whether anchored card i of column c can never move, given the cards
    held (see :func:`locked_cards`)."""
    held = [0] * 52
    for k, other in enumerate(cols):
        for card in other[1:(i if k == c else top_locked[k])]:
            held[card] += 1
    card = col[i]
    if any(held[parent] < 2 for parent in PARENTS[card]):
        return False
    suit = card & 3
    return any(held[rank * 4 + suit] == 2 for rank in range(card >> 2))


def _blocked(pos: Position) -> bool:
    """Nothing can change: the tableau is not empty, no column top, talon
    card or foundation top card goes to a foundation or onto a column, and
    no king-led run with cards under it can go to an empty column.

    Proof: what is left are draws (and redeals), which change only the
    talon's pointer (RULES A1.8), and moves of a king-led run that is all
    its column holds into another empty column, which give the same piles
    in another column order.  Whether a card can move depends only on the
    piles (the talon as a whole: every talon card reaches the waste top
    after some draws), so no action ever changes a pile, and the cards on
    the tableau never reach a foundation (A1.9)."""
    cols, talon, slots = pos
    if tableau_empty(pos):
        return False
    movers = [col[-1] for col in cols if len(col) > 1] + talon_cards(talon)
    movers += [slot_top(slots, slot) for slot, height in enumerate(slots) if height]
    for card in movers:
        if slot_for(slots, card) >= 0:
            return False
        if any(len(col) > 1 and accepts(col, card) for col in cols):
            return False
        if card >> 2 == KING and any(len(col) == 1 for col in cols):
            if not any(len(col) == 2 and col[-1] == card for col in cols):
                return False          # a king from the talon, a slot or over other cards
    return True
