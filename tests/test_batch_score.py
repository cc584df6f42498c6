"""``harp score``: batch scoring of records, exact tables, every
output format, bad records as rows, parallel runs equal to serial ones."""
from __future__ import annotations

import csv
import io
import json
from collections import Counter
from itertools import count, islice
from pathlib import Path

import pytest

from harp.analysis.parallel import ordered_map
from harp.analysis.scoring import ScoreRow, median_of_counts, score_records, summarize

from helpers import invoke, invoke_ok, refused

# Seahaven deal 314 won with 4 cells (the golden layout of RULES B3), 105 actions.
WON_314 = (
    "8>f 7>2 7>c 1>7 b>1 8>b 1>8 5>d 5>f d>f 5>f 7>f 7>f 7>1 b>7 8>2 8>f 8>10 4>8 4>3 4>7 "
    "3>4 3>f 7>f 7>f 7>f a>f 3>7 4>5 4>2 2>3 2>4 c>2 2>1 4>a 7>b a>7 8>a b>8 7>b 8>c 2>d c>8 "
    "a>7 b>4 2>a 4>b 7>c b>7 8>b c>8 6>c 6>f b>4 6>7 6>f 10>f 10>f 1>6 9>1 9>7 5>9 5>10 3>10 "
    "3>f c>f 6>7 9>4 9>f a>f d>f 1>9 1>f 4>f 4>f 4>f 4>f 4>f 4>f 9>8 10>9 10>f 10>f 10>f 7>f "
    "7>f 7>f 7>f 7>f 7>f 7>f 7>f 9>f 9>f 9>f 9>f 9>f 9>f 9>f 9>f 9>f 8>f 8>f 8>f 8>f")

RECORDS = [
    {"code": "SH1-C4-AAAAAJ2", "moves": WON_314, "player": "ann"},            # won, 575
    {"code": "SH1-C4-AAAAAJ2", "moves": "8>f 5>c 5>f c>f 5>f", "player": "bob"},  # 4 home: 40
    {"code": "EH1-N-AAAAAAF", "moves": "1>f 2>f", "player": "ann"},          # 2 home + flip: 25
    {"code": "SH1-C4-AAAAAJ2", "moves": "8>f 5>f", "player": "bob"},          # illegal action 2
    None,                                                                      # not JSON
    {"code": "SH1-C9-AAAAAJ2", "moves": ""},                                   # unknown variant
    {"code": "EH1-N-AAAAAAF", "moves": "1>f zz", "player": "cleo"},          # bad notation
    {"code": "sh1-c4-aaaaaj2", "moves": "8>f u", "player": "ann"},           # undo: 0 points
]

SUMMARY = """\
game    variant      games    won    win_pct    mean_score    median_score    best_score    mean_moves    errors
------  ---------  -------  -----  ---------  ------------  --------------  ------------  ------------  --------
EH      N                1      0       0               25              25            25             2         1
SH      C4               3      1      33.33           205              40           575            37         1
                         0      0                                                                              2
"""

BY_PLAYER = """\
| game   | variant   | player   |   games |   won |   win_pct |   mean_score |   median_score |   best_score |   mean_moves |   errors |
|--------|-----------|----------|---------|-------|-----------|--------------|----------------|--------------|--------------|----------|
| EH     | N         | ann      |       1 |     0 |         0 |         25   |           25   |           25 |            2 |        0 |
| EH     | N         | cleo     |       0 |     0 |           |              |                |              |              |        1 |
| SH     | C4        | ann      |       2 |     1 |        50 |        287.5 |          287.5 |          575 |           53 |        0 |
| SH     | C4        | bob      |       1 |     0 |         0 |         40   |           40   |           40 |            5 |        1 |
|        |           |          |       0 |     0 |           |              |                |              |              |        2 |
"""

ERRORS = {
    4: "action 2 (5>f, line 4): 2H cannot go to its foundation f2: it needs AH (RULES A2.3)",
    5: "line 5: not valid JSON (Expecting property name enclosed in double quotes, column 2)",
    6: "invalid deal code 'SH1-C9-AAAAAJ2': unknown variant 'C9' for SH (expected C4 or C2 or C1)",
    7: "action 2 (zz, line 7): cannot read 'zz': expected X>Y, N:X>Y, d, tX, ttX or u",
}


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    path.write_text("".join((json.dumps(r) if r else "{not json") + "\n" for r in RECORDS))
    return path


def test_summary_table_is_exact(games: Path) -> None:
    assert invoke_ok("score", str(games), "--columns", "all") == SUMMARY


