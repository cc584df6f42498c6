"""Solver benchmark (issue 5): harp's solvers, and Freecell Solver side by side.

Run: ``python benchmarks/solve.py [--game sh|eh|all] [--deals 1-1000]
[--cells 4,2,1] [--no-fcs] [--repeat N]``.

Seahaven targets, per cell variant over deals 1-1000: every deal decided (no
``unknown``), no deal over 2 s, harp's total time at most 0.3x that of
``fc-solve -g seahaven --freecells-num N -mi 1500000`` (one process per
deal, from ``harp.analysis.fcsolve.fcs_board``), run interleaved deal by deal so
that machine load hits both alike.  Every harp solution is replayed by the
engine (untimed); a deal fc-solve wins but harp calls unsolvable would be a
soundness bug and is reported loudly (fc-solve's preset is stricter than
RULES A2.5, so its wins are wins for harp too).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harp.analysis.fcsolve import fc_solve_available, run_fc_solve  # noqa: E402
from harp.solve import SolveLimits, replays_to_won, solve  # noqa: E402
from harp import new_board  # noqa: E402
from harp.deals import make_code  # noqa: E402


def parse_range(text: str) -> range:
    """``1-1000`` or ``17`` as a range of deal numbers."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def _share(count: int, total: int) -> str:
    return f"{count:5d} ({100 * count / total:5.1f}%)" if total else "    0"


def _mean(values: list[int]) -> str:
    return f"{statistics.fmean(values):6.1f}" if values else "     -"


def bench_seahaven_variant(cells: int, deals: range, args: argparse.Namespace,
                           use_fcs: bool) -> dict:
    """Solve every deal of one cell variant with harp (and fc-solve)."""
    stats = {"harp": {}, "fcs": {}, "time": 0.0, "fcs_time": 0.0, "max": (0.0, 0),
             "len": [], "both_h": [], "both_f": [], "bad_replay": [], "unsound": []}
    for number in deals:
        code = make_code("SH", number, cells)
        board = new_board(code)
        start = time.perf_counter()
        result = solve(board, SolveLimits(args.max_states, args.timeout))
        seconds = time.perf_counter() - start
        stats["time"] += seconds
        if seconds > stats["max"][0]:
            stats["max"] = (seconds, number)
        stats["harp"][result.outcome] = stats["harp"].get(result.outcome, 0) + 1
        if result.solved:
            stats["len"].append(len(result.actions))
            if args.verify and not replays_to_won(board, result):
                stats["bad_replay"].append(number)
        if use_fcs:
            fcs = run_fc_solve(board, max_iters=args.fcs_max_iters)
            stats["fcs_time"] += fcs.seconds
            stats["fcs"][fcs.outcome] = stats["fcs"].get(fcs.outcome, 0) + 1
            if fcs.outcome == "solved":
                if result.solved:
                    stats["both_h"].append(len(result.actions))
                    stats["both_f"].append(len(fcs.actions))
                elif result.outcome == "unsolvable":
                    stats["unsound"].append(number)
    return stats


def report_seahaven_variant(cells: int, deals: range, stats: dict, use_fcs: bool) -> None:
    n = len(deals)
    harp = stats["harp"]
    print(f"\nSeahaven, {cells} cell{'s' if cells > 1 else ''}, deals {deals.start}-{deals.stop - 1}")
    print(f"  harp    total {stats['time']:8.2f} s   max {stats['max'][0]:.3f} s (deal {stats['max'][1]})")
    print(f"          won {_share(harp.get('solved', 0), n)}   unsolvable "
          f"{_share(harp.get('unsolvable', 0), n)}   unknown {_share(harp.get('unknown', 0), n)}")
    print(f"          mean solution length {_mean(stats['len'])}")
    if stats["bad_replay"]:
        print(f"  !! solutions that do NOT replay to won: {stats['bad_replay']}")
    if not use_fcs:
        return
    fcs = stats["fcs"]
    ratio = stats["time"] / stats["fcs_time"] if stats["fcs_time"] else float("nan")
    print(f"  fc-solve total {stats['fcs_time']:8.2f} s   harp/fc-solve = {ratio:.3f}")
    print(f"          won {_share(fcs.get('solved', 0), n)}   gave up "
          f"{_share(fcs.get('unsolved', 0), n)}   iteration limit {_share(fcs.get('limit', 0), n)}")
    print(f"          on the {len(stats['both_h'])} deals both win, mean length: "
          f"harp {_mean(stats['both_h'])}, fc-solve {_mean(stats['both_f'])}")
    if stats["unsound"]:
        print(f"  !! fc-solve wins deals harp calls unsolvable: {stats['unsound']}")


