"""The app's dialogs: the keys, a new game, a file name (save, open), the
question on quitting, the statistics.  Each answers through ``dismiss``,
once: keys that arrive together (typed fast, pasted) are all queued for the
dialog on top when they came, and those after the one that answered it are
dropped (an answer to a question not seen yet would be a guess)."""
from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from harp.deals import EASY_HARP, DealCode, daily_code, make_code, random_code

from .keys import KEYS

#: A dialog as wide as its text, up to the screen's width, where a long
#: line (an error message) wraps rather than being cut.
DIALOG_CSS = """
Dialog { align: center middle; }
Dialog > Vertical { width: auto; max-width: 100%; height: auto; max-height: 100%;
                    border: round $accent; padding: 0 1; background: $surface; }
Dialog Static { width: auto; max-width: 100%; height: auto; }
Dialog Input { width: 60; max-width: 100%; }
"""


class Dialog(ModalScreen):
    """A box in the middle of the screen showing text; any key closes it."""

    DEFAULT_CSS = DIALOG_CSS

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text, id="text")
            yield from self.more()

    def more(self) -> ComposeResult:
        yield from ()

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if not self.is_active:      # answered by an earlier key, or under another dialog
            return
        if event.key == "escape":
            self.dismiss(None)
        else:
            self.answer(event)

    def answer(self, event: events.Key) -> None:
        """A key other than Esc: this dialog only shows something, and closes."""
        self.dismiss(None)


def keys_text() -> str:
    width = max(len(k) for k, _ in KEYS)
    return "Keys\n\n" + "\n".join(f"{k:<{width}}  {what}" for k, what in KEYS) + \
        "\n\nAny key closes this."


class KeysScreen(Dialog):
    # A table, one key a line: wrapped on a narrow screen it would no longer
    # fit its height, so a line too long ends in an ellipsis instead.
    DEFAULT_CSS = DIALOG_CSS + "KeysScreen Static { text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self) -> None:
        super().__init__(keys_text())


class ChoiceScreen(Dialog):
    """A question answered by one key among ``choices``."""

    def __init__(self, text: str, choices: str) -> None:
        super().__init__(text)
        self.choices = choices

    def answer(self, event: events.Key) -> None:
        if event.character and event.character in self.choices:
            self.dismiss(event.character)


GAMES = (("EH", 0), ("SH", 4), ("SH", 2), ("SH", 1))


def game_name(game: str, cells: int) -> str:
    return "Easy Harp" if game == EASY_HARP else f"Seahaven Towers, {cells} cell{'s' * (cells > 1)}"


class NewGameScreen(Dialog):
    """New game (RULES A1.10): a random deal, today's deal, the same deal,
    of the game and cells chosen with g; or a deal code typed in."""

    def __init__(self, code: DealCode) -> None:
        self.game = GAMES.index((code.game, code.cells))
        self.number = code.number
        super().__init__(self._text())

    def _text(self) -> str:
        game, cells = GAMES[self.game]
        return (f"New game: {game_name(game, cells)}  (g: change)\n\n"
                "r  a new random deal\n"
                "d  today's deal (the same for everyone)\n"
                "s  the same deal again\n"
                "c  type a deal code or number")

    def answer(self, event: events.Key) -> None:
        game, cells = GAMES[self.game]
        key = event.character
        if key == "g":
            self.game = (self.game + 1) % len(GAMES)
            self.query_one("#text", Static).update(self._text())
        elif key == "r":
            self.dismiss(random_code(game, cells or 4))
        elif key == "d":
            self.dismiss(daily_code(game, None, cells or 4))
        elif key == "s":            # the same deal number, in the game chosen
            self.dismiss(make_code(game, self.number, cells or 4))
        elif key == "c":
            self.dismiss(("code", game, cells or 4))


class AskScreen(ModalScreen):
    """A line of text (a file name, a deal code), tried by ``attempt``
    (which returns an error message, or None when done); a failed attempt
    is shown and the question stays.  An empty line cancels, as Esc does."""

    DEFAULT_CSS = DIALOG_CSS.replace("Dialog", "AskScreen")
    BINDINGS = [("escape", "dismiss(None)", "cancel")]

    def __init__(self, text: str, default: str, attempt: Callable[[str], str | None]) -> None:
        super().__init__()
        self.text = text
        self.default = default
        self.attempt = attempt

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text)
            yield Input(value=self.default, id="answer")
            yield Static("Enter: confirm (empty: cancel)   Esc: cancel", id="error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not self.is_active:      # Enter pressed again before the first was answered
            return
        value = event.value.strip()
        if not value:               # as in the line game: no name, nothing done
            self.dismiss(None)
            return
        error = self.attempt(value)
        if error is None:
            self.dismiss(value)
        else:
            self.query_one("#error", Static).update(error)
