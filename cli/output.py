"""What the command line prints, in the style of sqlite-utils.

* ``print_rows(rows, json_=..., csv_=..., fmt=...)`` prints rows of dicts as
  a tabulate table, CSV or JSON (the options: ``options.output_options``).
* ``print_board`` prints one position as text (colour only on a terminal,
  never with ``NO_COLOR``) or as one JSON object; ``print_position`` with a
  title, ``step_printer`` after every action.
* ``progress`` (a bar) and ``note`` on standard error, unless ``--quiet``.
* ``engine_errors()`` is the error boundary, which the ``harp`` group applies
  to every command: harp's own errors (``HarpError``) and ``OSError`` become
  a one-line ``click.ClickException`` (exit code 1); anything else is a bug
  and surfaces.
"""
from __future__ import annotations

import contextlib
import csv
import json
import os
import sys
from typing import Any, Callable, Iterable, Iterator, TypeVar

import click

from harp import Action, Board
from harp.errors import HarpError, clip
from harp.render import board_to_dict, render_text

T = TypeVar("T")

#: The longest one-line error message the command line prints.
MESSAGE_LIMIT = 280


def print_rows(rows: Iterable[dict], json_: bool = False, csv_: bool = False,
               fmt: str = "simple", headers: list[str] | None = None,
               file: Any = None) -> None:
    """Print ``rows`` (dicts) as JSON (a list), CSV, or a tabulate table.

    ``headers`` fixes the column order; by default it is the keys of the
    rows in order of first appearance.
    """
    out = file or sys.stdout
    if json_:
        _print_json(rows, out)
        return
    if csv_ and headers:            # known columns: stream, memory stays flat
        _write_csv(rows, headers, out)
        return
    rows = list(rows)
    keys = headers or _keys_of(rows)
    if csv_:
        _write_csv(rows, keys, out)
        return
    table = [[row.get(k) for k in keys] for row in rows]
    import tabulate
    out.write(tabulate.tabulate(table, headers=keys, tablefmt=fmt) + "\n")


def _write_csv(rows: Iterable[dict], keys: list[str], out: Any) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(keys)
    for row in rows:
        writer.writerow(["" if row.get(k) is None else row.get(k) for k in keys])


def _print_json(rows: Iterable[dict], out: Any) -> None:
    """Stream rows as a JSON list, one row per line."""
    out.write("[")
    first = True
    for row in rows:
        out.write(("\n " if first else ",\n ") + json.dumps(row, default=str))
        first = False
    out.write("\n]\n" if not first else "]\n")


def _keys_of(rows: list[dict]) -> list[str]:
    keys: dict[str, None] = {}
    for row in rows:
        keys.update(dict.fromkeys(row))
    return list(keys)


@contextlib.contextmanager
def engine_errors() -> Iterator[None]:
    """harp's own errors and OSErrors (a missing file) as a one-line error, exit 1."""
    try:
        yield
    except BrokenPipeError:
        raise                       # Click exits quietly when the reader went away
    except (HarpError, OSError) as err:
        raise click.ClickException(one_line(err)) from None


def one_line(err: BaseException) -> str:
    """The error's message on one line, at most MESSAGE_LIMIT characters."""
    if isinstance(err, OSError) and err.filename is not None:
        text = f"cannot open {clip(str(err.filename), 160)}: {err.strerror or 'unreadable'}"
    else:
        text = str(err)
    return shorten(text)


def shorten(text: str) -> str:
    """``text`` on one line of printable characters (others escaped, as
    ``\\x1b``), at most MESSAGE_LIMIT characters."""
    line = " ".join(text.split())
    if not line.isprintable():
        line = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in line)
    return clip(line, MESSAGE_LIMIT)


# ------------------------------------------------------------------ boards

def use_color() -> bool:
    """Colour only when writing to a terminal and ``NO_COLOR`` is not set."""
    if os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def board_text(board: Board, ascii_: bool = False, reveal: bool = False) -> str:
    return render_text(board, unicode=not ascii_, reveal=reveal, color=use_color())


def board_json(board: Board, reveal: bool = False) -> str:
    return json.dumps(board_to_dict(board, reveal=reveal), ensure_ascii=False)


def print_board(board: Board, json_: bool = False, ascii_: bool = False,
                reveal: bool = False) -> None:
    """Print one position: the JSON object, or the text board."""
    click.echo(board_json(board, reveal) if json_ else board_text(board, ascii_, reveal))


def print_position(board: Board, title: str, json_: bool, ascii_: bool, reveal: bool) -> None:
    """One position of a replay: the JSON object, or a title above the board."""
    if json_:
        click.echo(board_json(board, reveal))
    else:
        click.echo(f"{title}\n{board_text(board, ascii_, reveal)}\n")


def step_printer(board: Board, json_: bool, ascii_: bool,
                 reveal: bool) -> Callable[[int, Action], None]:
    """A callback printing the position after each action."""
    def each(number: int, action: Action) -> None:
        print_position(board, f"Action {number}: {action}", json_, ascii_, reveal)
    return each


# ------------------------------------------------------------------ standard error

def progress(items: Iterable[T], total: int | None, quiet: bool, unit: str) -> Iterable[T]:
    """A tqdm bar on stderr, only when stderr is a terminal and not --quiet:
    ``5766 records [00:02, 2451.12 records/s]``, or with the total when known."""
    if quiet or not sys.stderr.isatty():
        return items
    from tqdm import tqdm
    return tqdm(items, total=total, unit=f" {unit}", file=sys.stderr, dynamic_ncols=True)


def note(text: str, quiet: bool) -> None:
    if not quiet:
        click.echo(text, err=True)
