"""Depth-first, beam and best-first search with a transposition table, for Easy Harp (RULES A1).

One search serves both the sound search (every move of the normal form,
:func:`harp.solve.easyharp.moves_sound.complete_steps`, after
:func:`harp.solve.easyharp.safe.play_proved`) and the fast one
(:func:`quick_steps` after :func:`play_safe`): the generator and the
closure are parameters.  A position is expanded once:
its key (:func:`harp.solve.easyharp.model.key`) goes into a table, and a
position whose key is in the table is not searched again.  Each search is
given a :class:`~harp.solve.budget.Budget`: it makes at most its ``limit``
of positions (a depth-first table holds that many keys, or
:data:`TABLE_CAP` and its path's: about 190 bytes each in a set, 60-100
as compact keys in a
:class:`~harp.solve.easyharp.packed.KeySet`), spends what it made, and
stops early only if the budget's safety-net deadline passes.

``unsolvable`` is answered only when the table's positions are all
expanded; with the sound generator that is a proof (the reductions are
proved next to their code), with the fast one it proves nothing and the
caller does not use it.

The fast search's beams (:func:`beam`) and its best-first search
(:class:`BestFirst`) are here too; they never answer ``unsolvable``, so
their tables hold digests (:func:`harp.solve.easyharp.model.digest`)
instead of keys.
"""
from __future__ import annotations

import heapq
import operator
from collections.abc import Callable
from typing import ClassVar, Final, NamedTuple

from .model import SLOT_SUIT, Move, Position, apply, compact_keys, digest, key, tableau_empty
from .packed import KeySet, Tree, pack, pack_steps, unpack, unpack_step
from ..budget import Budget
from ..result import SOLVED, UNKNOWN, UNSOLVABLE

#: Every this many children tried the safety net's clock is read.
CLOCK_EVERY: Final = 1024
#: A depth-first search asked for compact keys keeps them (a
#: :class:`~harp.solve.easyharp.packed.KeySet`) from a budget this large:
#: below, a set of plain keys is faster and small enough.
COMPACT_FROM = 100_000
#: The most keys a depth-first table holds besides those of its path.
#: When it is full, it is emptied but for the keys of the positions on the
#: path (so that the search cannot go round a cycle), and the search goes
#: on: a position met again is searched again.  That spends positions,
#: never soundness (see :func:`depth_first`), and bounds the table's
#: memory (compact keys: about 350 MiB at the cap).  No search at the
#: batch limit comes near it (a budget of 5 000 000 positions makes at
#: most that many keys); only larger budgets, where one deal's sound
#: search got 50 000 000 positions and a 3.9 GiB table.
TABLE_CAP = 5_000_000
#: Above the number of any position a search makes (:meth:`BestFirst._key`):
#: an order is ``score << _NODE_BITS`` plus the number.  (Shifted, not
#: multiplied by ``_NODES``: the same int, but CPython checks for Ctrl-C
#: inside a big-int multiplication, and the compiled build (setup.py)
#: takes a multiplication that fails for lack of memory and aborts the
#: process, where a shift's KeyboardInterrupt is raised as in Python.)
_NODE_BITS: Final = 32
_NODES: Final = 1 << _NODE_BITS
#: A beam stops after this many levels without a position that scores
#: better than every one before it.  A narrow beam that has lost its way
#: does not die out: with talon plays and take-backs it keeps making new
#: positions, level after level, and had taken a whole 10-second budget
#: (700 000 positions on a deal that a beam as narrow wins in 6 000); the
#: beams that win make a new best at least every 30 levels.
STALL: Final = 64


class SearchOutcome(NamedTuple):
    outcome: str
    line: list[Move]
    states: int


def spent(budget: Budget, outcome: str, line: list[Move], states: int) -> SearchOutcome:
    """The outcome of a search that made ``states`` positions, spent."""
    budget.spend(states)
    return SearchOutcome(outcome, line, states)


