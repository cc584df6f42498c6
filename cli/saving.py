"""Saving a played game as a record (RULES B8) without ever damaging a file.

* A new file is written whole, and a record added to an existing file of
  records in its own format, by the one record writer
  (:class:`~harp.cli.recordout.RecordWriter`): a file that is not one of
  records is refused, and no file is ever left half written.
* A game resumed from a record file (``harp play --load FILE -i``) and
  saved to that same file updates its record in place (the file rewritten
  through a temporary file), instead of adding a second record.

Errors are :class:`~harp.errors.RecordError` (refused) or OSError (cannot
write); the file is then as it was.
"""
from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

import click

from harp.atomicfile import AtomicFile, check_name_encoding, same_file
from harp.errors import RecordError
from harp.recordfile import check_name, is_blank, line_end, read_lines, read_source, shown_name
from harp.notation import tokenize
from harp.records import LINE_LIMIT, Record, detect_format, format_record

from .recordout import RecordWriter, csv_header_of

CREATED, APPENDED, UPDATED = "created", "appended", "updated"


@dataclass(frozen=True)
class Resumed:
    """Where a resumed game's record came from: the file and the record read."""

    path: str
    record: Record


def file_name(typed: str) -> str:
    """The file a name typed in a game names (the line game's save question,
    the full-screen game's dialogs): ``~`` is the home folder, as in the
    shell; ``-`` is a file of that name, since standard input and output
    are the game's."""
    path = os.path.expanduser(typed)
    return os.path.join(".", path) if path == "-" else path


def refuse_special(path: str) -> None:
    """Refuse (OSError) a file that is there but is neither a folder nor a
    regular file (a named pipe, a device), before it is opened: opening
    a pipe waits for a writer, and the game would stop answering.  A name
    the file system's encoding cannot write is refused too (OSError)."""
    check_name_encoding(path)
    if os.path.exists(path) and not os.path.isdir(path) and not os.path.isfile(path):
        raise OSError(errno.EINVAL, "not a regular file", shown_name(path))


def kept_by_hand(record: Record) -> str:
    """What a game that was not saved prints, so that it is never lost unseen."""
    return f"Not saved. The game's record, to keep by hand:\n{record.to_text()}"


def say_last(lines: Iterable[str]) -> None:
    """Print the last words of a game ended by a signal (its record to keep
    by hand), as well as the terminal allows: after SIGHUP it is gone, and
    a write to it fails.  Standard output then goes nowhere, so that Python
    fails no flush at exit (which would turn the exit code into 120)."""
    try:
        for line in lines:
            try:
                click.echo(line)
            except UnicodeEncodeError:  # a file name the output's encoding cannot write
                click.echo(line.encode("ascii", "backslashreplace").decode("ascii"))
        sys.stdout.flush()
    except (OSError, ValueError):       # ValueError: standard output closed
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError):
            pass


def save_record(path: str, record: Record, resumed: Resumed | None = None) -> str:
    """Save the record to ``path``; say what was done (CREATED, APPENDED or
    UPDATED)."""
    check_name(path)
    check_name_encoding(path, "write")
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "it is a folder", shown_name(path))
    refuse_special(path)
    if resumed is not None and os.path.exists(path) and _loaded_from(path, resumed.path):
        _update(path, record, resumed.record)
        return UPDATED
    with RecordWriter(path) as out:
        out.write(record)
    return APPENDED if out.appended else CREATED


def _loaded_from(path: str, source: str) -> bool:
    """Whether the record was read from the file ``path``: ``source``
    names it, or is ``-`` and standard input is that file (``--load - <
    F``; a pipe from it cannot be told apart, and is not)."""
    if source != "-":
        return same_file(path, source)
    try:
        return os.path.samestat(os.fstat(sys.stdin.fileno()), os.stat(path))
    except (OSError, ValueError):      # no such descriptor (ValueError: closed)
        return False


def _update(path: str, record: Record, saved: Record) -> None:
    """Replace the record ``saved`` (read from ``path``) by ``record``, a
    continuation of it, rewriting the file through a temporary file."""
    with open(path, "rb") as handle:
        found = next((item for line, item in read_source(handle, path) if line == saved.line), None)
    if not (isinstance(found, Record) and found.code == saved.code
            and _tokens(found.script) == _tokens(saved.script)):
        raise RecordError(f"{shown_name(path)} has changed since the game was loaded from it; "
                          "save to another file")
    with open(path, "rb") as handle:
        # The format as the reader took it: by the name, else by the first
        # line that is not blank (a file named "game" may be JSON Lines).
        first = next((line for line in read_lines(handle) if not is_blank(line)), None)
        fmt = detect_format(path, first.text if first is not None else None)
        # New lines end as the first one does, so a file stays in one style.
        newline = line_end(first.text if first is not None else "").encode()
        handle.seek(0)
        header = csv_header_of(handle) if fmt == "csv" else None
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
                out.write((newline if last not in (b"\n", b"\r") else b"") + replacement)
                placed = True
            if fmt == "text" or not saved.line <= number <= saved.last_line:
                out.write(chunk)
                last = chunk[-1:]
        if not placed:
            out.write((newline if last not in (b"\n", b"\r") else b"") + replacement)


def _tokens(script: str) -> list[str]:
    return [token for token, _ in tokenize(script)]


def _raw_lines(handle: BinaryIO) -> Iterator[tuple[int, bytes]]:
    """The file's bytes in pieces of at most LINE_LIMIT, each with the
    number of the line it belongs to, lines ending at ``\\n``, ``\\r\\n``
    or ``\\r`` as the reader counts them (RULES B8)."""
    number = 1
    after_cr = False        # the last piece ended at \r: a \n first in the next read is its
    while chunk := handle.readline(LINE_LIMIT):
        for piece in chunk.splitlines(keepends=True):   # bytes: at \n, \r\n and \r only
            if after_cr and piece == b"\n":
                yield number - 1, piece
            else:
                yield number, piece
                number += piece.endswith((b"\n", b"\r"))
            after_cr = piece.endswith(b"\r")
