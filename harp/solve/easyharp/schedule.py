"""Play a winning line of model moves on the engine, walking the talon little.

The search's model keeps the talon as a multiset (rule TALON-RESERVE in
:mod:`harp.solve.easyharp.model`); on the engine a talon card has to be
drawn to the waste top first (RULES A1.5, A1.8).  :class:`Emitter` plays
the line as a partial order (:func:`predecessors`): the ready moves that do
not touch the talon at once, otherwise it draws towards the nearest card
that a ready talon move plays, and on the way

* plays every passing waste top that a ready talon move plays;
* pulls a later talon move of the passing card forward, when it is legal
  now and the model replays the rest of the line after it to a win;
* builds on another column, that the line leaves alone meanwhile, what
  the line builds on the passing card (rule RELOCATE);
* parks the passing card on a column where it waits for its own move,
  which then starts from that column (rule PARK);
* plays up a talon card that the line no longer needs (an early play).

Each rewrite is proved next to its code, or checked by replaying the new
line on the model; the model position is kept in step with the board,
and the engine refuses anything illegal.
"""
from __future__ import annotations

from harp.easyharp import SLOT_BASE

from .model import (COL_TO_COL, COL_TO_FOUNDATION, TAKE_BACK, TALON_TO_COL,
                             TALON_TO_FOUNDATION, Move, Position, accepts, apply, is_legal,
                             position_from_board, tableau_empty)
from ..budget import Budget

TALON_KINDS = (TALON_TO_FOUNDATION, TALON_TO_COL)


def replay(root: Position, line: list[Move]) -> Position | None:
    """The position at the end of the line, or None if a move is illegal."""
    pos = root
    for move in line:
        if not is_legal(pos, move):
            return None
        pos = apply(pos, move)
    return pos


def wins(root: Position, line: list[Move]) -> bool:
    """Whether the line is legal from ``root`` and empties the tableau."""
    end = replay(root, line)
    return end is not None and tableau_empty(end)


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

    Columns: a move follows the last earlier move that shares a column
    with it (:func:`_resources`).  Talon cards: none; the talon only ever
    loses cards, so it holds a copy for every waste move of the line still
    to come, in any order (rule TALON-RESERVE).  Foundations: in a
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
        counted = move.kind in (COL_TO_FOUNDATION, TALON_TO_FOUNDATION) and suit not in taken_back
        for r in _resources(move):
            if r[0] == "t" or (r[0] == "s" and counted):
                continue
            if r in last:
                before.add(last[r])
            last[r] = j
        if counted:
            rank = move.card >> 2
            same = done.setdefault((suit, rank), [])
            if same:
                before.add(same[-1])
            base = SLOT_BASE[suit]
            need = len(same) + 1 - (heights[base] == rank) - (heights[base + 1] == rank)
            if need > 0:
                before.add(done[(suit, rank - 1)][need - 1])
            same.append(j)
        out.append(before)
    return out


def _on_column(move: Move, old: int, new: int) -> Move:
    """The move made on column ``new`` instead of ``old``."""
    if move.kind == COL_TO_COL:
        src = new if move.src == old else move.src
        dst = new if move.dst == old else move.dst
        return move._replace(src=src, dst=dst)
    if move.kind == COL_TO_FOUNDATION:
        return move._replace(src=new)
    return move._replace(dst=new)


