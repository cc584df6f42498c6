"""Shared output machinery, in the style of sqlite-utils.

``@output_options`` adds ``--json``, ``--csv`` and ``--fmt`` to a command;
``print_rows(rows, json_=..., csv_=..., fmt=...)`` prints rows of dicts as a
tabulate table, CSV or JSON.  ``engine_errors()`` turns the engine's
``ValueError``s into a one-line ``click.ClickException`` (exit code 1).
"""
from __future__ import annotations

import contextlib
import csv
import functools
import json
import sys
from typing import Any, Callable, Iterable, Iterator, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def output_options(func: F) -> F:
    """Add ``--json``, ``--csv`` and ``--fmt`` (passed as ``json_``, ``csv_``, ``fmt``)."""
    import tabulate     # here, not at the top: the board commands start without it

    for decorator in reversed((
        click.option("--json", "json_", is_flag=True, help="Output rows as JSON."),
        click.option("--csv", "csv_", is_flag=True, help="Output rows as CSV."),
        click.option("--fmt", "fmt", type=click.Choice(tabulate.tabulate_formats),
                     default="simple", show_default=True,
                     help="Table format (any of tabulate's)."),
    )):
        func = decorator(func)
    return func


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
    import tabulate

    table = [[row.get(k) for k in keys] for row in rows]
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
    """Turn an engine ``ValueError`` (or a missing file) into a one-line error, exit 1."""
    try:
        yield
    except BrokenPipeError:
        raise                       # Click exits quietly when the reader went away
    except (ValueError, OSError) as err:
        raise click.ClickException(one_line(err)) from None


def handles_engine_errors(func: F) -> F:
    """Decorator form of :func:`engine_errors`."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with engine_errors():
            return func(*args, **kwargs)
    return wrapper  # type: ignore[return-value]


def one_line(err: BaseException) -> str:
    """The error's message on one line."""
    if isinstance(err, OSError) and err.filename is not None:
        return f"cannot open {err.filename}: {err.strerror or 'unreadable'}"
    return " ".join(str(err).split())
