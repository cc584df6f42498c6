"""Record files through every command that reads them (``score``,
``replay``, ``show --load``, ``play --load``/``--script``): one reader,
one behaviour, a bad record a row or a message, never a traceback."""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harp.analysis.scoring import score_records
from harp.recordfile import CHUNK
from harp.records import LINE_LIMIT

from helpers import harp_process, invoke, invoke_ok, refused

SCRIPT_314 = "8>f 7>2"      # Seahaven deal 314: 10 points, 2 moves


def score_rows(*args: str, input: str | None = None) -> list[dict[str, str]]:
    """``score --rows --csv``'s rows: exit 0, or 1 when no row was scored."""
    result = invoke("score", *args, "--rows", "--csv", input=input)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    none_good = bool(rows) and all(row["error"] for row in rows)
    assert result.exit_code == (1 if none_good else 0), result.stderr
    if none_good:
        assert result.stderr.startswith("Error: no record could be scored: ")
    return rows


def brief(rows: list[dict[str, str]]) -> list[tuple[str, str, str, str]]:
    return [(Path(r["source"]).name, r["line"], r["score"], r["error"]) for r in rows]


# ------------------------------------------------------------------ crashes

def test_deeply_nested_json_is_a_bad_record_in_every_command(tmp_path):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n"
                    + json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": SCRIPT_314}) + "\n")
    assert brief(score_rows(str(deep))) == [
        ("deep.jsonl", "1", "", "line 1: JSON nested deeper than 32 levels"),
        ("deep.jsonl", "2", "10", "")]
    message = f"Error: {deep}: line 1: JSON nested deeper than 32 levels\n"
    replayed = invoke("replay", "--check", str(deep))
    assert (replayed.exit_code, replayed.stderr) == (1, message)
    assert replayed.stdout.endswith("1 of 2 records replayed without error\n")
    for command in (["show", "--load", str(deep)], ["play", "--load", str(deep)]):
        result = invoke(*command)
        assert (result.exit_code, result.stderr) == (1, message), command


def test_csv_field_longer_than_pythons_limit_is_read_everywhere(tmp_path):
    long = tmp_path / "long.csv"
    long.write_text("code,moves\nEH1-N-AAAAAAF," + "d " * 70_000 + "\n")
    (row,) = score_rows(str(long))
    assert (row["actions"], row["error"]) == ("70000", "")
    assert invoke_ok("replay", "--check", str(long)).endswith(
        "70000 actions, all legal. Score 0, moves 70000, status open.\n")
    assert json.loads(invoke_ok("show", "--load", str(long), "--json"))["moves"] == 70_000
    assert json.loads(invoke_ok("play", "--load", str(long), "--json"))["moves"] == 70_000


def test_a_nul_byte_in_a_path_from_python_is_an_oserror():
    with pytest.raises(OSError, match="a file name cannot hold a NUL byte"):
        score_records(["a\0b.txt"])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_a_bad_record_not_a_memory_hog():
    message = "line 1: a NUL byte: not a text file; the rest of the file is not read"
    assert brief(score_rows("/dev/zero")) == [("zero", "1", "", message)]
    replayed = invoke("replay", "/dev/zero")
    assert (replayed.exit_code, replayed.stderr) == (1, f"Error: /dev/zero: {message}\n")


