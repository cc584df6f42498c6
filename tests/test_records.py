"""Game records (RULES B8): text, JSON Lines, CSV; replay to any step."""
from __future__ import annotations

import csv
import io
import random
import re
import tracemalloc

import pytest

import harp.records
from harp import (IllegalActionError, InvalidCodeError, NotationError, Record, RecordError,
                  read_records, replay)
from harp.records import (RECORD_LIMIT, Line, csv_header, detect_format, format_record,
                          parse_record_text, record_of)


def test_text_record_over_several_lines_with_comments() -> None:
    record = parse_record_text("# a game\nSH1-C4-AAAAAJ2 8>f  # ace\n 10>c\n")
    assert record.code == "SH1-C4-AAAAAJ2" and record.line == 2
    board = replay(record)
    assert board.script() == "8>f 10>c" and board.score == 10


def test_replay_errors_name_the_real_line() -> None:
    record = parse_record_text("SH1-C4-AAAAAJ2 8>f\n9>5\n")
    with pytest.raises(IllegalActionError, match=r"^action 2 \(9>5, line 2\)"):
        replay(record)


def test_replay_to_any_step() -> None:
    record = Record("EH1-N-AAAAAAF", "1>f d d d")
    assert replay(record, upto=0).moves == 0
    assert replay(record, upto=2).moves == 2
    assert replay(record).moves == 4


def test_text_stream_scripts_may_continue_on_following_lines() -> None:
    """RULES B8: a code-shaped first word starts a record; other lines
    continue it, and errors name the file's real line."""
    lines = ["# games\n", "EH1-N-AAAAAAF\n", "1>f d  # first\n", "zz\n", "SH1-C4-AAAAAJ2 8>f\n"]
    records = list(read_records(lines, "text"))
    assert [(n, r.code) for n, r in records] == [(2, "EH1-N-AAAAAAF"), (5, "SH1-C4-AAAAAJ2")]
    with pytest.raises(ValueError, match=r"^action 3 \(zz, line 4\): cannot read 'zz'"):
        replay(records[0][1])


def test_stream_of_text_records_reports_bad_lines_in_place() -> None:
    lines = ["EH1-N-AAAAAAF 1>f\n", "\n", "# comment\n", "SH1-C4-AAAAAJ2 8>f\n"]
    got = [(n, r.code) for n, r in read_records(lines, "text")]
    assert got == [(1, "EH1-N-AAAAAAF"), (4, "SH1-C4-AAAAAJ2")]


def test_jsonl_keeps_other_fields_and_reports_corrupt_lines() -> None:
    """RULES B8: fields code and moves; other fields kept (e.g. player)."""
    lines = ['{"code": "EH1-N-AAAAAAF", "moves": "1>f d", "player": "ann"}\n',
             '{"code": "SH1-C4-AAAAAJ2", "moves": ["8>f", "10>a"]}\n',
             '{"moves": "d"}\n', "{not json\n", '["a list"]\n', '{"code": "SH1-C4-AAA\n']
    out = list(read_records(lines, "jsonl"))
    first = out[0][1]
    assert isinstance(first, Record) and first.extra == {"player": "ann"}
    assert out[1][1].script == "8>f 10>a"
    assert [str(e) for _, e in out[2:]] == [
        "line 3: the record has no 'code'",
        "line 4: not valid JSON (Expecting property name enclosed in double quotes, column 2)",
        "line 5: a record must be a JSON object with 'code' and 'moves'",
        "line 6: not valid JSON (Unterminated string starting at column 10)"]
    assert all(isinstance(e, RecordError) for _, e in out[2:])


def test_csv_records() -> None:
    lines = ["code,moves,player\n", "EH1-N-AAAAAAF,1>f d,bob\n", "SH1-C4-AAAAAJ2,8>f\n",
             "SH1-C4-AAAAAJ2,8>f,x,y\n"]
    out = list(read_records(lines, "csv"))
    assert out[0][1].extra == {"player": "bob"} and out[0][0] == 2
    assert str(out[1][1]) == "line 3: 2 fields, the header has 3"
    assert str(out[2][1]) == "line 4: 4 fields, the header has 3"
    no_header = list(read_records(["moves\n", "d\n"], "csv"))
    assert str(no_header[0][1]) == "line 1: the CSV header has no 'code' column"


