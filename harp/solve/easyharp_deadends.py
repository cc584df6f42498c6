"""Proved dead ends of Easy Harp (RULES A1): positions that cannot be won,
recognised without a search.

:func:`dead_end` returns the name of the first pattern that applies (or
None); the solver answers ``unsolvable`` on such a position at once.  Each
pattern's proof sits with its test.  Easy Harp is a loose game (nine
columns, two copies of every card, the whole talon at hand), so patterns
that hold from the opening are rare: see the README's Easy Harp solver
section for what a scan of deals found.
"""
from __future__ import annotations

from harp.cards import KING

from .easyharp_model import Position, accepts, slot_for, slot_top, tableau_empty, talon_cards

#: Names of the patterns (what :func:`dead_end` returns).
BLOCKED = "no card can move"


def dead_end(pos: Position) -> str | None:
    """The name of a proved dead-end pattern of the position, or None."""
    if _blocked(pos):
        return BLOCKED
    return None


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
