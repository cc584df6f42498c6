"""Game records (RULES B8): a deal code and a move script.

Records travel one per line in text files, as JSON Lines (fields ``code``
and ``moves``, other fields kept in :attr:`Record.extra`) or as CSV (columns
``code`` and ``moves``).  Readers take lines of text and yield
``(line number, Record or RecordError)``, so a batch can report a bad
record and go on; nothing here opens files.  A line ends at ``\\n``,
``\\r\\n`` or ``\\r``, in every format, and a field named twice (a JSON
key, a CSV column) is refused, never read as one of its values.
"""
from __future__ import annotations

import dataclasses

import array
import csv
import io
import itertools
import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .board import Board
from .errors import HarpError, RecordError, a_number, clip, number_text
from .games import new_board
from .notation import LINE_END, script_lines, uncommented_lines

FORMATS = ("text", "jsonl", "csv")
#: A word shaped like a deal code (``EH1-N-AAAAAAF``); parse_code checks the rest.
CODE_SHAPE = re.compile(r"[A-Za-z]{2}\d+-[A-Za-z0-9]+-[A-Za-z0-9]+")
#: The longest line of a record file, in bytes, and the longest record (a
#: text record or a CSV row over several lines), in characters.  A game of
#: a million actions fits; anything longer is a bad record, not a memory hog.
LINE_LIMIT = 4 * 1024 * 1024
RECORD_LIMIT = LINE_LIMIT
#: How deep a JSON record may nest: a record is an object of strings and
#: lists, and a deeper one is refused before it is parsed.
JSON_DEPTH_LIMIT = 32
#: The most digits of a JSON number (Python refuses to read longer ones).
JSON_DIGITS_LIMIT = 1000
#: What ``str.splitlines`` takes for a line break besides ``\r`` and
#: ``\n``.  A record file's lines end at ``\n``, ``\r\n`` or ``\r`` only
#: (:data:`~harp.notation.LINE_END`), so in a script read from a file these
#: are white space, as they are to ``str.split`` and the script reader.
OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: The fields a record writes itself (RULES B8); the others are its extra ones.
RECORD_FIELDS = ("code", "moves")


@dataclass
class Record:
    """One game: its deal code and its move script (the ``moves`` field of
    a record file, RULES B8).

    ``line`` is where the record starts in its file and ``last_line`` where
    it ends; ``script_line`` is the file line of the script's first line, so
    errors can name real lines.
    """

    code: str
    script: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    line: int = 1
    script_line: int = 1
    last_line: int = 0

    def __post_init__(self) -> None:
        for name in ("code", "script"):
            if not isinstance(getattr(self, name), str):
                raise TypeError(f"a record's {name} is a str, "
                                f"not {type(getattr(self, name)).__name__}")
        if not isinstance(self.extra, dict):
            raise TypeError(f"a record's extra fields are a dict, not {type(self.extra).__name__}")
        for name in RECORD_FIELDS:
            if name in self.extra:      # to_dict would write it in place of the record's own
                raise RecordError(f"an extra field of a record cannot be named {name!r}: "
                                  "that is the record's own field (RULES B8)")
        self.last_line = max(self.last_line, self.line)

    def moves(self) -> str:
        """The script's actions on one line, as the record is written
        (RULES B8): its ``#`` comments (RULES B7) left out, since on one
        line a comment would swallow the actions after it."""
        return one_line_script(self.script)

    def to_text(self) -> str:
        return f"{self.code} {self.moves()}".strip()

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "moves": self.moves(), **self.extra}


def one_line_script(script: str) -> str:
    """The words of a script, its comments left out, on one line: the
    lines the script reader (:func:`harp.notation.tokenize`) reads, so it
    replays to the same actions."""
    return " ".join(word for line in uncommented_lines(script) for word in line.split())


class Line(NamedTuple):
    """One line of a record file: its number, its text (line break kept)
    and, if it could not be read, why (its text is then what could be)."""

    number: int
    text: str
    error: str | None = None


NumberedRecord = tuple[int, "Record | RecordError"]


def script_text(text: str) -> str:
    """A script read from a file, its line k the file's: the characters
    that the script reader alone takes for line breaks (OTHER_BREAKS)
    become spaces."""
    return OTHER_BREAKS.sub(" ", text)


