"""Solver searches for the app, in a child process.

The solvers are pure Python: run in a thread they would hold the
interpreter's lock and the screen would stop answering keys.  A search
therefore runs in a Python process of its own (``python -m
harp.cli.tui.background``), told the deal code, the script and the
limits on its standard input and answering in JSON on its standard
output; cancelling a search ends that process, and a process that fails
(cannot start, ends without an answer) is reported with its exit and its
last line of errors.  Every win the child
reports was replayed there by the engine (``replays_to_won``) before it is
believed.  A child whose game is gone (killed with SIGKILL, which leaves
no time to cancel the search) notices and ends: see :func:`watch_parent`.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from typing import Any

from harp import Board
from harp.errors import clip
from harp.solve import BATCH_LIMITS, HINT_LIMITS, SolveLimits

from ..output import LOST_HERE
from ..runs import plural

HINT, WINNABLE = "hint", "winnable"
#: "Is this still winnable?": harp solve's positions (no line search).
WINNABLE_LIMITS = BATCH_LIMITS
LIMITS = {HINT: HINT_LIMITS, WINNABLE: WINNABLE_LIMITS}
#: How a failed search is named on the message line.
FAILED = {HINT: "Hint failed", WINNABLE: "Winnable check failed"}
#: The longest part of the child's standard error a failure message quotes.
STDERR_LIMIT = 120
#: How often (seconds) a search checks that the game that asked for it is still there.
PARENT_CHECK = 0.2


def child_command() -> list[str]:
    """The command that runs a search: this module in the same Python."""
    return [sys.executable, "-m", __name__]


def child_folder() -> str:
    """Where the child starts: the folder that holds the ``harp`` this
    process runs.  ``python -m`` puts its folder first on the path, so
    started in the player's folder, a ``harp/`` there (the engine alone, in
    harp's own source checkout) would stand in for the installed package."""
    import harp
    return os.path.dirname(os.path.dirname(os.path.abspath(harp.__file__)))


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
        #: Why the search gave no answer, when it failed (not when cancelled).
        self.error: str | None = None
        self._cancelled = False
        self._request = json.dumps({"code": self.position[0], "script": self.position[1],
                                    "limits": asdict(self.limits), "kind": kind,
                                    "parent": os.getpid()}).encode()
        self._process: subprocess.Popen[bytes] | None = None
        try:
            self._process = subprocess.Popen(
                child_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=child_folder())
        except OSError as err:
            self.error = f"the search process could not start ({err.strerror or err})"

    def wait(self) -> dict[str, Any] | None:
        """The answer (blocking: call it off the screen's thread); None if
        the search was cancelled or failed (then ``error`` says why)."""
        process = self._process
        if process is None:
            return None
        try:
            out, err = process.communicate(self._request)
        except OSError as exc:
            out, err = b"", str(exc).encode()
        if self._cancelled:
            return None
        if process.returncode == 0:
            try:
                answer = json.loads(out)
            except ValueError:
                answer = None
            if isinstance(answer, dict):
                return answer
            self.error = "the search process gave an answer that cannot be read"
        else:
            code = process.returncode
            how = (f"killed by signal {-code}" if code is not None and code < 0
                   else f"exit code {code}")
            self.error = f"the search process ended without an answer ({how})"
        # The child's last words usually name the cause (a traceback's last line).
        last = next((line.strip() for line in reversed(err.decode("utf-8", "replace")
                                                       .splitlines()) if line.strip()), "")
        if last:
            self.error += f": {clip(last, STDERR_LIMIT)}"
        return None

    def cancel(self) -> None:
        self._cancelled = True
        if self._process is not None and self._process.poll() is None:
            self._process.kill()


#: A lost position with no action to undo (the start of a deal that cannot
#: be won, or undo's reach used up): undo cannot help.
NOTHING_TO_UNDO = "and there is nothing to undo: n starts a new game."


def hint_message(answer: dict[str, Any], can_undo: bool = True) -> str:
    if answer["first"] is not None:
        return (f"Hint: {answer['first']} (a winning line of {plural(answer['length'], 'action')} "
                "from here)")
    if answer["outcome"] == "unsolvable":
        return LOST_HERE if can_undo else \
            f"Lost: no line of play wins from here (RULES C8), {NOTHING_TO_UNDO}"
    return f"No winning line found ({answer['limit']}); i searches longer."


def winnable_message(answer: dict[str, Any], can_undo: bool = True) -> str:
    if answer["first"] is not None:
        return (f"Still winnable: yes, the solver won from here in "
                f"{plural(answer['length'], 'action')}.")
    if answer["outcome"] == "unsolvable":
        lost = "Still winnable: no, lost: no line of play wins from here (RULES C8)"
        return f"{lost}; undo to go back." if can_undo else f"{lost}, {NOTHING_TO_UNDO}"
    return f"Still winnable: unknown, the solver found no win ({answer['limit']})."


def watch_parent(parent: int, period: float = PARENT_CHECK) -> threading.Thread:
    """End this process as soon as ``parent`` (the game) is no longer its
    parent: a game killed outright (SIGKILL) cannot cancel its search, and
    the orphan would go on using a core for nothing.  The search itself is
    one long call into the solver; this thread checks beside it."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(period)
        os._exit(1)
    thread = threading.Thread(target=watch, daemon=True, name="watch-parent")
    thread.start()
    return thread


if __name__ == "__main__":
    request = json.loads(sys.stdin.read())
    # Told by the game, as the game may be gone before this line runs.
    watch_parent(request.get("parent", os.getppid()))
    print(json.dumps(search(request["code"], request["script"],
                            SolveLimits(**request["limits"]), request.get("kind", HINT))))
