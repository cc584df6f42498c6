"""Which cards of an Easy Harp position may ever move (RULES A1): a cheap
over-estimate, and the dead-end pattern STUCK it proves.

Rule NEVER-MOVES.  Call a card that is off the foundations (on the
tableau or in the talon) or on one (a slot's card, which a take-back may
move, A1.10) a *copy*; copies are told apart by where they lie now.  Let
M be the smallest set of copies closed under the rules below, each of
which lets a copy into M when a move of it could be made at a moment
when only copies of M have moved before:

* (top) a tableau copy X all of whose cards above it in its column (now)
  are in M, when X has a *place*: a parent (A1.2: a card it may go on)
  that is *open*, or, X a king, a column other than its own whose cards
  are all in M (it could be empty, A1.4), or a slot that could take it
  (below);
* (run) a face-up tableau copy X all of whose cards above it are in M,
  with a king under it (or X a king) heading an ordered run (A1.4) up to
  X, when some column other than its own has all its cards in M: the
  run, from the king up to X, could go there, and its copies join M;
* (talon) a talon copy with a place (every talon card reaches the waste
  top after some draws, A1.8);
* (take-back) a slot's copy all of whose cards above it in its slot are in
  M, with an open parent or (a king) a column whose cards are all in M.

A card value is *open* when a copy of it is in M, or a tableau copy of it
has all the cards above it in M.  A slot of X's suit at height ``h`` (it
holds ``h`` cards) *could take* X, of rank index ``r``, when ``h <= r`` and
every rank from ``h`` to ``r - 1`` of that suit has a copy in M, or when
``h > r`` and its copies from height ``r`` up are in M.

Claim: in any line of play from the position (take-backs, draws and
redeals included), only copies of M ever move.  Take the first move that
moves copies not in M (a move may carry several: a king-led run), and Y
the highest of them in its pile; every copy moved before is in M.  If Y
is a tableau copy, the cards once above it have left (in M) or, still
in place, are carried along with it (in M, Y being the highest).  If Y
moves alone, where it goes is a column top, which is a copy that moved
before (in M) or a tableau copy that has never moved and whose cards
above have all left (open either way); or an empty column other than
its own, whose cards have all left (in M); or a slot at height exactly
``r``, which got each rank from ``h`` up to ``r - 1`` from a copy that
moved (in M), or lost, by take-backs (moves, so in M), its copies from
``r`` up.  If Y is carried in a king-led run, the cards under it down to
the king have never moved (nothing under a card moves before it, but in
such a run), so the run from the king up to Y is an ordered, face-up run
now, and the column it goes to is empty, its cards gone (in M).  A talon
copy needs a place as above; a slot's copy must be its slot's top, so
the copies once above it were taken back (in M), and a take-back goes
onto a column top or (a king) into an empty column.  Each case is a rule
above, so Y is in M: a contradiction.  Draws and redeals (A1.8) move no
copy.

A copy that never moves never reaches a foundation, and a game is won
only when every card is up (A1.9); so a position with a tableau or talon
copy outside M is lost.  Pattern STUCK is that test, and :func:`stuck_cards`
lists the cards outside M.  It proves lost every position that pattern LOCKED of
:mod:`harp.solve.easyharp.deadends` proves lost (the cards LOCKED finds
and those under them never satisfy a rule), and more: the rules follow
chains and cycles of cards that wait for each other, kings that wait
for an empty column among them.  Pattern BLOCKED stays: a king-led run
that is all its column holds may go to an empty column, which changes
nothing, but lets this estimate count its column as one that empties.

The set is computed from M empty, letting copies in until none is let in:
M only grows, and each rule only asks for copies to be in M, so the
order of the passes does not change the set reached.
"""
from __future__ import annotations

from harp.cards import KING
from .model import FITS, PARENTS, SLOT_BASE, SLOT_SUIT, Position, talon_cards


def stuck_cards(pos: Position) -> list[int]:
    """The cards of the tableau and talon outside M (rule NEVER-MOVES):
    the position is lost when there is one.  Tableau cards come first,
    column by column from the top, then the talon's."""
    cols, talon, slots = pos
    top = [len(col) - 1 for col in cols]   # highest copy not (yet) in M; 0: none
    moved = bytearray(52)                  # a copy of the card is in M
    open_ = bytearray(52)                  # the card is open
    for col in cols:
        if len(col) > 1:
            open_[col[-1]] = 1
    empties = top.count(0)
    taken = list(slots)                    # per slot: its copies from this height up are in M
    left = talon_cards(talon)

    reach = list(slots)                    # per slot: ranks from its height below this are in M

    def place(card: int) -> bool:
        parents = PARENTS[card]
        if parents:
            if open_[parents[0]] or open_[parents[1]]:
                return True
        elif empties:
            return True
        rank = card >> 2
        slot = SLOT_BASE[card & 3]
        for slot in (slot, slot + 1):
            if taken[slot] <= rank:
                high = reach[slot]
                while high < rank and moved[high * 4 + (card & 3)]:
                    high += 1
                reach[slot] = high
                if rank <= high:
                    return True
        return False

    changed = True
    while changed:
        if not (any(top) or left):
            return []
        changed = False
        for c, col in enumerate(cols):
            t = top[c]
            if not t:
                continue
            while t and place(col[t]):
                moved[col[t]] = open_[col[t]] = 1
                t -= 1
                changed = True
            if t and empties:
                t = _carried(col, t, moved, open_)
                changed |= t != top[c]
            if t:
                open_[col[t]] = 1
            elif top[c]:
                empties += 1      # (a king's own column may now count: it is in M)
            top[c] = t
        stay = []
        for card in left:
            if place(card):
                moved[card] = open_[card] = 1
                changed = True
            else:
                stay.append(card)
        left = stay
        for slot in range(8):
            while taken[slot]:
                card = (taken[slot] - 1) * 4 + SLOT_SUIT[slot]
                parents = PARENTS[card]
                if not (open_[parents[0]] or open_[parents[1]] if parents else empties):
                    break
                moved[card] = open_[card] = 1
                taken[slot] -= 1
                changed = True
    out = [col[i] for c, col in enumerate(cols) for i in range(top[c], 0, -1)]
    return out + left


def _carried(col: bytes, t: int, moved: bytearray, open_: bytearray) -> int:
    """Rule (run) for the column's highest copy ``t`` not in M (an empty
    column other than this one may exist): when a king under it heads an
    ordered face-up run up to it, the run's copies join M; the new
    highest copy not in M."""
    floor = col[0] + 1
    j = t
    while col[j] >> 2 != KING:
        if j <= floor or not FITS[col[j] * 52 + col[j - 1]]:
            return t
        j -= 1
    for i in range(j, t + 1):
        moved[col[i]] = open_[col[i]] = 1
    return j - 1