def test_a_record_without_its_moves_field_is_bad_and_an_empty_one_is_a_game_of_no_moves() -> None:
    """RULES B8: both fields are required; no moves is written as empty."""
    out = list(read_records(['{"code": "EH1-N-AAAAAAF"}\n',
                             '{"code": "EH1-N-AAAAAAF", "moves": ""}\n'], "jsonl"))
    assert str(out[0][1]) == ("line 1: the record has no 'moves' (RULES B8: a record has the "
                              "fields code and moves)")
    assert isinstance(out[1][1], Record) and out[1][1].script == ""
    no_moves = list(read_records(["code,player\n", "EH1-N-AAAAAAF,ann\n"], "csv"))
    assert [str(e) for _, e in no_moves] == ["line 1: the CSV header has no 'moves' column"]
    (_, empty), = read_records(["code,moves\n", "EH1-N-AAAAAAF,\n"], "csv")
    assert isinstance(empty, Record) and empty.script == ""
    (_, one), = read_records(["code,moves,player\n", "EH1-N-AAAAAAF\n"], "csv")
    assert str(one) == "line 2: 1 field, the header has 3"


def test_a_csv_row_of_empty_fields_is_skipped_only_when_it_has_the_headers_count() -> None:
    lines = ["code,moves\n", ",\n", "\n", ",,,\n", "SH1-C4-AAAAAJ2,8>f\n"]
    out = [(n, str(item) if isinstance(item, RecordError) else item.code)
           for n, item in read_records(lines, "csv")]
    assert out == [(4, "line 4: 4 fields, the header has 2"), (5, "SH1-C4-AAAAAJ2")]


def test_formats_round_trip() -> None:
    record = Record("EH1-N-AAAAAAF", "1>f  d", {"player": "ann"})
    assert format_record(record) == "EH1-N-AAAAAAF 1>f d"
    for fmt, lines in [("jsonl", [format_record(record, "jsonl")]),
                       ("csv", [csv_header(record), format_record(record, "csv")])]:
        (_, back), = read_records(lines, fmt)
        assert back.code == record.code and back.script == "1>f d" and back.extra == record.extra


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize("note", ["two\nlines", "a\rreturn"])
def test_a_field_with_a_line_break_reads_back(fmt: str, note: str) -> None:
    record = Record("EH1-N-AAAAAAF", "1>f d", {"note": note})
    lines = [format_record(record, fmt)]
    if fmt == "csv":
        lines.insert(0, csv_header(record))
    text = "".join(line + "\n" for line in lines)
    (_, back), = read_records(io.StringIO(text, newline="\n"), fmt)
    assert isinstance(back, Record) and back.extra == {"note": note}


def test_detect_format() -> None:
    assert detect_format("games.jsonl") == "jsonl"
    assert detect_format("games.CSV") == "csv"
    assert detect_format(None, '{"code": 1}') == "jsonl"
    assert detect_format(None, "code,moves") == "csv"
    assert detect_format(None, "EH1-N-AAAAAAF d") == "text"


def test_unknown_code_in_a_record() -> None:
    with pytest.raises(InvalidCodeError, match="invalid deal code 'EH9-N-AAAAAAF'"):
        replay(Record("EH9-N-AAAAAAF", "d"))


def test_record_of_a_played_board() -> None:
    board = replay(Record("SH1-C4-AAAAAJ2", "8>f 8>c u"))
    again = record_of(board, player="z")
    assert again.to_text() == "SH1-C4-AAAAAJ2 8>f 8>c u" and again.extra == {"player": "z"}


@pytest.mark.parametrize("name", ["code", "moves"])
def test_an_extra_field_named_as_the_record_s_own_is_refused(name: str) -> None:
    """record_of(board, code=...) made a record whose to_dict (its JSON and
    CSV) wrote the extra value in place of the board's own (RULES B8)."""
    board = replay(Record("SH1-C4-AAAAAJ2", "8>f"))
    with pytest.raises(TypeError, match=f"record_of got the extra field '{name}'"):
        record_of(board, **{name: "x"})
    with pytest.raises(ValueError, match=f"an extra field of a record cannot be named '{name}'"):
        Record("SH1-C4-AAAAAJ2", "8>f", {name: "x"})
    with pytest.raises(TypeError, match="a record's extra fields are a dict, not list"):
        Record("SH1-C4-AAAAAJ2", "8>f", [("player", "z")])
    assert record_of(board, script="kept", line=3).to_dict() == {
        "code": "SH1-C4-AAAAAJ2", "moves": "8>f", "script": "kept", "line": 3}


