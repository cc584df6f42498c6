"""The full-screen game: a Textual app around a :class:`Session`.

The screen shows the table (:mod:`.table`), a status line (game, code,
score, moves, time), the message line and the keys.  Keys and the mouse
become actions pushed on the board through the session; nothing moves by
itself (RULES A1.10, A2.7).  Solver searches run in a child process
(:mod:`.background`), so keys are answered while one runs.
"""
from __future__ import annotations

import asyncio
import signal

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.driver import Driver
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from harp import Board, HarpError, IllegalActionError
from harp.actions import DRAW, MOVE
from harp.deals import EASY_HARP, GAME_NAMES
from harp.display import with_suit_letters
from harp.rulebook import rule_book

from ..output import one_line
from ..saving import Resumed
from .. import playerstats
from .background import FAILED, HINT, WINNABLE, Search, hint_message, winnable_message
from .files import GameFiles
from .keys import footer
from .session import STOCK, Session
from .table import Marks, least_height, table_width
from .tableview import TableView

ARROWS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}


class GameScreen(GameFiles, Screen):
    """The table with its status, message and key lines, and the rule book."""

    DEFAULT_CSS = """
    #status { height: 1; background: $primary-darken-2; color: $text; }
    #message { height: auto; max-height: 3; color: $warning; overflow: hidden; }
    #footer { height: 1; color: $text-muted; }
    #middle { height: 1fr; }
    #rules { width: 50%; display: none; border-left: solid $accent; }
    """

    def __init__(self, board: Board, resumed: Resumed | None, unicode: bool) -> None:
        super().__init__()
        self.session = Session(board, unicode)
        self.resumed = resumed
        self.unicode = unicode
        self.cursor = self.session.places.index("1")
        self.search: Search | None = None
        self.hinted: tuple[str, ...] = ()
        self.counter = playerstats.Counter(board)
        self.goodbye: list[str] = []
        self.shown: dict[str, str] = {}
        self.message_rows = self.MESSAGE_ROWS
        #: The statistics file's problem, once told: every later game would
        #: repeat it word for word.
        self.stats_told: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            yield TableView(self)
            with VerticalScroll(id="rules"):
                yield Static(id="rules-text")
        yield Static(id="message")
        yield Static(id="footer")

    def on_mount(self) -> None:
        self.refresh_all()
        self.set_interval(1.0, self.tick)

    # ------------------------------------------------------------ drawing
    def marks(self) -> Marks:
        session = self.session
        return Marks(self.session.places[self.cursor], session.picked, session.picked_index,
                     self.hinted)

    def status_text(self) -> str:
        board, session = self.session.board, self.session
        name = GAME_NAMES[board.game]
        if board.game != EASY_HARP:
            name += f", {board.code.cells} cell{'s' * (board.code.cells > 1)}"
        seconds = session.seconds()
        parts = [name, str(board.code), f"Score {board.score}", f"Moves {board.moves}",
                 f"{seconds // 60}:{seconds % 60:02d}", "WON" if board.is_won else ""]
        # In a narrow window the game's name goes first (the code names the
        # game and its cells), then the move counter: the clock and WON stay.
        for drop in ((), (0,), (0, 3)):
            line = " " + "  ".join(p for i, p in enumerate(parts) if p and i not in drop)
            if len(line) <= self.size.width:
                break
        return line

    def show_bars(self) -> None:
        """The status line and the footer, each fitted to the window's width."""
        self.show("#footer", footer(self.session.board.game == EASY_HARP, self.size.width))
        self.show("#status", self.status_text())

    def refresh_all(self) -> None:
        self.show_bars()
        message = self.session.message
        if self.search is not None:
            message = f"Searching ({self.search.kind})... Esc stops it. {message}".rstrip()
        self.show("#message", message)
        self.fit_message()
        self.query_one(TableView).redraw()
        if self.query_one("#rules").display:
            self.show_rules()

    #: The most rows of the message line (a refusal citing its rule wraps).
    MESSAGE_ROWS = 3

    def fit_message(self) -> None:
        """In a low window the message takes only the rows the table can
        spare, its end cut: a wrapped message must not push the table out
        of the window in the middle of a move (``r`` shows the rule)."""
        spare = self.size.height - 2 - least_height(self.session.board)   # status, footer
        rows = max(1, min(self.MESSAGE_ROWS, spare))
        if rows != self.message_rows:       # (a change of style costs a layout)
            self.message_rows = rows
            self.query_one("#message").styles.max_height = rows

    def show(self, line: str, text: str) -> None:
        """Show text in one of the lines, if it changed (an update costs a
        layout of the screen)."""
        if self.shown.get(line) != text:
            self.shown[line] = text
            self.query_one(line, Static).update(Text(text))

    def tick(self) -> None:
        self.show("#status", self.status_text())

    # ------------------------------------------------------------ acting
    def act(self, step) -> bool:
        """Run one step of the session, then redraw, stop a search whose
        position is gone, count a won game."""
        before = self.session.board.script()
        done = step(self.session)
        if self.session.board.script() != before:
            self.hinted = ()
            self.stop_search(quiet=True)
        if self.counter.due(self.session.board, acted=False):     # won just now
            self.count_game(won=True)
        self.refresh_all()
        return done

    def count_game(self, won: bool) -> str:
        """Add the game to the player's statistics, once; what to tell the
        player of them (a won game tells it on the message line)."""
        board = self.session.board
        note, saved = self.counter.count(board)
        if not saved:
            if note == self.stats_told:
                note = ""
            else:
                self.stats_told = note
        if won:
            self.session.message = " ".join(
                filter(None, [f"Won! Score {board.score} in {board.moves} moves.", note,
                              "n: new game."]))
        return note

    def leave_game(self) -> str:
        """The player leaves this game: it counts as played if an action
        was made in this session (a resumed game opened and left as it
        was is not played again).  What to tell of the statistics."""
        self.stop_search(quiet=True)
        if self.counter.due(self.session.board, acted=self.session.acted > 0):
            return self.count_game(won=False)
        return ""

    def start(self, board: Board, resumed: Resumed | None = None) -> None:
        note = self.leave_game()
        self.session = Session(board, self.unicode)
        self.resumed = resumed
        self.counter = playerstats.Counter(board)
        self.hinted = ()
        self.cursor = self.session.places.index("1")
        self.fit_rules()            # the other game's table may be wider
        # The statistics of the game left, or why they were not saved.
        self.session.message = f"{note} {self.session.message}".strip()
        self.goodbye.clear()
        self.refresh_all()

    # ------------------------------------------------------------ keys
    #: The commands' keys (a character, else a key's name) and what each calls.
    COMMAND_KEYS = {
        "enter": "tap_here", "space": "press_here", "s": "draw", "u": "undo", "U": "again",
        "F": "finish", "h": "hint", "i": "winnable", "escape": "escape", "r": "toggle_rules",
        "n": "new_game", "ctrl+s": "ask_save", "o": "ask_open", "S": "show_stats",
        "?": "show_keys", "q": "request_quit",
    }

    #: The commands a key gives while the table is not on the screen: none
    #: that plays, only the dialogs, panels and quitting.
    UNSEEN_KEYS = frozenset({"escape", "toggle_rules", "new_game", "ask_save", "ask_open",
                             "show_stats", "show_keys", "request_quit"})

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if not self.is_active:
            # A key that came with the one that opened a dialog: it neither
            # acts on the game behind the dialog nor opens another one.
            return
        key, char = event.key, event.character or ""
        if self.scroll_rules(key):
            return
        eh = self.session.board.game == EASY_HARP
        place = self.place_of(char, eh)
        command = self.COMMAND_KEYS.get(char if char.isprintable() and char.strip() else key)
        if command not in self.UNSEEN_KEYS and not self.query_one(TableView).shows_table():
            # Not played blind: the notice in the table's place says to
            # enlarge the window to play on (or the rule book covers it).
            return
        if place is not None:
            self.act(lambda s: s.press(place))
        elif key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif eh and char == "d":            # the notation's draw (RULES B7)
            self.draw("d")
        elif command is not None:
            getattr(self, command)()

    #: Keys that scroll the rule book while it is shown (the game has no
    #: other use for them), and the arrows too while it covers the table.
    RULE_BOOK_KEYS = {"pageup": "scroll_page_up", "pagedown": "scroll_page_down",
                      "home": "scroll_home", "end": "scroll_end"}
    COVERED_KEYS = {"up": "scroll_up", "down": "scroll_down"}

    def scroll_rules(self, key: str) -> bool:
        """Whether ``key`` scrolled the rule book (a keyboard reaches all of it)."""
        panel = self.query_one("#rules")
        if not panel.display:
            return False
        name = self.RULE_BOOK_KEYS.get(key)
        if name is None and not self.query_one(TableView).shows_table():
            name = self.COVERED_KEYS.get(key)
        if name is None:
            return False
        getattr(panel, name)(animate=False)
        return True

    def tap_here(self) -> None:
        where = self.session.picked or self.session.places[self.cursor]
        self.act(lambda s: s.tap(where))

    def press_here(self) -> None:
        where = self.session.places[self.cursor]
        self.act(lambda s: s.press(where))

    def draw(self, key: str = "s") -> None:
        self.act(lambda s: s.draw(key))

    def undo(self) -> None:
        self.act(lambda s: s.push(s.board.parse_action("u")))

    def again(self) -> None:
        self.act(lambda s: s.again())

    def finish(self) -> None:
        self.act(lambda s: s.finish())

    def hint(self) -> None:
        self.ask_solver(HINT, "The game is won: there is nothing to hint.")

    def winnable(self) -> None:
        self.ask_solver(WINNABLE, "The game is won.")

    def ask_solver(self, kind: str, won: str) -> None:
        """A search, unless the game is won: then there is nothing to
        search for (harp hint says the same), and a search would report a
        limit it never reached."""
        if self.session.board.is_won:
            self.session.message = won
            self.refresh_all()
        else:
            self.start_search(kind)

    def show_keys(self) -> None:
        from .screens import KeysScreen
        self.app.push_screen(KeysScreen())

    def place_of(self, char: str, eh: bool) -> str | None:
        """The place a key names in this game (RULES B7), if any."""
        board = self.session.board
        if char.isdigit():
            column = int(char) or 10
            return str(column) if column <= len(board.columns) else None
        if char == "w" and eh or char == "f":
            return char
        if not eh and len(char) == 1 and char in "abcd":
            return char         # (one the variant has not is refused when pressed)
        return None

    def move_cursor(self, rows: int, step: int) -> None:
        places = self.session.places
        n_columns = len(self.session.board.columns)
        top, bottom = places[:-n_columns], places[-n_columns:]
        here = places[self.cursor]
        row = bottom if here in bottom else top
        i = row.index(here)
        if step:
            row_place = row[(i + step) % len(row)]
        else:
            other = top if row is bottom else bottom
            at = round(i * (len(other) - 1) / max(1, len(row) - 1))
            row_place = other[min(len(other) - 1, at)]
        self.cursor = places.index(row_place)
        self.refresh_all()

    def escape(self) -> None:
        if self.search is not None:
            self.stop_search()
        elif self.query_one("#rules").display:
            self.toggle_rules()
        else:
            self.session.cancel()
            self.hinted = ()
        self.refresh_all()

    # ------------------------------------------------------------ searches
    def start_search(self, kind: str) -> None:
        self.stop_search(quiet=True)
        self.hinted = ()
        self.session.message = ""
        search = self.search = Search(self.session.board, kind)
        self.refresh_all()
        self.run_worker(self.wait_for(search), exclusive=True, group="search")

    async def wait_for(self, search: Search) -> None:
        answer = await asyncio.to_thread(search.wait)
        if self.search is not search:
            return
        self.search = None
        board = self.session.board
        if search.position != (str(board.code), board.script()):
            self.refresh_all()
            return
        if answer is None:
            if search.error is not None:
                self.session.message = f"{FAILED[search.kind]}: {search.error}"
            self.refresh_all()
            return
        if search.kind == HINT:
            self.session.message = hint_message(answer, board.can_undo())
            if answer["first"] is not None:
                self.hinted = self.hint_places(answer["first"])
        else:
            self.session.message = winnable_message(answer, board.can_undo())
        self.refresh_all()

    def stop_search(self, quiet: bool = False) -> None:
        search, self.search = self.search, None
        if search is not None:
            search.cancel()
            if not quiet:
                self.session.message = "Search stopped."

    def hint_places(self, token: str) -> tuple[str, ...]:
        """The places a hinted action shows: its source and destination;
        a foundation as the slot the card goes to (found by pushing the
        action on a copy)."""
        board = self.session.board
        action = board.parse_action(token)
        if action.kind == DRAW:
            return (STOCK,)
        if action.kind != MOVE or action.dst != "f":
            return tuple(p for p in (action.src, action.dst) if p)
        trial = board.copy()
        heights = list(map(len, trial.foundations))
        trial.push(action)
        slot = next(s for s, pile in enumerate(trial.foundations) if len(pile) > heights[s])
        return (action.src, f"f{slot + 1}")

    # ------------------------------------------------------------ panels
    #: The narrowest the rule book is shown beside the table.
    RULES_MIN_WIDTH = 30

    def toggle_rules(self) -> None:
        panel = self.query_one("#rules")
        panel.display = not panel.display
        self.fit_rules()
        if panel.display:
            self.show_rules()

    def fit_rules(self) -> None:
        """The rule book beside the table, as wide as the table leaves it
        (half the screen at most), its text wrapped to that; where that
        is too narrow to read, over the whole table until it is closed."""
        panel = self.query_one("#rules")
        width = self.size.width
        beside = min(width // 2, width - table_width(self.session.board) - 1)
        panel.styles.width = beside if beside >= self.RULES_MIN_WIDTH else width
        self.query_one(TableView).display = not panel.display or beside >= self.RULES_MIN_WIDTH

    def on_resize(self, event: events.Resize) -> None:
        self.fit_rules()
        self.fit_message()
        self.show_bars()

    def show_rules(self) -> None:
        try:
            book = rule_book()
        except HarpError as err:        # the book cannot be read: the game goes on
            self.query_one("#rules-text", Static).update(one_line(err))
            return
        refusal = self.session.refusal
        text = book.text
        if isinstance(refusal, IllegalActionError):
            rule = refusal.rule.replace("-", ",").split(",")[0]
            try:
                text = f"*The last refusal's rule:*\n\n{book.section(rule).text}\n---\n{text}"
            except HarpError:
                pass
        if not self.unicode:                # --ascii: the book's cards as the table's
            text = with_suit_letters(text)
        from rich.markdown import Markdown
        self.query_one("#rules-text", Static).update(Markdown(text))

    def show_stats(self) -> None:
        from .screens import Dialog
        text = playerstats.summary()
        self.app.push_screen(Dialog(f"Your statistics\n\n{text}\n\nAny key closes this."))

#: The dialogs' and the rule book's borders where the terminal's encoding
#: cannot show box-drawing lines (ASCII, Latin-1): drawn with + - |.
PLAIN_CSS = """
Dialog > Vertical, AskScreen > Vertical { border: ascii $accent; }
#rules { border-left: ascii $accent; }
"""
#: The signals that end the game as quitting without saving does (the
#: record printed to keep by hand), exit code 128 + the signal's number:
#: kill (SIGTERM), kill -INT (ctrl+c in the game is a key, not a signal),
#: and the terminal closed (SIGHUP).
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                       if hasattr(signal, name))