def parse_record_text(text: str, line: int = 1) -> Record:
    """A record written as text: the deal code, then the script, which may
    run over several lines with ``#`` comments (RULES B7, B8)."""
    lines = script_lines(script_text(text))
    for index, raw in enumerate(lines):
        words = _words(raw)
        if words:
            # The script keeps its line breaks, the first one included, so
            # that its line k is line script_line + k - 1 of the file.
            first = raw.split("#", 1)[0].replace(",", " ").split(None, 1)
            rest = [first[1] if len(first) > 1 else ""] + lines[index + 1:]
            return Record(words[0], "\n".join(rest).rstrip(), line=line + index,
                          script_line=line + index, last_line=line + len(lines) - 1)
    raise RecordError(f"line {line}: empty record: no deal code")


def _words(text: str) -> list[str]:
    return text.split("#", 1)[0].replace(",", " ").split()


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


def read_records(lines: Iterable[str | Line], fmt: str = "text") -> Iterator[NumberedRecord]:
    """Every record of a stream, in order, each with its line number; a
    record that cannot be read is yielded as a RecordError in its place.

    ``lines`` are strings (numbered from 1) or :class:`Line` objects that carry
    their own number and read error.  A byte-order mark starting a line is
    dropped (two files joined with ``cat`` have one inside).  One ``str``
    is read as a file's whole text, its lines ending where a file's do
    (``\n``, ``\r\n``, ``\r``); lines given without their ends
    (``text.splitlines()``) are read as if each had one."""
    if isinstance(lines, str):
        lines = file_lines(lines)
    readers = {"text": _read_text, "jsonl": _read_jsonl, "csv": _read_csv}
    if not isinstance(fmt, str):
        raise TypeError(f"fmt is one of {', '.join(FORMATS)} (a str), not {type(fmt).__name__}")
    if fmt not in readers:
        raise RecordError(f"unknown record format {clip(fmt)!r} (expected one of "
                          f"{', '.join(FORMATS)})")
    return readers[fmt](_numbered(lines))


def file_lines(text: str) -> list[str]:
    """``text`` cut into lines where a record file's lines end (each line
    keeps its end): not at the other breaks ``str.splitlines`` knows
    (:data:`OTHER_BREAKS`), which a JSON string or a CSV field may hold."""
    if not text:
        return []
    ends = [match.end() for match in LINE_END.finditer(text)]
    starts = [0, *ends]
    if ends and ends[-1] == len(text):
        starts.pop()
    return [text[start:end] for start, end in zip(starts, [*ends, len(text)])]


def _numbered(lines: Iterable[str | Line]) -> Iterator[Line]:
    for number, line in enumerate(lines, 1):
        if isinstance(line, str):
            line = Line(number, line)
        elif not isinstance(line, Line):
            mode = (": open the file in text mode (open(path, encoding='utf-8'))"
                    if isinstance(line, (bytes, bytearray)) else "")
            raise TypeError(f"read_records takes lines of text (str), not "
                            f"{type(line).__name__} (line {number}){mode}")
        if line.text.startswith("\ufeff"):
            line = line._replace(text=line.text[1:])
        yield line


class _TextRecord:
    """A text record being read: its lines, or why it is bad."""

    def __init__(self, start: int) -> None:
        self.start = self.last = start
        self.body: list[str] = []
        self.size = 0
        self.error: str | None = None

    def add(self, line: Line) -> None:
        self.last = line.number
        self.size += len(line.text)
        if self.error is None and line.error is not None:
            self.error = f"line {line.number}: {line.error}"
        if self.error is None and self.size > RECORD_LIMIT:
            self.error = f"line {self.start}: the record is longer than {RECORD_LIMIT} characters"
        if self.error is None:
            self.body.append(line.text.rstrip("\r\n"))
        else:
            self.body = []

    def result(self) -> NumberedRecord:
        if self.error is not None:
            return self.start, RecordError(self.error)
        record = parse_record_text("\n".join(self.body), self.start)
        record.last_line = self.last
        return self.start, record


def _read_text(lines: Iterable[Line]) -> Iterator[NumberedRecord]:
    """Text records, streamed: a line whose first word is shaped like a deal
    code starts a record; other lines continue the current one, so a
    script may run over several lines with ``#`` comments (RULES B7, B8)."""
    current: _TextRecord | None = None
    for line in lines:
        words = _words(line.text)
        if (current is None and (words or line.error)) or (
                current is not None and words and CODE_SHAPE.fullmatch(words[0])):
            if current is not None:
                yield current.result()
            current = _TextRecord(line.number)
        if current is not None:
            current.add(line)
    if current is not None:
        yield current.result()


