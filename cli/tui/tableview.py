"""The table widget: the drawing of :mod:`.table` shown row by row, and
the mouse: a click taps, a double click double-taps, a drag moves, a click
on a card under the top picks it with the cards above it."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.strip import Strip
from textual.widget import Widget

from .session import STOCK
from .table import Drawing, draw_table, table_fits

if TYPE_CHECKING:       # the screen holding the table (it imports this module)
    from .app import GameScreen


@lru_cache(maxsize=None)
def _style(definition: str) -> Style:
    return Style.parse(definition) if definition else Style()


class TableView(Widget):
    """The table, drawn for the widget's size; mouse clicks and drags."""

    DEFAULT_CSS = "TableView { width: 1fr; height: 1fr; }"

    def __init__(self, game: GameScreen) -> None:
        super().__init__()
        self.game = game
        self.drawing = Drawing([])
        self._strips: list[Strip] | None = None
        self._grab: tuple[str, int] | None = None
        self._dragged = False
        self._tapped: tuple[str, bool] | None = None

    def redraw(self) -> None:
        self._strips = None
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()

    def shows_table(self) -> bool:
        """Whether the table is on the screen: not hidden (by the rule
        book, in a narrow window), nor a notice that the window is too
        small in its place."""
        return bool(self.display) and table_fits(self.game.session.board, self.size.width,
                                                 self.size.height)

    def render_line(self, y: int) -> Strip:
        """One row of the table (Textual's line API: the rows are drawn
        once per change, straight to segments)."""
        if self._strips is None:
            game = self.game
            width = self.size.width
            # The lines around the table, for a notice of the window's size.
            screen = self.screen.size
            frame = (screen.width - width, screen.height - self.size.height)
            self.drawing = draw_table(game.session.board, width, self.size.height,
                                      game.marks(), game.session.unicode, frame)
            base = self.rich_style
            self._strips = [Strip([Segment(text, base + _style(style)) for text, style in line],
                                  width) for line in self.drawing.lines]
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._grab = self.drawing.at(event.x, event.y)
        self._dragged = False
        self.capture_mouse()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.release_mouse()
        grab, self._grab = self._grab, None
        drop = self.drawing.at(event.x, event.y)
        if grab is None or drop is None or drop[0] == grab[0] or grab[0] == STOCK:
            return
        self._dragged = True
        place, index = grab
        pile = self.game.session.pile(place)
        count = len(pile) - index if place.isdigit() and 0 <= index < len(pile) - 1 else None
        self.game.act(lambda s: s.move(place, drop[0], count))

    def on_click(self, event: events.Click) -> None:
        if self._dragged:
            self._dragged = False
            return
        spot = self.drawing.at(event.x, event.y)
        if spot is None:
            return
        place, index = spot
        session = self.game.session
        if event.chain >= 2 and self._tapped == (place, False):
            # The first click's tap was refused: the second makes it a
            # double tap (a place on the tableau, RULES A1.10, A2.7).  A
            # quick click after a tap that worked is a click of its own (a
            # draw from the stock, the next card up): one action a click.
            self.game.act(lambda s: s.double_tap(place))
            self._tapped = None
            return
        pile = session.pile(place)
        if session.picked is not None or (place.isdigit() and 0 <= index < len(pile) - 1):
            self.game.act(lambda s: s.press(place, index))
        elif place[0] == "f":
            session.message = "Drag a foundation's card to a column or a cell to take it back."
            self.game.refresh_all()
        else:
            self._tapped = (place, self.game.act(lambda s: s.tap(place)))