@pytest.mark.parametrize("upto, error, says", [
    ("3", TypeError, "upto is a number of actions (an int) or None, not str ('3')"),
    (True, TypeError, "not bool (True)"),
    (2.0, TypeError, "not float (2.0)"),
    (-1, ValueError, "upto is a number of actions, 0 or more, not -1"),
    (5, ValueError, "upto 5 is past the end: the record's script has 4 actions"),
])
def test_replay_upto_is_a_number_of_actions_the_script_has(upto, error, says) -> None:
    """upto=True replayed 1 action, -1 none, 5 all 4, and "3" failed
    comparing an int with a str (or, on an empty script, was taken)."""
    with pytest.raises(error, match=re.escape(says)):
        replay(Record("EH1-N-AAAAAAF", "1>f d d d"), upto=upto)
    if error is TypeError:
        with pytest.raises(TypeError):
            replay(Record("EH1-N-AAAAAAF", ""), upto=upto)
    assert replay(Record("EH1-N-AAAAAAF", "1>f d d d"), upto=4).moves == 4


# ------------------------------------------------------------------ limits and damage

def test_a_byte_order_mark_is_dropped_in_every_format() -> None:
    for fmt, lines in [("text", ["\ufeffEH1-N-AAAAAAF 1>f\n"]),
                       ("jsonl", ['\ufeff{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n']),
                       ("csv", ["\ufeffcode,moves\n", "EH1-N-AAAAAAF,1>f\n"])]:
        (_, record), = read_records(lines, fmt)
        assert (record.code, record.script) == ("EH1-N-AAAAAAF", "1>f"), fmt


def test_csv_field_over_several_lines_keeps_its_line_breaks_and_lines() -> None:
    lines = ["code,moves\n", 'SH1-C4-AAAAAJ2,"8>f\n', '1>2"\n', "EH1-N-AAAAAAF,1>f\n"]
    (first_line, first), (second_line, second) = read_records(lines, "csv")
    assert (first_line, first.script, first.last_line) == (2, "8>f\n1>2", 3)
    assert (second_line, second.script) == (4, "1>f")
    with pytest.raises(IllegalActionError, match=r"^action 2 \(1>2, line 3\)"):
        replay(first)


def test_csv_field_longer_than_pythons_default_limit_is_read() -> None:
    script = "d " * 70_000            # 140 000 characters: csv's own limit is 131 072
    (_, record), = read_records(["code,moves\n", f"EH1-N-AAAAAAF,{script}\n"], "csv")
    assert isinstance(record, Record) and len(record.script) == 140_000


def test_csv_row_beyond_the_record_limit_ends_the_file() -> None:
    lines = ["code,moves\n", 'EH1-N-AAAAAAF,"d\n'] + ["d " * 1000 + "\n"] * 3000
    out = list(read_records(lines, "csv"))
    assert [(n, str(e)) for n, e in out] == [
        (2, f"line 2: a CSV row longer than {RECORD_LIMIT} characters (a quote left open?); "
            "the rest of the file is not read")]


def test_csv_row_beyond_the_record_limit_is_bad_and_the_rows_after_it_are_read() -> None:
    """A quoted field that runs past RECORD_LIMIT and then closes: the row
    is one bad record, and reading goes on after its closing line."""
    lines = (["code,moves\n", 'EH1-N-AAAAAAF,"d\n'] + ["d " * 1000 + "\n"] * 3000
             + ['d",\n', "SH1-C4-AAAAAJ2,8>f\n"])
    (n1, first), (n2, second) = read_records(lines, "csv")
    assert (n1, str(first)) == (2, f"line 2: a CSV row longer than {RECORD_LIMIT} characters, "
                                   "to line 3003 (a quote left open?)")
    assert (n2, second.code, second.script) == (3004, "SH1-C4-AAAAAJ2", "8>f")


