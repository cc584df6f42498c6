"""``harp stats``: layout measures, tables, the SQLite store and its
resumption after an interruption, parallel and Dask runs, solver outcomes."""
from __future__ import annotations

import datetime as dt
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import harp.analysis.measures
import harp.analysis.stats
from harp.analysis.measures import deal_facts
from harp.analysis.stats import daily_deals, daily_repeats, parse_deal_list
from harp.analysis.tables import histogram
from harp.deals import make_code

from helpers import interrupt_at, invoke, invoke_ok, refused

ROOT = Path(__file__).resolve().parent.parent

SH_314 = """\
game  variant  measure            deals  mean  min  median  max  histogram
----  -------  -----------------  -----  ----  ---  ------  ---  ---------
SH    C4       aces_exposed           1     1    1       1    1  █
SH    C4       cards_over_aces        1     4    4       4    4  █
SH    C4       deepest_ace            1     2    2       2    2  █
SH    C4       quick_foundation       1     1    1       1    1  █
SH    C4       kings_over_cards       1     4    4       4    4  █
SH    C4       cards_under_kings      1    12   12      12   12  █
SH    C4       same_suit_blocks       1     8    8       8    8  █
SH    C4       ready_pairs            1     0    0       0    0  █
SH    C4       opening_moves          1    26   26      26   26  █
"""