def bench_seahaven(args: argparse.Namespace) -> None:
    """Seahaven part of the benchmark: each requested cell variant."""
    deals = parse_range(args.deals)
    use_fcs = not args.no_fcs and fc_solve_available()
    if not args.no_fcs and not use_fcs:
        print("note: fc-solve is not installed (apt-get install freecell-solver-bin); "
              "running harp alone")
    totals = [0.0, 0.0]
    for cells in (int(c) for c in args.cells.split(",")):
        ratios = []
        for _ in range(args.repeat):
            stats = bench_seahaven_variant(cells, deals, args, use_fcs)
            report_seahaven_variant(cells, deals, stats, use_fcs)
            if stats["fcs_time"]:
                ratios.append(stats["time"] / stats["fcs_time"])
        if len(ratios) > 1:
            # this machine's speed drifts from run to run: give the spread
            print(f"  harp/fc-solve over {len(ratios)} runs: median {statistics.median(ratios):.3f}"
                  f" (min {min(ratios):.3f}, max {max(ratios):.3f})")
        totals[0] += stats["time"]
        totals[1] += stats["fcs_time"]
    if use_fcs and totals[1]:
        print(f"\nSeahaven, all variants: harp {totals[0]:.2f} s, fc-solve {totals[1]:.2f} s, "
              f"ratio {totals[0] / totals[1]:.3f}")


def _easy_harp_deal(job: tuple[int, float, int, bool]) -> tuple:
    """Solve one Easy Harp deal (in a worker process); replay any win."""
    number, timeout, max_states, verify = job
    board = new_board(make_code("EH", number))
    result = solve(board, SolveLimits(max_states, timeout))
    replay_ok = not (result.solved and verify) or replays_to_won(board, result)
    return number, result.outcome, result.seconds, len(result.actions), result.states, replay_ok


def bench_easy_harp(args: argparse.Namespace) -> None:
    """Easy Harp part (issue 5 target: deals 1-200, at least 95% decided
    within 30 s each).  ``--processes`` workers share the deals."""
    from multiprocessing import Pool
    deals = parse_range(args.eh_deals)
    jobs = [(n, args.timeout, args.max_states, args.verify) for n in deals]
    start = time.perf_counter()
    with Pool(args.processes) as pool:
        rows = sorted(pool.imap_unordered(_easy_harp_deal, jobs))
    wall = time.perf_counter() - start
    n = len(rows)
    outcomes = [r[1] for r in rows]
    times = [r[2] for r in rows]
    lengths = [r[3] for r in rows if r[1] == "solved"]
    decided = n - outcomes.count("unknown")
    print(f"\nEasy Harp, deals {deals.start}-{deals.stop - 1}, {args.timeout:g} s and "
          f"{args.max_states} positions per deal, {args.processes} processes, {wall:.0f} s wall")
    print(f"  won {_share(outcomes.count('solved'), n)}   unsolvable "
          f"{_share(outcomes.count('unsolvable'), n)}   unknown {_share(outcomes.count('unknown'), n)}")
    print(f"  decided {_share(decided, n)} (target: at least 95%)")
    print(f"  median time {statistics.median(times):.2f} s (all deals), "
          f"{statistics.median([r[2] for r in rows if r[1] != 'unknown'] or [0]):.2f} s (decided)")
    if lengths:
        print(f"  median solution length {statistics.median(lengths):.0f} actions, draws included "
              f"(min {min(lengths)}, max {max(lengths)})")
    unknown = [r[0] for r in rows if r[1] == "unknown"]
    if unknown:
        print(f"  unknown: {' '.join(map(str, unknown))}")
    bad = [r[0] for r in rows if not r[5]]
    if bad:
        print(f"  !! solutions that do NOT replay to won: {bad}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("sh", "eh", "all"), default="all")
    parser.add_argument("--deals", default="1-1000", help="deal numbers, e.g. 1-1000")
    parser.add_argument("--cells", default="4,2,1", help="Seahaven cell variants, e.g. 4,2,1")
    parser.add_argument("--eh-deals", default="1-200", help="Easy Harp deal numbers")
    parser.add_argument("--processes", type=int, default=2, help="Easy Harp worker processes")
    parser.add_argument("--max-states", type=int, default=2_000_000)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per deal")
    parser.add_argument("--no-fcs", action="store_true", help="do not run Freecell Solver")
    parser.add_argument("--fcs-max-iters", type=int, default=1_500_000)
    parser.add_argument("--repeat", type=int, default=1,
                        help="run each Seahaven variant this many times (the ratio's spread)")
    parser.add_argument("--no-verify", dest="verify", action="store_false",
                        help="do not replay harp's solutions through the engine")
    args = parser.parse_args(argv)
    if args.game in ("sh", "all"):
        bench_seahaven(args)
    if args.game in ("eh", "all"):
        bench_easy_harp(args)


if __name__ == "__main__":
    main()
