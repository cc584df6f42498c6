"""Proved foundation rules of the Easy Harp sound search (RULES A1.7,
A1.10): which cards may go up at once, and which take-backs are needless.

A safe-to-foundation rule proved for one deck does not carry over to two
decks with take-backs: a card on a foundation can come back down to carry
another.  The two rules here are proved for Easy Harp itself.  Both proofs
turn a winning line into one that is no longer, so they hold together with
the sound search's other reductions (each of which also keeps a line no
longer), and the depth-first search stays complete.  The tests cross-check
both against a plain exhaustive search over the engine's legal actions.

Words used below.  The *height* of a slot is how many cards it holds; a
card of rank index ``r`` (ace 0 ... king 12) goes on a slot of its suit at
height ``r``.  A card's *children* are the cards that may be built on it
(RULES A1.2: the other colour, one rank lower).  ``low(t)`` is the lower
of the two heights of suit ``t``'s slots; ``m(c)`` the lowest height among
the four slots of colour ``c``.

Lemma LOW-STAYS-UP.  Give every suit ``t`` a threshold ``d(t) <= low(t)``
such that ``d(u) >= d(t) - 1`` for every two suits ``t``, ``u`` of
different colours, and let D be the cards of each suit ``t`` below rank
``d(t)``: both copies of each are on the foundations, and D holds the
children of its cards (a child of rank ``r - 1`` of a D card of rank
``r < d(t)`` lies below ``d(t) - 1 <= d(u)``).  If the position S is won,
the line L that wins it, with every move of a D card left out, also wins
it.  Why each kept move stays legal:

* a D card is only ever on the tableau because a take-back put it there,
  on a face-up card or (a king) in an empty column, and only D cards can
  be put on it (its children); so each column of L is the same column of
  the shortened line with some D cards on top, and a column empty in L is
  empty there;
* a move of a card C not in D: C is a top in L, so it is a top there; the
  card C goes on is its parent, not in D (D holds its cards' children), so
  it is a top there too; a king-led run (A1.4) is the same run without its
  D cards, which can only be its last ones; the talon never holds a D card;
* the foundations: for each suit and rank, count the copies up.  Left out
  moves only change the counts below ``d(t)``, which stay at 2; a slot at
  the height a kept move needs (to put a card up, or to take one back
  from) exists when the counts allow it, and the key does not tell the
  two slots of a suit apart (rule SYMMETRY);
* the win (every card up, A1.9) is the same.

So from S no card of D ever needs to move; the largest such D has
``d(t) = min(low(t), min(m(c), m(c') + 1) + 1)`` for a suit ``t`` of
colour ``c'`` and the other colour ``c``.

Rule NO-LOW-TAKE-BACK.  A take-back of a D card is needless: the lemma
gives a winning line without one, and no longer.  For the top of a slot of
height ``h`` of suit ``t`` that is: ``h <= low(t)``, ``h <= m(c) + 1`` and
``h <= m(c') + 2``.

Rule SAFE-UP.  A card X of rank index ``x`` and colour ``c'``, on a column
top or in the talon, may go up at once when every slot of the other colour
``c`` is at height ``x`` or more, every slot of colour ``c'`` at ``x - 1``
or more, and both slots of X's suit at ``x`` or more (one of them exactly
``x``, to take it).  Then X's children (both copies of the two cards of
colour ``c`` and rank ``x - 1``) are in the largest D, as are the cards of
X's suit below it.  Take a line L winning S, without moves of D cards
(lemma).  Nothing is ever put on X (only its children could be), so the
line that leaves out every move of X is legal from S' (S with X up): a
column of it is the column of L without X, which can only be at its top;
the card X uncovers in S' is turned up sooner (A1.6), which forbids
nothing; a king-led run that ends with X moves without it; an empty column
of L is empty there.  On the foundations S' has one copy of rank ``x``
more until L puts X up, and no copy of X's suit below ``x`` ever moves,
so every kept foundation move still finds its slot (counted as above).
After L puts X up the two lines are in the same position.  So S' is won
whenever S is (and S is won whenever S' is, S' being S after one move):
the rule keeps the verdict and never lengthens the line.

Rule ACES-UP.  For an ace (``x = 0``) every condition of SAFE-UP holds:
aces always go up.  And no take-back of an ace is needed: an ace taken
back carries nothing (A1.2), so a winning line that takes one back wins
with every move of that ace left out, the ace staying up (if the line puts
its twin up meanwhile, the twin takes the other slot, which the key does
not tell apart).

The fast search's :func:`~harp.solve.easyharp.moves_fast.looks_safe` asks only
the first condition.  Without the other two, a line may need a card that
is up back on the tableau (to carry a card of X's colour that still has to
move), and a test has a won position that the sound search calls lost
under it; only the fast search, whose answers are replayed wins, uses it.
"""
from __future__ import annotations

from typing import Final

from harp.cards import is_red

from .model import (COL_TO_FOUNDATION, TALON_TO_FOUNDATION, Move, Position, SLOT_SUIT,
                             apply)

#: The first slots of the red suits (RULES B5: f3-f4 hearts, f5-f6
#: diamonds; spades f1-f2 and clubs f7-f8 are black).
RED_BASES: Final = tuple(base for base in (0, 2, 4, 6) if is_red(SLOT_SUIT[base]))


def colour_lows(slots: tuple[int, ...]) -> tuple[int, int]:
    """``m`` of each colour: the lowest black slot and the lowest red slot."""
    return (min(slots[0], slots[1], slots[6], slots[7]),
            min(slots[2], slots[3], slots[4], slots[5]))


def needless_take_backs(slots: tuple[int, ...]) -> tuple[int, ...]:
    """The slots whose top rule NO-LOW-TAKE-BACK leaves out taking back:
    the card is in the largest D of lemma LOW-STAYS-UP."""
    black, red = colour_lows(slots)
    out = []
    for slot, height in enumerate(slots):
        base = slot & ~1
        same, other = (red, black) if base in RED_BASES else (black, red)
        if (height <= slots[base] and height <= slots[base + 1]
                and height <= other + 1 and height <= same + 2):
            out.append(slot)
    return tuple(out)


def safe_cards(slots: tuple[int, ...]) -> list[int]:
    """The cards rule SAFE-UP sends up (from a column top or the talon):
    at most one card value per suit, the rank its lower slot takes."""
    black, red = colour_lows(slots)
    out = []
    for base in (0, 2, 4, 6):
        rank = min(slots[base], slots[base + 1])
        same, other = (red, black) if base in RED_BASES else (black, red)
        if rank < 13 and other >= rank and same >= rank - 1:
            out.append(rank * 4 + SLOT_SUIT[base])
    return out


def play_proved(pos: Position, line: list[Move] | None) -> Position:
    """Play every card rule SAFE-UP sends up (aces among them), from the
    column tops (first column first), then the talon, until none is left;
    the moves are appended to ``line`` when given.  The sound search's
    closure: the position it returns is won exactly when ``pos`` is."""
    while True:
        cols, talon, slots = pos
        safe = safe_cards(slots)
        if not safe:
            return pos
        move = None
        for i, col in enumerate(cols):
            if len(col) > 1 and col[-1] in safe:
                move = Move(COL_TO_FOUNDATION, i, -1, col[-1])
                break
        else:
            for card in safe:
                if talon >> (2 * card) & 3:
                    move = Move(TALON_TO_FOUNDATION, -1, -1, card)
                    break
        if move is None:
            return pos
        pos = apply(pos, move)
        if line is not None:
            line.append(move)