def test_csv_row_beyond_the_record_limit_is_skipped_in_bounded_memory(monkeypatch) -> None:
    """The lines of a row too long to read are not held: past the limit
    they are only scanned for the row's end, and before it they are held
    without an object per line (two million short lines took 420 MB)."""
    monkeypatch.setattr(harp.records, "RECORD_LIMIT", 100_000)
    count = 300_000

    def lines():
        yield from ["code,moves\n", 'EH1-N-AAAAAAF,"d\n']
        yield from ("d\n" for _ in range(count))
        yield from ['"\n', "EH1-N-AAAAAAF,1>f\n"]
    tracemalloc.start()
    try:
        out = [(n, str(item) if isinstance(item, RecordError) else item.code)
               for n, item in read_records(lines(), "csv")]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert out == [(2, f"line 2: a CSV row longer than 100000 characters, to line {count + 3} "
                       "(a quote left open?)"),
                   (count + 4, "EH1-N-AAAAAAF")]
    assert peak < 4_000_000


def test_where_a_csv_row_ends_is_found_as_the_csv_module_finds_it() -> None:
    """A row too long to read is skipped to where the csv module would end
    it: at a line end outside a quoted field, or at a line where a quote is
    followed by neither a quote nor a comma (not CSV).  Both agree on random
    lines of quotes and commas."""
    from harp.records import _quoted_at_end
    rng = random.Random(5)
    for _ in range(5000):
        lines = ["".join(rng.choice('a,"" ') for _ in range(rng.randint(0, 8)))
                 + rng.choice(["\n", "\r\n", "\r", ""]) for _ in range(rng.randint(1, 4))]
        quoted, ends = False, []
        for text in lines:
            quoted = _quoted_at_end(text, quoted)
            ends.append(not quoted)
        assert ends == _csv_row_ends(lines), lines


def _csv_row_ends(lines: list[str]) -> list[bool]:
    """For each line, whether the csv module (strict) ends a row there."""
    ends = [False] * len(lines)
    last = -1

    def texts():
        nonlocal last
        for last, text in enumerate(lines):
            yield text
    source = texts()
    while True:
        try:
            for _ in csv.reader(source, strict=True):
                ends[last] = True
            return ends
        except csv.Error as err:
            if str(err) == "unexpected end of data":    # a quoted field open at the end
                return ends
            ends[last] = True


def test_deeply_nested_json_is_a_bad_record_not_a_crash() -> None:
    lines = ["[" * 100_000 + "]" * 100_000 + "\n",
             '{"code": "EH1-N-AAAAAAF", "x": ' + "[" * 40 + "]" * 40 + "}\n",
             '{"code": "EH1-N-AAAAAAF", "moves": "", "x": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}\n',
             '{"code": "EH1-N-AAAAAAF", "n": ' + "9" * 5000 + "}\n",
             '{"code": "EH1-N-AAAAAAF", "who": "\\ud800"}\n']
    out = [(n, str(item) if isinstance(item, RecordError) else item.code)
           for n, item in read_records(lines, "jsonl")]
    assert out == [(1, "line 1: JSON nested deeper than 32 levels"),
                   (2, "line 2: JSON nested deeper than 32 levels"),
                   (3, "EH1-N-AAAAAAF"),            # brackets inside a string do not nest
                   (4, "line 4: a JSON number of 5000 digits"),
                   (5, "line 5: a JSON string holds a lone surrogate (\\ud800-\\udfff), "
                       "which is not text")]


def test_text_record_beyond_the_record_limit_is_bad_and_the_next_one_is_read() -> None:
    lines = ["EH1-N-AAAAAAF\n"] + ["d " * 1000 + "\n"] * 3000 + ["SH1-C4-AAAAAJ2 8>f\n"]
    (n1, first), (n2, second) = read_records(lines, "text")
    assert (n1, str(first)) == (1, f"line 1: the record is longer than {RECORD_LIMIT} characters")
    assert (n2, second.code) == (3002, "SH1-C4-AAAAAJ2")


def test_lines_that_could_not_be_read_make_their_record_bad() -> None:
    lines = [Line(1, "EH1-N-AAAAAAF 1>f\n"), Line(2, "d \ufffd\n", "not UTF-8 text (byte 0xe9)"),
             Line(3, "SH1-C4-AAAAAJ2 8>f\n"), Line(4, "", "the line is longer than 9 bytes")]
    assert [(n, str(item)) for n, item in read_records(lines, "text")] == [
        (1, "line 2: not UTF-8 text (byte 0xe9)"), (3, "line 4: the line is longer than 9 bytes")]


