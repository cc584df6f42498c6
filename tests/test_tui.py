"""The full-screen game (harp.cli.tui) played headless through Textual's
Pilot: keys and mouse as a player uses them, the screen read back as text."""
from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from pathlib import Path

import pytest

from harp import new_board, read_records, replay
from harp.cards import parse_card
from harp.recordfile import records_in
from harp.cli.tui.app import HarpApp, TableView
from harp.cli.tui.keys import KEYS
from tui_driver import dialog_text, keys_for, play_by_mouse, press, screen_text, spot

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots" / "tui"


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch):
    """Statistics go to a folder of the test's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data"


def run(board, test, size=(80, 24), unicode=True, resumed=None):
    """Run ``test(pilot)`` in the app on ``board``; the app's exit lines."""
    app = HarpApp(board, resumed, unicode=unicode)

    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await test(pilot)
    asyncio.run(main())
    return app.return_value


def example(name: str):
    text = (ROOT / "examples" / name).read_text(encoding="utf-8")
    (_, record), = read_records(text.splitlines())
    return record


def stats_of(data_home) -> dict:
    return json.loads((data_home / "harp" / "stats.json").read_text())["games"]


# ------------------------------------------------------------------ the table

@pytest.mark.parametrize("code, script", [("EH1-N-AAAAAAF", "1>f d d d"),
                                          ("SH1-C4-AAAAAJ2", "8>f 8>c")])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_table_as_the_screen_shows_it(code, script, size):
    board = new_board(code)
    board.push_script(script)
    shown = []

    async def look(pilot):
        shown.append(screen_text(pilot.app))
    run(board, look, size)
    name = SNAPSHOTS / f"{code[:2].lower()}-{size[0]}x{size[1]}.txt"
    if os.environ.get("HARP_UPDATE_SNAPSHOTS"):
        name.write_text(shown[0] + "\n", encoding="utf-8")
    assert shown[0] + "\n" == name.read_text(encoding="utf-8")


def test_a_tall_easy_harp_column_shows_its_backs_as_one_with_their_count():
    board = new_board("EH1-N-AAAAAAF")
    shown = []

    async def look(pilot):
        shown.append(screen_text(pilot.app))
    run(board, look, size=(80, 14))
    column_9 = [line[70:74] for line in shown[0].splitlines()[5:]]
    assert column_9[:2] == ["░ 8░", " T♣"]


def test_letters_instead_of_suit_symbols():
    shown = []

    async def look(pilot):
        await pilot.press("1", "2")
        shown.append(screen_text(pilot.app))
    run(new_board("SH1-C4-AAAAAJ2"), look, unicode=False)
    assert " 7C " in shown[0] and "♣" not in shown[0]
    assert "Refused 1>2: 2S cannot go on TS: a card goes only on the next higher card of its" \
        in shown[0]


# ------------------------------------------------------------------ whole games

