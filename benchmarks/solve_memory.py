"""Peak memory and CPU of one Easy Harp solve, today's against a baseline's,
the two run at the same time (one a core), each in a process of its own.

Run: ``.venv/bin/python benchmarks/solve_memory.py --deal 207527 --baseline
COMMIT [--max-states 5000000]`` (both sides pure Python: today's checkout
and a copy of the commit made by ``git archive``), or ``--pythons OLD NEW``: two
interpreters that each have a harp installed (e.g. two compiled builds,
``HARP_COMPILE=1 pip install .``, of the baseline and of today).

For each side it prints the verdict, the positions searched, the CPU
seconds and the peak resident memory (MiB, ``ru_maxrss``); then the ratios
of today's over the baseline's.  The verdict and positions must be equal:
memory is the point, and a search that made other positions would not be
comparable.

Like every benchmark it needs the test install of the checkout (the
README's second line: ``pip install -e '.[test]'``; benchmarks/common.py).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import ROOT, baseline_checkout, use_checkout  # noqa: E402

use_checkout()

#: One solve at the given limits (no line search); prints one JSON line.
CHILD = r"""
import json, resource, sys
from harp import new_board
from harp.deals import make_code
from harp.solve import SolveLimits, solve
deal, max_states = int(sys.argv[1]), int(sys.argv[2])
result = solve(new_board(make_code("EH", deal)), SolveLimits(max_states=max_states, line_states=0))
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"outcome": result.outcome, "states": result.states,
                  "cpu": round(usage.ru_utime + usage.ru_stime, 1),
                  "peak_mib": usage.ru_maxrss // 1024}))
"""


def start(python: str, path: Path | None, deal: int, max_states: int) -> subprocess.Popen:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.Popen([python, "-c", CHILD, str(deal), str(max_states)], env=env,
                            cwd="/", stdout=subprocess.PIPE, text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    side = parser.add_mutually_exclusive_group(required=True)
    side.add_argument("--baseline", help="a commit of this repository (both sides pure Python)")
    side.add_argument("--pythons", nargs=2, metavar=("OLD", "NEW"),
                      help="two interpreters, each with its harp installed")
    parser.add_argument("--deal", type=int, default=207527)
    parser.add_argument("--max-states", type=int, default=5_000_000)
    args = parser.parse_args()
    if args.baseline:
        sides = [("baseline", sys.executable, baseline_checkout(args.baseline)),
                 ("today", sys.executable, ROOT)]
    else:
        sides = [("baseline", args.pythons[0], None), ("today", args.pythons[1], None)]
    running = [(name, start(python, path, args.deal, args.max_states))
               for name, python, path in sides]
    results = {}
    for name, process in running:
        out, _ = process.communicate()
        if process.returncode:
            sys.exit(f"{name}: the solve failed (exit {process.returncode})")
        results[name] = json.loads(out.strip().splitlines()[-1])
    print(f"EH deal {args.deal} at {args.max_states} positions, no line search")
    for name, data in results.items():
        print(f"  {name}: {data['outcome']} after {data['states']} positions, "
              f"{data['cpu']} s of CPU, peak {data['peak_mib']} MiB")
    old, new = results["baseline"], results["today"]
    same = (old["outcome"], old["states"]) == (new["outcome"], new["states"])
    print(f"  same verdict and positions: {'yes' if same else 'NO'}")
    print(f"  ratio today/baseline: CPU {new['cpu'] / old['cpu']:.3f}, "
          f"peak memory {new['peak_mib'] / old['peak_mib']:.3f}")


if __name__ == "__main__":
    main()
