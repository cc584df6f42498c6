"""Writing game records (RULES B8) to files, without ever damaging one.

This is the one writer of record files: ``solve --save``, ``generate -o``,
``stats --export`` and the games' saves (:mod:`harp.cli.saving`) all write
through :class:`RecordWriter`.

* A new file is written whole or not at all (:mod:`harp.atomicfile`), so a
  crash or Ctrl-C leaves no half file; its format follows its extension
  (``.jsonl``, ``.csv``, otherwise text).  ``-`` writes text records to
  standard output.
* An existing file is extended the same way: its bytes are copied into the
  new copy first (a missing last line break added), so the original is
  replaced only by a complete longer copy.  The records follow the file's
  own format (from its name, else its first line) and line breaks; a CSV
  row follows the file's header, its fields in the header's order, those a
  record lacks left empty.
* Records are added only to a file of records: an existing file must be
  text (UTF-8, no NUL byte, no line too long to read) whose first record is
  one (a deal code, or a JSON object or CSV row with a ``code``), and a
  CSV header must have ``code`` and ``moves`` columns, and every field of
  the records added.  A CSV file must read cleanly to its end (strictly:
  a quote left open at its end would swallow the records added, and the
  row before them).  Anything else (a README, a settings file, a binary
  file) is refused and left as it was: a record added there would damage
  it, or could not be read back.
* :func:`check_target` makes these checks before a long piece of work
  (``solve --save``), so that a file that will be refused is refused first.
* A file changed while the records were made (another harp saved to it
  meanwhile) is not replaced by the copy made before: the records go
  after the file as it is now.  If they no longer fit it (it is no longer
  a file of records, or its format, CSV header or line breaks changed),
  the copy with the records is kept under a new name beside it
  (:class:`SetAside`), and the file is left as it is.
"""
from __future__ import annotations

import csv
import io
import os
import shutil
import sys
from dataclasses import dataclass
from itertools import dropwhile, islice
from pathlib import Path
from types import TracebackType
from typing import IO, BinaryIO

from harp import Record, RecordError
from harp.atomicfile import AtomicFile, stat_of
from harp.errors import clip, shown
from harp.recordfile import check_name, is_blank, line_end, naming, read_lines, shown_name
from harp.records import (CODE_SHAPE, RECORD_LIMIT, csv_header, detect_format, format_record,
                          read_records)

#: How far into a CSV file its header is looked for (blank lines first, or
#: a quote left open, must not read the whole file).
HEADER_LINES = 100


@dataclass(frozen=True)
class Existing:
    """What records added to an existing record file must follow: its
    format, its CSV header (column names, lower case) and its line break."""

    fmt: str
    header: list[str] | None
    newline: str


class SetAside(RecordError):
    """The records could not be added to a file changed while they were
    made: they are kept in another file, which the message names."""


