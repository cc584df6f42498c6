"""Games as records: harp solve --save, harp stats --solve --export and
harp generate write records (RULES B8) that go straight into harp replay
and harp score; record files are written whole or extended safely."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harp import RecordError, parse_code, read_records, replay
from harp.cli.recordout import RecordWriter
from harp.records import Record

from helpers import invoke, invoke_ok, refused


def replays_and_scores(path, games: int, won: int) -> None:
    """``harp replay --check`` accepts every record and ``harp score`` counts them."""
    replayed = invoke_ok("replay", "--check", str(path)).splitlines()
    assert len([line for line in replayed if ", all legal. Score " in line]) == games
    if games > 1:
        assert replayed[-1] == f"{games} of {games} records replayed without error"
    rows = json.loads(invoke_ok("score", str(path), "--json"))
    assert sum(r["games"] for r in rows) == games and sum(r["won"] for r in rows) == won
    assert sum(r["errors"] for r in rows) == 0


@pytest.mark.parametrize("name", ["wins.jsonl", "wins.csv", "wins.txt"])
def test_solve_record_round_trip(tmp_path, name):
    path = tmp_path / name
    for args in (["SH1-C4-AAAAAJ2"], ["SH1-C4-AAAAAAF", "10>f", "10>f"], ["SH1-C2-AAAAAAD"]):
        invoke_ok("solve", *args, "--save", str(path))
    replays_and_scores(path, 3, 3)
    lines = path.read_text().splitlines()
    assert len(lines) == (4 if name.endswith(".csv") else 3)
    records = [r for _, r in read_records(lines, {"jsonl": "jsonl", "csv": "csv"}.get(
        name.rsplit(".", 1)[1], "text"))]
    assert records[1].script.startswith("10>f 10>f ")     # MOVES, then the solution


def test_solve_record_writes_nothing_without_a_win(tmp_path):
    path = tmp_path / "wins.jsonl"
    result = invoke("solve", "SH1-C1-AAAAAJ2", "--save", str(path))
    assert result.exit_code == 0
    assert result.stdout == "unsolvable\n"
    assert result.stderr == "no record written: the outcome is unsolvable\n"
    assert not path.exists()


def test_appending_keeps_the_existing_records(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text("# my games\nEH1-N-AAAAAAF 1>f d")           # no final newline
    script = invoke_ok("solve", "SH1-C4-AAAAAJ2", "--save", str(path))
    assert path.read_text() == f"# my games\nEH1-N-AAAAAAF 1>f d\nSH1-C4-AAAAAJ2 {script}"
    replays_and_scores(path, 2, 1)


def test_a_csv_row_follows_the_files_header(tmp_path):
    path = tmp_path / "games.csv"
    path.write_text("player,code,moves\nann,EH1-N-AAAAAAF,1>f\n")
    script = invoke_ok("solve", "SH1-C4-AAAAAJ2", "--save", str(path))
    assert path.read_text() == f"player,code,moves\nann,EH1-N-AAAAAAF,1>f\n,SH1-C4-AAAAAJ2,{script.strip()}\n"
    replays_and_scores(path, 2, 1)


def test_a_record_whose_field_the_csv_header_lacks_is_refused(tmp_path):
    path = tmp_path / "games.csv"
    original = "code,moves\nEH1-N-AAAAAAF,1>f\n"
    path.write_text(original)
    with pytest.raises(RecordError, match=r"^cannot add to .*games.csv: its CSV header \(code,moves\) "
                       r"has no 'player' column, so the record's field would be lost$"):
        with RecordWriter(str(path)) as out:
            out.write(Record("SH1-C4-AAAAAJ2", "8>f", {"player": "ann"}))
    assert path.read_text() == original
    assert [p.name for p in tmp_path.iterdir()] == ["games.csv"]   # no temporary file left


def test_an_interrupted_write_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text('{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n')
    with pytest.raises(KeyboardInterrupt):
        with RecordWriter(str(path)) as out:
            out.write(Record("SH1-C4-AAAAAJ2", "8>f"))
            raise KeyboardInterrupt
    assert path.read_text() == '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n'
    assert len(list(tmp_path.iterdir())) == 1


def test_stats_export_round_trip(tmp_path):
    path, db = tmp_path / "solutions.jsonl", tmp_path / "sh.db"
    solved = json.loads(invoke_ok("stats", "--game", "sh", "--cells", "2", "--deals", "1-40",
                                  "--solve", "--db", str(db), "--quiet", "--json"))[0]["solved"]
    # The won deals in the store are solved again for their scripts (the
    # store keeps outcomes): the export is complete; the others are not.
    result = invoke("stats", "--game", "sh", "--cells", "2", "--deals", "1-40", "--solve",
                    "--db", str(db), "--export", str(path), "--jobs", "2", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["solved"] == solved
    assert result.stderr == (
        f"stats: {solved} of 40 deals to compute ({solved} stored as won, solved again for "
        f"their records; the rest are in {db})\n"
        f"stats: {solved} solutions written to {path}\n")
    records = [r for _, r in read_records(path.read_text().splitlines(), "jsonl")]
    assert len(records) == solved and all(replay(r).is_won for r in records)
    numbers = [parse_code(r.code).number for r in records]
    assert numbers == sorted(numbers)                   # in deal order
    replays_and_scores(path, solved, solved)
    refused(["stats", "--game", "sh", "--deals", "1-3", "--export", str(path)], 2,
            "--export writes the solver's wins: add --solve")


def test_generate_random_play_is_seeded_and_replays(tmp_path):
    one, two, other = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    for path, jobs, seed in ((one, "1", "7"), (two, "2", "7"), (other, "1", "8")):
        invoke_ok("generate", "--game", "eh", "--deals", "1-12", "--random-play", "--seed", seed,
                  "--max-actions", "120", "-o", str(path), "--jobs", jobs)
    assert one.read_text() == two.read_text() != other.read_text()
    records = [r for _, r in read_records(one.read_text().splitlines(), "jsonl")]
    assert [r.code for r in records] == [f"EH1-N-AAAAAA{c}" for c in "BCDEFGHIJKLM"]
    assert all(0 < len(r.script.split()) <= 120 for r in records)
    replays_and_scores(one, 12, 0)


def test_generate_to_stdout_and_from_the_solver(tmp_path):
    result = invoke("generate", "--game", "sh", "--cells", "1", "--deals", "1-3", "--random-play")
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == \
        ["SH1-C1-AAAAAAB", "SH1-C1-AAAAAAC", "SH1-C1-AAAAAAD"]
    assert result.stderr == "generate: 3 records of 3 deals\n"
    path = tmp_path / "wins.csv"
    assert invoke_ok("generate", "--game", "sh", "--deals", "1-30", "--solve", "-o", str(path),
                     "-q") == ""
    replays_and_scores(path, 29, 29)     # deal 21 cannot be won


def test_generate_solve_says_why_deals_made_no_record(tmp_path):
    """Proved unsolvable and cut by the limits are told apart."""
    path = tmp_path / "wins.csv"
    result = invoke("generate", "--game", "sh", "--cells", "1", "--deals", "1-30", "--solve",
                    "--max-states", "3", "-o", str(path))
    assert (result.exit_code, result.stderr) == (
        0, f"generate: 0 records of 30 deals (not won: 28 unsolvable, 2 unknown), so no "
           f"file {path} was made\n")
    result = invoke("generate", "--game", "sh", "--deals", "1-30", "--solve", "-o", str(path))
    assert result.stderr == (f"generate: 29 records of 30 deals written to {path} "
                             f"(not won: 1 unsolvable)\n")


def test_generate_says_one_record_of_one_deal(tmp_path):
    """Its last line agrees in number (it said "1 records of 1 deals")."""
    path = tmp_path / "ok.csv"
    result = invoke("generate", "--game", "sh", "--deals", "1", "--random-play", "-o", str(path))
    assert (result.exit_code, result.stderr) == (0, f"generate: 1 record of 1 deal written to "
                                                    f"{path}\n")


@pytest.mark.parametrize("args, message", [
    (["--game", "sh", "--deals", "1-3"], "give one of --random-play or --solve"),
    (["--game", "sh", "--deals", "1-3", "--random-play", "--solve"],
     "give one of --random-play or --solve"),
    (["--game", "sh", "--deals", "3-1", "--random-play"], "Invalid value for '--deals': bad deal "
     "range '3-1': deals run from 1 to 999999, low to high"),
])
def test_generate_misuse(args, message):
    refused(["generate", *args], 2, message)


def test_record_writer_refuses_nothing_it_cannot_read_back(tmp_path):
    path = tmp_path / "x.csv"
    with RecordWriter(str(path)) as out:
        out.write(Record("SH1-C4-AAAAAJ2", "8>f"))
    with pytest.raises(RecordError):
        with RecordWriter(str(path)) as out:
            out.write(Record("SH1-C4-AAAAAJ2", "8>f", {"player": "ann"}))
    assert path.read_text() == "code,moves\nSH1-C4-AAAAAJ2,8>f\n"


def test_a_write_into_a_missing_folder_names_the_file_not_a_temporary_one(tmp_path):
    target = tmp_path / "missing" / "games.jsonl"
    refused(["generate", "--game", "eh", "--deals", "1", "--random-play", "-q", "-o", str(target)],
            1, f"cannot open {target}: no such folder")
    assert not (tmp_path / "missing").exists()


def test_a_writable_file_in_a_read_only_folder_names_the_folder(tmp_path, monkeypatch):
    """harp writes a new copy beside the file and renames it: a folder that
    takes no new file is named, not "Permission denied" about a file that
    is writable (the folder's permission is faked: root bypasses it)."""
    import tempfile

    def refused_by_folder(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "g.jsonl").write_text("")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "mkstemp", refused_by_folder)
    refused(["generate", "--game", "sh", "--deals", "1-3", "--random-play", "-o", "ro/g.jsonl"],
            1, "cannot open ro/g.jsonl: its folder ro is read-only")
    # Through a link, the folder of the file it leads to (where the copy goes).
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "ro" / "g.jsonl")
    real = os.path.realpath(tmp_path / "ro")
    refused(["generate", "--game", "sh", "--deals", "1-3", "--random-play", "-o", "link.jsonl"],
            1, f"cannot open link.jsonl: its folder {real} is read-only")


