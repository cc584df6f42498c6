"""Solver benchmark (issue 5): harp's solvers, and Freecell Solver side by side.

Run: ``.venv/bin/python benchmarks/solve.py [--game sh|eh|all]
[--deals 1-1000] [--cells 4,2,1] [--no-fcs] [--repeat N]
[--eh-deals 1-1000] [--old-deals 1-200] [--hint-deals 1-200]``; like every
benchmark it needs the test install of the checkout (the README's second
line: ``pip install -e '.[test]'``; benchmarks/common.py).  Each option is
for one game (``--help`` groups them): ``--deals``, ``--cells`` and
``--repeat`` are Seahaven's, ``--eh-deals``, ``--old-deals`` (the
baselines'), ``--hint-deals`` and the rest Easy Harp's; an option of the
game that ``--game`` leaves out is refused.

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
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import baseline_checkout, main_guard, run, use_checkout  # noqa: E402

use_checkout()

from harp.analysis.fcsolve import fc_solve_available, run_fc_solve  # noqa: E402
from harp.analysis.stats import parse_deal_list  # noqa: E402
from harp.solve import (DEFAULT_LIMITS, HINT_LIMITS, SolveLimits, hint,  # noqa: E402
                        replays_to_won, solve)
from harp import new_board  # noqa: E402
from harp.deals import make_code  # noqa: E402


def parse_range(text: str) -> range:
    """``1-1000`` or ``17`` as a range of deal numbers."""
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def _label(deals: list[int]) -> str:
    """A deal list as a range when it is one, else its first numbers."""
    if deals == list(range(deals[0], deals[0] + len(deals))):
        return f"{deals[0]}-{deals[-1]}"
    shown = ",".join(map(str, deals[:8]))
    return f"{shown}{',...' if len(deals) > 8 else ''} ({len(deals)} deals)"


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
        result = solve(board, SolveLimits(args.max_states))
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


#: Earlier Easy Harp solvers run side by side with today's: the solver
#: the Easy Harp issue was filed against, and the one before this round.
BASELINES = "99eb9c2,98d4654"

#: Run in a checkout of a baseline commit (its own ``harp``): solve one
#: deal, replay the win, print one JSON row (last: whether the time before
#: it is the verdict's alone, no line search in it).
_BASELINE_SNIPPET = """
import json, resource, sys
from harp import new_board
from harp.deals import make_code
from harp.solve import SolveLimits, replays_to_won, solve
number, timeout, max_states = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
line_states = int(sys.argv[4])
board = new_board(make_code("EH", number))
line = bool(line_states)
try:                                    # limits that count positions, as today's
    limits = SolveLimits(max_states=max_states, line_states=line_states)
except TypeError:
    try:                                # a line search of seconds (2 s: about 60 000 positions)
        limits = SolveLimits(max_states, timeout, 2.0 if line_states else 0.0)
    except TypeError:
        limits, line = SolveLimits(max_states, timeout), False
result = solve(board, limits)
seconds = getattr(result, "cpu_seconds", None) or getattr(result, "seconds", 0.0)
ok = not result.solved or replays_to_won(board, result)
try:                                    # this program's own peak (ru_maxrss survives exec)
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps([number, result.outcome, seconds, len(result.actions), result.states,
                  ok, sum(1 for t in result.actions if t == "d"), peak,
                  getattr(result, "verdict_seconds", seconds),
                  not (line and result.solved) or hasattr(result, "verdict_seconds")]))
