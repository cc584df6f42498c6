"""From a line of model moves to a short script of actions (RULES B6, B7).

A winning line of the search (:mod:`harp.solve.easyharp.search`) ends with
an empty tableau.  Three steps turn it into the script a player would want:

1. :func:`shorten`: cut every stretch of the line that leaves the position
   as it was (a cycle), jump from each position to the furthest later
   one that a single move reaches, and cut every pair of moves that undo
   each other or that a single move replaces, keeping a change only when
   the model replays the whole line legally to an empty tableau.
2. :func:`to_actions`: the line on the engine itself, draws put back, by
   :class:`~harp.solve.easyharp.schedule.Emitter`: the line as a partial
   order, the talon walked forward (redealing when the stock is empty,
   RULES A1.8), every passing card played if its move can be made now,
   or parked on a column where it waits for its move; then the final
   sweep: draw, and play each card that a slot takes, until the talon is
   empty.
3. If an early play made a later action illegal, the line is emitted again
   without early plays.  The engine refuses anything illegal, so a script
   returned here always replays; :func:`harp.solve.replays_to_won` checks
   it once more.
4. :func:`cut_repeats`: the actions between two visits of the same board
   position are cut (the emitter's reordering can bring a move and the
   move that undoes it together, ``3>5 5>3``): a player following the
   script never meets a position twice.
"""
from __future__ import annotations

from typing import Any

from harp.easyharp import N_SLOTS
from harp.errors import HarpError

from .model import (COL_TO_COL, COL_TO_FOUNDATION, TAKE_BACK, TALON_TO_COL,
                             TALON_TO_FOUNDATION, Move, Position, apply, is_legal)
from .moves_sound import complete_steps
from .schedule import Emitter, wins
from ..budget import Budget
from ..hints import position_key


def positions_along(root: Position, line: list[Move]) -> list[Position]:
    """The position before each move of the line, and the last one."""
    along = [root]
    for move in line:
        along.append(apply(along[-1], move))
    return along


def remove_cycles(root: Position, line: list[Move]) -> list[Move]:
    """Cut the moves between two visits of the same position (columns in
    place, slots as they are, the talon as a multiset): the line from the
    first visit on is a legal continuation from the second."""
    positions = positions_along(root, line)
    last = {pos: i for i, pos in enumerate(positions)}
    out: list[Move] = []
    i = 0
    while i < len(line):
        j = last[positions[i]]
        if j > i:
            i = j
            continue
        out.append(line[i])
        i += 1
    return out


#: Lines of more moves than this per card off the foundations are jumped
#: (:func:`jump_ahead`).  The fast search's lines play 1.2-1.5 moves a
#: card, and jumps shorten them by a move at most; the longer lines lose
#: more (on deals 1-40, the 9 lines over 1.6 moves a card lost 103 moves,
#: the other 31 two), and the sound search's lines, 170 moves a card on
#: one endgame, lose most.  A jump costs 6 ms on a deal's line, as much as
#: the rest of the shortening.
JUMP_FROM = 1.6


def jump_ahead(root: Position, line: list[Move], work: Budget | None = None) -> list[Move]:
    """From each position of the line, the furthest later position of it
    that one move reaches (any move of :func:`complete_steps`): that move
    replaces the moves in between.  The position reached is the line's
    own (columns in place, slots as they are), so the rest of the line is
    played from where it was played before, and still wins.  (A
    depth-first line wanders: from an endgame, the sound search's 5 446
    moves become 390.)  The moves tried are spent from ``work``."""
    along = positions_along(root, line)
    tried = len(line)
    last = {pos: i for i, pos in enumerate(along)}
    out: list[Move] = []
    i = 0
    while i < len(line):
        best, best_move = i + 1, line[i]
        pos = along[i]
        steps = complete_steps(pos)
        tried += len(steps)
        for _, moves in steps:
            j = last.get(apply(pos, moves[0]), -1)
            if j > best:
                best, best_move = j, moves[0]
        out.append(best_move)
        i = best
    if work is not None:
        work.spend(tried)
    return out


def _next_move_of(line: list[Move], i: int) -> int:
    """The index of the next move after i that moves the card move i put on
    a column, from that column; -1 if none."""
    move = line[i]
    for j in range(i + 1, len(line)):
        other = line[j]
        if other.kind in (COL_TO_COL, COL_TO_FOUNDATION) and other.src == move.dst:
            return j if other.card == move.card else -1
        if other.kind in (COL_TO_COL, TALON_TO_COL, TAKE_BACK) and other.dst == move.dst:
            return -1                       # something was put on it
    return -1


