"""The game screen's games and files: a new game (random, daily, same
deal, a code), opening a record to resume it, saving the game as a record
(RULES B8) and quitting with the offer to save."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harp import HarpError, Record, new_board
from harp.deals import parse_code
from harp.recordfile import load_one_record, records_in

from ..output import one_line
from ..saving import UPDATED, Resumed, save_record

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

    def new_game(self) -> None:
        from .screens import AskScreen, NewGameScreen

        def chosen(answer) -> None:
            if answer == "same":
                self.start(new_board(self.session.board.code, **self.settings()))
            elif answer == "code":
                self.app.push_screen(AskScreen("Deal code (e.g. EH1-N-AAAAAAF):", "",
                                               self.open_code))
            elif answer is not None:
                self.start(new_board(answer, **self.settings()))
        self.app.push_screen(NewGameScreen(self.session.board.code), chosen)

    def settings(self) -> dict[str, bool]:
        board = self.session.board
        return {"interactive_rules": board.interactive_rules, "double_click": board.double_click}

    def open_code(self, text: str) -> str | None:
        try:
            board = new_board(parse_code(text), **self.settings())
        except HarpError as err:
            return one_line(err)
        self.start(board)
        return None

    def ask_open(self) -> None:
        from .screens import AskScreen
        self.app.push_screen(AskScreen("Open a game record to resume (.txt, .jsonl, .csv):",
                                       "", self.open_record))

    def open_record(self, path: str) -> str | None:
        try:
            record = load_one_record(path)
            board = new_board(record.code, **self.settings())
            board.push_script(record.script, first_line=record.script_line)
        except (HarpError, OSError) as err:
            return one_line(err)
        self.start(board, Resumed(path, record))
        return None

    def ask_save(self, then_quit: bool = False) -> None:
        from .screens import AskScreen
        default = self.resumed.path if self.resumed else f"{self.session.board.code}.txt"

        def saved(path: str | None) -> None:
            if path is not None and then_quit:
                self.quit()
        self.app.push_screen(AskScreen("Save this game as a record (.txt, .jsonl or .csv):",
                                       default, self.save), saved)

    def save(self, path: str) -> str | None:
        board = self.session.board
        extra = self.resumed.record.extra if self.resumed else {}
        record = Record(str(board.code), board.script(), dict(extra))
        try:
            done = save_record(path, record, self.resumed)
            # Saved again later, the game updates this record in place.
            self.resumed = Resumed(path, _saved_record(path, self.resumed if done == UPDATED
                                                       else None))
        except (HarpError, OSError) as err:
            return f"Not saved: {one_line(err)}"
        said = f"Updated the game's record in {path}" if done == UPDATED else f"Saved to {path}"
        self.session.saved_actions = len(board.actions)
        self.session.message = f"{said}: replay it with: harp replay {path}"
        self.goodbye = [self.session.message]
        self.refresh_all()
        return None

    def request_quit(self) -> None:
        if not self.session.unsaved:
            self.quit()
            return
        from .screens import ChoiceScreen

        def answered(answer: str | None) -> None:
            if answer == "y":
                self.ask_save(then_quit=True)
            elif answer == "n":
                self.quit()
        self.app.push_screen(ChoiceScreen("Save this game as a record?\n\n"
                                          "y  yes, then quit\nn  no, quit\nEsc  back to the game",
                                          "yn"), answered)

    def quit(self) -> None:
        self.leave_game()
        self.app.exit(self.goodbye)


def _saved_record(path: str, updated: Resumed | None) -> Record:
    """The record just saved in a file, as read back: the one updated in
    place (it starts where it started), else the file's last one."""
    last = None
    for line, item in records_in(path):
        last = item
        if updated is not None and line == updated.record.line:
            break
    if not isinstance(last, Record):
        raise HarpError(f"{path}: the saved record cannot be read back")
    return last
