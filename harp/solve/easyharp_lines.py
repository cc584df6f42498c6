"""From a line of model moves to a short script of actions (RULES B6, B7).

A winning line of the search (:mod:`harp.solve.easyharp_search`) ends with
an empty tableau.  Three steps turn it into the script a player would want:

1. :func:`shorten`: cut every stretch of the line that leaves the position
   as it was (a cycle), and every pair of moves that undo each other or
   that a single move replaces, keeping a change only when the model
   replays the whole line legally to an empty tableau.
2. :func:`to_actions`: the line on the engine itself, draws put back.  A
   talon card is reached by drawing forward (redealing when the stock is
   empty, RULES A1.8), to the nearer copy; while drawing, a card that the
   line plays to a foundation from the talon later is played at once when
   it shows on the waste and a slot takes it (it saves walking the talon
   to it again).  Then the final sweep: draw, and play each card that a
   slot takes, until the talon is empty.
3. If an early play made a later action illegal, the line is emitted again
   without early plays.  The engine refuses anything illegal, so a script
   returned here always replays; :func:`harp.solve.replays_to_won` checks
   it once more.
"""
from __future__ import annotations

from harp.easyharp import SLOT_BASE
from harp.errors import HarpError

from .easyharp_model import (COL_TO_COL, COL_TO_FOUNDATION, TAKE_BACK, TALON_TO_COL,
                             TALON_TO_FOUNDATION, Move, Position, apply, is_legal, tableau_empty)


def replay(root: Position, line: list[Move]) -> Position | None:
    """The position at the end of the line, or None if a move is illegal."""
    pos = root
    for move in line:
        if not is_legal(pos, move):
            return None
        pos = apply(pos, move)
    return pos


def _wins(root: Position, line: list[Move]) -> bool:
    end = replay(root, line)
    return end is not None and tableau_empty(end)


def remove_cycles(root: Position, line: list[Move]) -> list[Move]:
    """Cut the moves between two visits of the same position (columns in
    place, slots as they are, the talon as a multiset): the line from the
    first visit on is a legal continuation from the second."""
    positions = [root]
    for move in line:
        positions.append(apply(positions[-1], move))
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


def shorten(root: Position, line: list[Move]) -> list[Move]:
    """:func:`remove_cycles`, then replace each card's two moves in a row
    (put on a column, later taken from there) by one move, or by none when
    the second undoes the first; every change is kept only if the model
    replays the whole line to an empty tableau."""
    line = remove_cycles(root, line)
    i = 0
    while i < len(line):
        move = line[i]
        if move.kind in (COL_TO_COL, TALON_TO_COL, TAKE_BACK):
            j = _next_move_of(line, i)
            if j >= 0:
                second = line[j]
                for merged in _merges(move, second):
                    trial = line[:i] + merged + line[i + 1:j] + line[j + 1:]
                    if _wins(root, trial):
                        line = trial
                        break
                else:
                    i += 1
                continue
        i += 1
    return line


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


def to_actions(board, line: list[Move], early: bool = True) -> list[str]:
    """The line played on a copy of the engine's board, as canonical tokens
    (RULES B7), draws and the final sweep included; see the module text.
    Raises HarpError if the engine refuses an action (a bug)."""
    try:
        return _emit(board, line, early)
    except HarpError:
        if not early:
            raise
        return _emit(board, line, False)


def _emit(board, line: list[Move], early: bool) -> list[str]:
    emitter = _Emitter(board, line, early)
    emitter.run()
    emitter.sweep()
    return emitter.tokens


def _resources(move: Move) -> tuple:
    """The piles a move reads or changes: its columns, its suit's slots, the
    talon copies of its card.  Two moves with no pile in common can swap
    places in a line: each one's legality and effect depend on its piles
    only (the slot ``X>f`` takes is the first of its suit that accepts)."""
    kind = move.kind
    if kind == COL_TO_FOUNDATION:
        return ("c", move.src), ("s", move.card & 3)
    if kind == COL_TO_COL:
        return ("c", move.src), ("c", move.dst)
    if kind == TALON_TO_FOUNDATION:
        return ("s", move.card & 3), ("t", move.card)
    if kind == TALON_TO_COL:
        return ("c", move.dst), ("t", move.card)
    return ("s", move.card & 3), ("c", move.dst)


