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
from harp.records import LINE_LIMIT

from helpers import harp_process, invoke, invoke_ok

SCRIPT_314 = "8>f 7>2"      # Seahaven deal 314: 10 points, 2 moves


def score_rows(*args: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(invoke_ok("score", *args, "--rows", "--csv"))))


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
