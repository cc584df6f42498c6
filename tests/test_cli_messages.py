"""Messages that say what is really wrong, and the exit codes that go with
them: options that mean nothing for the deal chosen, negative deal numbers,
files in the way of folders, a record's 'code' of the wrong type, and an
output that cannot take what harp writes (full, closed, or its reader
gone), and a closed standard error.

What only a real process shows (a full device, a closed pipe or output, an
ASCII output encoding, /dev/stdout) runs ``python -m harp``."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harp.atomicfile import AtomicFile, file_in_the_way
from harp.cli.output import one_line
from harp.records import read_records

from helpers import invoke, invoke_ok, refused

ROOT = Path(__file__).resolve().parent.parent
SH = "SH1-C4-AAAAAJ2"
EH5 = "EH1-N-AAAAAAF"


def harp(*args: str, stdout: int | None = subprocess.PIPE, cwd: str | Path = ROOT,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """``python -m harp ARGS`` as a real process: its output as bytes."""
    return subprocess.run([sys.executable, "-m", "harp", *args], stdout=stdout,
                          stderr=subprocess.PIPE, cwd=cwd, env={**os.environ, **(env or {})},
                          check=False)


# ------------------------------------------------------------------ deal: what the options choose

def test_winnable_with_a_code_says_the_code_already_names_the_deal():
    for code in ([SH, "--winnable"], ["314", "--game", "sh", "--min-cells", "2"],
                 [EH5, "--unwinnable"]):
        refused(["deal", *code], 2, "--winnable, --unwinnable and --min-cells choose a --random "
                "deal, not the deal CODE names; 'harp decode CODE' says whether it can be won")


def test_winnable_with_daily_still_says_the_daily_deal_is_everyone_s():
    refused(["deal", "--daily", "--winnable"], 2,
            "--winnable, --unwinnable and --min-cells choose a --random deal; the daily deal is "
            "the same for everyone, winnable or not (RULES B4), and 'harp decode CODE' says "
            "whether a deal can be won")


@pytest.mark.parametrize("number", ["0", "-1", "-0", "-999999999999999999999"])
def test_a_negative_deal_number_is_out_of_range_as_0_is(number):
    refused(["deal", "--", number], 2,
            f"Invalid value for CODE: deal number {number} is out of range 1-999999")


def test_play_refuses_a_negative_deal_number_the_same_way():
    refused(["play", "--", "-3", "1>f"], 2,
            "Invalid value for CODE: deal number -3 is out of range 1-999999")


@pytest.mark.parametrize("code", ["-", "-x", "-1a"])
def test_a_dash_that_is_no_number_is_still_a_bad_code(code):
    refused(["deal", "--", code], 1,
            f"invalid deal code {code!r}: expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF")


@pytest.mark.parametrize("args", [[SH, "--reveal"], ["--random", "--game", "sh", "--reveal"],
                                  ["314", "--game", "sh", "--reveal", "--json"]])
def test_reveal_is_refused_for_seahaven(args):
    refused(["deal", *args], 2,
            "--reveal is for Easy Harp: a Seahaven deal has no face-down cards and no stock")


def test_play_says_the_same_of_winnable_with_a_code_and_of_reveal():
    refused(["play", SH, "--winnable"], 2, "--winnable, --unwinnable and --min-cells choose a "
            "--random deal, not the deal CODE names; 'harp decode CODE' says whether it can be won")
    refused(["play", SH, "8>f", "--reveal"], 2,
            "--reveal is for Easy Harp: a Seahaven deal has no face-down cards and no stock")


@pytest.mark.parametrize("option", [["--winnable"], ["--unwinnable"], ["--min-cells", "2"]])
def test_play_with_moves_and_a_winnable_option_names_that_option(option):
    """No longer blamed on --random and --daily, which were not given."""
    refused(["play", SH, "8>f", *option], 2, "--winnable, --unwinnable and --min-cells choose "
            "a --random deal, not the deal CODE names; 'harp decode CODE' says whether it can "
            "be won")


def test_play_with_moves_and_a_game_or_date_names_those(tmp_path):
    saved = tmp_path / "saved.txt"
    saved.write_text(f"{SH} 8>f\n")
    refused(["play", SH, "8>f", "--game", "sh"], 2, "--game and --cells choose a deal NUMBER, "
            "a --random or --daily deal; a CODE already names its game and cells")
    refused(["play", SH, "8>f", "--date", "2026-01-01"], 2, "--date goes with --daily")
    refused(["play", "--load", str(saved), "--game", "sh", "--winnable"], 2,
            "--game, --winnable and --load exclude each other: the saved game names its deal")
    refused(["play", "--load", str(saved), "--random"], 2,
            "--random and --daily start a new deal; --load, --script and MOVES go with a CODE")


@pytest.mark.parametrize("args", [["deal", "٣", "--game", "sh"], ["deal", "５"],
                                  ["deal", "--", "-５"], ["play", "٣", "--game", "sh", "8>f"],
                                  ["play", "５"]])
def test_a_deal_number_in_other_digits_is_refused_as_a_number(args):
    """RULES C6, as ``harp encode`` says it: not a complaint about --game
    and --cells, nor about the shape of a deal code."""
    number = args[2] if args[1] == "--" else args[1]
    refused(args, 2, f"Invalid value for CODE: {number!r} is not a deal number (write it "
            "with the digits 0-9, RULES C6)")


def test_reveal_still_shows_easy_harp_s_hidden_cards():
    assert invoke_ok("deal", EH5, "--reveal", "--ascii") != invoke_ok("deal", EH5, "--ascii")


# ------------------------------------------------------------------ files where folders should be

@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """A folder holding the regular files empty.txt and README.md, as the
    current folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "README.md").write_text("# notes\n")
    return tmp_path


