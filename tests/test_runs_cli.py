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
from pathlib import Path

import pexpect
import pytest

from helpers import interrupt_at, invoke, invoke_ok, refused

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
    process = subprocess.Popen([sys.executable, "-m", "harp", *args], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(stored_deals(db)) < 10:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no deal was stored within 60 s"
            time.sleep(0.02)
        seen = len(stored_deals(db))
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
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
    """These eight Easy Harp deals take 0.17-0.6 s each (pure Python; deals
    1-8 became too quick: most took less than the bar's 0.1 s between
    redraws): the bar is redrawn as each one finishes, so it shows most
    counts on the way, each of 8."""
    screen = terminal("stats", "--game", "eh", "--deals", "7,9,12,15,18,28,35,38", "--solve")
    counts = {int(n) for n in re.findall(r"\b(\d)/8 ", screen)}
    assert 8 in counts and len(counts & set(range(1, 8))) >= 3, screen
    assert "deals/s" in screen


@pytest.mark.slow
def test_a_long_solve_on_a_terminal_shows_it_is_searching() -> None:
    screen = terminal("solve", "EH1-N-AAAAAAJ")        # deal 9: about 2 s, then the line search
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
    assert json.loads(lost)["difficulty"] == {
        "difficulty": None, "outcome": "unsolvable", "first_win_states": None, "length": None,
        "states": json.loads(invoke_ok("solve", "SH1-C1-AAAAAJ2", "--json"))["states"]}
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
                             f"written to {out}\n")
    assert len(out.read_text().splitlines()) == 5


def test_ctrl_c_in_score_prints_the_summary_of_what_was_scored(monkeypatch) -> None:
    import harp.cli.score
    interrupt_at(monkeypatch, harp.cli.score, "score_input", lambda item: item.line == 4)
    result = invoke("score", str(EXAMPLES / "games.jsonl"), "--json")
    assert result.exit_code == 130
    assert result.stderr == "interrupted: the summary is of the 3 records scored before Ctrl-C\n"
    assert sum(row["games"] + row["errors"] for row in json.loads(result.stdout)) == 3