def test_summary_by_field(games: Path) -> None:
    assert invoke_ok("score", str(games), "--by", "player", "--fmt", "github",
                     "--columns", "all") == BY_PLAYER


def test_rows_report_every_record_and_its_error(games: Path) -> None:
    rows = json.loads(invoke_ok("score", str(games), "--rows", "--json"))
    assert [r["line"] for r in rows] == list(range(1, 9))
    assert {r["line"]: r["error"] for r in rows if r["error"]} == ERRORS
    won = rows[0]
    assert (won["code"], won["game"], won["variant"], won["deal"], won["won"], won["score"],
            won["moves"], won["actions"], won["foundations"]) == (
        "SH1-C4-AAAAAJ2", "SH", "C4", 314, True, 575, 105, 105, 52)
    undone = rows[7]   # the undo took the 10 points back; the move counter stays (RULES B6)
    assert (undone["code"], undone["score"], undone["moves"], undone["actions"]) == (
        "SH1-C4-AAAAAJ2", 0, 1, 2)
    assert rows[3]["game"] == "SH" and rows[3]["score"] is None


def test_rows_as_csv(games: Path) -> None:
    rows = list(csv.DictReader(io.StringIO(invoke_ok("score", str(games), "--rows", "--csv", "--by", "player"))))
    assert list(rows[0]) == ["source", "line", "code", "game", "variant", "deal", "won", "score",
                             "moves", "actions", "foundations", "error", "player"]
    assert [(r["score"], r["player"]) for r in rows] == [
        ("575", "ann"), ("40", "bob"), ("25", "ann"), ("", "bob"), ("", ""), ("", ""),
        ("", "cleo"), ("0", "ann")]


def test_summary_as_json_and_csv(games: Path) -> None:
    data = json.loads(invoke_ok("score", str(games), "--json"))
    assert data[1] == {"game": "SH", "variant": "C4", "games": 3, "won": 1, "win_pct": 33.33,
                       "mean_score": 205.0, "median_score": 40, "best_score": 575,
                       "mean_moves": 37.0, "errors": 1}
    assert invoke_ok("score", str(games), "--csv").splitlines() == [
        "game,variant,games,won,win_pct,mean_score,median_score,best_score,mean_moves,errors",
        "EH,N,1,0,0.0,25.0,25,25,2.0,1",
        "SH,C4,3,1,33.33,205.0,40,575,37.0,1",
        ",,0,0,,,,,,2"]


def test_text_csv_folders_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(
        "# two records, the first over two lines\nEH1-N-AAAAAAF 1>f\n  2>f  # AS\n"
        "SH1-C4-AAAAAJ2 8>f\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.csv").write_text("code,moves,player\nEH1-N-AAAAAAF,1>f,ann\n")
    (tmp_path / "notes.md").write_text("not a record file")
    rows = json.loads(invoke_ok("score", str(tmp_path), "--rows", "--json"))
    assert [(Path(r["source"]).name, r["line"], r["score"]) for r in rows] == [
        ("a.txt", 2, 25), ("a.txt", 4, 10), ("b.csv", 2, 10)]
    piped = json.loads(invoke_ok("score", "-", "--rows", "--json", input="SH1-C2-AAAAAJ2 8>f\n"))
    assert [(r["source"], r["code"], r["score"]) for r in piped] == [
        ("<stdin>", "SH1-C2-AAAAAJ2", 10)]


def test_missing_file_is_bad_data_exit_1(tmp_path: Path) -> None:
    """As for every command: a missing input file exits 1, before any output."""
    missing = tmp_path / "nope.jsonl"
    refused(["score", str(missing)], 1, f"cannot open {missing}: No such file or directory")


def test_jobs_2_equals_jobs_1(tmp_path: Path) -> None:
    lines = []   # 600 records: several chunks, so order across workers matters
    for i in range(600):
        record = RECORDS[i % len(RECORDS)]
        lines.append(json.dumps({**record, "n": i}) if record else "{bad")
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n")
    serial = invoke_ok("score", str(path), "--rows", "--json", "--jobs", "1")
    assert invoke_ok("score", str(path), "--rows", "--json", "--jobs", "2") == serial
    assert invoke_ok("score", str(path), "--jobs", "2") == invoke_ok("score", str(path), "--jobs", "1")