def play_step(pos: Position, moves: list[Move],
              close: Callable[[Position, list[Move]], Position]) -> tuple[list[Move], Position]:
    """A step's moves played from ``pos``, then the closure: the moves
    made (the step's and the closure's) and the position reached."""
    segment = list(moves)
    for move in moves:
        pos = apply(pos, move)
    return segment, close(pos, segment)


def depth_first(root: Position, steps: Callable[[Position], list],
                close: Callable[[Position, list[Move]], Position], budget: Budget,
                known: set | None = None,
                prune: Callable[[Position, list], bool] | None = None,
                compact: bool = False) -> SearchOutcome:
    """Search from ``root`` (already closed) for a position with an empty
    tableau, making at most ``budget.limit`` positions (at least the root).
    ``steps(pos)`` lists (priority, moves) best first; ``close(pos, line)``
    plays the forced moves, appending them to line.  The line returned
    leads from ``root`` to the win's empty tableau.

    The prover's cuts (:mod:`harp.solve.easyharp.prove`): a child whose
    key is in ``known`` (positions proved lost) is not made, and a child
    for which ``prune(child, its steps)`` is true is made (counted) but
    not expanded.  When every position is expanded (``unsolvable``), the
    keys met go into ``known``.

    Once the table holds :data:`TABLE_CAP` keys besides its path's, it
    keeps the path's only.  Every position the steps reach
    from ``root`` past the cuts is still made, so ``unsolvable`` keeps its
    proof: take a shortest way to it; each position on that way is made,
    because when its predecessor was expanded it was either made then, or
    skipped as a key of the table (made before: the table holds only
    positions made), or as ``known`` (proved lost, and so is every
    position it leads to).  Forgetting only lets a position be made again;
    the path's keys keep the search out of cycles."""
    if tableau_empty(root):
        return spent(budget, SOLVED, [], 1)
    max_states = budget.limit
    # ``compact``: a table of compact keys, which tell the same positions
    # apart, in half the memory, for a few more microseconds a position:
    # for searches that may make many positions (the sound search with
    # what is left of a budget).  ``known`` shares keys with other
    # searches: plain ones.
    small = compact and known is None and max_states >= COMPACT_FROM
    table_key = compact_keys(root) if small else key
    new_table: Callable[[], set | KeySet] = KeySet if small else set
    seen = new_table()
    seen.add(table_key(root))
    lost = known if known is not None else ()
    count = 1
    forget_at = TABLE_CAP
    # A frame: a position on the path, its steps packed (pack_steps), where
    # the next step to try starts, and where the step tried last started.
    stack: list[list] = [[root, pack_steps(steps(root)), 0, 0]]
    tried = 0
    while stack:
        tried += 1
        if tried % CLOCK_EVERY == 0:
            if budget.late():
                return spent(budget, UNKNOWN, [], count)
            budget.tell(count)
        frame = stack[-1]
        pos, options, at = frame[0], frame[1], frame[2]
        if at == len(options):
            stack.pop()
            continue
        moves, frame[2] = unpack_step(options, at)
        frame[3] = at
        segment, child = play_step(pos, moves, close)
        k = table_key(child)
        if k in seen or k in lost:
            continue
        if len(seen) >= forget_at:
            seen = _path_keys(stack, table_key, new_table())
            forget_at = len(seen) + TABLE_CAP
        seen.add(k)
        count += 1
        if tableau_empty(child):
            return spent(budget, SOLVED, _path(stack, close) + segment, count)
        if count >= max_states:
            return spent(budget, UNKNOWN, [], count)
        child_steps = steps(child)
        if prune is not None and prune(child, child_steps):
            continue
        stack.append([child, pack_steps(child_steps), 0, 0])
    if known is not None:
        known.update(seen)
    return spent(budget, UNSOLVABLE, [], count)


def _path_keys(stack: list[list], table_key: Callable, table: set | KeySet) -> set | KeySet:
    """``table`` with the keys of the positions on the path added."""
    for frame in stack:
        table.add(table_key(frame[0]))
    return table


