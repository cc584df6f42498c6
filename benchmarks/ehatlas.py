"""Verification of the Easy Harp atlas: ``.venv/bin/python benchmarks/ehatlas.py
[--sample 1000] [--lost]``; like every benchmark it needs the test install
of the checkout (the README's second line: ``pip install -e '.[test]'``;
benchmarks/common.py).

1. ``harp atlas check``: the file's hash and counts, and ``--sample``
   random deals (default 1 000) solved again, each under the limits it was
   built with: verdict, difficulty and line length must all be equal.
2. ``--lost``: every deal the atlas says is proved lost is searched again
   by the plain exhaustive search of the tests (every legal action of the
   engine, nothing pruned; tests/test_solve_eh.py), up to ``--plain-limit``
   positions: it must not find a win; a search that reaches the limit is
   counted apart (not confirmed, not refuted).
3. The README line: how many Easy Harp deals can be won
   (:func:`harp.analysis.pieces.readme_line`).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import ROOT, use_checkout  # noqa: E402

use_checkout("tests")                   # (tests/: the plain exhaustive search of the tests)

from harp import new_board  # noqa: E402
from harp.analysis.pieces import readme_line  # noqa: E402
from harp.deals import EASY_HARP, make_code  # noqa: E402
from harp.ehatlas import DEFAULT_PATH, LOST, read_eh_atlas  # noqa: E402


def lost_deals(path: Path, limit: int) -> None:
    from test_solve_eh import plain_solvable
    atlas = read_eh_atlas(path)
    lost = [deal for deal in range(atlas.first, atlas.last + 1) if atlas.verdict(deal) == LOST]
    found = {True: [], False: [], None: []}
    for deal in lost:
        found[plain_solvable(new_board(make_code(EASY_HARP, deal)), limit)].append(deal)
    print(f"proved lost: {len(lost)}; the plain search confirms {len(found[False])}, "
          f"finds a win in {len(found[True])} {found[True][:10]}, reaches {limit} positions "
          f"in {len(found[None])}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DEFAULT_PATH)
    parser.add_argument("--sample", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--lost", action="store_true", help="Search every lost deal again.")
    parser.add_argument("--plain-limit", type=int, default=2_000_000)
    args = parser.parse_args()
    check = subprocess.run([sys.executable, "-m", "harp", "atlas", "check", "--file",
                            str(args.file.resolve()), "--sample", str(args.sample), "--seed",
                            str(args.seed), "--jobs", str(args.jobs), "--quiet"], cwd=ROOT)
    if args.lost:
        lost_deals(args.file, args.plain_limit)
    print(readme_line(read_eh_atlas(args.file)))
    return check.returncode


if __name__ == "__main__":
    sys.exit(main())
