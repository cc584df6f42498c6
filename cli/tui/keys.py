"""The keys of the full-screen game, listed once: the app binds them, ``?``
shows them and docs/play.md lists them (a test compares the two)."""
from __future__ import annotations

#: (keys, what they do), in the order ``?`` shows them.
KEYS: tuple[tuple[str, str], ...] = (
    ("1-9 0", "columns 1-10: pick the top card, or put the picked card(s)"),
    ("w  a-d  f", "pick or put at the waste, cells a-d or the foundations"),
    ("same place twice", "double tap: foundation, longest column, empty column, cell"),
    ("arrows", "move the cursor over the places"),
    ("Enter", "tap: the card at the cursor (or picked) to its foundation"),
    ("Space", "pick or put at the cursor (twice on one place: double tap)"),
    ("s", "draw from the stock (Easy Harp; d too); empty: redeal"),
    ("mouse", "click: tap/draw; again if refused: double tap; drag: move"),
    ("u  U", "undo (the last 100 actions); play again what it undid"),
    ("F", "finish: every card that can go up goes, one action each"),
    ("h", "hint: the solver's next action (Esc stops the search)"),
    ("i", "is this still winnable? (the solver decides; Esc stops it)"),
    ("n", "new game: random, daily or same deal, a code (any game)"),
    ("ctrl+s  o", "save the game as a record; open a record to resume it"),
    ("r", "rule book, last refusal's rule first; PgUp PgDn scroll it"),
    ("S", "your statistics: played, won, best score, streak"),
    ("Esc", "put back the picked card, stop a search, close a panel"),
    ("?  q", "these keys; quit (offers to save)"),
)



#: The footer's items: (text, rank), shown in this order; in a narrow
#: window the highest ranks go first, so the keys screen and quitting are
#: always named (rank 0).
_FOOTER: tuple[tuple[str, int], ...] = (
    ("{places} pick/put", 1), ("Enter tap", 5), ("s draw", 2), ("u undo", 3),
    ("F finish", 6), ("h hint", 4), ("? keys", 0), ("q quit", 0))


def footer(easy_harp: bool, width: int = 80) -> str:
    """The short list under the table, as much of it as fits ``width``
    columns (all of it fits 80)."""
    places = "1-9 w f" if easy_harp else "1-9 0 a-d f"
    items = [(text.format(places=places), rank) for text, rank in _FOOTER
             if easy_harp or text != "s draw"]
    for most in range(max(rank for _, rank in items), -1, -1):
        line = "  ".join(text for text, rank in items if rank <= most)
        if len(line) <= width:
            return line
    return line