def _path(stack: list[list], close: Callable[[Position, list[Move]], Position]) -> list[Move]:
    """The moves from the root to the last frame's position: each frame's
    last step tried played again (the same moves, as a step and its
    closure are functions of the position), rather than kept for every
    position on the path."""
    line: list[Move] = []
    for frame in stack[:-1]:
        line += play_step(frame[0], unpack_step(frame[1], frame[3])[0], close)[0]
    return line


def beam(root: Position, width: int, children: Children, score: Callable[[Position], int],
         budget: Budget, per_parent: int = 0) -> SearchOutcome:
    """Beam search: level by level, keep the ``width`` best positions by
    ``score`` (lower first; ties: the first made) and expand them all
    (``children``: :class:`Children`).  It drops positions, so it proves
    nothing and answers only ``solved`` or ``unknown`` (also after
    :data:`STALL` levels without a new best score); the fast search runs
    it with growing widths, because a good score leads it past the early
    mistakes that a depth-first order only undoes by backtracking over
    every later choice.

    With ``per_parent`` > 0 a level keeps at most that many children of
    any one position (:func:`_diverse`): otherwise one position whose
    children all score well fills the beam with near-copies of itself, and
    the beam follows one line of play.  Positions are told apart by
    :func:`~harp.solve.easyharp.model.digest` (a beam only ever answers
    with a win, which is replayed).  It stops once it has made
    ``budget.limit`` positions (the last expansion may go past it)."""
    if tableau_empty(root):
        return spent(budget, SOLVED, [], 1)
    max_states = budget.limit
    seen = {digest(root)}
    tree = Tree()
    level = {0: pack(root)}                 # a level's positions by node, packed
    best = score(root)
    stale = 0
    while level:
        stale += 1
        if stale > STALL:
            return spent(budget, UNKNOWN, [], len(tree))
        # A level's children are kept as numbers only (the score, then the
        # node: lower first, ties the first made; as BestFirst's order),
        # and those the next level keeps are made again from their parents
        # by the moves the tree holds: a wide beam makes a million
        # children, and keeping each (even packed) took hundreds of MB.
        candidates = []
        for node, blob in level.items():
            for index, child in _new_children(unpack(blob), node, children, seen, tree):
                if tableau_empty(child):
                    return spent(budget, SOLVED, tree.path(index), len(tree))
                candidates.append((score(child) << _NODE_BITS) + index)
            if len(tree) >= max_states or budget.late():
                return spent(budget, UNKNOWN, [], len(tree))
        candidates.sort()
        if candidates and candidates[0] // _NODES < best:
            best = candidates[0] // _NODES
            stale = 0
        if per_parent:
            kept = _diverse(candidates, tree, width, per_parent)
        else:
            kept = [order % _NODES for order in candidates[:width]]
        del candidates
        level = {node: pack(_made_again(tree, node, level)) for node in kept}
    return spent(budget, UNKNOWN, [], len(tree))


def _made_again(tree: Tree, node: int, parents: dict[int, bytes]) -> Position:
    """The position of ``node``, made again from its parent's (packed in
    ``parents``) by the moves that led to it: the same position, as a
    step and its closure play their moves as :func:`apply` does."""
    pos = unpack(parents[tree.parents[node]])
    for move in tree.segment(node):
        pos = apply(pos, move)
    return pos


