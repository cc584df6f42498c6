"""What both games share: the action stack, undo, counters, settings.

A board is driven like python-chess's: ``push`` applies an action (or its
notation), ``pop`` takes the last push back exactly, ``legal_actions`` is a
lazy view.  The player's own undo (``u``, RULES B6) is an action like any
other: it is pushed, recorded in :attr:`actions`, reaches at most 100
actions back and leaves the move counter alone.

Each game stores every pile as a list (columns, waste, stock, cells,
foundation slots), so that one undo record serves every kind of move:
``(src, dst, n, flipped, gain)`` means "n cards went from list src to list
dst, column ``flipped`` turned a face-down card up (or -1), the score rose
by gain".  A redeal is recorded with ``src`` None.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar

from .actions import UNDO, Action
from .cards import KING
from .deals import EASY_HARP, DealCode
from .errors import HarpError, IllegalActionError
from .notation import parse_action, parse_script, script_tokens, tokenize

UNDO_LIMIT = 100

UndoRecord = tuple  # (src list | None, dst list | None, n, flipped column, gain)


class LegalActions:
    """Lazy view of the legal actions of a board (like python-chess's
    ``board.legal_moves``): iterate it, count it, test membership.

    It has no ``__len__`` on purpose: ``list(view)`` asks for a length
    hint first, which would generate every action twice."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def __iter__(self) -> Iterator[Action]:
        return self._board._generate()

    def count(self) -> int:
        return len(self._board.legal_list())

    def __bool__(self) -> bool:
        return bool(self._board.legal_list())

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._board.is_legal(action)

    def __repr__(self) -> str:
        return f"<LegalActions {' '.join(map(str, self))}>"