"""


def _easy_harp_deal(job: tuple) -> tuple:
    """Solve one Easy Harp deal (in a worker process) with the current
    solver, or in a baseline checkout (a fresh interpreter: its own
    ``harp``); replay any win; note the peak memory (KiB)."""
    import resource
    number, timeout, max_states, line_states, verify, baseline = job
    if baseline is not None:
        import json
        import os
        env = {**os.environ, "PYTHONPATH": str(baseline)}
        out = run([sys.executable, "-c", _BASELINE_SNIPPET, str(number), str(timeout),
                   str(max_states), str(line_states)], cwd=baseline, env=env,
                  stdout=subprocess.PIPE).stdout
        return tuple(json.loads(out))           # the verdict's time last, as below
    board = new_board(make_code("EH", number))
    result = solve(board, SolveLimits(max_states, line_states))
    replay_ok = not (result.solved and verify) or replays_to_won(board, result)
    draws = sum(1 for token in result.actions if token == "d")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # (CPU seconds: the verdict's alone unless a line search followed a win)
    return (number, result.outcome, result.cpu_seconds, len(result.actions), result.states,
            replay_ok, draws, peak, result.cpu_seconds, not (line_states and result.solved))


def _hint_deal(job: tuple[int, int]) -> tuple[int, float, bool]:
    """``harp hint``'s search (HINT_LIMITS) from a deal's opening: CPU seconds."""
    number, max_states = job
    board = new_board(make_code("EH", number))
    start = time.process_time()
    found = hint(board, limits=SolveLimits(max_states))
    return number, time.process_time() - start, found.action is not None


def _percentiles(values: list[float]) -> str:
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]  # noqa: E731
    return (f"median {statistics.median(values):.2f} s, 90% {pick(0.9):.2f} s, "
            f"99% {pick(0.99):.2f} s, max {values[-1]:.2f} s")


def bench_easy_harp(args: argparse.Namespace) -> None:
    """Easy Harp part (targets: deals 1-1000 at 10 s a deal, at least 99%
    decided, median time at most 0.2 s, every deal decided within 60 s,
    median line at most 350 actions with draws; hints from the opening of
    deals 1-200 within 0.5 s median, 3 s worst).  ``--processes`` workers
    share the deals; ``--old-deals`` runs the solvers of ``--baselines``
    on those deals too, in the same pool, deal by deal interleaved with
    today's, so that machine load hits all alike."""
    from multiprocessing import Pool
    deals = parse_deal_list(args.eh_deals)
    old_deals = parse_deal_list(args.old_deals) if args.old_deals else []
    solvers = [("solver", None)]
    if old_deals:
        solvers += [(f"baseline {c}", baseline_checkout(c)) for c in args.baselines.split(",")]
    with Pool(args.processes) as pool:
        rows = _run_easy_harp(pool, deals, old_deals, solvers, args)
        for name, _ in solvers:
            _report_easy_harp(deals if name == "solver" else old_deals, rows[name], name, args)
        for name, _ in solvers[1:]:
            _compare(rows["solver"], rows[name], name, args.line_states)
        unknown = [r[0] for r in rows["solver"] if r[1] == "unknown"]
        if unknown and args.retry_states:
            jobs = [(n, args.timeout, args.retry_states, 0, args.verify, None) for n in unknown]
            again = sorted(pool.imap_unordered(_easy_harp_deal, jobs))
            print(f"\nThe {len(unknown)} unknown deals again at {args.retry_states} positions:")
            for r in again:
                print(f"  deal {r[0]}: {r[1]} in {r[2]:.1f} s"
                      + ("" if r[5] else "  !! does NOT replay to won"))
        if args.hint_deals:
            hints = parse_deal_list(args.hint_deals)
            limits = HINT_LIMITS
            jobs = [(n, limits.max_states) for n in hints]
            rows = sorted(pool.imap_unordered(_hint_deal, jobs))
            print(f"\nEasy Harp hints from the opening, deals {_label(hints)} "
                  f"(HINT_LIMITS: {limits.max_states} positions; CPU seconds)")
            print(f"  {_percentiles([r[1] for r in rows])}")
            print(f"  answered with a move: {sum(r[2] for r in rows)} of {len(rows)}")


def _run_easy_harp(pool, deals: list[int], old_deals: list[int], solvers: list, args) -> dict:
    """Every (deal, solver) job, interleaved deal by deal; the rows per solver."""
    jobs = []
    for number in sorted(set(deals) | set(old_deals)):
        for name, baseline in solvers:
            if name == "solver" and number in deals or name != "solver" and number in old_deals:
                jobs.append((name, (number, args.timeout, args.max_states, args.line_states,
                                    args.verify, baseline)))
    start = time.perf_counter()
    results = pool.map(_easy_harp_deal, [job for _, job in jobs], chunksize=1)
    args.wall = time.perf_counter() - start
    rows: dict[str, list] = {name: [] for name, _ in solvers}
    for (name, _), row in zip(jobs, results):
        rows[name].append(row)
    return rows


