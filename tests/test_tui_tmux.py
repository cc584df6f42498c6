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

    def type_into_field(self, text: str, *shown: str) -> bool:
        """Clear a dialog's field and type ``text``, until the pane shows
        one of ``shown``: keys that come while the dialog is still being
        mounted are lost (known, under load), so they are typed again.
        False if it never showed."""
        for _ in range(4):
            self.keys("C-u")
            self.keys("-l", text)
            try:
                self.wait_for(lambda screen: any(s in screen for s in shown), seconds=5)
                return True
            except AssertionError:
                continue
        return False

    def first_move(self, *shown: str) -> None:
        """Wait for the table (and ``shown``), then play 8 f (the A♣ of
        column 8 to its foundation: 10 points)."""
        self.wait_for("Score 0  Moves 0", *shown)
        self.keys("8", "f")
        self.wait_for("Score 10  Moves 1")

    def quit_line_game_unsaved(self) -> None:
        """``q``, no to the save question: the line game ends, exit 0."""
        self.keys("q", "Enter")
        self.wait_for("Save this game as a record? [y/N]:")
        self.keys("n", "Enter")
        assert self.wait_for("EXIT=").strip().endswith("EXIT=0")

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


def test_keys_sent_in_one_write_answer_a_dialog_once_and_the_game_goes_on(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {CODE}")
    try:
        pane.first_move()
        pane.keys("?")
        pane.wait_for("Any key closes this.")
        pane.keys("xxx")                                # three keys, one write
        pane.wait_for(lambda shown: "Any key closes this." not in shown, "Score 10  Moves 1")
        pane.keys("nu")                 # u comes with n: no undo behind the question
        pane.wait_for("Save this game as a record?")
        pane.keys("Escape")
        shown = pane.wait_for(lambda screen: "Save this game" not in screen)
        assert "Score 10  Moves 1" in shown
        pane.keys("q")
        pane.wait_for("Save this game as a record?")
        pane.keys("y")
        pane.wait_for("Save this game as a record (.txt, .jsonl or .csv):")
        pane.keys("Enter")
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith(
            f"Saved to {CODE}.txt: replay it with: harp replay {CODE}.txt\n"
            "Your SH-C4 games: played 1, won 0 (0 %), best score 10, streak 0 (best 0)\n"
            "EXIT=0")
    finally:
        pane.close()
    assert (tmp_path / f"{CODE}.txt").read_text() == f"{CODE} 8>f\n"


def test_sigterm_ends_the_game_as_a_quit_and_restores_the_terminal(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {CODE}")
    try:
        pane.first_move("7♣     5♣     3♥     5♠")
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


def test_a_bug_that_stops_the_game_still_prints_the_record_to_keep(tmp_path):
    """A bug (here ``F`` made to raise) stops Textual with its traceback:
    the actions played are printed to keep by hand all the same, exit 1."""
    script = tmp_path / "buggy.py"
    script.write_text(
        "import sys\n"
        "from harp.cli.tui.app import GameScreen\n"
        "def finish(self):\n"
        "    raise RuntimeError('a bug in finish')\n"
        "GameScreen.finish = finish\n"
        "from harp.cli import cli\n"
        f"cli(['play', {CODE!r}])\n")
    pane = Pane(tmp_path, f"{sys.executable} {script}")
    try:
        pane.first_move("7♣     5♣     3♥     5♠")
        pane.keys("F")
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith(
            "Not saved. The game's record, to keep by hand:\n"
            f"{CODE} 8>f\n"
            "EXIT=1")
        history = pane.tmux("capture-pane", "-p", "-S", "-", "-t", "game")
        assert "RuntimeError: a bug in finish" in history
    finally:
        pane.close()


def test_standard_error_not_a_terminal_plays_the_line_game(tmp_path):
    """Textual draws the screen on standard error: sent to a file, the
    full-screen game would run blind.  The line game is played instead."""
    pane = Pane(tmp_path, f"{HARP} play {CODE} 2>errors.txt")
    try:
        pane.wait_for(f"{CODE}>", "Cells  a 5♦  b 6♠  c --  d --")
        pane.keys("8>f", "Enter")
        pane.wait_for("Score 10  Moves 1  Status open")
        pane.quit_line_game_unsaved()
    finally:
        pane.close()
    assert (tmp_path / "errors.txt").read_text() == ""


#: A terminal whose encoding Python takes for ASCII (the C locale, UTF-8
#: mode off), or Latin-1: no box-drawing line can be written there.
NARROW_ENCODINGS = ["env TERM=xterm PYTHONUTF8=0 LC_ALL=C",
                    "env TERM=xterm PYTHONIOENCODING=latin-1"]


def no_escaped_character(shown: str) -> bool:
    """Python writes a character its stream cannot encode as ``\\u256d``."""
    return not any(escape in shown for escape in ("\\u", "\\x", "\\U"))


@pytest.mark.parametrize("env", NARROW_ENCODINGS)
def test_dialogs_and_panels_are_drawn_in_ascii_where_the_encoding_needs_it(tmp_path, env):
    pane = Pane(tmp_path, f"{env} {HARP} play {CODE}")
    try:
        pane.first_move("7C     5C     3H     5S")
        pane.keys("q")
        shown = pane.wait_for("Save this game as a record?")
        assert no_escaped_character(shown), shown
        assert "+-----------------------------+" in shown
        assert "| Save this game as a record? |" in shown
        pane.keys("Escape")
        pane.wait_for(lambda screen: "Save this game" not in screen)
        pane.keys("r")                                  # the rule book beside the table
        shown = pane.wait_for("| harp - the rules of Easy")       # its title's dash: -
        assert no_escaped_character(shown), shown
        pane.keys("r")
        pane.wait_for(lambda screen: "the rules of Easy" not in screen)
        pane.keys("?")
        shown = pane.wait_for("Any key closes this.")
        assert no_escaped_character(shown), shown
        assert shown.splitlines()[0].startswith("+-----")
    finally:
        pane.close()


def test_a_save_name_the_file_system_cannot_write_is_refused_in_the_dialog(tmp_path):
    pane = Pane(tmp_path, f"env TERM=xterm LC_ALL=C PYTHONUTF8=0 {HARP} play {CODE}")
    try:
        pane.first_move()
        pane.keys("C-s")
        pane.wait_for("Save this game as a record (.txt, .jsonl or .csv):")
        if not pane.type_into_field("naïve.txt", "na?ve.txt", "naïve.txt"):
            # Seen in the fresh-clone CI only: the ASCII terminal dropped
            # "naï" of the keys (the game then saved "ve.txt").  The refusal
            # itself is tested in the line game (test_line_game.py).
            pytest.skip("the terminal did not deliver the non-ASCII name's keys")
        pane.keys("Enter")
        shown = pane.wait_for("cannot be written")
        # The question stays asked; ï, which ASCII cannot show, is shown as ?.
        assert ("Not saved: cannot write na?ve.txt: the name cannot be written in this "
                "system's file-name encoding (ascii)") in " ".join(
                    line.strip(" |") for line in shown.splitlines())
        assert "Save this game as a record (.txt, .jsonl or .csv):" in shown
        assert pane.type_into_field("game.txt", "game.txt"), pane.screen()
        pane.keys("Enter")
        pane.wait_for("Saved to game.txt")
        pane.keys("q")
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith("EXIT=0")
    finally:
        pane.close()
    assert (tmp_path / "game.txt").read_text() == f"{CODE} 8>f\n"
