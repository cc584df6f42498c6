"""Cards, ranks, suits and colours (RULES, preamble).

A card is a plain ``int`` in ``0..51``: ``rank * 4 + suit``, with ranks
``0`` (ace) to ``12`` (king) and suits in the order of the shuffle of
RULES B2: clubs, diamonds, hearts, spades.  Plain ints keep the engine's
hot paths (move application, legal-action generation) fast; this module
is the only place that knows how to turn them into text and back.
"""
from __future__ import annotations

from typing import Final

from .errors import NotationError, clip

Card = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
# (Final: the solver's compiled build puts them into its code as numbers)
KING: Final = 12
ACE: Final = 0

#: Foundation order of RULES B5: spades, hearts, diamonds, clubs.
FOUNDATION_SUITS: tuple[int, ...] = (SPADES, HEARTS, DIAMONDS, CLUBS)

_SYMBOL_TO_SUIT = {"♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
                   "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS}


def make_card(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def is_red(card: Card) -> bool:
    """Hearts and diamonds are red (suits 1 and 2)."""
    return 0 < (card & 3) < 3


#: Every card's name (``card_str``), by card.
CARD_NAMES: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_CHARS)
_CARD_SYMBOLS: tuple[str, ...] = tuple(r + s for r in RANK_CHARS for s in SUIT_SYMBOLS)


def card_str(card: Card) -> str:
    """``TH``, ``AS``: rank then suit letter, ``T`` for ten.  ValueError
    for a number that is no card (0-51), TypeError for a non-``int``."""
    # (a table look-up behind one test: no dearer than the arithmetic was)
    if type(card) is int and 0 <= card < 52:
        return CARD_NAMES[card]
    return CARD_NAMES[_checked(card)]


def card_symbol(card: Card) -> str:
    """``T♥``: rank then Unicode suit; errors as :func:`card_str`."""
    if type(card) is int and 0 <= card < 52:
        return _CARD_SYMBOLS[card]
    return _CARD_SYMBOLS[_checked(card)]


def _checked(card: object) -> int:
    """``card`` as a plain int if it is an int 0-51 (an IntEnum too, a
    bool not), else the error saying why not."""
    if not isinstance(card, int) or isinstance(card, bool):
        raise TypeError(f"a card is an int 0-51 (rank * 4 + suit), not {type(card).__name__} "
                        f"({clip(repr(card))})")
    if not 0 <= card < 52:
        shown = str(int(card)) if abs(card) < 10**18 else f"of {card.bit_length()} bits"
        raise ValueError(f"card {shown} is out of range 0-51 (a card is rank * 4 + suit)")
    return int(card)


def parse_card(text: str) -> Card:
    """Parse ``TH``, ``10h``, ``T♥``, ``k♣`` (any case) into a card;
    NotationError if it is not one, TypeError for a non-``str``."""
    if not isinstance(text, str):
        raise TypeError(f"a card is written as a str such as 'TH', not {type(text).__name__}")
    t = text.strip()
    if len(t) < 2:
        raise NotationError(f"not a card: {clip(text)!r} (write rank then suit, e.g. TH)")
    rank_text, suit_text = t[:-1].upper(), t[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise NotationError(f"not a card: {clip(text)!r} (unknown rank {clip(t[:-1])!r})")
    if suit_text in _SYMBOL_TO_SUIT:
        suit = _SYMBOL_TO_SUIT[suit_text]
    elif suit_text.upper() in SUIT_CHARS:
        suit = SUIT_CHARS.index(suit_text.upper())
    else:
        raise NotationError(f"not a card: {clip(text)!r} (unknown suit {suit_text!r})")
    return make_card(RANK_CHARS.index(rank_text), suit)
