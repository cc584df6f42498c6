"""Packed tables for the searches that keep hundreds of thousands of positions.

The beams and the best-first searches (:mod:`harp.solve.easyharp.search`)
keep, for every position they make, its parent and the moves from it
(:class:`Tree`), and the best-first searches keep every position they have
not expanded yet (:func:`pack`).  As Python objects these took about 600
bytes a position made (a tuple and a list of moves per position, a tuple
of columns, a tuple of slots, an int for the talon); packed, a position
waiting in a heap takes its bytes (about 170), and a tree node the 4 bytes
of each of its moves and two 8-byte numbers.  Packing changes no search:
a position unpacks equal to the one packed, and a path the same moves.

A depth-first search keeps, for every position on its path, the steps it
has still to try (:func:`pack_steps`): as lists of (priority, moves)
they took about 1 KB a position, and the sound search's path reaches
250 000 positions (deal 170775 at a limit of 50 000 000, whose final
sound search then peaked at 860 MiB); packed, about 60 bytes.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Final

from .model import Move, Position, tuple_new

#: Between the columns of a packed position; no card (< 52), face-down
#: count, slot height (< 14) or talon byte (two bits a card value, at most
#: two copies: at most 0xAA) is 0xFF.
_SEP: Final = b"\xff"
_SLOTS: Final = 8
#: The talon multiset's bytes (two bits for each of 52 card values).
_TALON: Final = 13


def pack(pos: Position) -> bytes:
    """The position as bytes: slot heights, talon, then the columns."""
    cols, talon, slots = pos
    return _SEP.join((bytes(slots) + talon.to_bytes(_TALON, "little"), *cols))


def unpack(blob: bytes) -> Position:
    """The position :func:`pack` made ``blob`` of."""
    head, *cols = blob.split(_SEP)
    return tuple_new(Position, (tuple(cols), int.from_bytes(head[_SLOTS:], "little"),
                                tuple(head[:_SLOTS])))


class Tree:
    """The positions a search made, numbered from 0 (the root): each one's
    parent and the moves that lead to it from there, 4 bytes a move
    (kind, source + 1, destination + 1, card)."""

    __slots__ = ("parents", "ends", "moves")

    def __init__(self) -> None:
        self.parents = array("q", [-1])
        self.ends = array("q", [0])
        self.moves = bytearray()

    def __len__(self) -> int:
        return len(self.parents)

    def add(self, parent: int, segment: list[Move]) -> int:
        """A new position, reached from ``parent`` by ``segment``; its number."""
        moves = self.moves
        for kind, src, dst, card in segment:
            moves += bytes((kind, src + 1, dst + 1, card))
        self.parents.append(parent)
        self.ends.append(len(moves))
        return len(self.parents) - 1

    def segment(self, node: int) -> list[Move]:
        """The moves that lead to ``node`` from its parent."""
        return unpack_moves(self.moves, self.ends[node - 1], self.ends[node])

    def path(self, node: int) -> list[Move]:
        """The moves from the root to ``node``."""
        segments = []
        while node > 0:
            segments.append(self.segment(node))
            node = self.parents[node]
        return [move for segment in reversed(segments) for move in segment]

    def copy(self) -> Tree:
        other = Tree()
        other.parents, other.ends, other.moves = (array("q", self.parents), array("q", self.ends),
                                                  bytearray(self.moves))
        return other


def unpack_moves(packed: bytes | bytearray, start: int = 0, end: int | None = None
                 ) -> list[Move]:
    """The moves packed 4 bytes each (:class:`Tree`'s format) from ``start``
    to ``end`` (the end of ``packed`` when None)."""
    stop = len(packed) if end is None else end
    return [tuple_new(Move, (packed[i], packed[i + 1] - 1, packed[i + 2] - 1, packed[i + 3]))
            for i in range(start, stop, 4)]


def pack_steps(steps: list) -> bytes:
    """A depth-first search's steps, best first, without their priorities:
    for each, its number of moves (< 256: a step is one move and its
    chain) and 4 bytes a move, as :class:`Tree` packs them."""
    out = bytearray()
    for _priority, moves in steps:
        out.append(len(moves))
        for kind, src, dst, card in moves:
            out += bytes((kind, src + 1, dst + 1, card))
    return bytes(out)


def unpack_step(blob: bytes, at: int) -> tuple[list[Move], int]:
    """The moves of the step packed at ``at`` in ``blob``
    (:func:`pack_steps`), and where the next one starts."""
    end = at + 1 + 4 * blob[at]
    return unpack_moves(blob, at + 1, end), end


class KeySet:
    """A set of keys (``bytes`` of fewer than 256 bytes) for a depth-first
    search's table: the keys one after another in one ``bytearray``, each
    after its length, and an open-addressing table of where each starts,
    kept at most two thirds full.  A Python set of ``bytes`` took about
    190 bytes a key (the object's head, the set's slot; deal 207527's sound
    search, which gets a whole budget of 5 000 000 positions, peaked at
    889 MiB); here a key takes its bytes, one more, and 12-24 bytes of
    table (with compact keys, 355 MiB).  Membership is equality of bytes,
    as in a set, so a search makes the same positions either way.
    ``k in keys`` then ``keys.add(k)``, a search's pattern, looks ``k`` up
    once."""

    __slots__ = ("arena", "table", "mask", "count", "missed", "free")

    def __init__(self) -> None:
        self.arena = bytearray()
        self.table = array("q", [-1]) * 1024
        self.mask = 1023
        self.count = 0
        self.missed = b""        # the key the last look-up did not find,
        self.free = -1           # and the free slot where it ended

    def __len__(self) -> int:
        return self.count

    def __contains__(self, k: bytes) -> bool:
        n = len(k)
        arena, table, mask = self.arena, self.table, self.mask
        i = hash(k) & mask
        at = table[i]
        while at >= 0:
            if arena[at] == n and arena.startswith(k, at + 1):
                return True
            i = (i + 1) & mask
            at = table[i]
        self.missed, self.free = k, i
        return False

    def add(self, k: bytes) -> None:
        self.insert(k)

    def insert(self, k: bytes) -> bool:
        """Add ``k``; whether it was new."""
        if (self.free < 0 or k is not self.missed) and k in self:
            return False
        n = len(k)
        if n > 255:
            raise ValueError(f"a key of {n} bytes: at most 255")
        arena = self.arena
        self.table[self.free] = len(arena)
        self.missed, self.free = b"", -1
        arena.append(n)
        arena += k
        self.count += 1
        if 3 * self.count > 2 * self.mask:
            self._grow()
        return True

    def __iter__(self) -> Iterator[bytes]:
        for at in self.table:
            if at >= 0:
                yield self._key_at(at)

    def _key_at(self, at: int) -> bytes:
        arena = self.arena
        return bytes(arena[at + 1:at + 1 + arena[at]])

    def _grow(self) -> None:
        size = 2 * (self.mask + 1)
        table = array("q", [-1]) * size
        mask = size - 1
        for at in self.table:
            if at >= 0:
                i = hash(self._key_at(at)) & mask
                while table[i] >= 0:
                    i = (i + 1) & mask
                table[i] = at
        self.table, self.mask = table, mask
