"""What the command line prints, in the style of sqlite-utils.

* ``print_rows(rows, json_=..., csv_=..., fmt=...)`` prints rows of dicts as
  a tabulate table, CSV or JSON (the options: ``options.output_options``).
* ``print_board`` prints one position as text (colour only on a terminal,
  never with ``NO_COLOR`` or ``TERM=dumb``; suit letters where the output's
  encoding lacks the symbols) or as one JSON object; ``print_position`` with
  a title, ``step_printer`` after every action.
* ``closed_streams`` drops messages to a closed standard error, reads a
  closed standard input as empty, and refuses a closed standard output.
* ``fit_streams`` makes standard output and error write any character
  their encoding lacks as an ASCII stand-in (:mod:`harp.display`), so
  that no output raises ``UnicodeEncodeError``.
* ``note`` on standard error, unless ``--quiet`` (progress bars:
  :mod:`harp.cli.progress`).
* ``engine_errors()`` is the error boundary, which the ``harp`` group applies
  to every command: harp's own errors (``HarpError``) and ``OSError`` become
  a one-line ``click.ClickException`` (exit code 1), a reader gone
  (``BrokenPipeError``) a quiet exit 0; anything else is a bug and
  surfaces.  ``finish_output()`` does the same for what is still
  buffered when a command ends.
"""
from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
import re
import sys
from typing import Any, Callable, Iterable, Iterator

import click

from harp import Action, Board
from harp.atomicfile import file_in_the_way
from harp.display import color_wanted, register_stand_ins, suits_fit
from harp.errors import HarpError, clip, printable, shown
from harp.render import board_to_dict, render_text

from .fit import ColumnsError, choose_columns, fit_table, terminal_width


#: The longest one-line error message the command line prints.
MESSAGE_LIMIT = 280
#: What the line game and the full-screen game say of a position proved
#: lost (RULES C8): the game goes on only by undoing.
LOST_HERE = "Lost: no line of play wins from here (RULES C8); undo (u) to an earlier position."
#: What the line game and the full-screen game say of a blocked position
#: (RULES B10: nothing but an undo can change it).
BLOCKED = "No move can change this position: undo (u) or quit (q)."


def print_rows(rows: Iterable[dict], json_: bool = False, csv_: bool = False,
               fmt: str = "simple", headers: list[str] | None = None,
               file: Any = None, columns: list[str] | None = None,
               default: list[str] | None = None, bar_of: str | None = None,
               turn: bool = False) -> None:
    """Print ``rows`` (dicts) as JSON (a list), CSV, or a tabulate table.

    ``headers`` fixes the column order; by default it is the keys of the
    rows in order of first appearance.  ``columns`` (``--columns``) keeps
    only those, in every format; otherwise JSON and CSV have every column
    and a table the ``default`` ones, fitted to the terminal's width
    (:mod:`harp.cli.fit`), with a bar column of ``bar_of``'s values, or
    turned (``turn``): one row per column and one column per row.
    """
    out = file or sys.stdout
    if columns is not None and (json_ or csv_):
        if headers is None:
            rows = list(rows)
        headers = _chosen(headers or _keys_of(rows), None, columns)     # type: ignore[arg-type]
        rows = ({name: row.get(name) for name in headers} for row in rows)
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
    shown = _chosen(keys, default, columns)
    rows = [{key: printable(value) if isinstance(value, str) else value
             for key, value in row.items()} for row in rows]
    if turn:
        rows, shown = _turned(rows, shown)
    out.write(fit_table(rows, shown, fmt, terminal_width(), bar_of))


def _chosen(keys: list[str], default: list[str] | None, columns: list[str] | None
            ) -> list[str]:
    """The columns shown; naming one the table lacks is a usage error."""
    try:
        return choose_columns(keys, default or keys, columns)
    except ColumnsError as err:
        raise click.BadParameter(str(err), param_hint="'--columns'") from None


def _turned(rows: list[dict], keys: list[str]) -> tuple[list[dict], list[str]]:
    """A table turned: a row per column (named in the first column), a
    column per row (named by its game and variant)."""
    names = [" ".join(str(row[k]) for k in ("game", "variant") if k in row) for row in rows]
    fields = [k for k in keys if k not in ("game", "variant")]
    turned = [{"": field, **{name: row.get(field) for name, row in zip(names, rows)}}
              for field in fields]
    return turned, ["", *names]


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


#: What only a write can fail with.  harp names every file it writes
#: (harp.atomicfile), so such an error without a file name is standard
#: output's (standard error's could not be told anyway); EBADF is a closed
#: one's (ClosedOutput).
OUTPUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EBADF})


