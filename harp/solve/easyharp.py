"""Easy Harp solver (RULES A1): a perfect-information search from any position.

The deal code fixes every card, face-down ones and the stock order included,
so the solver sees everything.  After fast, incomplete phases that only
look for wins (see the end of this text), it runs a best-first search with a
transposition table over *macro moves* and answers ``solved`` (with a
canonical script, RULES B7, that the engine replays to ``won``),
``unsolvable`` (only when the search ran out of positions, under the sound
reductions listed below) or ``unknown`` (a limit was reached).  Best-first
only orders the work: every generated position is expanded before the answer
is ``unsolvable``.

Model
-----
A position is ``(columns, talon, p, foundations)``:

* ``columns``: nine ``bytes``; byte 0 is the number of face-down cards at the
  bottom, the rest are the cards bottom to top.  Face-down cards are turned up
  as soon as they are uncovered (RULES A1.6), so a non-empty column always has
  a face-up top, and its face-up part is always one ordered run (cards arrive
  one at a time on a card one rank higher of the other colour, A1.2-A1.3, or
  as a whole king-led run into an empty column, A1.4).
* ``talon``: stock and waste as one sequence in drawing order (the waste
  bottom to top, then the stock from the next card to draw), and ``p`` the
  number of cards already drawn in this pass (the waste size).  Drawing one
  card at a time with unlimited redeals in the same order (RULES A1.8) makes
  every talon card playable after a known number of ``d`` actions, so "play
  the talon card at position k" is one macro move that emits the draws.
* ``foundations``: the heights of the eight slots f1..f8 (RULES A1.7, B5).

Sound reductions
----------------
The search explores the lines of a *normal form*; any winning line can be
rewritten into one (the proofs are in the comments of the functions named):

1. The key forgets ``p``, the talon order, the column order and which of a
   suit's two slots is which (:func:`_key`).
2. An ace on a column top goes to a foundation at once, and an ace is never
   taken back (:func:`_close`).
3. A talon card goes to the tableau only in a chain that a column or
   foundation top is built on at once (:func:`_chains`).
4. A talon card goes to a foundation only right before a column card that
   needs it, or in the final sweep once the tableau is empty
   (:func:`_foundation_moves`, :func:`_finish`).
5. Empty columns are interchangeable (only the first is offered), and a
   king-led run is not moved off a column with nothing else in it (the
   result would equal the position up to column order).

Nothing else is pruned: every other rule-allowed action, take-backs from a
foundation (RULES A1.10) included, is generated.

The fast phases
---------------
After a short sound search (``SOUND_FIRST`` positions, which wins the easy
deals at once) and before the full one, three incomplete phases look for a
win, each until its share of the time and positions is used up:

* greedy runs (:func:`_quick_win`): best-first by a weighted score, a few
  thousand positions per weighting, first without take-backs, then with;
* hill climbing (:func:`_climb_win`): breadth-first search for the nearest
  position that scores better, then from there, and so on;
* beam search (:func:`_beam_win`): the best few dozen positions of each
  depth, depth after depth.

They use the same moves as the sound search (or fewer) and can only answer
``solved``: a line they find consists of legal moves from the given position
and ends with every card on a foundation (the engine replays it), so it is a
real win.  When they find none, nothing is concluded from that; the sound
search then starts afresh from the root, with its own transposition table,
and everything said above about ``unsolvable`` holds for it unchanged.
Different deals fall to different phases (measured on deals 1-200, see the
constants), which is why there are three.
"""
from __future__ import annotations

import heapq
import time
from collections import deque
from collections.abc import Callable, Iterator
from hashlib import blake2b

from .result import DEFAULT_LIMITS, SolveResult
from harp.cards import FOUNDATION_SUITS, KING, is_red

N_COLUMNS = 9
N_SLOTS = 8
N_CARDS = 104

#: First of the two slots of each suit (RULES B5: f1-f2 spades, f3-f4
#: hearts, f5-f6 diamonds, f7-f8 clubs), indexed by suit (0=C 1=D 2=H 3=S).
SLOT_BASE = [0] * 4
for _i, _suit in enumerate(FOUNDATION_SUITS):
    SLOT_BASE[_suit] = 2 * _i

#: The cards a card may be built on (RULES A1.2): other colour, one rank up.
PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for t in range(52) if t >> 2 == (c >> 2) + 1 and is_red(t) != is_red(c))
    for c in range(52))
