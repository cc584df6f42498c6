"""The Easy Harp solver's model of a position (RULES A1) and its moves.

A position is a :class:`Position` ``(columns, talon, slots)``:

* ``columns``: nine ``bytes``; byte 0 is the number of face-down cards at
  the bottom, the rest are the column's cards bottom to top (face-down ones
  included: the deal code fixes them, so the search sees everything).
* ``talon``: the stock and the waste together, as a *multiset*: an ``int``
  holding two bits per card value (``TALON_ONE[card]`` is one copy).
  Rule TALON-RESERVE: drawing
  one card at a time with unlimited redeals in the same order (RULES A1.8)
  brings every talon card to the waste top after some draws, and playing one
  leaves the cyclic order of the others as it was; so which moves exist, and
  whether the position can be won, depend only on which cards are in the
  talon.  Draws are put back when a line becomes actions
  (:mod:`harp.solve.easyharp.lines`).
* ``slots``: the heights of the eight foundation slots f1..f8 (RULES A1.7,
  B5), kept in the engine's order so that ``X>f`` goes where the engine
  puts it (the first slot that accepts).

A card is an ``int`` 0..51 as in :mod:`harp.cards`; the two copies of a card
have the same value, so they are interchangeable by construction.
The rule tables come from the engine (:mod:`harp.easyharp`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from harp import easyharp as engine
from harp.cards import ACE, FOUNDATION_SUITS, KING
from harp.easyharp import N_COLUMNS, N_SLOTS

# The tables and constants of this package's compiled modules are
# ``Final`` (but for the few the tests change): the compiled build
# (setup.py) then keeps each in a C variable, where other module-level
# names are looked up by name at each use.

#: The engine's rule tables (RULES A1.2, B5), under Final names.
FITS: Final[bytes] = engine.FITS
PARENTS: Final[tuple[tuple[int, ...], ...]] = engine.PARENTS
SLOT_BASE: Final[list[int]] = engine.SLOT_BASE

#: The cards that may be built on each card (RULES A1.2), the inverse of the
#: engine's PARENTS.
CHILDREN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c in range(52) if t in PARENTS[c]) for t in range(52))
#: One copy of a card in the talon multiset (two bits per card value).
TALON_ONE: Final[tuple[int, ...]] = tuple(1 << (2 * c) for c in range(52))
#: Suit of each slot f1..f8 (RULES B5), the engine's order.
SLOT_SUIT: Final[tuple[int, ...]] = tuple(FOUNDATION_SUITS[i // 2] for i in range(N_SLOTS))

# Kinds of move.
COL_TO_FOUNDATION: Final = 0    # top card of column ``src`` to the foundation (``i>f``)
TALON_TO_FOUNDATION: Final = 1  # a talon card ``card`` to the foundation (draws, ``w>f``)
COL_TO_COL: Final = 2           # top card (or king-led run, into an empty column) ``src`` > ``dst``
TALON_TO_COL: Final = 3         # a talon card ``card`` onto column ``dst`` (draws, ``w>j``)
TAKE_BACK: Final = 4            # top card of slot ``src`` onto column ``dst`` (``fN>j``, A1.10)


class Move(NamedTuple):
    """One move of the model: a kind above, its source and destination
    (column or slot numbers from 0, -1 when not used) and the card moved."""

    kind: int
    src: int
    dst: int
    card: int


class Position(NamedTuple):
    columns: tuple[bytes, ...]
    talon: int
    slots: tuple[int, ...]


#: ``tuple_new(Position, (columns, talon, slots))`` makes a position
#: without the NamedTuple constructor's Python-level call (half its cost;
#: the searches make millions).
tuple_new: Final = tuple.__new__


def position_from_board(board) -> Position:
    """The model of an :class:`~harp.easyharp.EasyHarpBoard`'s position."""
    cols = tuple(bytes([board.face_down[i]]) + bytes(board.columns[i]) for i in range(N_COLUMNS))
    talon = 0
    for card in (*board.stock, *board.waste):
        talon += TALON_ONE[card]
    return Position(cols, talon, tuple(len(slot) for slot in board.foundations))


def talon_count(talon: int, card: int) -> int:
    return (talon >> (2 * card)) & 3


def talon_cards(talon: int) -> list[int]:
    """The card values in the talon (each once)."""
    out = []
    card = 0
    while talon:
        if talon & 3:
            out.append(card)
        talon >>= 2
        card += 1
    return out


def slot_for(slots: tuple[int, ...], card: int) -> int:
    """First slot that accepts the card, or -1 (RULES A1.7: the first of two)."""
    base, rank = SLOT_BASE[card & 3], card >> 2
    if slots[base] == rank:
        return base
    if slots[base + 1] == rank:
        return base + 1
    return -1


