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
by gain".  A redeal is recorded with ``src`` None.  So the piles are the
board's own: a pile attribute assigned anew sets up a position by hand,
and starts a new history (:class:`_Pile`).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from .actions import UNDO, Action
from .cards import KING
from .cards import CARD_NAMES, FOUNDATION_SUITS
from .deals import EASY_HARP, GAME_NAMES, SEAHAVEN, DealCode, deal_code
from .errors import (HarpError, IllegalActionError, InvalidCodeError, NotationError, a_number,
                     clip)
from .notation import (game_places, parse_action, parse_location, parse_script, script_tokens,
                       tokenize)

UNDO_LIMIT = 100
#: The module that holds each game's board (``Board(code)`` imports it).
_GAME_MODULES = {EASY_HARP: "harp.easyharp", SEAHAVEN: "harp.seahaven"}
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

UndoRecord = tuple  # (src list | None, dst list | None, n, flipped column, gain)


class _Pile:
    """A pile attribute of a board (``columns``, ``foundations``, Easy
    Harp's ``face_down``, ``stock`` and ``waste``): the board's own list,
    kept as ``_NAME``, which the rules read (a plain attribute: the engine's
    hot paths pay nothing for the descriptor).  Assigning one
    sets up a position by hand, and starts a new history: the undo records
    point at the lists they moved cards between, and would move cards
    between lists that are no longer the board's (a card duplicated).  The
    counters (``moves``, ``score``) stay as they were.  The lists inside
    are the board's too: change them by assigning the whole pile."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = "_" + name

    def __get__(self, board: Board | None, owner: type) -> Any:
        if board is None:
            return self
        try:
            return board.__dict__[self.name]
        except KeyError:
            raise AttributeError(self.name[1:]) from None

    def __set__(self, board: Board, value: Any) -> None:
        # Checked here, once per assignment (the engine's own moves change
        # the lists in place and never come this way): a pile the rules
        # could not hold would fail later, far from its cause, or be played
        # on (a face-down card sent to a foundation).
        board.__dict__[self.name] = getattr(board, f"_checked_{self.name[1:]}")(value)
        board._set_up_by_hand()


def _check_number(name: str, value: Any, least: int, none: bool = False) -> None:
    """TypeError unless ``value`` is an int (a bool is none) or, with
    ``none``, None; HarpError (a ValueError) if it is below ``least``."""
    if value is None and none:
        return
    if type(value) is not int:
        raise TypeError(f"{name} is an int{' or None' if none else ''}, not "
                        f"{type(value).__name__} ({clip(repr(value))})")
    if value < least:
        raise HarpError(f"{name} is {least} or more, not {a_number(value)}")


def _checked_cards(value: Any, what: str) -> list[int]:
    """``value`` (a list or tuple of cards: ints 0-51, rank * 4 + suit) as
    a new list; TypeError for another type, HarpError for a number that is
    no card."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"{what} is a list of cards (ints 0-51), not {type(value).__name__}")
    for card in value:
        if not isinstance(card, int) or isinstance(card, bool):
            raise TypeError(f"{what} holds {clip(repr(card))}: a card is an int 0-51 "
                            f"(rank * 4 + suit), not {type(card).__name__}")
        if not 0 <= card < 52:
            raise HarpError(f"{what} holds {a_number(card)}, which is no card "
                            "(cards are 0-51: rank * 4 + suit)")
    return [int(card) for card in value]


def _cards_text(cards: list[int]) -> str:
    return clip(" ".join(CARD_NAMES[card] for card in cards)) or "nothing"