class RecordWriter:
    """``with RecordWriter(path) as out: out.write(record)``; the file
    appears (or grows) only when the block ends without an error.
    :attr:`appended` says whether records went after a file's own."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fmt = "text" if path == "-" else detect_format(path)
        self.count = 0
        self.appended = False
        self._header: list[str] | None = None      # the CSV columns rows follow
        self._newline = "\n"
        self._handle: IO[str] | None = None
        self._file: AtomicFile | None = None
        self._seen: tuple[int, ...] | None = None  # the file as copied (_identity)
        self._records_at = 0    # where the records start in the copy (after a header)

    def __enter__(self) -> RecordWriter:
        if self.path == "-":
            self._handle = sys.stdout
            return self
        check_name(self.path)
        path = Path(self.path)
        source = open(self.path, "rb") if path.is_file() else None
        try:
            if source is not None:      # before it is read: a change while it is copied counts
                self._seen = _identity(os.fstat(source.fileno()))
            with naming(self.path):
                existing = appendable(source, self.path) if source is not None else None
            self._file = AtomicFile(self.path)
            raw = self._file.__enter__()
            if existing is not None and source is not None:
                self.fmt, self._header, self._newline = (existing.fmt, existing.header,
                                                         existing.newline)
                self.appended = True
                try:
                    _copy(source, raw, existing.newline)
                    self._records_at = raw.tell()
                except BaseException as err:
                    self._file.__exit__(type(err), err, err.__traceback__)
                    raise
        finally:
            if source is not None:
                source.close()
        self._handle = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        return self

    def written_to(self, why: str = "") -> str:
        """How a note ends, naming where the records went: `` written to
        FILE``, or when there were none and no file was there, that none
        was made (a file of no records is no record file); ``why`` (some
        deals made none) goes before "so no file", after the file."""
        if self.path == "-":
            return why
        if not self.count and stat_of(self.path) is None:
            return f"{why}, so no file {shown(self.path)} was made"
        return f" written to {shown(self.path)}{why}"

    def write(self, record: Record) -> None:
        if self._handle is None:
            raise RuntimeError("use RecordWriter as a context manager")
        if self.fmt == "csv":
            if self._header is None:
                self._header = list(record.to_dict())
                header = csv_header(record) + self._newline
                self._handle.write(header)
                self._records_at += len(header.encode("utf-8"))
            else:
                _check_fields(record, self._header, self.path)
            line = format_record(record, "csv", self._header)
        else:
            line = format_record(record, self.fmt)
        self._handle.write(line + self._newline)
        self.count += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._file is None or self._handle is None:
            return
        if kind is None and not self.count:
            self._file.discard()        # no records: the file stays as it was
        try:
            copy = self._handle.detach()    # flushes the text into the file
        except BaseException as err:    # e.g. the disk is full: the file stays as it was
            if kind is None:
                self._file.__exit__(type(err), err, err.__traceback__)
                raise
        if kind is None and self.count and _identity(stat_of(self.path)) != self._seen:
            self._commit_changed(copy)
            return
        self._file.__exit__(kind, error, traceback)

    def _commit_changed(self, copy: BinaryIO) -> None:
        """End with a file changed since it was copied, which the copy
        would undo: the records are added to the file as it is now, or,
        where they no longer fit it, the copy is set aside (SetAside)."""
        assert self._file is not None
        try:
            merged = self._add_to_changed(copy)
        except SetAside:        # by the writer of the file as it is now, with these records
            self._file.discard()
            self._file.__exit__(None, None, None)
            raise
        except (RecordError, OSError) as err:
            self._set_aside(err)
        except BaseException as err:
            self._file.__exit__(type(err), err, err.__traceback__)
            raise
        if merged:
            self._file.discard()
        self._file.__exit__(None, None, None)

    def _add_to_changed(self, copy: BinaryIO) -> bool:
        """Add the records to the file as it is now, changed since it was
        copied (a save or another run meanwhile, which the copy would
        undo): through a writer of the file as it is now, which checks it
        again and follows its format; the records' bytes are taken from
        the copy as they are, so they must fit its format, CSV header
        and line breaks (RecordError if not).  False if the file is gone
        or holds nothing but blanks now: the copy is then written."""
        with RecordWriter(self.path) as now:
            if not now.appended:
                return False
            if (now.fmt, now._newline, _columns(now._header)) != (
                    self.fmt, self._newline, _columns(self._header)):
                raise RecordError("its format, CSV header or line breaks changed")
            assert now._handle is not None
            now._handle.flush()
            copy.seek(self._records_at)
            shutil.copyfileobj(copy, now._handle.buffer)
            now.count = self.count
        return True

    def _set_aside(self, why: BaseException) -> None:
        """Keep the copy with the records under a new name beside the file
        (``games-kept.csv``, ``games-kept-2.csv``...), the file left as it
        is now; SetAside says where."""
        assert self._file is not None
        path = Path(self.path)
        side, number = path.with_name(f"{path.stem}-kept{path.suffix}"), 1
        while os.path.lexists(side):
            number += 1
            side = path.with_name(f"{path.stem}-kept-{number}{path.suffix}")
        self._file.redirect(side)
        self._file.__exit__(None, None, None)
        reason = (why.strerror if isinstance(why, OSError) else None) or str(why)
        records = f"{self.count} record{'s' * (self.count != 1)}"
        raise SetAside(f"cannot add to {shown_name(self.path)}: it was changed after it was "
                       f"read; its copy with the {records} added is kept as "
                       f"{shown_name(str(side))} ({reason})")


def check_target(path: str) -> None:
    """Refuse now, as :class:`RecordWriter` would (RecordError, OSError), a
    file that records cannot be written to, leaving it as it was."""
    with RecordWriter(path):
        pass                    # no record: the file is not replaced


def appendable(handle: BinaryIO, path: str) -> Existing | None:
    """How records are added to the opened file ``path``; None if it holds
    nothing but blanks (it is then written as a new file).  RecordError if
    it is not a file of records (see the module text)."""
    name = shown_name(path)
    # The format is told from the first line that is not blank, as a reader tells it.
    first_line = next(dropwhile(is_blank, read_lines(handle)), None)
    first_text = first_line.text if first_line is not None else ""
    newline = line_end(first_text)
    fmt = detect_format(path, first_text)
    handle.seek(0)
    blank = True

    def checked_lines():
        nonlocal blank
        for line in read_lines(handle):
            if line.error is not None:
                why = line.error.split(";")[0]
                raise RecordError(f"cannot add to {name}: line {line.number}: {why}; "
                                  "records are added only to a file of records (RULES B8)")
            blank = blank and not line.text.strip()
            yield line

    lines = checked_lines()
    first = next(read_records(lines, fmt), None)
    for _ in lines:                     # the rest of the file read too: every line text
        pass
    if blank:
        return None
    if fmt == "csv":        # first: its message says why a CSV file cannot take records
        handle.seek(0)
        _check_csv(handle, name)
    header = None
    if fmt == "csv":        # before its first record's error: the header says more
        handle.seek(0)
        header = csv_header_of(handle)
        if header is not None:
            missing = [column for column in ("code", "moves") if column not in header]
            if missing:
                raise RecordError(
                    f"cannot add to {name}: its CSV header ({clip(','.join(header))}) has no "
                    f"{' or '.join(repr(m) for m in missing)} column, so a record added there "
                    "could not be read back")
    if first is not None:
        number, item = first
        if isinstance(item, RecordError):
            raise RecordError(f"cannot add to {name}: {item}; "
                              "records are added only to a file of records (RULES B8)")
        if not CODE_SHAPE.fullmatch(item.code):
            raise RecordError(f"cannot add to {name}: line {number}: {clip(item.code, 40)!r} "
                              "is not a deal code; records are added only to a file of "
                              "records (RULES B8)")
    return Existing(fmt, header, newline)


def csv_header_of(handle: BinaryIO) -> list[str] | None:
    """The column names of a CSV file (its first row that is not blank)."""
    lines = islice(read_lines(handle), HEADER_LINES)
    for row in csv.reader(line.text.lstrip("\ufeff") for line in lines):
        if any(cell.strip() for cell in row):
            return [cell.strip().lower() for cell in row]
    return None


def _check_csv(handle: BinaryIO, name: str) -> None:
    """Refuse a CSV file that the csv module cannot read strictly to its
    end: its reader takes a quote left open at the end of the file for a
    field running to the end, so records added after it would be lost in
    it (and the row it is in, though complete, with them)."""
    if csv.field_size_limit() < RECORD_LIMIT:
        csv.field_size_limit(RECORD_LIMIT)
    row, last = 1, 0            # the first line of the row being read, the last line read

    def texts():
        nonlocal last
        for line in read_lines(handle):
            last = line.number
            yield line.text
    try:
        for _ in csv.reader(texts(), strict=True):
            row = last + 1
    except csv.Error as err:
        if str(err) == "unexpected end of data":
            why = "a quote opened there is not closed by the end of the file"
        else:
            why = f"not valid CSV ({clip(str(err))})"
        raise RecordError(f"cannot add to {name}: line {row}: {why}, so a record "
                          "added there could not be read back") from None


def _check_fields(record: Record, header: list[str], path: str) -> None:
    """Refuse a record with a field the CSV header has no column for (it
    would be lost)."""
    lost = [name for name, value in record.to_dict().items()
            if name not in header and value not in ("", None)]
    if lost:
        raise RecordError(f"cannot add to {shown_name(path)}: its CSV header "
                          f"({clip(','.join(header))}) has no "
                          f"{' or '.join(repr(name) for name in lost[:3])} column, so the "
                          "record's field would be lost")


def _identity(found: os.stat_result | None) -> tuple[int, ...] | None:
    """What tells a file changed: another file in its place, or other
    contents (a size or a time of change other than the copy's)."""
    if found is None:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


def _columns(header: list[str] | None) -> list[str] | None:
    """A CSV header's column names as a file's is read (stripped, lower case)."""
    return None if header is None else [name.strip().lower() for name in header]


def _copy(source: BinaryIO, out: BinaryIO, newline: str) -> None:
    """The file's bytes into its new copy, ending with a line break."""
    source.seek(0)
    shutil.copyfileobj(source, out)
    source.seek(-1, io.SEEK_END)
    if source.read(1) not in (b"\n", b"\r"):
        out.write(newline.encode())