def slot_top(slots: tuple[int, ...], slot: int) -> int:
    """The card on top of a (non-empty) slot."""
    return (slots[slot] - 1) * 4 + SLOT_SUIT[slot]


def run_length(col: bytes) -> int:
    """Face-up cards at the top of a column that form an ordered run (other
    colour, one rank lower each, RULES A1.4), the top card counted; 0 for an
    empty column.  In play this is the whole face-up part."""
    floor = col[0] + 1
    i = len(col) - 1
    while i > floor and FITS[col[i] * 52 + col[i - 1]]:
        i -= 1
    return len(col) - i


def remove_top(col: bytes, n: int) -> bytes:
    """The column without its top n cards, the uncovered card turned up (A1.6)."""
    rest = col[:-n]
    down = rest[0]
    if down and len(rest) - 1 == down:
        return bytes([down - 1]) + rest[1:]
    return rest


def with_item(tup: tuple, i: int, value) -> tuple:
    """The tuple with item i replaced."""
    out = list(tup)             # (a list and back: faster than slicing two tuples)
    out[i] = value
    return tuple(out)


def apply(pos: Position, move: Move) -> Position:
    """The position after a legal move (the caller checks legality)."""
    cols, talon, slots = pos
    kind, src, dst, card = move        # (unpacked: faster than the fields' names)
    if kind == COL_TO_FOUNDATION:
        col = cols[src]
        slot = slot_for(slots, col[-1])
        return tuple_new(Position, (with_item(cols, src, remove_top(col, 1)), talon,
                                    with_item(slots, slot, slots[slot] + 1)))
    if kind == COL_TO_COL:
        scol, dcol = cols[src], cols[dst]
        n = 1 if len(dcol) > 1 else run_length(scol)     # empty: the king-led run (A1.4)
        out = list(cols)
        out[src] = remove_top(scol, n)
        out[dst] = dcol + scol[-n:]
        return tuple_new(Position, (tuple(out), talon, slots))
    if kind == TALON_TO_FOUNDATION:
        slot = slot_for(slots, card)
        return tuple_new(Position, (cols, talon - TALON_ONE[card],
                                    with_item(slots, slot, slots[slot] + 1)))
    if kind == TALON_TO_COL:
        return tuple_new(Position, (with_item(cols, dst, cols[dst] + bytes((card,))),
                                    talon - TALON_ONE[card], slots))
    return tuple_new(Position, (with_item(cols, dst, cols[dst] + bytes((slot_top(slots, src),))),
                                talon, with_item(slots, src, slots[src] - 1)))


def is_legal(pos: Position, move: Move) -> bool:
    """Whether the rules allow the move in the position (RULES A1.2-A1.10);
    used to check a shortened line before it is kept."""
    cols, talon, slots = pos
    kind = move.kind
    if kind == COL_TO_FOUNDATION:
        col = cols[move.src]
        return len(col) > 1 and col[-1] == move.card and slot_for(slots, col[-1]) >= 0
    if kind == TALON_TO_FOUNDATION:
        return talon_count(talon, move.card) > 0 and slot_for(slots, move.card) >= 0
    if kind == TAKE_BACK:
        if not slots[move.src] or slot_top(slots, move.src) != move.card:
            return False
        return accepts(cols[move.dst], move.card)
    if kind == TALON_TO_COL:
        return talon_count(talon, move.card) > 0 and accepts(cols[move.dst], move.card)
    src, dst = cols[move.src], cols[move.dst]
    if move.src == move.dst or len(src) < 2 or src[-1] != move.card:
        return False
    if len(dst) > 1:
        return FITS[src[-1] * 52 + dst[-1]] == 1
    n = run_length(src)
    return src[-n] >> 2 == KING


def accepts(col: bytes, card: int) -> bool:
    """Whether a column takes the card (RULES A1.2, A1.4)."""
    return FITS[card * 52 + col[-1]] == 1 if len(col) > 1 else card >> 2 == KING


def is_ace(card: int) -> bool:
    return card >> 2 == ACE


def tableau_empty(pos: Position) -> bool:
    for col in pos.columns:
        if len(col) > 1:
            return False
    return True