def _compare(new: list, old: list, name: str, line_states: int) -> None:
    """Today's solver against a baseline on the deals both ran.  Times are
    to the verdict where the solver records it (commits with a line search
    of seconds do); today's solver records only its time in all, so with a
    line search (``--line-states`` above 0) its won deals count it, and the
    lines say which side's times include a line search: ``--line-states
    0`` compares the verdicts alone on both sides."""
    common = {r[0] for r in old}
    new = [r for r in new if r[0] in common]
    decided = [sum(r[1] != "unknown" for r in rows) for rows in (new, old)]
    times = [statistics.median(r[8] for r in rows) for rows in (new, old)]
    both = {r[0] for r in old if r[1] == "solved"} & {r[0] for r in new if r[1] == "solved"}
    lengths = [statistics.median(r[3] for r in rows if r[0] in both) if both else 0
               for rows in (new, old)]
    by_deal = {r[0]: r[8] for r in old}
    ratios = [r[8] / max(by_deal[r[0]], 1e-9) for r in new if r[0] in both]
    lines = [any(not r[9] for r in rows) for rows in (new, old)]
    if any(lines):
        sides = [f"{who} {search if line else 'to the verdict'}" for who, search, line in
                 zip(("today's", f"{name}'s"), (f"with its line search of {line_states} "
                                                "positions", "with its line search"), lines)]
        what = f"median CPU seconds ({sides[0]}, {sides[1]})"
        unlike = (" (not like with like: --line-states 0 compares the verdicts alone)"
                  if lines[0] != lines[1] else "")
    else:
        what, unlike = "median CPU seconds to the verdict (no line search on either side)", ""
    print(f"\nToday's solver against {name} on the same {len(common)} deals: decided "
          f"{decided[0]} against {decided[1]}; {what}: {times[0]:.3f} s against "
          f"{times[1]:.3f} s (ratio {times[0] / max(times[1], 1e-9):.2f}){unlike}; median length "
          f"on the {len(both)} deals both won {lengths[0]:.0f} against {lengths[1]:.0f} actions")
    if ratios:
        print(f"  CPU seconds, today's over {name}'s (as above), deal by deal on "
              f"the {len(both)} deals both won: median {statistics.median(ratios):.2f}, "
              f"range {min(ratios):.2f}-{max(ratios):.2f}")


def _report_easy_harp(deals: list[int], rows: list, name: str, args: argparse.Namespace) -> None:
    n = len(rows)
    outcomes = [r[1] for r in rows]
    times = [r[8] for r in rows]
    won = [r for r in rows if r[1] == "solved"]
    decided = n - outcomes.count("unknown")
    search = f", line search {args.line_states} positions" if name == "solver" else ""
    print(f"\nEasy Harp {name}, deals {_label(deals)}, "
          f"{args.max_states} positions per deal{search}, {args.processes} processes "
          f"({args.wall:.0f} s wall for all solvers)")
    print(f"  won {_share(outcomes.count('solved'), n)}   unsolvable "
          f"{_share(outcomes.count('unsolvable'), n)}   "
          f"unknown {_share(outcomes.count('unknown'), n)}")
    print(f"  decided {_share(decided, n)} (target: at least 99%)")
    what = ("with the line search after a win (--line-states 0: the verdict alone)"
            if any(not r[9] for r in rows) else "to the verdict")
    print(f"  CPU seconds {what}: {_percentiles(times)}; total {sum(times):.0f} s")
    if any(r[2] > r[8] for r in rows):
        print(f"  time in all, with the line search: {_percentiles([r[2] for r in rows])}")
    if won:
        lengths = [r[3] for r in won]
        without = [r[3] - r[6] for r in won]
        print(f"  median solution length {statistics.median(lengths):.0f} actions with draws, "
              f"{statistics.median(without):.0f} without (min {min(lengths)}, max {max(lengths)})")
    print(f"  peak memory of a worker: {max(r[7] for r in rows) / 1024:.0f} MiB")
    unknown = [r[0] for r in rows if r[1] == "unknown"]
    if unknown:
        print(f"  unknown: {' '.join(map(str, unknown[:60]))}{' ...' if len(unknown) > 60 else ''}")
    unsolvable = [r[0] for r in rows if r[1] == "unsolvable"]
    if unsolvable:
        print(f"  unsolvable: {' '.join(map(str, unsolvable))}")
    bad = [r[0] for r in rows if not r[5]]
    if bad:
        print(f"  !! solutions that do NOT replay to won: {bad}")


def scan_dead_ends(deals: range) -> None:
    """The Easy Harp dead-end tests alone (no search) on each opening."""
    from harp.solve.easyharp.deadends import dead_end
    from harp.solve.easyharp.model import position_from_board
    start = time.perf_counter()
    found = []
    for number in deals:
        reason = dead_end(position_from_board(new_board(make_code("EH", number))))
        if reason is not None:
            found.append((number, reason))
    print(f"\nEasy Harp dead-end scan, deals {deals.start}-{deals.stop - 1}: "
          f"{len(found)} dead at the opening, {time.perf_counter() - start:.0f} s")
    for number, reason in found[:50]:
        print(f"  deal {number}: {reason}")


