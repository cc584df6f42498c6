"""Solver answers that repeat: the same deals solved twice, once beside busy loops.

Run: ``.venv/bin/python benchmarks/repeat.py [--deals 80001-80200]
[--limits default] [--processes 2] [--once] [--json FILE]``; like every
benchmark it needs the test install of the checkout (the README's second
line: ``pip install -e '.[test]'``; benchmarks/common.py).

Each deal is solved in a fresh process (so that its peak memory,
``VmHWM`` of ``/proc/self/status``, is its own) at the named limits
(``default``: ``harp solve``'s, ``batch``: ``harp stats --solve``'s,
``hint``), every win replayed by the engine.  The deals are solved a
first time on the machine as it is, then again with a busy-loop process
on every core beside the solver; the two runs must give the same verdict,
the same positions and the same script for every deal (the limits count
positions, not seconds).  ``--once`` skips the second run (to check
verdicts and memory on a list of deals).  Reported: the share of deals
decided, the deals not decided, CPU seconds per deal (median, max) and
the peak memory (max, and the deal).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import use_checkout  # noqa: E402

use_checkout()

from harp.analysis.stats import parse_deal_list  # noqa: E402

LIMITS = ("default", "batch", "hint")


def solve_one(job: tuple[int, str]) -> dict:
    """One deal at the named limits, in this (fresh) process."""
    from harp import new_board
    from harp.deals import make_code
    from harp.solve import BATCH_LIMITS, DEFAULT_LIMITS, HINT_LIMITS, replays_to_won, solve
    number, name = job
    limits = {"default": DEFAULT_LIMITS, "batch": BATCH_LIMITS, "hint": HINT_LIMITS}[name]
    board = new_board(make_code("EH", number))
    result = solve(board, limits)
    return {"deal": number, "outcome": result.outcome, "states": result.states,
            "verdict_states": result.verdict_states, "stopped_by": result.stopped_by,
            "length": len(result.actions),
            "script": hashlib.sha256(result.script().encode()).hexdigest()[:16],
            "replays": replays_to_won(board, result) if result.solved else None,
            "cpu_seconds": round(result.cpu_seconds, 3), "peak_mib": _peak_mib()}


def _peak_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def run(deals: list[int], limits: str, processes: int) -> list[dict]:
    # One process per deal: each deal's peak memory is its own.
    with Pool(processes, maxtasksperchild=1) as pool:
        return pool.map(solve_one, [(n, limits) for n in deals], chunksize=1)


class BusyLoops:
    """A busy-loop process on every core while the block runs."""

    def __enter__(self) -> BusyLoops:
        self.loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                      for _ in range(os.cpu_count() or 1)]
        return self

    def __exit__(self, *exc: object) -> None:
        for loop in self.loops:
            loop.kill()
            loop.wait()


def report(title: str, rows: list[dict]) -> None:
    decided = [r for r in rows if r["outcome"] != "unknown"]
    cpu = [r["cpu_seconds"] for r in rows]
    peak = max(rows, key=lambda r: r["peak_mib"])
    slow = max(rows, key=lambda r: r["cpu_seconds"])
    print(f"{title}: {len(decided)} of {len(rows)} deals decided "
          f"({100 * len(decided) / len(rows):.2f} %); outcomes "
          f"{ {o: sum(r['outcome'] == o for r in rows) for o in ('solved', 'unsolvable', 'unknown')} }")
    undecided = [r["deal"] for r in rows if r["outcome"] == "unknown"]
    if undecided:
        print(f"  not decided: {undecided}")
    bad = [r["deal"] for r in rows if r["replays"] is False]
    if bad:
        print(f"  WINS THAT DO NOT REPLAY: {bad}")
    print(f"  CPU seconds a deal: median {statistics.median(cpu):.2f}, max {slow['cpu_seconds']:.2f} "
          f"(deal {slow['deal']}); peak memory: max {peak['peak_mib']:.0f} MiB (deal {peak['deal']}), "
          f"median {statistics.median(r['peak_mib'] for r in rows):.0f} MiB")


def compare(first: list[dict], second: list[dict]) -> None:
    keys = ("outcome", "states", "verdict_states", "length", "script")
    differ = [(a["deal"], k, a[k], b[k]) for a, b in zip(first, second) for k in keys if a[k] != b[k]]
    same = len(first) - len({d for d, *_ in differ})
    print(f"The two runs: {same} of {len(first)} deals with the same verdict, positions and script")
    for deal, key, a, b in differ:
        print(f"  deal {deal}: {key} {a} vs {b}")
    ratio = sum(b["cpu_seconds"] for b in second) / max(1e-9, sum(a["cpu_seconds"] for a in first))
    print(f"  CPU seconds, busy run / first run: {ratio:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="80001-80200", help="Easy Harp deals, e.g. 1-300,950")
    parser.add_argument("--limits", choices=LIMITS, default="default")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--once", action="store_true", help="no second run beside busy loops")
    parser.add_argument("--json", help="write every deal's row to this file")
    args = parser.parse_args(argv)
    deals = parse_deal_list(args.deals)
    first = run(deals, args.limits, args.processes)
    report(f"Easy Harp deals {args.deals} at the {args.limits} limits", first)
    rows = {"first": first}
    if not args.once:
        with BusyLoops():
            second = run(deals, args.limits, args.processes)
        report("Again, beside a busy loop on every core", second)
        compare(first, second)
        rows["busy"] = second
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