@pytest.mark.parametrize("name", ["empty.txt/x", "empty.txt/more/x"])
def test_saving_under_a_file_names_the_file(in_tmp, name):
    refused(["solve", SH, "--save", name], 1,
            f"cannot open {name}: empty.txt is a file, not a folder")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["README.md", "empty.txt"]


def test_saving_into_a_missing_folder_still_says_no_such_folder(in_tmp):
    refused(["solve", SH, "--save", "nowhere/x.txt"], 1,
            "cannot open nowhere/x.txt: no such folder")


def test_reading_under_a_file_names_the_file(in_tmp):
    refused(["replay", "empty.txt/game.txt"], 1,
            "cannot open empty.txt/game.txt: empty.txt is a file, not a folder")


def test_atlas_pieces_in_place_of_a_file(in_tmp):
    refused(["atlas", "build", "--pieces", "README.md", "--deals", "1-10", "--piece-size", "10"],
            1, "cannot open README.md: it is a file, not a folder")
    refused(["atlas", "build", "--pieces", "README.md/pieces", "--deals", "1-10",
             "--piece-size", "10"],
            1, "cannot open README.md/pieces: README.md is a file, not a folder")
    assert (in_tmp / "README.md").read_text() == "# notes\n"


def test_file_in_the_way(in_tmp):
    assert file_in_the_way("empty.txt/a/b") == "empty.txt"
    assert file_in_the_way(str(in_tmp / "empty.txt" / "a")) == str(in_tmp / "empty.txt")
    assert file_in_the_way("missing/a") is None
    assert file_in_the_way("empty.txt") is None         # the name itself is no folder named


def test_the_system_s_words_kept_where_they_are_right(in_tmp):
    assert one_line(FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), "new")) == \
        "cannot open new: File exists"
    assert one_line(FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), "README.md")) == \
        "cannot open README.md: it is a file, not a folder"
    assert one_line(NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), "x/y")) == \
        "cannot open x/y: Not a directory"


@pytest.mark.skipif(not os.path.isfile("/proc/version"), reason="no /proc")
def test_a_kernel_file_is_not_a_regular_file():
    """/proc's files look regular, but no file can be made beside them."""
    with pytest.raises(OSError) as caught, AtomicFile("/proc/version"):
        pass
    assert one_line(caught.value) == \
        "cannot open /proc/version: not a regular file (/proc takes no new files)"
    refused(["solve", SH, "--save", "/proc/harp-new.txt"], 1,
            "cannot open /proc/harp-new.txt: /proc takes no new files")


