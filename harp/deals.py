"""Deal codes, the shuffle and the opening layouts (RULES B1-B4).

A deal is fixed by its code, ``<GAME><VERSION>-<VARIANT>-<PAYLOAD>``:
``EH1-N-AAAAAAF`` is Easy Harp deal 5, ``SH1-C4-AAAAAJ2`` Seahaven Towers
deal 314 with 4 cells.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import random as _random
import re
from dataclasses import dataclass

from .cards import Card
from .errors import InvalidCodeError, clip, number_text, quoted

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
PAYLOAD_LENGTH = 7
MAX_DEAL = 999_999
VERSION = 1

EASY_HARP = "EH"
SEAHAVEN = "SH"
GAMES = (EASY_HARP, SEAHAVEN)
#: Variants per game (RULES B1): Easy Harp has only N; Seahaven names its cells.
VARIANTS: dict[str, tuple[str, ...]] = {EASY_HARP: ("N",), SEAHAVEN: ("C4", "C2", "C1")}
GAME_NAMES = {EASY_HARP: "Easy Harp", SEAHAVEN: "Seahaven Towers"}

_DIGIT = {ch: i for i, ch in enumerate(ALPHABET)}


@dataclass(frozen=True)
class DealCode:
    """A parsed deal code.  ``str()`` prints the canonical upper-case code.

    Made from its fields, checked: a game and its variant as codes print
    them (``"SH"``, ``"C4"``; RULES B1), a deal number and version 1, else
    InvalidCodeError; TypeError for a field of the wrong type (game and
    variant are ``str``, number and version ``int``, not ``bool``)."""

    game: str
    variant: str
    number: int
    version: int = VERSION

    def __post_init__(self) -> None:
        if not isinstance(self.game, str):
            raise TypeError(f"a game is 'EH' or 'SH' (a str), not {type(self.game).__name__}")
        if self.game not in GAMES:
            raise InvalidCodeError(f"unknown game {clip(str(self.game))!r} (expected EH or SH)")
        if not isinstance(self.variant, str):
            raise TypeError(f"a variant is a str ({' or '.join(VARIANTS[self.game])} for "
                            f"{self.game}), not {type(self.variant).__name__}")
        if self.variant not in VARIANTS[self.game]:
            raise InvalidCodeError(
                f"unknown variant {clip(str(self.variant))!r} for {self.game} "
                f"(expected {' or '.join(VARIANTS[self.game])})")
        if type(self.version) is not int:
            raise TypeError(f"a dealing version is an int ({VERSION}), not "
                            f"{type(self.version).__name__} ({clip(repr(self.version))})")
        if self.version != VERSION:
            raise InvalidCodeError(f"unknown dealing version {number_text(self.version)} "
                                   "(only version 1 exists)")
        check_deal_number(self.number)

    @property
    def cells(self) -> int:
        """Number of cells: 4, 2 or 1 for Seahaven, 0 for Easy Harp."""
        return int(self.variant[1:]) if self.game == SEAHAVEN else 0

    @property
    def payload(self) -> str:
        return encode_number(self.number)

    def __str__(self) -> str:
        return f"{self.game}{self.version}-{self.variant}-{self.payload}"

    @classmethod
    def parse(cls, text: str) -> DealCode:
        return parse_code(text)


def check_deal_number(number: int) -> int:
    """``number`` if it is a deal number (1 to 999 999, RULES B1), else
    InvalidCodeError; TypeError if it is not an ``int`` (a ``float`` such as
    5.0 or a ``bool`` names no deal)."""
    if type(number) is not int:
        raise TypeError(f"a deal number is an int, not {type(number).__name__} "
                        f"({clip(repr(number))})")
    if not 1 <= number <= MAX_DEAL:
        raise InvalidCodeError(f"deal number {number_text(number)} is out of range 1-{MAX_DEAL}")
    return number


def parse_deal_number(text: str) -> int:
    """A deal number written with the ASCII digits 0-9 only (RULES C6), in
    range (RULES B1); never converts a huge digit string."""
    digits = text.strip()
    negative = digits[1:]
    if digits.startswith("-") and negative.isascii() and negative.isdigit():   # below the range
        raise InvalidCodeError(f"deal number {clip(digits)} is out of range 1-{MAX_DEAL}")
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise InvalidCodeError(f"{quoted(text)} is not a deal number "
                               "(write it with the digits 0-9, RULES C6)")
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_DEAL)):
        raise InvalidCodeError(f"deal number {clip(digits)} is out of range 1-{MAX_DEAL}")
    return check_deal_number(int(significant or "0"))    # int() refuses 4 300+ digits


def encode_number(number: int) -> str:
    """Deal number to the 7-digit base-32 payload (RULES B1): 5 -> ``AAAAAAF``."""
    check_deal_number(number)
    digits = []
    for _ in range(PAYLOAD_LENGTH):
        number, digit = divmod(number, 32)
        digits.append(ALPHABET[digit])
    return "".join(reversed(digits))


def decode_payload(payload: str) -> int:
    """The 7-digit base-32 payload to a deal number, validated: exactly 7
    ASCII characters of the alphabet, in any letter case (RULES B1, C6)."""
    named = quoted(payload)
    for ch in payload:
        # Only ASCII is upper-cased: 'ß'.upper() is 'SS', 'ı'.upper() is 'I' (RULES C6).
        if not (ch.isascii() and ch.upper() in _DIGIT):
            rule = "B1" if ch.isascii() else "C6"
            raise InvalidCodeError(
                f"payload {named} has the character {quoted(ch)}, not in A-Z 2-7 (RULES {rule})")
    if len(payload) != PAYLOAD_LENGTH:
        raise InvalidCodeError(f"payload {named} has {len(payload)} characters, "
                               f"expected {PAYLOAD_LENGTH} (RULES B1)")
    number = 0
    for ch in payload.upper():
        number = number * 32 + _DIGIT[ch]
    if not 1 <= number <= MAX_DEAL:
        raise InvalidCodeError(f"payload {named} is deal {number}, out of range 1-{MAX_DEAL}")
    return number


#: The version of a code: ASCII digits, at most this many (RULES C6).
_MAX_VERSION_DIGITS = 9


def variant_name(game: str, cells: int = 4) -> str:
    """A variant's name in codes (RULES B1): ``N`` for Easy Harp, ``C4``,
    ``C2`` or ``C1`` for Seahaven with that many cells."""
    return "N" if game.upper() == EASY_HARP else f"C{cells}"


def game_id(game: str) -> str:
    """A game id (``"EH"`` or ``"SH"``, any letter case) in upper case
    (RULES B1); InvalidCodeError for another name, TypeError for a value
    that is not a ``str``."""
    if not isinstance(game, str):
        raise TypeError(f"a game is 'EH' or 'SH' (a str), not {type(game).__name__}")
    upper = game.upper() if game.isascii() else game
    if upper not in GAMES:
        raise InvalidCodeError(f"unknown game {quoted(game)} (expected EH or SH, RULES B1)")
    return upper


def check_cells(game: str, cells: int) -> int:
    """``cells`` if ``game`` (an upper-case id) has that many cells: 4, 2
    or 1 for Seahaven (RULES A2.2, B1); for Easy Harp, which has none, 0 or
    4 (the default of :func:`make_code`, which the command line passes for
    either game).  InvalidCodeError otherwise; TypeError for a value that
    is not an ``int`` (a ``bool`` or ``"4"`` names no variant)."""
    if type(cells) is not int:
        raise TypeError(f"cells is an int (4, 2 or 1 for Seahaven), not {type(cells).__name__} "
                        f"({clip(repr(cells))})")
    if game == EASY_HARP:
        if cells not in (0, 4):
            raise InvalidCodeError(f"Easy Harp has no cells (RULES A1.1): cells={number_text(cells)} "
                                   "goes only with Seahaven (SH)")
    elif cells not in (4, 2, 1):
        raise InvalidCodeError(f"Seahaven has 4, 2 or 1 cells, not {number_text(cells)} (RULES B1)")
    return cells


def make_code(game: str, number: int, cells: int = 4) -> DealCode:
    """The code of deal ``number`` of ``game`` (``"EH"``/``"SH"``, any case),
    with ``cells`` cells for Seahaven (4, 2 or 1); Easy Harp has no cells,
    so cells other than the default are refused for it."""
    game = game_id(game)
    return DealCode(game, variant_name(game, check_cells(game, cells)), number)


def deal_code(code: DealCode | str) -> DealCode:
    """``code`` as a DealCode: a DealCode itself, or a ``str`` parsed
    (InvalidCodeError); TypeError for anything else."""
    if isinstance(code, DealCode):
        return code
    if isinstance(code, str):
        return parse_code(code)
    hint = ": decode it first" if isinstance(code, (bytes, bytearray)) else ""
    raise TypeError(f"a deal code is a str such as 'EH1-N-AAAAAAF' or a DealCode, "
                    f"not {type(code).__name__}{hint}")


def parse_code(text: str) -> DealCode:
    """Parse a deal code in any letter case; raise InvalidCodeError saying why not."""
    if not isinstance(text, str):
        raise TypeError(f"a deal code is a str such as 'EH1-N-AAAAAAF', not {type(text).__name__}")
    raw = text.strip()
    named = quoted(raw)
    parts = raw.split("-")
    if len(parts) != 3:
        raise InvalidCodeError(
            f"invalid deal code {named}: expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF")
    head, variant, payload = parts
    if not (head.isascii() and variant.isascii()):
        # Codes are ASCII (RULES C6): no look-alike letters or digits.
        raise InvalidCodeError(f"invalid deal code {named}: not ASCII (RULES C6)")
    game, version_text = head[:2].upper(), head[2:]
    if game not in GAMES:
        raise InvalidCodeError(
            f"invalid deal code {named}: unknown game {quoted(head[:2])} (expected EH or SH)")
    if not version_text.isdigit():
        raise InvalidCodeError(f"invalid deal code {named}: no version number after {game}")
    try:
        if len(version_text.lstrip("0")) > _MAX_VERSION_DIGITS:
            raise InvalidCodeError(f"unknown dealing version {clip(version_text)} "
                                   f"(only version {VERSION} exists)")
        # (Leading zeros cut first: int() refuses a text of over 4 300 digits.)
        return DealCode(game, variant.upper(), decode_payload(payload),
                        int(version_text.lstrip("0") or "0"))
    except InvalidCodeError as err:
        raise InvalidCodeError(f"invalid deal code {named}: {err}") from None


# ---------------------------------------------------------------- shuffle (B2)

def shuffle(number: int, n_cards: int) -> list[Card]:
    """The deal sequence s[0..n-1] of RULES B2 (Microsoft FreeCell, widened)."""
    deck = list(range(n_cards))
    out = []
    append = out.append
    state = number
    for size in range(n_cards, 0, -1):          # size = n - i
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = (state >> 16) % size
        append(deck[j])
        deck[j] = deck[size - 1]
    if n_cards == 52:
        return out
    return [v % 52 for v in out]


# ---------------------------------------------------------------- layouts (B3)

@dataclass(frozen=True)
class SeahavenLayout:
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]


@dataclass(frozen=True)
class EasyHarpLayout:
    columns: tuple[tuple[Card, ...], ...]   # bottom to top; only the top is face up
    stock: tuple[Card, ...]                  # first drawn first


def seahaven_layout(number: int, cells: int = 4) -> SeahavenLayout:
    """Columns and cells of RULES B3 / A2.7 for 4, 2 or 1 cells."""
    if cells not in (4, 2, 1):
        raise InvalidCodeError(f"Seahaven has 4, 2 or 1 cells, not {cells}")
    s = shuffle(number, 52)
    columns = [[s[c + 10 * r] for r in range(5)] for c in range(10)]
    cell_cards: list[Card | None] = [None] * cells
    cell_cards[0] = s[50]
    if cells == 1:
        columns[1].append(s[51])
    else:
        cell_cards[1] = s[51]
    return SeahavenLayout(tuple(tuple(col) for col in columns), tuple(cell_cards))


def easy_harp_layout(number: int) -> EasyHarpLayout:
    """Nine Klondike-style columns of 1..9 cards and a 59-card stock (RULES B3)."""
    s = shuffle(number, 104)
    # Row r deals to columns r+1..9, so column c (0-based) receives, in
    # row r <= c, card number sum_{q<r}(9-q) + (c-r) of the sequence.
    columns = tuple(tuple(s[_ROW_START[r] + c - r] for r in range(c + 1)) for c in range(9))
    return EasyHarpLayout(columns, tuple(s[45:]))


_ROW_START = [sum(9 - q for q in range(r)) for r in range(9)]


# ---------------------------------------------------------------- choosing deals (A1.10, B4)

#: A date as RULES B4 writes it.
_DATE_SHAPE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def date_text(date: _dt.date | str | None = None) -> str:
    """The date of a daily deal written ``YYYY-MM-DD`` (RULES B4): today's
    (the local date) when None; a ``datetime`` is taken as its date, its
    time of day left out; a ``str`` must be a real date written so
    (InvalidCodeError otherwise, never another deal); TypeError for
    anything else."""
    if date is None:
        return _dt.date.today().isoformat()
    if isinstance(date, _dt.datetime):
        return date.date().isoformat()
    if isinstance(date, _dt.date):
        return date.isoformat()
    if not isinstance(date, str):
        raise TypeError(f"a date is a datetime.date or a str YYYY-MM-DD, "
                        f"not {type(date).__name__}")
    if not (date.isascii() and _DATE_SHAPE.fullmatch(date)):
        raise InvalidCodeError(f"{quoted(date)} is not a date: write it YYYY-MM-DD, "
                               "e.g. 2026-11-29 (RULES B4)")
    try:
        _dt.date(int(date[:4]), int(date[5:7]), int(date[8:]))
    except ValueError as err:
        raise InvalidCodeError(f"{date} is not a real date: {err} (RULES B4)") from None
    return date


def daily_number(prefix: str, date: _dt.date | str | None = None) -> int:
    """Deal number of the daily deal of RULES B4 for ``EH1`` or ``SH1``, on
    ``date`` (see :func:`date_text`)."""
    text = date_text(date)
    digest = hashlib.sha256(f"{prefix}:{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_DEAL + 1


def daily_code(game: str, date: _dt.date | str | None = None, cells: int = 4) -> DealCode:
    """The daily deal of ``game`` (RULES B4) on ``date``: a ``datetime.date``
    (a ``datetime`` is taken as its date), a ``str`` written ``YYYY-MM-DD``,
    or today (None); a string that is not such a date is InvalidCodeError."""
    game = game_id(game)
    check_cells(game, cells)
    return make_code(game, daily_number(f"{game}{VERSION}", date), cells)


def random_code(game: str, cells: int = 4, rng: _random.Random | None = None) -> DealCode:
    """A deal of ``game`` chosen by ``rng`` (a ``random.Random``; None: a
    fresh one), with ``cells`` as :func:`make_code`."""
    game = game_id(game)
    check_cells(game, cells)
    if rng is None:
        rng = _random.Random()
    elif not isinstance(rng, _random.Random):
        raise TypeError(f"rng is a random.Random (e.g. random.Random(seed)) or None, "
                        f"not {type(rng).__name__}")
    return make_code(game, rng.randint(1, MAX_DEAL), cells)
