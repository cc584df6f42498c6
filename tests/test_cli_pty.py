"""The interactive game driven through a pseudo-terminal, as a player
meets it: Ctrl-C during a hint, saving into existing files of each kind, a
failed save retried, a resumed game saved back to its file."""
from __future__ import annotations

import io
import os
import signal
import sys

import pexpect
import pytest

from helpers import invoke_ok

CODE = "SH1-C4-AAAAAJ2"        # deal 314
SLOW = "EH1-N-AAAGKVH"          # deal 207527: minutes of the (Python) sound search


def _interruptible() -> None:
    # A job started in the background by a shell without job control
    # inherits SIGINT ignored (POSIX), and so would the game: give it
    # Ctrl-C back, as in a player's terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(tmp_path, *args: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "harp", "play", *args, "--line", "--ascii"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=60,
                          dimensions=(50, 120), preexec_fn=_interruptible)
    return child


def finish(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def quit_and_save(child: pexpect.spawn, code: str, answer: str) -> None:
    """Quit, say yes to saving and answer the question of the file."""
    child.expect_exact(f"{code}> ")
    child.sendline("q")
    child.expect_exact("Save this game as a record? [y/N]: ")
    child.sendline("y")
    child.expect(r"File \(\.txt, \.jsonl or \.csv\) \[.*\]: ")
    child.sendline(answer)


def test_ctrl_c_during_a_hint_stops_the_search_and_the_game_goes_on(tmp_path):
    child = start(tmp_path, SLOW)
    child.expect_exact(f"{SLOW}> ")
    child.sendline("hint 100000000")
    child.expect(r"Searching\.\.\. \d+ s \(Ctrl-C stops\)")      # it shows that it works
    child.sendintr()
    child.expect_exact("Hint stopped (Ctrl-C); the game goes on.")
    child.expect_exact(f"{SLOW}> ")
    child.sendline("d")
    child.expect_exact("Score 0  Moves 1  Status open")
    quit_and_save(child, SLOW, "game.txt")
    child.expect_exact("Saved to game.txt: replay it with: harp replay game.txt")
    assert finish(child) == 0
    assert (tmp_path / "game.txt").read_text() == f"{SLOW} d\n"


@pytest.mark.parametrize("name, before, after", [
    ("games.txt", "EH1-N-AAAAAAF 1>f", f"EH1-N-AAAAAAF 1>f\n{CODE} 8>f\n"),
    ("games.txt", "EH1-N-AAAAAAF 1>f\n", f"EH1-N-AAAAAAF 1>f\n{CODE} 8>f\n"),
    ("games.jsonl", '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}',
     '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n{"code": "%s", "moves": "8>f"}\n' % CODE),
    ("games.jsonl", '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n',
     '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n{"code": "%s", "moves": "8>f"}\n' % CODE),
    ("games.csv", "code,moves\nEH1-N-AAAAAAF,1>f", f"code,moves\nEH1-N-AAAAAAF,1>f\n{CODE},8>f\n"),
    ("games.csv", "player,code,moves,day\nann,EH1-N-AAAAAAF,1>f,mon\n",
     f"player,code,moves,day\nann,EH1-N-AAAAAAF,1>f,mon\n,{CODE},8>f,\n"),
])
def test_saving_into_an_existing_file_keeps_every_record_readable(tmp_path, name, before, after):
    (tmp_path / name).write_text(before)
    child = start(tmp_path, CODE)
    child.expect_exact(f"{CODE}> ")
    child.sendline("8>f")
    quit_and_save(child, CODE, name)
    child.expect_exact(f"Saved to {name}")
    assert finish(child) == 0
    assert (tmp_path / name).read_text() == after
    assert invoke_ok("replay", "--check", str(tmp_path / name)).endswith(
        "2 of 2 records replayed without error\n")


def refused_then(child: pexpect.spawn, refusal: str, answer: str) -> None:
    """The save is refused; another file is asked for and given."""
    child.expect_exact(f"Not saved: {refusal}")
    child.expect_exact("Another file (empty: do not save): ")
    child.sendline(answer)


def test_a_failed_save_is_retried_and_giving_up_keeps_the_record(tmp_path):
    (tmp_path / "folder").mkdir()
    child = start(tmp_path, CODE)
    child.expect_exact(f"{CODE}> ")
    child.sendline("8>f 7>2")
    quit_and_save(child, CODE, "folder")
    refused_then(child, "cannot open folder: it is a folder", "missing/game.txt")
    refused_then(child, "cannot open missing/game.txt: no such folder", "")
    child.expect_exact(f"Not saved. The game's record, to keep by hand:\r\n{CODE} 8>f 7>2")
    assert finish(child) == 1

    child = start(tmp_path, CODE)
    child.expect_exact(f"{CODE}> ")
    child.sendline("8>f")
    quit_and_save(child, CODE, "folder")
    refused_then(child, "cannot open folder: it is a folder", "game.jsonl")
    child.expect_exact("Saved to game.jsonl")
    assert finish(child) == 0
    assert (tmp_path / "game.jsonl").read_text() == '{"code": "%s", "moves": "8>f"}\n' % CODE


def test_a_resumed_game_saved_to_its_file_updates_its_record(tmp_path):
    (tmp_path / "saved.txt").write_text(f"{CODE} 8>f\n")
    child = start(tmp_path, "--load", "saved.txt")
    child.expect_exact(f"{CODE}> ")
    child.sendline("7>2")
    quit_and_save(child, CODE, "")                  # the default: the file it came from
    child.expect_exact("Updated the game's record in saved.txt")
    assert finish(child) == 0
    assert (tmp_path / "saved.txt").read_text() == f"{CODE} 8>f\n7>2\n"
    child = start(tmp_path, "--load", "saved.txt")      # one record, resumed again
    child.expect_exact("Score 10  Moves 2  Status open")
    child.expect_exact(f"{CODE}> ")
    child.sendline("q")                 # nothing played since: nothing to save, no question
    assert finish(child) == 0
    assert "Save this game" not in child.before


UP, LEFT = "\x1b[A", "\x1b[D"


def test_the_line_game_edits_lines_and_recalls_them_with_the_arrow_keys(tmp_path):
    """readline: Up brings back the last line, Left moves in the line; an
    arrow key is never read as the text ``^[[A``."""
    pytest.importorskip("readline")
    child = start(tmp_path, CODE)
    child.expect_exact(f"{CODE}> ")
    child.send(">f" + LEFT + LEFT + "8\r")          # typed ">f", then "8" at its start
    child.expect_exact("Score 10  Moves 1  Status open")
    child.expect_exact(f"{CODE}> ")
    child.send("u\r")
    child.expect_exact("Score 0  Moves 1  Status open")
    child.expect_exact(f"{CODE}> ")
    child.send(UP + UP + "\r")                      # the line before the last: 8>f again
    child.expect_exact("Score 10  Moves 2  Status open")      # undo kept the counter (B6)
    child.expect_exact(f"{CODE}> ")
    child.sendline("q")
    child.expect_exact("Save this game as a record? [y/N]: ")
    child.sendline("n")
    assert finish(child) == 0
    assert "Refused" not in child.before


def test_ctrl_c_at_the_save_question_keeps_the_game(tmp_path):
    """Ctrl-C is no answer: the game is not thrown away silently; its
    record is printed to keep by hand, and the exit code says not saved."""
    child = start(tmp_path, CODE)
    child.expect_exact(f"{CODE}> ")
    child.sendline("8>f 7>2")
    child.expect_exact(f"{CODE}> ")
    child.sendline("q")
    child.expect_exact("Save this game as a record? [y/N]: ")
    child.sendintr()
    child.expect_exact(f"Not saved. The game's record, to keep by hand:\r\n{CODE} 8>f 7>2")
    assert finish(child) == 1
    assert list(tmp_path.iterdir()) == []


def spawn_play(tmp_path, *args: str, term: str | None) -> pexpect.spawn:
    """``harp play ARGS`` in a terminal whose TERM is ``term`` (None: unset)."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("TERM", "NO_COLOR")}
    if term is not None:
        env["TERM"] = term
    return pexpect.spawn(sys.executable, ["-m", "harp", "play", *args], env=env,
                         cwd=str(tmp_path), encoding="utf-8", timeout=60, dimensions=(24, 80))


@pytest.mark.parametrize("term", ["dumb", None])
def test_a_terminal_that_takes_no_escapes_gets_the_line_game(tmp_path, term):
    """TERM=dumb (or no TERM): no full-screen game, whose every line is
    escape sequences; the line game, which writes no escape there (no
    colour either: a terminal that does not say what it is may take none)."""
    child = spawn_play(tmp_path, CODE, term=term)
    child.logfile_read = io.StringIO()                  # all the game wrote
    child.expect_exact(f"{CODE}> ")
    child.sendline("8>f")
    child.expect_exact("Score 10  Moves 1  Status open")
    child.expect_exact(f"{CODE}> ")
    child.sendline("q")
    child.expect_exact("Save this game as a record? [y/N]: ")
    child.sendline("n")
    assert finish(child) == 0
    shown = child.logfile_read.getvalue()
    assert "Cells  a 5♦  b 6♠" in shown and "\x1b" not in shown


@pytest.mark.parametrize("args, error", [
    (["EH1-N-AAAAAAF", "--reveal"], "--reveal is for a printed position and the line game "
     "(--line); the full-screen game never shows face-down cards"),
    ([CODE, "--json"], "--json is for printed positions, not for the interactive game "
     "(--interactive, --line, or no MOVES in a terminal)"),
])
def test_options_the_full_screen_game_would_ignore_are_refused_before_it_starts(tmp_path, args,
                                                                                error):
    child = spawn_play(tmp_path, *args, term="xterm")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert child.before.splitlines()[-1] == f"Error: {error}"
    assert "\x1b[?1049h" not in child.before


def test_ctrl_c_during_a_solve_says_interrupted_and_exits_130(tmp_path):
    """A single-game command stopped by Ctrl-C (a long solve) ends as a
    shell reports Ctrl-C, exit 130 with one line, not Click's "Aborted!"
    and exit 1, the code of bad data."""
    hard = "EH1-N-AAABYNS"      # Easy Harp deal 57778: minutes at the batch limit
    for command in (["solve", hard], ["decode", hard, "--solve"]):
        # (a terminal: decode --solve shows its search without --progress)
        child = pexpect.spawn(sys.executable, ["-m", "harp", *command],
                              cwd=str(tmp_path), encoding="utf-8", timeout=60,
                              preexec_fn=_interruptible)
        child.expect(r"searching: .* positions/s")
        child.sendintr()
        child.expect_exact("interrupted (Ctrl-C)")
        assert finish(child) == 130, command
        assert "Aborted" not in child.before
