"""Since when an Easy Harp game is lost (RULES A1, C8): the first action
after which a recorded game could no longer be won.

A position is lost when no line of play from it wins (RULES C8: an undo
is not play from the position, it returns to an earlier one).  A move
never turns a lost position into one that can be won, but an undo can:
so the game is lost *since action N* when the position after N and every
later one are lost and the one before N is not.  :func:`lost_since`
walks back from the last position, proving each position lost with the
prover (:mod:`harp.solve.easyharp.prove`), which keeps what it proved
(each proof of an earlier position goes over the later ones again, so
it reuses them), until a position is shown winnable (the prover's or the
solver's win, replayed by the engine) or cannot be decided within the
limits; in the last case the game is lost since action N *at the
latest*.
"""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from harp.errors import HarpError

from .prove import LOST, WINNABLE, prove_lost
from .solver import solve_easy_harp
from ..result import UNKNOWN, UNSOLVABLE, SolveLimits

#: Share of the positions the prover first gets for each position; a
#: position it does not decide so goes to the solver (a win), then to the
#: prover with the whole budget.
FIRST_PROOF = 0.05


class Since(NamedTuple):
    """The last position's ``verdict`` (``lost``, ``winnable`` or
    ``unknown``); for a lost game, ``action``: the number of the action
    since which every position is lost (0: from the deal), and ``exact``:
    whether the position before it was shown winnable (if not, the game
    is lost since that action at the latest); ``positions`` searched."""

    verdict: str
    action: int | None
    exact: bool
    positions: int


def lost_since(board, limits: SolveLimits) -> Since:
    """Since when the game of ``board`` (its actions from the deal, undos
    included) is lost; each position is searched within ``limits``."""
    game = type(board)(board.code, interactive_rules=board.interactive_rules,
                       double_click=board.double_click)
    for action in board.actions:
        game.push(action)
    known: set = set()
    counted = [0]
    verdict = _decide(game, limits, known, counted)
    if verdict != LOST:
        return Since(verdict, None, False, counted[0])
    for number in range(len(board.actions), 0, -1):
        game.pop()
        before = _decide(game, limits, known, counted)
        if before != LOST:
            return Since(LOST, number, before == WINNABLE, counted[0])
    return Since(LOST, 0, True, counted[0])


def _decide(board, limits: SolveLimits, known: set, counted: list[int]) -> str:
    """``lost``, ``winnable`` or ``unknown`` for the board's position."""
    proof = prove_lost(board, max(1, int(FIRST_PROOF * limits.max_states)), known)
    counted[0] += proof.positions
    if proof.verdict == WINNABLE and _wins(board, proof.actions):
        return WINNABLE
    if proof.verdict == LOST:
        return LOST
    result = solve_easy_harp(board, replace(limits, line_search=0.0))
    counted[0] += result.states
    if result.solved and _wins(board, result.actions):
        return WINNABLE
    if result.outcome == UNSOLVABLE:
        return LOST
    proof = prove_lost(board, limits.max_states, known)
    counted[0] += proof.positions
    return LOST if proof.verdict == LOST else UNKNOWN


def _wins(board, actions: list[str]) -> bool:
    """Whether the actions win from the board's position (on a copy)."""
    after = board.copy()
    try:
        after.push_script(" ".join(actions))
    except HarpError:
        return False
    return after.is_won
