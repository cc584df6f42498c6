"""Today's solvers against an earlier commit's, deal by deal, in one run.

Run: ``.venv/bin/python benchmarks/versions.py --baseline COMMIT|--core|--compiled
[--game sh|eh] [--deals 1-3000] [--cells 4,2,1] [--max-states N]``; like
every benchmark it needs the test install of the checkout (the README's
second line: ``pip install -e '.[test]'``; benchmarks/common.py).

Today's side runs the fast searches compiled when the checkout's core is
built (``harp/solve/easyharp/_core.c``; the test install builds it), as
the report's first line says; a baseline made by ``git archive`` is never
built, so it runs pure Python.  With ``--core`` instead of ``--baseline
COMMIT`` the two sides are today's harp with its pure searches
(``HARP_PURE=1``) and with its core: the same positions and scripts, and
the ratio is what the core gains.

With ``--compiled`` the two sides are
today's harp as pure Python and today's harp built with mypyc, its core too (a copy of
the checkout, compiled in place as ``HARP_COMPILE=1 pip install .`` would
build it; needs mypy and a C compiler): the same source, so no deal may
differ, and the ratio is what compiling gains.  The compiled copy (about
23 MB) is deleted at the end of the run, whatever ends it.

Two worker processes, one importing the baseline's ``harp`` (a copy of the
commit made by ``git archive``, kept in the temporary folder under the
commit's full hash: ``HEAD`` or a branch is the commit it names now) and
one today's, are fed the same deals in
turn, so that load on the machine hits both alike.  For every deal each
prints the verdict, the positions searched, a digest of the script and the
CPU seconds of the solve.  The report: how many deals differ in verdict,
positions or script (the deals named), the CPU seconds per deal of each
side (mean, median, 99th percentile), and the ratio of CPU time, today's
over the baseline's (of the means, and the median of the deal-by-deal
ratios).

Easy Harp is compared at the batch limits (no line search), whose answers
do not depend on the clock unless a deal reaches the time limit.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import ROOT, baseline_checkout, main_guard, run, use_checkout  # noqa: E402

use_checkout()

from solve import parse_range  # noqa: E402  (benchmarks/solve.py)

#: Reads ``game number cells`` lines on stdin, answers one JSON line each.
WORKER = r"""
import hashlib, json, sys, time
from dataclasses import fields, replace
from harp import new_board
from harp.deals import make_code
from harp.solve import BATCH_LIMITS, solve
max_states = int(sys.argv[1])
limits = BATCH_LIMITS
if max_states and "max_states" in {f.name for f in fields(limits)}:
    limits = replace(limits, max_states=max_states)
for line in sys.stdin:
    game, number, cells = line.split()
    board = new_board(make_code(game, int(number), int(cells)))
    start = time.process_time()
    result = solve(board, limits)
    cpu = time.process_time() - start
    digest = hashlib.sha256(result.script().encode()).hexdigest()[:16]
    print(json.dumps([result.outcome, result.states, digest, cpu]), flush=True)
"""


def worker(path: Path | None, max_states: int, pure: bool = False) -> subprocess.Popen:
    """A worker process whose ``harp`` is the one at ``path`` (None:
    today's); ``pure``: without the compiled core (``HARP_PURE=1``)."""
    env = dict(os.environ)
    env.pop("HARP_PURE", None)
    if pure:
        env["HARP_PURE"] = "1"
    if path is not None:
        env["PYTHONPATH"] = str(path)
        cwd = str(path)
    else:
        env.pop("PYTHONPATH", None)
        cwd = str(ROOT)
    return subprocess.Popen([sys.executable, "-c", WORKER, str(max_states)], cwd=cwd, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def compiled_checkout(folder: Path) -> None:
    """Into the empty ``folder``: a copy of the checkout (its files as a
    clone would have them) with the modules setup.py names compiled in
    place by mypyc."""
    names = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                stdout=subprocess.PIPE).stdout.split("\0")
    for name in filter(None, names):
        source = ROOT / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=folder,
        env={**os.environ, "HARP_COMPILE": "1"})