def _moves_text(value: Any, number: int, one_line: bool = False) -> str:
    """The script of a ``moves`` field: a string, or a list of strings
    (JSON).  A JSON record is one line of its file (``one_line``), so its
    script is made one line, a comment (RULES B7) ending at a line break of
    its string or with its element of the list, and an error in it names
    the record's line."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(_one_line(v) for v in value)
    if isinstance(value, str):
        return _one_line(value) if one_line else script_text(value)
    raise RecordError(f"line {number}: 'moves' must be a string or a list of strings")


def _one_line(script: str) -> str:
    """A script's words on one line, its comments left out."""
    return " ".join(word for line in LINE_END.split(script)
                    for word in line.split("#", 1)[0].split())


def _read_jsonl(lines: Iterable[Line]) -> Iterator[NumberedRecord]:
    for number, raw, error in lines:
        if error is not None:
            yield number, RecordError(f"line {number}: {error}")
            continue
        text = raw.strip()
        if not text:
            continue
        try:
            yield number, _record_from_mapping(_load_json(text, number), number, one_line=True)
        except RecordError as err:
            yield number, err


def _load_json(text: str, number: int) -> Any:
    """One JSON value, refusing before parsing what would exhaust Python's
    stack (deep nesting) or its number reader (huge numbers)."""
    if text.count("[") + text.count("{") > JSON_DEPTH_LIMIT and _json_depth(text) > JSON_DEPTH_LIMIT:
        raise RecordError(f"line {number}: JSON nested deeper than {JSON_DEPTH_LIMIT} levels")
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float,
                          parse_constant=_json_constant, object_pairs_hook=_json_object)
    except json.JSONDecodeError as err:
        if text in ("{", "[") or not text.startswith("{"):
            # a line of a JSON value written over several lines (a .json file)
            raise RecordError(f"line {number}: not a JSON Lines record "
                              "(one JSON object per line)") from None
        # ("Unterminated string starting at": json's message ends where its place goes)
        where = f" column {err.colno}" if err.msg.endswith(" at") else f", column {err.colno}"
        raise RecordError(f"line {number}: not valid JSON ({err.msg}{where})") from None
    except _JSONNumberTooLong as err:
        raise RecordError(f"line {number}: a JSON number of {err} digits") from None
    except _JSONRefused as err:
        raise RecordError(f"line {number}: {err}") from None
    if "\\u" in text.lower():
        _refuse_lone_surrogates(data, number)
    return data


class _JSONNumberTooLong(Exception):
    pass


class _JSONRefused(Exception):
    """JSON that Python reads but a record cannot hold: a key twice (which
    would keep only its last value), NaN or an infinite number (which no
    JSON output can hold)."""


def _json_int(digits: str) -> int:
    if len(digits) > JSON_DIGITS_LIMIT:
        raise _JSONNumberTooLong(len(digits))
    return int(digits)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _JSONRefused(f"the JSON number {clip(text, 20)} is out of range")
    return value


def _json_constant(name: str) -> Any:
    raise _JSONRefused(f"{name} is not a JSON number")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        keys = [key for key, _ in pairs]
        twice = next(key for i, key in enumerate(keys) if key in keys[:i])
        raise _JSONRefused(f"the field {clip(twice)!r} appears twice")
    return data


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def _json_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped); stops
    counting past the limit."""
    depth = deepest = 0
    for match in _JSON_BRACKET.finditer(_JSON_STRING.sub("", text)):
        depth += 1 if match[0] in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > JSON_DEPTH_LIMIT:
                break
    return deepest


def _refuse_lone_surrogates(data: Any, number: int) -> None:
    """A ``\\ud800`` escape decodes to a string no file or terminal can hold."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(f"line {number}: a JSON string holds a lone surrogate "
                                  "(\\ud800-\\udfff), which is not text") from None
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def _record_from_mapping(data: Any, number: int, script_line: int | None = None,
                         last_line: int | None = None, one_line: bool = False) -> Record:
    if not isinstance(data, dict):
        raise RecordError(f"line {number}: a record must be a JSON object with 'code' and 'moves'")
    code = data.get("code")
    if code is not None and not isinstance(code, str):
        raise RecordError(f"line {number}: 'code' must be a string (a deal code in quotes, "
                          f"e.g. \"EH1-N-AAAAAAF\"), not {clip(json.dumps(code))}")
    if code is None or not code.strip():
        raise RecordError(f"line {number}: the record has no 'code'")
    if "moves" not in data:         # RULES B8: an empty script is written "moves": ""
        raise RecordError(f"line {number}: the record has no 'moves' (RULES B8: a record "
                          "has the fields code and moves)")
    script = _moves_text(data["moves"], number, one_line)
    extra = {k: v for k, v in data.items() if k not in ("code", "moves")}
    return Record(code.strip(), script, extra, line=number, script_line=script_line or number,
                  last_line=last_line or number)


