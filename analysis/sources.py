"""The one reader of record files: files, folders of files, standard input.

Every command that reads game records (``harp score``, ``replay``, ``show
--record``, ``play --record``) reads them here, so a file means the same
to all of them.  Reading streams: one line at a time, each at most
:data:`harp.records.LINE_LIMIT` bytes, so neither a huge file nor
``/dev/zero`` fills memory.  Each file's format (RULES B8: text, JSON
Lines, CSV) is detected from its name, else from its first line; a
byte-order mark is dropped.  A line that is not UTF-8 or is too long makes
its record bad, a NUL byte ends a file that is not text, and a bad record
is yielded in its place (a :class:`~harp.errors.RecordError`) so that a
batch reports it and goes on.

A folder contributes its record files (``.txt``, ``.jsonl``, ``.ndjson``,
``.json``, ``.csv``), recursively, in name order.  ``-`` is standard input.
"""
from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import IO, BinaryIO

from harp.errors import RecordError, clip
from harp.records import LINE_LIMIT, Line, NumberedRecord, Record, detect_format, read_records

RECORD_SUFFIXES = (".txt", ".jsonl", ".ndjson", ".json", ".csv")
STDIN = "-"

#: A record with the file it came from and its line there.
RecordItem = tuple[str, int, "Record | RecordError"]


def shown_name(path: str) -> str:
    """A file's name as error messages and score rows give it."""
    if path == STDIN:
        return "<stdin>"
    return clip(path, 200)


def check_paths(paths: Iterable[str]) -> None:
    """Raise OSError for the first path that names nothing (before any work)."""
    for path in paths:
        if path != STDIN:
            check_name(path)
            try:
                os.stat(path)
            except OSError as err:
                raise OSError(err.errno, err.strerror, shown_name(path)) from None


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
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a record file", shown_name(path))
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


def record_files(paths: Iterable[str]) -> Iterator[str]:
    """The files named, with every record file under each folder named."""
    for path in paths:
        if path != STDIN and "\0" not in path and os.path.isdir(path):
            found = [Path(folder, name) for folder, _, names in os.walk(path)
                     for name in names if name.lower().endswith(RECORD_SUFFIXES)]
            yield from (str(p) for p in sorted(found))
        else:
            yield path


def iter_records(paths: Iterable[str], stdin: IO | None = None) -> Iterator[RecordItem]:
    """Every record of every source, in order, with its source and line; a
    file that cannot be opened or read is one bad record (line 0)."""
    for path in record_files(paths):
        source = shown_name(path)
        try:
            with open_source(path, stdin) as handle:
                for line, item in read_source(handle, None if path == STDIN else path):
                    yield source, line, item
        except OSError as err:
            yield source, 0, RecordError(f"cannot read {source}: {err.strerror or err}")
