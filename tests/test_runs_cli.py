"""Long runs through the command line: Ctrl-C keeps every finished deal and
says how many, progress per item on a terminal only, tables that fit 80
columns, terminal charts and --plot pictures."""
from __future__ import annotations

import json
import math
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from harp.cli.fit import terminal_width
from harp.deals import make_code

from helpers import interrupt_at, invoke, invoke_ok, refused
from test_runs_analysis import fake_dask

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def stored_deals(db: Path) -> dict[int, set[str]]:
    """Deal -> the kinds of result stored for it (nothing before the table exists)."""
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            rows = connection.execute("SELECT deal, kind FROM results").fetchall()
    except sqlite3.OperationalError:
        return {}
    deals: dict[int, set[str]] = {}
    for deal, kind in rows:
        deals.setdefault(deal, set()).add(kind)
    return deals


def stopped_once_stored(args: list[str], db: Path, deals: int,
                        stop: Callable[[subprocess.Popen], None]) -> tuple[int, str, str, int]:
    """``harp ARGS`` as a real process (in a session of its own), given
    ``stop`` once ``db`` holds ``deals`` deals: its exit code, output,
    errors, and the deals stored when it was stopped."""
    process = subprocess.Popen([sys.executable, "-m", "harp", *args], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(stored_deals(db)) < deals:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no deal was stored within 60 s"
            time.sleep(0.02)
        seen = len(stored_deals(db))
        stop(process)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, out, err, seen


# ------------------------------------------------------------------ Ctrl-C

@pytest.mark.slow
def test_ctrl_c_keeps_every_finished_deal_says_how_many_and_a_rerun_resumes(tmp_path: Path):
    """A real ``harp stats --solve --db`` on two workers, sent SIGINT (as
    a terminal's Ctrl-C: to the whole process group) once several deals are
    stored: exit 130, the count printed is the deals in the database, each
    with both its results, and the same command computes only the rest."""
    db = tmp_path / "sh.db"
    args = ["stats", "--game", "sh", "--deals", "1-400", "--solve", "--db", str(db),
            "--jobs", "2"]
    returncode, out, err, seen = stopped_once_stored(
        args, db, 10, lambda process: os.killpg(process.pid, signal.SIGINT))
    assert returncode == 130, err
    kept = int(re.search(r"interrupted: this run kept (\d+) deals in ", err)[1])
    deals = stored_deals(db)
    assert seen <= kept == len(deals) < 400
    assert all(kinds == {"layout", "solve"} for kinds in deals.values())
    assert f"{400 - kept} of 400 are still to compute" in err
    assert int(re.search(r"^deals +(\d+)$", out, re.M)[1]) == kept     # their table
    resumed = invoke(*args[:-2], "--json")
    assert resumed.exit_code == 0, resumed.stderr
    assert f"stats: {400 - kept} of 400 deals to compute" in resumed.stderr
    assert sorted(stored_deals(db)) == list(range(1, 401))


def test_ctrl_c_while_a_deal_is_being_stored_keeps_it_whole_and_counts_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGINT arriving between the two results of deal 5 (its layout stored,
    its solve not yet): the deal is kept whole and counted, the interrupt
    still stops the run."""
    import harp.analysis.store
    store_one = harp.analysis.store.ResultStore.add

    def add(self, game, variant, deal, kind, data, replace=False):   # type: ignore[no-untyped-def]
        store_one(self, game, variant, deal, kind, data, replace)
        if deal == 5 and kind == "layout":
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(harp.analysis.store.ResultStore, "add", add)
    db = tmp_path / "sh.db"
    result = invoke("stats", "--game", "sh", "--deals", "1-20", "--solve", "--db", str(db))
    assert result.exit_code == 130
    assert "interrupted: this run kept 5 deals in " in result.stderr
    assert stored_deals(db) == {deal: {"layout", "solve"} for deal in range(1, 6)}


def test_ctrl_c_without_a_database_prints_the_tables_of_the_finished_deals(monkeypatch):
    import harp.analysis.stats
    interrupt_at(monkeypatch, harp.analysis.stats, "deal_facts", lambda code: code.number == 31)
    result = invoke("stats", "--game", "sh", "--deals", "1-100", "--json")
    assert result.exit_code == 130
    assert "interrupted: the tables are of the 30 deals this run finished, of 100" \
        in result.stderr
    assert {row["deals"] for row in json.loads(result.stdout)} == {30}


# ------------------------------------------------------------------ progress

# ------------------------------------------------------------------ Dask

@pytest.mark.parametrize("address", ["notanaddress", "localhost", "tcp://127.0.0.1:notaport",
                                     "http://x", "tcp://127.0.0.1:99999", "tcp://:8786"])
def test_a_scheduler_address_is_checked_before_any_work(tmp_path: Path, address: str) -> None:
    db = tmp_path / "runs.db"
    refused(["stats", "--game", "sh", "--deals", "1-5", "--executor", "dask", "--scheduler",
             address, "--db", str(db)], 2,
            f"--scheduler: {address!r} is not a scheduler address (tcp://HOST:PORT)")
    assert not db.exists()


def test_a_lost_scheduler_is_one_line_and_the_finished_deals_stay(tmp_path: Path,
                                                                  monkeypatch) -> None:
    fake_dask(monkeypatch, lost_after=2)
    db = tmp_path / "runs.db"
    args = ["stats", "--game", "sh", "--deals", "1-5", "--db", str(db), "--quiet"]
    lost = invoke(*args, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786")
    assert (lost.exit_code, lost.stdout) == (1, "")
    assert lost.stderr == (
        f"this run kept 2 deals in {db}; 3 of 5 are still to compute: run the same command "
        "again to resume\n"
        "Error: lost the Dask scheduler at 'tcp://127.0.0.1:8786' (scheduler-connection-lost); "
        "the finished results are kept\n")
    assert sorted(stored_deals(db)) == [1, 2]
    invoke_ok(*args)                                        # resumes
    assert sorted(stored_deals(db)) == [1, 2, 3, 4, 5]


def test_no_progress_off_a_terminal_unless_asked() -> None:
    quiet = invoke("stats", "--game", "sh", "--deals", "1-40")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    asked = invoke("stats", "--game", "sh", "--deals", "1-40", "--progress")
    assert asked.exit_code == 0 and "40/40" in asked.stderr and "deals/s" in asked.stderr
    assert asked.stdout == quiet.stdout
    refused(["stats", "--game", "sh", "--deals", "1-40", "--progress", "--quiet"], 2,
            "--quiet and --progress exclude each other: --quiet draws no progress bar")


def terminal(*args: str, width: int = 100) -> str:
    child = pexpect.spawn(sys.executable, ["-m", "harp", *args], cwd=str(ROOT),
                          encoding="utf-8", timeout=120, dimensions=(24, width),
                          env={**os.environ, "COLUMNS": str(width)})
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return child.before


def test_on_a_terminal_the_bar_moves_per_deal_with_the_total() -> None:
    """These eight Easy Harp deals take 0.15-0.7 s each with the compiled
    core (the slowest of 1-2000; most deals take less than the bar's 0.1 s
    between redraws, and without the core these take several seconds):
    the bar is redrawn as each one finishes, so it shows most counts on
    the way, each of 8."""
    screen = terminal("stats", "--game", "eh", "--deals", "148,158,693,950,1320,1620,1634,1719",
                      "--solve")
    counts = {int(n) for n in re.findall(r"\b(\d)/8 ", screen)}
    assert 8 in counts and len(counts & set(range(1, 8))) >= 3, screen
    assert "deals/s" in screen


@pytest.mark.slow
def test_a_long_solve_on_a_terminal_shows_it_is_searching() -> None:
    # deal 1634: about a second with the compiled core, the line search included
    screen = terminal("solve", "EH1-N-AAAABTC")
    assert re.search(r"searching: +\d+%.*positions", screen), screen
    assert re.search(r"^(d|\d>f|\d>\d)", screen.splitlines()[-1].split("\r")[-1])


# ------------------------------------------------------------------ tables that fit

WIDE = {"COLUMNS": "80"}


@pytest.mark.parametrize("args", [
    ["stats", "--game", "eh", "--deals", "1-50"],
    ["stats", "--game", "sh", "--deals", "1-30", "--solve"],
    ["score", str(EXAMPLES / "games.jsonl"), str(EXAMPLES / "games.csv")],
    ["score", str(EXAMPLES / "games.jsonl"), "--by", "player"],
    ["score", str(EXAMPLES / "mixed-records.jsonl"), "--rows"],
    ["stats", "--report", "--atlas", "--deals", "1-1000"],
    ["stats", "--game", "sh", "--deals", "1-30", "--solve", "--dist", "states"],
])
def test_default_tables_fit_80_columns(args: list[str]) -> None:
    out = invoke_ok(*args, env=WIDE)
    widths = [len(line) for line in out.splitlines()]
    assert widths and max(widths) <= 80, out


def test_csv_and_json_stay_complete_and_columns_choose() -> None:
    path = str(EXAMPLES / "mixed-records.jsonl")
    header = invoke_ok("score", path, "--rows", "--csv", env=WIDE).splitlines()[0]
    assert header == "source,line,code,game,variant,deal,won,score,moves,actions,foundations,error"
    chosen = invoke_ok("score", path, "--rows", "--columns", "code,score", env=WIDE)
    assert chosen.splitlines()[0].split() == ["code", "score"]
    refused(["score", path, "--rows", "--columns", "code,nope"], 2,
            "Invalid value for '--columns': no column 'nope' in this table; columns: source, "
            "line, code, game, variant, deal, won, score, moves, actions, foundations, error")


def test_the_atlas_report_is_one_table_in_every_format() -> None:
    text = invoke_ok("stats", "--report", "--atlas", "--deals", "1-1000", "--csv")
    lines = text.splitlines()
    assert lines[0].startswith("game,variant,deals,won,unsolvable,won_pct,")
    assert len(lines) == 4 and sum(line.startswith("game,") for line in lines) == 1
    rows = json.loads(invoke_ok("stats", "--report", "--atlas", "--deals", "1-1000", "--json"))
    assert [(r["variant"], r["won"], r["fewest"]) for r in rows] == [
        ("C4", 933, 787), ("C2", 145, 127), ("C1", 19, 19)]


# ------------------------------------------------------------------ charts and pictures

def test_a_terminal_chart_of_a_solve_measure_needs_no_extra() -> None:
    lines = invoke_ok("stats", "--game", "sh", "--deals", "1-30", "--solve", "--dist", "length",
                      env=WIDE).splitlines()
    assert lines[0].split() == ["game", "variant", "value", "deals", "pct"]
    assert any("█" in line for line in lines[2:])


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_plot_writes_a_picture(tmp_path: Path, suffix: str) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / f"solve.{suffix}"
    invoke_ok("stats", "--game", "sh", "--deals", "1-30", "--solve", "--plot", str(path))
    data = path.read_bytes()
    if suffix == "png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    else:
        assert ET.fromstring(data).tag == "{http://www.w3.org/2000/svg}svg"


def test_plot_without_matplotlib_is_one_line_before_any_work(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)      # import fails
    refused(["stats", "--game", "sh", "--deals", "1-30", "--solve", "--plot", "x.png"], 1,
            "--plot needs matplotlib: pip install 'harp-patience[plot]'")


def test_plot_with_a_backend_matplotlib_refuses_is_one_line_before_any_work(
        tmp_path: Path) -> None:
    """matplotlib refuses an unknown ``MPLBACKEND`` as it is imported (a
    child process: this one may have imported matplotlib already)."""
    pytest.importorskip("matplotlib")
    db = tmp_path / "runs.db"
    result = subprocess.run([sys.executable, "-m", "harp", "stats", "--game", "sh", "--deals",
                             "1-5", "--db", str(db), "--plot", str(tmp_path / "a.png")],
                            env={**os.environ, "MPLBACKEND": "nonsense"}, capture_output=True,
                            text=True, check=False)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("Error: --plot: matplotlib cannot use the backend 'nonsense' named "
                             "by MPLBACKEND (unset it, or name one such as agg)\n")
    assert not db.exists() and not (tmp_path / "a.png").exists()


def test_the_picture_in_docs_is_made_by_the_command() -> None:
    """docs/solve-sh.svg is valid SVG, and its description is the command
    that made it, which docs/batch.md shows beside it."""
    path = ROOT / "docs" / "solve-sh.svg"
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    described = [element.text for element in root.iter() if element.tag.endswith("description")]
    assert described and described[0].startswith("harp stats ")
    page = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    assert described[0] in page
    assert "](solve-sh.svg)" in page


# ------------------------------------------------------------------ difficulty

def test_deal_prints_its_difficulty_from_the_solvers_work() -> None:
    """log10 of the positions before the first win (a Seahaven solve stops
    at its first win, so they are ``harp solve``'s positions)."""
    solved = json.loads(invoke_ok("solve", "SH1-C4-AAAAAJ2", "--json"))
    shown = invoke_ok("deal", "SH1-C4-AAAAAJ2", "--difficulty", "--ascii")
    assert shown.splitlines()[-1] == (
        f"Difficulty  {round(math.log10(solved['states']), 1)} ({solved['states']} positions "
        f"to the first win; a line of {solved['length']} actions)")
    lost = invoke_ok("deal", "SH1-C1-AAAAAJ2", "--difficulty", "--json")
    solved = json.loads(invoke_ok("solve", "SH1-C1-AAAAAJ2", "--json"))
    assert json.loads(lost)["difficulty"] == {
        "difficulty": None, "length": None,
        **{key: solved[key] for key in ("outcome", "verdict_states", "states", "stopped_by",
                                        "limits")}}
    assert invoke_ok("deal", "SH1-C1-AAAAAJ2", "--difficulty").splitlines()[-1] == \
        "Difficulty  none: cannot be won (proved)"


def test_stats_shows_the_median_difficulty_and_its_distribution() -> None:
    (row,) = json.loads(invoke_ok("stats", "--game", "sh", "--deals", "1-30", "--solve",
                                  "--json"))
    rows = json.loads(invoke_ok("stats", "--game", "sh", "--deals", "1-30", "--solve", "--dist",
                                "difficulty", "--json"))
    assert sum(r["deals"] for r in rows) == row["solved"]
    below = sum(r["deals"] for r in rows if r["high"] < row["median_difficulty"])
    assert below <= row["solved"] / 2


# ------------------------------------------------------------------ Ctrl-C in the other batch commands

def test_ctrl_c_in_generate_writes_the_records_made(tmp_path: Path, monkeypatch) -> None:
    import harp.analysis.games
    interrupt_at(monkeypatch, harp.analysis.games, "make_game", lambda task: task.deal == 6)
    out = tmp_path / "games.jsonl"
    result = invoke("generate", "--game", "sh", "--deals", "1-20", "--random-play", "-o", str(out))
    assert result.exit_code == 130
    assert result.stderr == (f"interrupted: 5 records of the 5 deals played before Ctrl-C "
                             f"written to {out}; the deals not played: --deals 6-20\n")
    assert len(out.read_text().splitlines()) == 5


def test_ctrl_c_in_score_prints_the_summary_of_what_was_scored(monkeypatch) -> None:
    import harp.cli.score
    interrupt_at(monkeypatch, harp.cli.score, "score_input", lambda item: item.line == 4)
    result = invoke("score", str(EXAMPLES / "games.jsonl"), "--json")
    assert result.exit_code == 130
    assert result.stderr == "interrupted: the summary is of the 3 records scored before Ctrl-C\n"
    assert sum(row["games"] + row["errors"] for row in json.loads(result.stdout)) == 3


# ------------------------------------------------------------------ an export stopped and resumed

def records_of(path: Path) -> list[str]:
    return [json.loads(line)["code"] for line in path.read_text().splitlines()]


def test_a_stopped_export_resumes_and_writes_no_record_twice(tmp_path: Path,
                                                             monkeypatch) -> None:
    """Ctrl-C at deal 31 of 60: the note's counts are true, the records of
    the wins finished are written; the same command then solves and writes
    only the rest, and a third run writes nothing."""
    import harp.analysis.stats
    db, out = tmp_path / "sh.db", tmp_path / "wins.jsonl"
    args = ["stats", "--game", "sh", "--cells", "2", "--deals", "1-60", "--solve",
            "--db", str(db), "--export", str(out)]
    real = harp.analysis.stats.deal_facts
    interrupt_at(monkeypatch, harp.analysis.stats, "deal_facts", lambda code: code.number == 31)
    stopped = invoke(*args)
    assert stopped.exit_code == 130
    first = records_of(out)
    assert stopped.stderr == (
        "stats: 60 of 60 deals to compute\n"
        f"interrupted: this run kept 30 deals in {db}; 30 of 60 are still to compute: run the "
        f"same command again to resume\nstats: {len(first)} solutions written to {out}\n")
    monkeypatch.setattr(harp.analysis.stats, "deal_facts", real)
    resumed = invoke(*args)
    assert resumed.exit_code == 0
    codes = records_of(out)
    assert codes[:len(first)] == first and len(set(codes)) == len(codes)
    assert resumed.stderr == (
        f"stats: 30 of 60 deals to compute (the rest are in {db})\n"
        f"stats: {len(codes) - len(first)} solutions written to {out} ({len(first)} deals of "
        "the run had a winning record there already)\n")
    (row,) = json.loads(invoke_ok("stats", "--report", "--db", str(db), "--solve", "--json"))
    assert row["solved"] == len(codes)
    again = invoke(*args)
    assert (again.exit_code, records_of(out)) == (0, codes)
    assert again.stderr.startswith(f"stats: 0 of 60 deals to compute (the rest are in {db})\n")


EXPORT_1_10 = ["stats", "--game", "sh", "--deals", "1-10", "--solve"]     # all ten are won


def five_of_ten_kept(db: Path, out: Path) -> str:
    """What an export of deals 1-10 stopped with 5 deals kept says."""
    return ("stats: 10 of 10 deals to compute\n"
            f"interrupted: this run kept 5 deals in {db}; 5 of 10 are still to compute: run the "
            f"same command again to resume\nstats: 5 solutions written to {out}\n")


def test_a_stopped_export_writes_the_wins_held_back_for_deal_order(tmp_path: Path,
                                                                   monkeypatch) -> None:
    """Two workers: deals 2-6 finish while deal 1 is still computed, and
    Ctrl-C comes then.  Their records, held back to be written in deal
    order, are written: every deal the store kept has its record, the note
    adds up (5 kept, 5 still to compute, of 10), and the resumed run
    solves only deals 1 and 7-10."""
    import harp.analysis.stats
    real = harp.analysis.stats.parallel_map

    def first_deal_slow(func, items, **options):     # type: ignore[no-untyped-def]
        for task in list(items)[1:6]:
            yield func(task)
        raise KeyboardInterrupt                     # Ctrl-C while deal 1 is computed

    monkeypatch.setattr(harp.analysis.stats, "parallel_map", first_deal_slow)
    db, out = tmp_path / "sh.db", tmp_path / "wins.jsonl"
    args = [*EXPORT_1_10, "--db", str(db), "--export", str(out)]
    stopped = invoke(*args)
    assert stopped.exit_code == 130
    assert stopped.stderr == five_of_ten_kept(db, out)
    assert sorted(stored_deals(db)) == [2, 3, 4, 5, 6]
    assert records_of(out) == [str(make_code("SH", deal, 4)) for deal in range(2, 7)]
    monkeypatch.setattr(harp.analysis.stats, "parallel_map", real)
    resumed = invoke(*args)
    assert resumed.stderr == (
        f"stats: 5 of 10 deals to compute (the rest are in {db})\n"
        f"stats: 5 solutions written to {out} (5 deals of the run had a winning record there "
        "already)\n")
    assert sorted(records_of(out)) == [str(make_code("SH", deal, 4)) for deal in range(1, 11)]


def test_a_win_stored_as_ctrl_c_comes_has_its_record_written(tmp_path: Path,
                                                             monkeypatch) -> None:
    """Ctrl-C while won deal 5 is being stored: it is stored whole and, in
    the same step, handed on for its record, so the stopped run writes it:
    5 kept, 5 records, 5 still to compute, and the resumed run solves only
    deals 6-10 (none again for its record)."""
    import harp.analysis.store
    store_one = harp.analysis.store.ResultStore.add

    def add(self, game, variant, deal, kind, data, replace=False):   # type: ignore[no-untyped-def]
        store_one(self, game, variant, deal, kind, data, replace)
        if deal == 5 and kind == "solve":
            signal.raise_signal(signal.SIGINT)

    db, out = tmp_path / "sh.db", tmp_path / "wins.jsonl"
    args = [*EXPORT_1_10, "--db", str(db), "--export", str(out)]
    with monkeypatch.context() as patch:
        patch.setattr(harp.analysis.store.ResultStore, "add", add)
        stopped = invoke(*args)
    assert stopped.exit_code == 130
    assert stopped.stderr == five_of_ten_kept(db, out)
    assert records_of(out) == [str(make_code("SH", deal, 4)) for deal in range(1, 6)]
    resumed = invoke(*args)
    assert resumed.stderr.startswith(f"stats: 5 of 10 deals to compute (the rest are in {db})\n")
    assert sorted(records_of(out)) == [str(make_code("SH", deal, 4)) for deal in range(1, 11)]


def test_a_lost_executor_keeps_the_records_written(tmp_path: Path, monkeypatch) -> None:
    """The scheduler lost after 3 deals: their records are written (not
    thrown away with the file), the note adds up, and the resumed run
    computes only the rest."""
    fake_dask(monkeypatch, lost_after=3)
    db, out = tmp_path / "sh.db", tmp_path / "wins.jsonl"
    args = ["stats", "--game", "sh", "--deals", "1-6", "--solve", "--db", str(db),
            "--export", str(out)]
    lost = invoke(*args, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:8786")
    assert (lost.exit_code, lost.stdout) == (1, "")
    assert lost.stderr == (
        "stats: 6 of 6 deals to compute\n"
        f"this run kept 3 deals in {db}; 3 of 6 are still to compute: run the same command "
        f"again to resume\nstats: 3 solutions written to {out}\n"
        "Error: lost the Dask scheduler at 'tcp://127.0.0.1:8786' (scheduler-connection-lost); "
        "the finished results are kept\n")
    assert records_of(out) == [str(make_code("SH", deal, 4)) for deal in range(1, 4)]
    resumed = invoke(*args)
    assert resumed.stderr.startswith(f"stats: 3 of 6 deals to compute (the rest are in {db})\n")


def test_an_export_to_a_new_file_solves_again_only_the_won_deals(tmp_path: Path) -> None:
    """The store keeps outcomes, not scripts: its won deals are solved again
    for their records, the others not at all; without --db a deal whose
    record is in the file is not written again."""
    db, out = tmp_path / "sh.db", tmp_path / "wins.txt"
    run = ["stats", "--game", "sh", "--cells", "2", "--deals", "1-40", "--solve"]
    (row,) = json.loads(invoke_ok(*run, "--db", str(db), "--json"))
    result = invoke(*run, "--db", str(db), "--export", str(out))
    assert result.exit_code == 0
    assert result.stderr == (
        f"stats: {row['solved']} of 40 deals to compute ({row['solved']} stored as won, solved "
        f"again for their records; the rest are in {db})\n"
        f"stats: {row['solved']} solutions written to {out}\n")
    before = out.read_text()
    assert len(before.splitlines()) == row["solved"]
    result = invoke(*run, "--export", str(out))
    assert (result.exit_code, out.read_text()) == (0, before)
    assert result.stderr == (f"stats: 0 solutions written to {out} ({row['solved']} deals of "
                             "the run had a winning record there already)\n")


def test_an_export_solves_a_stored_win_again_under_the_limits_it_was_won_under(
        tmp_path: Path) -> None:
    """A smaller --max-states does not lose a stored win's record: the same
    search under the same limits finds it again.  A win stored without its
    limits (an earlier harp) is solved under this run's, and named when it
    is not won again."""
    db, out = tmp_path / "sh.db", tmp_path / "wins.txt"
    run = ["stats", "--game", "sh", "--cells", "2", "--deals", "1-40", "--solve"]
    invoke_ok(*run, "--db", str(db), "--json")
    with sqlite3.connect(db) as connection:
        won = [deal for deal, data in connection.execute(
            "SELECT deal, data FROM results WHERE kind = 'solve' ORDER BY deal")
            if json.loads(data)["outcome"] == "solved"]
    result = invoke(*run, "--max-states", "100", "--db", str(db), "--export", str(out))
    assert result.exit_code == 0
    assert len(out.read_text().splitlines()) == len(won) > 2
    hard = won[1]                                       # 349 positions to its win
    with sqlite3.connect(db) as connection:
        (data,), = connection.execute("SELECT data FROM results WHERE kind = 'solve' AND "
                                      "deal = ?", (hard,))
        connection.execute("UPDATE results SET data = ? WHERE kind = 'solve' AND deal = ?",
                           (json.dumps({k: v for k, v in json.loads(data).items()
                                        if k != "limits"}), hard))
    connection.close()
    again = tmp_path / "again.txt"
    result = invoke(*run, "--max-states", "100", "--db", str(db), "--export", str(again))
    assert result.exit_code == 0
    assert len(again.read_text().splitlines()) == len(won) - 1
    assert result.stderr.endswith(
        f"stats: 1 deal stored as won was not won again, so its record is not in {again}: "
        f"{hard} (a larger --max-states may win it again)\n")


def test_an_export_writes_the_win_of_a_deal_the_file_holds_only_unwon(tmp_path: Path) -> None:
    """A record of the deal that does not win it (a player's lost attempt,
    a broken record) does not stand for its win: the win is written."""
    out = tmp_path / "wins.txt"
    out.write_text("SH1-C4-AAAAAAB 9>9 zz\nSH1-C4-AAAAAAC 1>2 # a lost attempt\n")
    result = invoke("stats", "--game", "sh", "--deals", "1-3", "--solve", "--export", str(out))
    assert (result.exit_code, result.stderr) == (0, f"stats: 3 solutions written to {out}\n")
    assert [line.split()[0] for line in out.read_text().splitlines()] == [
        "SH1-C4-AAAAAAB", "SH1-C4-AAAAAAC", "SH1-C4-AAAAAAB", "SH1-C4-AAAAAAC",
        "SH1-C4-AAAAAAD"]
    again = invoke("stats", "--game", "sh", "--deals", "1-3", "--solve", "--export", str(out))
    assert again.stderr == (f"stats: 0 solutions written to {out} (3 deals of the run had a "
                            "winning record there already)\n")


# ------------------------------------------------------------------ Ctrl-C before the first deal

def test_ctrl_c_while_a_big_store_is_read_ends_with_130(tmp_path: Path, monkeypatch) -> None:
    """Finding what a big store misses takes a while: Ctrl-C then is exit
    130 with a note, as during the run (Click said "Aborted!", exit 1);
    so is Ctrl-C while its tables are read back, or during a report."""
    import harp.analysis.stats
    import harp.analysis.store
    import harp.cli.stats
    db = tmp_path / "sh.db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-5", "--db", str(db))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    with monkeypatch.context() as patch:
        patch.setattr(harp.analysis.store.ResultStore, "done", interrupted)
        result = invoke("stats", "--game", "sh", "--deals", "1-10", "--db", str(db))
    assert (result.exit_code, result.stdout, result.stderr) == (
        130, "", "interrupted before any deal was computed\n")
    with monkeypatch.context() as patch:
        patch.setattr(harp.analysis.stats, "tables_from_store", interrupted)
        result = invoke("stats", "--game", "sh", "--deals", "1-10", "--db", str(db))
    assert (result.exit_code, result.stdout, result.stderr) == (
        130, "", f"stats: 5 of 10 deals to compute (the rest are in {db})\ninterrupted: this run "
                 f"kept 5 deals in {db}, every one it had to compute; the tables were not "
                 "printed: run the same command again to print them\n")
    with monkeypatch.context() as patch:
        patch.setattr(harp.cli.stats, "tables_from_store", interrupted)
        result = invoke("stats", "--report", "--db", str(db))
    assert (result.exit_code, result.stdout, result.stderr) == (130, "", "interrupted (Ctrl-C)\n")


@pytest.mark.parametrize("options", [[], ["--json"], ["--solve", "--export", "wins.txt"]])
def test_ctrl_c_before_the_first_deal_finishes_prints_no_table(tmp_path: Path, monkeypatch,
                                                               options: list[str]) -> None:
    """No empty table, no "0 deals kept": the run says it computed none,
    with a store or without, and writes no file."""
    import harp.analysis.stats
    monkeypatch.chdir(tmp_path)
    interrupt_at(monkeypatch, harp.analysis.stats, "deal_facts", lambda code: code.number == 1)
    run = ["stats", "--game", "sh", "--deals", "1-5", *options]
    result = invoke(*run)
    assert (result.exit_code, result.stdout, result.stderr) == (
        130, "", "interrupted before any deal was computed\n")
    result = invoke(*run, "--db", "sh.db")
    assert (result.exit_code, result.stdout, result.stderr) == (
        130, "", "stats: 5 of 5 deals to compute\ninterrupted before any deal was computed\n")
    assert stored_deals(tmp_path / "sh.db") == {}
    assert [p.name for p in tmp_path.iterdir()] == ["sh.db"]


# ------------------------------------------------------------------ the --plot file

def test_a_plot_file_that_cannot_be_written_is_refused_before_any_work(
        tmp_path: Path, monkeypatch, no_work) -> None:
    """As --export: a missing folder, a folder, a device (a link to one
    too) or a FIFO, in the same words, before the run."""
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.png").mkdir()
    (tmp_path / "full.png").symlink_to("/dev/full")
    os.mkfifo(tmp_path / "fifo.svg")
    run = ["stats", "--game", "sh", "--deals", "1-3", "--solve", "--plot"]
    for name, why in (("nofolder/x.png", "no such folder"),
                      ("d.png", "it is a folder, not a file"),
                      ("full.png", "not a regular file"), ("fifo.svg", "not a regular file")):
        refused([*run, name], 1, f"cannot open {name}: {why}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.png", "fifo.svg", "full.png"]


def test_plot_replaces_only_a_picture_of_its_kind(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    run = ["stats", "--game", "sh", "--deals", "1-3", "--plot"]
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--db", "stats.db")
    os.rename("stats.db", "db.svg")
    data = Path("db.svg").read_bytes()
    Path("notes.png").write_text("my notes\n")
    refused([*run, "db.svg"], 1, "cannot write db.svg: it is not an SVG picture (harp replaces "
                                 "no other file)")
    refused([*run, "notes.png"], 1, "cannot write notes.png: it is not a PNG picture (harp "
                                    "replaces no other file)")
    assert Path("db.svg").read_bytes() == data and Path("notes.png").read_text() == "my notes\n"
    for name in ("a.svg", "a.png"):
        invoke_ok(*run, name)                   # new
        Path(name).chmod(0o640)
        invoke_ok(*run, name)                   # a picture: replaced, its mode kept
        assert Path(name).stat().st_mode & 0o777 == 0o640
    assert Path("a.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "a.svg", "db.svg", "notes.png"]


def test_an_interrupted_run_draws_no_picture_and_says_so(tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("matplotlib")
    import harp.analysis.stats
    interrupt_at(monkeypatch, harp.analysis.stats, "deal_facts", lambda code: code.number == 4)
    picture = tmp_path / "x.svg"
    result = invoke("stats", "--game", "sh", "--deals", "1-10", "--plot", str(picture))
    assert result.exit_code == 130
    assert result.stderr == ("interrupted: the tables are of the 3 deals this run finished, of 10 "
                             "(--db FILE keeps them, and a re-run resumes); no picture drawn into "
                             f"{picture} (--plot draws a finished run)\n")
    assert list(tmp_path.iterdir()) == []


def svg_texts(path: Path) -> list[str]:
    """The text of an SVG picture (harp writes text as text)."""
    return [e.text for e in ET.parse(path).getroot().iter() if e.tag.endswith("}text") and e.text]


def test_a_picture_shows_what_the_table_beside_it_shows(tmp_path: Path) -> None:
    """Without --solve the table is the layout measures, though the store
    holds the solver's outcomes: so is the picture.  A report's picture is
    titled with its filters."""
    pytest.importorskip("matplotlib")
    db = tmp_path / "sh.db"
    run = ["stats", "--game", "sh", "--deals", "1-5", "--db", str(db)]
    invoke_ok(*run, "--solve")
    solved, layout, report = (tmp_path / f"{name}.svg" for name in ("s", "l", "r"))
    invoke_ok(*run, "--solve", "--plot", str(solved))
    invoke_ok(*run, "--plot", str(layout))
    assert "Solved within N positions" in svg_texts(solved)
    assert "Solved within N positions" not in svg_texts(layout)
    assert "opening moves" in svg_texts(layout)
    assert not any("positions" in text or "winning line" in text for text in svg_texts(layout))
    invoke_ok("stats", "--report", "--game", "sh", "--deals", "1-5", "--db", str(db),
              "--plot", str(report))
    assert "--report --game sh --deals 1-5" in svg_texts(report)
    described = next(e.text for e in ET.parse(report).getroot().iter()
                     if e.tag.endswith("description"))
    assert described == "harp stats --report --game sh --deals 1-5"


def test_a_picture_of_a_run_that_won_nothing_says_so_in_the_panels_of_wins(
        tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "none.svg"
    invoke_ok("stats", "--game", "eh", "--deals", "1-3", "--solve", "--max-states", "5",
              "--plot", str(path))
    texts = svg_texts(path)
    assert texts.count("no deal won") == 2      # the line's length and the difficulty
    assert "Solved within N positions" in texts


def test_a_picture_of_several_variants_has_one_legend_and_one_colour_each(
        tmp_path: Path) -> None:
    """The small panels of layout measures have no legend each: the
    figure has one, and a game and variant is one colour in every panel."""
    pytest.importorskip("matplotlib")
    db, path = tmp_path / "two.db", tmp_path / "two.svg"
    invoke_ok("stats", "--game", "sh", "--deals", "1-5", "--db", str(db))
    invoke_ok("stats", "--game", "eh", "--deals", "1-5", "--db", str(db))
    invoke_ok("stats", "--report", "--db", str(db), "--plot", str(path))
    texts = svg_texts(path)
    assert texts.count("EH N: deals %") == 1 and texts.count("SH C4: deals %") == 1
    # A measure only Seahaven has is drawn in Seahaven's colour, not the first one.
    from matplotlib.colors import to_hex
    from matplotlib.figure import Figure
    from harp.analysis.plot import _distribution
    from harp.analysis.tables import StatsTables
    tables = StatsTables()
    tables.add_deal("SH", "C4", {"layout": {"both": 3, "sh_only": 4}})
    tables.add_deal("EH", "N", {"layout": {"both": 1, "eh_only": 2}})
    colour = {}
    for measure in ("both", "eh_only", "sh_only"):
        axes = Figure().add_subplot()
        _distribution(axes, tables, measure, small=True)
        for patch in axes.patches:
            colour.setdefault(measure, set()).add(to_hex(patch.get_facecolor()))
    first, second = (to_hex(f"C{n}") for n in range(2))     # in the tables' order
    assert tables.groups() == [("EH", "N"), ("SH", "C4")]
    assert colour == {"both": {first, second}, "eh_only": {first}, "sh_only": {second}}


def test_a_picture_title_clips_a_long_deal_list(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "odd.svg"
    deals = ",".join(str(n) for n in range(1, 100, 2))
    invoke_ok("stats", "--game", "sh", "--deals", deals, "--plot", str(path))
    root = ET.parse(path).getroot()
    title = next(e.text for e in root.iter() if e.tag.endswith("}title") and e.text
                 and e.text.startswith("--game"))
    described = next(e.text for e in root.iter() if e.tag.endswith("description"))
    assert described == f"harp stats --game sh --deals {deals}"
    assert title.startswith("--game sh --deals 1,3,5") and title.endswith("…")
    assert len(title) < 70


@pytest.mark.parametrize("columns", ["²", "٣", "0", "-5", "99999999999999999999999", "10001", ""])
def test_a_columns_variable_that_is_no_width_is_ignored(monkeypatch, columns):
    """``²`` passed str.isdigit and failed int(); a huge width overflowed."""
    args = ["stats", "--game", "sh", "--deals", "1-3", "--dist", "aces_exposed", "-q"]
    monkeypatch.delenv("COLUMNS", raising=False)
    plain = invoke_ok(*args)
    monkeypatch.setenv("COLUMNS", columns)
    assert terminal_width() == 80
    assert invoke_ok(*args) == plain
    monkeypatch.setenv("COLUMNS", " 120 ")
    assert terminal_width() == 120


@pytest.mark.parametrize("stop, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_kill_or_a_closed_terminal_stops_a_run_as_ctrl_c_does(tmp_path: Path, stop: int,
                                                              code: int) -> None:
    """SIGTERM (kill, timeout, a job scheduler) and SIGHUP stop a batch run
    as Ctrl-C does: the finished deals kept and counted, their records
    exported, no temporary file left, exit 128 + the signal.  They used to
    end it at once: the export never written, its temporary file left."""
    db, export = tmp_path / "sh.db", tmp_path / "wins.jsonl"
    args = ["stats", "--game", "sh", "--deals", "1-400", "--solve", "--db", str(db),
            "--export", str(export)]
    returncode, out, err, _ = stopped_once_stored(
        args, db, 5, lambda process: process.send_signal(stop))
    assert returncode == code, err
    kept = int(re.search(r"interrupted: this run kept (\d+) deals in ", err)[1])
    assert 5 <= kept == len(stored_deals(db)) < 400
    records = [json.loads(line) for line in export.read_text().splitlines()]
    assert records and len(records) <= kept
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".harp-")] == []


def test_ctrl_c_while_a_batch_command_loads_ends_it_with_130(monkeypatch) -> None:
    """A Ctrl-C before the command's module is imported (it takes a while)
    is a batch stop too, not Click's "Aborted!" and exit 1."""
    import harp.cli.main

    real = harp.cli.main.importlib.import_module

    def import_module(name: str):
        if name == "harp.cli.stats":
            raise KeyboardInterrupt
        return real(name)

    monkeypatch.setattr(harp.cli.main.importlib, "import_module", import_module)
    result = invoke("stats", "--game", "sh", "--deals", "1-3")
    assert (result.exit_code, result.stderr) == (130, "interrupted (Ctrl-C)\n")


def test_a_second_ctrl_c_while_a_run_stops_does_not_lose_what_it_kept(tmp_path: Path,
                                                                      monkeypatch) -> None:
    """Ctrl-C pressed again while the stopped run writes what it kept (the
    records held back, the note, the export): ignored, so the outcome is
    the single Ctrl-C's, and the handler is back once the command ends."""
    import harp.analysis.store
    import harp.cli.runs
    store_one = harp.analysis.store.ResultStore.add
    release = harp.cli.runs.InOrder.release

    def add(self, game, variant, deal, kind, data, replace=False):   # type: ignore[no-untyped-def]
        store_one(self, game, variant, deal, kind, data, replace)
        if deal == 5 and kind == "solve":
            signal.raise_signal(signal.SIGINT)

    def released_after_another_ctrl_c(self):                         # type: ignore[no-untyped-def]
        signal.raise_signal(signal.SIGINT)
        release(self)

    db, out = tmp_path / "sh.db", tmp_path / "wins.jsonl"
    with monkeypatch.context() as patch:
        patch.setattr(harp.analysis.store.ResultStore, "add", add)
        patch.setattr(harp.cli.runs.InOrder, "release", released_after_another_ctrl_c)
        stopped = invoke(*EXPORT_1_10, "--db", str(db), "--export", str(out))
    assert stopped.exit_code == 130
    assert stopped.stderr == five_of_ten_kept(db, out)
    assert records_of(out) == [str(make_code("SH", deal, 4)) for deal in range(1, 6)]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_pictures_description_names_the_solvers_limits_when_not_the_batchs(
        tmp_path: Path) -> None:
    """The description is the command that draws the same picture: the
    limits a run was given are part of it (the batch's are left out)."""
    pytest.importorskip("matplotlib")
    path = tmp_path / "limits.svg"
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--solve", "--max-states", "3000",
              "--timeout", "20.5", "--plot", str(path))
    described = next(e.text for e in ET.parse(path).getroot().iter()
                     if e.tag.endswith("description"))
    assert described == ("harp stats --game sh --deals 1-3 --solve --max-states 3000 "
                         "--timeout 20.5")


def test_ctrl_c_in_a_single_game_command_ends_it_with_130(monkeypatch) -> None:
    """Ctrl-C that a command other than a batch run does not handle (a
    solve, a replay of many records) is exit 130 and one line."""
    import harp.cli.hint
    import harp.cli.replay
    import harp.cli.solve

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(harp.cli.solve, "solver_solve", stopped)
    monkeypatch.setattr(harp.cli.hint, "solver_hint", stopped)
    monkeypatch.setattr(harp.cli.replay, "records_in", stopped)
    for args in (("solve", "SH1-C4-AAAAAJ2"), ("hint", "SH1-C4-AAAAAJ2"),
                 ("replay", "--check", str(ROOT / "examples" / "games.jsonl"))):
        result = invoke(*args)
        assert (result.exit_code, result.stdout, result.stderr) == \
            (130, "", "interrupted (Ctrl-C)\n"), args