class BestFirst:
    """Greedy best-first search, resumable: :meth:`run` expands the
    position that scores best (lower first; ties: the first made) among
    all those made so far and not yet expanded, until it has made the
    given number of new positions, and the next call goes on from there.

    Unlike a beam it never drops a position, so it does not die out or
    stall where a beam's level fills with the children of a few lines:
    it backs out of a dead part of the tree to the best position left
    anywhere (deals 814 and 950 of 1-1 000 are won this way in 59 000 and
    36 000 positions under the depth order, and by no beam up to 512 wide:
    benchmarks/NOTES.md).  It keeps every position it has not expanded
    (packed, :mod:`~harp.solve.easyharp.packed`: about 300 bytes per
    position made), so it stops at ``cap`` positions made.  Like a beam it answers only ``solved`` (its table
    holds digests) or ``unknown``."""

    def __init__(self, root: Position, children: Children, score: Callable[[Position], int],
                 cap: int, unscored: list | None = None) -> None:
        self.root, self.children, self.score, self.cap = root, children, score, cap
        self.seen = {digest(root)}
        self.tree = Tree()
        # The open positions, packed, each under its score and its number
        # (:meth:`_key`: lower first, then the first made); or, for a
        # :meth:`reordered` search, none yet and the ``unscored`` ones (the
        # root is not scored: a novelty order would note its atoms).
        if unscored is None:
            self.heap, self.unscored = [(self._key(root, 0), pack(root))], []
        else:
            self.heap, self.unscored = [], unscored
        self.root_won = tableau_empty(root)

    def _key(self, pos: Position, node: int) -> int:
        """The heap's order: the score, then the position's number (below
        :data:`_NODES`; one int compares faster than a pair)."""
        return (self.score(pos) << _NODE_BITS) + node

    @property
    def full(self) -> bool:
        """Whether it has made its ``cap`` of positions (or has none left
        to expand): a run makes none."""
        return len(self.tree) >= self.cap or not (self.heap or self.unscored)

    def release(self) -> None:
        """Free its tables (it stays :attr:`full`: a run makes nothing)."""
        self.heap, self.seen, self.tree = [], set(), Tree()
        self.unscored = []

    def reordered(self, score: Callable[[Position], int], cap: int) -> BestFirst:
        """A best-first search that goes on from this one's open positions
        under another order, making at most ``cap`` positions more: it
        knows every position this one made (they are not made again) and
        its lines lead from the same root.  It has copies of this one's
        tables (the positions are shared), so each goes on as if alone.
        Its first runs score the open positions (:meth:`run`)."""
        other = BestFirst(self.root, self.children, score, len(self.tree) + cap, self.heap[:])
        other.seen, other.tree = set(self.seen), self.tree.copy()
        return other

    def _score_open(self, budget: Budget) -> bool:
        """Score the open positions a :meth:`reordered` search was given
        (no new positions: nothing is spent), unless the safety net's
        deadline passes; whether all are scored (then they are its heap)."""
        unscored, heap, key = self.unscored, self.heap, self._key
        while len(heap) < len(unscored):
            if budget.late():
                return False
            for old, blob in unscored[len(heap):len(heap) + CLOCK_EVERY]:
                heap.append((key(unpack(blob), old % _NODES), blob))
        heapq.heapify(heap)
        self.unscored = []
        return True

    def run(self, budget: Budget) -> SearchOutcome:
        """Go on until ``budget.limit`` more positions are made (the count
        returned is this call's; the last expansion may go past it);
        ``solved`` with the line from the root."""
        if self.root_won:
            return spent(budget, SOLVED, [], 1)
        if self.unscored and not self._score_open(budget):
            return spent(budget, UNKNOWN, [], 0)
        tree, seen, heap, key = self.tree, self.seen, self.heap, self._key
        stop = min(len(tree) + budget.limit, self.cap)
        start = len(tree)
        late = budget.late
        while heap and len(tree) < stop and not late():
            order, blob = heapq.heappop(heap)
            for index, child in _new_children(unpack(blob), order % _NODES, self.children, seen,
                                              tree):
                if tableau_empty(child):
                    return spent(budget, SOLVED, tree.path(index), len(tree) - start)
                heapq.heappush(heap, (key(child, index), pack(child)))
        return spent(budget, UNKNOWN, [], len(tree) - start)


