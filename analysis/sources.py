"""Where game records come from: files, folders of files, standard input.

``iter_records(paths)`` streams ``(source, line, Record | RecordError)`` for
every record of every file, in order, never holding more than one record
at a time; each file's format (RULES B8: text, JSON Lines, CSV) is detected from
its name, else from its first line.  In a text file a line whose first
word looks like a deal code starts a record and other lines continue it,
so a record whose script runs over several lines (with ``#`` comments) is
one record, as for ``harp replay``.  A folder contributes its record files
(``.txt``, ``.jsonl``, ``.ndjson``, ``.json``, ``.csv``), recursively, in
name order.  ``-`` is standard input.
"""
from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import IO

from harp.errors import RecordError
from harp.records import Record, detect_format, read_records

RECORD_SUFFIXES = (".txt", ".jsonl", ".ndjson", ".json", ".csv")
STDIN = "-"

RecordItem = tuple[str, int, "Record | RecordError"]


def record_files(paths: Iterable[str]) -> Iterator[str]:
    """The files named, with every record file under each folder named."""
    for path in paths:
        if path != STDIN and Path(path).is_dir():
            found = (p for p in Path(path).rglob("*") if p.is_file()
                     and p.suffix.lower() in RECORD_SUFFIXES)
            yield from (str(p) for p in sorted(found))
        else:
            yield path


def iter_records(paths: Iterable[str], stdin: IO[str] | None = None) -> Iterator[RecordItem]:
    """Every record of every source, in order, with its source and line."""
    for path in record_files(paths):
        if path == STDIN:
            yield from _records_of(stdin or sys.stdin, "<stdin>", None)
        else:
            with open(path, encoding="utf-8", newline="") as handle:
                yield from _records_of(handle, path, path)


def _records_of(handle: IO[str], source: str, name: str | None) -> Iterator[RecordItem]:
    first = handle.readline()
    if not first:
        return
    fmt = detect_format(name, first)
    lines = chain([first], handle)
    for line, item in read_records(lines, fmt):
        yield source, line, item
