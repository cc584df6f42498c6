"""Shared output machinery, in the style of sqlite-utils.

``@output_options`` adds ``--json``, ``--csv`` and ``--fmt`` to a command
(at most one of them; refused before the command runs);
``print_rows(rows, json_=..., csv_=..., fmt=...)`` prints rows of dicts as a
tabulate table, CSV or JSON.  ``engine_errors()`` is the error boundary: harp's
own errors (``HarpError``) and ``OSError`` become a one-line
``click.ClickException`` (exit code 1); anything else is a bug and surfaces.
"""
from __future__ import annotations

import contextlib
import csv
import functools
import json
import sys
from typing import Any, Callable, Iterable, Iterator, TypeVar

import click

from harp.errors import HarpError, clip

from .options import apply, json_option

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_FORMAT = "simple"
#: A few table formats the help names; ``--fmt`` takes any of tabulate's.
EXAMPLE_FORMATS = ("simple", "github", "grid", "pipe", "plain", "rst")
#: The longest one-line error message the command line prints.
MESSAGE_LIMIT = 280


def table_formats() -> tuple[str, ...]:
    """tabulate's table formats; tabulate is imported here, not at the top,
    so that the board commands start without it."""
    import tabulate
    return tuple(tabulate.tabulate_formats)


class TableFormat(click.ParamType):
    """One of tabulate's table formats; the error names a few, not all."""

    name = "format"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "FORMAT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value in table_formats():
            return value
        self.fail(f"unknown table format {clip(str(value))!r}; any of tabulate's formats, "
                  f"e.g. {', '.join(EXAMPLE_FORMATS)}", param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem
        return [CompletionItem(name) for name in table_formats() if name.startswith(incomplete)]


def output_options(func: F) -> F:
    """Add ``--json``, ``--csv`` and ``--fmt`` (passed as ``json_``, ``csv_``,
    ``fmt``); giving two of them is a usage error, raised before any work."""
    @functools.wraps(func)
    def checked(*args: Any, json_: bool, csv_: bool, fmt: str | None, **kwargs: Any) -> Any:
        given = [name for name, on in (("--json", json_), ("--csv", csv_),
                                       ("--fmt", fmt is not None)) if on]
        if len(given) > 1:
            raise click.UsageError(f"{' and '.join(given)} exclude each other: "
                                   "choose one output")
        return func(*args, json_=json_, csv_=csv_, fmt=fmt or DEFAULT_FORMAT, **kwargs)

    return apply(checked, [  # type: ignore[return-value]
        json_option("Output rows as JSON."),
        click.option("--csv", "csv_", is_flag=True, help="Output rows as CSV."),
        click.option("--fmt", "fmt", type=TableFormat(), default=None,
                     help=f"Table format [default: {DEFAULT_FORMAT}]: any of tabulate's, "
                          f"e.g. {', '.join(EXAMPLE_FORMATS)}."),
    ])


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
