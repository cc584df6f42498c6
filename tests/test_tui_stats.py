"""The player's statistics file (harp.cli.tui.stats): counted as the apps
count, written whole or not at all, a damaged file reported and kept."""
from __future__ import annotations

import json
import os

import pytest

from harp import new_board
from harp.cli.tui import stats


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
    board.push_script("8>f 7>2 7>c 1>7 b>1 8>b 1>8 5>d 5>f d>f 5>f 7>f 7>f 7>1 b>7 8>2 8>f 8>10")
    app = HarpApp(board)

    async def main():
        async with app.run_test(size=(80, 24)) as pilot:
            await press(pilot, ["q"])
            await press(pilot, ["n"])
    asyncio.run(main())
    assert app.return_value[0].startswith("Statistics not saved: the statistics file ")
    assert path.read_text() == "{not json"