@pytest.mark.skipif(not os.path.exists("/dev/stdout"), reason="no /dev/stdout")
def test_saving_to_dev_stdout_on_a_pipe_is_not_a_regular_file():
    """/dev/stdout is the pipe it stands for, not a file to replace."""
    result = harp("solve", SH, "--save", "/dev/stdout")
    assert (result.returncode, result.stdout, result.stderr) == (
        1, b"", b"Error: cannot open /dev/stdout: not a regular file\n")


# ------------------------------------------------------------------ records

def test_a_code_that_is_no_string_is_said_so():
    lines = ['{"code": 5, "moves": "1>f"}\n', '{"code": ["x"]}\n', '{"code": null}\n',
             '{"code": " "}\n']
    assert [str(error) for _, error in read_records(lines, "jsonl")] == [
        "line 1: 'code' must be a string (a deal code in quotes, e.g. \"EH1-N-AAAAAAF\"), not 5",
        "line 2: 'code' must be a string (a deal code in quotes, e.g. \"EH1-N-AAAAAAF\"), "
        "not [\"x\"]",
        "line 3: the record has no 'code'",
        "line 4: the record has no 'code'"]


def test_replay_names_the_line_of_a_code_that_is_no_string(in_tmp):
    (in_tmp / "bad.jsonl").write_text('{"code": 5, "moves": "1>f"}\n')
    result = invoke("replay", "bad.jsonl")
    assert result.exit_code == 1
    assert result.stderr == ("Error: bad.jsonl: line 1: 'code' must be a string (a deal code "
                             "in quotes, e.g. \"EH1-N-AAAAAAF\"), not 5\n")


# ------------------------------------------------------------------ standard output

FULL = b"Error: cannot write standard output: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["deal", "5"], ["rules"], ["--version"],
                                  ["stats", "--game", "sh", "--deals", "1-3"]])
def test_a_full_output_is_one_line_exit_1(args):
    """Written at once (deal) or left buffered to the end (the stats table)."""
    with open("/dev/full", "wb") as full:
        result = harp(*args, stdout=full.fileno())
    assert (result.returncode, result.stderr) == (1, FULL)


def test_rules_follow_the_output_s_encoding_as_deal_does():
    """ASCII: stand-ins, as the board's suit letters; never UTF-8 bytes."""
    ascii_env = {"PYTHONIOENCODING": "ascii"}
    book = harp("rules", env=ascii_env)
    assert (book.returncode, book.stderr) == (0, b"")
    assert book.stdout.isascii()
    assert book.stdout.splitlines()[0] == b"# harp -- the rules of Easy Harp and Seahaven Towers"
    utf8 = harp("rules", env={"PYTHONIOENCODING": "utf-8"}).stdout
    assert len(book.stdout.splitlines()) == len(utf8.splitlines())
    assert not utf8.isascii()
    listed = harp("rules", "--list", env=ascii_env)
    assert (listed.returncode, listed.stderr) == (0, b"") and listed.stdout.isascii()
    assert harp("deal", SH, env=ascii_env).stdout == harp("deal", SH, "--ascii").stdout


def _with_reader_gone(*args: str) -> subprocess.CompletedProcess[bytes]:
    """harp writing into a pipe whose reader has already gone: every write fails."""
    read, write = os.pipe()
    os.close(read)
    try:
        return harp(*args, stdout=write)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [["rules"], ["replay", "examples/won-seahaven.txt"],
                                  ["deal", "5"], ["stats", "--game", "sh", "--deals", "1-3"],
                                  ["--help"], ["deal", "--help"], ["--version"]])
def test_a_reader_gone_ends_harp_quietly(args):
    result = _with_reader_gone(*args)
    assert (result.returncode, result.stderr) == (0, b"")


def test_a_reader_gone_keeps_a_failure_s_exit_code(in_tmp):
    (in_tmp / "bad.jsonl").write_text('{"code": 5, "moves": "1>f"}\n')
    result = _with_reader_gone("replay", str(in_tmp / "bad.jsonl"))
    assert result.returncode == 1
    assert result.stderr.endswith(b"not 5\n")