class Children:
    """The new positions of a position: one per step of ``steps``, with
    the closure ``close`` played after it, each as ``(digest, moves,
    child)``: the beams' and the best-first search's expansion.

    The lists of the first ``keep`` positions expanded are kept and handed
    out again.  Every beam of a deal starts from the same root, so beams of
    each order and width expand many of the same positions near it: on
    deals 28 and 814, 15 % and 22 % of the expansions in the fast runs'
    first 300 000 positions had been made before, all of them among the
    first 20 000 (benchmarks/NOTES.md).  Kept lists take about 6 KB per
    position, so ``keep`` bounds their memory; positions are looked up
    exactly (the moves name column numbers, so a symmetric position would
    not do), and a kept list is the list the steps would make again, so a
    search makes the same positions with it as without it."""

    def __init__(self, steps: Callable[[Position], list],
                 close: Callable[[Position, list[Move]], Position], keep: int = 0) -> None:
        self.steps, self.close, self.keep = steps, close, keep
        self.kept: dict[Position, list[tuple[int, list[Move], Position]]] = {}

    def __call__(self, pos: Position) -> list[tuple[int, list[Move], Position]]:
        made = self.kept.get(pos)
        if made is None:
            close = self.close
            made = []
            for _, moves in self.steps(pos):
                segment, child = play_step(pos, moves, close)
                made.append((digest(child), segment, child))
            if len(self.kept) < self.keep:
                self.kept[pos] = made
        return made


def _new_children(pos: Position, node: int, children: Children, seen: set, tree: Tree):
    """The children of ``pos`` (node ``node``) whose digest is not in
    ``seen``, each with its node number: the digest goes into ``seen``,
    and the child into ``tree`` (the beams' and the best-first search's
    tables)."""
    add = tree.add
    for k, segment, child in children(pos):
        if k in seen:
            continue
        seen.add(k)
        yield add(node, segment), child


def _diverse(candidates: list[int], tree: Tree, width: int, per_parent: int) -> list[int]:
    """The nodes of the best ``width`` candidates (``score * _NODES +
    node``, sorted), at most ``per_parent`` of them from any one parent."""
    taken: dict[int, int] = {}
    level = []
    parents = tree.parents
    for order in candidates:
        node = order % _NODES
        parent = parents[node]
        n = taken.get(parent, 0)
        if n < per_parent:
            taken[parent] = n + 1
            level.append(node)
            if len(level) == width:
                break
    return level


#: Every :class:`_Memo`, for :func:`clear_memos`.
_MEMOS: list[dict] = []


def clear_memos() -> None:
    """Empty the score tables.  They are module-wide, so without this they
    outlive a solve: a process that solves deal after deal (an atlas
    piece) kept them full, up to 170 MiB more than one solve's peak.  A
    table holds values of pure functions, so emptying it changes no
    score, and so no position searched."""
    for memo in _MEMOS:
        memo.clear()


#: Most children differ from their parent in one or two columns, so each
#: score is a sum of terms per column, kept in a table per score (cleared
#: when it reaches this many columns: a few tens of MB).
COLUMN_MEMO: Final = 200_000


class _Memo(dict):
    """A table of ``term``'s values, each worked out when first looked up
    (``__missing__``: a lookup that finds its value makes no Python call);
    emptied when it reaches :data:`COLUMN_MEMO` entries, and by
    :func:`clear_memos`."""

    def __init__(self, term: Callable) -> None:
        super().__init__()
        self.term = term
        _MEMOS.append(self)

    def __missing__(self, key):
        if len(self) >= COLUMN_MEMO:
            self.clear()
        value = self[key] = self.term(key)
        return value


def _by_columns(term: Callable[[bytes], int]) -> Callable[[tuple[bytes, ...]], int]:
    """The sum of ``term`` over a position's columns, each column's term
    looked up in a table before it is worked out."""
    lookup = _Memo(term).__getitem__

    def total(cols: tuple[bytes, ...]) -> int:
        return sum(map(lookup, cols))
    return total


def _foundations_term(col: bytes) -> int:
    d = col[0]
    n = len(col) - 1
    if d:
        return 64 * d + 8 * (n - d) + 2 * n
    return 2 * n if n else -6


