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


def card_str(card: Card) -> str:
    """``TH``, ``AS``: rank then suit letter, ``T`` for ten."""
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def card_symbol(card: Card) -> str:
    """``T♥``: rank then Unicode suit."""
    return RANK_CHARS[card >> 2] + SUIT_SYMBOLS[card & 3]


CARD_NAMES: tuple[str, ...] = tuple(card_str(c) for c in range(52))


def parse_card(text: str) -> Card:
    """Parse ``TH``, ``10h``, ``T♥``, ``k♣`` (any case) into a card."""
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
