"""The table as text: the piles laid out as the apps do, and where each
place is on the screen.

Pure functions of a board and of what the player has marked (cursor,
picked card, hint); nothing here changes the board.  Columns run down the
screen, face-down cards shown as backs (RULES A1.1); when a column would
not fit the height, each run of backs is drawn as one back with its count,
and a column still too long shows its top cards under ``+N``, the number of
its cards not shown.  No card is ever hidden without a word: a table that
does not fit at all (too narrow for its columns, or too low for their top
cards) is replaced by a notice of the window's size it needs.

Places are named as in the notation (RULES B7): columns ``"1"``-``"10"``,
waste ``"w"``, cells ``"a"``-``"d"``, foundation slots ``"f1"``-``"f8"``;
and ``"s"`` for the stock, which is not a location but is drawn from.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from harp import Board
from harp.cards import FOUNDATION_SUITS, RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, is_red
from harp.deals import EASY_HARP
from harp.easyharp import SLOT_SUIT

CARD = 4                        # a card is four characters wide: " K♠ "
FOUNDATION_PITCH = CARD + 1
#: Rows above the columns: the top row's cards and labels, a gap, the column numbers.
TOP_ROWS = 4

STYLE_BLACK = "bold black on white"
STYLE_RED = "bold red on white"
STYLE_BACK = "white on blue"
STYLE_EMPTY = "dim"
STYLE_LABEL = "dim"
STYLE_CURSOR = "reverse bold"
STYLE_PICKED = "on yellow"
STYLE_HINT = "on green"
STYLE_MORE = "bold reverse"
STYLE_NOTICE = "bold"


@dataclass(frozen=True)
class Marks:
    """What the table shows besides the cards: the keyboard cursor's place,
    the picked place (and the card picked in it, counted from the bottom),
    and a hint's source and destination."""

    cursor: str | None = None
    picked: str | None = None
    picked_index: int | None = None
    hint: tuple[str, ...] = ()


Run = tuple[str, str]           # text and its style (a Rich style definition)


@dataclass
class Drawing:
    """The table's lines, each as runs of text of one style, and for each
    place drawn its rectangles on the screen: ``(x0, x1, y0, y1, place,
    index)``, ``index`` being the card's index in its pile (-1 for the
    place itself)."""

    lines: list[list[Run]]
    spots: list[tuple[int, int, int, int, str, int]] = field(default_factory=list)

    def plain(self) -> str:
        return "\n".join("".join(text for text, _ in line).rstrip() for line in self.lines)

    def at(self, x: int, y: int) -> tuple[str, int] | None:
        """The place (and card index) drawn at x, y, if any."""
        for x0, x1, y0, y1, place, index in reversed(self.spots):
            if x0 <= x < x1 and y0 <= y < y1:
                return place, index
        return None


class Canvas:
    """Rows of characters with a style each, made into runs at the end."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < len(self.chars):
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def lines(self) -> list[list[Run]]:
        out = []
        for chars, styles in zip(self.chars, self.styles):
            line: list[Run] = []
            start = 0
            for i in range(1, len(chars) + 1):
                if i == len(chars) or styles[i] != styles[start]:
                    line.append(("".join(chars[start:i]), styles[start]))
                    start = i
            out.append(line)
        return out


class CardFace:
    """How a card is written: rank and suit symbol (``K♠``) or letter (``KS``)."""

    def __init__(self, unicode: bool) -> None:
        self.suits = SUIT_SYMBOLS if unicode else SUIT_CHARS
        self.back = "░░░░" if unicode else "####"

    def name(self, card: int) -> str:
        return RANK_CHARS[card >> 2] + self.suits[card & 3]

    def style(self, card: int) -> str:
        return STYLE_RED if is_red(card) else STYLE_BLACK


def table_width(board: Board) -> int:
    """The narrowest the table can be drawn: its columns side by side, one
    space apart (the top row then fits too)."""
    return len(board.columns) * (CARD + 1) - 1


def table_fits(board: Board, width: int, height: int) -> bool:
    """Whether the table of ``board`` is drawn in ``width`` x ``height``
    characters (else :func:`draw_table` draws the notice of the window's
    size)."""
    return width >= table_width(board) and _fit(board.columns, _face_down(board),
                                                height) is not None


def _face_down(board: Board) -> list[int]:
    """Each column's count of face-down cards (none in Seahaven)."""
    return list(board.face_down) if board.game == EASY_HARP else [0] * len(board.columns)


