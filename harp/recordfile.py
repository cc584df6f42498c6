"""Reading record files (RULES B8): the one reader every command uses.

``harp replay``, ``--load`` (``show``, ``play``, ``hint``, ``solve``) and
``play --script`` read one file (or standard input, ``-``) here; ``harp score`` reads many
through :mod:`harp.analysis.sources`, which opens each file here too, so a
file means the same to all of them.  Reading streams: one line at a time,
each at most :data:`harp.records.LINE_LIMIT` bytes, so neither a huge file
nor ``/dev/zero`` fills memory.  A line ends at ``\\n``, ``\\r\\n`` or ``\\r``
alone, as in every editor, and lines are numbered so in every format.  Each
file's format (text, JSON Lines, CSV) is detected from its name, else from
its first line that is not blank; a byte-order mark is dropped, at the
start of any line (two files joined with ``cat``).  A line that is not
UTF-8 or is too long makes its record bad, a NUL byte or a UTF-16
byte-order mark ends a file that is not UTF-8 text, and a bad record is
yielded in its place (a
:class:`~harp.errors.RecordError`) so that a batch reports it and goes on.
A read that fails part way through (an I/O error) names the file
(:class:`ReadError`).

Text files may hold one record whose script runs over several lines (with
``#`` comments), or many records one per line: a line whose first word looks
like a deal code starts a new record, other lines continue the current one.
"""
from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
from collections.abc import Iterator
from itertools import chain, dropwhile
from typing import IO, BinaryIO, NamedTuple

from .errors import RecordError, shown
from .records import (LINE_LIMIT, RECORD_LIMIT, Line, NumberedRecord, Record, detect_format,
                      read_records, script_text)

STDIN = "-"
NO_RECORD = "no record found: a record is a deal code followed by its moves (RULES B8)"
#: How much of a line :func:`read_lines` asks the stream for at a time:
#: ``readline`` stops at ``\n`` only, and a file of ``\r``-ended lines may
#: have none.
CHUNK = 64 * 1024
#: The byte-order marks of UTF-16 (little and big endian) at a file's start.
UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


class ReadError(OSError):
    """Reading ``filename`` failed after it was opened (an I/O error part
    way through): ``cannot read FILE: REASON``."""

    verb = "read"


def file_name(path: str | os.PathLike[str]) -> str:
    """A file's name given as a ``str`` or a path object (``pathlib.Path``)
    as a ``str``; TypeError for anything else (bytes included)."""
    name = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(name, str):
        raise TypeError(f"a file's name is a str or a path object, not {type(name).__name__}")
    return name


def shown_name(path: str) -> str:
    """A file's name as error messages and score rows give it: clipped,
    every character that is not printable escaped (``a\\nb.txt``,
    ``\\x1b``), as ``harp.errors.shown`` does, so that a name
    holding a line break or an escape sequence neither splits a one-line
    message (nor is folded into a space with it) nor drives the terminal."""
    if path == STDIN:
        return "<stdin>"
    return shown(path, 200)


def check_name(path: str) -> None:
    """Refuse (OSError) a file name that no file can have."""
    if "\0" in path:
        raise OSError(errno.EINVAL, "a file name cannot hold a NUL byte", shown_name(path))


@contextlib.contextmanager
def naming(path: str) -> Iterator[None]:
    """An OSError raised while ``path`` is read names it, as a
    :class:`ReadError` (a read that fails part way through, as
    ``/proc/self/mem``'s does, says only "Input/output error")."""
    try:
        yield
    except OSError as err:
        if err.filename is not None:
            raise
        raise ReadError(err.errno, err.strerror or str(err), shown_name(path)) from None


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
    """The lines of a binary stream as :class:`Line` objects, each ending at
    ``\\n``, ``\\r\\n`` or ``\\r`` (kept in its text) and read in bounded
    chunks: a line longer than LINE_LIMIT bytes is skipped (its error says
    so), a line that is not UTF-8 is decoded with replacement characters
    and its error says where, a byte-order mark starting a line is dropped;
    a NUL byte, or a UTF-16 byte-order mark, ends the stream (not UTF-8
    text)."""
    for number, raw in enumerate(_raw_lines(handle), 1):
        if isinstance(raw, _TooLong):
            # Its text is its shape: a CSV row it is part of (a bad row)
            # ends where it would have ended.
            text = raw.shape.decode("ascii") if raw.shape is not None else ""
            yield Line(number, text, f"the line is longer than {LINE_LIMIT} bytes")
            continue
        if number == 1 and _utf16(raw):
            yield Line(number, "", "UTF-16 text (its byte-order mark): harp reads UTF-8 text; "
                       "the rest of the file is not read")
            return
        if b"\0" in raw:
            yield Line(number, "", "a NUL byte: not a text file; the rest of the file is not read")
            return
        try:
            yield Line(number, raw.decode("utf-8").removeprefix("\ufeff"))
        except UnicodeDecodeError as err:
            # The column an editor shows: characters (the bytes before the
            # bad one are UTF-8), a byte-order mark not counted.
            column = len(raw[:err.start].decode("utf-8").removeprefix("\ufeff")) + 1
            yield Line(number, raw.decode("utf-8", "replace").removeprefix("\ufeff"),
                       f"not UTF-8 text (byte 0x{raw[err.start]:02x} at column {column})")


def _utf16(raw: bytes) -> bool:
    """Whether a file's first line is UTF-16 text: a UTF-16 byte-order mark,
    then an ASCII character (a record file starts with a deal code, a
    comment, a JSON object or a CSV header), not binary data that happens
    to start with those two bytes."""
    if not raw.startswith(UTF16_MARKS) or len(raw) < 4:
        return False
    unit = int.from_bytes(raw[2:4], "little" if raw.startswith(b"\xff\xfe") else "big")
    return 0 < unit < 0x80