class LegalActions:
    """Lazy view of the legal actions of a board (like python-chess's
    ``board.legal_moves``): iterate it, count it, test membership.

    It holds each legal action of the position once, in canonical form:
    every move as ``X>Y`` without a count, a foundation move as ``X>f``
    (the first slot that takes the card, RULES A1.7), a take-back with
    its slot ``fN>Y``, and the draw ``d``; taps, counts and undo, which
    say the same as a listed action or depend on the history, are not
    listed.  (In Easy Harp, ``X>fN`` to the second of two slots that both
    take the card makes the listed position with the suit's two slots,
    which hold the same cards, exchanged.)  ``action in view`` is True
    exactly for the actions iteration yields, given as an :class:`Action`
    or as its notation (``"1>f" in view``, as a hint's ``action`` is
    written; ``"1>F"`` reads as ``1>f``): for any other form (a tap, a
    count, ``u``), text that cannot be read, or anything else, it is
    False, and :meth:`Board.is_legal` says whether the board would accept it.

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
        if isinstance(action, str):
            # Notation, as the solvers' results give their actions: read
            # for this board (a token that cannot be read is not legal).
            try:
                action = self._board.parse_action(action)
            except HarpError:
                return False
        return isinstance(action, Action) and action in self._board.legal_list()

    def __repr__(self) -> str:
        return f"<LegalActions {' '.join(map(str, self))}>"


class Board:
    """A position of one game plus its history.  Subclasses add the piles
    and the rules: ``_apply`` (returns an undo record), ``legal_list``,
    ``status``.

    No ``__eq__``: a board is mutable and hashed by identity (boards in a
    set or as keys stay apart), and which of its parts make two positions
    the same (the score? the history?) depends on the use.  Compare
    positions by their piles (:func:`harp.render.board_to_dict` with
    ``reveal=True``), games by their scripts."""

    game: ClassVar[str]
    n_columns: ClassVar[int]
    n_slots: ClassVar[int]
    columns: list[list[int]] = _Pile()  # type: ignore[assignment]
    foundations: list[list[int]] = _Pile()  # type: ignore[assignment]

    def __new__(cls, code: DealCode | str | None = None, *args: Any, **kwargs: Any) -> Board:
        # ``Board(code)`` is the deal's own game's board, as
        # ``chess.Board(fen)`` is python-chess's: the deal code says which
        # game (RULES B1).  A game's class (and ``copy``) makes its own.
        if cls is Board:
            game = deal_code(code).game
            if game not in Board._of_game:
                # harp.board imported alone (the package loads its modules
                # when first used): the game's module registers its board
                # when imported, as a plug-in does.
                importlib.import_module(_GAME_MODULES[game])
            cls = Board._of_game[game]
        return object.__new__(cls)

    #: The board class of each game (harp.easyharp, harp.seahaven): a
    #: game's module registers its class when made, and harp.Board is
    #: loaded from harp.games, which imports both.
    _of_game: ClassVar[dict[str, type[Board]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "game" in cls.__dict__:
            Board._of_game.setdefault(cls.game, cls)

    def __init__(self, code: DealCode | str, *, interactive_rules: bool = True,
                 double_click: bool = True) -> None:
        code = deal_code(code)
        if code.game != self.game:
            raise InvalidCodeError(f"{type(self).__name__} plays {GAME_NAMES[self.game]}, "
                                   f"not {code}: harp.Board(code) or harp.new_board(code) "
                                   "makes the board of the code's game")
        self._code = code
        self.interactive_rules = interactive_rules
        self.double_click = double_click
        self.score = 0
        self.moves = 0
        self._actions: list[Action] = []
        self._places = game_places(self.game, code.cells)
        self._new_history()
        #: Whether the history starts at the deal, so that the code and
        #: the script give the position (:func:`harp.records.record_of`).
        self.starts_at_deal = True

    def _set_up_by_hand(self) -> None:
        """A pile assigned: the position is where a new history starts,
        and no longer one the deal and a script reach."""
        self._new_history()
        self.starts_at_deal = False

    def _new_history(self) -> None:
        """No action to pop or undo: the board's position is where its
        history starts (a new board, or a position set up by hand)."""
        self._actions.clear()
        self._records: list[tuple[Action, UndoRecord, int]] = []
        self._undoable: list[UndoRecord] = []
        self._undo_budget = 0

    # ------------------------------------------------------------ piles set up by hand
    # Each pile is checked on its own, when it is assigned: its shape, its
    # cards, and what the rules say of that pile alone.  How many times a
    # card appears across the piles is not checked, so that a position can
    # be set up one pile at a time, and endgames with cards left out too
    # (the solvers, which need the whole pack, check it themselves).
    def _checked_columns(self, value: Any) -> list[list[int]]:
        return self._checked_piles(value, "columns", self.n_columns, "column")

    def _checked_foundations(self, value: Any) -> list[list[int]]:
        piles = self._checked_piles(value, "foundations", self.n_slots, "foundation")
        rule = "A1.7" if self.game == EASY_HARP else "A2.3"
        for slot, pile in enumerate(piles):
            suit = self._slot_suit(slot)
            if pile != list(range(suit, suit + 4 * len(pile), 4)):
                raise HarpError(
                    f"foundation f{slot + 1} builds {SUIT_WORDS[suit]} from the ace up, one "
                    f"card at a time (RULES {rule}, B5): it cannot hold {_cards_text(pile)}")
        return piles

    def _slot_suit(self, slot: int) -> int:
        """The suit of foundation slot ``slot`` (0-based, RULES B5)."""
        return FOUNDATION_SUITS[slot * 4 // self.n_slots]

    @staticmethod
    def _checked_piles(value: Any, name: str, count: int, each: str) -> list[list[int]]:
        """``value`` as ``count`` new lists of cards (a list or tuple of
        lists or tuples of ints 0-51: rank * 4 + suit), or why not."""
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{name} is a list of {count} lists of cards, "
                            f"not {type(value).__name__}")
        if len(value) != count:
            raise HarpError(f"this game has {count} {name}, not {len(value)}")
        return [_checked_cards(pile, f"{each} {n}") for n, pile in enumerate(value, 1)]

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
    def code(self) -> DealCode:
        """The deal (RULES B1), fixed: notation reads the board's cells from
        it.  Another deal is another board (:func:`harp.new_board`)."""
        return self._code

    @property
    def actions(self) -> list[Action]:
        """Every action pushed, undos included: the game's script (RULES B8).
        The board's own list, kept in step with its undo records: read it;
        push and pop change it."""
        return self._actions

    @property
    def cells_count(self) -> int:
        return self._code.cells

    # ------------------------------------------------------------ notation
    def parse_action(self, token: str) -> Action:
        """One token of notation (RULES B7) as an Action of this game."""
        return parse_action(token, self.game, self.cells_count)

    def parse_script(self, text: str) -> list[Action]:
        return parse_script(text, self.game, self.cells_count)

    def _checked(self, action: object) -> Action:
        """``action`` as an Action of this game: its notation parsed, or an
        Action whose places exist here (NotationError naming the one that
        does not, as parsing would); TypeError for anything else."""
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise TypeError(f"an action is an Action or its notation (a str), "
                            f"not {type(action).__name__}")
        places, src, dst = self._places, action.src, action.dst
        if (src is None or src in places) and (dst is None or dst in places):
            return action
        for place in (src, dst):
            if place is not None and place not in places:
                try:
                    parse_location(place, self.game, self.cells_count)
                except NotationError as err:
                    raise NotationError(f"{clip(str(action))!r}: {err}") from None
        return action

    # ------------------------------------------------------------ push / pop
    def push(self, action: Action | str) -> Action:
        """Apply one action (an Action, or its notation); raise
        IllegalActionError (nothing changes) if the rules refuse it,
        NotationError if it cannot be read or names a place this game does
        not have, TypeError if it is neither a str nor an Action.  Returns
        the action applied."""
        return self._push(self._checked(action))

    def _push(self, action: Action) -> Action:
        """:meth:`push` of an action of this game (parsed for it, or checked)."""
        if action.kind == UNDO:
            self._undo(action)
        else:
            record = self._apply(action)
            self._records.append((action, record, self._undo_budget))
            self._undoable.append(record)
            if self._undo_budget < UNDO_LIMIT:
                self._undo_budget += 1
            self.moves += 1
        self._actions.append(action)
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
        ``FILE: line L: action N (TOKEN): why``.  (A list of actions is
        pushed one by one with :meth:`push`.)"""
        if not isinstance(text, str):
            raise TypeError(f"push_script takes a script (one str), not {type(text).__name__}: "
                            "push a list of actions one by one with push")
        _check_number("upto", upto, 0, none=True)
        _check_number("first_line", first_line, 1)
        _check_number("first_number", first_number, 1)
        if source is not None and not isinstance(source, str):
            raise TypeError(f"source is a file's name (a str) or None, not {type(source).__name__}")
        if each is not None and not callable(each):
            raise TypeError(f"each is a function of (number, action) or None, not "
                            f"{type(each).__name__}")
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
                action = self._push(parse_action(token, game, cells))
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
        self._actions.pop()
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
        if not self._columns[column]:
            self._refuse(f"column {src} is empty", rule)
        return self._columns[column], column

    def _take_back_slot(self, src: str, where: str, accepts: Callable[[int], bool],
                        rule: str) -> int:
        """The foundation slot a take-back leaves: the one named, or for a
        bare ``f`` the first whose top card ``accepts`` (RULES B7).  The
        caller checks a named slot's card against the destination."""
        found = self._foundations
        if src == "f":
            for slot, pile in enumerate(found):
                if pile and accepts(pile[-1]):
                    return slot
            self._refuse(f"no foundation card can go {where}", rule)
        slot = int(src[1:]) - 1
        if not found[slot]:
            self._refuse(f"foundation {src} is empty", rule)
        return slot

    def copy(self, *, stack: bool = True) -> Board:
        """The same position, counters and settings, and (as python-chess's
        ``copy``) the same history: ``pop``, ``u`` and the script work on
        the copy as on the board.  ``stack=False``: no history (the
        position is where the copy's history starts; the counters stay)."""
        other = self.__class__.__new__(self.__class__)
        Board.__init__(other, self._code, interactive_rules=self.interactive_rules,
                       double_click=self.double_click)
        other._columns = [list(c) for c in self._columns]
        other._foundations = [list(f) for f in self._foundations]
        other.score, other.moves = self.score, self.moves
        self._copy_piles_to(other)
        # Without the history, the copy's start is its position: the deal
        # only if no action came before it.
        other.starts_at_deal = self.starts_at_deal and (stack or not self._actions)
        if stack:
            # The undo records name the piles they moved cards between:
            # the copy's name its own.
            same = {id(old): new for old, new in zip(self._piles(), other._piles())}

            def moved(record: UndoRecord) -> UndoRecord:
                src, dst, *rest = record
                return (src if src is None else same[id(src)],
                        dst if dst is None else same[id(dst)], *rest)

            other._actions.extend(self._actions)
            other._records = [(action, moved(record), budget)
                              for action, record, budget in self._records]
            other._undoable = [moved(record) for record in self._undoable]
            other._undo_budget = self._undo_budget
        return other

    def __copy__(self) -> Board:
        # Python's default shallow copy would share the piles and the
        # history, so that a push on the copy moved the original's cards.
        return self.copy()

    def _copy_piles_to(self, other: Board) -> None:
        """Copy the game's own piles (stock, waste, cells...) to ``other``."""

    def _piles(self) -> list[list[int]]:
        """Every list the undo records may name, in an order both boards of
        a copy share."""
        return [*self._columns, *self._foundations]

    @staticmethod
    def _builds_on(card: int, top: int) -> bool:
        raise NotImplementedError

    def _double_tap_column(self, card: int, own: int) -> int:
        """RULES B5: the longest column that accepts the card (all its cards
        counted, ties to the lowest number, its own column skipped), else
        the first empty column for a king; -1 if none."""
        cols = self._columns
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
        """Whether pushing the action (an Action or its notation, in any
        form: a tap, ``u``, a count) would be accepted: tries it, takes it
        back.  TypeError for anything else, as :meth:`push`."""
        try:
            self.push(action)
        except HarpError:
            return False
        self.pop()
        return True

    @property
    def cards_on_foundations(self) -> int:
        return sum(map(len, self._foundations))

    @property
    def is_won(self) -> bool:
        return self.cards_on_foundations == (104 if self.game == EASY_HARP else 52)

    def script(self) -> str:
        """The canonical script of every action pushed (RULES B7)."""
        return " ".join(map(str, self._actions))

    def __str__(self) -> str:
        from .render import render_text
        return render_text(self, unicode=False)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._code} moves={self.moves} score={self.score}>"