def test_head_reads_one_line_of_a_long_replay():
    """As a shell pipeline: harp replay ... | head -1."""
    command = (f"{sys.executable} -m harp replay examples/won-seahaven.txt | head -1; "
               "echo \"${PIPESTATUS[0]}\"")
    result = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, check=False)
    assert (result.stdout, result.stderr) == (b"Start\n0\n", b"")


def _with_closed(fd: int, *args: str) -> subprocess.CompletedProcess[bytes]:
    """harp started with standard output (1) or error (2) closed, as a
    shell's ``>&-`` or ``2>&-``: Python then has no sys.stdout or sys.stderr."""
    return subprocess.run([sys.executable, "-m", "harp", *args], capture_output=True, cwd=ROOT,
                          check=False, preexec_fn=lambda: os.close(fd))


@pytest.mark.parametrize("args", [
    ["deal", SH], ["deal", "--json", SH], ["rules", "A1.1"], ["score", "examples/games.jsonl"],
    ["stats", "--game", "sh", "--deals", "1-2", "-q"], ["encode", "--game", "sh", "5"],
    ["generate", "--game", "sh", "--deals", "1", "--random-play", "-q"], ["decode", SH],
    ["solve", SH], ["--version"], ["--help"]])
def test_a_closed_output_is_one_line_exit_1(args):
    """Refused before any work: no traceback, and no exit 0 with nothing printed."""
    result = _with_closed(1, *args)
    assert (result.returncode, result.stderr) == (
        1, b"Error: cannot write standard output: it is closed\n")


@pytest.mark.parametrize("args, usage", [
    (["deal", "--bogus"], b"No such option '--bogus'"), (["nosuch"], b"No such command 'nosuch'"),
    (["atlas", "check", "--jobs", "0"], b"Invalid value for '--jobs'")])
def test_a_closed_output_still_reports_a_usage_error_exit_2(args, usage):
    """The command line is read first: a usage error is exit 2, as ever."""
    result = _with_closed(1, *args)
    assert result.returncode == 2
    assert usage in result.stderr and b"standard output" not in result.stderr


def test_a_closed_standard_error_still_gets_the_output_written():
    """Messages (progress, errors) are dropped; the output and exit code are as ever."""
    scored = _with_closed(2, "score", "examples/games.jsonl")
    assert (scored.returncode, scored.stdout) == (0, harp("score", "examples/games.jsonl").stdout)
    assert scored.stdout.startswith(b"game ")
    bad = _with_closed(2, "deal", "nonsense")
    assert (bad.returncode, bad.stdout) == (1, b"")


def test_a_closed_standard_input_reads_as_empty():
    scored = _with_closed(0, "score", "-")
    assert (scored.returncode, scored.stdout, scored.stderr) == (
        1, b"", b"Error: <stdin>: no record found: a record is a deal code followed by its "
        b"moves (RULES B8)\n")
    dealt = _with_closed(0, "deal", SH)
    assert (dealt.returncode, dealt.stdout) == (0, harp("deal", SH).stdout)


@pytest.mark.parametrize("action, why", [
    ("0:1>f", "a move of 0 cards: a move takes at least one card (RULES B7)"),
    ("000:1>f", "a move of 000 cards: a move takes at least one card (RULES B7)"),
    ("1000:1>f", "a move of 1000 cards: a count is at most 999 (RULES B7)"),
    ("9" * 30 + ":1>f", "a move of 9999999… cards: a count is at most 999 (RULES B7)")])
def test_a_count_of_no_cards_or_too_many_says_why_and_names_the_rule(action: str,
                                                                       why: str) -> None:
    refused(["play", "EH1-N-AAAAAAF", action], 1, f"action 1 ({action}): {why}")


@pytest.mark.parametrize("action, why", [
    ("94vfff", "a move of vfff cards: a count is at most 999 (v3e7) (RULES B7)"),
    ("94v0", "a move of v0 cards: a move takes at least one card (RULES B7)")])
def test_a_hexadecimal_count_after_v_is_written_as_the_notation_writes_it(action: str,
                                                                          why: str) -> None:
    """Freecell Solver's vN is hexadecimal: its most, 999, is v3e7, and
    the count is named as typed (the message said 'fff' and 'at most 999')."""
    refused(["play", "SH1-C4-AAAAAJ2", action], 1, f"action 1 ({action}): {why}")
