"""Long runs, below the command line: results per item from every executor,
the solver's progress callback, distributions of the solve measures, the
difficulty, tables fitted to a width, and pictures."""
from __future__ import annotations

import os
import sys
import threading
import time
import types
from concurrent.futures import CancelledError
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

import harp.analysis.parallel

from harp import new_board
from harp.analysis.parallel import ExecutorError, parallel_map
from harp.analysis.stats import LAYOUT, SOLVE, StatsPlan, StatsRun, run_stats
from harp.analysis.tables import StatsTables, difficulty, log_bin, value_rows
from harp.cli.fit import ColumnsError, bar, choose_columns, fit_table
from harp.deals import make_code
from harp.solve import SolveLimits, solve

from helpers import invoke


def wait_for_flag(item: tuple[str, int]) -> int:
    """Item 0 at once; item 1 only once the file ``flag`` exists (at most
    20 s): the consumer must have had item 0's result before item 1 ends."""
    flag, n = item
    if n == 1:
        deadline = time.monotonic() + 20
        while not os.path.exists(flag):
            if time.monotonic() > deadline:
                raise TimeoutError("item 1 waited for a result that never came")
            time.sleep(0.01)
    return n


def _first_result_comes_before_its_chunk_ends(tmp_path: Path, **options) -> None:
    flag = str(tmp_path / "flag")
    results = parallel_map(wait_for_flag, [(flag, n) for n in range(4)], chunk_size=2,
                           **options)
    assert next(results) == 0            # items 0 and 1 are one chunk: 1 waits for this
    Path(flag).touch()
    assert list(results) == [1, 2, 3]


class FakeCancelled(CancelledError):
    """distributed's FutureCancelledError: a task cancelled, with its reason."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key} cancelled for reason: {reason}.")
        self.reason = reason


def fake_dask(monkeypatch, *, connect: Exception | None = None, lost_after: int | None = None,
              lost: Exception | None = None) -> None:
    """A stand-in for ``distributed`` (no cluster): the client fails to
    connect with ``connect``; or each task runs when its result is asked
    for, in the order submitted, until ``lost_after`` results have come:
    every later task then fails with ``lost`` (cancelled, the scheduler
    gone) as distributed's futures do."""
    given = [0]

    class Future:
        def __init__(self, key: str, func, item) -> None:
            self.key, self.func, self.item, self.status = key, func, item, "pending"

        def result(self):
            if lost_after is not None and given[0] >= lost_after:
                self.status = "cancelled"
                raise lost or FakeCancelled(self.key, "scheduler-connection-lost")
            given[0] += 1
            try:
                value = self.func(self.item)
            except Exception:
                self.status = "error"
                raise
            self.status = "finished"
            return value

    class Client:
        def __init__(self, address: str) -> None:
            if connect is not None:
                raise connect

        def nthreads(self) -> dict[str, int]:
            return {"worker": 1}

        def map(self, func, items, pure, key):
            return [Future(k, func, item) for k, item in zip(key, items)]

        def close(self) -> None:
            raise OSError("the scheduler is gone")       # closing must not hide the error

    class AsCompleted:
        def __init__(self) -> None:
            self.futures: list[Future] = []

        def add(self, future: Future) -> None:
            self.futures.append(future)

        def __iter__(self):
            while self.futures:
                yield self.futures.pop(0)

    module = types.ModuleType("distributed")
    module.Client, module.as_completed = Client, AsCompleted
    monkeypatch.setitem(sys.modules, "distributed", module)


@pytest.mark.parametrize("error", [ValueError("missing port number in address 'x'"),
                                   TimeoutError("Timed out trying to connect to tcp://x:1")])
def test_a_scheduler_dask_cannot_reach_is_a_harp_error(monkeypatch, error) -> None:
    fake_dask(monkeypatch, connect=error)
    with pytest.raises(ExecutorError, match=r"^cannot connect to the Dask scheduler at 'x:1': "):
        list(parallel_map(abs, range(3), executor="dask", scheduler="x:1"))


@pytest.mark.parametrize("lost", [None, OSError("Stream is closed")])
def test_a_lost_scheduler_is_a_harp_error_after_the_finished_results(monkeypatch, lost) -> None:
    fake_dask(monkeypatch, lost_after=2, lost=lost)
    results = parallel_map(abs, range(-5, 0), executor="dask", scheduler="x:1", ordered=False)
    assert [next(results), next(results)] == [5, 4]
    with pytest.raises(ExecutorError) as caught:
        next(results)
    assert str(caught.value) == ("lost the Dask scheduler at 'x:1' ("
                                 + ("scheduler-connection-lost" if lost is None
                                    else "Stream is closed")
                                 + "); the finished results are kept")


