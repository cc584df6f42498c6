"""Seahaven Towers (RULES A2): one deck face up, ten columns, 4/2/1 cells."""
from __future__ import annotations

from collections.abc import Sequence

from .actions import DOUBLE_TAP, DRAW, MOVE, TAP, Action, move
from .board import Board, UndoRecord, _checked_cards
from .cards import FOUNDATION_SUITS, KING, card_str
from .deals import SEAHAVEN, DealCode, seahaven_layout
from .errors import HarpError, NotationError
from .notation import CELL_NAMES

N_COLUMNS = 10
SUIT_NAMES = ("club", "diamond", "heart", "spade")
#: Foundation slot of each suit (RULES B5: f1 spades, f2 hearts, f3 diamonds, f4 clubs).
SLOT_OF_SUIT = [0] * 4
for _i, _suit in enumerate(FOUNDATION_SUITS):
    SLOT_OF_SUIT[_suit] = _i

COLUMN_INDEX = {str(i + 1): i for i in range(N_COLUMNS)}
CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}
_COLUMNS = [str(i + 1) for i in range(N_COLUMNS)]
_COL_TO_COL = [[move(a, b) for b in _COLUMNS] for a in _COLUMNS]
_COL_TO_F = [move(a, "f") for a in _COLUMNS]
_COL_TO_CELL = [[move(a, c) for c in CELL_NAMES] for a in _COLUMNS]
_CELL_TO_COL = [[move(c, b) for b in _COLUMNS] for c in CELL_NAMES]
_CELL_TO_F = [move(c, "f") for c in CELL_NAMES]
_CELL_TO_CELL = [[move(c, d) for d in CELL_NAMES] for c in CELL_NAMES]
_SLOT_TO_COL = [[move(f"f{s + 1}", b) for b in _COLUMNS] for s in range(4)]
_SLOT_TO_CELL = [[move(f"f{s + 1}", c) for c in CELL_NAMES] for s in range(4)]


def _to_free(rows: list[list[Action]]) -> list[list[tuple[Action, ...]]]:
    """For each mask of free cells, each source's moves into those cells."""
    return [[tuple(row[c] for c in range(4) if mask >> c & 1) for row in rows]
            for mask in range(16)]


_COL_TO_FREE = _to_free(_COL_TO_CELL)
_CELL_TO_FREE = _to_free(_CELL_TO_CELL)
_SLOT_TO_FREE = _to_free(_SLOT_TO_CELL)

EMPTY_COLUMN_REMINDER = ("an empty column takes only a king, alone or followed by its "
                         "same-suit run (K♠ Q♠ J♠)")


def capacity(free_cells: int, empty_columns: int) -> int:
    """Largest run that moves as a unit (RULES A2.5): (free cells + 1) x
    2^(empty columns).  For a move into an empty column, pass the empty
    columns other than the destination."""
    return (free_cells + 1) << empty_columns


def top_run_length(column: Sequence[int]) -> int:
    """Same-suit cards in consecutive ranks at the top of a non-empty column
    (RULES A2.3: each lies on the next higher card of its suit)."""
    i, n = len(column) - 1, 1
    while i > 0 and column[i - 1] == column[i] + 4:
        n += 1
        i -= 1
    return n