@contextlib.contextmanager
def engine_errors() -> Iterator[None]:
    """harp's own errors and OSErrors (a missing file, a full output) as a
    one-line error, exit 1; a reader gone (``harp ... | head``), exit 0."""
    try:
        yield
    except BrokenPipeError:
        # Exit 0 as when the output fitted the pipe before the reader left:
        # whether it did is down to its size, not to anything wrong.
        drop_output()
        raise click.exceptions.Exit(0) from None
    except (HarpError, OSError) as err:
        if isinstance(err, OSError) and err.filename is None and err.errno in OUTPUT_FULL:
            drop_output()
            raise click.ClickException(f"cannot write standard output: {err.strerror}") from None
        raise click.ClickException(one_line(err)) from None


def finish_output() -> None:
    """Standard output flushed before harp exits, so that a reader gone or
    a full output is handled as :func:`engine_errors` does, not reported by
    Python at exit ("Exception ignored", exit 120)."""
    if sys.stdout is None:          # no console (pythonw)
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        drop_output()               # the exit code stays the command's
    except OSError as err:
        drop_output()
        click.echo(f"Error: cannot write standard output: {err.strerror}", err=True)
        sys.exit(1)


def drop_output() -> None:
    """Standard output sent to the null device from here on: what is left
    in its buffer cannot fail again when Python flushes it at exit."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):     # not a file (a test's runner)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


def one_line(err: BaseException) -> str:
    """The error's message on one line, at most MESSAGE_LIMIT characters."""
    if isinstance(err, OSError) and err.filename is not None:
        verb = getattr(err, "verb", "open")     # harp.atomicfile.WriteError: "write"
        text = f"cannot {verb} {shown(str(err.filename))}: {_reason(err)}"
    else:
        text = str(err)
    return shorten(text)


def _reason(err: OSError) -> str:
    """Why a file failed, in harp's words where the system's mislead: both
    of these mean a file stands where a folder was wanted."""
    name = str(err.filename)
    if err.strerror != os.strerror(err.errno or 0):     # harp's own words already
        return err.strerror or "unreadable"
    if err.errno == errno.ENOTDIR:                      # "Not a directory"
        blocker = file_in_the_way(name)
        if blocker is not None:
            return f"{shown(blocker)} is a file, not a folder"
    # "File exists": harp creates files only through tempfile, which tries
    # another name, so this is a folder to be made where a file is.
    if err.errno == errno.EEXIST and os.path.exists(name) and not os.path.isdir(name):
        return "it is a file, not a folder"
    return err.strerror or "unreadable"


#: A line break of a message with the indentation around it, where a
#: multi-line message is folded onto one line.
_LINE_BREAK = re.compile(r"[ \t]*[\r\n][ \t\r\n]*")


def shorten(text: str) -> str:
    """``text`` on one line of printable characters, at most MESSAGE_LIMIT
    characters: its line breaks (with their indentation) folded into a
    space, other unprintable characters escaped (as ``\\x1b``).  Runs of
    spaces stay: they may be part of a file name, which :func:`shown` has
    escaped already so that no folding changes it."""
    return clip(printable(_LINE_BREAK.sub(" ", text.strip())), MESSAGE_LIMIT)


# ------------------------------------------------------------------ boards

def closed_streams() -> None:
    """A standard error closed by the user (``2>&-``) takes harp's messages
    and drops them: the work and its output go on, with the same exit code.
    A closed standard input (``<&-``) reads as an empty one.  A closed
    standard output (``>&-``) is refused before any work, exit 1, as a full
    one is: nothing harp prints could be read (:class:`ClosedOutput`)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = ClosedOutput()


class ClosedOutput(io.TextIOBase):
    """A standard output closed by the user (``>&-``): every write fails as
    a full one does, exit 1.  A command is refused once its command line is
    read (:func:`refuse_closed_output`), so a usage error is still exit 2."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it is closed")


def refuse_closed_output() -> None:
    """A command's work refused before it starts when nothing it printed
    could be read."""
    if isinstance(sys.stdout, ClosedOutput):
        sys.stdout.write("")


def fit_streams() -> None:
    """Standard output and error: a character their encoding lacks (a suit
    symbol on Latin-1 or cp1252) is written as its ASCII stand-in, never an
    error.  Streams that cannot be reconfigured are left alone."""
    handler = register_stand_ins()
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=handler)


def use_color() -> bool:
    """Colour only on a terminal, never with ``NO_COLOR`` or ``TERM=dumb``."""
    return color_wanted(sys.stdout.isatty(), os.environ)


def board_text(board: Board, ascii_: bool = False, reveal: bool = False) -> str:
    """The text board; suit letters with ``--ascii`` or where standard
    output's encoding cannot show the symbols."""
    unicode = not ascii_ and suits_fit(getattr(sys.stdout, "encoding", None))
    return render_text(board, unicode=unicode, reveal=reveal, color=use_color())


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

def note(text: str, quiet: bool) -> None:
    if not quiet:
        click.echo(printable(text), err=True)
