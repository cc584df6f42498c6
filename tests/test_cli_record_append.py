"""Records are added only to files of records (RULES B8): every command that
writes records (solve --save, generate -o, stats --export, the games' saves)
refuses a file that is not one, or that is read-only, and leaves it as it
was; records saved to the file while a run made its own are kept."""
from __future__ import annotations

import json
import os
import stat

import pytest

import harp.cli.generate
import harp.cli.recordout
from harp import Record, RecordError
from harp.cli.recordout import RecordWriter
from harp.cli.saving import save_record
from harp.recordfile import records_in

from helpers import harp_process, invoke, invoke_ok, refused

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


def test_a_file_s_format_is_told_after_its_blank_lines(tmp_path):
    """As the readers tell it: a .dat file opening with a blank line, then
    JSON Lines, takes a JSON Lines record."""
    path = tmp_path / "games.dat"
    path.write_text('\n{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n')
    invoke_ok("solve", CODE, "--save", str(path))
    assert [r.code for _, r in records_in(str(path))] == ["EH1-N-AAAAAAF", CODE]
    assert json.loads(path.read_text().splitlines()[-1])["code"] == CODE


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


# ------------------------------------------------------------------ read-only files

@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
@pytest.mark.parametrize("writer", WRITERS)
def test_a_read_only_file_is_refused_before_any_work(tmp_path, writer):
    """Its folder would let harp rename a new file over it: refused
    instead, one line, exit 1, the file as it was (in a child process
    that file modes bind, root too)."""
    games = tmp_path / "games.txt"
    games.write_text("EH1-N-AAAAAAF 1>f\n")
    games.chmod(0o444)
    result = harp_process(*WRITERS[writer], "games.txt", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", "Error: cannot write games.txt: it is read-only\n")
    assert games.read_text() == "EH1-N-AAAAAAF 1>f\n"
    assert stat.S_IMODE(games.stat().st_mode) == 0o444
    assert [p.name for p in tmp_path.iterdir()] == ["games.txt"]      # no temporary file left


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0,
                    reason="only root may give a file to another user")
@pytest.mark.parametrize("writer", WRITERS)
def test_an_extended_file_keeps_its_owner_group_and_mode(tmp_path, writer):
    games = tmp_path / "games.txt"
    games.write_text("EH1-N-AAAAAAF 1>f\n")
    os.chown(games, 1234, 2345)
    games.chmod(0o640)
    invoke_ok(*WRITERS[writer], str(games))
    found = games.stat()
    assert (found.st_uid, found.st_gid, stat.S_IMODE(found.st_mode)) == (1234, 2345, 0o640)
    assert len(games.read_text().splitlines()) > 1


# ------------------------------------------------------------------ a file changed meanwhile

OTHER = "EH1-N-AAAAAAF"


def codes(path) -> list[str]:
    """The deal codes of the file's records, in order (every record read)."""
    items = [item for _, item in records_in(str(path))]
    assert all(isinstance(item, Record) for item in items), items
    return [item.code for item in items]


@pytest.mark.parametrize("name, before, after", [
    ("games.txt", "EH1-N-AAAAAAB 1>f", "EH1-N-AAAAAAB 1>f\n{CODE} {script}\n{OTHER} 1>f\n"),
    ("games.jsonl", '{"code": "EH1-N-AAAAAAB", "moves": "1>f"}\n',
     '{"code": "EH1-N-AAAAAAB", "moves": "1>f"}\n{"code": "{CODE}", "moves": "{script}"}\n'
     '{"code": "{OTHER}", "moves": "1>f", "player": "bob"}\n'),
    ("games.csv", "player,code,moves\r\nann,EH1-N-AAAAAAB,1>f\r\n",
     "player,code,moves\r\nann,EH1-N-AAAAAAB,1>f\r\n,{CODE},{script}\r\nbob,{OTHER},1>f\r\n"),
    ("games.csv", "", "code,moves\n{CODE},{script}\n{OTHER},1>f\n"),
    ("games.csv", None, "code,moves\n{CODE},{script}\n{OTHER},1>f\n"),    # made meanwhile
])
def test_a_record_saved_meanwhile_is_kept(tmp_path, name, before, after):
    """A record saved to the file while a run was making its own (harp
    solve --save during harp generate -o) stays: the run's records go
    after the file as it is when the run ends, not after the copy it made
    at its start, which would throw the saved record away."""
    path = tmp_path / name
    if before is not None:
        path.write_bytes(before.encode())
    extra = {"player": "bob"} if "player" in after else {}
    with RecordWriter(str(path)) as out:
        out.write(Record(OTHER, "1>f", extra))
        script = invoke_ok("solve", CODE, "--save", str(path)).strip()
    assert path.read_bytes().decode() == (after.replace("{CODE}", CODE).replace("{OTHER}", OTHER)
                                          .replace("{script}", script))
    assert [p.name for p in tmp_path.iterdir()] == [name]      # no temporary file left
    assert codes(path)[-2:] == [CODE, OTHER]


