"""Records are added only to files of records (RULES B8): every command that
writes records (solve --save, generate -o, stats --export, the games' saves)
refuses a file that is not one and leaves it as it was."""
from __future__ import annotations

import pytest

from helpers import invoke, invoke_ok, refused

CODE = "SH1-C4-AAAAAJ2"
NOT_RECORDS = "records are added only to a file of records (RULES B8)"

WRITERS = {
    "solve --save": ["solve", CODE, "--save"],
    "generate -o": ["generate", "--game", "sh", "--deals", "1-2", "--random-play", "-o"],
    "stats --export": ["stats", "--game", "sh", "--deals", "1-2", "--solve", "--quiet",
                       "--export"],
}


@pytest.mark.parametrize("name, content, why", [
    ("pyproject.toml", b'[project]\nname = "x"\n', "line 1: '[project]' is not a deal code"),
    ("notes.txt", b"# my notes\nBuy milk\n", "line 2: 'Buy' is not a deal code"),
    ("README.md", b"# Title\n\nSome text.\n", "line 3: 'Some' is not a deal code"),
    ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00", "line 1: not UTF-8 text (byte 0x89 at column 1)"),
    ("data.bin", b"EH1-N-AAAAAAF 1>f\n\x00\x01", "line 2: a NUL byte: not a text file"),
    ("latin.txt", "EH1-N-AAAAAAF 1>f # café\n".encode("latin-1"),
     "line 1: not UTF-8 text (byte 0xe9 at column 24)"),
    ("x.jsonl", b'{"x": 1}\n', "line 1: the record has no 'code'"),
    ("codes.csv", b"code,player\nEH1-N-AAAAAAF,ann\n",
     "its CSV header (code,player) has no 'moves' column, so a record added there could not "
     "be read back"),
])
@pytest.mark.parametrize("writer", WRITERS)
def test_a_file_that_is_not_one_of_records_is_refused_and_left_alone(
        tmp_path, monkeypatch, writer, name, content, why):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_bytes(content)
    message = f"cannot add to {name}: {why}"
    if "header" not in why:
        message += f"; {NOT_RECORDS}"
    refused([*WRITERS[writer], name], 1, message)
    assert (tmp_path / name).read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == [name]      # no temporary file left


def test_the_games_save_refuses_it_and_asks_for_another_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n')
    result = invoke("play", CODE, "-i", "--ascii", input="8>f\nq\ny\npyproject.toml\ngame.txt\n")
    assert result.exit_code == 0
    assert (f"Not saved: cannot add to pyproject.toml: line 1: '[project]' is not a deal code; "
            f"{NOT_RECORDS}\nAnother file (empty: do not save): game.txt\n") in result.stdout
    assert (tmp_path / "pyproject.toml").read_text() == '[project]\nname = "x"\n'
    assert (tmp_path / "game.txt").read_text() == f"{CODE} 8>f\n"


@pytest.mark.parametrize("content", ["", "\n\n", "# my games\n", "# my games"])
def test_an_empty_or_comment_only_file_takes_records(tmp_path, content):
    path = tmp_path / "games.txt"
    path.write_text(content)
    script = invoke_ok("solve", CODE, "--save", str(path))
    kept = content if content.strip() else ""
    if kept and not kept.endswith("\n"):
        kept += "\n"
    assert path.read_text() == f"{kept}{CODE} {script}"


def test_a_file_with_bad_records_after_a_good_one_still_takes_records(tmp_path):
    # a record file with a mistake in it is still a record file (harp replay
    # reports the bad record and goes on); only the first record is looked at
    path = tmp_path / "games.txt"
    path.write_text("EH1-N-AAAAAAF 1>f\nEH1-N-ZZZZZZZ 1>f\n")
    script = invoke_ok("solve", CODE, "--save", str(path))
    assert path.read_text() == f"EH1-N-AAAAAAF 1>f\nEH1-N-ZZZZZZZ 1>f\n{CODE} {script}"


def test_windows_line_breaks_are_kept(tmp_path):
    path = tmp_path / "games.txt"
    path.write_bytes(b"EH1-N-AAAAAAF 1>f\r\n")
    script = invoke_ok("solve", CODE, "--save", str(path)).strip()
    assert path.read_bytes() == f"EH1-N-AAAAAAF 1>f\r\n{CODE} {script}\r\n".encode()


@pytest.mark.parametrize("content, line", [
    (b'code,moves\nEH1-N-AAAAAAF,1>f\nEH1-N-AAAAAAB,"d d\n', 3),
    (b'code,moves\r\n"EH1-N-AAAAAAF","1>f', 2),
])
@pytest.mark.parametrize("writer", WRITERS)
def test_a_csv_file_ending_inside_a_quote_is_refused_and_left_alone(
        tmp_path, monkeypatch, writer, content, line):
    """The csv module reads a quote left open at the end of a file as a
    field running to the end: the records added would vanish into it and
    take the row it is in with them."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.csv").write_bytes(content)
    refused([*WRITERS[writer], "games.csv"], 1,
            f"cannot add to games.csv: line {line}: a quote opened there is not closed by the end "
            "of the file, so a record added there could not be read back")
    assert (tmp_path / "games.csv").read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["games.csv"]      # no temporary file left


def test_a_csv_file_that_is_not_strictly_csv_is_refused(tmp_path):
    path = tmp_path / "games.csv"
    path.write_text('code,moves\nEH1-N-AAAAAAF,"1>f"d\n')
    refused(["solve", CODE, "--save", str(path)], 1,
            f"cannot add to {path}: line 2: not valid CSV (',' expected after '\"'), so a "
            "record added there could not be read back")


def test_carriage_return_line_ends_are_kept(tmp_path):
    """A file whose lines end with \\r alone (old Mac) takes records ending so."""
    path = tmp_path / "games.txt"
    path.write_bytes(b"EH1-N-AAAAAAF 1>f\r")
    script = invoke_ok("solve", CODE, "--save", str(path)).strip()
    assert path.read_bytes() == f"EH1-N-AAAAAAF 1>f\r{CODE} {script}\r".encode()
    assert invoke_ok("replay", "--check", str(path)).endswith(
        "2 of 2 records replayed without error\n")