def ask(process: subprocess.Popen, job: str) -> list:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(job + "\n")
    process.stdin.flush()
    line = process.stdout.readline()
    if not line:                        # (its traceback is on standard error, above)
        sys.exit(f"{Path(sys.argv[0]).name}: a worker ended (exit {process.wait()}) at {job}")
    return json.loads(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    against = parser.add_mutually_exclusive_group(required=True)
    against.add_argument("--baseline", help="a commit of this repository")
    against.add_argument("--compiled", action="store_true",
                         help="today's harp compiled with mypyc against today's as pure Python")
    against.add_argument("--core", action="store_true",
                         help="today's harp with its compiled core against today's as pure Python")
    parser.add_argument("--game", choices=["sh", "eh"], default="sh")
    parser.add_argument("--deals", type=parse_range, default=parse_range("1-300"))
    parser.add_argument("--cells", default="4,2,1", help="Seahaven cell variants")
    parser.add_argument("--max-states", type=int, default=0, help="0: the batch default")
    args = parser.parse_args()
    from harp.solve.easyharp import core
    if args.core and not core.compiled():
        sys.exit(f"--core needs the compiled core built: it is {core.STATE}")
    print(f"today's fast searches: {core.STATE}")
    if args.core:
        compare(args, worker(None, args.max_states, pure=True), worker(None, args.max_states),
                ("pure", "core"))
        return
    if not args.compiled:
        baseline = baseline_checkout(args.baseline)
        compare(args, worker(baseline, args.max_states), worker(None, args.max_states),
                ("baseline", "today"))
        return
    import tempfile
    try:
        import mypyc  # noqa: F401  (setup.py's compiler)
    except ImportError:
        sys.exit("--compiled needs mypy in this environment: pip install mypy")
    folder = Path(tempfile.mkdtemp(prefix="harp_compiled_"))
    try:
        compiled_checkout(folder)
        compare(args, worker(None, args.max_states, pure=True), worker(folder, args.max_states),
                ("pure", "compiled"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def compare(args: argparse.Namespace, old: subprocess.Popen, new: subprocess.Popen,
            sides: tuple[str, str]) -> None:
    """Feed both workers the same deals in turn, then report (the workers
    are ended whatever happens)."""
    try:
        _compare(args, old, new, sides)
    finally:
        for process in (old, new):
            if process.poll() is None:
                process.kill()
            process.wait()


def _compare(args: argparse.Namespace, old: subprocess.Popen, new: subprocess.Popen,
             sides: tuple[str, str]) -> None:
    cells = [int(c) for c in args.cells.split(",")] if args.game == "sh" else [0]
    differ: dict[str, list[str]] = {"verdict": [], "positions": [], "script": []}
    cpu_old: list[float] = []
    cpu_new: list[float] = []
    ratios = []
    count = 0
    for number in args.deals:
        for n_cells in cells:
            job = f"{args.game.upper()} {number} {n_cells or 4}"
            # Alternate which goes first, so neither always meets a warm cache.
            if count % 2:
                a, b = ask(old, job), ask(new, job)
            else:
                b, a = ask(new, job), ask(old, job)
            count += 1
            name = f"{number}" + (f"/C{n_cells}" if n_cells else "")
            for index, what in enumerate(("verdict", "positions", "script")):
                if a[index] != b[index]:
                    differ[what].append(name)
            cpu_old.append(a[3])
            cpu_new.append(b[3])
            if a[3] > 0.002:
                ratios.append(b[3] / a[3])
    for process in (old, new):
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    print(f"{args.game.upper()} deals {args.deals.start}-{args.deals.stop - 1}"
          + (f" x cells {args.cells}" if args.game == "sh" else "") + f": {count} solves")
    for what, names in differ.items():
        shown = " ".join(names[:20]) + (" ..." if len(names) > 20 else "")
        print(f"  differ in {what}: {len(names)}" + (f" ({shown})" if names else ""))
    for side, cpu in zip(sides, (cpu_old, cpu_new)):
        print(f"  CPU per deal, {side}: " + _spread(cpu))
    total_old, total_new = sum(cpu_old), sum(cpu_new)
    print(f"  CPU: {sides[0]} {total_old:.2f} s, {sides[1]} {total_new:.2f} s, "
          f"ratio of means {total_new / total_old:.3f}" if total_old else "  CPU: -")
    if ratios:
        print(f"  deal-by-deal CPU ratio: median {statistics.median(ratios):.3f} "
              f"over {len(ratios)} deals of more than 2 ms")


def _spread(cpu: list[float]) -> str:
    """Mean, median and 99th percentile (nearest rank) of CPU seconds."""
    if not cpu:
        return "-"
    ranked = sorted(cpu)
    p99 = ranked[min(len(ranked) - 1, max(0, -(-99 * len(ranked) // 100) - 1))]
    return (f"mean {statistics.fmean(cpu):.4f} s, median {statistics.median(cpu):.4f} s, "
            f"p99 {p99:.4f} s")


if __name__ == "__main__":
    main_guard(main)
