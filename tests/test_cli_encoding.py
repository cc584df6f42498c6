"""harp as a real process writing to an output that cannot show every
character (a Windows console or file: cp1252; Latin-1), and on a terminal
that wants no colour (``TERM=dumb``): suit letters, ASCII stand-ins, never
a ``UnicodeEncodeError``."""
from __future__ import annotations

import os
import subprocess
import sys

import pexpect
import pytest

ENCODINGS = ["latin-1", "cp1252"]


def harp(*args: str, encoding: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "harp", *args], env=env, capture_output=True,
                          check=False)


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("args", [["deal", "SH1-C4-AAAAAJ2"], ["deal", "EH1-N-AAAAAAF"],
                                  ["show", "EH1-N-AAAAAAF", "1>f 2>f d"],
                                  ["play", "SH1-C4-AAAAAJ2", "8>f 7>2"]])
def test_boards_fall_back_to_suit_letters(encoding, args):
    """The board is the --ascii board, byte for byte."""
    result = harp(*args, encoding=encoding)
    letters = harp(*args, "--ascii", encoding="utf-8")
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout == letters.stdout
    assert result.stdout != harp(*args, encoding="utf-8").stdout     # which has symbols


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_rule_book_prints_whole_with_stand_ins(encoding):
    result = harp("rules", encoding=encoding)
    assert (result.returncode, result.stderr) == (0, b"")
    text = result.stdout.decode(encoding)
    assert "So 7H may go on 8S" in " ".join(text.split())       # A1.2's suits as letters
    assert "\\u0131" in text                                    # C6's dotless i, named
    assert len(text.splitlines()) == len(harp("rules", encoding="utf-8").stdout.splitlines())


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_messages_and_help_fit_too(encoding):
    refused = harp("play", "EH1-N-AAAAAFF", "6>f 5>6 5>f d d d d w>f d d d d w>f d d d w>3 d "
                   "w>f d w>4 6>4", "--no-interactive-rules", encoding=encoding)
    assert refused.returncode == 1
    assert refused.stderr.decode(encoding).endswith(
        "the run 5S...4H cannot move from column 6 to column 4: only its top card 4H moves "
        "(RULES A1.3)\n".replace("...", "\u2026" if encoding == "cp1252" else "..."))
    for args in (["deal", "--help"], ["stats", "--game", "sh", "--deals", "1-50"]):
        result = harp(*args, encoding=encoding)
        assert (result.returncode, result.stderr) == (0, b""), args


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_table_bar_is_written_in_ascii(encoding):
    """``--dist`` bars end in eighth blocks: stand-ins, never escapes."""
    result = harp("stats", "--game", "sh", "--deals", "1-20", "--dist", "aces_exposed",
                  encoding=encoding)
    assert (result.returncode, result.stderr) == (0, b"")
    text = result.stdout.decode(encoding)
    assert "#" in text and "\\u" not in text
    assert [len(line) for line in text.splitlines()] == [
        len(line) for line in harp("stats", "--game", "sh", "--deals", "1-20", "--dist",
                                   "aces_exposed", encoding="utf-8").stdout.decode().splitlines()]


def _board_through_a_terminal(term: str) -> str:
    env = {**os.environ, "TERM": term}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "harp", "deal", "SH1-C4-AAAAAJ2"], env=env,
                          encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return child.before


def test_a_terminal_gets_red_suits_but_term_dumb_gets_no_colour():
    assert "\x1b[31m5♦\x1b[0m" in _board_through_a_terminal("xterm")
    plain = _board_through_a_terminal("dumb")
    assert "\x1b" not in plain and "5♦" in plain
