"""Memory of a process that solves Easy Harp deals one after another, as
``harp atlas build`` does for a piece: ``python benchmarks/piece_memory.py
[--deals 460001-460250] [--every 25] [--keep-tables]``.

Every ``--every`` deals it prints the deal, its verdict and positions, the
process's resident memory now and at its peak (MiB), and Python's
allocated blocks (``sys.getallocatedblocks``): blocks that grow from deal
to deal are objects one solve leaves to the next.  ``--keep-tables``
measures the solver as it was before the score tables were emptied after
each solve (``clear_memos`` made a no-op), side by side with today's when
run twice.

Like every benchmark it needs the test install of the checkout (the
README's second line: ``pip install -e '.[test]'``; benchmarks/common.py).
"""
from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import use_checkout  # noqa: E402

use_checkout()

from solve import parse_range  # noqa: E402  (benchmarks/solve.py)

from harp import new_board  # noqa: E402
from harp.deals import make_code  # noqa: E402
from harp.solve import BATCH_LIMITS, solve  # noqa: E402


def resident_mib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return -1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="460001-460250")
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--keep-tables", action="store_true")
    args = parser.parse_args()
    if args.keep_tables:
        import harp.solve.easyharp.solver as solver
        solver.clear_memos = lambda: None
    deals = parse_range(args.deals)
    print("deal     verdict  positions  rss_mib  peak_mib  blocks")
    for n, deal in enumerate(deals):
        result = solve(new_board(make_code("EH", deal, 0)), BATCH_LIMITS)
        if n % args.every == 0 or n == len(deals) - 1:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
            print(f"{deal:<8} {result.outcome:<8} {result.states:>9}  {resident_mib():>7}  "
                  f"{peak:>8}  {sys.getallocatedblocks():>6}", flush=True)


if __name__ == "__main__":
    main()
