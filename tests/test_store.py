"""The SQLite store of ``harp stats --db``: every SQLite failure is
one line naming the file, exit 1; the store marks itself (application id,
schema version), refuses another program's database unchanged, adopts one
written by an earlier harp, and ``--report`` opens the file read-only."""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import Result

import harp.analysis.store
from harp.analysis.store import APPLICATION_ID, SCHEMA, SCHEMA_VERSION, ResultStore, StoreError

from helpers import harp_process, invoke, invoke_ok

RUN = ["stats", "--game", "sh", "--deals", "1-5"]
REPORT = ["stats", "--report", "--db"]


def refused(result: Result, message: str) -> None:
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", f"Error: {message}\n")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def marks(path: Path) -> tuple[int, int, str]:
    with sqlite3.connect(path) as connection:
        return (connection.execute("PRAGMA application_id").fetchone()[0],
                connection.execute("PRAGMA user_version").fetchone()[0],
                connection.execute("PRAGMA journal_mode").fetchone()[0])


def sqlite_file(path: Path, *statements: str) -> Path:
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()
    return path


def both_ways(db: Path) -> list[Result]:
    """A computing run and a report on the same file."""
    return [invoke(*RUN, "--db", str(db)), invoke(*REPORT, str(db))]


# ------------------------------------------------------------------ files that are no database

def test_missing_folder(tmp_path: Path) -> None:
    db = tmp_path / "none" / "x.db"
    refused(invoke(*RUN, "--db", str(db)), f"cannot create {db}: no such folder {db.parent}")
    refused(invoke(*REPORT, str(db)), f"cannot open {db}: No such file or directory")


def test_a_link_to_a_missing_file_makes_it_where_it_points_if_that_folder_exists(
        tmp_path: Path) -> None:
    (tmp_path / "nowhere.db").symlink_to(tmp_path / "none" / "x.db")
    refused(invoke(*RUN, "--db", str(tmp_path / "nowhere.db")),
            f"cannot create {tmp_path / 'nowhere.db'}: no such folder {tmp_path / 'none'}")
    (tmp_path / "there.db").symlink_to(tmp_path / "x.db")
    invoke_ok(*RUN, "--db", str(tmp_path / "there.db"))
    assert (tmp_path / "x.db").is_file() and (tmp_path / "there.db").is_symlink()


@pytest.mark.parametrize("content", [b"code,moves\nEH1-N-AAAAAAF,d\n", bytes(range(256)) * 40])
def test_a_file_that_is_not_a_database_is_refused_unchanged(tmp_path: Path,
                                                            content: bytes) -> None:
    db = tmp_path / "games.csv"
    db.write_bytes(content)
    run, report = both_ways(db)
    refused(run, f"cannot use {db}: file is not a database")
    refused(report, f"cannot open {db}: file is not a database")
    assert db.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]


def test_dev_null_is_not_a_regular_file() -> None:
    for result in both_ways(Path("/dev/null")):
        refused(result, "cannot open /dev/null: not a regular file")


def test_another_programs_database_is_refused_unchanged(tmp_path: Path) -> None:
    db = sqlite_file(tmp_path / "app.db", "CREATE TABLE notes (text)",
                     "INSERT INTO notes VALUES ('mine')")
    before = digest(db)
    for result in both_ways(db):
        refused(result, f"{db} is not a harp results database (it has the table 'notes'); "
                        "give another file")
    assert digest(db) == before and marks(db) == (0, 0, "delete")


def test_a_view_named_results_is_no_results_table(tmp_path: Path) -> None:
    """Only harp's own results table is taken, not a view of that name
    (before, it was called a results table with other columns)."""
    db = sqlite_file(tmp_path / "app.db", "CREATE VIEW results AS SELECT 'SH' AS game, "
                     "'C4' AS variant, 1 AS deal, 'layout' AS kind, '{}' AS data")
    before = digest(db)
    for result in both_ways(db):
        refused(result, f"{db} is not a harp results database (it has the view 'results'); "
                        "give another file")
    assert digest(db) == before