class _TooLong(NamedTuple):
    """A line longer than LINE_LIMIT bytes, skipped: its ``shape``, what a
    CSV reader needs of it (each run of characters but quotes, commas and
    line ends as one ``x``: ``5" xxx,"a""b"`` is ``x"x,"x""x"``), so that
    a CSV row running over it ends where the csv module would end it;
    None if even that is longer than LINE_LIMIT."""

    shape: bytes | None


#: What a too-long line's shape keeps of it (_TooLong).
_NOT_CSV_SYNTAX = re.compile(rb'[^",\r\n]+')


def _raw_lines(handle: BinaryIO) -> Iterator[bytes | _TooLong]:
    """The lines of a binary stream as bytes, each with its line end
    (``\\n``, ``\\r\\n`` or ``\\r``); a line longer than LINE_LIMIT bytes
    (its line end not counted) is skipped, never held whole: its shape
    (:class:`_TooLong`) comes in its place.  A NUL byte ends the stream at
    once, its line yielded as far as it goes."""
    parts: list[bytes] = []     # the line being read, until it is too long ...
    shape: list[bytes] | None = None    # ... then its shape (None: not too long yet)
    size = shaped = 0           # their bytes so far
    held = False                # it ends with a \r that ended a chunk: a \n may follow
    while True:
        chunk = handle.readline(CHUNK)
        if held and not chunk.startswith(b"\n"):
            yield _line_of(parts, shape, shaped)
            parts, shape, size, shaped, held = [], None, 0, 0, False
        if not chunk:
            if size:
                yield _line_of(parts, shape, shaped)
            return
        pieces = chunk.splitlines(keepends=True)        # bytes: at \n, \r\n and \r only
        for index, piece in enumerate(pieces):
            if b"\0" in piece:         # not text (/dev/zero has no line end): read no further
                yield b"".join(parts) + piece
                return
            size += len(piece)
            if shape is None and size <= LINE_LIMIT + 2:
                parts.append(piece)
            else:
                if shape is None:       # too long from here: what is held becomes a shape
                    shape = [_NOT_CSV_SYNTAX.sub(b"x", part) for part in parts]
                    parts, shaped = [], sum(map(len, shape))
                if shaped <= LINE_LIMIT:
                    shape.append(_NOT_CSV_SYNTAX.sub(b"x", piece))
                    shaped += len(shape[-1])
            if piece.endswith(b"\n") or (piece.endswith(b"\r") and index < len(pieces) - 1):
                yield _line_of(parts, shape, shaped)
                parts, shape, size, shaped = [], None, 0, 0
        held = pieces[-1].endswith(b"\r")


def _line_of(parts: list[bytes], shape: list[bytes] | None, shaped: int) -> bytes | _TooLong:
    """The line read, or if it was too long (its shape made, or over the
    limit without its line end) its shape."""
    if shape is None:
        line = b"".join(parts)
        if len(line.rstrip(b"\r\n")) <= LINE_LIMIT:
            return line
        shape = [_NOT_CSV_SYNTAX.sub(b"x", line)]
        shaped = len(shape[0])
    return _TooLong(b"".join(shape) if shaped <= LINE_LIMIT else None)


def read_source(handle: BinaryIO, name: str | None) -> Iterator[NumberedRecord]:
    """Every record of an opened file, in order, with its line; ``name``
    (None for standard input) helps detect the format, else its first line
    that is not blank does (as a CSV header is found).  The blank lines
    before it are left out: every format skips them, and each line carries
    its number."""
    lines = dropwhile(is_blank, read_lines(handle))
    first = next(lines, None)
    if first is None:
        return
    fmt = detect_format(name, first.text)
    yield from read_records(chain([first], lines), fmt)


def is_blank(line: Line) -> bool:
    """Whether a line is blank (white space only, read without error): no
    line to tell a file's format by."""
    return line.error is None and not line.text.strip()


def line_end(text: str) -> str:
    """The line end of ``text`` (a line as read: ``\\r\\n``, ``\\r``, else
    ``\\n``), the one a writer adds to a file whose first line it is."""
    return next((end for end in ("\r\n", "\r") if text.endswith(end)), "\n")


def records_in(path: str | os.PathLike[str]) -> Iterator[NumberedRecord]:
    """Every record of a file (``-``: standard input), streamed, with its
    line; bad records in their place.  OSError if it cannot be opened or
    read (naming it)."""
    return _records_in(file_name(path))


def _records_in(path: str) -> Iterator[NumberedRecord]:
    with open_source(path) as handle, naming(path):
        yield from read_source(handle, None if path == STDIN else path)


def load_one_record(path: str | os.PathLike[str]) -> Record:
    """The single record of a file; a bad record, none or several are an
    error (RecordError, prefixed with the file name)."""
    path = file_name(path)
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


def read_script(path: str | os.PathLike[str]) -> str:
    """The text of a script file (``-``: standard input), read like a
    record file: bounded lines, UTF-8, byte-order marks dropped, lines
    ending as the file's do (:func:`harp.records.script_text`)."""
    path = file_name(path)
    name = shown_name(path)
    parts: list[str] = []
    size = 0
    with open_source(path) as handle, naming(path):
        for number, text, error in read_lines(handle):
            if error is not None:
                raise RecordError(f"{name}: line {number}: {error}")
            size += len(text)
            if size > RECORD_LIMIT:
                raise RecordError(f"{name}: the script is longer than {RECORD_LIMIT} characters")
            parts.append(text)
    return script_text("".join(parts))
