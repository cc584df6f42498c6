"""The sound search's moves (RULES A1.2-A1.10): every rule move of the
normal form but those left out by the reductions proved here (the only
ones the ``unsolvable`` answer relies on, with the symmetries of the key
of :mod:`harp.solve.easyharp.model`).

A *step* is ``(priority, moves)``: a short list of moves played in a row;
lower priorities are tried first.  The fast generator
(:mod:`harp.solve.easyharp.moves_fast`) builds on the rule moves made here
(:func:`column_tops`, :func:`first_empty`, :func:`take_backs`).
"""
from __future__ import annotations

from typing import Final

from harp.cards import KING
from harp.easyharp import N_COLUMNS

from .model import (COL_TO_COL, COL_TO_FOUNDATION, PARENTS, TAKE_BACK, TALON_TO_COL,
                    TALON_TO_FOUNDATION, Move, Position, run_length, slot_for, slot_top,
                    talon_cards, tuple_new)
from .safe import needless_take_backs

Step = tuple  # (priority: int, moves: list[Move])

#: The moves of this module's and the fast generator's steps, made once
#: (a table lookup costs a tenth of making a Move; the generators make
#: hundreds of thousands a deal): a column's top card to a foundation
#: (``UP[i][card]``), onto another column (``ONTO[i][j][card]``), a talon
#: card onto a column (``FROM_TALON[j][card]``) or to a foundation
#: (``TALON_UP[card]``).  Take-backs are made as ``tuple_new(Move, ...)``,
#: without the NamedTuple constructor's Python-level call.
UP: Final = tuple(tuple(Move(COL_TO_FOUNDATION, i, -1, card) for card in range(52))
                  for i in range(N_COLUMNS))
ONTO: Final = tuple(tuple(tuple(Move(COL_TO_COL, i, j, card) for card in range(52))
                          for j in range(N_COLUMNS)) for i in range(N_COLUMNS))
FROM_TALON: Final = tuple(tuple(Move(TALON_TO_COL, -1, j, card) for card in range(52))
                          for j in range(N_COLUMNS))
TALON_UP: Final = tuple(Move(TALON_TO_FOUNDATION, -1, -1, card) for card in range(52))


def first_empty(cols: tuple[bytes, ...]) -> int:
    for j, col in enumerate(cols):
        if len(col) == 1:
            return j
    return -1



def complete_steps(pos: Position) -> list[Step]:
    """Every move of the normal form, one move per step.

    Rule ONE-OF-EQUALS: left out, each because the position it leads to
    is one already offered up to the key's symmetries (rule SYMMETRY,
    :func:`harp.solve.easyharp.model.key`):
    a king (or king-led run) into an empty column other than the first, a
    king-led run that is all its column holds into another empty column,
    the second of a suit's two slots when both are at the same height (same
    top card).  Left out by rule ACES-UP: take-backs of aces.  Left out by
    rule NO-LOW-TAKE-BACK (:mod:`harp.solve.easyharp.safe`): take-backs of
    cards no line needs back on the tableau.  The search's closure plays
    the cards rule SAFE-UP sends up
    (:func:`~harp.solve.easyharp.safe.play_proved`).
    """
    cols, talon, slots = pos
    out: list[Step] = []
    empty = first_empty(cols)
    tops = column_tops(cols)
    for i, col, card, down, up in column_cards(cols):
        reveals = up == 1
        if slot_for(slots, card) >= 0:
            out.append((0 if reveals else 2, [UP[i][card]]))
        for parent in PARENTS[card]:
            for j in tops.get(parent, ()):
                out.append((1 if reveals and down else 4, [ONTO[i][j][card]]))
        if empty >= 0:
            n = run_length(col)
            if col[-n] >> 2 == KING and len(col) - 1 > n:
                out.append((1, [ONTO[i][empty][card]]))
    for card in talon_cards(talon):
        if slot_for(slots, card) >= 0:
            out.append((3, [TALON_UP[card]]))
        for parent in PARENTS[card]:
            for j in tops.get(parent, ()):
                out.append((5, [FROM_TALON[j][card]]))
        if card >> 2 == KING and empty >= 0:
            out.append((5, [FROM_TALON[empty][card]]))
    take_backs(slots, tops, empty, 6, out, sound=True)
    out.sort(key=lambda step: step[0])
    return out


def column_cards(cols: tuple[bytes, ...]):
    """Per non-empty column: its number, its bytes, its top card, and its
    face-down and face-up counts."""
    for i, col in enumerate(cols):
        if len(col) > 1:
            yield i, col, col[-1], col[0], len(col) - 1 - col[0]


def column_tops(cols: tuple[bytes, ...]) -> dict[int, list[int]]:
    """The columns (numbers from 0) whose top is each card."""
    tops: dict[int, list[int]] = {}
    for j, col in enumerate(cols):
        if len(col) > 1:
            tops.setdefault(col[-1], []).append(j)
    return tops


def take_backs(slots: tuple[int, ...], tops: dict[int, list[int]], empty: int, prio: int,
                out: list[Step], sound: bool = False) -> None:
    """Take-backs (RULES A1.10) onto a column top, or of a king into the
    first empty column; none of an ace (rule ACES-UP), and of a suit's two
    slots at the same height only the first (rule ONE-OF-EQUALS); for the
    sound search, none that rule NO-LOW-TAKE-BACK leaves out."""
    needless = needless_take_backs(slots) if sound else ()
    for slot, height in enumerate(slots):
        if height < 2 or (slot & 1 and slots[slot - 1] == height) or slot in needless:
            continue
        card = slot_top(slots, slot)
        targets = [j for parent in PARENTS[card] for j in tops.get(parent, ())]
        if card >> 2 == KING and empty >= 0:
            targets.append(empty)
        for j in targets:
            out.append((prio, [tuple_new(Move, (TAKE_BACK, slot, j, card))]))