#: Each game's options and their defaults: an option of a game that
#: ``--game`` leaves out is refused, not ignored.
SEAHAVEN_OPTIONS = {"deals": "1-1000", "cells": "4,2,1", "repeat": 1, "no_fcs": False,
                    "fcs_max_iters": 1_500_000}
EASY_HARP_OPTIONS = {"eh_deals": "1-1000", "old_deals": "1-200", "baselines": BASELINES,
                     "timeout": 60.0, "line_states": DEFAULT_LIMITS.line_states,
                     "retry_states": 0, "hint_deals": "1-200", "processes": 2,
                     "dead_end_scan": ""}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("sh", "eh", "all"), default="all",
                        help="the game(s) to run (default: all)")
    parser.add_argument("--max-states", type=int, default=2_000_000,
                        help="positions per deal, both games (default: 2000000)")
    parser.add_argument("--no-verify", dest="verify", action="store_false",
                        help="do not replay harp's solutions through the engine")
    sh = parser.add_argument_group("Seahaven (--game sh or all; refused with --game eh)")
    sh.add_argument("--deals", help="Seahaven deal numbers, a range such as 1-1000 (default); "
                                    "Easy Harp's are --eh-deals")
    sh.add_argument("--cells", help="Seahaven cell variants (default: 4,2,1)")
    sh.add_argument("--repeat", type=int,
                    help="run each Seahaven variant this many times (the ratio's spread; "
                         "default: 1)")
    sh.add_argument("--no-fcs", action="store_true", default=None,
                    help="do not run Freecell Solver")
    sh.add_argument("--fcs-max-iters", type=int, help="Freecell Solver's -mi (default: 1500000)")
    eh = parser.add_argument_group("Easy Harp (--game eh or all; refused with --game sh)")
    eh.add_argument("--eh-deals",
                    help="Easy Harp deals of today's solver, a list such as 1-1000 (default) or "
                         "950,1634 ('' to skip)")
    eh.add_argument("--old-deals",
                    help="Easy Harp deals of the baseline solvers, side by side with today's, a "
                         "list such as 1-200 (default) or 950,1634,6301 ('' to skip)")
    eh.add_argument("--baselines", help=f"commits whose Easy Harp solvers run side by side "
                                        f"(default: {BASELINES})")
    eh.add_argument("--timeout", type=float,
                    help="seconds per deal: the baselines' limit (they count time); today's "
                         "solver counts positions only (default: 60)")
    eh.add_argument("--line-states", type=int,
                    help="positions searched for a shorter line once a deal is won (default: "
                         f"{DEFAULT_LIMITS.line_states}, harp solve's; 0: the verdict alone, "
                         "which the comparison with the baselines needs to be like with like)")
    eh.add_argument("--retry-states", type=int,
                    help="positions for a second try at each unknown deal (default 0: no retry)")
    eh.add_argument("--hint-deals",
                    help="Easy Harp deals whose opening hint is timed (default: 1-200; '' to skip)")
    eh.add_argument("--processes", type=int, help="Easy Harp worker processes (default: 2)")
    eh.add_argument("--dead-end-scan",
                    help="Easy Harp deals to scan with the dead-end tests alone, e.g. 1-100000")
    args = parser.parse_args(argv)
    for game, options, name in (("sh", SEAHAVEN_OPTIONS, "Seahaven"),
                                ("eh", EASY_HARP_OPTIONS, "Easy Harp")):
        for dest, default in options.items():
            if getattr(args, dest) is None:
                setattr(args, dest, default)
            elif args.game not in (game, "all"):
                also = ("; Easy Harp's deals are --eh-deals (today's solver) and --old-deals "
                        "(the baselines')" if dest == "deals" else "")
                parser.error(f"--{dest.replace('_', '-')} is for {name} (--game {game} or all), "
                             f"not --game {args.game}{also}")
    if args.game in ("sh", "all"):
        bench_seahaven(args)
    if args.game in ("eh", "all"):
        if args.dead_end_scan:
            scan_dead_ends(parse_range(args.dead_end_scan))
        if args.eh_deals:
            bench_easy_harp(args)


if __name__ == "__main__":
    main_guard(main)
