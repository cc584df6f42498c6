"""Move notation (RULES B7): parsing scripts into actions, printing them.

Parsing only checks the *form* of a token and that its locations exist in
the game (column 10 does not exist in Easy Harp, cell ``c`` does not exist
with 2 cells).  Whether the rules allow the action is the board's business:
a :class:`~harp.errors.NotationError` means "cannot read", an
:class:`~harp.errors.IllegalActionError` means "read, but refused".
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from .actions import DRAW_ACTION, UNDO_ACTION, Action, double_tap, move, tap
from .deals import EASY_HARP, SEAHAVEN
from .errors import NotationError

#: Columns and foundation slots per game (RULES A1.1, A2.2).
N_COLUMNS = {EASY_HARP: 9, SEAHAVEN: 10}
N_SLOTS = {EASY_HARP: 8, SEAHAVEN: 4}
CELL_NAMES = "abcd"

_MOVE_RE = re.compile(r"(?:(\d+):)?([^>:]+)>([^>:]+)")
# FreeCell standard notation (RULES B7): source and destination written
# together; "10" is tried before "1" so that "101" reads column 10 -> 1.
_STANDARD_RE = re.compile(r"(10|[1-9]|[a-d])(10|[1-9]|[a-dhf])(?:v([0-9a-f]+))?")
_CACHE: dict[tuple[str, int, str], Action] = {}
_CACHE_LIMIT = 20_000


def parse_location(text: str, game: str, cells: int = 0) -> str:
    """Canonical name of a location (RULES B7) or NotationError."""
    t = text.lower()
    if t.isdigit():
        number = int(t)
        if 1 <= number <= N_COLUMNS[game]:
            return str(number)
        raise NotationError(f"no column {t} (columns are 1-{N_COLUMNS[game]})")
    if t == "w":
        if game == EASY_HARP:
            return "w"
        raise NotationError("Seahaven Towers has no waste 'w'")
    if t in ("f", "h"):
        return "f"
    if t[0] in "fh" and t[1:].isdigit():
        slot = int(t[1:])
        if 1 <= slot <= N_SLOTS[game]:
            return f"f{slot}"
        raise NotationError(f"no foundation {t} (slots are f1-f{N_SLOTS[game]})")
    if len(t) == 1 and t in CELL_NAMES:
        if game == SEAHAVEN and CELL_NAMES.index(t) < cells:
            return t
        if game == EASY_HARP:
            raise NotationError(f"Easy Harp has no cell {t!r}")
        raise NotationError(f"no cell {t!r} with {cells} cell{'s' if cells > 1 else ''} "
                            f"(cells are {', '.join(CELL_NAMES[:cells])})")
    raise NotationError(f"unknown location {text!r}")


def _parse_standard(t: str, game: str, cells: int) -> Action | None:
    """FreeCell standard notation, Seahaven only (``3a``, ``ah``, ``101``, ``94v3``)."""
    m = _STANDARD_RE.fullmatch(t)
    if m is None:
        return None
    src = parse_location(m[1], game, cells)
    dst = parse_location(m[2], game, cells)
    count = int(m[3], 16) if m[3] else None
    if count == 0:
        raise NotationError(f"{t!r}: a move of 0 cards")
    return move(src, dst, count)


def _parse(token: str, game: str, cells: int) -> Action:
    t = token.lower()
    if t == "d":
        return DRAW_ACTION
    if t == "u":
        return UNDO_ACTION
    if t.startswith("tt") and len(t) > 2:
        return double_tap(parse_location(t[2:], game, cells))
    if t.startswith("t") and len(t) > 1:
        return tap(parse_location(t[1:], game, cells))
    m = _MOVE_RE.fullmatch(t)
    if m is not None:
        count = int(m[1]) if m[1] else None
        if count == 0:
            raise NotationError(f"{token!r}: a move of 0 cards")
        return move(parse_location(m[2], game, cells), parse_location(m[3], game, cells), count)
    if game == SEAHAVEN:
        standard = _parse_standard(t, game, cells)
        if standard is not None:
            return standard
    raise NotationError(f"cannot read {token!r}: expected X>Y, N:X>Y, d, tX, ttX or u")


def parse_action(token: str, game: str, cells: int = 0) -> Action:
    """One token of RULES B7 as an :class:`Action`, for ``game`` (EH or SH)."""
    key = (game, cells, token)
    found = _CACHE.get(key)
    if found is None:
        try:
            found = _parse(token, game, cells)
        except NotationError as err:
            raise NotationError(f"{token!r}: {err}" if token not in str(err) else str(err)) from None
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def tokenize(text: str) -> Iterator[tuple[str, int]]:
    """Tokens of a script with their line numbers: white space or commas
    separate tokens, ``#`` starts a comment to the end of the line."""
    for line_no, line in enumerate(text.splitlines(), 1):
        hash_at = line.find("#")
        if hash_at >= 0:
            line = line[:hash_at]
        for token in line.replace(",", " ").split():
            yield token, line_no


def parse_script(text: str, game: str, cells: int = 0) -> list[Action]:
    """Every action of a script; a NotationError names the action's number."""
    multiline = "\n" in text.strip()
    actions = []
    for number, (token, line) in enumerate(tokenize(text), 1):
        try:
            actions.append(parse_action(token, game, cells))
        except NotationError as err:
            raise err.at(number, token, line if multiline else None) from None
    return actions