def predecessors(line: list[Move], heights: tuple[int, ...]) -> list[set[int]]:
    """For each move of the line, the earlier moves it must follow.

    Columns and talon cards: a move follows the last earlier move that
    shares such a pile with it (:func:`_resources`).  Foundations: in a
    suit that no take-back of the line touches, the slots only grow, so a
    move that puts rank r up needs a slot of the suit at height r, and the
    number of such slots is (slots at r at the start) + (cards of rank
    r-1 put up so far) - (cards of rank r put up so far), RULES A1.7.  So
    the k-th move of rank r (in line order) follows the (k-1)-th of rank
    r and the (k-s)-th of rank r-1, where s is the number of the suit's
    slots at height r at the start; any order that keeps these is legal
    on the slots, whichever slot the engine picks (``X>f``).  A suit with
    a take-back keeps its moves in line order."""
    taken_back = {m.card & 3 for m in line if m.kind == TAKE_BACK}
    last: dict[tuple, int] = {}
    done: dict[tuple[int, int], list[int]] = {}        # (suit, rank) -> moves in order
    out: list[set[int]] = []
    for j, move in enumerate(line):
        before: set[int] = set()
        suit = move.card & 3
        up = move.kind in (COL_TO_FOUNDATION, TALON_TO_FOUNDATION)
        for r in _resources(move):
            if r[0] == "s" and up and suit not in taken_back:
                continue
            if r in last:
                before.add(last[r])
            last[r] = j
        if up and suit not in taken_back:
            rank = move.card >> 2
            same = done.setdefault((suit, rank), [])
            if same:
                before.add(same[-1])
            base = SLOT_BASE[suit]
            start = (heights[base] == rank) + (heights[base + 1] == rank)
            below = done.get((suit, rank - 1), [])
            need = len(same) + 1 - start
            if need > 0:
                before.add(below[need - 1])
            same.append(j)
        out.append(before)
    return out


