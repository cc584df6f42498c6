"""One game's session without the screen (harp.cli.tui.session): pick and
place, take-backs by key, the finish command, refusals in the table's suits."""
from __future__ import annotations

from pathlib import Path

from harp import new_board, read_records
from harp.cli.tui.files import GameFiles
from harp.cli.tui.session import Session


def test_pick_and_place_moves_double_taps_and_takes_back_from_the_foundations():
    session = Session(new_board("SH1-C4-AAAAAJ2"))
    assert session.press("8") and session.picked == "8"
    assert session.press("f") and session.board.script() == "8>f"
    assert not session.press("c") and session.message == "Nothing to pick up at c."
    assert session.press("f") and session.press("c")        # AC back, into cell c
    assert session.press("1") and session.press("1")        # a double tap: 2S to cell d
    assert session.board.script() == "8>f f>c tt1"
    assert session.board.cells[2:] == [new_board("SH1-C4-AAAAAJ2").columns[7][-1],
                                       new_board("SH1-C4-AAAAAJ2").columns[0][-1]]


def test_a_refusal_keeps_the_board_and_names_cards_with_the_table_s_suits():
    for unicode, card in ((True, "2♠ cannot go on T♠"), (False, "2S cannot go on TS")):
        session = Session(new_board("SH1-C4-AAAAAJ2"), unicode)
        assert not session.move("1", "2")
        assert session.message == (f"Refused 1>2: {card}: a card goes only on the next higher "
                                   "card of its own suit (RULES A2.3)")
        assert session.board.moves == 0 and session.refusal.rule == "A2.3"


def test_finish_plays_only_foundation_moves_each_an_action():
    session = Session(new_board("EH1-N-AAAAAAF"))
    assert session.finish() == 3
    assert session.board.script() == "1>f 2>f 2>f" and session.board.score == 35


def test_a_refused_draw_names_the_key_pressed_or_just_the_draw():
    session = Session(new_board("SH1-C4-AAAAAJ2"))
    assert not session.draw("s")
    assert session.message == ("Refused s (draw): Seahaven Towers has no stock to draw from "
                               "(RULES A2.1)")
    assert not session.tap("s")         # the stock's place, clicked: no key to name
    assert session.message.startswith("Refused draw: Seahaven Towers has no stock")


def test_only_actions_made_here_count_as_played_here():
    board = new_board("SH1-C4-AAAAAJ2")
    board.push_script("8>f 7>2")
    session = Session(board)
    assert session.acted == 0 and not session.press("c")     # nothing picked up: no action
    assert session.acted == 0
    assert session.press("1") and session.press("1") and session.acted == 1


class _Files(GameFiles):
    """The game screen's file commands on a session, without the screen."""

    def __init__(self, session: Session) -> None:
        self.session, self.resumed, self.goodbye = session, None, []

    def refresh_all(self) -> None:
        pass


def test_a_saved_game_names_its_file_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = Session(new_board("SH1-C4-AAAAAJ2"))
    files = _Files(session)
    assert session.press("8") and session.press("f")
    assert files.save("s\nv\x1b[7m.txt") is None
    assert session.message == ("Saved to s\\nv\\x1b[7m.txt: replay it with: "
                               "harp replay s\\nv\\x1b[7m.txt")
    assert session.press("7") and session.press("2")
    assert files.save("s\nv\x1b[7m.txt") is None
    assert files.goodbye == ["Updated the game's record in s\\nv\\x1b[7m.txt: replay it with: "
                             "harp replay s\\nv\\x1b[7m.txt"]
    assert (tmp_path / "s\nv\x1b[7m.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n7>2\n"


def test_the_clock_stops_at_a_win_and_goes_on_from_there_when_it_is_undone(monkeypatch):
    path = Path(__file__).resolve().parent.parent / "examples" / "won-seahaven.txt"
    _, record = next(read_records(path.read_text(encoding="utf-8").splitlines(True), "text"))
    *before, last = record.script.split()
    board = new_board(record.code)
    board.push_script(" ".join(before))
    now = [100.0]
    monkeypatch.setattr("harp.cli.tui.session.time.monotonic", lambda: now[0])
    session = Session(board)
    assert session.push(board.parse_action("u"))            # the clock starts at 100
    assert session.push(board.parse_action(before[-1]))     # (the undone action again)
    now[0] = 130.0
    assert session.push(board.parse_action(last)) and board.is_won
    now[0] = 200.0
    assert session.seconds() == 30                          # stopped at the win
    assert session.push(board.parse_action("u")) and not board.is_won
    now[0] = 210.0
    assert session.seconds() == 40                          # on from 30, not from 100
