"""Writing game records (RULES B8) to files, safely.

The format follows the file's extension (``.jsonl``, ``.csv``, otherwise
text).  A new file is written to a temporary file beside it and renamed
into place when complete, so a crash or Ctrl-C leaves no half file.  An
existing file is extended the same way: its bytes are copied into the
temporary file first (and a missing last newline added), so the original
is replaced only by a complete longer copy; a CSV file's header must name
the same columns as the records.  ``-`` writes text records to standard
output.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from types import TracebackType
from typing import IO

from harp import Record, RecordError
from harp.records import csv_header, detect_format, format_record


class RecordWriter:
    """``with RecordWriter(path) as out: out.write(record)``; the file
    appears (or grows) only when the block ends without an error."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fmt = "text" if path == "-" else detect_format(path)
        self.count = 0
        self._handle: IO[str] | None = None
        self._tmp: str | None = None
        self._header: str | None = None      # an existing CSV file's header line
        self._needs_header = self.fmt == "csv"

    def __enter__(self) -> RecordWriter:
        if self.path == "-":
            self._handle = sys.stdout
            return self
        target = Path(self.path)
        existing = target.read_bytes() if target.is_file() else b""
        fd, self._tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent if str(target.parent) else ".")
        self._handle = os.fdopen(fd, "w", encoding="utf-8", newline="")
        if existing.strip():
            self._handle.flush()
            self._handle.buffer.write(existing if existing.endswith(b"\n") else existing + b"\n")
            if self.fmt == "csv":
                self._header = existing.decode("utf-8-sig").splitlines()[0].strip()
                self._needs_header = False
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
        if self.path == "-" or self._handle is None or self._tmp is None:
            return
        self._handle.close()
        if kind is None and self.count:
            os.chmod(self._tmp, _mode_for(self.path))
            os.replace(self._tmp, self.path)
        else:
            os.unlink(self._tmp)


def _mode_for(path: str) -> int:
    """An existing file keeps its permissions; a new one gets the umask's."""
    try:
        return os.stat(path).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
