"""Saving a played game as a record (RULES B8) without ever damaging a file.

* A new file is written whole to a temporary file beside it, then renamed
  over the name (``os.replace``): it appears complete or not at all.
* To an existing file the record is appended in the file's own format: a
  missing final line break is added first (else the record would be glued
  to the last line); a CSV row follows the file's header, its fields in the
  header's order, those the game lacks left empty; a header without a
  ``code`` or ``moves`` column is refused (the row could not be read back).
* A game resumed from a record file (``harp play --load FILE -i``) and
  saved to that same file updates its record in place (the file rewritten
  through a temporary file), instead of adding a second record.

Errors are :class:`~harp.errors.RecordError` (refused) or OSError (cannot
write); the file is then as it was.
"""
from __future__ import annotations

import csv
import errno
import os
from collections.abc import Iterator
from itertools import islice
from dataclasses import dataclass
from typing import BinaryIO

from harp.atomicfile import AtomicFile, WriteError
from harp.errors import RecordError, clip
from harp.recordfile import check_name, read_lines, read_source, shown_name
from harp.notation import tokenize
from harp.records import LINE_LIMIT, Record, csv_header, detect_format, format_record

CREATED, APPENDED, UPDATED = "created", "appended", "updated"
#: How far into a CSV file its header is looked for (blank lines first, or
#: a quote left open, must not read the whole file).
HEADER_LINES = 100


@dataclass(frozen=True)
class Resumed:
    """Where a resumed game's record came from: the file and the record read."""

    path: str
    record: Record


def save_record(path: str, record: Record, resumed: Resumed | None = None) -> str:
    """Save the record to ``path``; say what was done (CREATED, APPENDED or
    UPDATED)."""
    check_name(path)
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "it is a folder", shown_name(path))
    if os.path.exists(path) and not os.path.isfile(path):
        raise OSError(errno.EINVAL, "not a regular file", shown_name(path))
    if resumed is not None and _same_file(path, resumed.path):
        _update(path, record, resumed.record)
        return UPDATED
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        fmt = detect_format(path)
        head = csv_header(record) + "\n" if fmt == "csv" else ""
        with AtomicFile(path) as out:
            out.write((head + format_record(record, fmt) + "\n").encode("utf-8"))
        return CREATED
    _append(path, record)
    return APPENDED


def _same_file(path: str, other: str) -> bool:
    try:
        return os.path.samefile(path, other)
    except OSError:
        return False


def _append(path: str, record: Record) -> None:
    with open(path, "rb+") as handle:
        first = handle.readline(LINE_LIMIT + 1)
        newline = "\r\n" if first.endswith(b"\r\n") else "\n"
        fmt = detect_format(path, first.decode("utf-8", "replace"))
        text = format_record(record, fmt) + newline
        if fmt == "csv":
            handle.seek(0)
            header = _csv_header_of(handle)
            if header is None:
                text = csv_header(record) + newline + text
            else:
                _check_header(header, path)
                text = format_record(record, fmt, header) + newline
        handle.seek(-1, os.SEEK_END)
        if handle.read(1) != b"\n":
            text = newline + text
        handle.seek(0, os.SEEK_END)
        try:
            handle.write(text.encode("utf-8"))
            handle.flush()
        except OSError as err:         # a full disk: say which file
            raise WriteError(err.errno, err.strerror, shown_name(path)) from None


def _csv_header_of(handle: BinaryIO) -> list[str] | None:
    """The column names of a CSV file (its first row that is not blank)."""
    lines = islice(read_lines(handle), HEADER_LINES)
    for row in csv.reader(line.text.lstrip("\ufeff") for line in lines):
        if any(cell.strip() for cell in row):
            return [cell.strip().lower() for cell in row]
    return None


def _check_header(header: list[str], path: str) -> None:
    missing = [name for name in ("code", "moves") if name not in header]
    if missing:
        raise RecordError(f"{shown_name(path)}: its CSV header ({clip(','.join(header))}) has no "
                          f"{' or '.join(repr(m) for m in missing)} column, so a record "
                          "added there could not be read back")


def _update(path: str, record: Record, saved: Record) -> None:
    """Replace the record ``saved`` (read from ``path``) by ``record``, a
    continuation of it, rewriting the file through a temporary file."""
    with open(path, "rb") as handle:
        found = next((item for line, item in read_source(handle, path) if line == saved.line), None)
    if not (isinstance(found, Record) and found.code == saved.code
            and _tokens(found.script) == _tokens(saved.script)):
        raise RecordError(f"{shown_name(path)} has changed since the game was loaded from it; "
                          "save to another file")
    fmt = detect_format(path)
    with open(path, "rb") as handle:
        newline = b"\r\n" if handle.readline(LINE_LIMIT).endswith(b"\r\n") else b"\n"
        handle.seek(0)
        header = _csv_header_of(handle) if fmt == "csv" else None
    if fmt == "text":       # the saved lines stay, comments and all; the new actions follow
        added = " ".join(_tokens(record.script)[len(_tokens(saved.script)):])
        replacement = added.encode("utf-8") + newline if added else b""
    else:
        replacement = format_record(record, fmt, header).encode("utf-8") + newline

    with AtomicFile(path) as out, open(path, "rb") as handle:
        last = b"\n"
        placed = False
        for number, chunk in _raw_lines(handle):
            if number > saved.last_line and not placed:
                out.write((newline if last != b"\n" else b"") + replacement)
                placed = True
            if fmt == "text" or not saved.line <= number <= saved.last_line:
                out.write(chunk)
                last = chunk[-1:]
        if not placed:
            out.write((newline if last != b"\n" else b"") + replacement)


def _tokens(script: str) -> list[str]:
    return [token for token, _ in tokenize(script)]


def _raw_lines(handle: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """The file's bytes in pieces of at most LINE_LIMIT, each with the
    number of the line it belongs to."""
    number = 1
    while True:
        chunk = handle.readline(LINE_LIMIT)
        if not chunk:
            return
        yield number, chunk
        if chunk.endswith(b"\n"):
            number += 1
