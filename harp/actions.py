"""Actions: what a player does to a position (RULES B6, B7).

An :class:`Action` is a frozen value whose ``str()`` is the canonical
notation of RULES B7 and parses back to an equal action.  Locations are
written as in the notation: columns ``"1"``-``"10"``, waste ``"w"``,
cells ``"a"``-``"d"``, foundations ``"f"`` (the first slot that accepts)
or ``"f1"``-``"f8"``.
"""
from __future__ import annotations

from dataclasses import dataclass

MOVE = "move"
DRAW = "draw"
TAP = "tap"
DOUBLE_TAP = "double_tap"
UNDO = "undo"
KINDS = (MOVE, DRAW, TAP, DOUBLE_TAP, UNDO)


@dataclass(frozen=True, slots=True)
class Action:
    """One action of RULES B6: a move ``X>Y`` (optionally ``N:X>Y``), a draw
    ``d``, a tap ``tX``, a double tap ``ttX`` or an undo ``u``."""

    kind: str
    src: str | None = None
    dst: str | None = None
    count: int | None = None

    def __str__(self) -> str:
        kind = self.kind
        if kind == MOVE:
            if self.count is None:
                return f"{self.src}>{self.dst}"
            return f"{self.count}:{self.src}>{self.dst}"
        if kind == DRAW:
            return "d"
        if kind == TAP:
            return f"t{self.src}"
        if kind == DOUBLE_TAP:
            return f"tt{self.src}"
        return "u"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


_INTERNED: dict[tuple[str, str | None, str | None, int | None], Action] = {}


def action(kind: str, src: str | None = None, dst: str | None = None,
           count: int | None = None) -> Action:
    """The shared instance of an action (actions are immutable; sharing them
    keeps legal-action generation free of allocations)."""
    key = (kind, src, dst, count)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Action(kind, src, dst, count)
    return found


def move(src: str, dst: str, count: int | None = None) -> Action:
    return action(MOVE, src, dst, count)


def tap(src: str) -> Action:
    return action(TAP, src)


def double_tap(src: str) -> Action:
    return action(DOUBLE_TAP, src)


DRAW_ACTION = action(DRAW)
UNDO_ACTION = action(UNDO)


def format_script(actions: list[Action] | tuple[Action, ...]) -> str:
    """Canonical script: the actions' notation separated by spaces."""
    return " ".join(map(str, actions))