class HarpApp(App):
    """``harp play`` on a terminal: one game screen."""

    TITLE = "harp"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "request_quit", show=False, priority=True),
                Binding("ctrl+c", "request_quit", show=False, priority=True)]

    def __init__(self, board: Board, resumed: Resumed | None = None,
                 unicode: bool = True) -> None:
        super().__init__()
        self.game = GameScreen(board, resumed, unicode)

    def get_driver_class(self) -> type[Driver]:
        from .screenout import safe_driver
        return safe_driver(super().get_driver_class())

    def on_mount(self) -> None:
        self.push_screen(self.game)
        try:        # kill: the game ends as a quit, and the terminal is restored
            loop = asyncio.get_running_loop()
            for number in ENDING_SIGNALS:
                # A signal ignored when harp started (nohup, a background
                # job) stays ignored, as the player asked.
                if signal.getsignal(number) != signal.SIG_IGN:
                    loop.add_signal_handler(number, self.game.terminated, number)
        except (NotImplementedError, RuntimeError):    # Windows; not the main thread
            pass

    def action_request_quit(self) -> None:
        if self.screen is self.game:
            self.game.request_quit()


class PlainHarpApp(HarpApp):
    """The game on a terminal whose encoding has no box-drawing lines
    (ASCII, Latin-1): borders drawn with ``+ - |``."""

    CSS = PLAIN_CSS