#: The cards that may be built on each card (the inverse of PARENTS).
CHILDREN: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(52) if t in PARENTS[c]) for t in range(52))

# Primitive moves, as (kind, a, b): column a > foundation, talon index a >
# foundation, column a > column b, talon index a > column b, slot a > column b.
CF, TF, CC, TC, FC = range(5)

State = tuple  # (columns: tuple[bytes, ...], talon: tuple[int, ...], p: int, found: tuple[int, ...])
Step = tuple   # (priority, tokens: list[str], state)


# ---------------------------------------------------------------- positions

def state_from_board(board) -> State:
    """The solver's position for an :class:`~harp.easyharp.EasyHarpBoard`."""
    cols = tuple(bytes([board.face_down[i]]) + bytes(board.columns[i])
                 for i in range(N_COLUMNS))
    talon = tuple(board.waste) + tuple(reversed(board.stock))
    found = tuple(len(slot) for slot in board.foundations)
    return cols, talon, len(board.waste), found


def _slot_for(found: tuple[int, ...], card: int) -> int:
    """First slot accepting the card, or -1 (RULES A1.7: the first of two)."""
    base = SLOT_BASE[card & 3]
    rank = card >> 2
    if found[base] == rank:
        return base
    if found[base + 1] == rank:
        return base + 1
    return -1


