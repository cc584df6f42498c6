"""Tables that fit the terminal, and text bar charts.

A table's default columns are chosen to fit 80 columns; ``--columns``
chooses others (``all`` for every one).  :func:`fit_table` renders rows
with tabulate and, when a line is still wider than the terminal, clips the
widest text column (a path, an error message, a ``--by`` value) with an
ellipsis until the table fits: numbers are never cut.  A distribution
gets a bar column drawn in the room left, one eighth of a character per
step.  CSV and JSON are never fitted: they stay complete.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import click

from harp.errors import HarpError, quoted

#: The width assumed when there is no terminal (and COLUMNS is not set).
DEFAULT_WIDTH = 80
#: A clipped text column keeps at least this many characters.
MIN_CLIPPED = 8
ELLIPSIS = "…"
#: A bar column gets at least this many characters, or none.
MIN_BAR = 10
EIGHTHS = " ▏▎▍▌▋▊▉█"
ALL = "all"
#: Text columns never clipped: they identify a row, or are a picture.
WHOLE = frozenset({"game", "variant", "code", "measure", "histogram"})
#: Text columns clipped at their start: file names, told apart by their ends.
CLIPPED_AT_START = frozenset({"source"})


#: The widest COLUMNS taken: wider than any screen, small enough to lay out.
MAX_WIDTH = 10_000


class ColumnsError(HarpError):
    """A ``--columns`` list naming a column the table does not have."""


def terminal_width() -> int:
    """``COLUMNS``, else the width of the terminal standard output is, else
    :data:`DEFAULT_WIDTH` (output to a file or a pipe is laid out for 80).
    A ``COLUMNS`` that is not a width (not ASCII digits, 0, or beyond
    :data:`MAX_WIDTH`) is ignored, as a shell's stale or odd value may be."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isascii() and columns.isdigit() and len(columns) <= 6 \
            and 0 < int(columns) <= MAX_WIDTH:
        return int(columns)
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns
    except (AttributeError, OSError, ValueError):
        pass
    return DEFAULT_WIDTH


def parse_columns(text: str) -> list[str]:
    """``--columns game,won,score`` -> the names, in order, each once."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise ColumnsError("no column names (give NAME,NAME,... or all)")
    return list(dict.fromkeys(names))


def choose_columns(available: Sequence[str], default: Sequence[str],
                   chosen: Sequence[str] | None) -> list[str]:
    """The columns to show: ``chosen`` (or every one for ``all``), else
    the default ones that the table has."""
    if chosen is None:
        return [name for name in default if name in available] or list(available)
    if list(chosen) == [ALL]:
        return list(available)
    unknown = [name for name in chosen if name not in available]
    if unknown:
        raise ColumnsError(f"no column {quoted(unknown[0])} in this table; columns: "
                           + ", ".join(available))
    return list(chosen)


def check_columns(available: Sequence[str], chosen: Sequence[str] | None) -> None:
    """``--columns`` checked against the columns the command's table will
    have, before the work that makes its rows: a name it lacks is the usage
    error printing the table would give, said before a long batch runs."""
    if chosen is None:
        return
    try:
        choose_columns(available, available, chosen)
    except ColumnsError as err:
        raise click.BadParameter(str(err), param_hint="'--columns'") from None


def bar(fraction: float, width: int) -> str:
    """A horizontal bar ``fraction`` (0 to 1) of ``width`` characters long;
    any fraction above 0 shows at least an eighth of a character."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    if fraction > 0 and not eighths:
        eighths = 1
    full, part = divmod(eighths, 8)
    return ("█" * full + (EIGHTHS[part] if part else "")).ljust(width)


def fit_table(rows: Iterable[dict[str, Any]], columns: list[str], fmt: str, width: int,
              bar_of: str | None = None, bar_title: str = "") -> str:
    """``rows`` as a tabulate table of ``columns``, no wider than ``width``
    when clipping text columns can make it so; with ``bar_of``, a last
    column of bars proportional to that column's values."""
    import tabulate
    table = [[row.get(name) for name in columns] for row in rows]
    headers = list(columns)

    padding = tabulate.MIN_PADDING

    def render() -> tuple[str, int]:
        # tabulate reads its header padding from this module constant
        # only (no argument): set for the call, as it was after it.
        saved, tabulate.MIN_PADDING = tabulate.MIN_PADDING, padding
        try:
            text = tabulate.tabulate(table, headers=headers, tablefmt=fmt)
        finally:
            tabulate.MIN_PADDING = saved
        return text, max((len(line) for line in text.splitlines()), default=0)

    text, used = render()
    while used > width and _clip_widest(table, headers, used - width):
        text, used = render()
    if used > width:
        # No text left to clip: the headers lose their padding, if the
        # table then fits (else it keeps the look it has everywhere).
        padding, wide = 0, (text, used)
        text, used = render()
        if used > width:
            text, used = wide
    if bar_of is not None and table:
        room = width - used - 2
        values = [row.get(bar_of) or 0 for row in rows] if isinstance(rows, list) else []
        top = max(values, default=0)
        if room >= MIN_BAR and top > 0:
            for cells, value in zip(table, values):
                cells.append(bar(value / top, room).rstrip() or " ")
            headers.append(bar_title)
            text, used = render()
    return text + "\n"


def _clip_widest(table: list[list[Any]], headers: list[str], excess: int) -> bool:
    """Clip the widest text column by ``excess`` characters, or down to
    the next widest (so that long columns share the cut); False when no
    text column can be clipped further."""
    widths = {}
    for i, header in enumerate(headers):
        column = [cells[i] for cells in table]
        if header not in WHOLE and column and all(value is None or isinstance(value, str)
                                                  for value in column):
            longest = max(len(value or "") for value in column)
            if longest > max(MIN_CLIPPED, len(header)):
                widths[i] = longest
    if not widths:
        return False
    i = max(widths, key=widths.__getitem__)
    runner_up = max((w for j, w in widths.items() if j != i), default=0)
    limit = max(MIN_CLIPPED, len(headers[i]), widths[i] - excess, runner_up - 1)
    for cells in table:
        if isinstance(cells[i], str) and len(cells[i]) > limit:
            if headers[i] in CLIPPED_AT_START:
                cells[i] = ELLIPSIS + cells[i][len(cells[i]) - limit + 1:]
            else:
                cells[i] = cells[i][:limit - 1] + ELLIPSIS
    return True