def shorten(root: Position, line: list[Move], work: Budget | None = None) -> list[Move]:
    """The winning ``line`` from ``root`` after :func:`remove_cycles` and,
    if it is long (:data:`JUMP_FROM`), :func:`jump_ahead`, then each
    card's two moves in a row (put on a column, later taken from there)
    replaced by one move, or by none when the second undoes the first; every change is kept only if the model
    replays the whole line to an empty tableau (:func:`_changed`).  Each
    trial spends the moves it replays from ``work``; once it is spent (or
    its safety net's deadline passes) no more changes are tried."""
    work = Budget(1 << 62) if work is None else work
    line = remove_cycles(root, line)
    work.spend(len(line))
    if len(line) > JUMP_FROM * (N_SLOTS * 13 - sum(root.slots)):
        line = jump_ahead(root, line, work)
    along = positions_along(root, line)
    i = 0
    while i < len(line) and not work.spent and not work.late():
        move = line[i]
        if move.kind in (COL_TO_COL, TALON_TO_COL, TAKE_BACK):
            j = _next_move_of(line, i)
            if j >= 0:
                for merged in _merges(move, line[j]):
                    changed = _changed(along, line, i, j, merged, work)
                    if changed is not None:
                        line, along = changed
                        break
                else:
                    i += 1
                continue
        i += 1
    return line


def _changed(along: list[Position], line: list[Move], i: int, j: int, merged: list[Move],
             work: Budget) -> tuple[list[Move], list[Position]] | None:
    """The line with moves i and j replaced by ``merged`` (at i), and its
    positions (``along`` is the line's), if it replays legally to an empty
    tableau; else None.  The moves up to i are unchanged, so the replay
    starts from ``along[i]``; when the new line reaches the position the
    old one had after move j, the rest is the old line from the same
    position, which wins, so only the moves from i to j are replayed
    (on a line of thousands of moves, the whole replay for each trial
    took seconds).  The moves replayed are spent from ``work``."""
    middle = merged + line[i + 1:j]
    work.spend(len(middle))
    pos = along[i]
    made = []
    for move in middle:
        if not is_legal(pos, move):
            return None
        pos = apply(pos, move)
        made.append(pos)
    new_line = line[:i] + middle + line[j + 1:]
    if pos == along[j + 1]:
        return new_line, along[:i + 1] + made + along[j + 2:]
    work.spend(len(line) - j - 1 + len(new_line))
    if not wins(pos, line[j + 1:]):
        return None
    return new_line, positions_along(along[0], new_line)


def _merges(first: Move, second: Move) -> list[list[Move]]:
    """Single moves (or none) that may replace ``first`` then ``second``."""
    if first.kind == COL_TO_COL:
        if second.kind == COL_TO_COL and second.dst == first.src:
            return [[]]
        kind = COL_TO_FOUNDATION if second.kind == COL_TO_FOUNDATION else COL_TO_COL
        return [[Move(kind, first.src, second.dst, first.card)]]
    if first.kind == TALON_TO_COL:
        kind = TALON_TO_FOUNDATION if second.kind == COL_TO_FOUNDATION else TALON_TO_COL
        return [[Move(kind, -1, second.dst, first.card)]]
    if second.kind == COL_TO_FOUNDATION:                      # a take-back put back
        return [[]]
    return [[Move(TAKE_BACK, first.src, second.dst, first.card)]]


def to_actions(board, line: list[Move], early: bool = True, **rewrites: Any) -> list[str]:
    """The line played on a copy of the engine's board, as canonical tokens
    (RULES B7), draws and the final sweep included; see the module text.
    ``rewrites`` (``pull``, ``park``, ``relocate``) switch the emitter's
    rewrites of the line off, and ``work`` (a :class:`Budget` of moves
    replayed) bounds the rewrites that replay the line
    (:class:`~harp.solve.easyharp.schedule.Emitter`).
    Raises HarpError if the engine refuses an action (a bug)."""
    try:
        tokens = _emit(board, line, early, rewrites)
    except HarpError:
        if not early:
            raise
        tokens = _emit(board, line, False, rewrites)
    return cut_repeats(board, tokens)


def cut_repeats(board, tokens: list[str]) -> list[str]:
    """The script without the actions between two visits of the same
    position (every pile of the board as it is, the stock and waste in
    order: :func:`~harp.solve.hints.position_key`).  What follows the
    second visit is played from a position the same in every pile as the
    first, so it is as legal there and ends as the script ends."""
    replay = board.copy()
    out: list[str] = []
    visited = {position_key(replay): 0}
    for token in tokens:
        replay.push(token)
        out.append(token)
        key = position_key(replay)
        first = visited.get(key)
        if first is not None:           # back where the script was after ``first`` actions
            del out[first:]
            visited = {k: i for k, i in visited.items() if i <= first}
        else:
            visited[key] = len(out)
    return out


def _emit(board, line: list[Move], early: bool, rewrites: dict[str, Any]) -> list[str]:
    emitter = Emitter(board, line, early, **rewrites)
    emitter.run()
    emitter.sweep()
    return emitter.tokens