#: Bad rows of several lines whose later lines are read again
#: (:meth:`_CSVFeed.read_again_after_first`): each time, up to the rest of
#: the file is read again, so a file of many open quotes is cut short.
CSV_REREADS = 20


class _CSVRowTooLong(Exception):
    """The row being read grew longer than RECORD_LIMIT at the line given."""

    def __init__(self, line: Line) -> None:
        super().__init__(line.number)
        self.line = line


class _HeldLines:
    """The lines of the CSV row being read, held to be read again
    (:meth:`_CSVFeed.read_again_after_first`) in little memory: their text in
    one buffer, their numbers and lengths in arrays, not an object per line
    (a quoted field of two million short lines would take hundreds of MB)."""

    def __init__(self) -> None:
        self.text = io.StringIO(newline="")
        self.numbers = array.array("Q")
        self.lengths = array.array("I")
        self.errors: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.numbers)

    def add(self, line: Line) -> None:
        self.text.write(line.text)
        self.numbers.append(line.number)
        self.lengths.append(len(line.text))
        if line.error is not None:
            self.errors[line.number] = line.error

    def after_first(self) -> Iterator[Line]:
        """The lines held, but the first."""
        text = self.text.getvalue()
        offset = self.lengths[0] if self.lengths else 0
        for number, length in zip(self.numbers[1:], self.lengths[1:]):
            yield Line(number, text[offset:offset + length], self.errors.get(number))
            offset += length


