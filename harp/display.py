"""What an output can display: which characters, and whether colour.

harp writes suit symbols (``♠ ♥ ♦ ♣``), typographic marks of the rule book
(``–``, ``…``, ``×``) and histogram bars.  An output encoding such as
Latin-1, cp1252 (Windows consoles and files) or ASCII lacks some of them:
boards then use suit letters (``T♥`` becomes ``TH``, as with ``--ascii``),
and any other character becomes an ASCII stand-in, so that nothing is
lost and nothing raises ``UnicodeEncodeError``.

Colour (red suits) is for a terminal that shows it: never with ``NO_COLOR``
set (no-color.org) nor with ``TERM=dumb``.

Pure functions: the command line passes what it knows of its streams.
"""
from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Mapping

from .cards import SUIT_CHARS, SUIT_SYMBOLS

#: Name of the codec error handler that writes :data:`STAND_INS`.
ERROR_HANDLER = "harp-stand-in"

#: ASCII for every non-ASCII character harp's own text uses.
STAND_INS: dict[str, str] = {
    **dict(zip(SUIT_SYMBOLS, SUIT_CHARS)),
    **dict(zip("♧♢♡♤", SUIT_CHARS)),                # the outlined suits parse_card reads
    "–": "-", "—": "--", "−": "-", "…": "...", "×": "x", "→": "->", "·": ".",
    "‘": "'", "’": "'", "“": '"', "”": '"',
    **dict(zip("▁▂▃▄▅▆▇█", "_.:-=+*#")),          # histogram bars, lowest to highest
    # A table's bar ends in an eighth block (cli/fit.py EIGHTHS): one
    # character each, so the bar keeps its width and the columns after it
    # stay in place, rounded as a bar of whole characters would be: under
    # half a character ``|`` (shown, as any fraction above 0 is), half or
    # more ``#`` (the full block's stand-in).
    **dict(zip("▏▎▍▌▋▊▉", "|||####")),
}


#: A card named in letters (``7H``), as the engine's messages name them.
_CARD_NAME = re.compile(r"\b([A2-9TJQK])([CDHS])\b")
_LETTERS = str.maketrans(dict(zip(SUIT_SYMBOLS, SUIT_CHARS)))


def with_suit_symbols(text: str) -> str:
    """Text with its cards named as a board with suit symbols shows them:
    ``7H cannot go on 8D`` as ``7♥ cannot go on 8♦``.

    >>> with_suit_symbols("7H cannot go on 8D (RULES A1.6)")
    '7♥ cannot go on 8♦ (RULES A1.6)'
    """
    return _CARD_NAME.sub(lambda m: m[1] + SUIT_SYMBOLS[SUIT_CHARS.index(m[2])], text)


def with_suit_letters(text: str) -> str:
    """Text with its suit symbols as letters, as a board in letters shows
    them (the rule book's ``7♥ goes only on 8♥`` as ``7H goes only on 8H``).

    >>> with_suit_letters("7♥ goes only on 8♥")
    '7H goes only on 8H'
    """
    return text.translate(_LETTERS)


def can_show(text: str, encoding: str | None) -> bool:
    """Whether ``text`` can be written in ``encoding`` as it is; an unknown
    or missing encoding counts as ASCII."""
    try:
        text.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return text.isascii()
    return True


def suits_fit(encoding: str | None) -> bool:
    """Whether ``encoding`` can show the four suit symbols (boards use them,
    else suit letters)."""
    return can_show(SUIT_SYMBOLS, encoding)


def stand_in(char: str) -> str:
    """ASCII for one character: its stand-in, else its Python escape
    (``\\u0131``), which names it exactly."""
    if char.isascii():
        return char
    return STAND_INS.get(char) or char.encode("ascii", "backslashreplace").decode("ascii")


def stand_in_errors(err: UnicodeError) -> tuple[str, int]:
    """A codec error handler (``codecs.register_error``): the characters an
    encoder refused, as their stand-ins."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    return "".join(stand_in(ch) for ch in err.object[err.start:err.end]), err.end


def register_stand_ins() -> str:
    """Register :func:`stand_in_errors` as the codec error handler
    :data:`ERROR_HANDLER` and return its name (for ``errors=``)."""
    codecs.register_error(ERROR_HANDLER, stand_in_errors)
    return ERROR_HANDLER


def color_wanted(tty: bool, environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether to colour an output: a terminal (``tty``) whose environment
    sets no ``NO_COLOR`` and whose ``TERM`` says what it is and is not
    ``dumb``: a terminal that sets no ``TERM`` may take no escape sequence.
    Windows' console sets none and needs none."""
    term = environ.get("TERM", "")
    return (tty and not environ.get("NO_COLOR") and term != "dumb"
            and (bool(term) or platform == "win32"))
