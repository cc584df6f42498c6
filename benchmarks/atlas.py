"""Benchmark of the Seahaven atlas: ``.venv/bin/python benchmarks/atlas.py
[--dask]``; like every benchmark it needs the test install of the checkout
(the README's second line: ``pip install -e '.[test]'``;
benchmarks/common.py).

1. The packaged file: size, deals covered, time to read and check it.
2. ``harp deal --random --winnable --game sh --cells 1``, a new process
   each run: wall-clock and CPU seconds (start-up included), mean and max
   of ``--runs`` runs.  Target: under 0.3 s wall.
3. With ``--dask``: ``harp stats --solve`` on ``--deals`` with ``--jobs 2``
   and with the Dask executor on a local cluster of 2 one-thread workers
   (started here, not timed), side by side.

Wall-clock times depend on what else runs on the machine; CPU seconds are
the steadier figure.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import harp, main_guard, run, use_checkout  # noqa: E402

use_checkout()

from harp.atlas import DEFAULT_PATH, read_atlas  # noqa: E402


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of a command and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run(command)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def file_figures() -> None:
    start = time.perf_counter()
    atlas = read_atlas(DEFAULT_PATH)
    seconds = time.perf_counter() - start
    print(f"{DEFAULT_PATH.name}: {DEFAULT_PATH.stat().st_size:,} bytes, deals "
          f"{atlas.first}-{atlas.last}, read and checked in {1000 * seconds:.1f} ms")


def deal_figures(runs: int) -> None:
    command = harp("deal", "--random", "--winnable", "--game", "sh", "--cells", "1")
    times = [timed(command) for _ in range(runs)]
    walls, cpus = [w for w, _ in times], [c for _, c in times]
    print(f"harp deal --random --winnable --game sh --cells 1, {runs} runs: wall mean "
          f"{sum(walls) / runs:.3f} s, max {max(walls):.3f} s; CPU mean {sum(cpus) / runs:.3f} s")


def dask_figures(deals: str) -> None:
    stats = harp("stats", "--game", "sh", "--cells", "4", "--deals", deals, "--solve",
                 "--quiet", "--max-states", "20000000", "--timeout", "3600")
    first, _, last = deals.partition("-")
    count = int(last) - int(first) + 1
    wall, cpu = timed(stats + ["--jobs", "2"])
    print(f"--jobs 2: {wall:.1f} s = {count / wall:.0f} deals/s (CPU {cpu:.1f} s)")
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster):
        wall, _ = timed(stats + ["--executor", "dask", "--scheduler", cluster.scheduler_address])
    print(f"Dask, local cluster of 2 workers: {wall:.1f} s = {count / wall:.0f} deals/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--deals", default="1-5000", help="A range N-M for --dask.")
    args = parser.parse_args()
    file_figures()
    deal_figures(args.runs)
    if args.dask:
        dask_figures(args.deals)


if __name__ == "__main__":
    main_guard(main)
