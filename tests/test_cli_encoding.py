"""harp as a real process writing to an output that cannot show every
character (a Windows console or file: cp1252; Latin-1), and on a terminal
that wants no colour (``TERM=dumb``): suit letters, ASCII stand-ins, never
a ``UnicodeEncodeError``."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

import harp.analysis.games as games
import harp.analysis.stats as batch
from harp.analysis import atlas as atlas_tool
from harp.analysis.pieces import Piece, piece_path, write_piece
from harp.atlas import Atlas, encode_atlas

from helpers import interrupt_at, invoke, invoke_ok, refused

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
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


# ------------------------------------------------------------------ file names in messages
#
# A name holding a line break or an escape sequence is shown escaped, as
# printable() shows it, wherever a message or note names it: it must neither
# split the one line nor drive the terminal, and the folding that puts a
# multi-line error on one line must not touch it (nor squeeze its spaces).

DB = "d\nb\x1b[7m.db"
DB_SHOWN = "d\\nb\\x1b[7m.db"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_stats_names_its_store_escaped(in_tmp):
    assert invoke("stats", "--game", "sh", "--deals", "1-3", "--db", DB, "-q").exit_code == 0
    again = invoke("stats", "--game", "sh", "--deals", "1-3", "--db", DB)
    assert (again.exit_code, again.stderr) == (
        0, f"stats: 0 of 3 deals to compute (the rest are in {DB_SHOWN})\n")
    refused(["stats", "--db", DB, "--report", "--cells", "2"], 1,
            f"no stored results for Seahaven Towers with 2 cells in {DB_SHOWN}")
    refused(["stats", "--db", DB, "--report", "--solve"], 1,
            f"no stored solver results in {DB_SHOWN}: their deals were computed without --solve")
    refused(["stats", "--db", DB, "--report", "--dist", "aces_face_up"], 1,
            f"no results of the measure 'aces_face_up' in {DB_SHOWN}")


def test_a_stopped_stats_run_names_its_store_and_picture_escaped(in_tmp, monkeypatch):
    pytest.importorskip("matplotlib")
    interrupt_at(monkeypatch, batch, "deal_facts", lambda code: code.number == 2)
    result = invoke("stats", "--game", "sh", "--deals", "1-3", "--db", DB, "--plot",
                    "p\nq.svg")
    assert (result.exit_code, result.stderr) == (
        130, f"stats: 3 of 3 deals to compute\ninterrupted: this run kept 1 deal in {DB_SHOWN}; "
        "2 of 3 are still to compute: run the same command again to resume; no picture "
        "drawn into p\\nq.svg (--plot draws a finished run)\n")


def test_stats_export_names_its_file_escaped(in_tmp):
    result = invoke("stats", "--game", "sh", "--deals", "314", "--solve", "--export", "n\nl.txt")
    assert (result.exit_code, result.stderr) == (0, "stats: 1 solution written to n\\nl.txt\n")


def test_atlas_assemble_and_check_name_the_file_escaped(in_tmp):
    (in_tmp / "pieces").mkdir()
    limits = {"max_states": 3000, "line_states": 0, "timeout": None}
    write_piece(in_tmp / "pieces" / "eh1-000001-000002.piece", Piece(1, 2, [
        {"outcome": "unsolvable", "states": 10, "stopped_by": None, "cpu_seconds": 0.01,
         "limits": limits}] * 2))
    out = invoke_ok("atlas", "assemble", "--pieces", "pieces", "--out", "a\nt.bin")
    size = (in_tmp / "a\nt.bin").stat().st_size
    assert out == f"wrote a\\nt.bin: deals 1-2, {size} bytes; 0 won, 2 lost, 0 unknown\n"
    (in_tmp / "s\nh\x1b[7m.bin").write_bytes(
        encode_atlas(Atlas("SH", 1, 8, {"C4": b"\x0f", "C2": b"\x03", "C1": b"\x01"})))
    refused(["atlas", "check", "--file", "s\nh\x1b[7m.bin"], 1,
            "s\\nh\\x1b[7m.bin: a Seahaven atlas, not an Easy Harp atlas")


def test_replay_names_a_file_as_given_whatever_its_message(in_tmp):
    """One name, one way: neither a line break folded into a space, nor a
    run of spaces squeezed into one."""
    refused(["replay", "nope\nx.txt"], 1, "cannot open nope\\nx.txt: No such file or directory")
    refused(["replay", "two   spaces.txt"], 1,
            "cannot open two   spaces.txt: No such file or directory")
    (in_tmp / "f\ng.txt").write_text("")
    refused(["replay", "f\ng.txt/x.txt"], 1,
            "cannot open f\\ng.txt/x.txt: f\\ng.txt is a file, not a folder")
    (in_tmp / "a\nb.jsonl").write_bytes((EXAMPLES / "mixed-records.jsonl").read_bytes())
    result = invoke("replay", "--check", "a\nb.jsonl")
    assert (result.exit_code, result.stderr) == (1, (
        "Error: a\\nb.jsonl: line 4: action 2 (5>f): 2H cannot go to its foundation f2: it "
        "needs AH (RULES A2.3)\n"
        "Error: a\\nb.jsonl: line 5: not valid JSON (Expecting property name enclosed in double "
        "quotes, column 2)\n"
        "Error: a\\nb.jsonl: line 6: invalid deal code 'SH1-C9-AAAAAJ2': unknown variant 'C9' "
        "for SH (expected C4 or C2 or C1)\n"))


def test_record_files_are_named_escaped_by_every_reader_and_writer(in_tmp):
    (in_tmp / "r\ne.txt").write_text("# notes\nhello\n")
    refused(["play", "--load", "r\ne.txt"], 1, "r\\ne.txt: line 2: invalid deal code 'hello': "
            "expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF")
    refused(["generate", "--game", "sh", "--deals", "1", "--random-play", "-o", "r\ne.txt"], 1,
            "cannot add to r\\ne.txt: line 2: 'hello' is not a deal code; records are added "
            "only to a file of records (RULES B8)")
    (in_tmp / "e\tmpty").mkdir()
    refused(["score", "e\tmpty"], 1, "e\\tmpty: no record found: a record is a deal code "
            "followed by its moves (RULES B8)")


def test_the_line_game_shows_a_file_name_and_a_refused_token_escaped(in_tmp):
    (in_tmp / "s\nv\x1b[7m.txt").write_text("SH1-C4-AAAAAJ2 8>f\n")
    result = invoke("play", "--load", "s\nv\x1b[7m.txt", "-i", "--ascii",
                    input="\x1b[7mx\n7>2\nq\ny\n\n")
    assert result.exit_code == 0
    assert ("Refused \\x1b[7mx: cannot read '\\x1b[7mx': expected X>Y, N:X>Y, d, tX, ttX or u\n"
            in result.stdout)
    assert result.stdout.endswith(
        "File (.txt, .jsonl or .csv) [s\\nv\\x1b[7m.txt]: \n"
        "Updated the game's record in s\\nv\\x1b[7m.txt: replay it with: "
        "harp replay s\\nv\\x1b[7m.txt\n")
    assert (in_tmp / "s\nv\x1b[7m.txt").read_text() == "SH1-C4-AAAAAJ2 8>f\n7>2\n"


def test_a_store_that_cannot_be_used_is_named_escaped(in_tmp):
    (in_tmp / "n\nq.db").write_text("hello, not a database " * 100)
    (in_tmp / "dir\nx").mkdir()
    refused(["stats", "--game", "sh", "--deals", "1-3", "--db", "n\nq.db"], 1,
            "cannot use n\\nq.db: file is not a database")
    refused(["stats", "--game", "sh", "--deals", "1-3", "--db", "dir\nx"], 1,
            "cannot open dir\\nx: it is a folder, not a database")
    refused(["stats", "--db", "mi\nss.db", "--report"], 1,
            "cannot open mi\\nss.db: No such file or directory")
    refused(["stats", "--game", "sh", "--deals", "1-3", "--db", "n\no\x1b[7m/x.db"], 1,
            "cannot create n\\no\\x1b[7m/x.db: no such folder n\\no\\x1b[7m")


def test_atlas_pieces_folders_and_files_are_named_escaped(in_tmp):
    refused(["atlas", "assemble", "--pieces", "p\nq", "--out", "a.bin"], 1,
            "no pieces folder at p\\nq: it does not exist")
    (in_tmp / "dir\nx").mkdir()
    refused(["atlas", "status", "--pieces", "dir\nx"], 1,
            "no pieces in dir\\nx (harp atlas build writes each piece when its last deal is done)")
    refused(["atlas", "assemble", "--pieces", "dir\nx", "--out", "a.bin"], 1,
            "no piece starting at deal 1 in dir\\nx")
    piece_path(in_tmp / "dir\nx", 1, 2).mkdir()         # a folder where a piece file should be
    refused(["atlas", "status", "--pieces", "dir\nx"], 1,
            "cannot read dir\\nx/eh1-000001-000002.piece: Is a directory")
    (in_tmp / "R\nE\x1b[7m.md").write_text("# my notes\n")
    refused(["atlas", "assemble", "--pieces", "dir\nx", "--out", "R\nE\x1b[7m.md"], 1,
            "cannot write R\\nE\\x1b[7m.md: it is not an Easy Harp atlas (harp replaces no "
            "other file)")


def test_the_seahaven_atlas_tool_names_its_store_escaped(in_tmp, capsys):
    assert atlas_tool.main(["build", "--db", "n\no.db", "--out", "a.bin"]) == 1
    (in_tmp / "fo\nld").mkdir()
    assert atlas_tool.main(["check", "fo\nld"]) == 1
    assert capsys.readouterr().err == ("Error: no store at n\\no.db\n"
                                       "Error: cannot open fo\\nld: Is a directory\n")


def test_a_picture_harp_would_not_replace_is_named_escaped(in_tmp):
    pytest.importorskip("matplotlib")
    (in_tmp / "p\nn\x1b[7m.png").write_text("not a picture")
    (in_tmp / "s\nv.svg").write_text("not a picture")
    refused(["stats", "--game", "sh", "--deals", "1-3", "--plot", "p\nn\x1b[7m.png"], 1,
            "cannot write p\\nn\\x1b[7m.png: it is not a PNG picture (harp replaces no other file)")
    refused(["stats", "--game", "sh", "--deals", "1-3", "--plot", "s\nv.svg"], 1,
            "cannot write s\\nv.svg: it is not an SVG picture (harp replaces no other file)")


def test_a_stopped_generate_names_its_file_escaped(in_tmp, monkeypatch):
    interrupt_at(monkeypatch, games, "make_game", lambda task: task.deal == 3)
    result = invoke("generate", "--game", "sh", "--deals", "1-5", "--random-play", "-o",
                    "g\ne\x1b[7m.jsonl")
    assert (result.exit_code, result.stderr) == (
        130, "interrupted: 2 records of the 2 deals played before Ctrl-C written to "
        "g\\ne\\x1b[7m.jsonl; the deals not played: --deals 3-5\n")
    assert len((in_tmp / "g\ne\x1b[7m.jsonl").read_text().splitlines()) == 2


def test_replay_shows_a_code_it_cannot_read_escaped(in_tmp):
    (in_tmp / "r.jsonl").write_text('{"code": "SH1-C4-AAAAAJ2", "moves": "8>f"}\n'
                                    '{"code": "x\\u001b[7m\\ny", "moves": "8>f"}\n')
    result = invoke("replay", "--check", "r.jsonl")
    assert result.exit_code == 1
    assert result.stdout.startswith("Record 1 (line 1): SH1-C4-AAAAAJ2\n")
    assert result.stdout.endswith("Record 2 (line 2): x\\x1b[7m\\ny\n"
                                  "1 of 2 records replayed without error\n")
    assert result.stderr == ("Error: r.jsonl: line 2: invalid deal code 'x\\x1b[7m\\ny': "
                             "expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF\n")


def test_a_byte_that_is_not_utf8_is_shown_as_the_byte_it_was(tmp_path, monkeypatch):
    """Python holds it as a lone surrogate; a message showed \\udce9, not
    what was typed."""
    monkeypatch.chdir(tmp_path)
    refused(["replay", "f\udce9.txt"], 1, "cannot open f\\xe9.txt: No such file or directory")
    refused(["play", "EH1-N-AAAAAAF", "\udcff"], 1,
            "action 1 (\\xff): cannot read '\\xff': expected X>Y, N:X>Y, d, tX, ttX or u")


@pytest.mark.parametrize("args, code, message", [
    (["deal", "\udcff"], 1,
     "invalid deal code '\\xff': expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF"),
    (["decode", "EH1-N-\udcffAAAAA"], 1,
     "invalid deal code 'EH1-N-\\xffAAAAA': payload '\\xffAAAAA' has the character '\\xff', "
     "not in A-Z 2-7 (RULES C6)"),
    (["decode", "\udcffH1-N-AAAAAAF"], 1,
     "invalid deal code '\\xffH1-N-AAAAAAF': not ASCII (RULES C6)"),
    (["play", "EH1-N-AAAAAAF", "1>\udcff"], 1, "action 1 (1>\\xff): unknown location '\\xff'"),
    (["play", "EH1-N-AAAAAAF", "\udcff1>f"], 1,
     "action 1 (\\xff1>f): '\\xff1' is not a location: write numbers with the digits 0-9 "
     "(RULES C6)"),
    (["encode", "--game", "eh", "\udcff"], 2,
     "Invalid value for 'NUMBER': '\\xff' is not a deal number (write it with the digits 0-9, "
     "RULES C6)"),
    (["deal", "--daily", "--date", "\udcff"], 2,
     "Invalid value for '--date': '\\xff' is not a date: write it YYYY-MM-DD, e.g. 2026-11-29"),
    (["stats", "--game", "sh", "--deals", "\udcff"], 2,
     "Invalid value for '--deals': bad deal list '\\xff': '\\xff' is not N or N-M "
     "(digits 0-9, RULES C6)"),
    (["stats", "--game", "sh", "--deals", "1-3", "--dist", "\udcff"], 2,
     "Invalid value for '--dist': unknown measure '\\xff'; measures: aces_exposed, "
     "cards_over_aces, deepest_ace, quick_foundation, kings_over_cards, cards_under_kings, "
     "same_suit_blocks, ready_pairs, opening_moves"),
    (["stats", "--game", "sh", "--deals", "1-3", "--columns", "\udcff"], 2,
     "Invalid value for '--columns': no column '\\xff' in this table; columns: game, variant, "
     "measure, deals, mean, min, median, max, histogram"),
    (["stats", "--game", "sh", "--deals", "1-3", "--fmt", "\udcff"], 2,
     "Invalid value for '--fmt': unknown table format '\\xff'; any of tabulate's formats, "
     "e.g. simple, github, grid, pipe, plain, rst"),
    (["solve", "SH1-C4-AAAAAJ2", "--max-states", "\udcff"], 2,
     "Invalid value for '--max-states': '\\xff' is not a whole number (digits 0-9)"),
    (["solve", "SH1-C4-AAAAAJ2", "--timeout", "\udcff"], 2,
     "Invalid value for '--timeout': '\\xff' is not a number of seconds"),
    (["deal", "5", "--game", "\udcff"], 2, "Invalid value for '--game': '\\xff' is not one of "
                                           "'eh', 'sh'."),
    (["deal", "5", "--format", "\udcff"], 2, "Invalid value for '--format': '\\xff' is not one "
                                             "of 'text', 'json', 'fcs'."),
    (["deal", "5", "--cells", "\udcff"], 2, "Invalid value for '--cells': '\\xff' is not one of "
                                            "'4', '2', '1'."),
])
def test_a_byte_that_is_not_utf8_is_shown_as_that_byte_in_every_message(args, code, message):
    """Not as the lone surrogate Python holds it as (\\udcff), which the
    user never typed: deal codes, locations, numbers, dates, deal lists,
    measures, columns, formats and choices are quoted as file names and tokens are."""
    refused(args, code, message)