class Board:
    """A position of one game plus its history.  Subclasses add the piles
    and the rules: ``_apply`` (returns an undo record), ``legal_list``,
    ``status``."""

    game: ClassVar[str]
    n_columns: ClassVar[int]
    columns: list[list[int]]
    foundations: list[list[int]]

    def __init__(self, code: DealCode, *, interactive_rules: bool = True,
                 double_click: bool = True) -> None:
        self.code = code
        self.interactive_rules = interactive_rules
        self.double_click = double_click
        self.score = 0
        self.moves = 0
        #: Every action pushed, undos included: the game's script (RULES B8).
        self.actions: list[Action] = []
        self._records: list[tuple[Action, UndoRecord, int]] = []
        self._undoable: list[UndoRecord] = []
        self._undo_budget = 0

    # ------------------------------------------------------------ rules hooks
    def _apply(self, action: Action) -> UndoRecord:
        raise NotImplementedError

    def legal_list(self) -> list[Action]:
        """Every legal action (taps, aliases of moves, left out), as a list."""
        raise NotImplementedError

    def _generate(self) -> Iterator[Action]:
        return iter(self.legal_list())

    def status(self) -> str:
        raise NotImplementedError

    @property
    def cells_count(self) -> int:
        return self.code.cells

    # ------------------------------------------------------------ notation
    def parse_action(self, token: str) -> Action:
        return parse_action(token, self.game, self.cells_count)

    def parse_script(self, text: str) -> list[Action]:
        return parse_script(text, self.game, self.cells_count)

    # ------------------------------------------------------------ push / pop
    def push(self, action: Action | str) -> Action:
        """Apply one action; raise IllegalActionError (nothing changes) if the
        rules refuse it.  Returns the action applied."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if action.kind == UNDO:
            self._undo(action)
        else:
            record = self._apply(action)
            self._records.append((action, record, self._undo_budget))
            self._undoable.append(record)
            if self._undo_budget < UNDO_LIMIT:
                self._undo_budget += 1
            self.moves += 1
        self.actions.append(action)
        return action

    def push_script(self, text: str, upto: int | None = None, first_line: int = 1,
                    each: Callable[[int, Action], None] | None = None, *,
                    first_number: int = 1, source: str | None = None) -> list[Action]:
        """Push the actions of a script (those numbered up to ``upto``, if
        given), calling ``each(number, action)`` after every one.  The
        actions are numbered from ``first_number`` (more than 1 for a
        script that goes on from another).  An error names the action's
        number (and its line, for a script of several lines; ``first_line``
        is the number of the script's first line in its file) and leaves
        the earlier actions applied.  Given ``source``, the name of the
        file the script was read from, an error starts with the file and
        the line, as the file's other errors do, even on a one-line script:
        ``FILE: line L: action N (TOKEN): why``."""
        pushed = []
        game, cells = self.game, self.cells_count
        tokens: Iterator[tuple[int, str, int | None]]
        if source is None:
            tokens = script_tokens(text, first_line)
        else:
            tokens = ((n, token, line + first_line - 1)
                      for n, (token, line) in enumerate(tokenize(text), 1))
        for number, token, line in tokens:
            number += first_number - 1
            if upto is not None and number > upto:
                break
            try:
                action = self.push(parse_action(token, game, cells))
            except HarpError as err:
                raise err.at(number, token, line, source) from None
            pushed.append(action)
            if each is not None:
                each(number, action)
        return pushed

    def pop(self) -> Action:
        """Take back the last push exactly (counter included); for a pushed
        undo, this redoes what it undid."""
        if not self._records:
            raise IndexError("pop from an empty action stack")
        action, record, budget = self._records.pop()
        if action.kind == UNDO:
            self._redo(record)
            self._undoable.append(record)
        else:
            self._revert(record)
            self._undoable.pop()
            self.moves -= 1
        self._undo_budget = budget
        self.actions.pop()
        return action

    def _undo(self, action: Action) -> None:
        if not self._undo_budget:
            reason = ("nothing to undo" if not self._undoable else
                      f"undo reaches only the last {UNDO_LIMIT} actions")
            self._refuse(reason, "B6")
        record = self._undoable.pop()
        self._revert(record)
        self._records.append((action, record, self._undo_budget))
        self._undo_budget -= 1

    def can_undo(self) -> bool:
        return self._undo_budget > 0

    def _revert(self, record: UndoRecord) -> None:
        src, dst, n, flipped, gain = record
        if src is None:        # a redeal: the stock goes back to the waste
            self._unredeal()
        elif n == 1:
            src.append(dst.pop())
        else:
            src.extend(dst[-n:])
            del dst[-n:]
        if flipped >= 0:
            self._face_down_add(flipped, 1)
        self.score -= gain

    def _redo(self, record: UndoRecord) -> None:
        src, dst, n, flipped, gain = record
        if src is None:
            self._redeal()
        elif n == 1:
            dst.append(src.pop())
        else:
            dst.extend(src[-n:])
            del src[-n:]
        if flipped >= 0:
            self._face_down_add(flipped, -1)
        self.score += gain

    def _face_down_add(self, column: int, delta: int) -> None:
        raise NotImplementedError

    def _redeal(self) -> None:
        raise NotImplementedError

    def _unredeal(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ helpers
    def _refuse(self, reason: str, rule: str, reminder: str | None = None) -> None:
        raise IllegalActionError(reason, rule, reminder, self.interactive_rules)

    def _transfer(self, src: list[int], dst: list[int], n: int, gain: int,
                  src_column: int = -1) -> UndoRecord:
        """Move n cards from the end of src to the end of dst; turn up a
        face-down card uncovered in column ``src_column`` (RULES A1.6)."""
        if n == 1:
            dst.append(src.pop())
        else:
            dst.extend(src[-n:])
            del src[-n:]
        flipped = -1
        if src_column >= 0 and src and self._face_down_count(src_column) == len(src):
            self._face_down_add(src_column, -1)
            flipped = src_column
            gain += 5
        self.score += gain
        return (src, dst, n, flipped, gain)

    def _face_down_count(self, column: int) -> int:
        return 0

    def _column_source(self, src: str, rule: str) -> tuple[list[int], int]:
        """The column a top card comes from, and its index; a foundation
        named as the source of a tap or a foundation move is refused."""
        if src[0] == "f":
            self._refuse("a foundation card cannot be tapped or moved to a foundation", rule)
        column = int(src) - 1
        if not self.columns[column]:
            self._refuse(f"column {src} is empty", rule)
        return self.columns[column], column

    def _take_back_slot(self, src: str, where: str, accepts: Callable[[int], bool],
                        rule: str) -> int:
        """The foundation slot a take-back leaves: the one named, or for a
        bare ``f`` the first whose top card ``accepts`` (RULES B7).  The
        caller checks a named slot's card against the destination."""
        found = self.foundations
        if src == "f":
            for slot, pile in enumerate(found):
                if pile and accepts(pile[-1]):
                    return slot
            self._refuse(f"no foundation card can go {where}", rule)
        slot = int(src[1:]) - 1
        if not found[slot]:
            self._refuse(f"foundation {src} is empty", rule)
        return slot

    def copy(self) -> Board:
        """The same position and settings, without the action history."""
        other = self.__class__.__new__(self.__class__)
        Board.__init__(other, self.code, interactive_rules=self.interactive_rules,
                       double_click=self.double_click)
        other.columns = [list(c) for c in self.columns]
        other.foundations = [list(f) for f in self.foundations]
        other.score, other.moves = self.score, self.moves
        self._copy_piles_to(other)
        return other

    def _copy_piles_to(self, other: Board) -> None:
        """Copy the game's own piles (stock, waste, cells...) to ``other``."""

    @staticmethod
    def _builds_on(card: int, top: int) -> bool:
        raise NotImplementedError

    def _double_tap_column(self, card: int, own: int) -> int:
        """RULES B5: the longest column that accepts the card (all its cards
        counted, ties to the lowest number, its own column skipped), else
        the first empty column for a king; -1 if none."""
        cols = self.columns
        for j in sorted(range(len(cols)), key=lambda j: (-len(cols[j]), j)):
            if j != own and cols[j] and self._builds_on(card, cols[j][-1]):
                return j
        if card >> 2 == KING:
            for j, col in enumerate(cols):
                if j != own and not col:
                    return j
        return -1

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def is_legal(self, action: Action | str) -> bool:
        """Whether pushing the action would be accepted (tries it, takes it back)."""
        try:
            self.push(action)
        except HarpError:
            return False
        self.pop()
        return True

    @property
    def cards_on_foundations(self) -> int:
        return sum(map(len, self.foundations))

    @property
    def is_won(self) -> bool:
        return self.cards_on_foundations == (104 if self.game == EASY_HARP else 52)

    def script(self) -> str:
        """The canonical script of every action pushed (RULES B7)."""
        return " ".join(map(str, self.actions))

    def __str__(self) -> str:
        from .render import render_text
        return render_text(self, unicode=False)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code} moves={self.moves} score={self.score}>"