def test_a_record_file_reached_through_a_link_is_extended_and_the_link_kept(tmp_path):
    real = tmp_path / "real.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    for _ in range(2):
        invoke_ok("generate", "--game", "eh", "--deals", "1", "--random-play", "-q",
                  "-o", str(link))
    assert link.is_symlink()
    assert len(real.read_text().splitlines()) == 2
    assert not [p.name for p in tmp_path.iterdir() if p.name not in ("real.jsonl", "link.jsonl")]


def _file_size_limit() -> None:
    # A file may grow to 4 KiB, as if the disk filled up: writes beyond
    # fail with EFBIG instead of killing the process (SIGXFSZ ignored).
    import resource
    import signal
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


@pytest.mark.parametrize("command", [
    ["generate", "--game", "eh", "--deals", "1-50", "--random-play", "-q", "-o", "out.jsonl"],
    ["stats", "--game", "sh", "--deals", "1-60", "--solve", "-q", "--export", "out.jsonl"],
])
def test_a_write_that_fails_names_the_file_and_leaves_it_as_it_was(tmp_path, command):
    """A real process whose file writes fail part way (a file size limit,
    as on a full disk): one line naming the file, never the temporary one,
    exit 1, the file as it was and nothing left beside it."""
    before = '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n'
    (tmp_path / "out.jsonl").write_text(before)
    result = subprocess.run([sys.executable, "-m", "harp", *command], cwd=tmp_path,
                            capture_output=True, text=True, preexec_fn=_file_size_limit)
    assert (result.returncode, result.stderr) == (
        1, "Error: cannot write out.jsonl: File too large\n")
    assert (tmp_path / "out.jsonl").read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