def stored(db: Path) -> list[tuple[str, str, int, str]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT game, variant, deal, kind FROM results").fetchall()


# ------------------------------------------------------------------ measures

def test_seahaven_golden_deal_measures() -> None:
    """Deal 314 (RULES B3 golden layout), counted by hand from the layout."""
    assert deal_facts(make_code("SH", 314, 4)) == {
        "aces_exposed": 1,        # AC on column 8
        "cards_over_aces": 4,     # AD under 9C; AS under AH 2H; AH under 2H
        "deepest_ace": 2,
        "quick_foundation": 1,    # AC, then nothing (2C is buried)
        "kings_over_cards": 4,    # KH, KC, KD, KS none at a column bottom
        "cards_under_kings": 12,  # 3 + 2 + 4 + 3
        "same_suit_blocks": 8,    # 5C<6C 7H<KH 2D<KD AH<2H TH<QH 3S<9S 4C<QC 4S<KS
        "ready_pairs": 0,
        "opening_moves": 26,
    }


def test_easy_harp_golden_deal_measures() -> None:
    """Deal 5 (RULES B3 golden layout)."""
    assert deal_facts(make_code("EH", 5)) == {
        "aces_in_columns": 3,       # AH (col 1), AS (col 2), AD (col 6)
        "aces_face_up": 2,          # AH, AS
        "face_down_over_aces": 2,   # 3H 4C over AD (6H is face up)
        "deepest_ace": 2,
        "first_ace_draw": 17,
        "kings_over_cards": 2,      # KD on column 4, KH on column 9
        "cards_under_kings": 7,     # 1 + 6 (KD at the bottom of column 7 traps nothing)
        "opening_moves": 3,
    }


def test_seahaven_one_cell_puts_the_second_card_on_column_2() -> None:
    four, one = deal_facts(make_code("SH", 314, 4)), deal_facts(make_code("SH", 314, 1))
    assert one["same_suit_blocks"] == four["same_suit_blocks"]   # 6S over 5C 6C 7H KH TS
    assert one["cards_under_kings"] == four["cards_under_kings"]


@pytest.mark.parametrize("text, deals", [
    ("1-5", [1, 2, 3, 4, 5]), ("1,5,9-12", [1, 5, 9, 10, 11, 12]), ("3, 1-3", [3, 1, 2]),
    ("999999", [999999]), (" 1 - 3 , 7 ", [1, 2, 3, 7])])
def test_deal_lists(text: str, deals: list[int]) -> None:
    assert parse_deal_list(text) == deals


@pytest.mark.parametrize("text", ["0", "5-1", "1-1000000", "a", "1-b", ",", "1 2", "1-2 3"])
def test_bad_deal_lists(text: str) -> None:
    with pytest.raises(ValueError):
        parse_deal_list(text)


def test_a_bad_deal_list_quotes_what_was_typed() -> None:
    """Spaces were removed first: '1 2' was deal 12, '3 1-2' quoted as '31-2'."""
    refused(["stats", "--game", "sh", "--deals", "1 2"], 2, "Invalid value for '--deals': "
            "bad deal list '1 2': '1 2' is not N or N-M (digits 0-9, RULES C6)")
    refused(["stats", "--game", "sh", "--deals", "3 1-2"], 2, "Invalid value for '--deals': "
            "bad deal list '3 1-2': '3 1-2' is not N or N-M (digits 0-9, RULES C6)")
    refused(["stats", "--game", "sh", "--deals", "5 - 1"], 2, "Invalid value for '--deals': "
            "bad deal range '5 - 1': deals run from 1 to 999999, low to high")


def test_daily_deals_follow_rules_b4() -> None:
    assert daily_deals("eh", dt.date(2026, 11, 29), 1) == [111839]
    assert len(daily_deals("sh", dt.date(2026, 1, 1), 7)) == 7


def test_histogram() -> None:
    assert histogram(Counter({0: 1, 2: 4})) == "▂·█"
    assert histogram(Counter({5: 3})) == "█"
    assert len(histogram(Counter({v: 1 for v in range(40)}))) == 14   # 40 values in bins of 3


# ------------------------------------------------------------------ tables and formats

def test_exact_table_for_one_deal() -> None:
    assert invoke_ok("stats", "--game", "sh", "--deals", "314", "--columns", "all") == SH_314


def test_csv_json_and_distribution() -> None:
    assert invoke_ok("stats", "--game", "eh", "--deals", "5", "--csv").splitlines()[:3] == [
        "game,variant,measure,deals,mean,min,median,max,histogram",
        "EH,N,aces_in_columns,1,3.0,3,3,3,█",
        "EH,N,aces_face_up,1,2.0,2,2,2,█"]
    rows = json.loads(invoke_ok("stats", "--game", "sh", "--deals", "1-3,314", "--json"))
    blocks = next(r for r in rows if r["measure"] == "same_suit_blocks")
    assert blocks == {"game": "SH", "variant": "C4", "measure": "same_suit_blocks", "deals": 4,
                      "mean": 10.25, "min": 6, "median": 8.5, "max": 18, "histogram": "█·██········█"}
    dist = json.loads(invoke_ok("stats", "--game", "sh", "--deals", "1-3,314", "--dist", "same_suit_blocks",
                          "--json"))
    assert [(r["value"], r["deals"]) for r in dist if r["deals"]] == [(6, 1), (8, 1), (9, 1), (18, 1)]
    assert invoke_ok("stats", "--game", "sh", "--deals", "314", "--fmt", "github").startswith("| game ")


def test_daily_range() -> None:
    rows = json.loads(invoke_ok("stats", "--game", "eh", "--daily-from", "2026-11-29", "--days", "1", "--json"))
    facts = deal_facts(make_code("EH", 111839))
    assert {r["measure"]: r["max"] for r in rows} == facts


def test_daily_deals_of_two_days_are_counted_once_and_the_run_says_so() -> None:
    # Easy Harp's daily deal of 2026-06-08 comes again on 2027-08-27, 445 days later.
    assert [deal for deal, _ in daily_repeats("eh", dt.date(2026, 6, 8), 446)] == [848614]
    result = invoke("stats", "--game", "eh", "--daily-from", "2026-06-08", "--days", "446",
                    "--json")
    assert result.exit_code == 0
    assert {row["deals"] for row in json.loads(result.stdout)} == {445}
    assert result.stderr == ("stats: deal 848614 is the daily deal of 2026-06-08 and of "
                             "2027-08-27: counted once\n")
    assert invoke("stats", "--game", "eh", "--daily-from", "2026-06-08", "--days", "445",
                  "--json").stderr == ""
    assert invoke("stats", "--game", "eh", "--daily-from", "2026-06-08", "--days", "446",
                  "--json", "--quiet").stderr == ""
    many = invoke("stats", "--game", "sh", "--daily-from", "2026-01-01", "--days", "2000",
                  "--json").stderr
    assert many == ("stats: 2 deals are the daily deals of two days or more, each counted once: "
                    "56116 (2028-05-18, 2031-06-23), 859014 (2029-09-29, 2031-05-09)\n")


@pytest.mark.parametrize("args, message", [
    (["--deals", "1-5"], "--game is required (eh or sh)"),
    (["--game", "sh"], "give either --deals LIST or --daily-from DATE --days N"),
    (["--game", "sh", "--daily-from", "2026-01-01"], "--daily-from needs --days N"),
    (["--game", "sh", "--deals", "5-1"], "Invalid value for '--deals': bad deal range '5-1': "
     "deals run from 1 to 999999, low to high"),
    (["--report"], "--report needs --db FILE"),
])
def test_usage_errors(args: list[str], message: str) -> None:
    refused(["stats", *args], 2, message)


def test_two_options_naming_one_file_are_refused_before_any_work(tmp_path: Path, monkeypatch,
                                                                no_work) -> None:
    """--db, --export and --plot each need a file of their own: the records
    or the picture would replace the database (or the picture the
    records).  One file however it is named: ./ before it, a link to it,
    a hard link, a new name through a linked folder."""
    from harp.analysis.store import ResultStore
    monkeypatch.chdir(tmp_path)
    ResultStore("a.db").close()
    os.symlink("a.db", "link.db")
    os.link("a.db", "hard.db")
    os.symlink(".", "here")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    run = ["stats", "--game", "sh", "--deals", "1-3", "--solve"]
    for options, message in (
            (["--db", "same.db", "--export", "same.db"], "--db same.db and --export same.db"),
            (["--db", "e.jsonl", "--export", "./e.jsonl"], "--db e.jsonl and --export ./e.jsonl"),
            (["--db", "a.db", "--export", "link.db"], "--db a.db and --export link.db"),
            (["--db", "hard.db", "--export", "a.db"], "--db hard.db and --export a.db"),
            (["--db", "here/new.db", "--export", "new.db"],
             "--db here/new.db and --export new.db"),
            (["--export", "p.svg", "--plot", "p.svg"], "--export p.svg and --plot p.svg"),
            (["--db", "x.svg", "--export", "w.txt", "--plot", "here/x.svg"],
             "--db x.svg and --plot here/x.svg")):
        refused([*run, *options], 2, f"{message} are one file: give each its own")
    refused(["stats", "--report", "--db", "x.svg", "--plot", "./x.svg"], 2,
            "--db x.svg and --plot ./x.svg are one file: give each its own")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before


def test_report_of_a_missing_database(tmp_path: Path) -> None:
    missing = tmp_path / "none.db"
    refused(["stats", "--db", str(missing), "--report"], 1,
            f"cannot open {missing}: No such file or directory")
    assert not missing.exists()


# ------------------------------------------------------------------ the database

def test_db_run_rerun_and_report(tmp_path: Path) -> None:
    db = tmp_path / "stats.db"
    fresh = invoke_ok("stats", "--game", "sh", "--deals", "1-40")
    first = invoke("stats", "--game", "sh", "--deals", "1-40", "--db", str(db))
    assert (first.exit_code, first.stdout, first.stderr) == (
        0, fresh, "stats: 40 of 40 deals to compute\n")
    again = invoke("stats", "--game", "sh", "--deals", "1-50", "--db", str(db))
    assert (again.exit_code, again.stderr) == (
        0, f"stats: 10 of 50 deals to compute (the rest are in {db})\n")
    assert invoke_ok("stats", "--game", "sh", "--deals", "1-50") == again.stdout
    assert invoke_ok("stats", "--db", str(db), "--report") == again.stdout
    assert invoke_ok("stats", "--db", str(db), "--report", "--deals", "1-40") == fresh
    invoke_ok("stats", "--game", "eh", "--deals", "1-5", "--db", str(db))
    report = invoke_ok("stats", "--db", str(db), "--report")
    assert report.count("EH      N") == 8 and report.count("SH      C4") == 9
    refused(["stats", "--db", str(db), "--report", "--game", "sh", "--cells", "2"], 1,
            f"no stored results for Seahaven Towers with 2 cells in {db}")
    assert len(stored(db)) == 55 == len(set(stored(db)))


def test_report_of_a_game_shows_every_variant_stored_unless_cells_choose(tmp_path: Path) -> None:
    """--game sh without --cells is every Seahaven variant stored (as
    --report --atlas shows), not the 4-cell one only."""
    db = tmp_path / "cells.db"
    run = ["stats", "--game", "sh", "--cells", "2", "--deals", "1-10"]
    invoke_ok(*run, "--db", str(db))
    assert invoke_ok("stats", "--report", "--db", str(db), "--game", "sh") == invoke_ok(*run)
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--db", str(db))
    rows = json.loads(invoke_ok("stats", "--report", "--db", str(db), "--game", "sh", "--json"))
    assert {(row["variant"], row["deals"]) for row in rows} == {("C2", 10), ("C4", 3)}
    rows = json.loads(invoke_ok("stats", "--report", "--db", str(db), "--game", "sh", "--cells",
                                "4", "--json"))
    assert {(row["variant"], row["deals"]) for row in rows} == {("C4", 3)}
    refused(["stats", "--report", "--db", str(db), "--game", "sh", "--deals", "11-12"], 1,
            f"no stored results for Seahaven Towers, deals 11-12 in {db}")
    refused(["stats", "--report", "--db", str(db), "--game", "sh", "--cells", "1"], 1,
            f"no stored results for Seahaven Towers with 1 cell in {db}")


def test_ctrl_c_keeps_finished_deals_and_resume_counts_each_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "stats.db"
    real = harp.analysis.stats.deal_facts
    interrupt_at(monkeypatch, harp.analysis.stats, "deal_facts", lambda code: code.number == 700)
    result = invoke("stats", "--game", "sh", "--deals", "1-1000", "--db", str(db))
    # The tables printed are those of the deals kept.
    assert (result.exit_code, result.stdout) == (
        130, invoke_ok("stats", "--game", "sh", "--deals", "1-699"))
    assert result.stderr == ("stats: 1000 of 1000 deals to compute\n"
                             f"interrupted: this run kept 699 deals in {db}; 301 of 1000 are "
                             "still to compute: run the same command again to resume\n")
    monkeypatch.setattr(harp.analysis.stats, "deal_facts", real)
    resumed = invoke("stats", "--game", "sh", "--deals", "1-1000", "--db", str(db))
    assert (resumed.exit_code, resumed.stderr) == (
        0, f"stats: 301 of 1000 deals to compute (the rest are in {db})\n")
    rows = stored(db)
    assert sorted(deal for _, _, deal, _ in rows) == list(range(1, 1001))
    assert resumed.stdout == invoke_ok("stats", "--game", "sh", "--deals", "1-1000")


KILLABLE_RUN = """
import sys, time
import harp.analysis.stats, harp.cli.stats
from harp.analysis.store import ResultStore
real = harp.analysis.stats.deal_facts
def slow(code):
    time.sleep(0.004)
    return real(code)
harp.analysis.stats.deal_facts = slow
harp.cli.stats.ResultStore = lambda path: ResultStore(path, batch_size=25)
from harp.cli import cli
cli(sys.argv[1:], prog_name="harp")
"""


def test_killed_run_resumes_with_every_deal_exactly_once(tmp_path: Path) -> None:
    """A run killed (SIGKILL) part-way, then resumed: every deal once."""
    db = tmp_path / "stats.db"
    args = ["stats", "--game", "eh", "--deals", "1-800", "--db", str(db), "--jobs", "2", "-q"]
    process = subprocess.Popen([sys.executable, "-c", KILLABLE_RUN, *args], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and (not db.exists() or len(_count(db)) < 100):
            assert process.poll() is None, "the run ended before it could be killed"
            time.sleep(0.05)
        workers = _children(process.pid)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    # Its worker processes, orphaned, stop too (they would otherwise block
    # for ever on their queues).
    assert len(workers) == 2
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_running(pid) for pid in workers):
        time.sleep(0.05)
    assert not any(_running(pid) for pid in workers)
    before = len(_count(db))
    assert 100 <= before < 800
    resumed = invoke("stats", "--game", "eh", "--deals", "1-800", "--db", str(db))
    assert (resumed.exit_code, resumed.stderr) == (
        0, f"stats: {800 - before} of 800 deals to compute (the rest are in {db})\n")
    assert sorted(deal for _, _, deal, _ in stored(db)) == list(range(1, 801))
    assert resumed.stdout == invoke_ok("stats", "--game", "eh", "--deals", "1-800")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not exited (a zombie has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _count(db: Path) -> list[tuple[int]]:
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            return connection.execute("SELECT deal FROM results").fetchall()
    except sqlite3.OperationalError:   # the table is not created yet
        return []


# ------------------------------------------------------------------ parallel runs

def test_jobs_2_equals_jobs_1() -> None:
    args = ("--game", "sh", "--cells", "1", "--deals", "1-300", "--json")
    assert invoke_ok("stats", *args, "--jobs", "2") == invoke_ok("stats", *args, "--jobs", "1")


@pytest.mark.parametrize("tasks, jobs, size", [
    (10_000, 2, 64), (77, 2, 10), (8, 2, 1), (1, 1, 1), (0, 2, 1), (512, 2, 64)])
def test_balanced_chunk(tasks: int, jobs: int, size: int) -> None:
    assert harp.analysis.stats.balanced_chunk(tasks, jobs, 64) == size


def test_few_deals_are_shared_between_the_workers(monkeypatch) -> None:
    """Through the command: 20 deals on two workers go out in chunks of 3,
    not in one chunk of 20 that leaves the second worker idle."""
    sizes = []
    real = harp.analysis.stats.parallel_map

    def spy(func, items, **options):
        sizes.append(options["chunk_size"])
        return real(func, items, **options)
    monkeypatch.setattr(harp.analysis.stats, "parallel_map", spy)
    args = ("--game", "sh", "--cells", "1", "--deals", "1-20", "--json")
    assert invoke_ok("stats", *args, "--jobs", "2") == invoke_ok("stats", *args, "--jobs", "1")
    assert sizes == [3, 5]


def test_dask_executor_equals_local(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    args = ("--game", "eh", "--deals", "1-150")
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        out = invoke_ok("stats", *args, "--executor", "dask", "--scheduler", cluster.scheduler_address,
                  "--db", str(tmp_path / "dask.db"))
    assert out == invoke_ok("stats", *args)
    assert len(stored(tmp_path / "dask.db")) == 150


# ------------------------------------------------------------------ solver outcomes

def test_won_share_reads_100_only_when_every_deal_is_won(tmp_path: Path) -> None:
    """won_pct is rounded down to 0.01 %: 9 999 deals won of 10 000 is
    99.99, not 100 (an unknown deal may still be lost); 2 of 3 is 66.66."""
    from harp.analysis.store import ResultStore
    db = tmp_path / "solve.db"
    with ResultStore(str(db)) as store:
        for deal in range(1, 10_001):
            outcome = "unknown" if deal == 3923 else "solved"
            store.add("EH", "N", deal, "solve", {"outcome": outcome, "length": None if deal == 3923 else 300,
                                                "states": 10, "seconds": 0.01})
        for deal in range(1, 4):
            store.add("SH", "C4", deal, "solve", {"outcome": "unknown" if deal == 2 else "solved",
                                                 "length": 80, "states": 10, "seconds": 0.01})
    rows = json.loads(invoke_ok("stats", "--db", str(db), "--report", "--solve", "--json"))
    assert {(row["game"], row["won_pct"]) for row in rows} == {("EH", 99.99), ("SH", 66.66)}


def test_solve_adds_outcomes_per_deal(tmp_path: Path) -> None:
    db = tmp_path / "solve.db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-6", "--db", str(db))
    result = invoke("stats", "--game", "sh", "--deals", "1-6", "--db", str(db), "--solve",
                    "--timeout", "5", "--json")
    # Only the solver's part was missing, for each deal.
    assert (result.exit_code, result.stderr) == (0, "stats: 6 of 6 deals to compute\n")
    (row,) = json.loads(result.stdout)
    assert row["deals"] == 6 == row["solved"] + row["unsolvable"] + row["unknown"]
    assert json.loads(invoke_ok("stats", "--db", str(db), "--report", "--solve", "--json")) == [row]
    assert Counter(kind for *_, kind in stored(db)) == {"layout": 6, "solve": 6}
    with sqlite3.connect(db) as connection:
        for (data,) in connection.execute("SELECT data FROM results WHERE kind='solve'"):
            facts = json.loads(data)
            assert facts["outcome"] in ("solved", "unsolvable", "unknown")
            assert (facts["length"] is not None) == (facts["outcome"] == "solved")



def solve_rows(db: Path) -> dict[int, dict]:
    with sqlite3.connect(db) as connection:
        return {deal: json.loads(data) for deal, data in connection.execute(
            "SELECT deal, data FROM results WHERE kind='solve'")}


def test_larger_limits_decide_the_stored_unknowns_again(tmp_path: Path) -> None:
    """A stored result keeps its limits; a run with more --max-states
    computes again (and says so) the results that were ``unknown`` under
    fewer, and keeps the decided ones; the same limits redo nothing.
    Easy Harp deals 1-6 within 200 positions: 2, 3 and 5 are won, the
    others unknown; within 20 000 all are won."""
    db = tmp_path / "redo.db"
    small = invoke("stats", "--game", "eh", "--deals", "1-6", "--db", str(db), "--solve",
                   "--max-states", "200")
    assert small.exit_code == 0 and "6 of 6 deals to compute (the rest" not in small.stderr
    before = solve_rows(db)
    unknown = {deal for deal, data in before.items() if data["outcome"] == "unknown"}
    assert unknown == {1, 4, 6}
    assert before[4]["limits"] == {"max_states": 200, "line_states": 0, "timeout": None}
    assert before[4]["stopped_by"] == "positions" and before[2]["stopped_by"] is None
    same = invoke("stats", "--game", "eh", "--deals", "1-6", "--db", str(db), "--solve",
                  "--max-states", "200")
    assert "0 of 6 deals to compute (the rest are in" in same.stderr
    larger = invoke("stats", "--game", "eh", "--deals", "1-6", "--db", str(db), "--solve",
                    "--max-states", "20000", "--json")
    assert ("3 of 6 deals to compute (3 stored as unknown under smaller limits, computed "
            f"again; the rest are in {db})") in larger.stderr
    after = solve_rows(db)
    assert all(after[deal] == before[deal] for deal in (2, 3, 5))     # decided: kept
    assert {after[deal]["outcome"] for deal in unknown} == {"solved"}
    assert after[4]["limits"]["max_states"] == 20_000
    (row,) = json.loads(larger.stdout)
    assert (row["solved"], row["unknown"]) == (6, 0)
    again = invoke("stats", "--game", "eh", "--deals", "1-6", "--db", str(db), "--solve",
                   "--max-states", "200000")
    assert "0 of 6 deals to compute" in again.stderr


def test_a_database_of_an_earlier_harp_opens_and_its_unknowns_are_redone(tmp_path: Path) -> None:
    """Results stored before limits were (wall-clock ``seconds``, no
    ``limits``): the database opens, the report leaves their seconds out
    of the CPU columns, and a solving run computes their unknowns again."""
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE results (game TEXT NOT NULL, variant TEXT NOT NULL, "
                           "deal INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL, "
                           "PRIMARY KEY (game, variant, deal, kind)) WITHOUT ROWID")
        for deal, outcome in ((1, "solved"), (2, "unknown")):
            connection.execute("INSERT INTO results VALUES ('EH', 'N', ?, 'solve', ?)", (deal, json.dumps(
                {"outcome": outcome, "length": 300 if outcome == "solved" else None,
                 "states": 10, "seconds": 7.5})))
    (row,) = json.loads(invoke_ok("stats", "--db", str(db), "--report", "--solve", "--json"))
    assert (row["solved"], row["unknown"], row["mean_cpu_seconds"]) == (1, 1, None)
    result = invoke("stats", "--game", "eh", "--deals", "1-2", "--db", str(db), "--solve", "--json")
    assert result.exit_code == 0, result.stderr
    assert "2 of 2 deals to compute (1 stored as unknown" in result.stderr   # (no layouts)
    (row,) = json.loads(result.stdout)
    assert (row["solved"], row["unknown"]) == (2, 0) and row["mean_cpu_seconds"] is not None
    assert "limits" not in solve_rows(db)[1] and solve_rows(db)[2]["limits"]["max_states"] == 5_000_000


def test_stored_limits_must_be_well_formed(tmp_path: Path) -> None:
    """A hand-edited result whose limits are not harp's is damaged: one
    line; limits harp never runs under (no positions, no time) too."""
    from harp.analysis.store import ResultStore
    for name, limits in (("bad.db", {"max_states": "lots"}),
                         ("zero.db", {"max_states": 0, "line_states": 0, "timeout": None}),
                         ("no-time.db", {"max_states": 5, "line_states": 0, "timeout": 0})):
        db = tmp_path / name
        with ResultStore(str(db)) as store:
            store.add("EH", "N", 1, "solve", {"outcome": "unknown", "length": None, "states": 5,
                                             "cpu_seconds": 0.1, "limits": limits})
        refused(["stats", "--db", str(db), "--report", "--solve"], 1,
                f"{db}: the stored solve result of EH N deal 1 is damaged")


# ------------------------------------------------------------------ charts and their shares

SH_LAYOUT = {name: 0 for name in harp.analysis.measures.MEASURES["SH"]}


def test_chart_shares_are_rounded_down_as_won_pct_is(tmp_path: Path) -> None:
    """cum_pct reads 100 only on the last row (1 999 deals of 2 000 are
    99.9 %, not 100), and a value's won_pct 99 of 2 000 is 4.9, not 5.0."""
    from harp.analysis.store import ResultStore
    db = tmp_path / "shares.db"
    with ResultStore(str(db)) as store:
        for deal in range(1, 2001):
            store.add("SH", "C4", deal, "layout", {**SH_LAYOUT, "ready_pairs": int(deal == 2000)})
            won = deal <= 99
            store.add("SH", "C4", deal, "solve", {
                "outcome": "solved" if won else "unknown", "length": 80 if won else None,
                "states": 10, "cpu_seconds": 0.01, "stopped_by": None if won else "positions"})
    rows = json.loads(invoke_ok("stats", "--db", str(db), "--report", "--solve", "--dist",
                                "ready_pairs", "--json"))
    assert [(row["value"], row["deals"], row["cum_pct"]) for row in rows] == [
        (0, 1999, 99.9), (1, 1, 100.0)]
    assert rows[0]["won_pct"] == 4.9
    (states,) = json.loads(invoke_ok("stats", "--db", str(db), "--report", "--solve", "--dist",
                                     "states", "--json"))
    assert (states["cum_pct"], states["solved_within_pct"]) == (100.0, 4.9)


def test_an_empty_chart_is_one_line_exit_1(tmp_path: Path) -> None:
    """Seahaven deal 5 with 1 cell cannot be won: it has no line length."""
    db = tmp_path / "one.db"
    invoke_ok("stats", "--game", "sh", "--cells", "1", "--deals", "5", "--solve", "--db", str(db))
    why = "length is a measure of won deals, and none was won"
    for csv_or_json in ([], ["--csv"], ["--json"]):
        refused(["stats", "--report", "--db", str(db), "--cells", "1", "--deals", "5", "--solve",
                 "--dist", "length", *csv_or_json], 1,
                f"no values of length for Seahaven Towers with 1 cell, deals 5 in {db}: {why}")
    refused(["stats", "--game", "sh", "--cells", "1", "--deals", "5", "--solve", "--dist",
             "length"], 1, f"no values of length for Seahaven Towers with 1 cell, deals 5: {why}")


def test_report_refuses_progress(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--db", str(db))
    for flag in ("--progress", "--no-progress"):
        refused(["stats", "--report", "--db", str(db), flag], 2,
                "--report computes nothing: --progress and --no-progress are for a computing run")


def test_the_solve_table_names_the_most_positions_a_deal_searched() -> None:
    """Not max_states, which is the limit (--max-states, and the atlas's column)."""
    (row,) = json.loads(invoke_ok("stats", "--game", "sh", "--deals", "1-5", "--solve",
                                  "--max-states", "100000", "--json"))
    assert "max_states" not in row and row["most_states"] >= row["mean_states"]


def test_help_says_which_columns_the_table_shows() -> None:
    text = " ".join(invoke_ok("stats", "--help").split())
    assert "mean, min, median, max" not in text
    assert ("each measure's mean, median and a histogram (its deals, min and max too with "
            "--columns all, CSV or JSON)") in text


def test_a_win_rate_per_value_is_of_the_deals_solved(tmp_path: Path) -> None:
    """A store with the layout of more deals than it has solved: the win
    rate per value of a layout measure is that of the solved deals, as a
    run over those deals alone gives it, not diluted by the unsolved."""
    db = tmp_path / "half.db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-40", "--db", str(db))
    invoke_ok("stats", "--game", "sh", "--deals", "1-20", "--solve", "--db", str(db))
    chart = ["--solve", "--dist", "opening_moves", "--json"]
    alone = json.loads(invoke_ok("stats", "--game", "sh", "--deals", "1-20", *chart))
    stored_rows = json.loads(invoke_ok("stats", "--report", "--db", str(db), *chart))
    rate = {row["value"]: row["won_pct"] for row in stored_rows}
    assert alone and all(rate[row["value"]] == row["won_pct"] for row in alone)
    solved_values = {row["value"] for row in alone}
    assert all(won is None for value, won in rate.items() if value not in solved_values)
    assert sum(row["deals"] for row in stored_rows) == 40


def test_solved_within_counts_the_positions_to_the_first_win() -> None:
    """The solved-within-positions curve: a line search after the win
    (--line-states) makes a deal's positions more, not the budget that won it."""
    run = ["stats", "--game", "eh", "--deals", "2,3,5", "--solve", "--dist", "states", "--json"]
    plain = json.loads(invoke_ok(*run))
    longer = json.loads(invoke_ok(*run, "--line-states", "2000"))
    assert plain[-1]["solved_within_pct"] == 100
    hundred = next(row["value"] for row in plain if row["solved_within_pct"] == 100)
    within = {row["value"]: row["solved_within_pct"] for row in longer}
    assert within[hundred] == 100
    assert sum(row["deals"] for row in longer) == 3 and longer[-1]["value"] > 1000
