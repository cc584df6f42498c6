"""Actions: what a player does to a position (RULES B6, B7).

An :class:`Action` is a frozen value whose ``str()`` is the canonical
notation of RULES B7 and parses back to an equal action.  Locations are
written as in the notation: columns ``"1"``-``"10"``, waste ``"w"``,
cells ``"a"``-``"d"``, foundations ``"f"`` (the first slot that accepts)
or ``"f1"``-``"f8"``.  An action is checked when it is made (a kind and
places notation can write, a count of at least 1), so its ``str()`` always
parses back; whether its places exist in a given game (column 10, the
waste, cell ``c``) is checked when a board pushes it.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import NotationError, a_number, clip

MOVE = "move"
DRAW = "draw"
TAP = "tap"
DOUBLE_TAP = "double_tap"
UNDO = "undo"
KINDS = (MOVE, DRAW, TAP, DOUBLE_TAP, UNDO)
#: Every place of either game as notation writes it (RULES B7): columns,
#: the waste, cells, the foundations (``f``: the first slot that takes the
#: card) and their slots.
PLACES = frozenset([str(n) for n in range(1, 11)] + ["w", "a", "b", "c", "d", "f"]
                   + [f"f{n}" for n in range(1, 9)])
#: The largest card count notation reads (three digits, RULES B7).
MAX_COUNT = 999


@dataclass(frozen=True, slots=True)
class Action:
    """One action of RULES B6: a move ``X>Y`` (optionally ``N:X>Y``), a draw
    ``d``, a tap ``tX``, a double tap ``ttX`` or an undo ``u``.

    Made from its fields (``Action("move", "1", "f")``, which is also its
    ``repr``), checked: a kind of :data:`KINDS`, the places its kind needs
    (canonical names, :data:`PLACES`) and no others, a count of at least 1;
    else NotationError.  A field of the wrong type is TypeError: a kind or
    place is a ``str`` (``"1"``, not ``1``), a count an ``int`` (not a
    ``bool``).  Made from notation: a board's ``parse_action``
    (which knows its game and cells), or without a board
    :func:`harp.notation.parse_action` (token, game, cells)."""

    kind: str
    src: str | None = None
    dst: str | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        kind, src, dst, count = self.kind, self.src, self.dst, self.count
        if kind not in KINDS:
            if not isinstance(kind, str):
                raise TypeError(f"an action kind is a str ({', '.join(KINDS)}), "
                                f"not {type(kind).__name__} ({clip(repr(kind))})")
            raise NotationError(f"unknown action kind {clip(str(kind))!r} (kinds are "
                                f"{', '.join(KINDS)}; notation such as '1>f' is read by "
                                "board.parse_action or harp.notation.parse_action)")
        places = {MOVE: 2, TAP: 1, DOUBLE_TAP: 1}.get(kind, 0)
        given = (src, dst)
        for n, place in enumerate(given):
            if (n < places) != (place is not None):
                raise NotationError(f"a {kind} action has {places or 'no'} "
                                    f"place{'s' if places != 1 else ''}, given {given!r}")
            if place is not None and not isinstance(place, str):
                raise TypeError(f"a place is a str as notation writes it ('1'-'10', 'w', 'a'-'d', "
                                f"'f', 'f1'-'f8'; RULES B7), not {type(place).__name__} "
                                f"({clip(repr(place))})")
            if place is not None and place not in PLACES:
                raise NotationError(f"{clip(str(place))!r} is not a place as notation writes it "
                                    "(1-10, w, a-d, f, f1-f8; RULES B7)")
        if count is not None and type(count) is not int:
            raise TypeError(f"a card count is an int (or None), not {type(count).__name__} "
                            f"({clip(repr(count))})")
        if count is not None and (kind != MOVE or not 1 <= count <= MAX_COUNT):
            raise NotationError(f"a card count is a whole number from 1 to {MAX_COUNT} on a move, "
                                f"not {a_number(count)} on a {kind} (RULES B7)")

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
        fields = [self.kind, self.src, self.dst, self.count]
        while fields[-1] is None:       # (checked: only trailing fields are missing)
            fields.pop()
        return f"Action({', '.join(map(repr, fields))})"


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


def format_script(actions: Sequence[Action]) -> str:
    """Canonical script: the actions' notation separated by spaces.
    TypeError for anything but actions (:class:`Action`): notation (a
    ``str``) is read into actions by a board's ``parse_script``."""
    if isinstance(actions, str):
        raise TypeError("format_script takes a list of actions, not one str "
                        "(a script is already text; board.parse_script(text) reads it)")
    if not isinstance(actions, Iterable):
        raise TypeError(f"format_script takes a list of actions, not {type(actions).__name__}")
    words = []
    for number, one in enumerate(actions, 1):
        if not isinstance(one, Action):
            hint = (" (notation: board.parse_action or board.parse_script reads it)"
                    if isinstance(one, str) else "")
            raise TypeError(f"format_script takes actions (harp.Action): item {number} is "
                            f"{type(one).__name__} ({clip(repr(one))}){hint}")
        words.append(str(one))
    return " ".join(words)
