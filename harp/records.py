"""Game records (RULES B8): a deal code and a move script.

Records travel one per line in text files, as JSON Lines (fields ``code``
and ``moves``, other fields kept in :attr:`Record.extra`) or as CSV (columns
``code`` and ``moves``).  Readers take lines of text and yield
``(line number, Record or RecordError)``, so a batch can report a bad
record and go on; nothing here opens files.
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .games import new_board
from .errors import RecordError

FORMATS = ("text", "jsonl", "csv")
#: A word shaped like a deal code (``EH1-N-AAAAAAF``); parse_code checks the rest.
CODE_SHAPE = re.compile(r"[A-Za-z]{2}\d+-[A-Za-z0-9]+-[A-Za-z0-9]+")


@dataclass
class Record:
    """One game: its deal code and its move script (``moves``).

    ``line`` is where the record starts in its file; ``moves_line`` is the
    file line of the script's first line, so errors can name real lines.
    """

    code: str
    moves: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = 1
    moves_line: int = 1

    def to_text(self) -> str:
        return f"{self.code} {' '.join(self.moves.split())}".strip()

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "moves": " ".join(self.moves.split()), **self.extra}


def parse_record_text(text: str, line: int = 1) -> Record:
    """A record written as text: the deal code, then the script, which may
    run over several lines with ``#`` comments (RULES B7, B8)."""
    lines = text.splitlines()
    for index, raw in enumerate(lines):
        content = raw.split("#", 1)[0].replace(",", " ")
        words = content.split(None, 1)
        if words:
            # The script keeps its line breaks, the first one included, so
            # that its line k is line moves_line + k - 1 of the file.
            rest = [words[1] if len(words) > 1 else ""] + lines[index + 1:]
            return Record(words[0], "\n".join(rest).rstrip(), line=line + index,
                          moves_line=line + index)
    raise RecordError(f"line {line}: empty record: no deal code")


def detect_format(name: str | None = None, first_line: str | None = None) -> str:
    """``jsonl``, ``csv`` or ``text``, from a file name or the first line."""
    if name:
        lower = name.lower()
        if lower.endswith((".jsonl", ".ndjson", ".json")):
            return "jsonl"
        if lower.endswith(".csv"):
            return "csv"
        if lower.endswith(".txt"):
            return "text"
    if first_line is not None:
        stripped = first_line.lstrip("\ufeff").strip()
        if stripped.startswith("{"):
            return "jsonl"
        if "," in stripped and "code" in [c.strip().lower() for c in stripped.split(",")]:
            return "csv"
    return "text"


def read_records(lines: Iterable[str], fmt: str = "text") -> Iterator[tuple[int, Record | RecordError]]:
    """Every record of a stream, in order, each with its line number; a
    record that cannot be read is yielded as a RecordError in its place."""
    if fmt == "text":
        return _read_text(lines)
    if fmt == "jsonl":
        return _read_jsonl(lines)
    if fmt == "csv":
        return _read_csv(lines)
    raise RecordError(f"unknown record format {fmt!r} (expected one of {', '.join(FORMATS)})")


def _read_text(lines: Iterable[str]) -> Iterator[tuple[int, Record | RecordError]]:
    """Text records, streamed: a line whose first word is shaped like a deal
    code starts a record; other lines continue the current one, so a
    script may run over several lines with ``#`` comments (RULES B7, B8)."""
    start, body = 0, []
    for number, raw in enumerate(lines, 1):
        words = raw.split("#", 1)[0].replace(",", " ").split()
        if words and (not body or CODE_SHAPE.fullmatch(words[0])):
            if body:
                yield start, parse_record_text("\n".join(body), start)
            start, body = number, [raw.rstrip("\r\n")]
        elif body:
            body.append(raw.rstrip("\r\n"))
    if body:
        yield start, parse_record_text("\n".join(body), start)


def _moves_text(value: Any, number: int) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    raise RecordError(f"line {number}: 'moves' must be a string or a list of strings")


def _read_jsonl(lines: Iterable[str]) -> Iterator[tuple[int, Record | RecordError]]:
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text:
            continue
        try:
            yield number, _record_from_mapping(json.loads(text), number)
        except json.JSONDecodeError as err:
            yield number, RecordError(f"line {number}: not valid JSON ({err.msg}, column {err.colno})")
        except RecordError as err:
            yield number, err


def _record_from_mapping(data: Any, number: int) -> Record:
    if not isinstance(data, dict):
        raise RecordError(f"line {number}: a record must be a JSON object with 'code' and 'moves'")
    code = data.get("code")
    if not isinstance(code, str) or not code.strip():
        raise RecordError(f"line {number}: the record has no 'code'")
    moves = _moves_text(data.get("moves", ""), number)
    extra = {k: v for k, v in data.items() if k not in ("code", "moves")}
    return Record(code.strip(), moves, extra, line=number, moves_line=number)


def _read_csv(lines: Iterable[str]) -> Iterator[tuple[int, Record | RecordError]]:
    reader = csv.reader(line.rstrip("\r\n") for line in lines)
    header: list[str] | None = None
    for row in reader:
        number = reader.line_num
        if not row or not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [h.strip().lstrip("\ufeff").lower() for h in row]
            if "code" not in header:
                yield number, RecordError(f"line {number}: the CSV header has no 'code' column")
                return
            continue
        if len(row) != len(header):
            yield number, RecordError(f"line {number}: {len(row)} fields, the header has {len(header)}")
            continue
        data = dict(zip(header, row))
        try:
            yield number, _record_from_mapping(data, number)
        except RecordError as err:
            yield number, err


def format_record(record: Record, fmt: str = "text") -> str:
    """One record as a line of the given format (CSV without its header)."""
    if fmt == "text":
        return record.to_text()
    if fmt == "jsonl":
        return json.dumps(record.to_dict(), ensure_ascii=False)
    if fmt == "csv":
        out = io.StringIO()
        csv.writer(out, lineterminator="").writerow(list(record.to_dict().values()))
        return out.getvalue()
    raise RecordError(f"unknown record format {fmt!r}")


def csv_header(record: Record) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(list(record.to_dict().keys()))
    return out.getvalue()


def replay(record: Record, upto: int | None = None, *, interactive_rules: bool = True,
           double_click: bool = True) -> Board:
    """The board after the record's actions (the first ``upto`` of them).

    Raises InvalidCodeError, NotationError or IllegalActionError; the last
    two name the action's number."""
    board = new_board(record.code, interactive_rules=interactive_rules, double_click=double_click)
    board.push_script(record.moves, upto=upto, first_line=record.moves_line)
    return board


def record_of(board: Board, **extra: Any) -> Record:
    """The record of a game played on a board: its code and its script."""
    return Record(str(board.code), board.script(), dict(extra))