class SeahavenBoard(Board):
    """A Seahaven Towers position (RULES A2).

    ``columns`` are bottom to top; ``cells`` has one entry per existing
    cell (a card or None); ``foundations`` are f1..f4 (♠ ♥ ♦ ♣), each a
    list, ace first.  Cells are kept internally as lists of at most one
    card so that every move shares one undo record (see board.py).
    Assigning ``columns``, ``cells`` or ``foundations`` sets up a position
    by hand and starts a new history (see :class:`~harp.board._Pile`).
    """

    game = SEAHAVEN
    n_columns = N_COLUMNS
    n_slots = 4

    def __init__(self, code: DealCode | str, *, interactive_rules: bool = True,
                 double_click: bool = True) -> None:
        super().__init__(code, interactive_rules=interactive_rules, double_click=double_click)
        layout = seahaven_layout(self._code.number, self._code.cells)
        self._columns = [list(col) for col in layout.columns]
        self._cells: list[list[int]] = [[] if c is None else [c] for c in layout.cells]
        self._foundations = [[] for _ in range(4)]
        #: Whether some card is in the position twice (set up by hand, as
        #: the piles are checked one by one): legal_list then cannot take
        #: the one deck's short cuts.
        self._twice = False

    def _set_up_by_hand(self) -> None:
        super()._set_up_by_hand()
        held = [card for pile in (*self._columns, *self._cells, *self._foundations)
                for card in pile]
        self._twice = len(set(held)) < len(held)

    @property
    def cells(self) -> list[int | None]:
        return [p[0] if p else None for p in self._cells]

    @cells.setter
    def cells(self, cards: list[int | None]) -> None:
        # A position set up by hand: a new history, as for the other piles
        # (the undo records name the cells' old lists).
        if not isinstance(cards, (list, tuple)):
            raise TypeError(f"cells is a list of {len(self._cells)} cards or None, "
                            f"not {type(cards).__name__}")
        if len(cards) != len(self._cells):
            raise HarpError(f"this game has {len(self._cells)} cells, not {len(cards)}")
        self._cells = [[] if c is None else _checked_cards([c], f"cell {CELL_NAMES[i]}")
                       for i, c in enumerate(cards)]
        self._set_up_by_hand()

    def _copy_piles_to(self, other: SeahavenBoard) -> None:
        other._cells = [list(c) for c in self._cells]
        other._twice = self._twice

    def _piles(self) -> list[list[int]]:
        return [*self._columns, *self._foundations, *self._cells]

    # ------------------------------------------------------------ helpers
    def free_cells(self) -> int:
        return sum(1 for p in self._cells if not p)

    def empty_columns(self) -> int:
        return sum(1 for c in self._columns if not c)

    def run_length(self, column: int) -> int:
        """Same-suit cards in consecutive ranks at the top of a column."""
        return top_run_length(self._columns[column])

    def _accepts(self, column: int, card: int) -> bool:
        col = self._columns[column]
        return col[-1] == card + 4 if col else card >> 2 == KING

    def _check_accepts(self, column: int, card: int) -> None:
        col = self._columns[column]
        if not col:
            if card >> 2 != KING:
                self._refuse(f"column {column + 1} is empty and takes only a king, "
                             f"not {card_str(card)}", "A2.4", EMPTY_COLUMN_REMINDER)
        elif col[-1] != card + 4:
            self._refuse(f"{card_str(card)} cannot go on {card_str(col[-1])}: a card goes only "
                         "on the next higher card of its own suit", "A2.3")

    def _one_card(self, count: int | None, what: str) -> None:
        if count is not None and count != 1:
            self._refuse(f"{count} cards cannot move {what}: only one card goes there",
                         "A2.3")

    def _source(self, src: str) -> tuple[list[int], int]:
        """The pile of a column top or a cell, and its column index (-1: a cell)."""
        if src in CELL_INDEX:
            pile = self._cells[CELL_INDEX[src]]
            if not pile:
                self._refuse(f"cell {src} is empty", "A2.3")
            return pile, -1
        return self._column_source(src, "A2.7" if src[0] == "f" else "A2.3")

    # ------------------------------------------------------------ actions
    def _apply(self, action: Action) -> UndoRecord:
        kind = action.kind
        if kind == MOVE:
            return self._move(action.src, action.dst, action.count)
        if kind == TAP:
            self._tappable(action.src)
            return self._to_foundation(action.src, "f", None)
        if kind == DOUBLE_TAP:
            return self._double_tap(action.src)
        if kind == DRAW:
            self._refuse("Seahaven Towers has no stock to draw from", "A2.1")
        # (an Action checks its kind when it is made: only a forged one gets here)
        raise NotationError(f"unknown action kind {kind!r}")  # pragma: no cover

    def _move(self, src: str, dst: str, count: int | None) -> UndoRecord:
        d0 = dst[0]
        if d0 == "f":
            return self._to_foundation(src, dst, count)
        if src[0] == "f":
            return self._take_back(src, dst, count)
        if dst in CELL_INDEX:
            return self._to_cell(src, dst, count)
        di = COLUMN_INDEX[dst]
        if src in CELL_INDEX:
            pile, _ = self._source(src)
            self._one_card(count, "from a cell")
            self._check_accepts(di, pile[0])
            return self._transfer(pile, self._columns[di], 1, 5)
        return self._column_to_column(COLUMN_INDEX[src], di, count)

    def _to_foundation(self, src: str, dst: str, count: int | None) -> UndoRecord:
        pile, _ = self._source(src)
        self._one_card(count, "to a foundation")
        card = pile[-1]
        slot = SLOT_OF_SUIT[card & 3]
        if dst != "f" and int(dst[1:]) - 1 != slot:
            self._refuse(f"{card_str(card)} cannot go to {dst}: that foundation builds "
                         f"{SUIT_NAMES[FOUNDATION_SUITS[int(dst[1:]) - 1]]}s", "A2.3")
        have = len(self._foundations[slot])
        if have != card >> 2:
            need = "nothing more" if have == 13 else card_str(have * 4 + (card & 3))
            self._refuse(f"{card_str(card)} cannot go to its foundation f{slot + 1}: "
                         f"it needs {need}", "A2.3")
        return self._transfer(pile, self._foundations[slot], 1, 10)

    def _to_cell(self, src: str, dst: str, count: int | None) -> UndoRecord:
        target = self._cells[CELL_INDEX[dst]]
        if src == dst:
            self._refuse(f"the card in cell {src} is already there", "B5")
        pile, _ = self._source(src)
        self._one_card(count, "to a cell")
        if target:
            self._refuse(f"cell {dst} holds {card_str(target[0])}: a cell holds one card", "A2.3")
        return self._transfer(pile, target, 1, 0)

    def _take_back(self, src: str, dst: str, count: int | None) -> UndoRecord:
        """RULES A2.7: a foundation's top card to a column that accepts it or a free cell."""
        self._one_card(count, "from a foundation")
        found = self._foundations
        to_cell = dst in CELL_INDEX
        if to_cell:
            target = self._cells[CELL_INDEX[dst]]
            if target:
                self._refuse(f"cell {dst} holds {card_str(target[0])}: a cell holds one card", "A2.3")
        else:
            target = self._columns[COLUMN_INDEX[dst]]
        slot = self._take_back_slot(
            src, f"to {dst}",
            lambda card: to_cell or self._accepts(COLUMN_INDEX[dst], card), "A2.7")
        if not to_cell:
            self._check_accepts(COLUMN_INDEX[dst], found[slot][-1])
        return self._transfer(found[slot], target, 1, 0)

    def _column_to_column(self, si: int, di: int, count: int | None) -> UndoRecord:
        """RULES A2.3-A2.5: one card, or the run the destination needs, up to capacity."""
        if si == di:
            self._refuse(f"a card cannot move from column {si + 1} onto itself", "A2.3")
        src, dst = self._columns[si], self._columns[di]
        if not src:
            self._refuse(f"column {si + 1} is empty", "A2.3")
        run = self.run_length(si)
        if count is not None and count > run:
            if count > len(src):
                self._refuse(f"column {si + 1} holds {len(src)} card{'s' * (len(src) != 1)}, "
                             f"not {count}", "B7")
            # Cards taken from under the run on top (N:X>Y, a pick in the
            # full-screen game): no rule moves them together, wherever they go.
            self._refuse(f"{card_str(src[-count])}…{card_str(src[-1])} on column {si + 1} is not "
                         f"a run: {card_str(src[-run])} lies on {card_str(src[-run - 1])}, not on "
                         "the next higher card of its suit", "A2.5")
        if dst:
            need = dst[-1] - 4
            n = next((k for k in range(1, run + 1) if src[-k] == need), 0)
            if not n:
                self._check_accepts(di, src[-1])
            cap = capacity(self.free_cells(), self.empty_columns())
        else:
            n = run
            if src[-n] >> 2 != KING:
                self._refuse(f"column {di + 1} is empty and takes only a king or a king-led run; "
                             f"{card_str(src[-1])} on column {si + 1} heads none", "A2.4",
                             EMPTY_COLUMN_REMINDER)
            cap = capacity(self.free_cells(), self.empty_columns() - 1)
        if n > cap:
            self._refuse(self._capacity_reason(n, cap, empty_target=not dst), "A2.5")
        if count is not None and count != n:
            # The count given is wrong, not the move: N:X>Y must state the
            # count the rules imply (RULES B7).
            self._refuse(f"this move takes {n} card{'s' if n > 1 else ''} from column {si + 1} "
                         f"to column {di + 1}, not {count}", "B7")
        return self._transfer(src, dst, n, 0)

    def _capacity_reason(self, n: int, cap: int, empty_target: bool) -> str:
        free, empty = self.free_cells(), self.empty_columns()
        text = (f"a run of {n} cards cannot move: {free} free cell{'s' if free != 1 else ''} "
                f"and {empty} empty column{'s' if empty != 1 else ''} allow at most {cap}")
        if empty_target:
            text += " into an empty column (the destination does not count)"
        return text

    def _tappable(self, src: str) -> None:
        if src not in COLUMN_INDEX and src not in CELL_INDEX:
            self._refuse("only the top card of a column or a card in a cell can be tapped", "A2.7")

    def _double_tap(self, src: str) -> UndoRecord:
        """RULES A2.7, B5: foundation, longest accepting column (own skipped),
        empty column for a king, then the first free cell (not from a cell)."""
        if not self.double_click:
            self._refuse("double tap is off (setting \"double click\")", "B9")
        self._tappable(src)
        pile, own = self._source(src)
        card = pile[-1]
        if len(self._foundations[SLOT_OF_SUIT[card & 3]]) == card >> 2:
            return self._to_foundation(src, "f", None)
        target = self._double_tap_column(card, own)
        if target >= 0:
            if own < 0:
                return self._transfer(pile, self._columns[target], 1, 5)
            return self._transfer(pile, self._columns[target], 1, 0)
        if own >= 0:
            for i, cell in enumerate(self._cells):
                if not cell:
                    return self._transfer(pile, cell, 1, 0)
        # A double tap never puts a card back where it came from: a cell
        # card goes to no other cell (RULES B5).
        self._refuse(f"{card_str(card)} has no place on a foundation, a column or a cell"
                     if own >= 0 else f"{card_str(card)} has no place on a foundation or a "
                     "column, and a double tap sends no cell card to another cell", "B5")
        raise AssertionError  # pragma: no cover

    @staticmethod
    def _builds_on(card: int, top: int) -> bool:
        return top == card + 4

    # ------------------------------------------------------------ generation
    def legal_list(self) -> list[Action]:
        """Every legal move as a list (taps, aliases of moves, are left out).

        Built as a list rather than yielded: a solver or hint feature calls
        this millions of times.  Only the deepest card of a column's run can
        find its successor on another column (the others have it below them,
        and there is one deck), so each column needs one look-up.  A
        position set up by hand with a card in it twice has no such short
        cut: each move is tried (:meth:`_legal_by_trial`)."""
        if self._twice:
            return self._legal_by_trial()
        cols, cells, found = self._columns, self._cells, self._foundations
        out: list[Action] = []
        append, extend = out.append, out.extend
        top_at: dict[int, int] = {}
        empties = []
        for j, col in enumerate(cols):
            if col:
                top_at[col[-1]] = j
            else:
                empties.append(j)
        mask = 0
        for c, pile in enumerate(cells):
            if not pile:
                mask |= 1 << c
        n_free = bin(mask).count("1")
        cap_full = (n_free + 1) << len(empties)
        cap_empty = (n_free + 1) << (len(empties) - 1) if empties else 0
        to_cells = _COL_TO_FREE[mask]
        for i, col in enumerate(cols):
            if not col:
                continue
            card = col[-1]
            if len(found[SLOT_OF_SUIT[card & 3]]) == card >> 2:
                append(_COL_TO_F[i])
            n, run = len(col), 1
            while run < n and col[-run - 1] == col[-run] + 4:
                run += 1
            deepest = col[-run]
            if run <= cap_full:
                j = top_at.get(deepest + 4)
                if j is not None:
                    append(_COL_TO_COL[i][j])
            if empties and deepest >> 2 == KING and run <= cap_empty:
                row = _COL_TO_COL[i]
                extend([row[j] for j in empties])
            if mask:
                extend(to_cells[i])
        for c, pile in enumerate(cells):
            if pile:
                self._from_single(out, pile[0], _CELL_TO_F[c], _CELL_TO_COL[c],
                                  _CELL_TO_FREE[mask][c], top_at, empties)
        for s, slot in enumerate(found):
            if slot:
                self._from_single(out, slot[-1], None, _SLOT_TO_COL[s],
                                  _SLOT_TO_FREE[mask][s], top_at, empties)
        return out

    def _legal_by_trial(self) -> list[Action]:
        """Every move from a column, cell or foundation to the foundations,
        a column or a cell that the rules accept, each tried on a copy."""
        n_cells = len(self._cells)
        rows = [[_COL_TO_F[i], *_COL_TO_COL[i], *_COL_TO_CELL[i][:n_cells]]
                for i in range(N_COLUMNS)]
        rows += [[_CELL_TO_F[c], *_CELL_TO_COL[c], *_CELL_TO_CELL[c][:n_cells]]
                 for c in range(n_cells)]
        rows += [[*_SLOT_TO_COL[s], *_SLOT_TO_CELL[s][:n_cells]] for s in range(4)]
        out = []
        for action in (action for row in rows for action in row if action.src != action.dst):
            try:
                self.copy(stack=False)._apply(action)
            except HarpError:
                continue
            out.append(action)
        return out

    def _from_single(self, out: list[Action], card: int, to_f: Action | None,
                     to_col: list[Action], to_free_cells: tuple[Action, ...],
                     top_at: dict[int, int], empties: list[int]) -> None:
        if to_f is not None and len(self._foundations[SLOT_OF_SUIT[card & 3]]) == card >> 2:
            out.append(to_f)
        j = top_at.get(card + 4)
        if j is not None:
            out.append(to_col[j])
        if card >> 2 == KING:
            out.extend([to_col[j] for j in empties])
        out.extend(to_free_cells)

    def status(self) -> str:
        """RULES B10: ``won``, ``blocked`` (no legal action) or ``open``."""
        if self.cards_on_foundations == 52:
            return "won"
        return "open" if self.legal_list() else "blocked"