def draw_table(board: Board, width: int, height: int, marks: Marks = Marks(),
               unicode: bool = True, frame: tuple[int, int] = (0, 0)) -> Drawing:
    """The table of ``board`` in ``width`` x ``height`` characters; a
    notice instead if it does not fit, naming the window's size (the table's
    plus ``frame``: the lines around it) and the size it needs."""
    face = CardFace(unicode)
    n = len(board.columns)
    down = _face_down(board)
    fitted = _fit(board.columns, down, height)
    if width < table_width(board) or fitted is None:
        return _too_small(board, width, height, frame, unicode)
    gap, rows = fitted
    pitch = max(CARD + 1, min(CARD + 5, (width - 1) // n))
    left = max(0, (width - n * pitch + (pitch - CARD)) // 2)
    xs = [left + c * pitch for c in range(n)]
    canvas = Canvas(width, max(height, TOP_ROWS - 1 + gap + max(len(r) for r in rows)))
    drawing = Drawing([])
    _draw_top(board, canvas, drawing, face, marks, xs)
    label_y = TOP_ROWS - 2 + gap
    for c, (x, col_rows) in enumerate(zip(xs, rows)):
        place = str(c + 1)
        label = f"{place:^{CARD}}"
        canvas.put(x, label_y, label, STYLE_CURSOR if marks.cursor == place else STYLE_LABEL)
        drawing.spots.append((x, x + CARD, label_y, canvas_height(canvas), place, -1))
        col = board.columns[c]
        if not col:
            _card_slot(canvas, x, label_y + 1, " -- ", STYLE_EMPTY, place, marks)
            continue
        for r, (index, count) in enumerate(col_rows):
            y = label_y + 1 + r
            if index < 0:   # the cards not shown of a column too long for the height
                canvas.put(x, y, f"{'+' + str(count):^{CARD}}", STYLE_MORE)
                continue
            if count:       # a run of face-down cards drawn as one back
                canvas.put(x, y, face.back[0] + f"{count:>2}" + face.back[-1], STYLE_BACK)
            elif index < down[c]:
                canvas.put(x, y, face.back, STYLE_BACK)
            else:
                picked = marks.picked == place and index >= (
                    marks.picked_index if marks.picked_index is not None else len(col) - 1)
                _face(canvas, x, y, face, col[index], picked,
                      place in marks.hint and index == len(col) - 1)
            drawing.spots.append((x, x + CARD, y, y + 1, place, index))
    drawing.lines = canvas.lines()
    return drawing


def canvas_height(canvas: Canvas) -> int:
    return len(canvas.chars)


def _short(columns: list[list[int]], down: list[int]) -> list[list[tuple[int, int]]]:
    """Each column's rows with each run of backs on one row."""
    return [([(d - 1, d)] if d else []) + [(i, 0) for i in range(d, len(col))]
            for col, d in zip(columns, down)]


def _fit(columns: list[list[int]], down: list[int],
         height: int) -> tuple[int, list[list[tuple[int, int]]]] | None:
    """The gap row (1 or 0) and each column's rows as (card index, count of
    face-down cards drawn as one back, or 0): every card on its own row if
    the height allows, else each run of backs on one row, then no gap; a
    column still too long keeps its top cards under one row ``(-1, N)``:
    N cards not shown.  None if the height leaves no room for that."""
    full = [[(i, 0) for i in range(len(col))] for col in columns]
    if TOP_ROWS + max(map(len, full)) <= height:
        return 1, full
    short = _short(columns, down)
    if TOP_ROWS + max(map(len, short)) <= height:
        return 1, short
    room = height - TOP_ROWS + 1            # the rows for cards, with no gap
    if max(map(len, short)) <= room:
        return 0, short
    if room < 2:
        return None
    rows = []
    for col_rows in short:
        cut = len(col_rows) - room + 1      # the rows the +N row stands for
        if cut <= 0:
            rows.append(col_rows)
            continue
        hidden = sum(count or 1 for _, count in col_rows[:cut])
        rows.append([(-1, hidden)] + col_rows[cut:])
    return 0, rows


def least_height(board: Board) -> int:
    """The fewest rows the table of ``board`` is drawn in: the first
    height :func:`_fit` takes (no gap, and a long column's lower cards
    under one ``+N`` row above its top card; at most three tries)."""
    columns, down = board.columns, _face_down(board)
    height = TOP_ROWS - 1
    while _fit(columns, down, height) is None:
        height += 1
    return height


def _too_small(board: Board, width: int, height: int, frame: tuple[int, int],
               unicode: bool) -> Drawing:
    """The notice shown instead of a table that does not fit, wrapped to
    the width: the window's size that the table needs
    (:func:`least_height`), and its size."""
    times = "×" if unicode else "x"
    need_width = table_width(board)
    need_height = least_height(board)
    text = (f"Window too small: {need_width + frame[0]}{times}{need_height + frame[1]} "
            f"needed, this is {width + frame[0]}{times}{height + frame[1]}. "
            "Enlarge it to play on; q quits.")
    canvas = Canvas(width, height)
    for y, line in enumerate(textwrap.wrap(text, max(1, width))):
        canvas.put(0, y, line, STYLE_NOTICE)
    return Drawing(canvas.lines())


def _face(canvas: Canvas, x: int, y: int, face: CardFace, card: int, picked: bool,
          hinted: bool) -> None:
    name = face.name(card)
    style = face.style(card)
    if picked:
        canvas.put(x, y, f"[{name}]", f"{style} {STYLE_PICKED}")
    elif hinted:
        canvas.put(x, y, f"*{name}*", f"{style} {STYLE_HINT}")
    else:
        canvas.put(x, y, f" {name} ", style)


def _card_slot(canvas: Canvas, x: int, y: int, empty: str, empty_style: str, place: str,
               marks: Marks) -> None:
    """An empty place: its placeholder, marked if picked or hinted."""
    if place in marks.hint:
        canvas.put(x, y, f"*{empty[1:3]}*", STYLE_HINT)
    elif marks.picked == place:
        canvas.put(x, y, f"[{empty[1:3]}]", STYLE_PICKED)
    else:
        canvas.put(x, y, empty, empty_style)


def _top_pile(canvas: Canvas, drawing: Drawing, face: CardFace, marks: Marks, x: int,
              place: str, pile: list[int], empty: str, label: str) -> None:
    """A pile of the top row shown by its top card, with its label below."""
    if pile:
        _face(canvas, x, 0, face, pile[-1], marks.picked == place, place in marks.hint)
    else:
        _card_slot(canvas, x, 0, empty, STYLE_EMPTY, place, marks)
    canvas.put(x, 1, f"{label:^{CARD}}", STYLE_CURSOR if marks.cursor == place else STYLE_LABEL)
    drawing.spots.append((x, x + CARD, 0, 2, place, len(pile) - 1))


def _draw_top(board: Board, canvas: Canvas, drawing: Drawing, face: CardFace, marks: Marks,
              xs: list[int]) -> None:
    """Stock and waste (Easy Harp) or cells (Seahaven) on the left,
    foundations on the right, each with its label below."""
    right = xs[-1] + CARD
    slots = len(board.foundations)
    easy_harp = board.game == EASY_HARP
    # On a narrow table the foundations close up, and the waste shows only
    # its top card, so that nothing overlaps.
    for pitch in (FOUNDATION_PITCH, CARD):
        fx = right - slots * pitch + (pitch - CARD)
        if not easy_harp or fx > xs[1] + CARD:
            break
    fan = easy_harp and fx > xs[1] + 6 + CARD
    for s, pile in enumerate(board.foundations):
        suit = SLOT_SUIT[s] if easy_harp else FOUNDATION_SUITS[s]
        _top_pile(canvas, drawing, face, marks, fx + s * pitch, f"f{s + 1}", pile,
                  f" -{face.suits[suit]} ", f"f{s + 1}")
    if not easy_harp:
        for i, card in enumerate(board.cells):
            name = "abcd"[i]
            _top_pile(canvas, drawing, face, marks, xs[i], name, [] if card is None else [card],
                      " -- ", name)
        return
    stock = board.stock
    if stock:
        canvas.put(xs[0], 0, face.back, STYLE_BACK)
    else:
        _card_slot(canvas, xs[0], 0, " () ", STYLE_EMPTY, "s", marks)
    canvas.put(xs[0], 1, f"{len(stock):^{CARD}}",
               STYLE_CURSOR if marks.cursor == "s" else STYLE_LABEL)
    drawing.spots.append((xs[0], xs[0] + CARD, 0, 2, "s", -1))
    # The waste fanned: up to two cards under the top one, each showing its
    # rank and suit; only the top one plays (RULES A1.5).
    waste, wx = board.waste, xs[1]
    under = waste[-3:-1] if fan else []
    for i, card in enumerate(under):
        canvas.put(wx + 3 * i, 0, f" {face.name(card)}", face.style(card))
    shift = 3 * len(under)
    _top_pile(canvas, drawing, face, marks, wx + shift, "w", waste, " -- ", f"w{len(waste)}")
