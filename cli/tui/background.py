"""Solver searches for the app, in a child process.

The solvers are pure Python: run in a thread they would hold the
interpreter's lock and the screen would stop answering keys.  A search
therefore runs in a Python process of its own (``python -m
harp.cli.tui.background``), told the deal code, the script and the
limits on its standard input and answering in JSON on its standard
output; cancelling a search ends that process.  Every win the child
reports was replayed there by the engine (``replays_to_won``) before it is
believed.
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import asdict
from typing import Any

from harp import Board
from harp.solve import BATCH_LIMITS, HINT_LIMITS, SolveLimits

from ..output import LOST_HERE

HINT, WINNABLE = "hint", "winnable"
#: "Is this still winnable?": harp solve's positions (no line search).
WINNABLE_LIMITS = BATCH_LIMITS
LIMITS = {HINT: HINT_LIMITS, WINNABLE: WINNABLE_LIMITS}


def search(code: str, script: str, limits: SolveLimits, kind: str = HINT) -> dict[str, Any]:
    """The child's work: the game from code and script; a hint along it
    (the line of the hint before, while the game follows it:
    :mod:`harp.solve.hints`), or a search of where it stands."""
    from harp import new_board
    from harp.solve import hint

    start = new_board(code)
    played = start.copy()
    played.push_script(script)
    found = hint(start, played.actions, limits) if kind == HINT else hint(played, (), limits)
    return {"outcome": found.outcome, "first": found.action, "length": len(found.line),
            "states": found.result.states, "limit": found.result.limit_text()}


class Search:
    """One search of the board's current position, in a child process."""

    def __init__(self, board: Board, kind: str) -> None:
        self.kind = kind
        self.limits = LIMITS[kind]
        #: The position searched: its answer is stale once the board moved on.
        self.position = (str(board.code), board.script())
        self._process = subprocess.Popen(
            [sys.executable, "-m", __name__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self._request = json.dumps({"code": self.position[0], "script": self.position[1],
                                    "limits": asdict(self.limits), "kind": kind}).encode()

    def wait(self) -> dict[str, Any] | None:
        """The answer (blocking: call it off the screen's thread); None if
        the search was cancelled or its process failed."""
        try:
            out, _ = self._process.communicate(self._request)
            return json.loads(out) if self._process.returncode == 0 else None
        except (OSError, ValueError):
            return None

    def cancel(self) -> None:
        if self._process.poll() is None:
            self._process.kill()


def hint_message(answer: dict[str, Any]) -> str:
    if answer["first"] is not None:
        return f"Hint: {answer['first']} (a winning line of {answer['length']} actions from here)"
    if answer["outcome"] == "unsolvable":
        return LOST_HERE
    return f"No winning line found ({answer['limit']}); i searches longer."


def winnable_message(answer: dict[str, Any]) -> str:
    if answer["first"] is not None:
        return f"Still winnable: yes, the solver won from here in {answer['length']} actions."
    if answer["outcome"] == "unsolvable":
        return "Still winnable: no, lost: no line of play wins from here (RULES C8); undo to go back."
    return f"Still winnable: unknown, the solver found no win ({answer['limit']})."


if __name__ == "__main__":
    request = json.loads(sys.stdin.read())
    print(json.dumps(search(request["code"], request["script"],
                            SolveLimits(**request["limits"]), request.get("kind", HINT))))