def key(pos: Position) -> bytes:
    """Transposition key: exact, up to the symmetries that change nothing
    (rule SYMMETRY).

    * The columns as a sorted list: the rules treat the nine columns alike
      (column numbers matter only to double taps, which the solver does not
      use), so positions that differ by an order of columns are won or lost
      together.  A column's bytes hold its face-down cards too.
    * The talon as a multiset (see the module text).
    * Each suit's two slot heights, sorted: the two slots of a suit accept
      the same cards (RULES A1.7).
    Columns are separated by 0xFF, which no card (< 52) or face-down count
    (< 9) can be, so the encoding is unambiguous; the talon takes 13 bytes.
    """
    cols, talon, s = pos
    parts = sorted(cols)
    a, b, c, d, e, f, g, h = s
    parts.append(bytes((min(a, b), min(c, d), min(e, f), min(g, h),
                        max(a, b), max(c, d), max(e, f), max(g, h))))
    parts.append(talon.to_bytes(13, "little"))
    return b"\xff".join(parts)


def compact_keys(root: Position) -> Callable[[Position], bytes]:
    """:func:`key` made smaller for the positions reached from ``root``:
    two of them have equal compact keys exactly when they have equal keys
    (the same multiset of columns, the same sorted slot pairs, the same
    talon), as each part below is written one-to-one and knows its end.

    * A column as ``(number, n)``, then its ``n`` face-up cards.  Face-down
      cards never move and are never added (RULES A1.3, A1.6), so the
      face-down cards of a column reached from ``root`` are the first ones
      of the same column of ``root``: one number (1-36; 0: none) stands
      for each distinct run of them, the same for two runs of the same
      cards (two decks).  Face-up cards built one on another by the rules
      (A1.2, A1.4: each is one of the two cards that go on the one below,
      ``CHILDREN``) are written as the first card and one bit a card after
      it; any other face-up cards (a position set up by hand) as they are,
      with 0x80 added to the number to say so.
    * The columns sorted and joined (nine parts that know their ends), then
      each suit's two slot heights, smaller first, a byte a suit, then the
      talon's 13 bytes.

    At the opening a key of 85 bytes takes 44.  Deal 207527's sound search,
    5 000 000 positions, peaks at 355 MiB with compact keys in a
    :class:`~harp.solve.easyharp.packed.KeySet` against 889 MiB with
    plain ones in a set (benchmarks/NOTES.md).  A column's part is
    made once and looked up after (:class:`_CompactColumns`)."""
    numbers: dict[bytes, int] = {}
    for col in root[0]:
        for down in range(1, col[0] + 1):
            numbers.setdefault(col[1:1 + down], len(numbers) + 1)   # at most 36 < 0x80
    columns = _CompactColumns(numbers)

    def compact(pos: Position) -> bytes:
        cols, talon, s = pos
        if len(columns) > COMPACT_MEMO:
            columns.clear()
        a, b, c, d, e, f, g, h = s
        return b"".join((*sorted(map(columns.__getitem__, cols)),
                         bytes((min(a, b) << 4 | max(a, b), min(c, d) << 4 | max(c, d),
                                min(e, f) << 4 | max(e, f), min(g, h) << 4 | max(g, h))),
                         talon.to_bytes(13, "little")))
    return compact


#: How many columns :func:`compact_keys` remembers before it starts again
#: (a search meets the same columns in many positions).
COMPACT_MEMO: Final = 200_000


class _CompactColumns(dict):
    """A column's bytes -> its part of a compact key (:func:`compact_keys`);
    the face-down run's number depends on its cards only."""

    def __init__(self, numbers: dict[bytes, int]) -> None:
        super().__init__()
        self.numbers = numbers

    def __missing__(self, col: bytes) -> bytes:
        down = col[0]
        number = self.numbers[col[1:1 + down]] if down else 0
        up = col[1 + down:]
        n = len(up)
        bits = 0
        for k in range(1, n):
            children = CHILDREN[up[k - 1]]
            if up[k] not in children:
                made = bytes((number | 0x80, n)) + up
                break
            bits |= children.index(up[k]) << (k - 1)
        else:
            made = bytes((number, n)) + up[:1] + bits.to_bytes((n + 6) // 8, "little")
        self[col] = made
        return made


def digest(pos: Position) -> int:
    """A 64-bit hash of :func:`key` (the same symmetries: a sum over the
    columns does not depend on their order, and a suit's two heights are
    given by their sum and product), cheaper to make and much smaller to
    keep.  Two positions may share a digest by chance (among a million
    positions, some two do with a chance of about 3 in 10**8), so only the
    searches that answer nothing but wins, each replayed, use it."""
    cols, talon, s = pos
    a, b, c, d, e, f, g, h = s
    return hash((sum(map(hash, cols)), talon, a * b + 200 * (a + b), c * d + 200 * (c + d),
                 e * f + 200 * (e + f), g * h + 200 * (g + h)))


def exact_key(pos: Position) -> tuple:
    """The position itself, column numbers and slots as they are: two lines
    that pass through equal exact keys can be spliced."""
    return pos