class Emitter:
    """Plays a line on a copy of the engine's board (see the module text);
    ``tokens`` is the script so far, ``pos`` the model of the board."""

    def __init__(self, board, line: list[Move], early: bool = True, *, pull: bool = True,
                 park: bool = True, relocate: bool = True, work: Budget | None = None) -> None:
        # The moves that rewrites may replay: once spent, no rewrite that
        # replays the line is tried.
        self.work = Budget(1 << 62) if work is None else work
        self.board = board.copy()
        self.pos = position_from_board(board)
        self.tokens: list[str] = []
        self.early, self.pull, self.park, self.relocate = early, pull, park, relocate
        self._plan(list(line))

    def _plan(self, line: list[Move]) -> None:
        """Take ``line`` as the moves still to play, in an order that is
        legal from the current position."""
        self.line = line
        self.played = [False] * len(line)
        self.waiting = [0] * len(line)
        self.followers: list[list[int]] = [[] for _ in line]
        self.before = predecessors(line, self.pos.slots)
        for j, before in enumerate(self.before):
            self.waiting[j] = len(before)
            for i in before:
                self.followers[i].append(j)
        self.ready = [j for j in range(len(line)) if not self.waiting[j]]
        # The moves of each column and of each talon card, in line order
        # (they are played in that order), and the first not played yet.
        self.queues: dict[tuple, list[int]] = {}
        for j, move in enumerate(line):
            for pile in _resources(move):
                if pile[0] != "s":
                    self.queues.setdefault(pile, []).append(j)
        self.heads = dict.fromkeys(self.queues, 0)
        # Talon moves still to come, per card; take-backs still to come, per suit.
        self.talon_uses, self.take_backs = [0] * 52, [0] * 4
        for move in line:
            if move.kind in TALON_KINDS:
                self.talon_uses[move.card] += 1
            elif move.kind == TAKE_BACK:
                self.take_backs[move.card & 3] += 1

    def _next_on(self, pile: tuple) -> int:
        """The first move still to come that touches the pile (a column
        ``("c", d)`` or a talon card ``("t", card)``); len(line) if none."""
        queue = self.queues.get(pile)
        if queue is None:
            return len(self.line)
        head = self.heads[pile]
        while head < len(queue) and self.played[queue[head]]:
            head += 1
        self.heads[pile] = head
        return queue[head] if head < len(queue) else len(self.line)

    def push(self, token: str) -> None:
        self.board.push(token)
        self.tokens.append(token)

    def run(self) -> None:
        """Play every move: the ready tableau moves, then the ready talon
        move whose card the fewest draws reach, and so on."""
        self._play_tableau()
        while self.ready:
            line = self.line
            target = min(self.ready, key=lambda j: (self._distance(line[j].card), j))
            self._draw_to(line[target].card)
            self._passing(line[target].card)
            self._play_tableau()

    def _play_tableau(self) -> None:
        """Play the ready moves that do not touch the talon (no draws)."""
        line = self.line
        while True:
            tableau = [j for j in self.ready if line[j].kind not in TALON_KINDS]
            if not tableau:
                return
            self._play(min(tableau))

    def _play(self, j: int) -> None:
        move = self.line[j]
        self.ready.remove(j)
        self.played[j] = True
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
        self.pos = apply(self.pos, move)
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
        """Play the waste top: by a ready talon move, by a later one pulled
        forward (:meth:`_pull`), or up when :meth:`_may_play_early` allows
        it; whether it was played."""
        for j in self.ready:
            move = self.line[j]
            if move.card == top and move.kind in TALON_KINDS:
                self._play(j)
                return True
        if self.pull and self.talon_uses[top] and self._pull(top):
            return True
        if self.relocate and self.talon_uses[top] and self._relocate(top):
            return True
        if self.park and self.talon_uses[top] and self._park(top):
            return True
        if self._may_play_early(top):
            self.push("w>f")
            self.pos = apply(self.pos, Move(TALON_TO_FOUNDATION, -1, -1, top))
            return True
        return False

    def _may_replay(self) -> bool:
        """Whether a rewrite that replays the line may still be tried."""
        return not self.work.spent and not self.work.late()

    def _talon_moves(self, card: int) -> list[int]:
        """The waste moves of the card still to come, in line order."""
        return [j for j in self.queues.get(("t", card), ()) if not self.played[j]]

    def _pull(self, top: int) -> bool:
        """Play a waste move of the card still to come now, if it is legal
        and the rest of the line, in line order, still wins after it; the
        moves still to come are planned afresh."""
        line, played = self.line, self.played
        for j in self._talon_moves(top):
            move = line[j]
            if not is_legal(self.pos, move):
                continue
            if not self._may_replay():
                return False
            rest = [line[k] for k in range(len(line)) if not played[k] and k != j]
            self.work.spend(len(rest))
            if wins(apply(self.pos, move), rest):
                self._plan([move] + rest)
                self._play(0)
                return True
        return False

    def _relocate(self, top: int) -> bool:
        """Build on another column what the line builds on the waste top.

        Rule RELOCATE: let m (at k in the line) be the first waste move of
        the card still to come, putting it on column j; T the first move
        after k that takes the card off j again; d a column that takes the
        card now (RULES A1.2) and that no move still to come touches up
        to T.  Then the line with the card put on d now, m dropped and
        every move on j between k and T made on d instead is legal and
        wins.  From k to T the line only ever touches j at the card or
        above it (the card stays on j until T), so the same pile is built
        on d; j below the card is left as the original leaves it, d below
        the card is untouched, and after T both columns are as in the
        original.  The one exception, a king-led run moved off j into an empty column
        (RULES A1.4: the run reaches below the card), is caught by
        replaying the new line on the model before it is taken."""
        line, played = self.line, self.played
        k = self._next_on(("t", top))
        move = line[k]
        if move.kind != TALON_TO_COL:
            return False
        on_j = [i for i in self.queues[("c", move.dst)] if i > k]
        end = next((i for i in on_j if line[i].src == move.dst and line[i].card == top), -1)
        if end < 0:                     # it leaves j inside a king-led run (A1.4)
            return False
        renamed = [i for i in on_j if i <= end]
        cols = self.pos.columns
        for d in range(len(cols)):
            if d == move.dst or not accepts(cols[d], top) or self._next_on(("c", d)) <= end:
                continue
            if not self._may_replay():
                return False
            moved = {i: _on_column(line[i], move.dst, d) for i in renamed}
            new = [Move(TALON_TO_COL, -1, d, top)]
            new += [moved.get(j, line[j]) for j in range(len(line)) if not played[j] and j != k]
            self.work.spend(len(new))
            if wins(self.pos, new):
                self._plan(new)
                self._play(0)
                return True
        return False

    def _park(self, top: int) -> bool:
        """Put the waste top on a column where it waits for its first waste
        move, which then starts from that column.

        Rule PARK: let m be the first waste move of the card still to come
        (at k in the line), d a column that takes the card now (RULES A1.2,
        A1.4), and p the first move still to come that touches d (or k, if
        that is later).  If every predecessor of m is played or before p,
        then the line with the card put on d now and m, made from d
        (``d>f``, ``d>j``), moved from k to p is legal and wins: moving m
        to p only swaps it with moves that share no pile with it
        (:func:`predecessors`); until p only column d and the talon
        differ, and no move before p reads either (the talon keeps a copy
        for every other waste move of the line, as before); at p, m' is
        legal where m would be, d's top being the card; after m' the
        position is the one after m.  Of the columns, the one with the
        latest p is taken (it keeps the line's order longest)."""
        line, played, before = self.line, self.played, self.before
        cols = self.pos.columns
        k = self._next_on(("t", top))
        move = line[k]
        best, best_p = -1, -1
        for d in range(len(cols)):
            if d == move.dst or not accepts(cols[d], top):
                continue
            p = min(k, self._next_on(("c", d)))
            if p > best_p and all(played[i] or i < p for i in before[k]):
                best, best_p = d, p
        if best < 0:
            return False
        d, p = best, best_p
        if move.kind == TALON_TO_FOUNDATION:
            later = Move(COL_TO_FOUNDATION, d, -1, top)
        else:
            later = Move(COL_TO_COL, d, move.dst, top)
        new = [Move(TALON_TO_COL, -1, d, top)]
        for j in range(len(line)):
            if j == p:
                new.append(later)
            if not played[j] and j != k:
                new.append(line[j])
        self._plan(new)
        self._play(0)
        return True

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
