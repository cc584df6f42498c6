"""The game screen's games and files: a new game (random, daily, same
deal, a code), opening a record to resume it, saving the game as a record
(RULES B8); quitting, a new game and opening a record offer to save the
actions not saved yet."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from harp import HarpError, Record, new_board
from harp.deals import make_code, parse_code, parse_deal_number
from harp.recordfile import load_one_record, records_in, shown_name

from ..options import is_deal_number
from ..output import one_line, printable
from ..position import GivenGame
from ..saving import UPDATED, Resumed, file_name, kept_by_hand, refuse_special, save_record

if TYPE_CHECKING:
    from .session import Session


class GameFiles:
    """What the game screen (:class:`.app.GameScreen`, which mixes this
    in) does with games and files; it uses the screen's ``session``,
    ``start``, ``leave_game`` and ``refresh_all``."""

    session: Session
    resumed: Resumed | None
    goodbye: list[str]
    app: Any
    #: A signal is ending the game.
    ending = False

    def new_game(self) -> None:
        self.offer_save("choose a new game", self.choose_new_game)

    def choose_new_game(self) -> None:
        from .screens import AskScreen, NewGameScreen, game_name

        def chosen(answer) -> None:
            if isinstance(answer, tuple):       # ("code", game, cells): type a code
                _, game, cells = answer
                self.app.push_screen(AskScreen(
                    f"Deal code (e.g. EH1-N-AAAAAAF), or a deal number of "
                    f"{game_name(game, cells)}:", "",
                    lambda text: self.open_code(text, game, cells)))
            elif answer is not None:
                self.start(new_board(answer, **self.settings()))
        self.app.push_screen(NewGameScreen(self.session.board.code), chosen)

    def settings(self) -> dict[str, bool]:
        board = self.session.board
        return {"interactive_rules": board.interactive_rules, "double_click": board.double_click}

    def open_code(self, text: str, game: str, cells: int) -> str | None:
        """Start the deal of a code, or of a deal number of ``game`` and
        ``cells`` (as ``harp play NUMBER --game --cells`` does)."""
        try:
            code = (make_code(game, parse_deal_number(text), cells) if is_deal_number(text)
                    else parse_code(text))
            board = new_board(code, **self.settings())
        except HarpError as err:
            return one_line(err)
        self.start(board)
        return None

    def ask_open(self) -> None:
        self.offer_save("open a record", self.choose_record)

    def choose_record(self) -> None:
        from .screens import AskScreen
        self.app.push_screen(AskScreen("Open a game record to resume (.txt, .jsonl, .csv):",
                                       "", self.open_record))

    def open_record(self, path: str) -> str | None:
        path = file_name(path)
        try:
            refuse_special(path)
            # As --load reads it: an error names the file and its line.
            game = GivenGame(load_one_record(path), shown_name(path))
            board = game.deal(**self.settings())
            game.push(board)
        except (HarpError, OSError) as err:
            return one_line(err)
        self.start(board, Resumed(path, game.record))
        return None

    def ask_save(self, then: Callable[[], None] | None = None) -> None:
        """Ask for a file and save the game there; once saved, ``then``."""
        from .screens import AskScreen
        default = self.resumed.path if self.resumed else f"{self.session.board.code}.txt"

        def saved(path: str | None) -> None:
            if path is not None and then is not None:
                then()
        self.app.push_screen(AskScreen("Save this game as a record (.txt, .jsonl or .csv):",
                                       default, self.save), saved)

    def save(self, path: str) -> str | None:
        path = file_name(path)
        board = self.session.board
        record = self.record()
        try:
            done = save_record(path, record, self.resumed)
            # Saved again later, the game updates this record in place.
            self.resumed = Resumed(path, _saved_record(path, self.resumed if done == UPDATED
                                                       else None))
        except (HarpError, OSError) as err:
            return f"Not saved: {one_line(err)}"
        name = printable(path)      # as the line game names it: never obeyed, never folded
        said = f"Updated the game's record in {name}" if done == UPDATED else f"Saved to {name}"
        self.session.saved_actions = len(board.actions)
        self.session.message = f"{said}: replay it with: harp replay {name}"
        self.goodbye = [self.session.message]
        self.refresh_all()
        return None

    def record(self) -> Record:
        """The game's record (a resumed game's keeps the fields of the one read)."""
        board = self.session.board
        extra = self.resumed.record.extra if self.resumed else {}
        return Record(str(board.code), board.script(), dict(extra))

    def request_quit(self) -> None:
        self.offer_save("quit", self.quit)

    def offer_save(self, what: str, then: Callable[[], None]) -> None:
        """Leave the game by ``then`` (quit, a new game, open a record),
        which ``what`` names; with actions not saved, ask first whether to
        save them."""
        if not self.session.unsaved:
            then()
            return
        from .screens import ChoiceScreen

        def answered(answer: str | None) -> None:
            if answer == "y":
                self.ask_save(then)
            elif answer == "n":
                then()
        self.app.push_screen(ChoiceScreen("Save this game as a record?\n\n"
                                          f"y  yes, then {what}\nn  no, {what}\n"
                                          "Esc  back to the game", "yn"), answered)

    def quit(self) -> None:
        note = self.leave_game()
        self.app.exit(self.goodbye + [note] if note else self.goodbye)

    def terminated(self, signal_number: int) -> None:
        """A signal to end (SIGTERM, ``kill``; SIGINT; SIGHUP, the terminal
        closed): leave as quitting without saving does, whatever dialog is
        open; the actions not saved are printed to keep by hand, and the
        exit code is 128 + the signal's.  A second signal while the game
        ends changes nothing (the game is already counted)."""
        if self.ending:
            return
        self.ending = True
        unsaved = self.session.unsaved
        note = self.leave_game()
        said = self.goodbye + [note] if note else list(self.goodbye)
        if unsaved:
            said.append(kept_by_hand(self.record()))
        self.app.exit(said, return_code=128 + signal_number)


def _saved_record(path: str, updated: Resumed | None) -> Record:
    """The record just saved in a file, as read back: the one updated in
    place (it starts where it started), else the file's last one."""
    last = None
    for line, item in records_in(path):
        last = item
        if updated is not None and line == updated.record.line:
            break
    if not isinstance(last, Record):
        raise HarpError(f"{shown_name(path)}: the saved record cannot be read back")
    return last
