"""Reading game records (RULES B8) from files or standard input for the commands.

Text files may hold one record whose script runs over several lines (with
``#`` comments), or many records one per line: a line whose first word looks
like a deal code starts a new record, other lines continue the current one.
JSON Lines and CSV files are read by :func:`harp.records.read_records`.
"""
from __future__ import annotations

import click

from harp import Record, RecordError
from harp.records import detect_format, read_records

def read_text(path: str) -> str:
    """The whole text of a file, or of standard input for ``-``."""
    try:
        with click.open_file(path, "r", encoding="utf-8-sig") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise RecordError(f"{_name(path)}: not a text file (UTF-8 expected)") from None


def load_records(path: str) -> list[Record]:
    """Every record of a file (``-``: standard input); raise RecordError,
    prefixed with the file name, for the first record that cannot be read."""
    text = read_text(path)
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), None)
    fmt = detect_format(None if path == "-" else path, first)
    try:
        records = []
        for _, item in read_records(lines, fmt):
            if isinstance(item, RecordError):
                raise item
            records.append(item)
        if not records:
            raise RecordError("no record found: a record is a deal code followed by its moves")
        return records
    except RecordError as err:
        raise RecordError(f"{_name(path)}: {err}") from None


def load_one_record(path: str) -> Record:
    """The single record of a file; several records are an error."""
    records = load_records(path)
    if len(records) > 1:
        raise RecordError(f"{_name(path)} holds {len(records)} records; "
                          "give a file with one record (use 'harp replay' for several)")
    return records[0]


def _name(path: str) -> str:
    return "<stdin>" if path == "-" else path
