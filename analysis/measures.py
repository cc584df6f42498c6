"""Per-deal facts read from the opening layout (``harp stats``).

Every measure is a small whole number a player can check by looking at the
deal; docs/batch.md ("The measures") explains each one.  Cards are the
engine's ints (rank * 4 + suit, RULES B2); columns are bottom to top.

Easy Harp (RULES A1, B3): nine columns of 1..9 cards, only the top card
face up, and a 59-card stock drawn first to last.
Seahaven (RULES A2, B3): ten face-up columns, 2 dealt cards in the cells
(with 1 cell, the second goes on column 2).
"""
from __future__ import annotations

from collections.abc import Sequence

from harp import new_board
from harp.deals import EASY_HARP, DealCode, easy_harp_layout, seahaven_layout

ACE, KING = 0, 12

#: Measure names in table order, per game.
EASY_HARP_MEASURES = ("aces_in_columns", "aces_face_up", "face_down_over_aces",
                      "deepest_ace", "first_ace_draw", "kings_over_cards",
                      "cards_under_kings", "opening_moves")
SEAHAVEN_MEASURES = ("aces_exposed", "cards_over_aces", "deepest_ace", "quick_foundation",
                     "kings_over_cards", "cards_under_kings", "same_suit_blocks",
                     "ready_pairs", "opening_moves")
MEASURES = {EASY_HARP: EASY_HARP_MEASURES, "SH": SEAHAVEN_MEASURES}


def rank(card: int) -> int:
    return card >> 2


def suit(card: int) -> int:
    return card & 3


def deal_facts(code: DealCode) -> dict[str, int]:
    """The layout measures of one deal, by name (see EASY_HARP_MEASURES /
    SEAHAVEN_MEASURES for the order)."""
    if code.game == EASY_HARP:
        facts = easy_harp_facts(code.number)
    else:
        facts = seahaven_facts(code.number, code.cells)
    facts["opening_moves"] = opening_moves(code)
    return facts


def opening_moves(code: DealCode) -> int:
    """Legal moves at the start, draws not counted (the engine's legal actions)."""
    board = new_board(code)
    return sum(1 for action in board.legal_actions if str(action) != "d")


# ------------------------------------------------------------------ Easy Harp

def easy_harp_facts(number: int) -> dict[str, int]:
    layout = easy_harp_layout(number)
    columns, stock = layout.columns, layout.stock
    over_aces = [_face_down_above(col, i) for col in columns
                 for i, card in enumerate(col) if rank(card) == ACE]
    stock_aces = [i + 1 for i, card in enumerate(stock) if rank(card) == ACE]
    return {
        "aces_in_columns": len(over_aces),
        "aces_face_up": sum(1 for col in columns if rank(col[-1]) == ACE),
        "face_down_over_aces": sum(over_aces),
        "deepest_ace": max(over_aces, default=0),
        "first_ace_draw": stock_aces[0] if stock_aces else 0,
        "kings_over_cards": _kings_over_cards(columns),
        "cards_under_kings": _cards_under_kings(columns),
    }


def _face_down_above(column: Sequence[int], index: int) -> int:
    """Face-down cards lying on the card at ``index`` (all but the top card
    are face down at the start, RULES A1.1)."""
    return max(0, len(column) - index - 2)


# ------------------------------------------------------------------ Seahaven

def seahaven_facts(number: int, cells: int) -> dict[str, int]:
    layout = seahaven_layout(number, cells)
    columns = layout.columns
    over_aces = [len(col) - 1 - i for col in columns
                 for i, card in enumerate(col) if rank(card) == ACE]
    in_cells = [card for card in layout.cells if card is not None]
    return {
        "aces_exposed": sum(1 for n in over_aces if n == 0)
                        + sum(1 for card in in_cells if rank(card) == ACE),
        "cards_over_aces": sum(over_aces),
        "deepest_ace": max(over_aces, default=0),
        "quick_foundation": _quick_foundation(columns, in_cells),
        "kings_over_cards": _kings_over_cards(columns),
        "cards_under_kings": _cards_under_kings(columns),
        "same_suit_blocks": sum(_same_suit_blocks(col) for col in columns),
        "ready_pairs": sum(_ready_pairs(col) for col in columns),
    }


def _same_suit_blocks(column: Sequence[int]) -> int:
    """Pairs (lower card, higher card of its suit lying above it, anywhere
    higher in the column): the higher card must leave to a cell or a column
    before the lower one can reach its foundation."""
    blocks = 0
    for i, low in enumerate(column):
        for high in column[i + 1:]:
            if suit(high) == suit(low) and rank(high) > rank(low):
                blocks += 1
    return blocks


def _ready_pairs(column: Sequence[int]) -> int:
    """Adjacent pairs already built: same suit, the upper one rank lower (RULES A2.3)."""
    return sum(1 for below, above in zip(column, column[1:])
               if suit(below) == suit(above) and rank(above) == rank(below) - 1)


def _quick_foundation(columns: Sequence[Sequence[int]], cells: Sequence[int]) -> int:
    """Cards that go to the foundations at once, with no other move: play
    exposed column tops and cell cards while one fits."""
    piles = [list(col) for col in columns]
    loose = list(cells)
    next_rank = [0, 0, 0, 0]
    played = 0
    progress = True
    while progress:
        progress = False
        for card in list(loose):
            if rank(card) == next_rank[suit(card)]:
                loose.remove(card)
                next_rank[suit(card)] += 1
                played += 1
                progress = True
        for pile in piles:
            while pile and rank(pile[-1]) == next_rank[suit(pile[-1])]:
                next_rank[suit(pile.pop())] += 1
                played += 1
                progress = True
    return played


# ------------------------------------------------------------------ both games

def _kings_over_cards(columns: Sequence[Sequence[int]]) -> int:
    """Kings lying on other cards: they can leave only for an empty column
    (or, in Seahaven, a cell), RULES A1.4 / A2.4."""
    return sum(1 for col in columns for i, card in enumerate(col) if i > 0 and rank(card) == KING)


def _cards_under_kings(columns: Sequence[Sequence[int]]) -> int:
    """Cards lying under the highest king of their column, trapped until it moves."""
    total = 0
    for col in columns:
        kings = [i for i, card in enumerate(col) if rank(card) == KING]
        if kings:
            total += kings[-1]
    return total
