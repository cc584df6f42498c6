"""The line game (harp.cli.interactive) as the real ``harp play --line``
meets a player's system: signals that end it, input its encoding cannot
decode, file names the file system's encoding cannot write."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time

import pytest

from test_tui_tmux import CODE, HARP, TMUX, Pane


def run_line_game(tmp_path, args: list[str], typed: bytes, **env: str):
    return subprocess.run([HARP, "play", *args, "--line"], input=typed, capture_output=True,
                          cwd=tmp_path, env={**os.environ, **env}, timeout=120)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.parametrize("name, status", [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_ends_the_line_game_with_its_record_to_keep_by_hand(tmp_path, name, status):
    pane = Pane(tmp_path, f"{HARP} play {CODE} --line")
    try:
        pane.wait_for(f"{CODE}>")
        pane.keys("8>f", "Enter")
        pane.wait_for("Score 10  Moves 1")
        pane.keys("7>")                         # a line half typed: no matter
        os.kill(pane.command_pid(), getattr(signal, name))
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith(
            f"{CODE}> 7>\n"
            "Not saved. The game's record, to keep by hand:\n"
            f"{CODE} 8>f\n"
            f"EXIT={status}")
    finally:
        pane.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "tmux.sock"]
    # The game counts as played, as quitting counts it.
    counts = json.loads((tmp_path / "data" / "harp" / "stats.json").read_text())
    assert counts["games"]["SH-C4"] == {"played": 1, "won": 0, "best_score": 10, "streak": 0,
                                        "best_streak": 0}


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_sigterm_before_any_action_ends_the_line_game_with_nothing_to_keep(tmp_path):
    pane = Pane(tmp_path, f"{HARP} play {CODE} --line")
    try:
        pane.wait_for(f"{CODE}>")
        os.kill(pane.command_pid(), signal.SIGTERM)
        shown = pane.wait_for("EXIT=")
        assert shown.strip().endswith(f"{CODE}>\nEXIT=143")
    finally:
        pane.close()


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_in_a_terminal_a_record_typed_on_standard_input_is_then_played_on(tmp_path):
    """Piped, the record would leave nothing to play (refused); typed, it
    ends with Ctrl-D and the game reads the terminal again."""
    pane = Pane(tmp_path, f"{HARP} play --load - --line")
    try:
        pane.keys(f"{CODE} 8>f", "Enter", "C-d")
        pane.wait_for(f"{CODE}>", "Score 10  Moves 1")
        pane.keys("7>2", "Enter")
        pane.wait_for("Score 10  Moves 2")
        pane.quit_line_game_unsaved()
    finally:
        pane.close()


def test_a_line_the_input_encoding_cannot_decode_is_refused_and_the_game_goes_on(tmp_path):
    done = run_line_game(tmp_path, ["EH1-N-AAAAAAF"], b"1>f\n\xc2\xb2>f\n2>f\nq\nn\n",
                         PYTHONIOENCODING="ascii")
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    refusals = [line for line in out.splitlines() if "Refused" in line]
    assert refusals == ["EH1-N-AAAAAAF> Refused \\xc2\\xb2>f: the line is not text in the "
                        "input's encoding (ascii)"]
    assert "Score 10  Moves 1" in out                 # 1>f, before the line refused
    assert "Refused 2>f:" not in out and "Moves 2" in out   # and 2>f, after it


def test_a_save_name_the_file_system_cannot_write_is_refused_and_another_asked(tmp_path):
    done = run_line_game(tmp_path, [CODE], b"8>f\nq\ny\nna\xefve.txt\ngame.txt\n",
                         PYTHONUTF8="0", LC_ALL="C", PYTHONIOENCODING="latin-1")
    out = done.stdout.decode("latin-1")       # naïve.txt, typed in Latin-1
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert ("Not saved: cannot write naïve.txt: the name cannot be written in this system's "
            "file-name encoding (ascii)\n"
            "Another file (empty: do not save): Saved to game.txt") in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt"]


def test_giving_up_after_a_name_the_file_system_cannot_write_prints_the_record(tmp_path):
    done = run_line_game(tmp_path, [CODE], b"8>f\nq\ny\nna\xefve.txt\n",
                         PYTHONUTF8="0", LC_ALL="C", PYTHONIOENCODING="latin-1")
    assert done.returncode == 1 and done.stderr == b""
    assert done.stdout.decode("latin-1").endswith(
        f"Not saved. The game's record, to keep by hand:\n{CODE} 8>f\n")


def test_a_closed_terminal_ends_the_line_game_with_exit_129(tmp_path):
    """The window closed (SIGHUP, then every write fails): no hang, no death
    by the signal; the record is printed if the terminal still takes it."""
    ptyprocess = pytest.importorskip("ptyprocess")
    game = ptyprocess.PtyProcess.spawn([HARP, "play", CODE, "--line"], cwd=str(tmp_path),
                                       env={**os.environ, "TERM": "xterm"}, dimensions=(24, 80))
    ended = (0, 0)                              # (pid, status) once reaped
    try:
        seen = b""
        while f"{CODE}> ".encode() not in seen:
            seen += os.read(game.fd, 65536)
        game.write(b"8>f\r")
        while b"Moves 1" not in seen:
            seen += os.read(game.fd, 65536)
        os.close(game.fd)                       # the terminal's window is closed
        deadline = time.monotonic() + 20
        while not (ended := os.waitpid(game.pid, os.WNOHANG))[0]:
            assert time.monotonic() < deadline, "the game did not end with its terminal"
            time.sleep(0.05)
    finally:
        if not ended[0]:                        # not reaped: still running
            with contextlib.suppress(OSError):
                os.kill(game.pid, signal.SIGKILL)
    status = ended[1]
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 129
