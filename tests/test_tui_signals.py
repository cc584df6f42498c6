"""Signals that end a game, as a player's system sends them: kill -INT,
kill -HUP and a terminal closed end the full-screen game as SIGTERM does
(the record to keep by hand, the statistics, the terminal restored, exit
128 + the signal); SIGTERM and SIGHUP end the line game with its record;
a search's process ends when the game is killed outright."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_tui_tmux import CODE, HARP, TMUX, Pane

tmux_only = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
#: An Easy Harp deal whose "is this still winnable?" takes the solver many seconds.
SLOW = "EH1-N-AAA3YUR"


def played(tmp_path: Path) -> dict:
    return json.loads((tmp_path / "data" / "harp" / "stats.json").read_text())["games"]


@tmux_only
@pytest.mark.parametrize("name, status", [("SIGINT", 130), ("SIGHUP", 129)])
def test_kill_int_and_hup_end_the_full_screen_game_as_sigterm_does(tmp_path, name, status):
    pane = Pane(tmp_path, f"{HARP} play {CODE}")
    try:
        pane.first_move("7♣     5♣     3♥     5♠")
        os.kill(pane.command_pid(), getattr(signal, name))
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith(
            "Your SH-C4 games: played 1, won 0 (0 %), best score 10, streak 0 (best 0)\n"
            "Not saved. The game's record, to keep by hand:\n"
            f"{CODE} 8>f\n"
            f"EXIT={status}")
        assert pane.flags() == "0 0 1"
    finally:
        pane.close()
    assert played(tmp_path)["SH-C4"]["played"] == 1


@tmux_only
def test_ctrl_c_as_a_key_still_asks_to_save_and_does_not_end_the_game(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {CODE}")
    try:
        pane.first_move()
        pane.keys("C-c")
        pane.wait_for("Save this game as a record?")
        pane.keys("n")
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith("EXIT=0")
    finally:
        pane.close()


def test_a_closed_terminal_ends_the_full_screen_game_counted_and_exit_129(tmp_path):
    """The window closed: the kernel hangs up the terminal (SIGHUP) and
    every write to it fails.  The game must neither hang nor die unseen:
    its statistics are written and it exits 129."""
    ptyprocess = pytest.importorskip("ptyprocess")
    env = {**os.environ, "TERM": "xterm", "XDG_DATA_HOME": str(tmp_path / "data")}
    game = ptyprocess.PtyProcess.spawn([HARP, "play", CODE], env=env, cwd=str(tmp_path),
                                       dimensions=(24, 80))
    try:
        _read_until(game, b"Moves 0")
        game.write(b"8")
        time.sleep(0.3)
        game.write(b"f")
        _read_until(game, b"Moves 1")
        os.close(game.fd)                       # the terminal's window is closed
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            pid, status = os.waitpid(game.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the game did not end when its terminal was closed")
    finally:
        if game.pid and _running(game.pid):
            os.kill(game.pid, signal.SIGKILL)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 129
    assert played(tmp_path)["SH-C4"]["played"] == 1


def _read_until(game, text: bytes, seconds: float = 20.0) -> None:
    seen = b""
    deadline = time.monotonic() + seconds
    while text not in seen:
        assert time.monotonic() < deadline, f"{text!r} not shown"
        seen = seen[-200:] + os.read(game.fd, 65536)


def _running(pid: int) -> bool:
    """Whether the process runs (a zombie, dead but not yet reaped, does not)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


@tmux_only
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_search_ends_when_its_game_is_killed_outright(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {SLOW}")
    search = None
    try:
        pane.wait_for("Score 0  Moves 0")
        pane.keys("i")
        pane.wait_for("Searching (winnable)")
        game = pane.command_pid()
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(game)],
                                  capture_output=True, text=True, check=True).stdout.split()
        search, = map(int, children)
        os.kill(game, signal.SIGKILL)           # no time to cancel the search
        deadline = time.monotonic() + 5
        while _running(search) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(search), "the search went on without its game"
    finally:
        if search is not None and _running(search):
            os.kill(search, signal.SIGKILL)
        pane.close()
