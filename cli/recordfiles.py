"""Game records (RULES B8) and scripts read from files for ``show``,
``play`` and ``replay``, through the one reader of :mod:`harp.analysis.sources`.

Text files may hold one record whose script runs over several lines (with
``#`` comments), or many records one per line: a line whose first word looks
like a deal code starts a new record, other lines continue the current one.
"""
from __future__ import annotations

from collections.abc import Iterator

from harp import Record, RecordError
from harp.analysis.sources import STDIN, open_source, read_lines, read_source, shown_name
from harp.records import RECORD_LIMIT, NumberedRecord

NO_RECORD = "no record found: a record is a deal code followed by its moves"


def records_in(path: str) -> Iterator[NumberedRecord]:
    """Every record of a file (``-``: standard input), streamed, with its
    line; bad records in their place.  OSError if it cannot be opened."""
    with open_source(path) as handle:
        yield from read_source(handle, None if path == STDIN else path)


def load_one_record(path: str) -> Record:
    """The single record of a file; a bad record, none or several are an
    error (RecordError, prefixed with the file name)."""
    name = shown_name(path)
    found: Record | None = None
    count = 0
    for _, item in records_in(path):
        if isinstance(item, RecordError):
            raise RecordError(f"{name}: {item}")
        count += 1
        found = found or item
    if found is None:
        raise RecordError(f"{name}: {NO_RECORD}")
    if count > 1:
        raise RecordError(f"{name} holds {count} records; "
                          "give a file with one record (use 'harp replay' for several)")
    return found


def read_script(path: str) -> str:
    """The text of a script file (``-``: standard input), read like a
    record file: bounded lines, UTF-8, a byte-order mark dropped."""
    name = shown_name(path)
    parts: list[str] = []
    size = 0
    with open_source(path) as handle:
        for number, text, error in read_lines(handle):
            if error is not None:
                raise RecordError(f"{name}: line {number}: {error}")
            size += len(text)
            if size > RECORD_LIMIT:
                raise RecordError(f"{name}: the script is longer than {RECORD_LIMIT} characters")
            parts.append(text.lstrip("\ufeff") if number == 1 else text)
    return "".join(parts)