class _Emitter:
    """Plays a line on a copy of the engine's board, in an order that
    walks the talon little (see the module text).

    The line is a partial order: a move waits for the last earlier move
    that shares a pile with it (:func:`_resources`).  Ready moves that do
    not touch the talon are played first; otherwise the ready talon move
    whose card the fewest draws reach, and on the way every ready talon
    move whose card shows on the waste top.  Besides, a talon card that no
    move needs any more goes up as it shows when :meth:`_may_play_early`
    allows it."""

    def __init__(self, board, line: list[Move], early: bool) -> None:
        self.board = board.copy()
        self.tokens: list[str] = []
        self.early = early
        self.line = line
        heights = tuple(len(pile) for pile in board.foundations)
        self.waiting = [0] * len(line)
        self.followers: list[list[int]] = [[] for _ in line]
        for j, before in enumerate(predecessors(line, heights)):
            self.waiting[j] = len(before)
            for i in before:
                self.followers[i].append(j)
        self.ready = [j for j in range(len(line)) if not self.waiting[j]]
        # Talon moves still to come, per card; take-backs still to come, per suit.
        self.talon_uses, self.take_backs = [0] * 52, [0] * 4
        for move in line:
            if move.kind in (TALON_TO_FOUNDATION, TALON_TO_COL):
                self.talon_uses[move.card] += 1
            elif move.kind == TAKE_BACK:
                self.take_backs[move.card & 3] += 1

    def push(self, token: str) -> None:
        self.board.push(token)
        self.tokens.append(token)

    def run(self) -> None:
        """Play every move: the ready tableau moves, then the ready talon
        move whose card the fewest draws reach, and so on."""
        line = self.line
        while self.ready:
            self._play_tableau()
            if not self.ready:
                break
            target = min(self.ready, key=lambda j: (self._distance(line[j].card), j))
            self._draw_to(line[target].card)
            self._play(target)

    def _play_tableau(self) -> None:
        """Play the ready moves that do not touch the talon (no draws)."""
        line = self.line
        while True:
            tableau = [j for j in self.ready
                       if line[j].kind not in (TALON_TO_FOUNDATION, TALON_TO_COL)]
            if not tableau:
                return
            self._play(min(tableau))

    def _play(self, j: int) -> None:
        move = self.line[j]
        self.ready.remove(j)
        kind, card = move.kind, move.card
        if kind == COL_TO_FOUNDATION:
            self.push(f"{move.src + 1}>f")
        elif kind == COL_TO_COL:
            self.push(f"{move.src + 1}>{move.dst + 1}")
        elif kind == TAKE_BACK:
            self.take_backs[card & 3] -= 1
            found = self.board.foundations
            slot = next(s for s, pile in enumerate(found) if pile and pile[-1] == card)
            self.push(f"f{slot + 1}>{move.dst + 1}")
        else:
            self.talon_uses[card] -= 1
            self.push("w>f" if kind == TALON_TO_FOUNDATION else f"w>{move.dst + 1}")
        for k in self.followers[j]:
            self.waiting[k] -= 1
            if not self.waiting[k]:
                self.ready.append(k)

    def _distance(self, card: int) -> int:
        """Draws that bring a copy of the card to the waste top (A1.8)."""
        stock, waste = self.board.stock, self.board.waste
        if waste and waste[-1] == card:
            return 0
        for i in range(len(stock) - 1, -1, -1):
            if stock[i] == card:
                return len(stock) - i
        return len(stock) + 1 + waste.index(card) + 1

    def _draw_to(self, card: int) -> None:
        """Draw until the card is the waste top, playing on the way."""
        b = self.board
        for _ in range(2 * (len(b.stock) + len(b.waste)) + 2):
            if b.waste and b.waste[-1] == card:
                return
            self.push("d")
            while b.waste and b.waste[-1] != card and self._passing(b.waste[-1]):
                self._play_tableau()
        raise AssertionError(f"card {card} is not in the talon")  # pragma: no cover

    def _passing(self, top: int) -> bool:
        """Play the waste top if a ready talon move plays it, or up if
        :meth:`_may_play_early` allows it; whether it was played."""
        for j in self.ready:
            move = self.line[j]
            if move.card == top and move.kind in (TALON_TO_FOUNDATION, TALON_TO_COL):
                self._play(j)
                return True
        if self._may_play_early(top):
            self.push("w>f")
            return True
        return False

    def _may_play_early(self, card: int) -> bool:
        """A talon card that no move of the line needs any more may go up
        as it shows, before the final sweep, if a copy stays for every
        later talon move of its value, no take-back of its suit is to come,
        and both slots of its suit have reached its rank: then the other
        copy, wherever it is, still finds a slot, and every foundation
        move of the line still finds its own."""
        if not self.early or self.take_backs[card & 3]:
            return False
        found, base = self.board.foundations, SLOT_BASE[card & 3]
        if min(len(found[base]), len(found[base + 1])) != card >> 2:
            return False
        copies_left = self.board.stock.count(card) + self.board.waste.count(card) - 1
        return copies_left >= self.talon_uses[card]

    def sweep(self) -> None:
        """The final sweep: draw, and play up every card a slot takes.  With
        the tableau empty each pass over the talon plays at least the card
        some slot needs next (every card off the foundations is in the
        talon), so it ends within 104 passes."""
        b = self.board
        if any(b.columns):
            raise AssertionError("the line does not empty the tableau")  # pragma: no cover
        while b.stock or b.waste:
            if b.waste and b._slot_for(b.waste[-1]) >= 0:
                self.push("w>f")
            else:
                self.push("d")


def draws(tokens: list[str]) -> int:
    return sum(1 for t in tokens if t == "d")
