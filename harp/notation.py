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

from .actions import DRAW_ACTION, MAX_COUNT, PLACES, UNDO_ACTION, Action, double_tap, move, tap
from .deals import EASY_HARP, SEAHAVEN, check_cells, game_id
from .errors import NotationError, clip, quoted

#: Columns and foundation slots per game (RULES A1.1, A2.2).
N_COLUMNS = {EASY_HARP: 9, SEAHAVEN: 10}
N_SLOTS = {EASY_HARP: 8, SEAHAVEN: 4}
CELL_NAMES = "abcd"

_MOVE_RE = re.compile(r"(?:([0-9]+):)?([^>:]+)>([^>:]+)")
# FreeCell standard notation (RULES B7): source and destination written
# together; "10" is tried before "1" so that "101" reads column 10 -> 1.
_STANDARD_RE = re.compile(r"(10|[1-9]|[a-d])(10|[1-9]|[a-dhf])(?:v([0-9a-f]+))?")
_CACHE: dict[tuple[str, int, str], Action] = {}
_CACHE_LIMIT = 20_000
#: More digits than any column, slot or card count has: read as text, not as a number.
_MAX_DIGITS = 3


def _digits(text: str) -> bool:
    """Whether ``text`` is a number written with the digits 0-9 (RULES C6);
    ``str.isdigit`` alone also accepts ``²`` and ``٣``, which ``int`` cannot
    read or reads as another number."""
    return text.isascii() and text.isdigit()


def game_and_cells(game: str, cells: int | None) -> tuple[str, int]:
    """The game (``"EH"``/``"SH"``, any case) and its cells as the
    notation reads them, checked as :func:`harp.deals.check_cells` does:
    Seahaven has 4, 2 or 1 (None: 4), Easy Harp none (0, None, or 4, the
    default of ``make_code``).  InvalidCodeError for a game or a count of cells that
    names no variant (RULES B1), TypeError for a wrong type."""
    game = game_id(game)
    if cells is None:
        cells = 4 if game == SEAHAVEN else 0
    return game, check_cells(game, cells)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is a str of notation (RULES B7), not {type(value).__name__}")
    return value


def parse_location(text: str, game: str, cells: int | None = None) -> str:
    """Canonical name of a location (RULES B7) or NotationError; ``game``
    and ``cells`` as :func:`parse_action`."""
    game, cells = game_and_cells(game, cells)
    return _location(_text(text, "a location"), game, cells)


def _location(text: str, game: str, cells: int) -> str:
    """:func:`parse_location` of a checked game and cells."""
    t = text.lower()
    if not t.isascii() and any(ch.isdigit() for ch in t):
        raise NotationError(f"{quoted(text)} is not a location: write numbers with the "
                            "digits 0-9 (RULES C6)")
    if _digits(t):
        number = int(t) if len(t) <= _MAX_DIGITS else 0
        if 1 <= number <= N_COLUMNS[game]:
            return str(number)
        raise NotationError(f"no column {clip(t)} (columns are 1-{N_COLUMNS[game]})")
    if t == "w":
        if game == EASY_HARP:
            return "w"
        raise NotationError("Seahaven Towers has no waste 'w'")
    if t in ("f", "h"):
        return "f"
    if t[:1] in ("f", "h") and _digits(t[1:]):
        slot = int(t[1:]) if len(t) <= _MAX_DIGITS + 1 else 0
        if 1 <= slot <= N_SLOTS[game]:
            return f"f{slot}"
        raise NotationError(f"no foundation {clip(t)} (slots are f1-f{N_SLOTS[game]})")
    if len(t) == 1 and t in CELL_NAMES:
        if game == SEAHAVEN and CELL_NAMES.index(t) < cells:
            return t
        if game == EASY_HARP:
            raise NotationError(f"Easy Harp has no cell {t!r}")
        # The variant fixes the cells (RULES A2.7): those removed are not on the table.
        names = " and ".join(CELL_NAMES[:cells])
        raise NotationError(f"no cell {t!r}: Seahaven with {cells} cell{'s' * (cells > 1)} has "
                            f"only {'cells' if cells > 1 else 'cell'} {names} (RULES A2.7)")
    raise NotationError(f"unknown location {quoted(text)}")


_PLACES: dict[tuple[str, int], frozenset[str]] = {}


def game_places(game: str, cells: int = 0) -> frozenset[str]:
    """The places of ``game`` with ``cells`` cells, as notation writes them:
    those of :data:`~harp.actions.PLACES` that :func:`parse_location` reads
    as themselves; ``game`` (EH or SH, any case) and ``cells`` as
    :func:`parse_action` takes them."""
    key = (game, cells)
    found = _PLACES.get(key)
    if found is None:
        # Only a checked game and cells reach the cache, as in parse_action.
        checked_game, checked_cells = game_and_cells(game, cells)
        found = _PLACES[key] = frozenset(place for place in PLACES
                                         if _reads_as_itself(place, checked_game, checked_cells))
    return found


def _reads_as_itself(place: str, game: str, cells: int) -> bool:
    try:
        return _location(place, game, cells) == place
    except NotationError:
        return False


