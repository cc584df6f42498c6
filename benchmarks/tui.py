"""The full-screen game's start and its answer to a key, against ``harp deal``.

Run: ``python benchmarks/tui.py [--runs N]``.  In one run, alternately:
``harp deal CODE`` (process start to exit), and ``harp play CODE`` in a
pseudo-terminal (process start to the table on the screen), then the
keys ``8`` ``f`` (a card to its foundation: until the new score is
drawn) and ``q``.  Prints the medians and the start's ratio to
``harp deal``; the issue's target is a start under 1 s, the key at once.

Like every benchmark it needs the test install of the checkout (the
README's second line: ``pip install -e '.[test]'``; benchmarks/common.py):
it runs the ``harp`` beside this interpreter, and pexpect.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # benchmarks/: common.py
from common import main_guard, need_test_install, run, use_checkout  # noqa: E402

use_checkout()

try:
    import pexpect
except ImportError:
    need_test_install("cannot import pexpect")

HARP = str(Path(sys.executable).parent / "harp")
CODE = "SH1-C4-AAAAAJ2"


def deal_seconds() -> float:
    start = time.perf_counter()
    run([HARP, "deal", CODE])
    return time.perf_counter() - start


def play_seconds(data: str) -> tuple[float, float]:
    """Seconds to the table shown, and from a move's keys to its score shown."""
    start = time.perf_counter()
    child = pexpect.spawn(HARP, ["play", CODE], env={"XDG_DATA_HOME": data, "TERM": "xterm",
                                                      "PATH": "/usr/bin:/bin"},
                          dimensions=(24, 80), timeout=30)
    child.expect_exact("Moves 0")
    started = time.perf_counter() - start
    start = time.perf_counter()
    child.send("8f")
    child.expect_exact("Score 10")
    answered = time.perf_counter() - start
    child.send("q")
    child.expect_exact("Save this game")
    child.send("n")
    child.expect(pexpect.EOF)
    child.close()
    return started, answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    deals, starts, keys = [], [], []
    with tempfile.TemporaryDirectory() as data:
        for _ in range(runs):
            deals.append(deal_seconds())
            started, answered = play_seconds(data)
            starts.append(started)
            keys.append(answered)
    deal, start, key = (statistics.median(x) for x in (deals, starts, keys))
    print(f"harp deal {CODE}: {deal:.3f} s (median of {runs})")
    print(f"harp play {CODE}, to the table shown: {start:.3f} s ({start / deal:.2f} x harp deal)")
    print(f"keys 8 f, to the new score shown: {1000 * key:.0f} ms")


if __name__ == "__main__":
    main_guard(main)