def test_a_record_spans_its_lines() -> None:
    lines = ["# two games\n", "EH1-N-AAAAAAF 1>f\n", "d  # draw\n", "\n", "SH1-C4-AAAAAJ2 8>f\n"]
    first, second = (record for _, record in read_records(lines, "text"))
    assert (first.line, first.last_line, second.line, second.last_line) == (2, 4, 5, 5)


def test_csv_with_a_header_order_fills_missing_fields() -> None:
    record = Record("EH1-N-AAAAAAF", "1>f d")
    assert format_record(record, "csv", ["player", "code", "moves"]) == ",EH1-N-AAAAAAF,1>f d"


def test_a_csv_field_holding_line_breaks_is_quoted_and_reads_back(tmp_path) -> None:
    """RULES B8: a CSV record keeps its fields whole, line breaks included
    (an unquoted break would split the row in two)."""
    from harp.recordfile import records_in
    from harp.records import csv_header, format_record
    tricky = Record("SH1-C4-AAAAAJ2", "3>a", {"player": "a\r\nb", "note": "\r"})
    plain = Record("EH1-N-AAAAAAF", "1>f", {"player": "x", "note": ""})
    path = tmp_path / "games.csv"
    lines = [csv_header(tricky), format_record(tricky, "csv"), format_record(plain, "csv")]
    path.write_text("".join(line + "\r\n" for line in lines), newline="")
    read = [(r.code, r.script, r.extra) for _, r in records_in(str(path))]
    assert read == [(tricky.code, "3>a", tricky.extra), (plain.code, "1>f", plain.extra)]


def test_a_csv_script_starts_below_the_carriage_returns_of_the_fields_before_it() -> None:
    """A quoted field before ``moves`` may hold line ends of any kind; the
    script's line in the file counts them all."""
    lines = ["player,code,moves\r", '"ann\r', 'bea\r\n', 'cy",EH1-N-AAAAAAF,1>x\r']
    (line, record), = read_records(lines, "csv")
    assert (line, record.script_line, record.extra) == (2, 4, {"player": "ann\rbea\r\ncy"})
    with pytest.raises(NotationError, match=r"^action 1 \(1>x, line 4\)"):
        replay(record)


def test_a_byte_order_mark_starting_any_line_is_dropped() -> None:
    lines = ["\ufeffEH1-N-AAAAAAF 1>f\n", "\ufeffSH1-C4-AAAAAJ2 8>f\n"]
    assert [(n, r.code) for n, r in read_records(lines, "text")] == [
        (1, "EH1-N-AAAAAAF"), (2, "SH1-C4-AAAAAJ2")]


@pytest.mark.parametrize("fmt", ["text", "jsonl", "csv"])
@pytest.mark.parametrize("lines, moves", [
    (["EH1-N-AAAAAAF 1>f", "d  # draw one", "d"], "1>f d d"),
    (["EH1-N-AAAAAAF 1>f # note", "d d"], "1>f d d"),
    (["EH1-N-AAAAAAF # note only", "1>f, d", "# a line of comment", "d  #"], "1>f, d d"),
])
def test_a_record_with_comments_is_written_with_every_move(fmt: str, lines: list[str],
                                                          moves: str) -> None:
    """A comment (RULES B7) on a line other than the last swallowed the
    moves after it once the script was written on one line: '1>f d # draw
    one d' read back as 1>f d."""
    (_, record), = read_records(lines)
    assert replay(record).script() == "1>f d d" and record.moves() == moves
    written = [format_record(record, fmt)]
    if fmt == "csv":
        written.insert(0, csv_header(record))
    (_, back), = read_records(written, fmt)
    assert replay(back).script() == "1>f d d"


def test_a_record_made_by_hand_with_comments_is_written_with_every_move() -> None:
    record = Record("EH1-N-AAAAAAF", "1>f # note\nd d")
    assert record.to_text() == "EH1-N-AAAAAAF 1>f d d"
    assert record.to_dict() == {"code": "EH1-N-AAAAAAF", "moves": "1>f d d"}


def test_moves_continued_after_a_comment_are_not_swallowed_by_it() -> None:
    from harp.records import continued
    record = continued(Record("EH1-N-AAAAAAF", "1>f # note"), ["d", "d"])
    assert replay(record).script() == "1>f d d"
    assert continued(Record("EH1-N-AAAAAAF", "1>f"), ["d"]).script == "1>f d"


