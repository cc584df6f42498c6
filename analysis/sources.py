"""The records of many sources for a batch: files, folders of files,
standard input, each read by the one reader, :mod:`harp.recordfile`.

A folder contributes its record files (``.txt``, ``.jsonl``, ``.ndjson``,
``.json``, ``.csv``), recursively, in name order; the other files it holds
are skipped, and said to be (:func:`skipped_note`).  ``-`` is standard input.
What a folder holds that cannot be read is a bad record in its place
(docs/exit-codes.md): a folder inside it that cannot be listed, or a
record file that is not a regular file (a FIFO, a device), which is never
opened (a FIFO would wait for a writer forever).
"""
from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO

from harp.errors import RecordError, clip
from harp.recordfile import STDIN, check_name, open_source, read_source, shown_name
from harp.records import Record

RECORD_SUFFIXES = (".txt", ".jsonl", ".ndjson", ".json", ".csv")
#: How many names of the files a folder's note says were skipped.
SKIPPED_SHOWN = 3

#: A record with the file it came from and its line there.
RecordItem = tuple[str, int, "Record | RecordError"]


def check_paths(paths: Iterable[str]) -> None:
    """Raise OSError for the first path named that cannot be read: missing,
    or a file or folder without permission (before any work; a file found
    inside a folder that cannot be read is a bad record instead)."""
    for path in paths:
        if path == STDIN:
            continue
        check_name(path)
        try:
            if os.path.isdir(path):
                os.scandir(path).close()
            elif os.path.isfile(path):
                open(path, "rb").close()
            else:
                os.stat(path)
        except OSError as err:
            raise OSError(err.errno, err.strerror, shown_name(path)) from None


#: Told of the files a folder holds that are not read: the note to print.
SkippedNote = Callable[[str], None]


def record_files(paths: Iterable[str], skipped: SkippedNote | None = None
                 ) -> Iterator[str | OSError]:
    """The files named, with every record file under each folder named; an
    OSError (naming it) in place of what a folder holds that cannot be read.
    ``skipped`` is given a note (:func:`skipped_note`) for each folder
    holding files not named as records, as the folder is listed."""
    for path in paths:
        if path != STDIN and "\0" not in path and os.path.isdir(path):
            yield from _folder_files(path, skipped)
        else:
            yield path


def _folder_files(folder: str, skipped: SkippedNote | None) -> Iterator[str | OSError]:
    found: dict[Path, OSError | None] = {}
    others: list[str] = []

    def unlisted(err: OSError) -> None:         # os.walk skips such a folder silently
        found[Path(err.filename)] = err
    for parent, _, names in os.walk(folder, onerror=unlisted):
        for name in names:
            if name.lower().endswith(RECORD_SUFFIXES):
                found[Path(parent, name)] = _not_regular(Path(parent, name))
            else:
                others.append(os.path.relpath(os.path.join(parent, name), folder))
    if others and skipped is not None:
        skipped(skipped_note(folder, others))
    yield from (found[path] or str(path) for path in sorted(found))


def skipped_note(folder: str, names: list[str]) -> str:
    """``2 files in fold skipped: not named as records (.txt, ...): a, b``:
    the files of a folder that are not read, a few named (a folder may hold
    other files: they are not records, but a record file misnamed would
    otherwise be left out unseen)."""
    names = sorted(names)
    listed = ", ".join(clip(shown_name(name), 40) for name in names[:SKIPPED_SHOWN])
    more = f" and {len(names) - SKIPPED_SHOWN} more" if len(names) > SKIPPED_SHOWN else ""
    count = f"{len(names)} file{'s' * (len(names) != 1)}"
    return (f"{count} in {shown_name(folder)} skipped: not named as records "
            f"({', '.join(RECORD_SUFFIXES)}): {listed}{more}")


def _not_regular(path: Path) -> OSError | None:
    """Why a file found in a folder cannot be read as records (it is not a
    regular file, or cannot be looked at), or None."""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            return None
        return OSError(errno.EINVAL, "not a regular file", str(path))
    except OSError as err:
        return err


def iter_records(paths: Iterable[str], stdin: IO | None = None,
                 skipped: SkippedNote | None = None) -> Iterator[RecordItem]:
    """Every record of every source, in order, with its source and line; a
    file that cannot be opened or read is one bad record (line 0).
    ``skipped``: as :func:`record_files`."""
    for path in record_files(paths, skipped):
        if isinstance(path, OSError):
            source = shown_name(str(path.filename))
            yield source, 0, RecordError(f"cannot read {source}: {path.strerror or path}")
            continue
        source = shown_name(path)
        try:
            with open_source(path, stdin) as handle:
                for line, item in read_source(handle, None if path == STDIN else path):
                    yield source, line, item
        except OSError as err:
            yield source, 0, RecordError(f"cannot read {source}: {err.strerror or err}")
