"""One game as the full-screen app plays it, without the screen: the board,
the place the player has picked, playing again what an undo took back, the
finish command and the message line.  Every change of the position is an
action pushed on the board, so all rules stay in the engine; a refused
action is answered as the line game answers it, citing its rule.
"""
from __future__ import annotations

import time

from harp import Board, HarpError, NotationError
from harp.actions import MOVE, UNDO, Action, double_tap, move, tap
from harp.deals import EASY_HARP
from harp.display import with_suit_symbols
from harp.notation import parse_location

from ..output import BLOCKED, one_line

STOCK = "s"


class Session:
    """A board and the player's state around it."""

    def __init__(self, board: Board, unicode: bool = True) -> None:
        self.board = board
        self.unicode = unicode
        self.picked: str | None = None
        self.picked_index: int | None = None
        self.message = self.position_note()
        #: The last refusal, whose rule the rule book panel shows.
        self.refusal: HarpError | None = None
        #: The actions the undos made here took back, the last undone
        #: last: ``again`` plays the last one again.  (RULES B6 has no
        #: redo: playing an action again is an ordinary action, counted,
        #: scored and recorded, as if the player had made it by hand.)
        self.undone: list[Action] = []
        #: How many of the board's actions were already played when the
        #: game was opened or last saved.
        self.saved_actions = len(board.actions)
        #: Actions played in this session (a resumed game's earlier ones
        #: are not): a game left with none was not played here.
        self.acted = 0
        #: The clock runs from the first action played here to the win.
        self.started: float | None = None
        self.stopped: float | None = None

    # ------------------------------------------------------------ queries
    @property
    def places(self) -> list[str]:
        """Every place of the table, top row first, as the cursor visits them."""
        board = self.board
        if board.game == EASY_HARP:
            top = [STOCK, "w"]
        else:
            top = ["abcd"[i] for i in range(board.cells_count)]
        top += [f"f{s + 1}" for s in range(len(board.foundations))]
        return top + [str(c + 1) for c in range(len(board.columns))]

    def pile(self, place: str) -> list[int]:
        """The cards of a place, bottom first (the stock: none shown)."""
        board = self.board
        if place.isdigit():
            return board.columns[int(place) - 1]
        if place[0] == "f" and len(place) > 1:
            return board.foundations[int(place[1:]) - 1]
        if place == "w":
            return board.waste
        if place in ("a", "b", "c", "d") and board.game != EASY_HARP:
            card = board.cells["abcd".index(place)]
            return [] if card is None else [card]
        return []

    @property
    def unsaved(self) -> bool:
        return len(self.board.actions) > self.saved_actions

    def seconds(self) -> int:
        """Seconds of play: from the first action to the win (or now)."""
        if self.started is None:
            return 0
        return int((self.stopped or time.monotonic()) - self.started)

    def position_note(self) -> str:
        """What the message line says of the position itself: that it is
        blocked (RULES B10), as the line game says it; else nothing."""
        return BLOCKED if self.board.status() == "blocked" else ""

    def text(self, message: str) -> str:
        """A message with its cards in the table's suits (``7♥``)."""
        return with_suit_symbols(message) if self.unicode else message

    # ------------------------------------------------------------ actions
    def push(self, action: Action, name: str | None = None) -> bool:
        """Push an action; on a refusal keep the board and say why, naming
        the action as ``name`` (else in notation)."""
        self.picked = self.picked_index = None
        taken_back = undone_by_next_undo(self.board.actions) if action.kind == UNDO else None
        try:
            self.board.push(action)
        except HarpError as err:
            return self.refuse(name or str(action), err)
        self.acted += 1
        self.undone = [*self.undone, taken_back] if taken_back is not None else []
        self.message = self.position_note()
        if self.started is None:
            self.started = time.monotonic()
        if self.board.is_won and self.stopped is None:
            self.stopped = time.monotonic()
        elif not self.board.is_won and self.stopped is not None:
            # A win undone: the clock goes on from where it stopped.
            self.started += time.monotonic() - self.stopped
            self.stopped = None
        return True

    def refuse(self, name: str, err: HarpError) -> bool:
        """Keep the board and say why ``name`` (what the player did) is refused."""
        self.picked = self.picked_index = None
        self.refusal = err
        self.message = self.text(f"Refused {name}: {one_line(err)}")
        return False

    def again(self) -> bool:
        """Play again the action the last undo made here took back: the
        position is the one it was played from, so it does what it did."""
        if not self.undone:
            self.picked = self.picked_index = None
            self.message = ("Nothing to play again: U plays again what an undo made in this "
                            "game took back.")
            return False
        rest = self.undone[:-1]
        if not self.push(self.undone[-1]):
            return False
        self.undone = rest
        return True

    def finish(self) -> int:
        """Play every foundation move there is, one ordinary action each
        (counted and scored, RULES A1.11, A2.8), lowest place first, until
        none is left; how many were played.  Asked for, never automatic
        (RULES A1.10, A2.7)."""
        self.picked = self.picked_index = None
        played = 0
        while True:
            found = next((a for a in self.board.legal_list()
                          if a.kind == MOVE and a.dst == "f"), None)
            if found is None or not self.push(found):
                break
            played += 1
        said = (f"Finish: {played} card{'s' * (played != 1)} to the foundations."
                if played else "No card can go to a foundation now.")
        self.message = f"{said} {self.position_note()}".rstrip()
        return played

    def tap(self, place: str) -> bool:
        """A single tap (RULES A1.10, A2.7); tapping the stock draws."""
        if place == STOCK:
            return self.draw()
        return self.push(tap(place))

    def double_tap(self, place: str) -> bool:
        if place == STOCK:
            return self.draw()
        return self.push(double_tap(place))

    def draw(self, key: str | None = None) -> bool:
        """Draw from the stock; a refusal names the key pressed (``s`` is
        not the notation's ``d``), or just the draw when it was the mouse."""
        return self.push(self.board.parse_action("d"), f"{key} (draw)" if key else "draw")

    def move(self, src: str, dst: str, count: int | None = None) -> bool:
        """An explicit move: a foundation as destination is the foundation
        area (the slot that accepts, RULES A1.7); ``count`` when the player
        took cards from under the top, for the engine to check (RULES B7)."""
        if dst[0] == "f":
            dst = "f"
        return self.push(move(src, dst, count))

    def press(self, place: str, index: int | None = None) -> bool:
        """Pick-and-place: the first place pressed is picked, the second
        receives its card(s); the same place twice is a double tap.
        ``index``: the card picked in a column (the run from it up moves)."""
        if place == STOCK:
            return self.draw()
        picked, picked_index = self.picked, self.picked_index
        try:        # a cell the variant has not (RULES A2.7): the notation's refusal
            parse_location(place, self.board.game, self.board.cells_count)
        except NotationError as err:
            return self.refuse(place if picked is None else str(move(picked, place)), err)
        if picked is None:
            # "f" (the foundations, by key) is picked for a take-back from
            # the first slot whose card the destination accepts (RULES B7).
            size = self.board.cards_on_foundations if place == "f" else len(self.pile(place))
            if not size:
                self.message = f"Nothing to pick up at {place}."
                return False
            self.picked = place
            self.picked_index = index if index is not None and index < size - 1 else None
            self.message = (f"Picked {place}: now the place to put it "
                            "(the same place again: double tap; Esc: put it back).")
            return True
        if picked == place:
            return self.double_tap(place)
        count = None
        if picked_index is not None:
            count = len(self.pile(picked)) - picked_index
        return self.move(picked, place, count)

    def cancel(self) -> None:
        self.picked = self.picked_index = None
        self.message = ""


def undone_by_next_undo(actions: list[Action]) -> Action | None:
    """The action an undo pushed after ``actions`` would take back (each
    ``u`` takes back the last action not yet taken back, RULES B6); None
    when there is none."""
    played: list[Action] = []
    for action in actions:
        if action.kind != UNDO:
            played.append(action)
        elif played:
            played.pop()
    return played[-1] if played else None
