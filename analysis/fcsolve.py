"""Running Freecell Solver (``fc-solve``) on a Seahaven position, for the
benchmarks and the tests: the board goes out through
:func:`harp.render.fcs_board`, the standard-notation solution comes back as
moves the engine reads (RULES B7).

fc-solve's ``seahaven`` preset is stricter than RULES A2.5 (no doubling for
empty columns), so every move it plays is legal for harp too.
"""
from __future__ import annotations

import shutil
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from harp.render import fcs_board

FC_SOLVE = "fc-solve"


def fc_solve_available() -> bool:
    return shutil.which(FC_SOLVE) is not None


@dataclass
class FcsResult:
    """fc-solve's answer: outcome ``solved``/``unsolved``/``limit`` (its
    "unsolved" is only a proof within its own, stricter move set), the
    solution in standard notation, and the wall time including the process."""

    outcome: str
    actions: list[str]
    seconds: float


def run_fc_solve(board: Any, max_iters: int = 1_500_000, timeout: float | None = None) -> FcsResult:
    """Run ``fc-solve -g seahaven`` on the board, one process."""
    cmd = [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(len(board.cells)),
           "-mi", str(max_iters), "-sel", "-m", "-sn", "-"]
    text = fcs_board(board)            # our export is not fc-solve's time
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                          timeout=timeout, check=False)
    seconds = time.perf_counter() - start
    return parse_fc_solve_output(proc.stdout, seconds)


def parse_fc_solve_output(text: str, seconds: float = 0.0) -> FcsResult:
    """Outcome and standard-notation moves from fc-solve's ``-m -sn`` output."""
    if "This game is solveable" in text:
        body = text.split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[-1]
        moves = []
        for line in body.splitlines():
            if line.startswith("This game is"):
                break
            moves.extend(line.split())
        return FcsResult("solved", moves, seconds)
    if "exceeded" in text:
        return FcsResult("limit", [], seconds)
    return FcsResult("unsolved", [], seconds)