def test_generate_keeps_a_game_saved_during_its_run(tmp_path, monkeypatch):
    """The run as a user meets it: a game saved to the record file while
    harp generate -o writes to it is still there when the run ends."""
    path = tmp_path / "race.jsonl"
    path.write_text('{"code": "%s", "moves": "8>f"}\n' % CODE)
    making = harp.cli.generate.generate_games

    def saving_meanwhile(*args, **kwargs):
        for number, made in enumerate(making(*args, **kwargs)):
            if number == 1:
                save_record(str(path), Record(CODE, "8>f 7>2"))
            yield made
    monkeypatch.setattr(harp.cli.generate, "generate_games", saving_meanwhile)
    invoke_ok("generate", "--game", "eh", "--deals", "1-3", "--random-play", "-q", "-o", str(path))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(line["code"], line["moves"]) for line in lines[:2]] == [(CODE, "8>f"),
                                                                     (CODE, "8>f 7>2")]
    assert [line["code"] for line in lines[2:]] == ["EH1-N-AAAAAAB", "EH1-N-AAAAAAC",
                                                    "EH1-N-AAAAAAD"]


@pytest.mark.parametrize("meanwhile, why", [
    ("# my notes\nBuy milk\n", "cannot add to games.csv: its CSV header (# my notes) has no "
                                 "'code' or 'moves' column, so a record added there could not "
                                 "be read back"),
    ("code,moves,player\nEH1-N-AAAAAAB,1>f,ann\n",
     "its format, CSV header or line breaks changed"),
])
def test_records_that_no_longer_fit_the_changed_file_are_kept_beside_it(
        tmp_path, monkeypatch, meanwhile, why):
    """The file was rewritten meanwhile into one that cannot take the
    run's records as they were made: it is left as it is now, and the copy
    the run made, with its records, is kept under a new name; one line,
    exit 1."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "games.csv"
    path.write_text("code,moves\nEH1-N-AAAAAAB,1>f\n")
    (tmp_path / "games-kept.csv").write_text("taken\n")
    making = harp.cli.generate.generate_games

    def rewriting_meanwhile(*args, **kwargs):
        path.write_text(meanwhile)
        yield from making(*args, **kwargs)
    monkeypatch.setattr(harp.cli.generate, "generate_games", rewriting_meanwhile)
    refused(["generate", "--game", "eh", "--deals", "1-2", "--random-play", "-o", "games.csv"],
            1, "cannot add to games.csv: it was changed after it was read; its copy with the "
               f"2 records added is kept as games-kept-2.csv ({why})")
    assert path.read_text() == meanwhile
    assert codes(tmp_path / "games-kept-2.csv") == ["EH1-N-AAAAAAB", "EH1-N-AAAAAAB",
                                                    "EH1-N-AAAAAAC"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games-kept-2.csv", "games-kept.csv",
                                                          "games.csv"]


def test_a_writer_keeps_what_a_third_writer_saved_while_it_merged(tmp_path, monkeypatch):
    """Another change while the records are being added to the changed
    file: the writer of the file as it is then checks again at its end,
    so that this record is kept too."""
    path = tmp_path / "games.txt"
    path.write_text("EH1-N-AAAAAAB 1>f\n")
    copying = harp.cli.recordout._copy
    copies = 0

    def saving_after_the_second_copy(*args):
        nonlocal copies
        copying(*args)
        copies += 1
        if copies == 3:         # the file as changed, copied to add the records to it
            save_record(str(path), Record("EH1-N-AAAAAAG", "1>f"))
    monkeypatch.setattr(harp.cli.recordout, "_copy", saving_after_the_second_copy)
    with RecordWriter(str(path)) as out:
        out.write(Record(OTHER, "1>f"))
        save_record(str(path), Record(CODE, "8>f"))
    assert copies == 5      # the run, the first save, the merge, the second save, the merge again
    assert codes(path) == ["EH1-N-AAAAAAB", CODE, "EH1-N-AAAAAAG", OTHER]


def test_records_are_set_aside_when_a_folder_took_the_file_s_place(tmp_path):
    """To a Python caller, an error of records (RecordError)."""
    path = tmp_path / "games.txt"
    path.write_text("EH1-N-AAAAAAB 1>f\n")
    with pytest.raises(RecordError, match=r"^cannot add to .*games.txt: it was changed after it "
                                       r"was read; its copy with the 1 record added is kept as "
                                       r".*games-kept.txt \(it is a folder, not a file\)$"):
        with RecordWriter(str(path)) as out:
            out.write(Record(OTHER, "1>f"))
            path.unlink()
            path.mkdir()
    assert codes(tmp_path / "games-kept.txt") == ["EH1-N-AAAAAAB", OTHER]
