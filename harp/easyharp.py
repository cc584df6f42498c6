"""Easy Harp (RULES A1): two decks, nine Klondike columns, one card at a time."""
from __future__ import annotations

from itertools import chain
from typing import Any, Final

from .actions import DOUBLE_TAP, DRAW, DRAW_ACTION, MOVE, TAP, Action, move
from .board import Board, UndoRecord, _checked_cards, _Pile
from .cards import FOUNDATION_SUITS, KING, card_str, is_red
from .deals import EASY_HARP, DealCode, easy_harp_layout
from .errors import HarpError, NotationError, a_number, clip

# (Final: the solver's compiled build puts them into its code as numbers)
N_COLUMNS: Final = 9
N_SLOTS: Final = 8
SUIT_NAMES = ("club", "diamond", "heart", "spade")

#: First of the two foundation slots of each suit (RULES B5: f1-f2 spades,
#: f3-f4 hearts, f5-f6 diamonds, f7-f8 clubs), indexed by suit.
SLOT_BASE = [0] * 4
for _i, _suit in enumerate(FOUNDATION_SUITS):
    SLOT_BASE[_suit] = 2 * _i
#: Suit of each slot, f1..f8.
SLOT_SUIT = tuple(FOUNDATION_SUITS[i // 2] for i in range(N_SLOTS))

#: FITS[card * 52 + top]: card may be built on top (RULES A1.2: other colour,
#: one rank lower).  A flat table keeps the check to one index.
FITS = bytes(
    1 if (top >> 2) == (card >> 2) + 1 and is_red(top) != is_red(card) else 0
    for card in range(52) for top in range(52))
#: The (two) cards each card may be built on, for move generation.
PARENTS = tuple(tuple(t for t in range(52) if FITS[c * 52 + t]) for c in range(52))

COLUMN_INDEX = {str(i + 1): i for i in range(N_COLUMNS)}
_COL_TO_COL = [[move(str(i + 1), str(j + 1)) for j in range(N_COLUMNS)] for i in range(N_COLUMNS)]
_COL_TO_F = [move(str(i + 1), "f") for i in range(N_COLUMNS)]
_WASTE_TO_COL = [move("w", str(j + 1)) for j in range(N_COLUMNS)]
_WASTE_TO_F = move("w", "f")
_TAKE_BACK = [[move(f"f{s + 1}", str(j + 1)) for j in range(N_COLUMNS)] for s in range(N_SLOTS)]

ONE_CARD_REMINDER = ("in Easy Harp only the top card moves between columns; take a run "
                     "apart card by card, starting with its last (exposed) card")
EMPTY_COLUMN_REMINDER = ("an empty column accepts only a king, or a run that starts with a "
                         "king (K, Q, J … alternating colours) moved as a whole")


class EasyHarpBoard(Board):
    """An Easy Harp position (RULES A1).

    ``columns`` are bottom to top; the bottom ``face_down[i]`` cards of
    column i are face down.  ``stock`` holds the next card to be drawn at
    its *end* (``stock[-1]``); ``waste[-1]`` is the playable waste card.
    ``foundations`` are the eight slots f1..f8, each a list, ace first.
    Assigning any of these piles sets up a position by hand and starts a
    new history (see :class:`~harp.board._Pile`).
    """

    game = EASY_HARP
    n_columns = N_COLUMNS
    n_slots = N_SLOTS
    face_down: list[int] = _Pile()  # type: ignore[assignment]
    stock: list[int] = _Pile()  # type: ignore[assignment]
    waste: list[int] = _Pile()  # type: ignore[assignment]

    def __init__(self, code: DealCode | str, *, interactive_rules: bool = True,
                 double_click: bool = True) -> None:
        super().__init__(code, interactive_rules=interactive_rules, double_click=double_click)
        layout = easy_harp_layout(self._code.number)
        self._columns = [list(col) for col in layout.columns]
        self._face_down = [len(col) - 1 for col in layout.columns]
        self._stock = list(reversed(layout.stock))
        self._waste = []
        self._foundations = [[] for _ in range(N_SLOTS)]

    def _copy_piles_to(self, other: EasyHarpBoard) -> None:
        other._face_down = list(self._face_down)
        other._stock, other._waste = list(self._stock), list(self._waste)

    def _piles(self) -> list[list[int]]:
        return [*self._columns, *self._foundations, self._stock, self._waste]

    # ------------------------------------------------------------ piles set up by hand
    def _checked_columns(self, value: Any) -> list[list[int]]:
        columns = super()._checked_columns(value)
        # The top card of a column is face up (RULES A1.6): a face-down
        # count the new column cannot hold is lowered (set face_down after
        # columns, as its counts are of the columns' cards).
        down = self.__dict__.get("_face_down")
        if down is not None:
            down[:] = [min(n, max(len(col) - 1, 0)) for n, col in zip(down, columns)]
        return columns

    def _checked_face_down(self, value: Any) -> list[int]:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"face_down is a list of {N_COLUMNS} counts (ints), "
                            f"not {type(value).__name__}")
        if len(value) != N_COLUMNS:
            raise HarpError(f"face_down has one count per column: {N_COLUMNS}, not {len(value)}")
        for n, (count, col) in enumerate(zip(value, self._columns), 1):
            if not isinstance(count, int) or isinstance(count, bool):
                raise TypeError(f"face_down holds {clip(repr(count))} for column {n}: a count of "
                                f"cards is an int, not {type(count).__name__}")
            if not 0 <= count < max(len(col), 1):
                raise HarpError(f"column {n} has {len(col)} card{'s' if len(col) != 1 else ''}, "
                                f"so {a_number(count)} of them cannot lie face down: the top card "
                                "of a column is face up (RULES A1.6)")
        return [int(count) for count in value]

    def _checked_stock(self, value: Any) -> list[int]:
        return _checked_cards(value, "the stock")

    def _checked_waste(self, value: Any) -> list[int]:
        return _checked_cards(value, "the waste")

    # ------------------------------------------------------------ piles
    def _face_down_count(self, column: int) -> int:
        return self._face_down[column]

    def _face_down_add(self, column: int, delta: int) -> None:
        self._face_down[column] += delta

    def _redeal(self) -> None:
        # RULES A1.8: the waste returns face down in the same order, so the
        # card drawn first last time (waste[0]) is drawn first again.
        self._stock.extend(reversed(self._waste))
        self._waste.clear()

    def _unredeal(self) -> None:
        self._waste.extend(reversed(self._stock))
        self._stock.clear()

    def run_length(self, column: int) -> int:
        """Face-up cards at the top of a column that form an ordered run
        (alternating colours, descending by one), counting the top card."""
        col = self._columns[column]
        i, floor, n = len(col) - 1, self._face_down[column], 1
        while i - 1 >= floor and FITS[col[i] * 52 + col[i - 1]]:
            n += 1
            i -= 1
        return n

    def _slot_for(self, card: int) -> int:
        """First foundation slot that accepts the card, or -1 (RULES A1.7)."""
        base, rank, found = SLOT_BASE[card & 3], card >> 2, self._foundations
        if len(found[base]) == rank:
            return base
        if len(found[base + 1]) == rank:
            return base + 1
        return -1

    def _accepts(self, column: int, card: int) -> bool:
        col = self._columns[column]
        return FITS[card * 52 + col[-1]] == 1 if col else card >> 2 == KING

    # ------------------------------------------------------------ actions
    def _apply(self, action: Action) -> UndoRecord:
        kind = action.kind
        if kind == MOVE:
            return self._move(action.src, action.dst, action.count)
        if kind == DRAW:
            return self._draw()
        if kind == TAP:
            return self._tap(action.src)
        if kind == DOUBLE_TAP:
            return self._double_tap(action.src)
        # (an Action checks its kind when it is made: only a forged one gets here)
        raise NotationError(f"unknown action kind {kind!r}")  # pragma: no cover

    def _move(self, src: str, dst: str, count: int | None) -> UndoRecord:
        d0 = dst[0]
        if d0 == "f":
            return self._to_foundation(src, dst, count)
        if d0 == "w":
            self._refuse("nothing can be put on the waste", "A1.5")
        di = COLUMN_INDEX[dst]
        if src == "w":
            return self._waste_to_column(di, count)
        if src[0] == "f":
            return self._take_back(src, di, count)
        return self._column_to_column(COLUMN_INDEX[src], di, count)

    def _one_card(self, count: int | None, what: str, rule: str) -> None:
        """A count other than 1 (``N:X>Y``, RULES B7) where the rule of the
        place (``rule``) moves one card: the waste's top card (A1.5), a
        foundation's (A1.10), one card at a time onto a foundation (A1.7)."""
        if count is not None and count != 1:
            self._refuse(f"{count} cards cannot move {what}: only one card moves at a time",
                         rule)

    def _source_pile(self, src: str) -> tuple[list[int], int]:
        """The pile a top card comes from, and its column index (-1: waste)."""
        if src == "w":
            if not self._waste:
                self._refuse("the waste is empty", "A1.5")
            return self._waste, -1
        return self._column_source(src, "A1.10" if src[0] == "f" else "A1.3")

    def _to_foundation(self, src: str, dst: str, count: int | None) -> UndoRecord:
        pile, column = self._source_pile(src)
        self._one_card(count, "to a foundation", "A1.7")
        card = pile[-1]
        if dst == "f":
            slot = self._slot_for(card)
            if slot < 0:
                self._refuse(f"{card_str(card)} cannot go to a foundation: "
                             f"{self._foundation_need(card)}", "A1.7")
        else:
            slot = int(dst[1:]) - 1
            if SLOT_SUIT[slot] != card & 3:
                self._refuse(f"{card_str(card)} cannot go to {dst}: that slot builds "
                             f"{SUIT_NAMES[SLOT_SUIT[slot]]}s only", "A1.7")
            if len(self._foundations[slot]) != card >> 2:
                self._refuse(f"{card_str(card)} cannot go to {dst}: it needs "
                             f"{self._slot_need(slot)}", "A1.7")
        return self._transfer(pile, self._foundations[slot], 1, 10, column)

    def _foundation_need(self, card: int) -> str:
        base = SLOT_BASE[card & 3]
        return (f"its slots f{base + 1} and f{base + 2} need "
                f"{self._slot_need(base)} and {self._slot_need(base + 1)}")

    def _slot_need(self, slot: int) -> str:
        rank = len(self._foundations[slot])
        if rank == 13:
            return "nothing more (complete)"
        return card_str(rank * 4 + SLOT_SUIT[slot])

    def _check_accepts(self, column: int, card: int) -> None:
        col = self._columns[column]
        if col:
            if not FITS[card * 52 + col[-1]]:
                self._refuse(f"{card_str(card)} cannot go on {card_str(col[-1])}: a card goes on "
                             "a card of the other colour one rank higher", "A1.2")
        elif card >> 2 != KING:
            self._refuse(f"column {column + 1} is empty and takes only a king, "
                         f"not {card_str(card)}", "A1.4", EMPTY_COLUMN_REMINDER)

    def _waste_to_column(self, column: int, count: int | None) -> UndoRecord:
        if not self._waste:
            self._refuse("the waste is empty", "A1.5")
        self._one_card(count, "from the waste", "A1.5")
        self._check_accepts(column, self._waste[-1])
        return self._transfer(self._waste, self._columns[column], 1, 5)

    def _take_back(self, src: str, column: int, count: int | None) -> UndoRecord:
        self._one_card(count, "from a foundation", "A1.10")
        slot = self._take_back_slot(src, f"on column {column + 1}",
                                    lambda card: self._accepts(column, card), "A1.10")
        pile = self._foundations[slot]
        self._check_accepts(column, pile[-1])
        return self._transfer(pile, self._columns[column], 1, 0)

    def _column_to_column(self, si: int, di: int, count: int | None) -> UndoRecord:
        if si == di:
            self._refuse(f"a card cannot move from column {si + 1} onto itself", "A1.2")
        src, dst = self._columns[si], self._columns[di]
        if not src:
            self._refuse(f"column {si + 1} is empty", "A1.3")
        if dst:
            return self._onto_card(si, di, count)
        n = self.run_length(si)
        if src[-n] >> 2 != KING:
            self._refuse(f"column {di + 1} is empty and takes only a king or a king-led run; "
                         f"{card_str(src[-1])} on column {si + 1} heads none", "A1.4",
                         EMPTY_COLUMN_REMINDER)
        if count is not None and count != n:
            self._refuse(f"the king-led run on column {si + 1} has {n} "
                         f"card{'s' if n > 1 else ''}, not {count}", "A1.4", EMPTY_COLUMN_REMINDER)
        return self._transfer(src, dst, n, 0, si)

    def _onto_card(self, si: int, di: int, count: int | None) -> UndoRecord:
        src, top = self._columns[si], self._columns[di][-1]
        card = src[-1]
        if count is not None and count != 1:
            self._refuse(f"{count} cards cannot move from column {si + 1} to column {di + 1}: "
                         "only the top card moves between columns", "A1.3", ONE_CARD_REMINDER)
        if not FITS[card * 52 + top]:
            run = self.run_length(si)
            for k in range(2, run + 1):
                if FITS[src[-k] * 52 + top]:
                    self._refuse(f"the run {card_str(src[-k])}…{card_str(card)} cannot move from "
                                 f"column {si + 1} to column {di + 1}: only its top card "
                                 f"{card_str(card)} moves", "A1.3", ONE_CARD_REMINDER)
            self._check_accepts(di, card)
        return self._transfer(src, self._columns[di], 1, 0, si)

    def _draw(self) -> UndoRecord:
        if self._stock:
            return self._transfer(self._stock, self._waste, 1, 0)
        if not self._waste:
            self._refuse("the stock and the waste are both empty", "A1.8")
        self._redeal()
        return (None, None, 0, -1, 0)

    def _tappable(self, src: str) -> None:
        if src != "w" and src not in COLUMN_INDEX:
            self._refuse("only the top card of a column or of the waste can be tapped", "A1.10")

    def _tap(self, src: str) -> UndoRecord:
        self._tappable(src)
        return self._to_foundation(src, "f", None)

    def _double_tap(self, src: str) -> UndoRecord:
        """RULES A1.10, B5: a foundation, else the longest column that accepts
        the card (its own column skipped), else an empty column for a king."""
        if not self.double_click:
            self._refuse("double tap is off (setting \"double click\")", "B9")
        self._tappable(src)
        pile, own = self._source_pile(src)
        card = pile[-1]
        if self._slot_for(card) >= 0:
            return self._to_foundation(src, "f", None)
        target = self._double_tap_column(card, own)
        if target < 0:
            self._refuse(f"{card_str(card)} has no place on a foundation or on the tableau", "A1.10")
        if own < 0:
            return self._waste_to_column(target, None)
        return self._column_to_column(own, target, None)

    @staticmethod
    def _builds_on(card: int, top: int) -> bool:
        return FITS[card * 52 + top] == 1

    # ------------------------------------------------------------ generation
    def legal_list(self) -> list[Action]:
        """Every legal move and the draw, as a list (taps, aliases of moves,
        are left out).  RULES A1.2-A1.10."""
        cols, found, waste = self._columns, self._foundations, self._waste
        out: list[Action] = []
        append = out.append
        tops: dict[int, list[int]] = {}
        empties = []
        for j, col in enumerate(cols):
            if col:
                tops.setdefault(col[-1], []).append(j)
            else:
                empties.append(j)
        if waste:
            card = waste[-1]
            if self._slot_for(card) >= 0:
                append(_WASTE_TO_F)
            self._onto_tableau(out, card, _WASTE_TO_COL, tops, empties)
        for i, col in enumerate(cols):
            if not col:
                continue
            card = col[-1]
            if self._slot_for(card) >= 0:
                append(_COL_TO_F[i])
            row = _COL_TO_COL[i]
            for parent in PARENTS[card]:
                for j in tops.get(parent, ()):
                    append(row[j])
            if empties and col[-self.run_length(i)] >> 2 == KING:
                out.extend([row[j] for j in empties])
        for s, slot in enumerate(found):
            if slot:
                self._onto_tableau(out, slot[-1], _TAKE_BACK[s], tops, empties)
        if self._stock or waste:
            append(DRAW_ACTION)
        return out

    @staticmethod
    def _onto_tableau(out: list[Action], card: int, to_column: list[Action],
                      tops: dict[int, list[int]], empties: list[int]) -> None:
        for parent in PARENTS[card]:
            for j in tops.get(parent, ()):
                out.append(to_column[j])
        if card >> 2 == KING:
            out.extend([to_column[j] for j in empties])

    def status(self) -> str:
        """RULES B10: ``won``, ``blocked`` (no move, and no number of draws
        brings one) or ``open``."""
        if self.cards_on_foundations == 104:
            return "won"
        for action in self.legal_list():
            if action is not DRAW_ACTION:
                return "open"
        for card in chain(self._stock, self._waste):
            if self._slot_for(card) >= 0 or any(self._accepts(j, card) for j in range(N_COLUMNS)):
                return "open"
        return "blocked"
