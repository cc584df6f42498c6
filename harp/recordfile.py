"""Reading record files (RULES B8): the one reader every command uses.

``harp replay``, ``--load`` (``show``, ``play``, ``hint``, ``solve``) and
``play --script`` read one file (or standard input, ``-``) here; ``harp score`` reads many
through :mod:`harp.analysis.sources`, which opens each file here too, so a
file means the same to all of them.  Reading streams: one line at a time,
each at most :data:`harp.records.LINE_LIMIT` bytes, so neither a huge file
nor ``/dev/zero`` fills memory.  Each file's format (text, JSON Lines,
CSV) is detected from its name, else from its first line; a byte-order
mark is dropped.  A line that is not UTF-8 or is too long makes its record
bad, a NUL byte ends a file that is not text, and a bad record is yielded
in its place (a :class:`~harp.errors.RecordError`) so that a batch reports
it and goes on.

Text files may hold one record whose script runs over several lines (with
``#`` comments), or many records one per line: a line whose first word looks
like a deal code starts a new record, other lines continue the current one.
"""
from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from itertools import chain
from typing import IO, BinaryIO

from .errors import RecordError, clip
from .records import (LINE_LIMIT, RECORD_LIMIT, Line, NumberedRecord, Record, detect_format,
                      read_records)

STDIN = "-"
NO_RECORD = "no record found: a record is a deal code followed by its moves"


def shown_name(path: str) -> str:
    """A file's name as error messages and score rows give it."""
    if path == STDIN:
        return "<stdin>"
    return clip(path, 200)


def check_name(path: str) -> None:
    """Refuse (OSError) a file name that no file can have."""
    if "\0" in path:
        raise OSError(errno.EINVAL, "a file name cannot hold a NUL byte", shown_name(path))


def open_source(path: str, stdin: IO | None = None) -> BinaryIO:
    """The file (or standard input, for ``-``) opened for reading records;
    OSError if it cannot be opened.  Closing the handle of standard input
    leaves standard input open."""
    if path == STDIN:
        stream = stdin if stdin is not None else sys.stdin
        return _Unclosed(getattr(stream, "buffer", stream))
    check_name(path)
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file", shown_name(path))
    return open(path, "rb")


class _Unclosed:
    """Standard input as a binary stream that ``with`` does not close."""

    def __init__(self, stream: IO) -> None:
        self._stream = stream

    def readline(self, limit: int = -1) -> bytes:
        data = self._stream.readline(limit)
        return data.encode("utf-8") if isinstance(data, str) else data

    def __enter__(self) -> _Unclosed:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def close(self) -> None:
        pass


def read_lines(handle: BinaryIO) -> Iterator[Line]:
    """The lines of a binary stream as :class:`Line` objects, each read with a
    bounded ``readline``: a longer line is skipped (its error says so), a
    line that is not UTF-8 is decoded with replacement characters and its
    error says where; a NUL byte ends the stream (not a text file)."""
    number = 0
    while True:
        raw = handle.readline(LINE_LIMIT + 1)
        if not raw:
            return
        number += 1
        if b"\0" in raw:
            yield Line(number, "", "a NUL byte: not a text file; the rest of the file is not read")
            return
        if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
            _skip_line(handle)
            yield Line(number, "", f"the line is longer than {LINE_LIMIT} bytes")
            continue
        try:
            yield Line(number, raw.decode("utf-8"))
        except UnicodeDecodeError as err:
            yield Line(number, raw.decode("utf-8", "replace"),
                       f"not UTF-8 text (byte 0x{raw[err.start]:02x} at column {err.start + 1})")


def _skip_line(handle: BinaryIO) -> None:
    while True:
        chunk = handle.readline(LINE_LIMIT)
        if not chunk or chunk.endswith(b"\n"):
            return


def read_source(handle: BinaryIO, name: str | None) -> Iterator[NumberedRecord]:
    """Every record of an opened file, in order, with its line; ``name``
    (None for standard input) helps detect the format."""
    lines = read_lines(handle)
    first = next(lines, None)
    if first is None:
        return
    fmt = detect_format(name, first.text)
    yield from read_records(chain([first], lines), fmt)


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