def _slot_top(found: tuple[int, ...], slot: int) -> int:
    return (found[slot] - 1) * 4 + FOUNDATION_SUITS[slot // 2]


def _remove_top(col: bytes, n: int) -> bytes:
    """Column without its top n cards, the uncovered card turned up (A1.6)."""
    rest = col[:-n]
    down = rest[0]
    if down and len(rest) - 1 == down:
        return bytes([down - 1]) + rest[1:]
    return rest


def _draws(talon_len: int, p: int, k: int) -> int:
    """Number of ``d`` actions that bring talon card k to the waste top when
    p cards are drawn (RULES A1.8): draw on, or finish the pass, redeal (one
    ``d`` on the empty stock) and draw k + 1 cards."""
    if k + 1 >= p:
        return k + 1 - p
    return (talon_len - p) + 1 + (k + 1)


def _talon_cards(talon: tuple[int, ...], p: int) -> dict[int, int]:
    """For each card value in the talon, the index of its cheapest copy (two
    copies lead to positions with the same key, reduction 1)."""
    n = len(talon)
    best: dict[int, tuple[int, int]] = {}
    for k, card in enumerate(talon):
        cost = _draws(n, p, k)
        if card not in best or cost < best[card][0]:
            best[card] = (cost, k)
    return {card: k for card, (_, k) in best.items()}


def _cheapest(talon: tuple[int, ...], p: int, card: int) -> int:
    """Index of the copy of ``card`` that the fewest draws reach, or -1."""
    try:
        k = talon.index(card)
    except ValueError:
        return -1
    try:
        k2 = talon.index(card, k + 1)
    except ValueError:
        return k
    n = len(talon)
    return k if _draws(n, p, k) <= _draws(n, p, k2) else k2


def _replace(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


def _apply(state: State, move: tuple) -> tuple[State, list[str]]:
    """The position after a primitive move, and its canonical tokens (B7)."""
    cols, talon, p, found = state
    kind, a, b = move
    if kind == CF:
        slot = _slot_for(found, cols[a][-1])
        found = _replace(found, slot, found[slot] + 1)
        return (_replace(cols, a, _remove_top(cols[a], 1)), talon, p, found), [f"{a + 1}>f"]
    if kind == CC:
        src, dst = cols[a], cols[b]
        n = 1 if len(dst) > 1 else _run_length(src)   # empty: the king-led run
        cols = _replace(_replace(cols, a, _remove_top(src, n)), b, dst + src[-n:])
        return (cols, talon, p, found), [f"{a + 1}>{b + 1}"]
    if kind == FC:
        card = _slot_top(found, a)
        found = _replace(found, a, found[a] - 1)
        return (_replace(cols, b, cols[b] + bytes([card])), talon, p, found), [f"f{a + 1}>{b + 1}"]
    tokens = ["d"] * _draws(len(talon), p, a)
    card = talon[a]
    talon = talon[:a] + talon[a + 1:]
    if kind == TF:
        slot = _slot_for(found, card)
        found = _replace(found, slot, found[slot] + 1)
        tokens.append("w>f")
    else:
        cols = _replace(cols, b, cols[b] + bytes([card]))
        tokens.append(f"w>{b + 1}")
    return (cols, talon, a, found), tokens


# ---------------------------------------------------------------- reductions 2 and 4

def _close(state: State) -> tuple[State, list[str]]:
    """Put every ace on a column top on a foundation (reduction 2).

    Why this is sound: let S have an ace A on a column top and S' be S with
    A on an empty slot of its suit (one exists: at most the other copy of A
    is on a foundation).  Nothing can ever be built on an ace (RULES A1.2),
    so A only ever blocks.  Whatever a winning line from S does, S' can do
    the same, skipping every action that moves A (there is at least one: its
    final move to a foundation).  The card under A is already turned up in
    S' (A1.6), which forbids nothing, and A occupies a slot that only the
    other ace could take, which then takes the other, empty, slot (the two
    slots of a suit are interchangeable).  So S' is won in fewer actions.
    Likewise the position before a take-back of an ace is won in fewer
    actions than the one after, so no such take-back is generated.
    """
    for col in state[0]:                    # the usual case: no ace on a top
        if col[-1] < 4 and len(col) > 1:
            break
    else:
        return state, []
    tokens: list[str] = []
    again = True
    while again:
        again = False
        for i, col in enumerate(state[0]):
            if len(col) > 1 and col[-1] < 4:
                state, toks = _apply(state, (CF, i, 0))
                tokens += toks
                again = True
    return state, tokens


def _foundation_moves(state: State, out: list[Step]) -> None:
    """A column's top card to a foundation, after the talon cards it needs.

    Reduction 4: a talon card t can wait in the talon until just before the
    first action that needs it on its slot: the next card of that slot going
    up (from a column, or from the talon, which then waits too), a take-back
    of t (then t could have gone from the talon straight to the tableau) or
    the end.  Meanwhile no action loses anything by having t in the talon
    rather than on a foundation: the talon is always reachable (A1.8), and a
    slot at t's height takes only t or its copy (the two slots of a suit are
    interchangeable).  So some winning line plays talon cards to a foundation
    only as an unbroken run right before a column card of the next rank:
    from a slot at height h, the talon cards of ranks h .. r-1 of the suit,
    then the column card of rank r.  Each distinct slot height <= r is
    offered.
    """
    cols, talon, p, found = state
    in_talon = set(talon)
    for i, col in enumerate(cols):
        if len(col) < 2:
            continue
        card = col[-1]
        rank, base = card >> 2, SLOT_BASE[card & 3]
        heights = {found[base], found[base + 1]}
        for h in heights:
            if h > rank or any((r << 2 | card & 3) not in in_talon for r in range(h, rank)):
                continue
            prio = _leaving_priority(col, 0, 1)
            tokens: list[str] = []
            st = state
            for r in range(h, rank):
                k = _cheapest(st[1], st[2], r << 2 | card & 3)
                st, toks = _apply(st, (TF, k, 0))
                tokens += toks
            st, toks = _apply(st, (CF, i, 0))
            out.append((prio + (rank - h), tokens + toks, st))


def _leaving_priority(col: bytes, good: int, other: int) -> int:
    """``good`` if the top card leaving turns a card up or empties the column."""
    return good if len(col) - 1 - col[0] == 1 else other


def _finish(state: State) -> list[str]:
    """The final sweep once the tableau is empty: every card left is in the
    talon, and each slot's next card is there (at most one copy of it can be
    on the other slot), so the talon goes up rank by rank (reduction 4)."""
    tokens: list[str] = []
    while state[1]:
        cols, talon, p, found = state
        k = min((k for k, card in enumerate(talon) if _slot_for(found, card) >= 0),
                key=lambda k: _draws(len(talon), p, k))
        state, toks = _apply(state, (TF, k, 0))
        tokens += toks
    return tokens


# ---------------------------------------------------------------- tableau moves

def _column_moves(state: State, out: list[Step]) -> None:
    """A column's top card onto another column (RULES A1.2-A1.3), or its
    king-led run into the first empty column (A1.4, reduction 5)."""
    cols = state[0]
    tops: dict[int, list[int]] = {}
    empty = -1
    for j, col in enumerate(cols):
        if len(col) > 1:
            tops.setdefault(col[-1], []).append(j)
        elif empty < 0:
            empty = j
    for i, col in enumerate(cols):
        if len(col) < 2:
            continue
        prio = _leaving_priority(col, 2, 6)
        for parent in PARENTS[col[-1]]:
            for j in tops.get(parent, ()):
                child, tokens = _apply(state, (CC, i, j))
                out.append((prio, tokens, child))
        n = _run_length(col) if empty >= 0 else 0
        if n and col[-n] >> 2 == KING and len(col) - 1 > n:
            child, tokens = _apply(state, (CC, i, empty))
            out.append((3, tokens, child))


def _run_length(col: bytes) -> int:
    """Face-up cards at the top of a column that form an ordered run (other
    colour, one rank lower each, RULES A1.4), counting the top card.  In play
    this is the whole face-up part; a constructed position may differ."""
    floor = col[0] + 1
    i = len(col) - 1
    while i > floor and col[i - 1] in PARENTS[col[i]]:
        i -= 1
    return len(col) - i


def _take_backs(state: State, out: list[Step]) -> None:
    """RULES A1.10: a foundation's top card back onto the tableau.  Aces are
    left out (reduction 2); of two slots of a suit at the same height only
    the first is offered (they hold the same top card)."""
    cols, _, _, found = state
    for s in range(N_SLOTS):
        h = found[s]
        if h <= 1 or (s & 1 and found[s - 1] == h):
            continue
        card = _slot_top(found, s)
        for j, col in enumerate(cols):
            if (len(col) > 1 and col[-1] in PARENTS[card]) or (len(col) == 1 and card >> 2 == KING):
                child, tokens = _apply(state, (FC, s, j))
                out.append((8, tokens, child))
                if len(col) == 1:
                    break


def _chains(state: State, out: list[Step]) -> None:
    """Talon cards to the tableau, always as a chain that is used at once.

    Reduction 3: a talon card t put on the tableau (RULES A1.5) matters only
    if a card is later built on it.  If none ever is, t only covers its host
    (or an empty column) until it moves on or goes up; dropping that
    placement and taking t straight from the talon when it moves on gives a
    legal line no longer.  And the placement can be delayed to just before
    the first card is built on t: in between t covered its host, so no action
    used that host, and t stayed out of the talon, which no action needed.
    So some winning line puts each talon card on the tableau right before
    something is built on it: another talon card (the chain goes on), a
    column's top card or a foundation's top card, which ends the chain.
    """
    cols, talon, p, found = state
    ends = _chain_ends(cols, found, -1)
    if not ends:
        return
    # What a chain can end with.  A chain only adds talon cards to its own
    # column, so the other columns and the foundations stay as they are.
    col_tops = [(i, col[-1], _leaving_priority(col, 2, 6) + 1)
                for i, col in enumerate(cols) if len(col) > 1]
    slot_tops = [(s, _slot_top(found, s)) for s in range(N_SLOTS)
                 if found[s] > 1 and not (s & 1 and found[s - 1] == found[s])]
    for card, k in _talon_cards(talon, p).items():
        if not ENDERS[card] & ends:
            continue
        for j, col in enumerate(cols):
            if (len(col) > 1 and col[-1] in PARENTS[card]) or (len(col) == 1 and card >> 2 == KING):
                child, tokens = _apply(state, (TC, k, j))
                _extend(child, j, tokens, out,
                        (_chain_ends(cols, found, j), col_tops, slot_tops))
                if len(col) == 1:
                    break


def _chain_ends(cols, found, base: int) -> int:
    """The column tops (but column ``base``'s) and foundation tops, as a
    bit mask over cards: the cards that could end a chain."""
    ends = 0
    for j, col in enumerate(cols):
        if j != base and len(col) > 1:
            ends |= 1 << col[-1]
    for s in range(N_SLOTS):
        if found[s] > 1:
            ends |= 1 << _slot_top(found, s)
    return ends


def _enders(top: int) -> int:
    """Bit mask of the cards that could end a chain on ``top``: any lower
    card of the colour that the alternation asks for (a red 9 on a black
    10, or a black 8 two ranks down, and so on)."""
    rank, red = top >> 2, is_red(top)
    mask = 0
    for u in range(52):
        d = rank - (u >> 2)
        if d > 0 and is_red(u) == (red != (d & 1 == 1)):
            mask |= 1 << u
    return mask


#: A chain on ``top`` can end when ``ENDERS[top] & ends`` (ends: :func:`_chain_ends`).
ENDERS: tuple[int, ...] = tuple(_enders(top) for top in range(52))


def _extend(state: State, base: int, tokens: list[str], out: list[Step],
            context: tuple[int, list[tuple[int, int, int]], list[tuple[int, int]]]) -> None:
    """End the chain on column ``base`` with a column top or a foundation top
    built on it, or put one more talon card on it.  ``context`` holds what
    stays the same all along a chain (it only adds talon cards to
    ``base``): :func:`_chain_ends` for ``base``, the other columns' tops
    (column, card, priority) and the foundation tops (slot, card) that may
    be taken back."""
    cols, talon, p, found = state
    ends, col_tops, slot_tops = context
    fits = CHILDREN[cols[base][-1]]
    for i, top, prio in col_tops:
        if i != base and top in fits:
            child, toks = _apply(state, (CC, i, base))
            out.append((prio, tokens + toks, child))
    for s, top in slot_tops:
        if top in fits:
            child, toks = _apply(state, (FC, s, base))
            out.append((8, tokens + toks, child))
    for card in fits:
        if ENDERS[card] & ends:
            k = _cheapest(talon, p, card)
            if k >= 0:
                child, toks = _apply(state, (TC, k, base))
                _extend(child, base, tokens + toks, out, context)


def _successors(state: State) -> list[Step]:
    """Every successor position of the normal form, with its tokens."""
    out: list[Step] = []
    _foundation_moves(state, out)
    _column_moves(state, out)
    _chains(state, out)
    _take_backs(state, out)
    return out


# ---------------------------------------------------------------- the key

def _key(state: State) -> bytes:
    """Transposition key (reduction 1), a 128-bit digest of:

    * the columns as a sorted list: the rules treat all nine columns alike
      (column numbers matter only to double taps, which the solver does not
      use), so positions that differ by a permutation of columns are won or
      lost together;
    * the talon as a sorted multiset, without ``p``: every talon card can be
      played at any time after some draws (RULES A1.8), so the moves, and
      hence whether the position can be won, depend only on which cards are
      in the talon, not on their order or on the pointer;
    * each suit's two slot heights, sorted: the two slots of a suit accept
      the same cards (RULES A1.7).
    Columns are separated by 0xFF, which no card (< 52) or face-down count
    (< 9) can be, so the encoding is unambiguous.
    """
    cols, talon, _, found = state
    parts = sorted(cols)
    parts.append(bytes(sorted(talon)))
    a, b, c, d, e, f, g, h = found        # unrolled: this runs for every child
    parts.append(bytes((min(a, b), min(c, d), min(e, f), min(g, h),
                        max(a, b), max(c, d), max(e, f), max(g, h))))
    return blake2b(b"\xff".join(parts), digest_size=16).digest()


def _tableau_empty(state: State) -> bool:
    return all(len(col) == 1 for col in state[0])


def _score(state: State) -> int:
    """Best-first order (lower first): face-down cards, then the face-up
    cards that sit on them, then cards left on the tableau."""
    down = blocking = cards = 0
    for col in state[0]:
        d = col[0]
        n = len(col) - 1
        down += d
        cards += n
        if d:
            blocking += n - d
    return 64 * down + 8 * blocking + cards


# ---------------------------------------------------------------- greedy runs

#: Weights (face-down, blocking, shallowest dig, tableau cards, foundation
#: cards, empty columns) of the fast phases' scores, tried in this order.
#: Measured on deals 1-40 (benchmarks/solve.py): a greedy search with one
#: weighting wins a deal within a few thousand positions or wanders off, and
#: which weighting wins differs from deal to deal, so several short runs beat
#: one long one.  The first two together won 14 of the 19 deals that the
#: sound search left unknown after 8 s.
QUICK_WEIGHTS: tuple[tuple[int, int, int, int, int, int], ...] = (
    (80, 9, 10, 4, 1, 3), (40, 11, 1, 3, 0, 15), (60, 11, 3, 5, 0, 5),
    (40, 8, 0, 5, 1, 14), (80, 12, 6, 5, 2, 14), (60, 10, 10, 5, 1, 14),
    (60, 6, 4, 3, 1, 8), (60, 6, 4, 2, 0, 8), (30, 2, 10, 5, 0, 12),
    (80, 2, 6, 4, 0, 14))
#: Positions per greedy run.
QUICK_STATES = 6000
#: Positions of a first, short sound search before the fast phases: it wins
#: many easy deals in a few thousand positions (deals 5, 9, 14: under 5000,
#: 0.2 s) that every fast run misses, which would otherwise wait for the
#: fast phases.  Repeating them in the final sound search costs little.
SOUND_FIRST = 5000


def _quick_score(weights: tuple[int, ...]):
    """A greedy score (lower first) with the given weights: besides what
    :func:`_score` counts, the face-up cards on the column that is closest
    to turning a card (dig there first), the cards on foundations (progress
    from the talon counts too) and the empty columns (room for kings)."""
    w_down, w_block, w_dig, w_cards, w_found, w_empty = weights

    def score(state: State) -> int:
        down = blocking = cards = empty = 0
        dig = 99
        for col in state[0]:
            d = col[0]
            n = len(col) - 1
            down += d
            cards += n
            if not n:
                empty += 1
            elif d:
                blocking += n - d
                dig = min(dig, n - d)
        dig = dig if down else 0
        return (w_down * down + w_block * blocking + w_dig * dig + w_cards * cards
                - w_found * sum(state[3]) - w_empty * empty)
    return score


def _quick_successors(state: State) -> list[Step]:
    """The normal form's moves without take-backs, for the first round of
    greedy runs and some climbs: the fast phases may skip any move, since
    they never answer ``unsolvable``."""
    out: list[Step] = []
    _foundation_moves(state, out)
    _column_moves(state, out)
    _chains(state, out)
    return out


def _quick_win(root: State, tokens: list[str], max_states: int,
               deadline: float) -> tuple[list[str] | None, int]:
    """Short greedy runs, one per weighting, until one wins
    or the budget is spent.  Returns the winning tokens (or None) and the
    positions used.  Its wins are real (every step is a legal move of the
    normal form, replayed by the engine in the tests); it prunes without
    proof, so its failure proves nothing and the caller goes on."""
    # First every weighting without take-backs (fewer moves, so deeper
    # runs), then with them: deal 7 is won only so (measured).
    runs = [(w, _quick_successors) for w in QUICK_WEIGHTS]
    runs += [(w, _successors) for w in QUICK_WEIGHTS]

    def greedy(weights, successors):
        def run(budget: int) -> tuple[list[str] | None, int]:
            outcome, actions, states = _best_first(root, tokens, _quick_score(weights), successors,
                                                   min(QUICK_STATES, budget), deadline)
            return (actions if outcome == "solved" else None), states
        return run
    return _first_win([greedy(*args) for args in runs], max_states, deadline)


def _first_win(runs: list[Callable[[int], tuple[list[str] | None, int]]], max_states: int,
               deadline: float) -> tuple[list[str] | None, int]:
    """Call each run with the positions left, in turn, until one wins or
    the budget is spent; returns the winning tokens (or None) and the
    positions used.  The fast phases are all made of such runs."""
    used = 0
    for run in runs:
        if used >= max_states or time.perf_counter() > deadline:
            break
        actions, states = run(max_states - used)
        used += states
        if actions is not None:
            return actions, used
    return None, used


# ---------------------------------------------------------------- hill climbing

#: Hill-climbing runs after the greedy runs, as (index into QUICK_WEIGHTS,
#: take-backs too?, positions per climb step).  Measured on the deals the
#: other phases left unknown at 30 s: each run wins a different few deals,
#: mostly within a second (deals 20, 98, 170 and 174 in under 0.3 s; 12,
#: 136 and 187 within 5 s with 3 000 positions per step), and fails fast
#: otherwise.
CLIMB_RUNS: tuple[tuple[int, bool, int], ...] = (
    (0, False, 20_000), (0, True, 20_000), (1, True, 20_000),
    (0, False, 3000), (0, True, 3000), (1, False, 3000), (1, True, 3000),
    (2, False, 3000), (7, False, 3000), (3, False, 3000), (4, False, 3000),
    (5, False, 3000), (6, False, 3000))


def _climb(root: State, tokens: list[str], score, successors, step_states: int,
           max_states: int, deadline: float) -> tuple[list[str] | None, int]:
    """Enforced hill climbing: from the current position, breadth-first
    search for the nearest position that scores better, move there and
    repeat until the tableau is empty.  Plateaus (long stretches of moves
    that do not improve the score, such as building a landing place for a
    card) are crossed by the breadth-first search instead of being left to
    a global open list.  Each step may use ``step_states`` positions, and
    a position seen in one step is not searched again in a later one
    (measured: a fresh table per step won fewer of the hard deals).

    It commits to each step without proof, so it only answers with a win
    (legal moves that empty the tableau, then the final sweep) or None."""
    current, line = root, list(tokens)
    level = score(root)
    seen = {_key(root)}
    used = 0
    while not _tableau_empty(current):
        queue = deque([(current, [])])
        step = 0
        better = None
        while queue and better is None:
            state, path = queue.popleft()
            for _, toks, child in sorted(successors(state), key=lambda entry: entry[0]):
                child, more = _close(child)
                key = _key(child)
                if key in seen:
                    continue
                seen.add(key)
                step += 1
                child_path = path + toks + more
                child_score = score(child)
                if child_score < level:
                    better = child, child_path, child_score
                    break
                queue.append((child, child_path))
            if step > step_states or used + step >= max_states or time.perf_counter() > deadline:
                return None, used + step
        used += step
        if better is None:
            return None, used
        current, path, level = better
        line += path
    return line + _finish(current), used


def _climb_win(root: State, tokens: list[str], max_states: int,
               deadline: float) -> tuple[list[str] | None, int]:
    """The runs of :data:`CLIMB_RUNS`, until one wins or the budget is spent."""
    def climb(weighting: int, take_backs: bool, step_states: int):
        successors = _successors if take_backs else _quick_successors
        return lambda budget: _climb(root, tokens, _quick_score(QUICK_WEIGHTS[weighting]),
                                     successors, step_states, budget, deadline)
    return _first_win([climb(*run) for run in CLIMB_RUNS], max_states, deadline)


# ---------------------------------------------------------------- the beam phase

#: Beam runs, as (beam width, index into QUICK_WEIGHTS, most children
#: kept per position or 0 for no limit, share of the beam phase's time),
#: tried in this order; a run that ends early (its beam ran out of new
#: positions) leaves its time to the next.  Measured on the 24 of deals
#: 1-200 that greedy runs and the sound search left unknown at 30 s: a beam
#: of 50 on the first weighting won 8 of them within 12 s, a beam of 100
#: won two more, a beam of 50 keeping at most 5 children of each position
#: (more lines, less alike) won others (65, 12); the sound search given the
#: same time won none.
BEAM_RUNS: tuple[tuple[int, int, int, float], ...] = (
    (50, 0, 0, 0.3), (100, 0, 0, 0.3), (50, 0, 5, 0.2), (50, 1, 0, 0.2))


def _beam(root: State, tokens: list[str], score, width: int, per_position: int,
          max_states: int, deadline: float) -> tuple[list[str] | None, int]:
    """Beam search: depth by depth, expand every position of the beam and
    keep the ``width`` best new positions by ``score`` (ties: the better
    move kind first), taking at most ``per_position`` children of each
    position when that is not 0.  Greedy runs commit to one line and
    best-first search keeps returning to old plateaus; a beam follows many
    lines at the same depth, which suits the long digging plans of hard
    deals.

    It drops positions without proof, so it only ever answers with a win
    (a line of legal moves that empties the tableau, then the final sweep,
    replayed by the engine in the tests) or None; never ``unsolvable``.
    Returns the winning tokens (or None) and the positions generated."""
    seen = {_key(root)}
    parents: list[tuple[int, str]] = [(-1, " ".join(tokens))]
    layer = [root]
    nodes = [0]
    while layer:
        ranked: list[tuple[int, int, State]] = []
        for state, node in zip(layer, nodes):
            children = []
            for prio, child in _fresh(_successors(state), node, seen, parents):
                if _tableau_empty(child):
                    return _path(parents, len(parents) - 1) + _finish(child), len(parents)
                children.append((score(child) * 16 + prio, len(parents) - 1, child))
            if per_position and len(children) > per_position:
                children.sort(key=lambda entry: entry[0])
                del children[per_position:]
            ranked += children
            if len(parents) >= max_states or time.perf_counter() > deadline:
                return None, len(parents)
        ranked.sort(key=lambda entry: entry[0])
        del ranked[width:]
        layer = [entry[2] for entry in ranked]
        nodes = [entry[1] for entry in ranked]
    return None, len(parents)


def _beam_win(root: State, tokens: list[str], max_states: int,
              deadline: float) -> tuple[list[str] | None, int]:
    """The beam runs of :data:`BEAM_RUNS`, until one wins or the budget is
    spent.  Each run gets its share of the time left, so a run that ends
    early (its beam ran out of new positions) leaves its time to the next."""
    share_left = sum(run[3] for run in BEAM_RUNS)

    def beam(width: int, weighting: int, per_position: int, share: float):
        def run(budget: int) -> tuple[list[str] | None, int]:
            nonlocal share_left
            now = time.perf_counter()
            run_deadline = now + (deadline - now) * share / share_left
            share_left -= share
            return _beam(root, tokens, _quick_score(QUICK_WEIGHTS[weighting]),
                         width, per_position, budget, run_deadline)
        return run
    return _first_win([beam(*run) for run in BEAM_RUNS], max_states, deadline)


# ---------------------------------------------------------------- search

#: The fast phases in order, each with the share of the time and positions
#: budget (counted from the start) at which it must stop; the sound search
#: has what is left.  Hill climbing comes first because it wins its deals
#: in a second or two and fails about as fast; the greedy runs win most
#: deals within 7 s (measured on deals 1-200), the beam's wins take longer.
FAST_PHASES = ((_climb_win, 0.1), (_quick_win, 0.4), (_beam_win, 0.92))

def solve_easy_harp(board, max_states: int = DEFAULT_LIMITS.max_states,
                    timeout: float | None = DEFAULT_LIMITS.timeout) -> SolveResult:
    """Search from the board's current position (RULES A1).

    ``solved``: ``actions`` is a canonical script that wins from this
    position; ``unsolvable``: every position of the normal form was
    searched; ``unknown``: ``max_states`` positions or ``timeout`` seconds
    were used up.

    The phases: a short sound search (``SOUND_FIRST`` positions); greedy
    runs (:func:`_quick_win`), hill climbing (:func:`_climb_win`) and beam
    search (:func:`_beam_win`), in the order and with the shares of
    :data:`FAST_PHASES`; then, if none has won, the sound search again from
    the start with what is left.
    Only the sound search answers ``unsolvable``, and its answer does not
    depend on the fast phases.
    """
    start = time.perf_counter()
    limit = timeout if timeout is not None else float("inf")
    deadline = start + limit
    root, tokens = _close(state_from_board(board))
    outcome, actions, first = _best_first(root, tokens, _score, _successors,
                                          min(SOUND_FIRST, max_states), deadline)
    if outcome != "unknown" or first >= max_states:
        return SolveResult(outcome, actions, first, time.perf_counter() - start)
    used = first
    actions = None
    for phase, share in FAST_PHASES:
        actions, more = phase(root, tokens, int(share * max_states) - used, start + share * limit)
        used += more
        if actions is not None:
            break
    if actions is not None:
        return SolveResult("solved", actions, used, time.perf_counter() - start)
    outcome, actions, states = _best_first(root, tokens, _score, _successors,
                                           max_states - used, deadline)
    return SolveResult(outcome, actions, used + states, time.perf_counter() - start)


def _best_first(root: State, tokens: list[str], score, successors, max_states: int,
                deadline: float) -> tuple[str, list[str], int]:
    """Best-first search by ``score`` over ``successors``, with the
    transposition key of reduction 1: the outcome (``solved``, ``unknown``
    at a limit, ``unsolvable`` when every position was expanded), the
    winning tokens and the positions generated."""
    seen = {_key(root)}
    # Per position: its parent and the tokens leading to it, as one string
    # (a list per position would cost several times the memory).
    parents: list[tuple[int, str]] = [(-1, " ".join(tokens))]
    heap = [(score(root), 0, 0, root)]   # ties: the newest first (depth)
    while heap:
        _, _, node, current = heapq.heappop(heap)
        node = -node
        if _tableau_empty(current):
            return "solved", _path(parents, node) + _finish(current), len(parents)
        for prio, child in _fresh(successors(current), node, seen, parents):
            heapq.heappush(heap, (score(child), prio, 1 - len(parents), child))
        if len(parents) >= max_states or time.perf_counter() > deadline:
            return "unknown", [], len(parents)
    return "unsolvable", [], len(parents)


def _fresh(steps: list[Step], node: int, seen: set[bytes],
           parents: list[tuple[int, str]]) -> Iterator[tuple[int, State]]:
    """The children among ``steps`` (from position ``node``) not seen
    before, closed (:func:`_close`), each recorded in ``seen`` and, with its
    tokens, in ``parents`` before it is yielded as (priority, child): its
    index is ``len(parents) - 1``."""
    for prio, toks, child in steps:
        child, more = _close(child)
        key = _key(child)
        if key in seen:
            continue
        seen.add(key)
        parents.append((node, " ".join(toks + more)))
        yield prio, child


def _path(parents: list[tuple[int, str]], node: int) -> list[str]:
    """The tokens from the root to ``node``."""
    steps = []
    while node >= 0:
        node, tokens = parents[node]
        steps.append(tokens)
    return " ".join(reversed(steps)).split()