def _depth_term(col: bytes) -> int:
    d = col[0]
    n = len(col) - 1
    if d:
        return 64 * d + 8 * (n - d) * (1 + d // 3) + n
    return n


def _low_cards_term(col: bytes) -> int:
    d = col[0]
    n = len(col) - 1
    if d:
        low = 13
        buried = 0
        for card in col[1:d + 1]:
            rank = card >> 2
            buried += 16 - rank
            if rank < low:
                low = rank
        return 6 * buried + (n - d) * (16 - low) + 2 * n
    return 2 * n if n else -6


_foundations_sum = _by_columns(_foundations_term)
_depth_sum = _by_columns(_depth_term)
_low_cards_sum = _by_columns(_low_cards_term)


def score_by_foundations(pos: Position) -> int:
    """A beam order (lower first): face-down cards (64 each), the face-up
    cards on them (8), twice the tableau cards less the foundation cards,
    and a bonus per empty column (6: a place for a king, and with the
    talon's kings and queens behind it a place for anything)."""
    return _foundations_sum(pos.columns) - sum(pos.slots)


def score_by_depth(pos: Position) -> int:
    """A beam order: as :func:`score_by_foundations`, but a card on a deep
    column weighs more (1 + a third of the face-down cards under it: it
    hides more), the foundations count less, and no bonus for an empty
    column."""
    return _depth_sum(pos.columns) - sum(pos.slots) // 2


def score_by_low_cards(pos: Position) -> int:
    """A beam order: each face-down card weighs more the lower its rank
    (the search sees them: the deal code fixes every card), and each
    face-up card on a column weighs by the lowest face-down card under
    it: a low card buried holds back a whole foundation slot, and every
    card above it has to be moved first (RULES A1.3, A1.7).  Tableau
    cards, foundation cards and empty columns count as in
    :func:`score_by_foundations`."""
    return _low_cards_sum(pos.columns) - sum(pos.slots)


#: How much one card above a card the foundations need weighs in
#: :func:`score_by_needs`, and how many ranks up from each slot's height
#: are looked at.
NEED_WEIGHT: Final = 16
NEED_RANKS: Final = 2
_ABSENT: Final = 255


def _above_table(col: bytes) -> bytes:
    """Per card value 0..51: the cards in the column above its topmost
    copy, or :data:`_ABSENT`."""
    table = bytearray([_ABSENT]) * 52
    top = len(col) - 1
    for i in range(1, top + 1):         # bottom to top: the topmost copy writes last
        table[col[i]] = top - i
    return bytes(table)


#: :func:`_above_table` of each column looked at.
_ABOVE: Final = _Memo(_above_table)


def _needed(slots: tuple[int, ...]) -> tuple[tuple[int, ...], Callable]:
    """The next :data:`NEED_RANKS` cards of each slot (a card twice when
    both slots of its suit take it), and a function that picks those
    cards' entries from a column's :func:`_above_table`."""
    cards = tuple(rank * 4 + SLOT_SUIT[slot] for slot, height in enumerate(slots)
                  for rank in range(height, min(13, height + NEED_RANKS)))
    pick = operator.itemgetter(*cards) if len(cards) > 1 else _one_item(cards)
    return cards, pick


#: :func:`_needed` of each set of slot heights looked at.
_NEEDED: Final = _Memo(_needed)


def _one_item(cards: tuple[int, ...]) -> Callable:
    """An item getter that, like ``itemgetter`` of several items, gives a
    tuple: of the one card's entry, or empty when no card is needed."""
    return lambda table: tuple(table[card] for card in cards)


def score_by_needs(pos: Position) -> int:
    """A best-first order: :func:`score_by_depth`, plus for each slot and
    each of the next :data:`NEED_RANKS` cards it takes, the cards lying
    above that card's topmost copy on the columns (none for a copy in the
    talon), :data:`NEED_WEIGHT` each: it digs for the cards the foundations
    wait for, where the other orders dig wherever face-down cards are
    (deals whose low cards lie deep, both copies of one among them:
    benchmarks/NOTES.md)."""
    cols, talon, slots = pos
    cards, pick = _NEEDED[slots]
    above = _ABOVE
    rows = [pick(above[col]) for col in cols if len(col) > 1]
    # (each card's fewest cards above it over the columns, in one pass)
    fewest = map(min, *rows) if len(rows) > 1 else rows[0] if rows else ()
    cost = 0
    for card, over in zip(cards, fewest):
        # (absent: the copy is on the other slot; none for a talon copy)
        if over != _ABSENT and not talon >> (2 * card) & 3:
            cost += over
    return score_by_depth(pos) + NEED_WEIGHT * cost


#: The beam orders the fast search takes in turn: each wins deals the
#: others miss (no one order is best on every deal).
BEAM_SCORES = (score_by_low_cards, score_by_foundations, score_by_depth)


#: Novelty's atoms of a card on a card are ``under * 52 + card`` (``under``
#: 52: on nothing), all below this; a suit's slot heights come after it.
_SLOT_ATOMS: Final = 53 * 52
#: A column's count of face-down cards (its byte 0).
_face_down = operator.itemgetter(0)


class Novelty:
    """A best-first order of two ranks, after best-first width search
    (Lipovetzky & Geffner, "Best-First Width Search: Exploration and
    Exploitation in Classical Planning", AAAI 2017): a position comes
    first (rank 0) when it makes some *atom* true for the first time
    among the positions of the same progress, then by ``score``.

    The atoms: each face-up card on a column with the card under it (or
    with nothing: a column's first face-up card), and each suit's pair of
    slot heights.  Progress: the face-down cards and the foundation cards.
    A position with a new atom has put a card somewhere no position of
    that progress had it; the greedy orders pass those by for positions
    that score a little better and are much alike, and on the hardest
    deals (two copies of a low card buried) they never leave that plateau:
    under this order the search wins the 9 deals of 1-10 000 that every
    other run lost at 60 s (benchmarks/NOTES.md).

    It keeps a set of atoms per progress (about 130 ints each on deal 950:
    97 102 in 756 sets at 300 000 positions), and
    beside it the columns and slot heights whose atoms are in that set
    already: a child differs from its parent in a column or two, so most of
    its columns need no look (the same ranks as looking at every atom, at a
    fraction of the cost: benchmarks/NOTES.md).  It never answers
    ``unsolvable`` (it runs in :class:`BestFirst`).

    The rank and the score are one int, ``rank * RANK + score``
    (:meth:`split` takes it apart; scores lie well within ``RANK // 2``
    either way): the heap compares ints faster than pairs."""

    RANK: ClassVar[int] = 1 << 32

    def __init__(self, score: Callable[[Position], int]) -> None:
        self.score = score
        self.seen: dict[int, tuple[set[int], set[bytes | tuple[int, ...]]]] = {}

    @classmethod
    def split(cls, value: int) -> tuple[int, int]:
        """The rank and the score of a value this order gave."""
        rank = (value + cls.RANK // 2) // cls.RANK
        return rank, value - rank * cls.RANK

    def __call__(self, pos: Position) -> int:
        cols, _, slots = pos
        progress = sum(slots) + (sum(map(_face_down, cols)) << 7)
        tables = self.seen.get(progress)
        if tables is None:
            tables = self.seen[progress] = (set(), set())
        atoms, merged = tables
        size = len(atoms)
        if not merged.issuperset(cols):      # (most children: every column known)
            for col in cols:
                if col not in merged:
                    merged.add(col)
                    atoms.update(_column_atoms(col))
        if slots not in merged:
            merged.add(slots)
            atoms.update(_slot_atoms(slots))
        return (0 if len(atoms) > size else self.RANK) + self.score(pos)


def _column_atoms(col: bytes) -> list[int]:
    """Novelty's atoms of a column: each face-up card with the card under
    it, ``under * 52 + card`` (``under`` 52: on nothing)."""
    atoms = []
    under = 52
    for i in range(col[0] + 1, len(col)):
        card = col[i]
        atoms.append(under * 52 + card)
        under = card
    return atoms


def _slot_atoms(slots: tuple[int, ...]) -> list[int]:
    """Novelty's atoms of the slot heights: each suit's pair, lower first."""
    atoms = []
    for base in range(0, 8, 2):
        low, high = slots[base], slots[base + 1]
        if low > high:
            low, high = high, low
        atoms.append(_SLOT_ATOMS + (base * 14 + low) * 14 + high)
    return atoms
