"""Benchmark of the batch analyzer (issue 4): ``.venv/bin/python
benchmarks/batch.py [--games 10000] [--deals 100000]``; like every
benchmark it needs the test install of the checkout (the README's second
line: ``pip install -e '.[test]'``; benchmarks/common.py).

1. Makes 10 000 real games by random legal play from the engine (150-300
   actions each, undoing when a game is blocked) into a temporary JSON
   Lines file, and a 100 000-record file of ten copies of it.
2. Times ``harp score`` on 10 000 records with ``--jobs 1`` and ``--jobs 2``.
3. Reads the peak memory (max RSS) of ``harp score`` on 10 000 and 100 000
   records, and of ``harp replay --check`` on 100 000, each run in its own
   child process
   (``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss``).
4. Times ``harp stats`` (layout measures, no solver) over 100 000 deals
   of Seahaven (4 cells) and of Easy Harp.

A harp that fails stops the run with its standard error.

Targets (2-core machine): 10 000 records in <= 15 s with --jobs 2; peak
memory < 150 MB (replay < 60 MB); 100 000 deals of layout statistics in <= 60 s.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import harp, main_guard, run, use_checkout  # noqa: E402

use_checkout()

from harp import new_board  # noqa: E402
from harp.deals import make_code  # noqa: E402
from harp.analysis.games import play_randomly  # noqa: E402

PLAYERS = ("ann", "bob", "cleo", "dev", "eve")
VARIANTS = (("EH", 4), ("SH", 4), ("SH", 2), ("SH", 1))


def random_game(seed: int) -> dict[str, str]:
    """One game of 150-300 actions by random legal play (foundation moves
    preferred; when nothing is legal, undo).  A deal blocked from the start
    is replaced by another."""
    rng = random.Random(seed)
    game, cells = VARIANTS[seed % len(VARIANTS)]
    target = rng.randint(150, 300)
    while True:
        board = new_board(make_code(game, rng.randint(1, 999_999), cells))
        play_randomly(board, target, rng, undo_when_blocked=True)
        if len(board.actions) >= 150:   # a game won sooner is replaced too
            return {"code": str(board.code), "moves": board.script(),
                    "player": PLAYERS[seed % len(PLAYERS)]}


def make_games(path: Path, count: int, jobs: int) -> None:
    with multiprocessing.Pool(jobs) as pool, path.open("w") as out:
        for record in pool.imap(random_game, range(count), chunksize=100):
            out.write(json.dumps(record) + "\n")


def repeat_file(source: Path, target: Path, times: int) -> None:
    data = source.read_bytes()
    with target.open("wb") as out:
        for _ in range(times):
            out.write(data)


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock seconds, and CPU seconds of the command and its workers
    (other work on the machine inflates the first, not the second)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run(command)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def peak_memory_mb(command: list[str]) -> float:
    """Max RSS (MB) of the largest process of ``command``, measured in a
    fresh child so earlier runs do not count."""
    probe = ("import resource, subprocess, sys;"
             "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode;"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
             "sys.exit(code)")              # (harp's standard error is the probe's)
    out = run([sys.executable, "-c", probe, *command], shown=command,
              stdout=subprocess.PIPE).stdout
    return int(out.split()[-1]) / 1024   # ru_maxrss is in KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small, large = Path(tmp) / "games.jsonl", Path(tmp) / "games10x.jsonl"
        start = time.perf_counter()
        make_games(small, args.games, 2)
        actions = [len(json.loads(line)["moves"].split()) for line in small.open()]
        print(f"made {args.games} games by random legal play in "
              f"{time.perf_counter() - start:.1f} s "
              f"(actions per game {min(actions)}-{max(actions)}, mean {sum(actions) / len(actions):.0f})")
        repeat_file(small, large, 10)
        for jobs in (1, 2):
            seconds, cpu = timed(harp("score", str(small), "--quiet", "--jobs", str(jobs)))
            print(f"harp score, {args.games} records, --jobs {jobs}: {seconds:.2f} s "
                  f"= {args.games / seconds:,.0f} records/s (CPU {cpu:.2f} s)")
        for path, n in ((small, args.games), (large, 10 * args.games)):
            for jobs in (1, 2):
                mb = peak_memory_mb(harp("score", str(path), "--quiet", "--jobs", str(jobs)))
                print(f"peak memory, harp score, {n} records, --jobs {jobs}: {mb:.0f} MB "
                      "(largest process)")
        mb = peak_memory_mb(harp("score", str(large), "--quiet", "--rows", "--csv"))
        print(f"peak memory, harp score --rows --csv, {10 * args.games} records: {mb:.0f} MB")
        mb = peak_memory_mb(harp("replay", "--check", str(large)))
        print(f"peak memory, harp replay --check, {10 * args.games} records: {mb:.0f} MB")
    # --cells is Seahaven's: harp refuses it for Easy Harp
    for game, variant in (("sh", ["--cells", "4"]), ("eh", [])):
        for jobs in (1, 2):
            seconds, cpu = timed(harp("stats", "--game", game, *variant, "--deals",
                                      f"1-{args.deals}", "--jobs", str(jobs), "--quiet"))
            print(f"harp stats --game {game} {' '.join(variant)}".rstrip()
                  + f", {args.deals} deals, --jobs {jobs}: "
                  f"{seconds:.1f} s = {args.deals / seconds:,.0f} deals/s (CPU {cpu:.1f} s)")


if __name__ == "__main__":
    main_guard(main)