def test_a_tasks_own_error_on_dask_is_not_a_lost_scheduler(monkeypatch) -> None:
    fake_dask(monkeypatch)
    with pytest.raises(FileNotFoundError):
        list(parallel_map(os.stat, ["/no/such/file"], executor="dask", scheduler="x:1"))


def test_local_workers_send_each_result_on_its_own(tmp_path: Path) -> None:
    _first_result_comes_before_its_chunk_ends(tmp_path, jobs=2)


def test_dask_sends_each_result_on_its_own(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        _first_result_comes_before_its_chunk_ends(tmp_path, executor="dask",
                                                  scheduler=cluster.scheduler_address)


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_in_finishing_order_are_every_result_once(jobs: int) -> None:
    assert sorted(parallel_map(abs, range(-50, 0), jobs=jobs, chunk_size=3, ordered=False)) \
        == list(range(1, 51))


def test_a_run_keeps_each_deal_as_it_finishes() -> None:
    run = StatsRun(StatsPlan("SH", 4, list(range(1, 11))), jobs=2)
    results = run.results()
    for kept, _ in enumerate(results, 1):
        assert run.kept == kept
        if kept == 4:
            break
    run.stop()
    assert sum(run.tables().layout[("SH", "C4")]["opening_moves"].values()) == 4


# ------------------------------------------------------------------ the solver's progress

@pytest.mark.parametrize("game, deal", [("EH", 9), ("SH", 90)])
def test_the_solver_tells_its_progress_in_positions(game: str, deal: int) -> None:
    told: list[int] = []
    result = solve(new_board(make_code(game, deal, 4)), SolveLimits(),
                   progress=told.append)
    assert result.solved and told
    assert told == sorted(told) and told[-1] <= result.states


# ------------------------------------------------------------------ distributions

def test_difficulty_is_log10_of_the_positions_before_the_first_win() -> None:
    assert [difficulty(n) for n in (1, 10, 31, 1000, 39659)] == [0.0, 1.0, 1.5, 3.0, 4.6]
    assert [log_bin(n) for n in (1, 2, 3, 4, 9, 10, 17, 18, 100)] == [0, 1, 1, 2, 3, 4, 4, 5, 8]


def test_value_rows_bin_long_ranges_and_add_the_win_rate() -> None:
    rows = value_rows(Counter({1: 2, 3: 2}), Counter({1: 1}))
    assert rows == [
        {"value": 1, "high": 1, "deals": 2, "pct": 50.0, "cum_pct": 50.0, "won_pct": 50.0},
        {"value": 2, "high": 2, "deals": 0, "pct": 0.0, "cum_pct": 50.0, "won_pct": None},
        {"value": 3, "high": 3, "deals": 2, "pct": 50.0, "cum_pct": 100.0, "won_pct": 0.0}]
    binned = value_rows(Counter({v: 1 for v in range(100)}), None)
    assert len(binned) <= 24 and sum(r["deals"] for r in binned) == 100
    assert binned[0]["value"] == 0 and binned[-1]["high"] >= 99


def solved_tables() -> StatsTables:
    tables = StatsTables()
    for deal, (outcome, states) in enumerate([("solved", 20), ("solved", 400), ("unknown", 5000),
                                              ("solved", 30)], 1):
        solve_data = {"outcome": outcome, "states": states, "cpu_seconds": 0.01,
                      "length": 90 if outcome == "solved" else None}
        if outcome == "solved":
            solve_data.update(draws=0, score=500 + deal, first_win_states=states)
        tables.add_deal("SH", "C4", {LAYOUT: {"opening_moves": 25 + deal % 2}, SOLVE: solve_data})
    return tables


def test_positions_give_the_solved_within_budget_curve() -> None:
    rows = solved_tables().distribution_rows("states")
    assert [(r["value"], r["high"], r["deals"], r["solved_within_pct"]) for r in rows
            if r["deals"]] == [(18, 31, 2, 50.0), (317, 562, 1, 75.0), (3163, 5623, 1, 75.0)]


def test_layout_measures_get_the_win_rate_of_each_value() -> None:
    rows = solved_tables().distribution_rows("opening_moves")
    assert [(r["value"], r["deals"], r["won_pct"]) for r in rows] == [(25, 2, 100.0), (26, 2, 50.0)]
    assert solved_tables().solve_rows()[0]["median_difficulty"] == 1.5


def test_a_solved_run_has_every_solve_measure() -> None:
    tables = run_stats(StatsPlan("SH", 4, [1, 2, 3], (LAYOUT, SOLVE)))
    for measure in ("length", "draws", "score", "difficulty", "states", "cpu_seconds"):
        assert sum(r["deals"] for r in tables.distribution_rows(measure)) == 3, measure


# ------------------------------------------------------------------ fitting a table

def test_a_table_is_clipped_to_the_width_in_its_text_columns() -> None:
    rows = [{"source": "records/" + "x" * 80 + ".jsonl", "line": 7, "code": "EH5-N-AAAAAAF",
             "score": 12, "error": "illegal action 3 (3>f): " + "y" * 90}]
    text = fit_table(rows, list(rows[0]), "simple", 80)
    assert max(len(line) for line in text.splitlines()) == 80
    assert "EH5-N-AAAAAAF" in text and "…" in text and "      7 " in text


def test_file_names_are_clipped_at_their_start() -> None:
    """Files of one folder differ at their ends: a source clipped at its end
    showed every row as "records/…"."""
    rows = [{"source": f"records/{'x' * 60}/{name}", "line": 1, "error": "e" * 60}
            for name in ("games.jsonl", "wins.csv")]
    lines = fit_table(rows, list(rows[0]), "simple", 60).splitlines()
    assert max(len(line) for line in lines) <= 60
    assert lines[2].startswith("…") and lines[2].split()[0].endswith("/games.jsonl")
    assert lines[3].split()[0].endswith("/wins.csv")


def test_a_bar_column_fills_the_room_left() -> None:
    rows = [{"value": 1, "deals": 4}, {"value": 2, "deals": 2}]
    lines = fit_table(rows, ["value", "deals"], "simple", 40, bar_of="deals").splitlines()
    assert max(len(line) for line in lines) <= 40
    assert lines[2].endswith("█" * 20) and lines[3].endswith("█" * 10)
    assert bar(0.5, 4) == "██  " and bar(1 / 16, 1) == "▏"


def test_columns_are_chosen_or_refused() -> None:
    assert choose_columns(["a", "b", "c"], ["a", "c"], None) == ["a", "c"]
    assert choose_columns(["a", "b", "c"], ["a", "c"], ["all"]) == ["a", "b", "c"]
    with pytest.raises(ColumnsError, match="no column 'd' in this table; columns: a, b, c"):
        choose_columns(["a", "b", "c"], ["a"], ["d"])


# ------------------------------------------------------------------ pictures

@pytest.mark.parametrize("measure", [None, "states", "opening_moves"])
def test_a_png_is_a_png(tmp_path: Path, measure: str | None) -> None:
    pytest.importorskip("matplotlib")
    from harp.analysis.plot import plot
    path = tmp_path / "picture.png"
    plot(solved_tables(), str(path), measure)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 100 and height > 100


def test_every_percentage_of_a_chart_is_rounded_down_so_a_share_and_its_total_agree() -> None:
    tables = StatsTables()
    for moves in (25, 25, 26):
        tables.add_deal("SH", "C4", {LAYOUT: {"opening_moves": moves}})
    rows = tables.distribution_rows("opening_moves")
    assert [(r["pct"], r["cum_pct"]) for r in rows] == [(66.6, 66.6), (33.3, 100.0)]


def test_bars_of_several_variants_stand_at_their_own_values() -> None:
    """Each bar on one numeric axis at its value (not at its row's place in
    its group's list), side by side only where two groups share a value."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from harp.analysis.plot import _distribution
    tables = StatsTables()
    for variant, moves in (("C4", 25), ("C4", 26), ("C1", 26), ("C1", 30)):
        tables.add_deal("SH", variant, {LAYOUT: {"opening_moves": moves}})
    axes = Figure().add_subplot()
    _distribution(axes, tables, "opening_moves")
    spans = sorted((round(bar.get_x(), 3), round(bar.get_x() + bar.get_width(), 3))
                   for bar in axes.patches if bar.get_height() > 0)
    # 26 is shared: two bars side by side in the middle 80 % of 25.5-26.5.
    assert spans == [(24.6, 25.4), (25.6, 26.0), (26.0, 26.4), (29.6, 30.4)]
    ticks = [tick for tick in axes.get_xticks() if 24 <= tick <= 31]
    assert 25 in ticks and 30 in ticks


def test_a_log_measure_draws_each_bin_between_its_bounds() -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from harp.analysis.plot import _distribution
    axes = Figure().add_subplot()
    _distribution(axes, solved_tables(), "states")
    rows = [row for row in solved_tables().distribution_rows("states") if row["deals"]]
    drawn = [bar for bar in axes.patches if bar.get_height() > 0]
    assert len(drawn) == len(rows)
    for bar, row in zip(drawn, rows):
        assert row["value"] < bar.get_x() < bar.get_x() + bar.get_width() < row["high"] + 1
    assert axes.get_xscale() == "log"


def test_an_svg_is_xml_and_the_same_each_time(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from harp.analysis.plot import plot
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    plot(solved_tables(), str(first), "length", title="SH C4")
    plot(solved_tables(), str(second), "length", title="SH C4")
    root = ET.parse(first).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert first.read_bytes() == second.read_bytes()


def killed_at_5(n: int) -> int:
    if n == 5:
        os.kill(os.getpid(), 9)             # SIGKILL: the worker dies at once
    return n


def test_a_worker_that_dies_is_an_error_not_a_hang() -> None:
    from harp.analysis.parallel import ExecutorError
    with pytest.raises(ExecutorError, match=r"a worker process stopped \(exit code -9\)"):
        list(parallel_map(killed_at_5, range(40), jobs=2, chunk_size=2, ordered=False))


def test_a_dask_scheduler_without_workers_is_refused_after_a_wait(monkeypatch, tmp_path) -> None:
    """No worker joins: the run stops with a message naming the scheduler,
    instead of waiting for ever; nothing is stored."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(harp.analysis.parallel, "WORKER_WAIT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False,
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        result = invoke("stats", "--game", "sh", "--deals", "1-3", "--executor", "dask",
                        "--scheduler", address, "--db", str(tmp_path / "r.db"))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.endswith(f"Error: the Dask scheduler at {address!r} has no worker (none "
                             f"joined within 0.5 s): start one with dask worker {address}\n")
    assert "this run kept 0 deals" in result.stderr


def test_a_run_waits_for_the_first_dask_worker() -> None:
    """A worker that joins after the run starts runs it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, processes=False,
                                  dashboard_address=None) as cluster:
        started = []

        def add_worker() -> None:
            time.sleep(0.3)
            started.append(cluster.scale(1))
        thread = threading.Thread(target=add_worker)
        thread.start()
        try:
            assert list(parallel_map(abs, [-1, 2, -3], executor="dask",
                                     scheduler=cluster.scheduler_address)) == [1, 2, 3]
        finally:
            thread.join()


@pytest.mark.parametrize("command", [
    ["atlas", "build", "--pieces", "pieces", "--deals", "1-4", "--piece-size", "2"],
    ["stats", "--game", "sh", "--deals", "1-3", "--db", "r.db"],
    ["generate", "--game", "sh", "--deals", "1-3", "--random-play", "-o", "g.jsonl"]])
def test_dask_not_installed_is_said_before_any_work(monkeypatch, tmp_path, command, no_work):
    """atlas build made its first piece's database before it found out."""
    monkeypatch.setitem(sys.modules, "distributed", None)      # import fails
    monkeypatch.chdir(tmp_path)
    result = invoke(*command, "--executor", "dask", "--scheduler", "tcp://a:1")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("Error: the dask executor needs Dask: pip install "
                             "'harp-patience[dask]'\n")
    assert list(tmp_path.iterdir()) == []


def test_workers_that_a_consumer_leaves_waiting_end_without_a_word(capfd):
    # A consumer may take the results it needs and close the rest (zip
    # stops at the shorter input): the parent then terminates the workers
    # still waiting for work.  They are forked inside the batch command's
    # stop_signals_as_ctrl_c, whose SIGTERM handler they must not keep: it
    # made each print a KeyboardInterrupt's traceback.
    from harp.cli.stopping import stop_signals_as_ctrl_c
    with stop_signals_as_ctrl_c():
        results = parallel_map(abs, range(-600, 0), jobs=2, chunk_size=10)
        taken = [value for _, value in zip(range(5), results)]
        results.close()
    assert taken == [600, 599, 598, 597, 596]
    assert capfd.readouterr().err == ""
