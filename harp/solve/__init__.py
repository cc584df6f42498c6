"""The solvers' front door: ``solve``, ``hint``, ``SolveResult``, ``SolveLimits``.

``solve(board)`` searches from the board's *current* position (a copy; the
board is not changed).  The searches are apart from the engine's move
generation: :mod:`harp.solve.seahaven.solver` (RULES A2) and
:mod:`harp.solve.easyharp.solver` (RULES A1), each with its pruning rules proved
next to their code.  A win is never taken on a solver's word:
:func:`replays_to_won` pushes it on the engine.
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from harp.board import Board
from harp.cards import card_str
from harp.deals import DealCode
from harp.errors import HarpError

from .hints import Hint, HintLine, Hints
from .result import (BATCH_LIMITS, DEFAULT_LIMITS, HINT_LIMITS, POSITIONS, SOLVED, TIME, UNKNOWN,
                     UNSOLVABLE, Progress, SolveLimits, SolveResult)

__all__ = ["BATCH_LIMITS", "DEFAULT_LIMITS", "HINT_LIMITS", "POSITIONS", "SOLVED", "TIME",
           "UNKNOWN", "UNSOLVABLE", "Hint", "HintLine", "Hints", "Progress", "replayed_win",
           "SolveLimits", "SolveResult", "hint", "replays_to_won", "solve"]


def solve(board: Any, limits: SolveLimits = DEFAULT_LIMITS,
          progress: Progress | None = None) -> SolveResult:
    """Decide the board's current position (dispatch on ``board.code.game``);
    the result carries the limits and the CPU seconds it took.
    ``progress``, if given, is told the positions searched now and then.
    TypeError for a ``board`` that is not a :class:`~harp.board.Board`
    (a deal code is made one by ``harp.new_board(code)``)."""
    _check_board(board, "solve")
    _check_limits(limits)
    check_whole_pack(board)
    # Each solver is imported when first asked for (then it is in
    # sys.modules): a command that only needs the limits and the results,
    # as ``replay`` without --lost, starts without them.
    start = time.process_time()
    if board.code.game == "SH":
        from .seahaven import solve_seahaven
        result = solve_seahaven(board, limits, progress)
    else:
        from .easyharp import solve_easy_harp
        result = solve_easy_harp(board, limits, progress)
    result.cpu_seconds = time.process_time() - start
    result.limits = limits
    return result


def _check_board(board: Any, name: str) -> None:
    if not isinstance(board, Board):
        made = ": harp.new_board(code) makes one" if isinstance(board, (str, DealCode)) else ""
        raise TypeError(f"{name} takes a board (harp.Board), not {type(board).__name__}{made}")


def check_whole_pack(board: Board) -> None:
    """HarpError unless the board holds the whole pack: each card twice in
    Easy Harp (RULES A1.1), once in Seahaven (A2.1).  A position set up by
    hand may leave cards out or hold a card too often (the piles are
    checked one by one), but the solvers reason about the whole pack: they
    take an empty tableau for a win, and a card they count on may not be
    there, so such a search could call a lost position won, or never end."""
    copies = 2 if board.code.game == "EH" else 1
    held = [card for pile in (*board.columns, *board.foundations) for card in pile]
    if board.code.game == "EH":
        held += [*board.stock, *board.waste]
    else:
        held += [card for card in board.cells if card is not None]
    counts = Counter(held)
    for card in range(52):
        if counts[card] != copies:
            said = {0: "not at all", 1: "once", 2: "twice"}
            raise HarpError(f"the solver needs the whole pack, each card {said[copies]} "
                            f"(RULES {'A1.1' if copies == 2 else 'A2.1'}): this position holds "
                            f"{card_str(card)} {said.get(counts[card], f'{counts[card]} times')}")


def _check_limits(limits: Any) -> None:
    if not isinstance(limits, SolveLimits):
        raise TypeError(f"limits is a SolveLimits, not {type(limits).__name__} "
                        "(e.g. SolveLimits(max_states=10_000))")


def replays_to_won(board: Any, result: SolveResult) -> bool:
    """Whether the result's actions, pushed on a copy of ``board``, win:
    a solution is never taken on the solver's word."""
    return replayed_win(board, result) is not None


def replayed_win(board: Any, result: SolveResult) -> Any:
    """The won board the result's actions make, pushed on a copy of
    ``board`` (its score is the line's), or None when they do not win."""
    if not result.solved:
        return None
    replay = board.copy()
    try:
        replay.push_script(result.script())
    except HarpError:
        return None
    return replay if replay.is_won else None


def hint(start: Any, actions: Iterable[Any] = (), limits: SolveLimits = HINT_LIMITS,
         progress: Progress | None = None) -> Hint:
    """The hint after ``actions`` from the board ``start``: the next action
    of the winning line in force (:mod:`harp.solve.hints`); no work goes to
    looking for a shorter line (a hint shows one action at a time).
    ``actions`` is a list of actions or tokens (a script as one ``str`` is
    a TypeError: ``start.parse_script(text)`` reads it); a ``u`` among
    them undoes as it would on ``start``, whose history the copy keeps.
    ``progress`` is told the positions of each search made.

    ``hint(board, limits)``, the limits given second as :func:`solve`
    takes them, is read as ``hint(board, (), limits)`` (a SolveLimits is
    no list of actions).  The hint's ``action`` and ``line`` are notation
    (``str``, RULES B7), as the command line prints them: ``action in
    board.legal_actions`` reads it, ``board.push(action)`` plays it."""
    _check_board(start, "hint")
    if isinstance(actions, SolveLimits):
        if limits is not HINT_LIMITS:
            raise TypeError("hint got two SolveLimits: hint(board, actions, limits) or "
                            "hint(board, limits)")
        actions, limits = (), actions
    _check_limits(limits)
    return Hints(limits, progress).after(start, actions)