@pytest.mark.parametrize("target, says", [(".", "it is a folder, not a file"),
                                          ("/dev/null", "not a regular file")])
def test_a_folder_or_a_device_is_never_replaced_by_a_record_file(tmp_path, target, says,
                                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)
    for command in (["generate", "--game", "eh", "--deals", "1", "--random-play", "-o"],
                    ["solve", "SH1-C4-AAAAAJ2", "--save"],
                    ["stats", "--game", "sh", "--deals", "1", "--solve", "--export"]):
        refused([*command, target], 1, f"cannot open {target}: {says}")
    assert Path("/dev/null").is_char_device()


def test_no_record_to_write_says_no_file_was_made(tmp_path, monkeypatch):
    """A file of no records is refused by every reader, so none is made:
    the note says so, instead of naming a file that is not there."""
    monkeypatch.chdir(tmp_path)
    made = invoke("generate", "--game", "sh", "--cells", "2", "--deals", "1-2", "--solve",
                  "-o", "g.jsonl")
    assert (made.exit_code, made.stderr) == (
        0, "generate: 0 records of 2 deals (not won: 2 unsolvable), so no file g.jsonl was "
           "made\n")
    exported = invoke("stats", "--game", "sh", "--cells", "2", "--deals", "1-2", "--solve",
                      "--export", "w.jsonl")
    assert (exported.exit_code, exported.stderr) == (
        0, "stats: 0 solutions, so no file w.jsonl was made\n")
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "g.jsonl").write_text('{"code": "SH1-C4-AAAAAJ2", "moves": "8>f"}\n')
    kept = invoke("generate", "--game", "sh", "--cells", "2", "--deals", "1-2", "--solve",
                  "-o", "g.jsonl")
    assert kept.stderr == "generate: 0 records of 2 deals written to g.jsonl (not won: 2 " \
                          "unsolvable)\n"