def test_one_str_is_read_as_a_file_and_lines_without_ends_keep_a_fields_break() -> None:
    """read_records takes a file's whole text too, cut where a file's lines
    end (not at U+2028, which a JSON string may hold); lines given without
    their ends (text.splitlines()) keep a quoted CSV field's line break."""
    from harp.records import csv_header
    record = Record("EH1-N-AAAAAAF", "1>f d", {"player": "ann\nbob"})
    text = csv_header(record) + "\r\n" + format_record(record, "csv") + "\r\n"
    for lines in (text, text.splitlines()):
        (n, back), = read_records(lines, "csv")
        assert (n, back.extra) == (2, {"player": "ann\nbob"})
    jsonl = format_record(Record("EH1-N-AAAAAAF", "1>f d", {"player": "ann\u2028bob"}), "jsonl")
    assert [(n, back.extra) for n, back in read_records(jsonl + "\r" + jsonl, "jsonl")] == \
        [(1, {"player": "ann\u2028bob"}), (2, {"player": "ann\u2028bob"})]
    assert [n for n, _ in read_records("EH1-N-AAAAAAF 1>f\r\rSH1-C4-AAAAAJ2 8>f")] == [1, 3]


def test_a_record_harp_cannot_read_back_is_refused_when_written() -> None:
    """Writing a record whose fields a reader would refuse (a CSV header
    reads 'Code' as 'code'; JSON has no NaN, nor dates) fails with a
    RecordError, instead of a file that is refused or read otherwise."""
    import datetime
    from harp.records import csv_header
    clash = Record("EH1-N-AAAAAAF", "1>f", {" Moves": "x"})
    for write in (lambda: csv_header(clash), lambda: format_record(clash, "csv")):
        with pytest.raises(RecordError, match="a CSV header reads 'moves' and ' Moves' as one"):
            write()
    for value, why in ((float("nan"), "Out of range float"), (datetime.date(2026, 1, 1), "date")):
        with pytest.raises(RecordError, match=f"cannot write the record as JSON: .*{why}"):
            format_record(Record("EH1-N-AAAAAAF", "1>f", {"when": value}), "jsonl")
    assert format_record(Record("EH1-N-AAAAAAF", "1>f", {"Player": "x"}), "csv") == \
        "EH1-N-AAAAAAF,1>f,x"


def test_a_json_number_the_reader_refuses_is_refused_when_written() -> None:
    """The reader takes numbers of up to JSON_DIGITS_LIMIT characters, sign
    counted: the writer takes the same ones, and refuses the rest (they
    were written, and the file was then refused)."""
    from harp.records import JSON_DIGITS_LIMIT
    longest = (10 ** JSON_DIGITS_LIMIT - 1, -(10 ** (JSON_DIGITS_LIMIT - 1) - 1))
    for value in longest:
        line = format_record(Record("EH1-N-AAAAAAF", "1>f", {"n": [{"m": value}]}), "jsonl")
        (_, back), = read_records(line, "jsonl")
        assert back.extra == {"n": [{"m": value}]}
    for value in (longest[0] + 1, longest[1] - 1, 10 ** 2000, 10 ** 5000):
        with pytest.raises(RecordError, match="a number of more than 1000 digits"):
            format_record(Record("EH1-N-AAAAAAF", "1>f", {"n": [{"m": value}]}), "jsonl")
        if value < 10 ** 4000:      # (Python writes no int of more digits)
            line = '{"code": "EH1-N-AAAAAAF", "moves": "", "m": %d}' % value
            (_, refused), = read_records(line, "jsonl")
            assert isinstance(refused, RecordError)


def test_record_files_are_named_by_a_str_or_a_path(tmp_path) -> None:
    from harp.recordfile import load_one_record, read_script, records_in
    path = tmp_path / "game.txt"
    path.write_text("EH1-N-AAAAAAF 1>f d\n", encoding="utf-8")
    for name in (path, str(path)):
        assert [r.script for _, r in records_in(name)] == ["1>f d"]
        assert load_one_record(name).script == "1>f d"
        assert read_script(name) == "EH1-N-AAAAAAF 1>f d\n"
    with pytest.raises(TypeError, match="a file's name is a str or a path object, not bytes"):
        records_in(bytes(path))