def test_a_line_over_the_limit_is_a_bad_record_with_its_line_number(tmp_path):
    path = tmp_path / "long.txt"
    with path.open("w") as out:
        out.write("# games\nEH1-N-AAAAAAF 1>f\n")
        out.write("d " * (LINE_LIMIT // 2 + 10) + "\n")
        out.write(f"SH1-C4-AAAAAJ2 {SCRIPT_314}\n")
    assert brief(score_rows(str(path))) == [
        ("long.txt", "2", "", f"line 3: the line is longer than {LINE_LIMIT} bytes"),
        ("long.txt", "4", "10", "")]


@pytest.mark.parametrize("row, bad", [
    ('SH1-C4-AAAAAJ2,"{long}\n\n"\n', 2),          # a quoted field opened on the long line
    ('SH1-C4-AAAAAJ2,"8>f\n{long}\n"\n', 3),       # ... running over it
    ('SH1-C4-AAAAAJ2,"a""{long}""b",x\n', 2),       # ... opened and closed on it
    ('SH1-C4-AAAAAJ2,{long}\n', 2),                  # no quotes
    ('SH1-C4-AAAAAJ2,8>f 5" {long}\n', 2)])          # a quote inside a field: a character
def test_a_csv_row_with_a_line_over_the_limit_is_one_bad_row(tmp_path, row, bad):
    """A line too long to hold still ends the CSV row it is part of where
    the csv module would end it: the row is one bad record, the next rows
    are read (its open quote was lost, and the rows after were misread)."""
    path = tmp_path / "long.csv"
    long = "d " * (LINE_LIMIT // 2 + 10)
    path.write_text("code,moves\n" + row.format(long=long)
                    + f"SH1-C4-AAAAAJ2,{SCRIPT_314}\nSH1-C4-AAAAAJ2,8>f 7>2\n")
    last = path.read_text().count("\n")
    assert brief(score_rows(str(path))) == [
        ("long.csv", "2", "", f"line {bad}: the line is longer than {LINE_LIMIT} bytes"),
        ("long.csv", str(last - 1), "10", ""), ("long.csv", str(last), "10", "")]


# ------------------------------------------------------------------ wrong results

def test_a_byte_order_mark_means_the_same_to_score_and_replay(tmp_path):
    for name, text in [("bom.txt", f"SH1-C4-AAAAAJ2 {SCRIPT_314}\n"),
                       ("bom.jsonl", json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": SCRIPT_314})),
                       ("bom.csv", f"code,moves\nSH1-C4-AAAAAJ2,{SCRIPT_314}\n")]:
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + text.encode())
        assert brief(score_rows(str(path))) == [(name, "1" if name != "bom.csv" else "2", "10", "")]
        assert invoke_ok("replay", "--check", str(path)).endswith(
            "2 actions, all legal. Score 10, moves 2, status open.\n")


def test_a_csv_field_over_several_lines_keeps_its_lines(tmp_path):
    path = tmp_path / "multi.csv"
    path.write_text('code,moves\nSH1-C4-AAAAAJ2,"8>f\n7>2"\nSH1-C4-AAAAAJ2,"8>f\n1>2"\n')
    error = ("action 2 (1>2, line 5): 2S cannot go on TS: a card goes only on the next "
             "higher card of its own suit (RULES A2.3)")
    assert brief(score_rows(str(path))) == [("multi.csv", "2", "10", ""),
                                             ("multi.csv", "4", "", error)]
    replayed = invoke("replay", "--check", str(path))
    assert (replayed.exit_code, replayed.stderr) == (
        1, f"Error: {path}: line 5: action 2 (1>2): 2S cannot go on TS: a card goes only on the "
        "next higher card of its own suit (RULES A2.3)\n")
    assert replayed.stdout.endswith("Record 2 (line 4): SH1-C4-AAAAAJ2\n"
                                    "1 of 2 records replayed without error\n")


@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_a_quote_left_open_is_a_row_and_the_records_after_it_are_read(tmp_path, ending):
    """The reader takes a CSV file as strictly as the check before records
    are added: a quote that runs over lines into something that is not CSV
    (line 2's closes on line 4), or to the end of the file (line 4's), is
    an error at the line it opens on, not a field swallowing the rows after
    it, and those rows are read as records of their own."""
    path = tmp_path / "games.csv"
    path.write_text(ending.join(["code,moves", 'SH1-C4-AAAAAJ2,"8>f', f"SH1-C4-AAAAAJ2,{SCRIPT_314}",
                                 'SH1-C4-AAAAAJ2,"7>2']) + ending, newline="")
    open_quote = "a quote opened there is not closed by the end of the file"
    assert brief(score_rows(str(path))) == [
        ("games.csv", "2", "", "line 2: not valid CSV (',' expected after '\"')"),
        ("games.csv", "3", "10", ""),
        ("games.csv", "4", "", f"line 4: {open_quote}")]
    result = invoke("replay", "--check", str(path))
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {path}: line 2: not valid CSV (',' expected after '\"')\n"
           f"Error: {path}: line 4: {open_quote}\n")
    assert "1 of 3 records replayed without error" in result.stdout


def test_a_file_that_is_not_utf8_is_a_row_naming_it_and_the_batch_goes_on(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"EH1-N-AAAAAAF 1>f  # caf\xe9\nSH1-C4-AAAAAJ2 8>f\n")
    (tmp_path / "b.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    assert brief(score_rows(str(tmp_path))) == [
        ("a.txt", "1", "", "line 1: not UTF-8 text (byte 0xe9 at column 25)"),
        ("a.txt", "2", "10", ""), ("b.txt", "1", "10", "")]
    replayed = invoke("replay", "--check", str(tmp_path / "a.txt"))
    assert replayed.exit_code == 1
    assert replayed.stderr == (f"Error: {tmp_path / 'a.txt'}: line 1: not UTF-8 text "
                               "(byte 0xe9 at column 25)\n")


# ------------------------------------------------------------------ files that cannot be read

def test_a_missing_file_exits_1_in_every_command(tmp_path):
    missing = str(tmp_path / "none.txt")
    message = f"Error: cannot open {missing}: No such file or directory\n"
    for command in (["score", missing], ["score", "-", missing], ["replay", missing],
                    ["show", "--load", missing], ["play", "--load", missing],
                    ["play", "EH1-N-AAAAAAF", "--script", missing]):
        result = invoke(*command, input="")
        assert (result.exit_code, result.stdout, result.stderr) == (1, "", message), command


READERS = (["replay"], ["show", "--load"], ["play", "--load"],
           ["play", "EH1-N-AAAAAAF", "--script"])


def test_a_folder_where_a_file_is_expected_exits_1_in_one_line(tmp_path):
    """Bad data like a missing file (exit 1), not a usage banner (exit 2)."""
    for command in READERS:
        result = invoke(*command, str(tmp_path))
        assert (result.exit_code, result.stdout, result.stderr) == (
            1, "", f"Error: cannot open {tmp_path}: it is a folder, not a file\n"), command


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_file_that_cannot_be_opened_is_a_row_and_the_batch_goes_on(tmp_path):
    """A file of mode 000 in a folder, scored in a child process that file
    modes bind (root included)."""
    (tmp_path / "a.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    (tmp_path / "b.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    (tmp_path / "a.txt").chmod(0)
    scored = harp_process("score", str(tmp_path), "--rows", "--csv")
    assert (scored.returncode, scored.stderr) == (0, "")
    assert brief(list(csv.DictReader(io.StringIO(scored.stdout)))) == [
        ("a.txt", "0", "", f"cannot read {tmp_path / 'a.txt'}: Permission denied"),
        ("b.txt", "1", "10", "")]


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
@pytest.mark.parametrize("command", [*READERS, ["score"], ["score", "--rows", "--csv"]])
def test_an_unreadable_file_exits_1_in_every_command(tmp_path, command):
    """docs/exit-codes.md: a file without permission is bad data, exit 1,
    one line, as a missing one is (in a child process that file modes bind,
    root too)."""
    (tmp_path / "a.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    (tmp_path / "a.txt").chmod(0)
    refused = harp_process(*command, "a.txt", cwd=tmp_path)
    assert (refused.returncode, refused.stdout, refused.stderr) == (
        1, "", "Error: cannot open a.txt: Permission denied\n")


# ------------------------------------------------------------------ replay streams

def test_replay_goes_on_after_a_bad_record(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": SCRIPT_314}) + "\n"
                    '{"code": \n' + json.dumps({"code": "EH1-N-AAAAAAF", "moves": "1>f"}) + "\n")
    result = invoke("replay", "--check", str(path))
    assert result.exit_code == 1
    assert [line for line in result.stdout.splitlines() if line.startswith(("Record", "2 of"))] \
        == ["Record 1 (line 1): SH1-C4-AAAAAJ2", "Record 2 (line 2): cannot be read",
            "Record 3 (line 3): EH1-N-AAAAAAF", "2 of 3 records replayed without error"]
    assert result.stderr == f"Error: {path}: line 2: not valid JSON (Expecting value, column 9)\n"


def peak_memory_mb(*args: str) -> float:
    """Max RSS (MB) of ``python -m harp ARGS`` in a fresh child process."""
    probe = ("import resource, subprocess, sys;"
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "harp", *args],
                         check=True, capture_output=True, text=True).stdout
    return int(out.split()[-1]) / 1024


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in KiB on Linux")
def test_replay_memory_does_not_grow_with_the_file(tmp_path):
    """50 MB of records (long extra fields) replay in about the memory of one."""
    record = json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": SCRIPT_314, "note": "x" * 10_000})
    one, many = tmp_path / "one.jsonl", tmp_path / "many.jsonl"
    one.write_text(record + "\n")
    many.write_text((record + "\n") * 5_000)
    assert peak_memory_mb("replay", "--check", str(many)) < peak_memory_mb(
        "replay", "--check", str(one)) + 10


# ------------------------------------------------------------------ line ends, BOMs, JSON

def test_a_carriage_return_alone_ends_a_line_in_every_format(tmp_path):
    """A file saved with old Mac line ends (\\r alone) has its records on
    their lines, numbered as an editor numbers them, in text, JSON Lines
    and CSV, in score and replay alike."""
    texts = {"cr.txt": "EH1-N-AAAAAAF 1>f\rSH1-C4-AAAAAJ2 8>f 7>2\rEH1-N-AAAAAAB 1>x\r",
             "cr.jsonl": '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\r'
                         '{"code": "SH1-C4-AAAAAJ2", "moves": "8>f 7>2"}\r'
                         '{"code": "EH1-N-AAAAAAB", "moves": "1>x"}\r',
             "cr.csv": 'code,moves\rEH1-N-AAAAAAF,1>f\rSH1-C4-AAAAAJ2,"8>f\r7>2"\r'
                       "EH1-N-AAAAAAB,1>x\r"}
    for name, text in texts.items():
        (tmp_path / name).write_bytes(text.encode())
        first = "2" if name == "cr.csv" else "1"
        second, third = ("3", "5") if name == "cr.csv" else ("2", "3")
        assert brief(score_rows(str(tmp_path / name))) == [
            (name, first, "10", ""), (name, second, "10", ""),
            (name, third, "", f"action 1 (1>x, line {third}): unknown location 'x'")], name
        replayed = invoke("replay", "--check", str(tmp_path / name))
        assert replayed.stderr == (f"Error: {tmp_path / name}: line {third}: action 1 (1>x): "
                                   "unknown location 'x'\n"), name
        assert replayed.stdout.endswith("2 of 3 records replayed without error\n")


def test_a_script_over_carriage_return_lines_is_one_record(tmp_path):
    path = tmp_path / "cr.txt"
    path.write_bytes(b"# a game\rEH1-N-AAAAAAF\r1>f  # ace\r1>x\r")
    refused(["replay", "--check", str(path)], 1,
            f"{path}: line 4: action 2 (1>x): unknown location 'x'")
    refused(["play", "EH1-N-AAAAAAF", "--script", str(path)], 1,
            f"{path}: line 2: action 1 (EH1-N-AAAAAAF): cannot read 'EH1-N-AAAAAAF': expected "
            "X>Y, N:X>Y, d, tX, ttX or u")
    path.write_bytes(b"# my moves\r1>f\r\r1>x\r")
    refused(["play", "EH1-N-AAAAAAF", "--script", str(path)], 1,
            f"{path}: line 4: action 2 (1>x): unknown location 'x'")


def test_a_line_end_split_across_the_readers_chunks_is_one_line_end(tmp_path):
    """Lines are read in chunks of CHUNK bytes: a \\r\\n whose \\r ends one
    chunk is one line end, a \\r alone there is one too."""
    for end in (b"\r\n", b"\r"):
        path = tmp_path / "long.txt"
        comment = b"# " + b"x" * (CHUNK - 3) + b"\r"          # its \r is the chunk's last byte
        path.write_bytes(comment + end[1:] + b"EH1-N-AAAAAAF 1>f" + end + b"1>x" + end)
        refused(["replay", "--check", str(path)], 1,
                f"{path}: line 3: action 2 (1>x): unknown location 'x'")


def test_a_byte_order_mark_inside_a_file_is_dropped_like_the_first(tmp_path):
    """Two files that each start with a byte-order mark, joined with cat."""
    bom = b"\xef\xbb\xbf"
    for name, one, two in [
            ("joined.txt", b"EH1-N-AAAAAAF 1>f\n", b"SH1-C4-AAAAAJ2 8>f 7>2\n"),
            ("joined.jsonl", b'{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n',
             b'{"code": "SH1-C4-AAAAAJ2", "moves": "8>f 7>2"}\n')]:
        (tmp_path / name).write_bytes(bom + one + bom + two)
        assert brief(score_rows(str(tmp_path / name))) == [(name, "1", "10", ""),
                                                            (name, "2", "10", "")]
    script = tmp_path / "script.txt"
    script.write_bytes(bom + b"1>f\n" + bom + b"2>f\n")
    assert json.loads(invoke_ok("play", "EH1-N-AAAAAAF", "--script", str(script),
                                "--json"))["moves"] == 2


def test_a_json_record_is_one_line_whatever_its_moves_hold(tmp_path):
    """A line break inside a JSON string is not a line of the file: an error
    names the record's own line; a comment ends at that break, and with its
    element of a list of moves, so no later move is dropped (RULES B7)."""
    path = tmp_path / "nl.jsonl"
    path.write_text('{"code": "EH1-N-AAAAAAB", "moves": "d"}\n'
                    '{"code": "EH1-N-AAAAAAF", "moves": "1>f # ace\\n2>f\\n\\n1>x"}\n')
    replayed = invoke("replay", "--check", str(path))
    assert replayed.stderr == f"Error: {path}: line 2: action 3 (1>x): unknown location 'x'\n"
    listed = tmp_path / "list.jsonl"
    listed.write_text('{"code": "EH1-N-AAAAAAF", "moves": ["1>f", "2>f # two aces", "1>x"]}\n')
    refused(["replay", "--check", str(listed)], 1,
            f"{listed}: line 1: action 3 (1>x): unknown location 'x'")
    listed.write_text('{"code": "EH1-N-AAAAAAF", "moves": ["1>f # ace", "2>f"]}\n')
    assert json.loads(invoke_ok("show", "--load", str(listed), "--json"))["moves"] == 2


def test_a_field_named_twice_is_refused_not_read_as_its_last_value(tmp_path):
    (tmp_path / "a.jsonl").write_text(
        '{"code": "EH1-N-AAAAAAF", "moves": "1>f", "code": "EH1-N-AAAAAAB"}\n'
        '{"code": "EH1-N-AAAAAAF", "moves": "1>f", "player": "ann", "player": "bob"}\n'
        '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n')
    (tmp_path / "b.csv").write_text("code,moves,Code\nEH1-N-AAAAAAF,1>f,EH1-N-AAAAAAB\n")
    assert brief(score_rows(str(tmp_path))) == [
        ("a.jsonl", "1", "", "line 1: the field 'code' appears twice"),
        ("a.jsonl", "2", "", "line 2: the field 'player' appears twice"),
        ("a.jsonl", "3", "10", ""),
        ("b.csv", "1", "", "line 1: the CSV header names the column 'code' twice")]
    refused(["show", "--load", str(tmp_path / "b.csv")], 1,
            f"{tmp_path / 'b.csv'}: line 1: the CSV header names the column 'code' twice")


def test_nan_and_infinite_numbers_are_bad_records_so_json_output_stays_json(tmp_path):
    path = tmp_path / "n.jsonl"
    path.write_text('{"code": "EH1-N-AAAAAAF", "moves": "1>f", "player": NaN}\n'
                    '{"code": "EH1-N-AAAAAAF", "moves": "1>f", "player": -Infinity}\n'
                    '{"code": "EH1-N-AAAAAAF", "moves": "1>f", "player": 1e999}\n'
                    '{"code": "EH1-N-AAAAAAF", "moves": "1>f", "player": 1.5}\n')
    assert brief(score_rows(str(path))) == [
        ("n.jsonl", "1", "", "line 1: NaN is not a JSON number"),
        ("n.jsonl", "2", "", "line 2: -Infinity is not a JSON number"),
        ("n.jsonl", "3", "", "line 3: the JSON number 1e999 is out of range"),
        ("n.jsonl", "4", "10", "")]

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in the output")
    for args in (["--json", "--by", "player"], ["--rows", "--json"]):
        json.loads(invoke_ok("score", str(path), *args), parse_constant=refuse)


def test_a_json_value_over_several_lines_is_not_read_as_json_lines(tmp_path):
    """A .json file is read as JSON Lines: a pretty-printed object is said
    to be one, not reported as broken JSON."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"code": "EH1-N-AAAAAAF", "moves": "1>f"}, indent=2) + "\n")
    why = "not a JSON Lines record (one JSON object per line)"
    assert brief(score_rows(str(path))) == [("game.json", str(n), "", f"line {n}: {why}")
                                            for n in (1, 2, 3, 4)]
    refused(["show", "--load", str(path)], 1, f"{path}: line 1: {why}")


def test_a_utf16_file_is_named_as_such(tmp_path):
    for mark in (b"\xff\xfe", b"\xfe\xff"):
        path = tmp_path / "utf16.txt"
        path.write_bytes(mark + "EH1-N-AAAAAAF 1>f\n".encode("utf-16-le" if mark == b"\xff\xfe"
                                                             else "utf-16-be"))
        why = ("line 1: UTF-16 text (its byte-order mark): harp reads UTF-8 text; the rest of "
               "the file is not read")
        assert brief(score_rows(str(path))) == [("utf16.txt", "1", "", why)]
        refused(["replay", str(path)], 1, f"{path}: {why}")


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs /proc/self/mem")
@pytest.mark.parametrize("command", READERS)
def test_a_read_that_fails_part_way_names_the_file(command):
    """/proc/self/mem opens, and its first read fails (Input/output error)."""
    refused([*command, "/proc/self/mem"], 1, "cannot read /proc/self/mem: Input/output error")


# ------------------------------------------------------------------ folders

@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_folder_inside_that_cannot_be_listed_is_a_row(tmp_path):
    """docs/exit-codes.md: what a folder holds that score cannot read is a
    bad record, never skipped unsaid (in a child process that file modes
    bind, root too)."""
    (tmp_path / "ok.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    (tmp_path / "sub").chmod(0)
    try:
        scored = harp_process("score", str(tmp_path), "--rows", "--csv")
    finally:
        (tmp_path / "sub").chmod(0o755)
    assert (scored.returncode, scored.stderr) == (0, "")
    assert brief(list(csv.DictReader(io.StringIO(scored.stdout)))) == [
        ("ok.txt", "1", "10", ""), ("sub", "0", "", f"cannot read {tmp_path / 'sub'}: "
                                                     "Permission denied")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_inside_a_folder_is_a_row_never_opened(tmp_path):
    """Opening a named pipe waits for a writer: score would hang."""
    os.mkfifo(tmp_path / "a.txt")
    (tmp_path / "b.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    scored = subprocess.run([sys.executable, "-m", "harp", "score", str(tmp_path), "--rows",
                             "--csv"], capture_output=True, text=True, timeout=60)
    assert (scored.returncode, scored.stderr) == (0, "")
    assert brief(list(csv.DictReader(io.StringIO(scored.stdout)))) == [
        ("a.txt", "0", "", f"cannot read {tmp_path / 'a.txt'}: not a regular file"),
        ("b.txt", "1", "10", "")]


def test_a_file_name_with_a_line_break_or_an_escape_is_shown_escaped(tmp_path, monkeypatch):
    """A name holding a line break must not split a table row or a note,
    and one holding an escape sequence must not drive the terminal."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cc").mkdir()
    (tmp_path / "cc" / "x\ny\x1b[31mz.txt").write_text(f"SH1-C4-AAAAAJ2 {SCRIPT_314}\n")
    out = invoke_ok("score", "cc", "--rows", "--columns", "source,line,score")
    assert out.splitlines()[2:] == ["cc/x\\ny\\x1b[31mz.txt       1       10"]
    result = invoke("generate", "--game", "sh", "--deals", "1", "--random-play", "-o",
                    "cc/o\n.txt")
    assert (result.exit_code, result.stderr) == (
        0, "generate: 1 record of 1 deal written to cc/o\\n.txt\n")


def test_record_text_echoed_in_a_row_error_is_escaped(tmp_path):
    """A token or a deal code holding an escape sequence is shown escaped
    in the error of a score row, in CSV and JSON as in the table and in
    every other message: it must not drive the terminal."""
    path = tmp_path / "e.jsonl"
    path.write_text('{"code": "SH1-C4-AAAAAJ2", "moves": "8>f\\u001b[31mRED"}\n'
                    '{"code": "SH1-C4-AAAAAJ2\\u001b[31m", "moves": "8>f"}\n')
    out = invoke("score", str(path), "--rows", "--csv", "--columns", "line,code,error").stdout
    assert out.splitlines() == [
        "line,code,error",
        "1,SH1-C4-AAAAAJ2,action 1 (8>f\\x1b[31mRED): unknown location 'f\\x1b[31mred'",
        "2,SH1-C4-AAAAAJ2\\x1b[31m,\"invalid deal code 'SH1-C4-AAAAAJ2\\x1b[31m': payload "
        "'AAAAAJ2\\x1b[31m' has the character '\\x1b', not in A-Z 2-7 (RULES B1)\""]
    assert "\x1b" not in invoke("score", str(path), "--rows", "--json").stdout


# ------------------------------------------------------------------ formats

@pytest.mark.parametrize("text, rows", [
    ('\n{"code": "SH1-C4-AAAAAJ2", "moves": "8>f 9>9"}\n', [("2", "line 2")]),
    ("\n \r\ncode,moves\nSH1-C4-AAAAAJ2,8>f 9>9\n", [("4", "line 4")]),
    ("\n\t\nSH1-C4-AAAAAJ2 8>f\n9>9\n", [("3", "line 4")]),
])
def test_the_format_is_told_from_the_first_line_that_is_not_blank(tmp_path, text, rows):
    """Standard input, or a file whose name does not tell its format, is
    read as JSON Lines or CSV though blank lines come first (as a CSV
    header is found), and its lines keep their numbers."""
    error = "action 2 (9>9, {}): a card cannot move from column 9 onto itself (RULES A2.3)"
    expected = [("<stdin>", line, "", error.format(where)) for line, where in rows]
    assert brief(score_rows("-", input=text)) == expected
    path = tmp_path / "games.dat"
    path.write_text(text, newline="")
    assert brief(score_rows(str(path))) == [("games.dat", *row[1:]) for row in expected]


def test_a_csv_row_beyond_the_record_limit_is_a_row_and_the_records_after_it_are_read(
        tmp_path, monkeypatch):
    """A quoted field that runs past the record limit (4 MiB; less here)
    and closes: one bad row, then the records after it, as text and JSON
    Lines files go on after a line that is too long."""
    monkeypatch.setattr("harp.records.RECORD_LIMIT", 1000)
    path = tmp_path / "long.csv"
    path.write_text('code,moves\nSH1-C4-AAAAAJ2,"' + "u\n" * 3000 + f'"\nSH1-C4-AAAAAJ2,{SCRIPT_314}\n')
    assert brief(score_rows(str(path))) == [
        ("long.csv", "2", "", "line 2: a CSV row longer than 1000 characters, to line 3002 "
                              "(a quote left open?)"),
        ("long.csv", "3003", "10", "")]


@pytest.mark.parametrize("head", [b"", b"\xef\xbb\xbf"])
def test_the_column_of_a_byte_that_is_not_utf8_counts_characters_as_an_editor_does(
        tmp_path, head):
    """``♠`` is three bytes and one column; a byte-order mark is dropped."""
    path = tmp_path / "l.txt"
    path.write_bytes(head + "SH1-C4-AAAAAJ2 ♠ 7>2 ".encode() + b"\xe9\n")
    result = invoke("replay", "--check", str(path))
    assert (result.exit_code, result.stderr) == (
        1, f"Error: {path}: line 1: not UTF-8 text (byte 0xe9 at column 22)\n")