def test_dask_executor_equals_local(games: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        out = invoke_ok("score", str(games), "--rows", "--json", "--executor", "dask",
                  "--scheduler", cluster.scheduler_address)
    assert out == invoke_ok("score", str(games), "--rows", "--json")


def test_dask_executor_needs_a_scheduler(games: Path) -> None:
    refused(["score", str(games), "--executor", "dask"], 2,
            "--executor dask needs --scheduler ADDRESS")


def test_parallel_map_does_not_drain_its_input() -> None:
    """Flat memory: an endless input is read only as far as results are taken."""
    produced = count()
    source = (next(produced) for _ in iter(int, 1))
    first = list(islice(ordered_map(abs, source, jobs=2, chunk_size=10), 25))
    assert first == list(range(25))
    assert next(produced) <= 10 * 2 * 4 + 40


def test_streaming_scores_fold_into_the_same_summary(games: Path) -> None:
    rows = list(score_records([str(games)], ("player",)))
    assert summarize(iter(rows), ("player",)) == summarize(rows, ("player",))


def test_win_pct_reads_100_only_when_every_game_is_won() -> None:
    """win_pct is rounded down to 0.01 %, as stats rounds won_pct
    (docs/batch.md): 2999 won of 3000 read 100.0 once."""
    def rows(won: int, lost: int) -> list[ScoreRow]:
        return [ScoreRow("s", n, "SH1-C4-AAAAAJ2", "SH", "C4", 314, n < won, 0, 1, 1, 1, None)
                for n in range(won + lost)]
    assert [summary["win_pct"] for summary in summarize(rows(2999, 1))] == [99.96]
    assert [summary["win_pct"] for summary in summarize(rows(3000, 0))] == [100.0]
    assert [summary["win_pct"] for summary in summarize(rows(1, 2))] == [33.33]


def test_by_values_of_different_json_types_are_groups_apart(tmp_path: Path) -> None:
    """JSON true, 1, 1.0 and "1" are four values (Python's == makes one of
    the first three), each labelled as written, the string in quotes beside
    the number; the same labels in the table, JSON and CSV."""
    path = tmp_path / "typed.jsonl"
    values = [{"player": value} for value in (1, True, 1.0, 0, False, "1", "ann", None)] + [{}]
    path.write_text("".join(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": "8>f", **value})
                            + "\n" for value in values))
    labels = ["", '"1"', "0", "1", "1.0", "ann", "false", "null", "true"]
    assert invoke_ok("score", str(path), "--by", "player", "--columns", "player,games") == (
        "player      games\n--------  -------\n"
        + "".join(f"{label:8}  {1:7}\n" for label in labels))
    data = json.loads(invoke_ok("score", str(path), "--by", "player", "--json"))
    assert [(row["player"], row["games"]) for row in data] == [
        (label or None, 1) for label in labels]
    out = invoke_ok("score", str(path), "--by", "player", "--csv", "--columns", "player")
    assert [row[0] for row in csv.reader(io.StringIO(out))][1:] == labels
    out = invoke_ok("score", str(path), "--rows", "--by", "player", "--csv", "--columns", "player")
    assert [row[0] for row in csv.reader(io.StringIO(out))][1:] == [
        "1", "true", "1.0", "0", "false", "1", "ann", "null", ""]


def test_by_an_empty_string_beside_a_missing_field_is_quoted(tmp_path: Path) -> None:
    """A missing field shows an empty cell; the empty string beside it
    shows as "" (alone, it is the empty cell it reads as)."""
    path = tmp_path / "empty.jsonl"
    records = [{"player": ""}, {}, {"player": "ann"}]
    path.write_text("".join(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": "8>f", **value})
                            + "\n" for value in records))
    assert invoke_ok("score", str(path), "--by", "player", "--columns", "player,games") == (
        "player      games\n--------  -------\n"
        "                1\n"
        '""              1\n'
        "ann             1\n")
    data = json.loads(invoke_ok("score", str(path), "--by", "player", "--json"))
    assert [row["player"] for row in data] == [None, '""', "ann"]
    path.write_text("".join(json.dumps({"code": "SH1-C4-AAAAAJ2", "moves": "8>f", **value})
                            + "\n" for value in records[::2]))
    data = json.loads(invoke_ok("score", str(path), "--by", "player", "--json"))
    assert [row["player"] for row in data] == ["", "ann"]


@pytest.mark.parametrize("values, median", [
    ([5], 5), ([1, 2], 1.5), ([1, 2, 3], 2), ([10, 10, 40, 575], 25), ([0, 0, 0, 7], 0)])
def test_median_of_counts(values: list[int], median: float) -> None:
    assert median_of_counts(Counter(values)) == median
    assert median_of_counts(Counter()) is None


@pytest.mark.parametrize("where", ["empty folder", "/dev/null", "stdin"])
def test_no_records_at_all_is_an_error_not_an_empty_table(where: str, tmp_path: Path) -> None:
    path = {"empty folder": str(tmp_path), "/dev/null": "/dev/null", "stdin": "-"}[where]
    (tmp_path / "notes.md").write_text("no record file here")
    shown = "<stdin>" if path == "-" else path
    result = invoke("score", path, "--rows", "--csv", input="\n")
    assert (result.exit_code, result.stdout) == (1, "")
    skipped = (f"score: 1 file in {path} skipped: not named as records (.txt, .jsonl, .ndjson, "
               ".json, .csv): notes.md\n" if where == "empty folder" else "")
    assert result.stderr == (f"{skipped}Error: {shown}: no record found: a record is a "
                             "deal code followed by its moves (RULES B8)\n")


def test_a_folder_says_which_files_it_skips_and_reads_the_records(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.jsonl").write_text('{"code": "EH1-N-AAAAAAF", "moves": ""}\n')
    for name in ("games", "games.log", "notes.md", "z.bak"):
        (tmp_path / name).write_text("EH1-N-AAAAAAF\n")
    result = invoke("score", str(tmp_path), "--rows", "--csv", "--columns", "code")
    assert (result.exit_code, result.stdout) == (0, "code\nEH1-N-AAAAAAF\n")
    assert result.stderr == (f"score: 4 files in {tmp_path} skipped: not named as records "
                             "(.txt, .jsonl, .ndjson, .json, .csv): games, games.log, notes.md "
                             "and 1 more\n")
    assert invoke("score", str(tmp_path), "--quiet").stderr == ""


@pytest.mark.parametrize("rows, says", [
    ([], "(--rows shows each with its error)"), (["--rows"], "(each row has its error)")])
def test_a_file_of_no_good_record_prints_its_errors_and_exits_1(tmp_path: Path, rows: list[str],
                                                               says: str) -> None:
    """Exit 0 says a table of good records was printed: with none, exit 1."""
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(128, 256)) * 4)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"code": "SH1-C9-AAAAAJ2", "moves": ""}\n{not json\n')
    for path, read in ((junk, "the record read is bad"), (bad, "all 2 records read are bad")):
        result = invoke("score", str(path), *rows, "--csv", "--columns", "errors"
                        if not rows else "error")
        assert result.exit_code == 1
        assert result.stdout.splitlines()[0] == ("error" if rows else "errors")
        assert result.stderr == f"Error: no record could be scored: {read} {says}\n"
    mixed = invoke("score", str(bad), str(Path(__file__).resolve().parent.parent / "examples"
                                          / "games.jsonl"), *rows)
    assert mixed.exit_code == 0


def test_bad_records_in_the_summary_point_to_rows(games: Path) -> None:
    result = invoke("score", str(games), "--columns", "all")
    assert (result.exit_code, result.stdout) == (0, SUMMARY)
    assert result.stderr == ("4 records could not be scored (the errors column): --rows shows "
                             "each with its error\n")
    assert invoke("score", str(games), "--quiet").stderr == ""
    assert invoke("score", str(games), "--rows").stderr == ""


@pytest.mark.parametrize("by, rows, table", [
    ("game", [], "summary"), ("won", [], "summary"), ("errors", [], "summary"),
    ("code", ["--rows"], "rows"), ("score", ["--rows"], "rows"),
])
def test_a_by_field_named_as_a_column_of_the_table_is_refused(by, rows, table, no_work):
    """Its column would clash with the table's own (every game null, or two
    won columns)."""
    games = str(Path(__file__).resolve().parent.parent / "examples" / "games.jsonl")
    refused(["score", games, "--by", by, *rows, "--csv"], 2,
            f"Invalid value for '--by': {by!r} is a column of the {table} already: --by names "
            "another field of the records, e.g. player")


@pytest.mark.parametrize("by", ["code", "moves"])
def test_a_by_field_every_record_has_is_refused(by, no_work):
    """It was taken, warned of as a field no record has, and grouped
    nothing (an empty column): --by reads the records' other fields."""
    games = str(Path(__file__).resolve().parent.parent / "examples" / "games.jsonl")
    refused(["score", games, "--by", by], 2,
            f"Invalid value for '--by': {by!r} is a field of every record (RULES B8), not one "
            "to group by: --by names another field of the records, e.g. player")


@pytest.mark.parametrize("rows", [[], ["--rows"]])
@pytest.mark.parametrize("by", ["", " "])
def test_an_empty_by_field_is_refused(by, rows, no_work):
    games = str(Path(__file__).resolve().parent.parent / "examples" / "games.jsonl")
    refused(["score", games, "--by", by, *rows], 2, "Invalid value for '--by': the field name "
            "is empty: --by names a field of the records, e.g. player")