def test_another_application_id_is_refused_unchanged(tmp_path: Path) -> None:
    db = sqlite_file(tmp_path / "app.db", "PRAGMA application_id = 7", SCHEMA)
    before = digest(db)
    for result in both_ways(db):
        refused(result, f"{db} is not a harp results database (application id 0x7); "
                        "give another file")
    assert digest(db) == before


def test_a_results_table_with_other_columns_is_refused(tmp_path: Path) -> None:
    db = sqlite_file(tmp_path / "r.db", "CREATE TABLE results (game, variant, deal, kind, data, x)")
    before = digest(db)
    for result in both_ways(db):
        refused(result, f"{db}: its 'results' table is not harp's (other columns)")
    assert digest(db) == before


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    db = sqlite_file(tmp_path / "new.db", f"PRAGMA application_id = {APPLICATION_ID}",
                     f"PRAGMA user_version = {SCHEMA_VERSION + 1}", SCHEMA)
    refused(invoke(*RUN, "--db", str(db)),
            f"{db} was written by a newer harp (schema version 2, this harp reads 1)")


def test_a_malformed_database(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-400", "--db", str(db))
    data = bytearray(db.read_bytes())
    data[4096:len(data) // 2] = b"\xff" * (len(data) // 2 - 4096)    # pages overwritten
    db.write_bytes(bytes(data))
    for result in both_ways(db):     # SQLite's own words, on one line
        refused(result, f"cannot read {db}: database disk image is malformed")


def test_a_report_says_how_many_of_the_deals_asked_for_the_store_misses(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    invoke_ok(*RUN, "--db", str(db))
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--solve", "--db", str(db))
    layout = invoke(*REPORT, str(db), "--deals", "1-10", "--json")
    assert layout.exit_code == 0
    assert {row["deals"] for row in json.loads(layout.stdout)} == {5}
    assert layout.stderr == (f"stats: SH C4: 5 of the 10 deals asked for are stored in {db}; "
                             "the table counts those\n")
    solved = invoke(*REPORT, str(db), "--deals", "1-4", "--solve", "--json")
    assert solved.stderr == (f"stats: SH C4: 3 of the 4 deals asked for have a solver result in "
                             f"{db}; the table counts those\n")
    assert invoke(*REPORT, str(db), "--deals", "1-4", "--solve", "--dist", "states").stderr == (
        solved.stderr)
    assert invoke(*REPORT, str(db), "--deals", "1-5", "--dist", "deepest_ace").stderr == ""
    assert invoke(*REPORT, str(db), "--deals", "1-10", "--quiet").stderr == ""


def test_a_damaged_result_row(tmp_path: Path) -> None:
    db = tmp_path / "d.db"
    invoke_ok(*RUN, "--db", str(db))
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE results SET data = '[1]' WHERE deal = 3")
    refused(invoke(*REPORT, str(db)), f"{db}: the stored layout result of SH C4 deal 3 is damaged")
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE results SET data = '{\"aces_exposed\": 1e300}' WHERE deal = 3")
    refused(invoke(*REPORT, str(db)), f"{db}: the stored layout result of SH C4 deal 3 is damaged")


# ------------------------------------------------------------------ harp's own files

def test_a_new_or_empty_file_is_created_and_marked(tmp_path: Path) -> None:
    new, empty = tmp_path / "new.db", tmp_path / "empty.db"
    empty.write_bytes(b"")
    for db in (new, empty):
        assert invoke_ok(*RUN, "--db", str(db)) == invoke_ok(*RUN)
        assert marks(db) == (APPLICATION_ID, SCHEMA_VERSION, "delete")     # WAL while open


def test_an_earlier_harps_database_is_adopted(tmp_path: Path) -> None:
    """Unmarked, holding exactly harp's results table: kept, used and marked."""
    db = tmp_path / "atlas.db"
    fresh = tmp_path / "fresh.db"
    three = invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--db", str(fresh))
    with sqlite3.connect(fresh) as source:
        rows = source.execute("SELECT * FROM results").fetchall()
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute(SCHEMA)
        connection.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?)", rows)
    before = digest(db)
    assert invoke_ok(*REPORT, str(db)) == three
    assert digest(db) == before and marks(db)[:2] == (0, 0)      # read-only: not even marked
    result = invoke(*RUN, "--db", str(db))
    assert (result.exit_code, result.stdout) == (0, invoke_ok(*RUN))
    assert result.stderr == f"stats: 2 of 5 deals to compute (the rest are in {db})\n"
    assert marks(db) == (APPLICATION_ID, SCHEMA_VERSION, "wal")


def test_report_never_writes(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    computed = invoke_ok(*RUN, "--db", str(db))
    before = digest(db)
    assert invoke_ok(*REPORT, str(db)) == computed
    assert digest(db) == before


def test_a_read_only_file_is_refused_for_writing(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "s.db"
    computed = invoke_ok(*RUN, "--db", str(db))
    monkeypatch.setattr(harp.analysis.store, "_writable", lambda path: False)
    refused(invoke(*RUN, "--db", str(db)),
            f"cannot write to {db}: it or its folder is read-only (--report reads it without "
            "writing)")
    assert invoke_ok(*REPORT, str(db)) == computed


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_report_on_a_read_only_folder(tmp_path: Path) -> None:
    """A database in a folder the user cannot write to: --report reads it,
    a computing run is refused in one line (a child process that the file
    modes bind, root included)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "s.db"
    invoke_ok(*RUN, "--db", str(db))
    expected = invoke_ok(*REPORT, str(db))
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        report = harp_process(*REPORT, str(db))
        assert (report.returncode, report.stdout, report.stderr) == (0, expected, "")
        computing = harp_process(*RUN, "--db", str(db))
        assert (computing.returncode, computing.stdout, computing.stderr) == (
            1, "", f"Error: cannot write to {db}: it or its folder is read-only (--report "
                   "reads it without writing)\n")
    finally:
        folder.chmod(0o755)


def test_python_callers_get_store_errors(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot open 'a\\\\x00b': a file name cannot hold"):
        ResultStore("a\0b")
    with pytest.raises(StoreError, match="it is a folder, not a database"):
        ResultStore(str(tmp_path))


# ------------------------------------------------------------------ rows harp never writes

@pytest.mark.parametrize("change, row", [
    ("game = 'XX'", "game 'XX', variant 'C4', deal 3, kind 'layout'"),
    ("variant = 'C9'", "game 'SH', variant 'C9', deal 3, kind 'layout'"),
    ("deal = 'abc'", "game 'SH', variant 'C4', deal 'abc', kind 'layout'"),
    ("deal = -7", "game 'SH', variant 'C4', deal -7, kind 'layout'"),
    ("deal = 1000000", "game 'SH', variant 'C4', deal 1000000, kind 'layout'"),
    ("kind = 'best'", "game 'SH', variant 'C4', deal 3, kind 'best'"),
])
def test_a_row_harp_never_writes_is_refused_naming_it(tmp_path: Path, change: str,
                                                      row: str) -> None:
    db = tmp_path / "s.db"
    invoke_ok(*RUN, "--db", str(db))
    sqlite_file(db, f"UPDATE results SET {change} WHERE deal = 3")
    before = digest(db)
    for result in both_ways(db):
        refused(result, f"{db} is damaged: the stored row of {row} is not one harp writes")
    assert digest(db) == before


@pytest.mark.parametrize("change", ["json_set(data, '$.best_move', 1)",
                                    "json_remove(data, '$.ready_pairs')",
                                    "json_set(data, '$.aces_in_columns', 1)"])
def test_a_layout_result_without_its_games_measures_is_refused(tmp_path: Path,
                                                               change: str) -> None:
    """Unknown measures, or one missing: the run and the report that read it stop."""
    db = tmp_path / "s.db"
    invoke_ok(*RUN, "--db", str(db))
    sqlite_file(db, f"UPDATE results SET data = {change} WHERE deal = 3")
    for result in (invoke(*RUN, "--db", str(db), "--quiet"), invoke(*REPORT, str(db))):
        refused(result, f"{db}: the stored layout result of SH C4 deal 3 is damaged")


@pytest.mark.parametrize("statement, what", [
    ("CREATE TABLE notes (text)", "the table 'notes'"),
    ("CREATE VIEW won AS SELECT * FROM results", "the view 'won'"),
    ("CREATE INDEX by_kind ON results (kind)", "the index 'by_kind'"),
    ("CREATE TRIGGER t AFTER INSERT ON results BEGIN SELECT 1; END", "the trigger 't'"),
])
def test_a_harp_file_with_objects_of_its_own_is_refused_unchanged(tmp_path: Path, statement: str,
                                                                  what: str) -> None:
    db = tmp_path / "s.db"
    invoke_ok(*RUN, "--db", str(db))
    sqlite_file(db, statement)
    before = digest(db)
    for result in both_ways(db):
        refused(result, f"{db} is not a harp results database (besides harp's results table it "
                        f"has {what}); give another file")
    assert digest(db) == before


# ------------------------------------------------------------------ permissions, files beside it

@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_an_unreadable_file_and_a_read_only_folder_are_said_as_such(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    invoke_ok(*RUN, "--db", str(db))
    db.chmod(0o000)
    for args in ([*REPORT, str(db)], [*RUN, "--db", str(db)]):
        result = harp_process(*args)
        assert (result.returncode, result.stdout, result.stderr) == (
            1, "", f"Error: cannot open {db}: Permission denied\n")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = harp_process(*RUN, "--db", str(folder / "new.db"))
        assert (result.returncode, result.stdout, result.stderr) == (
            1, "", f"Error: cannot create {folder / 'new.db'}: its folder {folder} is read-only\n")
    finally:
        folder.chmod(0o755)
    assert list(folder.iterdir()) == []


def test_report_makes_no_file_beside_the_database(tmp_path: Path) -> None:
    """A computing run leaves its store in rollback mode: a read-only
    connection (``--report``) then needs no -wal and -shm files."""
    db = tmp_path / "s.db"
    computed = invoke_ok(*RUN, "--db", str(db))
    before = digest(db)
    assert invoke_ok(*REPORT, str(db)) == computed
    assert [p.name for p in tmp_path.iterdir()] == ["s.db"] and digest(db) == before




def test_a_run_stopped_by_a_damaged_row_leaves_the_file_at_rest(tmp_path: Path) -> None:
    """The damaged row stops the run (one line), but the file is left in
    rollback mode as by a finished run: a report then makes no -wal or
    -shm file beside it."""
    db = tmp_path / "s.db"
    invoke_ok(*RUN, "--db", str(db))
    sqlite_file(db, "UPDATE results SET data = 'not json' WHERE deal = 3")
    damaged = f"{db}: the stored layout result of SH C4 deal 3 is damaged"
    refused(invoke(*RUN, "--db", str(db), "--quiet"), damaged)
    assert marks(db)[2] == "delete"
    refused(invoke(*REPORT, str(db)), damaged)
    assert [p.name for p in tmp_path.iterdir()] == ["s.db"]


def test_a_database_whose_name_is_not_utf8_is_read_back(tmp_path: Path) -> None:
    """A file name of bytes that are not UTF-8 (Python holds them as lone
    surrogates): the run writes it, and --report reads it read-only."""
    db = str(tmp_path) + "/bad" + os.fsdecode(b"\xff") + ".db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--db", db, "--fmt", "plain")
    report = invoke_ok("stats", "--report", "--db", db, "--fmt", "plain")
    assert "SH" in report and "3" in report
    with ResultStore(db, read_only=True) as store:
        assert store.read_only