class _CSVFeed:
    """The lines of a CSV file for :func:`csv.reader`, watching the row
    being read: its first and last lines, its size, a read error."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.lines: Iterator[Line] = iter(lines)
        self.first: int | None = None
        self.last = 0
        self.size = 0
        self.error: str | None = None
        self.row = _HeldLines()         # the lines of the row being read

    def __iter__(self) -> _CSVFeed:
        return self

    def __next__(self) -> str:
        line = next(self.lines)
        number, text, error = line
        if self.first is None:
            self.first = number
        self.last = number
        self.size += len(text)
        if self.size > RECORD_LIMIT:
            raise _CSVRowTooLong(line)
        self.row.add(line)
        if error is not None and self.error is None:
            self.error = f"line {number}: {error}"
        # A line given without its end (text.splitlines()) ends here all the
        # same: a quoted field that runs over it keeps its line break.
        return text if text.endswith(("\n", "\r")) else text + "\n"

    def next_row(self) -> None:
        self.first, self.size, self.error, self.row = None, 0, None, _HeldLines()

    def read_again_after_first(self) -> None:
        """The row's lines after its first are read again as rows of their
        own: a quote left open swallowed them into a row that is not CSV."""
        again = self.row.after_first()
        self.next_row()
        self.lines = itertools.chain(again, self.lines)

    def skip_row(self, line: Line) -> bool:
        """Read on to the end of a row too long to read (``line`` made it
        so), holding none of it: where the csv module would end it, at the
        first line end outside a quoted field.  False if the file ends first."""
        quoted = _quoted_at_end(line.text, line.number != self.first)
        self.row = _HeldLines()
        while quoted:
            line = next(self.lines, None)
            if line is None:
                return False
            self.last = line.number
            quoted = _quoted_at_end(line.text, True)
        return True


def _quoted_at_end(text: str, quoted: bool) -> bool:
    """Whether a line of a CSV file ends inside a quoted field, which then
    runs on over the next line; ``quoted``: whether it starts inside one.
    It is read as the csv module (its default dialect, strict) reads it: a
    field starting with a quote is quoted, ``""`` in it is a quote, and a
    quote followed by anything but a quote or a comma closes it and ends
    the row (at the line end; elsewhere it is not CSV, which ends it too)."""
    start = 0 if quoted else _quoted_field(text, 0)
    while start >= 0:
        close = text.find('"', start)
        if close < 0:
            return True
        after = text[close + 1:close + 2]
        if after == '"':
            start = close + 2
        elif after == ",":
            start = _quoted_field(text, close + 2)
        else:
            return False
    return False


def _quoted_field(text: str, start: int) -> int:
    """Where the text of the first quoted field from the field starting at
    ``start`` begins (after its quote), read outside quotes; -1 if none."""
    if text.startswith('"', start):
        return start + 1
    found = text.find(',"', start)
    return found + 2 if found >= 0 else -1


def _read_csv(lines: Iterable[Line]) -> Iterator[NumberedRecord]:
    """CSV records: a header naming the columns (``code`` required), then
    one row per record; a quoted field may run over several lines.  A row
    longer than RECORD_LIMIT is a bad record, read no further than needed
    to find its end, and the rows after it are read."""
    if csv.field_size_limit() < RECORD_LIMIT:
        csv.field_size_limit(RECORD_LIMIT)
    feed = _CSVFeed(lines)
    header: list[str] | None = None
    reread = 0
    while True:
        # strict: a quote left open at the end of the file is an error, as
        # the check before records are added takes it, not a field running
        # to the end that silently swallows the records after it.
        reader = csv.reader(feed, strict=True)
        try:
            for row in reader:
                first, error = feed.first or feed.last, feed.error
                feed.next_row()
                if error is not None and header is None:
                    yield first, RecordError(error)
                    return
                if error is not None:
                    yield first, RecordError(error)
                elif not any(cell.strip() for cell in row) and (
                        header is None or len(row) <= 1 or len(row) == len(header)):
                    # A blank line, or a row of empty fields as a spreadsheet
                    # writes one; empty fields of another count are an error.
                    continue
                elif header is None:
                    header = [h.strip().lower() for h in row]
                    if "code" not in header:
                        yield first, RecordError(f"line {first}: the CSV header has no 'code' column")
                        return
                    if "moves" not in header:   # RULES B8: the columns code and moves
                        yield first, RecordError(f"line {first}: the CSV header has no 'moves' "
                                                 "column")
                        return
                    twice = [h for i, h in enumerate(header) if h and h in header[:i]]
                    if twice:       # a row would keep only one of its two values
                        yield first, RecordError(f"line {first}: the CSV header names the column "
                                                 f"{clip(twice[0])!r} twice")
                        return
                else:
                    yield first, _csv_record(header, row, first, feed.last)
            return
        except _CSVRowTooLong as err:
            first = feed.first or feed.last
            why = f"line {first}: a CSV row longer than {RECORD_LIMIT} characters"
            if header is None or not feed.skip_row(err.line):
                yield first, RecordError(f"{why} (a quote left open?); "
                                         "the rest of the file is not read")
                return
            lines = f", to line {feed.last} (a quote left open?)" if feed.last > first else ""
            yield first, RecordError(why + lines)
            feed.next_row()
        except csv.Error as err:
            first = feed.first or feed.last
            if str(err) == "unexpected end of data":
                why = f"line {first}: a quote opened there is not closed by the end of the file"
            else:
                why = f"line {first}: not valid CSV ({clip(str(err))})"
            if len(feed.row) > 1:       # a quote ran over lines that may be rows of their own
                reread += 1
                if reread > CSV_REREADS:
                    yield first, RecordError(f"{why}; the rest of the file is not read")
                    return
                feed.read_again_after_first()
            else:
                feed.next_row()
            yield first, RecordError(why)


def _csv_record(header: list[str], row: list[str], first: int, last: int) -> Record | RecordError:
    if len(row) != len(header):
        return RecordError(f"line {first}: {len(row)} field{'s' * (len(row) != 1)}, "
                           f"the header has {len(header)}")
    data = dict(zip(header, row))
    # The script starts on its row's first line plus the line breaks of the
    # (quoted) fields before it.
    before = header.index("moves") if "moves" in header else 0
    script_line = first + sum(len(LINE_END.findall(cell)) for cell in row[:before])
    try:
        return _record_from_mapping(data, first, script_line, last)
    except RecordError as err:
        return err


def format_record(record: Record, fmt: str = "text", header: list[str] | None = None) -> str:
    """One record as a line of the given format (CSV without its header;
    with ``header``, its fields in that order, those it lacks empty)."""
    if fmt == "text":
        return record.to_text()
    if fmt == "jsonl":
        _refuse_long_numbers(record.extra)
        try:
            # allow_nan=False: NaN and Infinity are no JSON, and the reader refuses them.
            return json.dumps(record.to_dict(), ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise RecordError(f"cannot write the record as JSON: {clip(str(err))}") from None
    if fmt == "csv":
        data = record.to_dict()
        _check_csv_names(data)
        values = list(data.values()) if header is None else [data.get(h, "") for h in header]
        return _csv_line(values)
    raise RecordError(f"unknown record format {clip(fmt)!r}")


def _refuse_long_numbers(value: Any) -> None:
    """An int the reader would refuse (more than JSON_DIGITS_LIMIT
    characters, its sign counted, as the reader counts them) is refused
    before it is written."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and (
                item >= _LONGEST_INT or item <= -_LONGEST_INT // 10):
            raise RecordError("cannot write the record as JSON: a number of more than "
                              f"{JSON_DIGITS_LIMIT} digits, which no reader takes")


