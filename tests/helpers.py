"""Shared test helpers: running the ``harp`` command line in-process, and
building positions (cards from text, piles set directly)."""
from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from harp import Action, Board, new_board
from harp.cards import parse_card
from harp.cli import cli
from harp.deals import make_code
from harp.easyharp import EasyHarpBoard
from harp.seahaven import SeahavenBoard


def invoke(*args: str, input: str | bytes | None = None,
           env: Mapping[str, str] | None = None) -> Result:
    """``harp ARGS`` through Click's CliRunner: the Result, whatever the exit
    code (stdout and stderr apart).  It fails the test at once if the command
    ended in an exception other than SystemExit: a user would have seen a
    traceback."""
    result = CliRunner().invoke(cli, list(args), input=input, env=env, prog_name="harp")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"harp {' '.join(args)[:200]} ended in a traceback:\n"
                             + "".join(traceback.format_exception(*result.exc_info)))
    return result


def invoke_ok(*args: str, input: str | bytes | None = None,
              env: Mapping[str, str] | None = None) -> str:
    """``harp ARGS``, asserting exit code 0: its standard output."""
    result = invoke(*args, input=input, env=env)
    assert result.exit_code == 0, f"exit {result.exit_code}: {result.stderr or result.stdout}"
    return result.stdout


def refused(args: list[str], code: int, message: str, input: str | None = None) -> Result:
    """``harp ARGS`` is refused: exit ``code``, nothing on standard output,
    and ``Error: MESSAGE`` as the last line of standard error, its only line
    for bad data (exit 1; a usage error, exit 2, prints the usage first)."""
    result = invoke(*args, input=input)
    assert (result.exit_code, result.stdout) == (code, ""), result.stderr
    if code == 1:
        assert result.stderr == f"Error: {message}\n"
    else:
        assert result.stderr.splitlines()[-1] == f"Error: {message}"
    return result


#: Linux capabilities that let root ignore file permissions (linux/capability.h),
#: and the prctl that removes one from the bounding set (linux/prctl.h).
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, PR_CAPBSET_DROP = 1, 2, 24


def _permissions_bind() -> None:
    """In the child, before it runs harp: as root, drop the two capabilities
    that override file permissions from the bounding set, so the program it
    runs has neither and a file's mode binds it as it binds any user."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop a capability (prctl)")


def harp_process(*args: str, cwd: str | os.PathLike[str] | None = None
                 ) -> subprocess.CompletedProcess[str]:
    """``python -m harp ARGS`` in a child process that file permissions bind
    even when the tests run as root (as CI does): for unreadable files and
    read-only folders."""
    return subprocess.run([sys.executable, "-m", "harp", *args], capture_output=True,
                          text=True, check=False, cwd=cwd, preexec_fn=_permissions_bind)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def seahaven(columns: list[str], cells: list[str | None] | None = None,
             foundations: list[str] | None = None, n_cells: int = 4) -> SeahavenBoard:
    """A Seahaven position: up to 10 columns (bottom to top), cells, and
    foundation piles f1..f4 given as text."""
    board = new_board(make_code("SH", 1, n_cells))
    assert isinstance(board, SeahavenBoard)
    board.columns = [cards(columns[i]) if i < len(columns) else [] for i in range(10)]
    cell_list = list(cells or []) + [None] * (n_cells - len(cells or []))
    board.cells = [None if c is None else parse_card(c) for c in cell_list]
    board.foundations = [cards(f) for f in (foundations or ["", "", "", ""])]
    return board


def easy_harp(columns: list[str], face_down: list[int] | None = None,
              stock: str = "", waste: str = "", foundations: list[str] | None = None,
              **settings: bool) -> EasyHarpBoard:
    """An Easy Harp position: 9 columns (bottom to top), face-down counts,
    stock first-drawn-first, waste bottom to top, foundations f1..f8."""
    board = new_board(make_code("EH", 1), **settings)
    assert isinstance(board, EasyHarpBoard)
    board.columns = [cards(columns[i]) if i < len(columns) else [] for i in range(9)]
    board.face_down = list(face_down or []) + [0] * (9 - len(face_down or []))
    board.stock = list(reversed(cards(stock)))
    board.waste = cards(waste)
    board.foundations = [cards(f) for f in (foundations or [""] * 8)]
    return board


def run_of(suit: str, high: str, length: int) -> str:
    """Same-suit run from rank ``high`` down, ``length`` cards."""
    ranks = "A23456789TJQK"
    top = ranks.index(high)
    return " ".join(ranks[r] + suit for r in range(top, top - length, -1))


def plain_solvable(board, key: Callable[[Board], Hashable], limit: int,
                   order: Callable[[list[Action]], list[Action]] | None = None) -> bool | None:
    """True/False when decided by exhaustive depth-first search over every
    legal action of the engine (nothing pruned, nothing forced), positions
    identified by ``key``; None past ``limit`` positions.  ``order`` only
    chooses which action is tried first.  It pushes and pops on ``board``."""
    def actions(b: Board) -> list[Action]:
        found = list(b.legal_actions)
        return (order(found) if order else found)[::-1]   # popped from the end
    if board.is_won:
        return True
    seen = {key(board)}
    stack = [actions(board)]
    while stack:
        if not stack[-1]:
            stack.pop()
            if stack:
                board.pop()
            continue
        board.push(stack[-1].pop())
        if board.is_won:
            return True
        k = key(board)
        if k in seen:
            board.pop()
            continue
        if len(seen) >= limit:
            return None
        seen.add(k)
        stack.append(actions(board))
    return False


def interrupt_at(monkeypatch, module, name: str, stop: Callable[[Any], bool]) -> None:
    """Make ``module.name`` raise KeyboardInterrupt (as Ctrl-C would) when
    ``stop`` is true of its argument, and run as before otherwise."""
    real = getattr(module, name)

    def interrupted(item: Any) -> Any:
        if stop(item):
            raise KeyboardInterrupt
        return real(item)
    monkeypatch.setattr(module, name, interrupted)


def unblocked(path: Path | str) -> threading.Timer:
    """Were the named pipe ``path`` opened for reading, a writer that comes
    after 5 s and goes at once lets the test end (and fail)."""
    def unblock() -> None:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:             # no reader: nothing waits
            pass
    timer = threading.Timer(5.0, unblock)
    timer.daemon = True
    timer.start()
    return timer


def resealed(data: bytes, edit: Callable[[dict], dict]) -> bytes:
    """A harp data file's bytes with its header edited by ``edit`` and its
    hash made again over the new header and the payload (as harp writes
    it): the damage only the header's own checks can catch."""
    import harp.atlas
    end = data.index(b"\n", len(harp.atlas.MAGIC))
    _, payload = harp.atlas.read_frame(data, "x", ())
    header = edit(json.loads(data[len(harp.atlas.MAGIC):end]))
    header = {**header, "sha256": harp.atlas.sealed(header, payload)}
    return harp.atlas.MAGIC + json.dumps(header).encode() + data[end:]
