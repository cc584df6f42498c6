"""The Easy Harp prover (RULES A1): is a position lost?

:func:`prove_lost` answers ``lost`` (no line of play from the position
wins), ``winnable`` (with a line the engine replays) or ``unknown`` (its
budget of positions ran out).  It is a depth-first search over every
position reachable by the sound search's moves
(:func:`~harp.solve.easyharp.moves_sound.complete_steps` after the closure
:func:`~harp.solve.easyharp.safe.play_proved`), each position once up to
the key's symmetries (:func:`~harp.solve.easyharp.model.key`), with two
more ways to cut:

* rule NEVER-MOVES (:mod:`harp.solve.easyharp.movable`): a position in
  which some card can never move is lost, and is not expanded (the rule
  is asked of the root, and inside the search where it may pay:
  :data:`CHECK_BELOW`);
* positions already proved lost (``known``, e.g. by an earlier call on a
  later position of the same game) are not searched again.

Why ``lost`` is a proof.  The moves left out and the cards the closure
sends up are proved not to lose a win (rules TALON-RESERVE, SYMMETRY,
ONE-OF-EQUALS, ACES-UP, NO-LOW-TAKE-BACK and SAFE-UP, next to their code):
from any won position, some winning line uses only the moves the search
tries, from closed positions.  So if the root were won, the search would
reach a won position along such a line, unless the line passed through a
position it cut: but each of those is lost (NEVER-MOVES, or proved before),
and a position on a winning line is won.  The search reaches every
position it can, so it finds no win only when the root is lost; and then
every position it met is lost too (each one's own search is part of the
root's), which is what it adds to ``known``.

Its moves are model moves; from a board, a win is shortened and made into
the engine's actions (:mod:`harp.solve.easyharp.lines`) and replayed.
"""
from __future__ import annotations

from typing import NamedTuple

from .lines import shorten, to_actions
from .model import Move, Position, key, position_from_board, tableau_empty
from .moves_sound import complete_steps
from .movable import stuck_cards
from .safe import play_proved
from .search import SearchOutcome, depth_first, spent
from ..budget import Budget
from ..result import SOLVED, UNKNOWN, UNSOLVABLE

LOST, WINNABLE = "lost", "winnable"
#: Rule NEVER-MOVES is asked inside the search only of positions with
#: fewer moves than CHECK_BELOW, in a search from a root with fewer talon
#: cards than CHECK_TALON (a cut proved sound anywhere may be left out
#: anywhere; the test costs about half a position).  A card is rarely
#: stuck where many moves are left, or many talon cards: of 7 590
#: positions of random games of deals 1-29, 2 854 of the 3 956 with a
#: stuck card had fewer than 5 moves, 18 had 10-14, none more; none had 30
#: talon cards or more.  A search from near a deal's opening (the talon
#: full) soon drains the talon and meets stuck positions, but rarely a
#: lost root: there the test only made the solver's first sound search
#: take 1.8 times as long.
CHECK_BELOW = 15
CHECK_TALON = 30
#: The low and high bits of the talon's two-bit counts.
_LOW = int("01" * 52, 2)
_HIGH = _LOW << 1


class Proof(NamedTuple):
    """What :func:`prove_lost` found: ``verdict`` (``lost``, ``winnable``
    or ``unknown``), for a win the model line from the position (closure
    moves included) and, from a board, the engine's actions, and the
    positions made."""

    verdict: str
    line: list[Move]
    actions: list[str]
    positions: int


def prove_lost(target, max_positions: int, known: set | None = None,
               timeout: float | None = None) -> Proof:
    """Decide ``target`` (an Easy Harp board, or a model
    :class:`~harp.solve.easyharp.model.Position`) within ``max_positions``
    positions made.  ``known``: keys of positions proved lost; a ``lost``
    verdict adds every key it met.  ``timeout`` (seconds of wall-clock
    time) is only an outer safety net: past it the answer is ``unknown``."""
    board = None if isinstance(target, tuple) else target
    root = target if board is None else position_from_board(board)
    prefix: list[Move] = []
    found = sound_search(play_proved(root, prefix), Budget(max_positions, timeout), known)
    if found.outcome == UNSOLVABLE:
        return Proof(LOST, [], [], found.states)
    if found.outcome == UNKNOWN:
        return Proof(UNKNOWN, [], [], found.states)
    line = shorten(root, prefix + found.line)
    return Proof(WINNABLE, line, [] if board is None else to_actions(board, line), found.states)


def sound_search(root: Position, budget: Budget, known: set | None = None) -> SearchOutcome:
    """The search of :func:`prove_lost` from a closed position (the sound
    search of :mod:`harp.solve.easyharp.solver`): ``solved`` with the line
    from ``root`` to an empty tableau, ``unsolvable`` (proved: see the
    module text) or ``unknown``; ``states`` counts the positions made,
    at most ``budget.limit``, and the budget spends them.  It is the
    depth-first search of :mod:`~harp.solve.easyharp.search` over the
    sound moves, with the two cuts above."""
    if tableau_empty(root):
        return spent(budget, SOLVED, [], 1)
    lost = set() if known is None else known
    root_key = key(root)
    if root_key in lost or stuck_cards(root):
        lost.add(root_key)
        return spent(budget, UNSOLVABLE, [], 1)
    prune = _never_moves if talon_size(root.talon) < CHECK_TALON else None
    return depth_first(root, complete_steps, play_proved, budget, known, prune, compact=True)


def _never_moves(pos: Position, steps: list) -> bool:
    """Rule NEVER-MOVES, asked where it may pay (:data:`CHECK_BELOW`)."""
    return len(steps) < CHECK_BELOW and bool(stuck_cards(pos))


def talon_size(talon: int) -> int:
    """How many cards the talon multiset holds (copies counted)."""
    return (talon & _LOW).bit_count() + 2 * (talon & _HIGH).bit_count()
