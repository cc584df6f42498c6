"""Since when a recorded game is lost (RULES C8): the first action after
which it could no longer be won.

A position is lost when no line of play from it wins (RULES C8: an undo
is not play from the position, it goes back to an earlier one).  A move
never turns a lost position into one that can be won, but an undo can;
so a game is lost *since action N* when the position after N and every
later one are lost and the one before N is not.  :func:`lost_since`
walks back from the last position until a position is not proved lost:
shown winnable (a win the engine replays), or not decided within the
limits, in which case the game is lost since action N *at the latest*.

Easy Harp positions are decided by the prover
(:mod:`harp.solve.easyharp.prove`), which keeps the positions it proved
lost (each earlier position's search goes over the later ones again),
then by the solver; Seahaven positions by the solver, whose
``unsolvable`` is a proof too.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from . import replays_to_won
from .easyharp import solve_easy_harp
from .easyharp.prove import LOST, WINNABLE, prove_lost
from .result import SOLVED, UNKNOWN, UNSOLVABLE, SolveLimits, SolveResult
from .seahaven import solve_seahaven

#: Share of the positions the Easy Harp prover first gets for a position;
#: one it does not decide so goes to the solver (for a win), then to the
#: prover with the whole budget.  Walking back, most positions are lost
#: and proved within a few thousand positions, the earlier ones' proofs
#: going over the later ones' known positions.
FIRST_PROOF = 0.05

Decide = Callable[[Any], str]


class Since(NamedTuple):
    """The last position's ``verdict`` (``lost``, ``winnable`` or
    ``unknown``); for a lost game, ``action``: the number of the action
    since which every position is lost (0: lost from the deal), and
    ``exact``: whether the position before it was shown winnable (if not,
    the game is lost since that action at the latest); ``positions``: the
    positions searched in all."""

    verdict: str
    action: int | None
    exact: bool
    positions: int


def lost_since(board: Any, limits: SolveLimits) -> Since:
    """Since when the game of ``board`` (its actions from the deal, undos
    included) is lost; each position is searched within ``limits``."""
    game = type(board)(board.code, interactive_rules=board.interactive_rules,
                       double_click=board.double_click)
    for action in board.actions:
        game.push(action)
    counted = [0]
    decide = _easy_harp(limits, counted) if board.code.game == "EH" else _seahaven(limits, counted)
    verdict = decide(game)
    if verdict != LOST:
        return Since(verdict, None, False, counted[0])
    for number in range(len(board.actions), 0, -1):
        game.pop()
        before = decide(game)
        if before != LOST:
            return Since(LOST, number, before == WINNABLE, counted[0])
    return Since(LOST, 0, True, counted[0])


def _easy_harp(limits: SolveLimits, counted: list[int]) -> Decide:
    known: set = set()

    def decide(board: Any) -> str:
        proof = prove_lost(board, max(1, int(FIRST_PROOF * limits.max_states)), known, limits.timeout)
        counted[0] += proof.positions
        if proof.verdict == LOST:
            return LOST
        if proof.verdict == WINNABLE and replays_to_won(board, SolveResult(SOLVED, proof.actions)):
            return WINNABLE
        verdict = _solved(board, solve_easy_harp(board, replace(limits, line_states=0)), counted)
        if verdict != UNKNOWN:
            return verdict
        proof = prove_lost(board, limits.max_states, known, limits.timeout)
        counted[0] += proof.positions
        return LOST if proof.verdict == LOST else UNKNOWN
    return decide


def _seahaven(limits: SolveLimits, counted: list[int]) -> Decide:
    def decide(board: Any) -> str:
        return _solved(board, solve_seahaven(board, limits), counted)
    return decide


def _solved(board: Any, result: SolveResult, counted: list[int]) -> str:
    """The verdict of a solver's result: a win only once replayed."""
    counted[0] += result.states
    if replays_to_won(board, result):
        return WINNABLE
    return LOST if result.outcome == UNSOLVABLE else UNKNOWN

