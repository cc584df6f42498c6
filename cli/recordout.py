"""Writing game records (RULES B8) to files, safely.

The format follows the file's extension (``.jsonl``, ``.csv``, otherwise
text).  A new file is written whole or not at all (:mod:`harp.atomicfile`),
so a crash or Ctrl-C leaves no half file.  An existing file is extended the
same way: its bytes are copied into the new copy first (and a missing last
newline added), so the original is replaced only by a complete longer copy; a CSV file's header must name
the same columns as the records.  ``-`` writes text records to standard
output.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path
from types import TracebackType
from typing import IO

from harp import Record, RecordError
from harp.atomicfile import AtomicFile
from harp.records import csv_header, detect_format, format_record


class RecordWriter:
    """``with RecordWriter(path) as out: out.write(record)``; the file
    appears (or grows) only when the block ends without an error."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fmt = "text" if path == "-" else detect_format(path)
        self.count = 0
        self._handle: IO[str] | None = None
        self._file: AtomicFile | None = None
        self._header: str | None = None      # an existing CSV file's header line
        self._needs_header = self.fmt == "csv"

    def __enter__(self) -> RecordWriter:
        if self.path == "-":
            self._handle = sys.stdout
            return self
        existing = Path(self.path).read_bytes() if Path(self.path).is_file() else b""
        self._file = AtomicFile(self.path)
        raw = self._file.__enter__()
        if existing.strip():
            raw.write(existing if existing.endswith(b"\n") else existing + b"\n")
            if self.fmt == "csv":
                self._header = existing.decode("utf-8-sig").splitlines()[0].strip()
                self._needs_header = False
        self._handle = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        return self

    def write(self, record: Record) -> None:
        assert self._handle is not None, "use RecordWriter as a context manager"
        if self.fmt == "csv":
            header = csv_header(record)
            if self._needs_header:
                self._handle.write(header + "\n")
                self._needs_header = False
                self._header = header
            elif header != self._header:
                raise RecordError(f"cannot add to {self.path}: its CSV columns are "
                                  f"{self._header!r}, these records have {header!r}")
        self._handle.write(format_record(record, self.fmt) + "\n")
        self.count += 1

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._file is None or self._handle is None:
            return
        if kind is None and not self.count:
            self._file.discard()        # no records: the file stays as it was
        try:
            self._handle.detach()       # flushes the text into the file
        except BaseException as err:    # e.g. the disk is full: the file stays as it was
            if kind is None:
                self._file.__exit__(type(err), err, err.__traceback__)
                raise
        self._file.__exit__(kind, error, traceback)