def _parse_standard(t: str, game: str, cells: int) -> Action | None:
    """FreeCell standard notation, Seahaven only (``3a``, ``ah``, ``101``, ``94v3``)."""
    m = _STANDARD_RE.fullmatch(t)
    if m is None:
        return None
    src = _location(m[1], game, cells)
    dst = _location(m[2], game, cells)
    count = _count(m[3], 16, t)
    return move(src, dst, count)


def _count(digits: str | None, base: int, token: str) -> int | None:
    """The card count of ``N:X>Y`` (or of standard ``vN``), None if not given."""
    if digits is None:
        return None
    if len(digits) > _MAX_DIGITS or not 1 <= int(digits, base) <= MAX_COUNT:
        # After v the count is hexadecimal (Freecell Solver's notation):
        # the message writes it, and the most, as the notation does.
        hexadecimal = base == 16
        written = f"v{clip(digits, 8)}" if hexadecimal else clip(digits, 8)
        most = f"{MAX_COUNT} (v{MAX_COUNT:x})" if hexadecimal else str(MAX_COUNT)
        why = ("a move takes at least one card" if not digits.strip("0")
               else f"a count is at most {most}")
        raise NotationError(f"{quoted(token)}: a move of {written} cards: {why} (RULES B7)")
    return int(digits, base)


def _parse(token: str, game: str, cells: int) -> Action:
    t = token.lower()
    if t == "d":
        return DRAW_ACTION
    if t == "u":
        return UNDO_ACTION
    if t.startswith("tt") and len(t) > 2:
        return double_tap(_location(t[2:], game, cells))
    if t.startswith("t") and len(t) > 1:
        return tap(_location(t[1:], game, cells))
    m = _MOVE_RE.fullmatch(t)
    if m is not None:
        count = _count(m[1], 10, token)
        return move(_location(m[2], game, cells), _location(m[3], game, cells), count)
    if game == SEAHAVEN:
        standard = _parse_standard(t, game, cells)
        if standard is not None:
            return standard
    raise NotationError(f"cannot read {quoted(token)}: expected X>Y, N:X>Y, d, tX, ttX or u")


def parse_action(token: str, game: str, cells: int | None = None) -> Action:
    """One token of RULES B7 as an :class:`Action`, for ``game`` (EH or SH,
    any case) with ``cells`` cells (Seahaven: 4, 2 or 1, None: 4; Easy
    Harp: 0).  NotationError for a token that cannot be read;
    InvalidCodeError for a game or cells that name no variant (RULES B1);
    TypeError for a value of another type."""
    if token.__class__ is not str or cells.__class__ is not int:
        # (the common case, a str and an int, pays two checks: a board
        # parses every token of a script here)
        _text(token, "an action")
        if cells is not None and type(cells) is not int:
            game_and_cells(game, cells)         # (raises the TypeError)
    key = (game, cells, token)
    found = _CACHE.get(key)
    if found is None:
        # Only a checked game and cells reach the cache: a hit is valid.
        checked_game, checked_cells = game_and_cells(game, cells)
        try:
            found = _parse(token, checked_game, checked_cells)
        except NotationError as err:
            shown = quoted(token)
            raise NotationError(f"{shown}: {err}" if shown not in str(err) else str(err)) from None
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = found
    return found


#: A line end in a script: ``\n``, ``\r\n`` or ``\r``, as in a record
#: file (RULES B8).  Not the other breaks ``str.splitlines`` knows (form
#: feed, U+2028, ...): those are white space between tokens, so a comment
#: runs past them wherever the script comes from.
LINE_END = re.compile(r"\r\n|\r|\n")


def script_lines(text: str) -> list[str]:
    """The lines of a script, cut at :data:`LINE_END` (a last line end
    starts no line)."""
    lines = LINE_END.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


def uncommented_lines(text: str) -> Iterator[str]:
    """The lines of a script, each without its comment (``#`` to the end
    of the line, RULES B7)."""
    for line in script_lines(text):
        hash_at = line.find("#")
        yield line[:hash_at] if hash_at >= 0 else line


def tokenize(text: str) -> Iterator[tuple[str, int]]:
    """Tokens of a script with their line numbers: white space or commas
    separate tokens, ``#`` starts a comment to the end of the line."""
    for line_no, line in enumerate(uncommented_lines(text), 1):
        for token in line.replace(",", " ").split():
            yield token, line_no


def script_tokens(text: str, first_line: int = 1) -> Iterator[tuple[int, str, int | None]]:
    """The tokens of a script numbered from 1, each with the line an error
    should name: its line in the file (``first_line`` is the file line of
    the script's first line), or None for a one-line script typed alone."""
    multiline = "\n" in text.strip() or first_line != 1
    for number, (token, line) in enumerate(tokenize(text), 1):
        yield number, token, (line + first_line - 1 if multiline else None)


def count_actions(text: str) -> int:
    """How many actions a script has (tokens, whether or not they parse)."""
    return sum(1 for _ in tokenize(text))


def parse_script(text: str, game: str, cells: int | None = None) -> list[Action]:
    """Every action of a script (``game`` and ``cells`` as
    :func:`parse_action`); a NotationError names the action's number."""
    _text(text, "a script")
    game_and_cells(game, cells)
    actions = []
    for number, token, line in script_tokens(text):
        try:
            actions.append(parse_action(token, game, cells))
        except NotationError as err:
            raise err.at(number, token, line) from None
    return actions
