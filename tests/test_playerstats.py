"""The player's statistics file (harp.cli.playerstats): counted as the apps
count, written whole or not at all, a damaged file reported and kept."""
from __future__ import annotations

import json
import os

import pytest

from harp import new_board
from harp.cli import playerstats as stats


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "harp" / "stats.json"


def won_board(score: int):
    board = new_board("SH1-C2-AAAAAJ2")
    board.score = score
    return board


def test_the_file_is_under_xdg_data_home(path, monkeypatch):
    assert stats.stats_path() == path
    monkeypatch.delenv("XDG_DATA_HOME")
    assert stats.stats_path() == stats.Path(os.path.expanduser("~/.local/share/harp/stats.json"))


def test_played_won_best_score_and_streaks_per_game_and_cells(path):
    for won, score in [(True, 500), (True, 520), (False, 90), (True, 510)]:
        tally = stats.record_game(won_board(score), won)
    assert tally.line() == "played 4, won 3 (75 %), best score 520, streak 1 (best 2)"
    stats.record_game(new_board("EH1-N-AAAAAAF"), False)
    data = json.loads(path.read_text())
    assert data == {"version": 1, "games": {
        "EH": {"played": 1, "won": 0, "best_score": 0, "streak": 0, "best_streak": 0},
        "SH-C2": {"played": 4, "won": 3, "best_score": 520, "streak": 1, "best_streak": 2}}}


@pytest.mark.parametrize("text", ["{not json", '{"games": []}', '{"games": {"EH": {"played": -1}}}',
                                  '{"games": {"EH": {"played": 1, "won": "1", "best_score": 0, '
                                  '"streak": 0, "best_streak": 0}}}', "\xff\xfe"])
def test_a_damaged_file_is_reported_and_left_as_it_is(path, text):
    path.parent.mkdir(parents=True)
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(stats.StatsError, match=r"statistics file .* (is damaged|cannot be read)"):
        stats.record_game(won_board(10), True)
    assert path.read_bytes() == text.encode("latin-1")
    assert sorted(os.listdir(path.parent)) == ["stats.json"]


COUNTS = '"played": 3, "won": 2, "best_score": 500, "streak": 1, "best_streak": 2'


@pytest.mark.parametrize("text, what", [
    ("{not json", "it is not JSON at line 1, column 2"),
    ("[" * 100_000, "it is not JSON"),
    ("[1, 2]", "it is not a table of statistics"),
    ('{"games": {}}', "it has no version number"),
    ('{"version": "1", "games": {}}', 'version "1" is not one harp writes'),
    ('{"version": 1, "games": []}', 'it has no "games" table'),
    ('{"version": 1, "games": {"EH": []}}', '"EH" is not a table of counts'),
    # JSON leaves a C1 control (\x9b: a terminal's CSI) unescaped; the message does not
    ('{"version": 1, "games": {"E\\u009b": []}}', '"E\\x9b" is not a table of counts'),
    ('{"version": 1, "games": {"EH": {"played": 1}}}', '"EH" has no "won" count'),
    ('{"version": 1, "games": {"EH": {%s, "won": "2"}}}' % COUNTS,
     '"EH": "won" is "2", not a count'),
    ('{"version": 1, "games": {"EH": {%s, "won": 4}}}' % COUNTS,
     '"EH": won 4 is more than played 3'),
    ('{"version": 1, "games": {"EH": {%s, "streak": 3}}}' % COUNTS,
     '"EH": streak 3 is more than best streak 2'),
    (b"\xff\xfe", "it is not UTF-8 text"),
])
def test_a_damaged_file_is_named_with_what_is_wrong_in_the_players_words(path, text, what):
    path.parent.mkdir(parents=True)
    data = text if isinstance(text, bytes) else text.encode()
    path.write_bytes(data)
    with pytest.raises(stats.StatsError) as caught:
        stats.record_game(won_board(10), True)
    assert str(caught.value) == (f"the statistics file {path} is damaged ({what}); it is left "
                                 "as it is: move it away to start new statistics")
    assert path.read_bytes() == data


def test_a_data_folder_with_a_line_break_or_an_escape_is_named_escaped(tmp_path, monkeypatch):
    folder = tmp_path / "da\nta\x1b[7m"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    (folder / "harp").mkdir(parents=True)
    shown = f"the statistics file {tmp_path}/da\\nta\\x1b[7m/harp/stats.json"
    for text, message in [
            ("{not json", f"{shown} is damaged (it is not JSON at line 1, column 2); it is "
             "left as it is: move it away to start new statistics"),
            ('{"version": 2, "games": {}}', f"{shown} was written by a newer harp (version 2; "
             "this one writes version 1); it is left as it is")]:
        (folder / "harp" / "stats.json").write_text(text)
        with pytest.raises(stats.StatsError) as caught:
            stats.record_game(won_board(10), True)
        assert str(caught.value) == message


def test_a_file_of_a_newer_harp_is_left_as_it_is(path):
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 2, "games": {}}')
    with pytest.raises(stats.StatsError) as caught:
        stats.record_game(won_board(10), True)
    assert str(caught.value) == (f"the statistics file {path} was written by a newer harp "
                                 "(version 2; this one writes version 1); it is left as it is")
    assert path.read_text() == '{"version": 2, "games": {}}'
    assert sorted(os.listdir(path.parent)) == ["stats.json"]


def test_a_crash_while_writing_leaves_the_old_file_whole(path, monkeypatch):
    stats.record_game(won_board(10), True)
    before = path.read_text()

    def crash(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        stats.record_game(won_board(20), True)
    assert path.read_text() == before
    assert sorted(os.listdir(path.parent)) == ["stats.json"]     # no temporary file left


def test_the_game_reports_a_damaged_file_on_the_message_line(path):
    import asyncio

    from harp.cli.tui.app import HarpApp
    from tui_driver import press
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    board = new_board("SH1-C4-AAAAAJ2")
    board.push_script("8>f 7>2 7>c 1>7 b>1 8>b 1>8 5>d 5>f d>f 5>f 7>f 7>f 7>1 b>7 8>2 8>f")
    app = HarpApp(board)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await press(pilot, ["8", "0", "q"])
            await press(pilot, ["n"])
    asyncio.run(main())
    assert app.return_value[0].startswith("Statistics not saved: the statistics file ")
    assert path.read_text() == "{not json"


def test_the_game_tells_of_a_file_it_cannot_write_once(path):
    import asyncio

    from harp.cli.tui.app import HarpApp
    from tui_driver import press, screen_text
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 2, "games": {}}')
    app = HarpApp(new_board("SH1-C4-AAAAAJ2"))
    seen = []

    async def main():
        async with app.run_test(size=(120, 30)) as pilot:
            for keys in (["8", "f", "n"], ["n"], ["s"]):    # played, not saved, the same deal
                await press(pilot, keys)
            seen.append(" ".join(screen_text(pilot.app).split()))
            for keys in (["8", "f", "q"], ["n"]):
                await press(pilot, keys)
    asyncio.run(main())
    assert (f"Statistics not saved: the statistics file {path} was written by a newer harp "
            "(version 2; this one writes version 1); it is left as it is") in seen[0]
    assert app.return_value == []
    assert path.read_text() == '{"version": 2, "games": {}}'