def play_example(name: str, start: int) -> tuple:
    """Play a won example game from its action ``start``: the earlier ones
    pushed before the app opens, the rest as keys (every fourth action by
    the mouse: click the stock, click a card to its foundation, drag it
    elsewhere) and its last run of foundation moves with the finish key.
    The board and the screen at the end."""
    record = example(name)
    tokens = record.script.split()
    tail = 0
    while tokens[-1 - tail].endswith(">f"):
        tail += 1
    board = new_board(record.code)
    board.push_script(" ".join(tokens[:start]))
    seen = []

    async def play(pilot):
        for n, token in enumerate(tokens[start:-tail], start):
            if n % 4 == 3 and ":" not in token:
                await play_by_mouse(pilot, token)
            else:
                await press(pilot, keys_for(token))
        assert not board.is_won
        await press(pilot, ["F"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["S"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["escape"])
        await press(pilot, ["q"])
    run(board, play)
    assert board.is_won and board.moves == len(tokens)
    assert board.score == replay(record).score
    assert f"Won! Score {board.score} in {board.moves} moves." in seen[0].replace("\n", " ")
    assert "WON" in seen[0].splitlines()[0]
    key = "EH" if board.game == "EH" else "SH-C4"
    assert (f"{key:6} played 1, won 1 (100 %), best score {board.score}, streak 1 (best 1)"
            in seen[1])
    return board, seen[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["won-seahaven.txt", "won-easy-harp.txt"])
def test_a_whole_game_won_by_keys_mouse_and_finish(name, data_home):
    board, _ = play_example(name, 0)
    key = "EH" if board.game == "EH" else "SH-C4"
    assert stats_of(data_home) == {key: {"played": 1, "won": 1, "best_score": board.score,
                                         "streak": 1, "best_streak": 1}}


@pytest.mark.parametrize("name, start", [("won-seahaven.txt", 80), ("won-easy-harp.txt", 205)])
def test_the_end_of_a_game_won_by_keys_mouse_and_finish(name, start, data_home):
    board, _ = play_example(name, start)
    assert stats_of(data_home)["EH" if board.game == "EH" else "SH-C4"]["won"] == 1


# ------------------------------------------------------------------ actions

def test_a_refusal_is_one_line_citing_its_rule_and_the_panel_shows_that_rule():
    seen = []

    async def play(pilot):
        await press(pilot, ["1", "2"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["r"])
        seen.append(screen_text(pilot.app))
    run(new_board("SH1-C4-AAAAAJ2"), play, size=(120, 40))
    assert ("Refused 1>2: 2♠ cannot go on T♠: a card goes only on the next higher card of its "
            "own suit (RULES A2.3)") in seen[0]
    assert "The last refusal's rule:" in seen[1] and "A2.3 Moves" in seen[1]


def test_undo_takes_the_points_back_and_U_plays_the_undone_actions_again():
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f", "7", "2"])
        seen.append((board.score, board.moves))
        await press(pilot, ["u", "u"])
        seen.append((board.score, board.moves))
        await press(pilot, ["U"])
        seen.append((board.score, board.moves))
        await press(pilot, ["U"])
        seen.append((board.score, board.moves))
        await press(pilot, ["U"])
        seen.append(screen_text(pilot.app))
    run(board, play)
    # RULES B6: no redo. Each U is the undone action played anew, in the
    # order it was first played: counted, scored and recorded.
    assert seen[:4] == [(10, 2), (0, 2), (10, 3), (10, 4)]
    assert board.script() == "8>f 7>2 u u 8>f 7>2"
    assert "Nothing to play again" in seen[4]


def test_a_click_taps_a_double_click_uses_the_apps_order_and_a_drag_takes_back():
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        table = pilot.app.screen.query_one(TableView)
        await pilot.click(table, offset=spot(pilot.app, "8"))            # AC to its foundation
        # 2S: no foundation, no column: a double click puts it in a cell
        await pilot.click(table, offset=spot(pilot.app, "1"), times=2)
        await pilot.mouse_down(table, offset=spot(pilot.app, "f4"))      # AC back to cell d
        await pilot.mouse_up(table, offset=spot(pilot.app, "d"))
        await pilot.pause()
        seen.append(screen_text(pilot.app))
    run(board, play)
    assert board.script() == "t8 tt1 f4>d"
    assert board.cells[2:] == [parse_card("2S"), parse_card("AC")]
    assert board.score == 10                # a take-back earns nothing (RULES A2.7)


def test_a_group_move_goes_within_the_capacity_and_is_refused_beyond_it():
    record = example("seahaven-capacity.txt")
    board = new_board(record.code)
    board.push_script(record.script)
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "2"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["7", "0"])
    run(board, play, size=(100, 30))
    assert ("Refused 8>2: a run of 5 cards cannot move: 1 free cell and 2 empty columns allow "
            "at most 4 into an empty column (the destination does not count) (RULES A2.5)"
            ) in " ".join(seen[0].split())
    assert board.actions[-1] == board.parse_action("7>10") and len(board.columns[9]) == 10


def picked_under_the_top(board) -> str:
    """The screen after a click on column 1's second card from the top,
    then on column 2."""
    seen = []

    async def play(pilot):
        table = pilot.app.screen.query_one(TableView)
        x, y = spot(pilot.app, "1")
        await pilot.click(table, offset=(x, y - 1))
        await pilot.click(table, offset=spot(pilot.app, "2"))
        seen.append(screen_text(pilot.app))
    run(board, play)
    return seen[0]


def test_picking_a_card_under_the_top_moves_the_run_from_it_or_is_refused():
    board = easy_harp_board()           # the 8S under the 7H
    assert "Refused 2:1>2: 2 cards cannot move from column 1 to column 2: only the top card" \
        in " ".join(picked_under_the_top(board).split())


def test_picking_cards_that_are_no_run_is_refused_saying_where_the_run_breaks():
    board = new_board("SH1-C4-AAAAAJ2")     # the 7S under the 2S
    assert ("Refused 2:1>2: 7♠…2♠ on column 1 is not a run: 2♠ lies on 7♠, not on the next "
            "higher card of its suit (RULES A2.5)") in joined(picked_under_the_top(board))
    assert board.script() == ""


def easy_harp_board():
    from helpers import easy_harp
    return easy_harp(["8S 7H", "9H"], stock="2C 3C")


def test_draw_by_key_and_by_clicking_the_stock_then_redeal():
    board = easy_harp_board()

    async def play(pilot):
        await press(pilot, ["s"])
        await pilot.click(pilot.app.screen.query_one(TableView), offset=spot(pilot.app, "s"))
        await press(pilot, ["d"])
    run(board, play)
    assert board.script() == "d d d" and board.stock and not board.waste


def test_quick_clicks_are_one_action_each():
    """Clicks in quick succession (a chain) draw once each, and send one
    card up each; only a click after a refused tap makes a double tap."""
    from helpers import easy_harp
    board = easy_harp(["2C AC", "9H"], stock="5D 6D 7D")

    async def play(pilot):
        table = pilot.app.screen.query_one(TableView)
        await pilot.click(table, offset=spot(pilot.app, "s"), times=3)
        await pilot.click(table, offset=spot(pilot.app, "1"), times=2)
    run(board, play)
    assert board.script() == "d d d t1 t1"


def test_the_draw_key_in_seahaven_is_refused_naming_the_key_pressed():
    seen = []

    async def play(pilot):
        await press(pilot, ["s"])
        seen.append(screen_text(pilot.app))
    run(new_board("SH1-C4-AAAAAJ2"), play)
    assert ("Refused s (draw): Seahaven Towers has no stock to draw from (RULES A2.1)"
            in seen[0])


@pytest.mark.parametrize("code, keys, said", [
    ("SH1-C1-AAAAAJ2", ["c"],
     "Refused c: no cell 'c': Seahaven with 1 cell has only cell a (RULES A2.7)"),
    ("SH1-C2-AAAAAJ2", ["1", "d"],
     "Refused 1>d: no cell 'd': Seahaven with 2 cells has only cells a and b (RULES A2.7)"),
])
def test_the_key_of_a_cell_the_variant_has_not_is_refused_citing_its_rule(code, keys, said):
    board = new_board(code)
    seen = []

    async def play(pilot):
        await press(pilot, keys)
        seen.append(screen_text(pilot.app))
    run(board, play)
    assert said in joined(seen[0]) and board.script() == ""


def test_a_blocked_position_is_announced_as_the_line_game_announces_it():
    board = new_board("SH1-C1-AAAAAJ2")
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f"])      # AC up, 3D on top: no move left (RULES B10)
        seen.append(screen_text(pilot.app))
        await press(pilot, ["u"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["F"])
        seen.append(screen_text(pilot.app))
    run(board, play)
    blocked = "No move can change this position: undo (u) or quit (q)."
    assert blocked in seen[0] and blocked not in seen[1]
    assert f"Finish: 1 card to the foundations. {blocked}" in joined(seen[2])


def test_a_game_opened_blocked_says_so():
    board = new_board("SH1-C1-AAAAAJ2")
    board.push_script("8>f")
    seen = []

    async def look(pilot):
        seen.append(screen_text(pilot.app))
    run(board, look)
    assert "No move can change this position: undo (u) or quit (q)." in seen[0]


def test_finish_plays_what_can_go_up_as_ordinary_actions_and_then_says_nothing_can():
    board = new_board("EH1-N-AAAAAAF")
    seen = []

    async def play(pilot):
        await press(pilot, ["F"])
        await press(pilot, ["F"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["u"])
    run(board, play)
    assert board.script() == "1>f 2>f 2>f u" and board.score == 25   # AH, AS, 2S and a flip
    assert "No card can go to a foundation now." in seen[0]


def test_the_keys_screen_lists_every_key_and_docs_play_lists_them_too():
    seen = []

    async def play(pilot):
        await press(pilot, ["?"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["x"])
        seen.append(screen_text(pilot.app))
    run(new_board("EH1-N-AAAAAAF"), play, size=(120, 40))
    docs = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    for keys, what in KEYS:
        assert what in seen[0]
        assert f"| `{keys}` | {what} |" in docs
    assert "Any key closes this." not in seen[1]


def test_docs_and_readme_show_the_table_as_the_snapshot_test_captures_it():
    table = (SNAPSHOTS / "sh-80x24.txt").read_text(encoding="utf-8")
    assert table in (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    short = re.sub(r"\n\n+", "\n\n", table)       # the README leaves out the empty rows
    assert f"```\n{short}```" in (ROOT / "README.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------ searches in the background

async def until(pilot, done, seconds=60.0):
    """Let the app run until ``done()`` (a search's answer arrives from its process)."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    raise AssertionError("timed out")


def test_a_hint_comes_from_a_child_process_and_shows_on_the_table():
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        await press(pilot, ["h"])
        game = pilot.app.game
        assert game.search is not None and game.search._process.pid != os.getpid()
        assert "Searching (hint)... Esc stops it." in screen_text(pilot.app)
        await until(pilot, lambda: game.search is None)
        seen.append(screen_text(pilot.app))
        seen.append(game.hinted)
    run(board, play)
    first = seen[0].split("Hint: ", 1)[1].split()[0]
    assert board.is_legal(first)                     # the first action of a winning line
    assert seen[1] and seen[1][0] == board.parse_action(first).src
    assert f"*{seen[0].split('*')[1]}*" in seen[0]   # its card marked on the table


def test_a_won_game_has_no_hint_and_needs_no_search():
    """A search from a won position would report a limit it never met."""
    board = replay(next(records_in(str(ROOT / "examples" / "won-seahaven.txt")))[1])
    assert board.is_won
    seen = []

    async def play(pilot):
        for key in ("h", "i"):
            await press(pilot, [key])
            assert pilot.app.game.search is None
            seen.append(screen_text(pilot.app))
    run(board, play)
    assert "The game is won: there is nothing to hint." in seen[0]
    assert "The game is won." in seen[1] and "unknown" not in seen[1]


def searched(code: str, key: str, script: str = "") -> str:
    """The screen once the search that ``key`` (h, i) starts on deal
    ``code`` (after ``script``) has answered."""
    board = new_board(code)
    board.push_script(script)
    seen = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, [key])
        await until(pilot, lambda: game.search is None)
        await pilot.pause()             # the message line laid out for the answer
        seen.append(screen_text(pilot.app))
    run(board, play)
    return seen[0]


@pytest.mark.parametrize("key, script, said", [
    # SH1-C1-AAAA4YX cannot be won: at its start there is nothing to undo.
    ("h", "", "Lost: no line of play wins from here (RULES C8), and there is nothing to undo: "
              "n starts a new game."),
    ("i", "", "Still winnable: no, lost: no line of play wins from here (RULES C8), and there "
              "is nothing to undo: n starts a new game."),
    ("h", "4>f", "Lost: no line of play wins from here (RULES C8); undo (u) to an earlier "
                 "position."),
])
def test_a_lost_position_says_whether_undo_can_go_back(key, script, said):
    assert said in joined(searched("SH1-C1-AAAA4YX", key, script))


@pytest.mark.parametrize("key, said", [("h", "(a winning line of 1 action from here)"),
                                       ("i", "the solver won from here in 1 action.")])
def test_one_action_to_a_win_is_one_action(key, said):
    record = example("won-seahaven.txt")
    script = " ".join(record.script.split()[:-1])
    assert said in joined(searched(record.code, key, script))


@pytest.mark.parametrize("key, child, said", [
    ("h", "import sys; print('Traceback (most recent call last):', file=sys.stderr); "
          "print(\"ModuleNotFoundError: No module named 'harp'\", file=sys.stderr); sys.exit(1)",
     "Hint failed: the search process ended without an answer (exit code 1): "
     "ModuleNotFoundError: No module named 'harp'"),
    ("i", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)",
     "Winnable check failed: the search process ended without an answer (killed by signal 9)"),
    ("h", "print('not an answer')",
     "Hint failed: the search process gave an answer that cannot be read"),
])
def test_a_failed_search_says_so_on_the_message_line(monkeypatch, key, child, said):
    from harp.cli.tui import background
    monkeypatch.setattr(background, "child_command", lambda: [sys.executable, "-c", child],
                        raising=False)
    seen = [searched("SH1-C4-AAAAAJ2", key)]
    assert said in " ".join(seen[0].split())


def test_a_search_that_cannot_start_says_so(monkeypatch, tmp_path):
    from harp.cli.tui import background
    monkeypatch.setattr(background, "child_command", lambda: [str(tmp_path / "no-python")],
                        raising=False)
    seen = [searched("SH1-C4-AAAAAJ2", "h")]
    assert ("Hint failed: the search process could not start (No such file or directory)"
            in " ".join(seen[0].split()))


def test_a_search_started_beside_another_harp_folder_uses_the_running_harp(monkeypatch,
                                                                           tmp_path):
    """In harp's source checkout a harp/ folder (the engine alone) sits in the
    player's folder; the search's process must not import it instead of the
    harp that runs the game (here: a harp/ there that cannot be imported)."""
    (tmp_path / "harp").mkdir()
    (tmp_path / "harp" / "__init__.py").write_text("raise ImportError('the wrong harp')\n")
    monkeypatch.chdir(tmp_path)
    seen = [searched("SH1-C4-AAAAAJ2", "h")]
    assert "Hint: " in seen[0] and "failed" not in seen[0]


def test_keys_are_answered_while_the_solver_searches_and_esc_stops_it():
    board = new_board("EH1-N-AAAGKVH")       # deal 207527: minutes of the sound search
    seen = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, ["i"])
        search = game.search
        await pilot.pause(1.0)
        # The cursor moves, a dialog opens and closes.
        for key in ["right", "right", "?", "x", "left"]:
            await press(pilot, [key])
        seen.append(game.session.places[game.cursor])
        seen.append((search._process.poll() is None))
        await press(pilot, ["escape"])
        search._process.wait(5)
        seen.append((search._process.poll() is None))
        seen.append(screen_text(pilot.app))
    run(board, play)
    assert seen[:3] == ["2", True, False]
    assert "Search stopped." in seen[3]


def test_an_action_stops_a_search_of_the_position_it_left():
    board = new_board("EH1-N-AAAGKVH")
    seen = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, ["h"])
        search = game.search
        await press(pilot, ["s"])
        search._process.wait(5)
        seen.append((game.search, (search._process.poll() is None)))
    run(board, play)
    assert seen == [(None, False)] and board.script() == "d"


# ------------------------------------------------------------------ games and files

def test_saving_with_ctrl_s_then_again_updates_the_record_and_quitting_asks_first(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f"])
        await press(pilot, ["ctrl+s"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["enter"])
        await press(pilot, ["7", "2"])
        await press(pilot, ["ctrl+s"])
        await press(pilot, ["enter"])
        await press(pilot, ["1", "1"])
        await press(pilot, ["q"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["y"])
        await press(pilot, ["enter"])
    goodbye = run(board, play)
    assert "Save this game as a record (.txt, .jsonl or .csv):" in seen[0]
    assert "SH1-C4-AAAAAJ2.txt" in seen[0]
    assert "Save this game as a record?" in seen[1]
    assert (tmp_path / "SH1-C4-AAAAAJ2.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n7>2\ntt1\n"
    assert goodbye[0] == ("Updated the game's record in SH1-C4-AAAAAJ2.txt: replay it with: "
                          "harp replay SH1-C4-AAAAAJ2.txt")
    assert goodbye[1].startswith("Your SH-C4 games: played 1, won 0 (0 %), best score 10")


def test_a_failed_save_says_why_and_asks_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f", "ctrl+s"])
        await pilot.press("ctrl+u", *"nowhere/game.txt", "enter")
        seen.append(screen_text(pilot.app))
        await press(pilot, ["escape"])
        await press(pilot, ["q"])
        await press(pilot, ["n"])
    run(new_board("SH1-C4-AAAAAJ2"), play)
    assert "Not saved: cannot open nowhere/game.txt: no such folder" in seen[0]
    assert list(tmp_path.iterdir()) == [tmp_path / "data"]


@pytest.mark.slow
def test_open_resumes_a_record_and_new_game_offers_same_random_daily_and_a_code(tmp_path):
    (tmp_path / "game.txt").write_text("EH1-N-AAAAAAF 1>f d\n")
    boards = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, ["o"])
        await pilot.press(*str(tmp_path / "game.txt"), "enter")
        boards.append(game.session.board.script())
        await press(pilot, ["n"])
        await press(pilot, ["s"])
        boards.append((str(game.session.board.code), game.session.board.moves))
        await press(pilot, ["n"])
        await press(pilot, ["g", "g", "r"])
        boards.append(str(game.session.board.code))
        await press(pilot, ["n"])
        await press(pilot, ["d"])
        boards.append(str(game.session.board.code))
        await press(pilot, ["n"])
        await press(pilot, ["c"])
        await pilot.press(*"sh1-c1-aaaaaj2", "enter")
        boards.append(str(game.session.board.code))
    run(new_board("SH1-C4-AAAAAJ2"), play)
    from harp.deals import daily_code
    assert boards[0] == "1>f d" and boards[1] == ("EH1-N-AAAAAAF", 0)
    assert boards[2].startswith("SH1-C2-")
    assert boards[3] == str(daily_code("SH", None, 2))
    assert boards[4] == "SH1-C1-AAAAAJ2"


def test_beside_the_rule_book_the_table_closes_up_without_overlapping():
    board = new_board("EH1-N-AAAAAAF")
    board.push_script("1>f d d d")
    seen = []

    async def look(pilot):
        await press(pilot, ["r"])
        seen.append(screen_text(pilot.app))
    run(board, look)
    lines = seen[0].splitlines()
    assert lines[1].startswith("░░░░  Q♥     -♠  -♠  A♥  -♥  -♦  -♦  -♣  -♣  │")
    assert lines[2].startswith(" 56   w3     f1  f2  f3  f4  f5  f6  f7  f8  │")


def joined(screen: str) -> str:
    """A screen's text as one line, its rows joined by spaces."""
    return " ".join(screen.split())


@pytest.mark.parametrize("code, size, said", [
    ("SH1-C4-AAAAAJ2", (40, 15), "Window too small: 49×8 needed, this is 40×15."),
    ("EH1-N-AAAAAAF", (40, 15), "Window too small: 44×8 needed, this is 40×15."),
    ("SH1-C4-AAAAAJ2", (20, 8), "Window too small: 49×8 needed, this is 20×8."),
    ("SH1-C4-AAAAAJ2", (80, 7), "Window too small: 49×8 needed, this is 80×7."),
])
def test_a_window_too_small_for_the_table_says_so_and_the_game_goes_on_enlarged(code, size,
                                                                                said):
    """No key plays while the notice stands in the table's place: the
    game goes on when the window is enlarged."""
    board = new_board(code)
    seen = []

    async def play(pilot):
        seen.append(screen_text(pilot.app))
        await press(pilot, ["1", "f", "s", "u", "enter"])   # not played blind
        scripts.append(board.script())
        await pilot.resize_terminal(80, 24)
        seen.append(screen_text(pilot.app))
        await press(pilot, ["1", "f"])
    scripts = []
    run(board, play, size=size)
    assert scripts == [""]
    assert f"{said} Enlarge it to play on; q quits." in joined(seen[0])
    assert "A♥" not in seen[0] and "f1" not in seen[0]
    assert "Window too small" not in seen[1]
    assert ("A♥" if code.startswith("EH") else "7♣") in seen[1] and "f4" in seen[1]
    assert board.script() == ("1>f" if code.startswith("EH") else "")


def test_in_the_lowest_window_a_long_message_is_cut_and_the_table_stays():
    """At the height the notice names, a message that wraps (a pick, a
    refusal citing its rule) takes only the rows the table can spare."""
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        for keys in (["1"], ["2"], ["8"], ["f"]):
            await press(pilot, keys)
            seen.append(screen_text(pilot.app))
    run(board, play, size=(49, 8))
    assert not any("Window too small" in screen for screen in seen)
    assert "Refused 1>2" in seen[1]
    assert board.script() == "8>f"


def test_a_column_too_long_for_the_height_shows_its_top_cards_under_the_count_not_shown():
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        seen.append(screen_text(pilot.app))
        await press(pilot, ["8", "f"])
        seen.append(screen_text(pilot.app))
    run(board, play, size=(80, 9))
    rows = seen[0].splitlines()[4:7]
    # Five cards a column, room for three rows: 3 not shown, then the top two.
    assert rows[0].split() == ["+3"] * 10
    assert rows[1].split() == "7♠ K♥ A♦ 8♣ A♥ 3♣ 6♥ 3♦ J♥ K♠".split()
    assert rows[2].split() == "2♠ T♠ 9♣ K♦ 2♥ 4♥ 9♠ A♣ T♦ 8♦".split()
    assert seen[1].splitlines()[1].endswith("A♣")          # AC went to its foundation
    assert [line.split()[7] for line in seen[1].splitlines()[4:7]] == ["+2", "8♠", "3♦"]


@pytest.mark.parametrize("code, width, status, keys", [
    ("EH1-N-AAAAAAF", 80, " Easy Harp  EH1-N-AAAAAAF  Score 10  Moves 1  0:00",
     "1-9 w f pick/put  Enter tap  s draw  u undo  F finish  h hint  ? keys  q quit"),
    ("EH1-N-AAAAAAF", 44, " EH1-N-AAAAAAF  Score 10  Moves 1  0:00",
     "1-9 w f pick/put  s draw  ? keys  q quit"),
    ("SH1-C4-AAAAAJ2", 60, " SH1-C4-AAAAAJ2  Score 10  Moves 1  0:00",
     "1-9 0 a-d f pick/put  u undo  h hint  ? keys  q quit"),
    ("SH1-C2-AAAAAJ2", 49, " SH1-C2-AAAAAJ2  Score 10  Moves 1  0:00",
     "1-9 0 a-d f pick/put  u undo  ? keys  q quit"),
])
def test_a_narrow_window_keeps_the_clock_and_the_keys_and_quit_keys_in_view(code, width,
                                                                            status, keys):
    """Down to the table's own width, the status line keeps the code,
    score and clock and the footer names ``?`` and ``q`` (it drops the
    others, least needed first); a resize fits them again."""
    board = new_board(code)
    seen = []

    async def play(pilot):
        await press(pilot, ["1", "f"] if code.startswith("EH") else ["8", "f"])
        await pilot.resize_terminal(width, 24)
        await pilot.pause()
        seen.append(screen_text(pilot.app).splitlines())
    run(board, play, size=(120, 30))
    assert seen[0][0] == status
    assert seen[0][-1] == keys


def test_at_80x24_the_rule_book_and_the_keys_show_every_line_whole():
    from harp.rulebook import rule_book
    seen = []

    async def look(pilot):
        await press(pilot, ["r"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["r", "?"])
        seen.append(screen_text(pilot.app))
    run(new_board("SH1-C4-AAAAAJ2"), look)
    lines = seen[0].splitlines()
    assert "7♣" in lines[5] and lines[5].index("│") > lines[5].index("5♥")   # beside the table
    panel = joined("\n".join(line.split("│", 1)[1] for line in lines if "│" in line))
    book = joined(rule_book().text.replace("`", ""))
    assert panel.startswith("harp — the rules of Easy Harp and Seahaven Towers This is harp's")
    shown = panel[panel.index("This is harp's"):]
    assert len(shown) > 300 and book[book.index("This is harp's"):].startswith(shown)
    for keys, what in KEYS:
        assert what in seen[1]
    assert "…" not in seen[1] and "Any key closes this." in seen[1]


def test_on_a_screen_too_narrow_for_both_the_rule_book_covers_the_table_until_closed():
    seen = []

    async def look(pilot):
        await press(pilot, ["r"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["escape"])
        seen.append(screen_text(pilot.app))
        await press(pilot, ["r", "8", "f"])          # covered: the keys do not play
        scripts.append(board.script())
        await press(pilot, ["escape"])
        await press(pilot, ["8", "f"])
        scripts.append(board.script())
    scripts = []
    board = new_board("SH1-C4-AAAAAJ2")
    run(board, look, size=(60, 24))
    assert scripts == ["", "8>f"]
    assert "7♣" not in seen[0]
    assert ("This is harp's own rule book. Part A gives the rules of the two games"
            in joined(seen[0].replace("│", " ")))
    assert "7♣" in seen[1] and "│" not in seen[1]


def test_with_letters_for_suits_the_rule_book_names_cards_in_letters_too():
    seen = []

    async def look(pilot):
        await press(pilot, ["1", "2", "r"])
        seen.append(joined(screen_text(pilot.app).replace("│", " ")))
    run(new_board("SH1-C4-AAAAAJ2"), look, size=(100, 30), unicode=False)
    assert "2S cannot go on TS" in seen[0] and "7H goes only on 8H" in seen[0]
    assert not any(symbol in seen[0] for symbol in "♠♥♦♣")


@pytest.mark.parametrize("size", [(80, 24), (60, 24)])
def test_the_rule_book_scrolls_by_keys(size):
    """PgDn, PgUp, Home and End scroll the rule book; the arrows too while
    it covers the table (in a narrow window), else they move the cursor."""
    seen = []

    async def look(pilot):
        panel = pilot.app.screen.query_one("#rules")
        await press(pilot, ["r"])
        for keys in (["pagedown"], ["pagedown"], ["pageup"], ["end"], ["home"], ["down"]):
            await press(pilot, keys)
            seen.append(panel.scroll_y)
    run(new_board("SH1-C4-AAAAAJ2"), look, size=size)
    page = seen[0]
    assert page > 10 and seen[1] == 2 * page and seen[2] == page and seen[3] > 4 * page
    assert seen[4] == 0 and seen[5] == (1 if size[0] == 60 else 0)


def test_new_game_and_open_offer_to_save_as_quitting_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = new_board("SH1-C4-AAAAAJ2")
    seen = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, ["8", "f", "n"])
        seen.append(dialog_text(screen_text(pilot.app)))
        await press(pilot, ["escape"])                  # back to the game, as it was
        seen.append(game.session.board.script())
        await press(pilot, ["n"])
        await press(pilot, ["y"])
        await press(pilot, ["enter"])                   # saved: then the new game's choices
        seen.append(dialog_text(screen_text(pilot.app)))
        await press(pilot, ["s"])
        seen.append(game.session.board.script())
        await press(pilot, ["7", "2", "o"])
        seen.append(dialog_text(screen_text(pilot.app)))
        await press(pilot, ["n"])                       # not saved: open a record
        await pilot.press(*"SH1-C4-AAAAAJ2.txt", "enter")
        seen.append(game.session.board.script())
        await press(pilot, ["q"])                       # nothing new to save: no question
    goodbye = run(board, play)
    assert seen[0] == ("Save this game as a record? y  yes, then choose a new game "
                       "n  no, choose a new game Esc  back to the game")
    assert seen[1] == "8>f"
    assert seen[2].startswith("New game: Seahaven Towers, 4 cells")
    assert seen[3] == ""
    assert seen[4] == ("Save this game as a record? y  yes, then open a record "
                       "n  no, open a record Esc  back to the game")
    assert seen[5] == "8>f"
    assert (tmp_path / "SH1-C4-AAAAAJ2.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n"
    assert goodbye == []


def test_opening_a_file_that_is_no_record_names_the_file_and_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("```sh\nharp play\n```\n")
    seen = []

    async def play(pilot):
        await press(pilot, ["o"])
        await pilot.press(*"README.md", "enter")
        seen.append(dialog_text(screen_text(pilot.app)))
    run(new_board("SH1-C4-AAAAAJ2"), play, size=(100, 30))
    assert seen[0].endswith("README.md: line 1: invalid deal code '```sh': expected "
                            "GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF")


def test_a_long_message_in_a_dialog_wraps_whole(tmp_path, monkeypatch, data_home):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("```sh\nharp play\n```\n")
    (data_home / "harp").mkdir(parents=True)
    (data_home / "harp" / "stats.json").write_text('{"version": 1, "games": []}')
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f", "ctrl+s"])
        await pilot.press("ctrl+u", *"README.md", "enter")
        seen.append(dialog_text(screen_text(pilot.app)))
        for key in ["escape", "n", "n", "c"]:
            await press(pilot, [key])
        await pilot.press(*"sh1-c4-aaaa0j2", "enter")
        seen.append(dialog_text(screen_text(pilot.app)))
        await press(pilot, ["escape"])
        await press(pilot, ["S"])
        seen.append(dialog_text(screen_text(pilot.app)))
    run(new_board("SH1-C4-AAAAAJ2"), play, size=(100, 30))
    assert seen[0].endswith("Not saved: cannot add to README.md: line 1: '```sh' is not a deal "
                            "code; records are added only to a file of records (RULES B8)")
    assert seen[1].endswith("invalid deal code 'sh1-c4-aaaa0j2': payload 'aaaa0j2' has the "
                            "character '0', not in A-Z 2-7 (RULES B1)")
    assert (f"the statistics file {data_home / 'harp' / 'stats.json'} is damaged (it has no "
            '"games" table); it is left as it is: move it away to start new statistics '
            "Any key closes this.") in seen[2]


def test_opening_a_named_pipe_is_refused_before_reading_it(tmp_path, monkeypatch):
    """Reading a pipe would wait for a writer, and the game would stop
    answering; were it read, a writer after 5 s lets the test end."""
    import threading
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "pipe")

    def unblock():
        try:
            os.close(os.open(tmp_path / "pipe", os.O_WRONLY | os.O_NONBLOCK))
        except OSError:             # no reader: nothing waits
            pass
    timer = threading.Timer(5.0, unblock)
    timer.daemon = True
    timer.start()
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f", "o"])
        await press(pilot, ["n"])
        await pilot.press(*"pipe", "enter")
        seen.append(dialog_text(screen_text(pilot.app)))
        await press(pilot, ["escape"])
        await press(pilot, ["7", "2"])
    board = new_board("SH1-C4-AAAAAJ2")
    run(board, play, size=(100, 30))
    timer.cancel()
    assert seen[0].endswith("cannot open pipe: not a regular file")
    assert board.script() == "8>f 7>2"


@pytest.mark.parametrize("start, keys, number, code", [
    ("EH1-N-AAAAAAF", ["g"], "314", "SH1-C4-AAAAAJ2"),            # the game chosen: g
    ("SH1-C4-AAAAAJ2", ["g", "g"], "314", "SH1-C1-AAAAAJ2"),
    ("SH1-C4-AAAAAJ2", ["g", "g", "g"], "5", "EH1-N-AAAAAAF"),
    ("SH1-C2-AAAAAJ2", [], " 0314 ", "SH1-C2-AAAAAJ2"),
])
def test_new_game_takes_a_deal_number_of_the_game_chosen(start, keys, number, code):
    seen = []

    async def play(pilot):
        await press(pilot, ["n"])
        await press(pilot, [*keys, "c"])
        await pilot.pause()
        seen.append(dialog_text(screen_text(pilot.app)))
        await pilot.press(*number, "enter")
        seen.append(str(pilot.app.game.session.board.code))
    run(new_board(start), play)
    assert seen[1] == code
    assert seen[0].startswith("Deal code (e.g. EH1-N-AAAAAAF), or a deal number of ")


@pytest.mark.parametrize("start, keys, code", [
    ("SH1-C4-AAAAAJ2", ["g"], "SH1-C2-AAAAAJ2"),
    ("SH1-C4-AAAAAJ2", ["g", "g", "g"], "EH1-N-AAAAAJ2"),
    ("EH1-N-AAAAAAF", ["g", "g"], "SH1-C2-AAAAAAF"),
    ("SH1-C2-AAAAAJ2", [], "SH1-C2-AAAAAJ2"),
])
def test_the_same_deal_again_is_the_same_deal_number_in_the_game_chosen(start, keys, code):
    seen = []

    async def play(pilot):
        await press(pilot, ["n"])
        await press(pilot, [*keys, "s"])
        seen.append(str(pilot.app.game.session.board.code))
    run(new_board(start), play)
    assert seen == [code]


# ------------------------------------------------------------------ keys that come together

@pytest.mark.parametrize("opening, burst", [
    (["?"], ["x", "x", "x"]), (["?"], ["x", "x"]), (["S"], ["x", "x", "x"]),
    (["n"], ["r", "r"]), (["n"], ["s", "s", "s"]), (["n"], ["escape", "escape"]),
])
def test_keys_that_come_together_answer_a_dialog_once(opening, burst):
    seen = []

    async def play(pilot):
        app = pilot.app
        await press(pilot, opening)
        await press(pilot, burst)
        seen.append(app.screen is app.game)
        await press(pilot, ["?"])                       # the game answers keys again
        seen.append(type(app.screen).__name__)
        await press(pilot, ["escape"])
        await press(pilot, ["q"])
    goodbye = run(new_board("SH1-C4-AAAAAJ2"), play)
    assert seen == [True, "KeysScreen"]
    assert goodbye == []


def test_enter_twice_on_the_save_dialog_saves_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f", "ctrl+s"])
        await press(pilot, ["enter", "enter"])
        seen.append(pilot.app.screen is pilot.app.game)
        await press(pilot, ["q"])                       # saved: no question
    goodbye = run(new_board("SH1-C4-AAAAAJ2"), play)
    assert seen == [True]
    assert goodbye[0] == ("Saved to SH1-C4-AAAAAJ2.txt: replay it with: harp replay "
                          "SH1-C4-AAAAAJ2.txt")
    assert (tmp_path / "SH1-C4-AAAAAJ2.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n"


@pytest.mark.parametrize("burst", [["n", "u"], ["q", "n"], ["q", "?"], ["o", "1", "1"]])
def test_keys_that_come_with_a_dialog_act_neither_behind_it_nor_open_another(burst):
    seen = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, ["8", "f"])
        await press(pilot, burst)
        seen.append(dialog_text(screen_text(pilot.app)))
        seen.append(len(pilot.app.screen_stack))
        await press(pilot, ["escape"])
        seen.append(game.session.board.script())
        seen.append(pilot.app.screen is game)
    run(new_board("SH1-C4-AAAAAJ2"), play)
    assert seen[0].startswith("Save this game as a record? y  yes, then ")
    assert seen[1:] == [3, "8>f", True]        # the default screen, the game, one dialog


def test_a_deal_number_out_of_range_is_refused_in_the_dialog():
    seen = []

    async def play(pilot):
        await press(pilot, ["n"])
        await press(pilot, ["c"])
        await pilot.press(*"0", "enter")
        seen.append(dialog_text(screen_text(pilot.app)))
    board = new_board("SH1-C4-AAAAAJ2")
    run(board, play, size=(100, 30))
    assert seen[0].endswith("deal number 0 is out of range 1-999999")


def test_a_save_name_starting_with_a_tilde_is_in_the_home_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    seen = []

    async def play(pilot):
        await press(pilot, ["8", "f", "ctrl+s"])
        await pilot.press("ctrl+u", *"~/g1.txt", "enter")
        seen.append(screen_text(pilot.app))
    run(new_board("SH1-C4-AAAAAJ2"), play, size=(120, 30))
    saved = tmp_path / "home" / "g1.txt"
    assert saved.read_text() == "SH1-C4-AAAAAJ2 8>f\n"
    assert (f"Saved to {saved}: replay it with: harp replay {saved}"
            in " ".join(seen[0].split()))
    assert not (tmp_path / "~").exists()


def test_enter_on_an_empty_name_cancels_as_esc_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seen = []

    async def play(pilot):
        game = pilot.app.game
        await press(pilot, ["8", "f", "ctrl+s"])
        seen.append(dialog_text(screen_text(pilot.app)))
        await pilot.press("ctrl+u", "enter")
        seen.append(pilot.app.screen is game)
        await press(pilot, ["q"])
        await press(pilot, ["y"])                       # yes, then quit: no name, no quit
        await pilot.press("ctrl+u", "enter")
        seen.append(pilot.app.screen is game)
        await press(pilot, ["q"])
        await press(pilot, ["n"])
    goodbye = run(new_board("SH1-C4-AAAAAJ2"), play)
    assert "Enter: confirm (empty: cancel)   Esc: cancel" in seen[0]
    assert seen[1:] == [True, True]
    assert list(tmp_path.iterdir()) == [tmp_path / "data"]
    assert goodbye[0].startswith("Your SH-C4 games: played 1")


# ------------------------------------------------------------------ statistics

def resumed_game(tmp_path, script="8>f 7>2"):
    from harp.cli.saving import Resumed
    from harp.recordfile import load_one_record
    path = tmp_path / "saved.jsonl"
    path.write_text(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": script}) + "\n")
    record = load_one_record(str(path))
    board = new_board(record.code)
    board.push_script(record.script)
    return board, Resumed(str(path), record)


def test_a_resumed_game_left_without_an_action_is_not_played_again(tmp_path, data_home):
    stats_file = data_home / "harp" / "stats.json"
    stats_file.parent.mkdir(parents=True)
    before = json.dumps({"version": 1, "games": {"SH-C4": {
        "played": 3, "won": 2, "best_score": 600, "streak": 2, "best_streak": 2}}}, indent=1)
    stats_file.write_text(before + "\n")
    board, resumed = resumed_game(tmp_path)

    async def quit_at_once(pilot):
        await press(pilot, ["q"])
    assert run(board, quit_at_once, resumed=resumed) == []
    board, resumed = resumed_game(tmp_path)

    async def open_another(pilot):
        for key in ["n", "s", "q"]:
            await press(pilot, [key])
    assert run(board, open_another, resumed=resumed) == []
    assert stats_file.read_text() == before + "\n"


def test_a_resumed_game_played_on_counts_once_in_this_session(tmp_path, data_home):
    board, resumed = resumed_game(tmp_path)

    async def play_on(pilot):
        await press(pilot, ["1", "1", "q"])
        await press(pilot, ["n"])
    goodbye = run(board, play_on, resumed=resumed)
    assert goodbye == ["Your SH-C4 games: played 1, won 0 (0 %), best score 10, "
                       "streak 0 (best 0)"]
    assert stats_of(data_home)["SH-C4"]["played"] == 1


# ------------------------------------------------------------------ the terminal

class _Stream:
    def __init__(self, tty: bool, encoding: str = "utf-8") -> None:
        self.tty, self.encoding = tty, encoding
        self.written: list[str] = []

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> int:
        self.written.append(text)
        return len(text)


@pytest.mark.parametrize("stdin, stdout, stderr, wanted", [
    (True, True, True, True),
    (True, True, False, False),         # 2>log: the screen would be drawn in the file
    (True, False, True, False),
    (False, True, True, False),
])
def test_the_full_screen_game_needs_all_three_streams_on_a_terminal(monkeypatch, stdin,
                                                                    stdout, stderr, wanted):
    from harp.cli.tui import can_draw_screen
    monkeypatch.setattr(sys, "stdin", _Stream(stdin))
    monkeypatch.setattr(sys, "stdout", _Stream(stdout))
    monkeypatch.setattr(sys, "__stderr__", _Stream(stderr))
    assert can_draw_screen({"TERM": "xterm"}) is wanted


def test_the_screen_stream_writes_what_its_encoding_shows_and_survives_a_gone_terminal():
    from harp.cli.tui.screenout import ScreenStream
    ascii_ = _Stream(True, "ascii")
    ScreenStream(ascii_).write("\x1b[1m╭──╮│•…×ï♠\x1b[0m")
    assert ascii_.written == ["\x1b[1m+--+|*.x?S\x1b[0m"]
    utf8 = _Stream(True, "utf-8")
    ScreenStream(utf8).write("╭─╮")
    assert utf8.written == ["╭─╮"]

    class Gone(_Stream):
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")
    screen = ScreenStream(Gone(True))
    screen.write("x")               # dropped: nobody can see it any more
    screen.flush()
    assert screen.gone
