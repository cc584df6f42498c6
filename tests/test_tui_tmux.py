"""The real ``harp play`` in a terminal multiplexer: tmux runs it in a
pane, sends it keys and reads the pane back, as a player sees it."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
HARP = str(Path(sys.executable).parent / "harp")
CODE = "SH1-C4-AAAAAJ2"


class Pane:
    """One tmux server of the test's own, with one window running a command."""

    def __init__(self, tmp_path: Path, command: str) -> None:
        self.socket = str(tmp_path / "tmux.sock")
        self.tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", "game",
                  f"cd {tmp_path} && XDG_DATA_HOME={tmp_path / 'data'} {command}; "
                  "echo EXIT=$?; sleep 60")

    def tmux(self, *args: str) -> str:
        return subprocess.run([TMUX, "-S", self.socket, *args], capture_output=True, text=True,
                              check=True).stdout

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "game", *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "game")

    def wait_for(self, *texts: str | Callable[[str], bool], seconds: float = 20.0) -> str:
        """The pane once it shows every one of ``texts`` (or a test of the
        pane holds): a screen is redrawn a part at a time, and the header
        may show before the table."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            shown = self.screen()
            if all(text(shown) if callable(text) else text in shown for text in texts):
                return shown
            time.sleep(0.05)
        raise AssertionError(f"{texts!r} not all shown; the pane:\n{self.screen()}")

    def command_pid(self) -> int:
        """The process id of the command the pane runs (a child of its shell)."""
        shell = self.tmux("display", "-p", "-t", "game", "#{pane_pid}").strip()
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", shell], capture_output=True,
                                  text=True, check=True).stdout.split()
        return int(children[0])

    def flags(self) -> str:
        """The terminal's alternate screen, mouse reporting and cursor: ``0 0 1``
        is the shell's terminal (main screen, no mouse, cursor shown)."""
        return self.tmux("display", "-p", "-t", "game",
                         "#{alternate_on} #{mouse_any_flag} #{cursor_flag}").strip()

    def close(self) -> None:
        subprocess.run([TMUX, "-S", self.socket, "kill-server"], capture_output=True,
                       check=False)


def test_harp_play_in_tmux_shows_the_table_moves_undoes_and_quits_with_the_save_prompt(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {CODE}")
    try:
        pane.wait_for("Score 0  Moves 0", f"Seahaven Towers, 4 cells  {CODE}",
                      "7♣     5♣     3♥     5♠     Q♠     T♥     4♦     7♦     Q♦     5♥")
        pane.keys("8", "f")
        pane.wait_for("Score 10  Moves 1",                  # on its foundation f4:
                      lambda shown: shown.splitlines()[1].endswith("A♣"))
        pane.keys("u")
        pane.wait_for("Score 0  Moves 1", "A♣     T♦     8♦")   # back on column 8
        pane.keys("q")
        pane.wait_for("Save this game as a record?")
        pane.keys("y")
        pane.wait_for("Save this game as a record (.txt, .jsonl or .csv):")
        pane.keys("Enter")
        shown = pane.wait_for("EXIT=")
        assert (f"Saved to {CODE}.txt: replay it with: harp replay {CODE}.txt\n"
                "Your SH-C4 games: played 1, won 0 (0 %), best score 0, streak 0 (best 0)\n"
                "EXIT=0") in shown
    finally:
        pane.close()
    assert (tmp_path / f"{CODE}.txt").read_text() == f"{CODE} 8>f u\n"


def test_sigterm_ends_the_game_as_a_quit_and_restores_the_terminal(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {CODE}")
    try:
        pane.wait_for("Score 0  Moves 0", "7♣     5♣     3♥     5♠")
        pane.keys("8", "f")
        pane.wait_for("Score 10  Moves 1")
        pane.keys("q")
        pane.wait_for("Save this game as a record?")       # a dialog open: no matter
        assert pane.flags() == "1 1 0"
        os.kill(pane.command_pid(), signal.SIGTERM)
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith(
            "Your SH-C4 games: played 1, won 0 (0 %), best score 10, streak 0 (best 0)\n"
            "Not saved. The game's record, to keep by hand:\n"
            f"{CODE} 8>f\n"
            "EXIT=143")
        assert pane.flags() == "0 0 1"
    finally:
        pane.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "tmux.sock"]