#: The least int of JSON_DIGITS_LIMIT + 1 digits.
_LONGEST_INT = 10 ** JSON_DIGITS_LIMIT


def csv_header(record: Record) -> str:
    data = record.to_dict()
    _check_csv_names(data)
    return _csv_line(list(data.keys()))


def _check_csv_names(data: dict[str, Any]) -> None:
    """A CSV header's names are read stripped and in lower case (as a
    spreadsheet may write ``Code``): two fields that read as one name
    (``Code`` beside ``code``) would make a header the reader refuses, so
    they are refused before writing."""
    seen: dict[str, str] = {}
    for name in data:
        folded = str(name).strip().lower()
        if folded in seen:
            raise RecordError(f"a CSV header reads {clip(seen[folded])!r} and {clip(str(name))!r} "
                              "as one column (a header's names are read in any case and spacing)")
        seen[folded] = str(name)


def _csv_line(values: list[Any]) -> str:
    """One CSV row without its line ending.  The writer is given a real
    terminator and it is cut off afterwards: the csv module quotes a field
    only for the characters of its terminator, so with an empty one a field
    holding a line break would be written bare and break the row."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerow(values)
    return out.getvalue()[:-2]


def continued(record: Record, words: Iterable[str]) -> Record:
    """The record with more moves (``words``) played after its own."""
    extra = " ".join(words)
    if not extra:
        return record
    # After a comment on the script's last line (RULES B7), the moves go
    # on a line of their own, or the comment would swallow them.
    lines = script_lines(record.script)
    between = "\n" if lines and "#" in lines[-1] else " "
    return dataclasses.replace(record, script=f"{record.script}{between}{extra}")


def replay(record: Record, upto: int | None = None, *, interactive_rules: bool = True,
           double_click: bool = True) -> Board:
    """The board after the record's actions (the first ``upto`` of them:
    an ``int`` from 0 to the number of actions, as ``harp show --at``).

    Raises InvalidCodeError, NotationError or IllegalActionError; the last
    two name the action's number.  RecordError for an ``upto`` below 0 or
    past the last action, TypeError for one that is not an ``int``."""
    if not isinstance(record, Record):
        raise TypeError(f"replay takes a Record, not {type(record).__name__}: "
                        "Record(code, script) or parse_record_text(text) makes one")
    if upto is not None and type(upto) is not int:
        raise TypeError(f"upto is a number of actions (an int) or None, not "
                        f"{type(upto).__name__} ({clip(repr(upto))})")
    if upto is not None and upto < 0:
        raise RecordError(f"upto is a number of actions, 0 or more, not {a_number(upto)}")
    board = new_board(record.code, interactive_rules=interactive_rules, double_click=double_click)
    pushed = board.push_script(record.script, upto=upto, first_line=record.script_line)
    if upto is not None and len(pushed) < upto:
        # Not the position after upto actions: the script ends before them.
        raise RecordError(f"upto {number_text(upto)} is past the end: the record's script "
                          f"has {len(pushed)} action{'s' * (len(pushed) != 1)}")
    return board


def record_of(board: Board, **extra: Any) -> Record:
    """The record of a game played on a board: its code and its script,
    with ``extra`` fields (``player="ann"``); TypeError for an extra field
    named as one of the record's own, ``code`` or ``moves`` (RULES B8);
    HarpError for a board whose history does not start at its deal
    (``board.starts_at_deal``: a position set up by hand)."""
    for name in RECORD_FIELDS:
        if name in extra:
            raise TypeError(f"record_of got the extra field {name!r}, which is the record's "
                            f"own (RULES B8): the board gives its {name}")
    if not board.starts_at_deal:
        raise HarpError("no record gives this board's position: its history does not start at "
                        "its deal (a position set up by hand, or a copy without its history; "
                        "RULES B8: a record is a deal code and the script played from it)")
    return Record(str(board.code), board.script(), dict(extra))
