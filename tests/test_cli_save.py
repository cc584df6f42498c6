"""Saving the interactive game (RULES B8): a save never makes a file
unreadable, a failed save asks again, a resumed game updates its record."""
from __future__ import annotations

import io
import json
import os
import stat

import pytest

from harp import Record, RecordError
from harp.cli.interactive import hint_command, hint_limits
from harp.recordfile import load_one_record, records_in
from harp.cli import saving
from harp.cli.saving import Resumed, save_record
from harp.solve import HINT_LIMITS, SolveLimits
from harp import new_board

from helpers import invoke, invoke_ok

CODE = "SH1-C4-AAAAAJ2"     # deal 314: 8>f is the ace of clubs home, 7>2 builds


def play_and_save(typed: str, answers: str, *extra: str):
    """Play CODE interactively: the typed lines, q, yes to saving, then the answers."""
    return invoke("play", CODE, "-i", "--ascii", *extra, input=f"{typed}\nq\ny\n{answers}")


def replayed(path) -> list[str]:
    """The verdict lines of ``harp replay --check`` on the file (exit 0 asserted)."""
    return [line for line in invoke_ok("replay", "--check", str(path)).splitlines()
            if "all legal" in line]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


# ------------------------------------------------------------------ existing files

@pytest.mark.parametrize("name, before, after", [
    ("g.txt", "EH1-N-AAAAAAF 1>f", f"EH1-N-AAAAAAF 1>f\n{CODE} 8>f 7>2\n"),
    ("g.txt", "EH1-N-AAAAAAF 1>f\n", f"EH1-N-AAAAAAF 1>f\n{CODE} 8>f 7>2\n"),
    ("g.jsonl", '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}',
     '{"code": "EH1-N-AAAAAAF", "moves": "1>f"}\n{"code": "%s", "moves": "8>f 7>2"}\n' % CODE),
    ("g.csv", "code,moves\nEH1-N-AAAAAAF,1>f", f"code,moves\nEH1-N-AAAAAAF,1>f\n{CODE},8>f 7>2\n"),
    ("g.csv", "player,code,moves,day\nann,EH1-N-AAAAAAF,1>f,mon\n",
     f"player,code,moves,day\nann,EH1-N-AAAAAAF,1>f,mon\n,{CODE},8>f 7>2,\n"),
    ("g.csv", "Code,Moves\r\nEH1-N-AAAAAAF,1>f\r\n", f"Code,Moves\r\nEH1-N-AAAAAAF,1>f\r\n{CODE},8>f 7>2\r\n"),
])
def test_saving_to_an_existing_file_keeps_it_readable(tmp_path, name, before, after):
    (tmp_path / name).write_bytes(before.encode())
    result = play_and_save("8>f 7>2", f"{name}\n")
    assert result.exit_code == 0
    assert result.stdout.endswith(f"Saved to {name}: replay it with: harp replay {name}\n")
    assert (tmp_path / name).read_bytes() == after.encode()
    assert replayed(tmp_path / name) == [
        "1 action, all legal. Score 10, moves 1, status open.",
        "2 actions, all legal. Score 10, moves 2, status open."]


def test_a_csv_without_a_moves_column_is_refused_and_another_name_asked(tmp_path):
    (tmp_path / "deals.csv").write_text("code,player\nEH1-N-AAAAAAF,ann\n")
    result = play_and_save("8>f", "deals.csv\ngame.txt\n")
    assert result.exit_code == 0
    assert ("Not saved: cannot add to deals.csv: its CSV header (code,player) has no 'moves' "
            "column, so a record added there could not be read back\n"
            "Another file (empty: do not save): game.txt\n"
            "Saved to game.txt: replay it with: harp replay game.txt\n") in result.stdout
    assert (tmp_path / "deals.csv").read_text() == "code,player\nEH1-N-AAAAAAF,ann\n"
    assert (tmp_path / "game.txt").read_text() == f"{CODE} 8>f\n"


def test_a_new_file_is_written_whole_with_the_usual_permissions(tmp_path):
    result = play_and_save("8>f", "new.csv\n")
    assert result.exit_code == 0
    assert (tmp_path / "new.csv").read_text() == f"code,moves\n{CODE},8>f\n"
    assert os.listdir(tmp_path) == ["new.csv"]          # no temporary file left behind
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o666 & ~umask


# ------------------------------------------------------------------ failed saves

def test_a_failed_save_asks_again(tmp_path):
    (tmp_path / "folder").mkdir()
    result = play_and_save("8>f", "folder\nnowhere/g.txt\ng.txt\n")
    assert result.exit_code == 0
    assert ("Not saved: cannot open folder: it is a folder\n"
            "Another file (empty: do not save): nowhere/g.txt\n"
            "Not saved: cannot open nowhere/g.txt: no such folder\n"
            "Another file (empty: do not save): g.txt\n"
            "Saved to g.txt: replay it with: harp replay g.txt\n") in result.stdout
    assert (tmp_path / "g.txt").read_text() == f"{CODE} 8>f\n"


@pytest.mark.parametrize("answers", ["folder\n\n", "folder\n"])     # empty answer, end of input
def test_giving_up_after_a_failed_save_prints_the_record_and_exits_1(tmp_path, answers):
    (tmp_path / "folder").mkdir()
    result = play_and_save("8>f 7>2", answers)
    assert result.exit_code == 1
    assert result.stdout.endswith(
        f"Not saved. The game's record, to keep by hand:\n{CODE} 8>f 7>2\n")


def test_declining_to_save_exits_0(tmp_path):
    result = invoke("play", CODE, "-i", input="8>f\nq\nn\n")
    assert result.exit_code == 0 and os.listdir(tmp_path) == []
    assert result.stdout.endswith(f"{CODE}> q\nYour SH-C4 games: played 1, won 0 (0 %), best "
                                  "score 10, streak 0 (best 0)\nSave this game as a record? "
                                  "[y/N]: n\n")


def modes_bind(monkeypatch) -> None:
    """Permissions asked (os.access) bind as they bind a user who is not
    root, whoever runs the tests: a file without a write bit is read-only."""
    asked = os.access

    def access(path, mode, **kwargs):
        if mode & os.W_OK and os.path.exists(path) and not os.stat(path).st_mode & 0o222:
            return False
        return asked(path, mode, **kwargs)
    monkeypatch.setattr(os, "access", access)


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_read_only_file_is_not_saved_to_and_another_is_asked_for(tmp_path, monkeypatch):
    """Its folder would let a new file be renamed over it; it is refused
    instead, and left as it was."""
    modes_bind(monkeypatch)
    (tmp_path / "g.txt").write_text("EH1-N-AAAAAAF 1>f\n")
    (tmp_path / "g.txt").chmod(0o444)
    result = play_and_save("8>f", "g.txt\nother.txt\n")
    assert result.exit_code == 0
    assert ("Not saved: cannot write g.txt: it is read-only\n"
            "Another file (empty: do not save): other.txt\n"
            "Saved to other.txt: replay it with: harp replay other.txt\n") in result.stdout
    assert (tmp_path / "g.txt").read_text() == "EH1-N-AAAAAAF 1>f\n"
    assert stat.S_IMODE((tmp_path / "g.txt").stat().st_mode) == 0o444
    assert sorted(os.listdir(tmp_path)) == ["g.txt", "other.txt"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_resumed_game_is_not_updated_in_a_read_only_file(tmp_path, monkeypatch):
    modes_bind(monkeypatch)
    (tmp_path / "saved.txt").write_text(f"{CODE} 8>f\n")
    (tmp_path / "saved.txt").chmod(0o444)
    with pytest.raises(PermissionError) as refused:
        save_record("saved.txt", Record(CODE, "8>f 7>2"),
                    Resumed("saved.txt", load_one_record("saved.txt")))
    assert (refused.value.verb, refused.value.strerror, refused.value.filename) == (
        "write", "it is read-only", "saved.txt")
    assert (tmp_path / "saved.txt").read_text() == f"{CODE} 8>f\n"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0,
                    reason="only root may give a file to another user")
def test_a_saved_or_updated_file_keeps_its_owner_group_and_mode(tmp_path):
    """A save replaces the file by a new one: it is given the old one's
    owner and group, as well as its permissions."""
    saved = tmp_path / "saved.txt"
    saved.write_text(f"{CODE} 8>f\n")
    os.chown(saved, 1234, 2345)
    saved.chmod(0o640)
    save_record("saved.txt", Record(CODE, "8>f 7>2"))                  # appended
    save_record("saved.txt", Record(CODE, "8>f 7>2 tt8"),              # updated
                Resumed("saved.txt", [item for _, item in records_in("saved.txt")][1]))
    found = saved.stat()
    assert (found.st_uid, found.st_gid, stat.S_IMODE(found.st_mode)) == (1234, 2345, 0o640)
    assert saved.read_text() == f"{CODE} 8>f\n{CODE} 8>f 7>2\ntt8\n"


# ------------------------------------------------------------------ resumed games

def resume_and_save(path: str, typed: str, answer: str = "\n"):
    """Resume the record of ``path``, play ``typed``, quit and save (default: the same file)."""
    return invoke("play", "--load", path, "-i", "--ascii", input=f"{typed}\nq\ny\n{answer}")


def test_a_resumed_text_record_saved_to_its_file_is_updated_comments_and_all(tmp_path):
    (tmp_path / "saved.txt").write_text(f"# my game\n{CODE} 8>f  # the ace\n")
    result = resume_and_save("saved.txt", "7>2")
    assert result.exit_code == 0
    assert "File (.txt, .jsonl or .csv) [saved.txt]: \n" in result.stdout
    assert result.stdout.endswith("Updated the game's record in saved.txt: "
                                  "replay it with: harp replay saved.txt\n")
    assert (tmp_path / "saved.txt").read_text() == f"# my game\n{CODE} 8>f  # the ace\n7>2\n"
    again = invoke("play", "--load", "saved.txt", "--json")      # still one record
    assert (again.exit_code, json.loads(again.stdout)["moves"]) == (0, 2)


@pytest.mark.parametrize("name, before, after", [
    ("saved.jsonl", '\n{"code": "%s", "moves": "8>f", "player": "ann"}' % CODE,
     '\n{"code": "%s", "moves": "8>f 7>2", "player": "ann"}\n' % CODE),
    ("saved.csv", f"player,code,moves\r\nann,{CODE},\"8>f\n\"\r\n\r\n",
     f"player,code,moves\r\nann,{CODE},8>f 7>2\r\n\r\n"),
    # Lines ended by a lone \r are lines (RULES B8): the record on line 2 is
    # replaced, and the new line ends as the others do.
    ("saved.jsonl", '\r{"code": "%s", "moves": "8>f"}\r' % CODE,
     '\r{"code": "%s", "moves": "8>f 7>2"}\r' % CODE),
    ("saved.txt", f"{CODE} 8>f\r", f"{CODE} 8>f\r7>2\r"),
    ("saved.txt", f"{CODE} 8>f", f"{CODE} 8>f\n7>2\n"),
])
def test_a_resumed_record_saved_to_its_file_is_replaced(tmp_path, name, before, after):
    (tmp_path / name).write_bytes(before.encode())
    result = resume_and_save(name, "7>2")
    assert result.exit_code == 0, result.output
    assert (tmp_path / name).read_bytes() == after.encode()


def test_an_update_numbers_the_lines_as_the_reader_does(monkeypatch):
    # A read of at most LINE_LIMIT bytes may end between the \r and \n of one line end.
    monkeypatch.setattr(saving, "LINE_LIMIT", 2)
    pieces = list(saving._raw_lines(io.BytesIO(b"a\r\nb\rcde\n\rf")))
    assert pieces == [(1, b"a\r"), (1, b"\n"), (2, b"b\r"), (3, b"cd"), (3, b"e\n"),
                      (4, b"\r"), (5, b"f")]


def test_a_resumed_game_saved_elsewhere_is_appended_with_its_fields(tmp_path):
    (tmp_path / "saved.jsonl").write_text('{"code": "%s", "moves": "8>f", "player": "ann"}\n' % CODE)
    result = resume_and_save("saved.jsonl", "7>2", "all.jsonl\n")
    assert result.exit_code == 0
    assert json.loads((tmp_path / "all.jsonl").read_text()) == {
        "code": CODE, "moves": "8>f 7>2", "player": "ann"}


def test_a_record_changed_since_it_was_loaded_is_not_overwritten(tmp_path):
    saved = tmp_path / "saved.txt"
    saved.write_text(f"{CODE} 8>f\n")
    loaded = load_one_record("saved.txt")
    saved.write_text(f"{CODE} tt8\n")          # another program rewrote it meanwhile
    with pytest.raises(RecordError, match="^saved.txt has changed since the game was loaded "
                                          "from it; save to another file$"):
        save_record("saved.txt", Record(CODE, "8>f 7>2"), Resumed("saved.txt", loaded))
    assert saved.read_text() == f"{CODE} tt8\n"


# ------------------------------------------------------------------ hint

def test_hint_takes_a_number_of_positions():
    assert hint_limits("") == HINT_LIMITS
    assert hint_limits("500000") == SolveLimits(500_000)
    for bad in ("abc", "0", "-3", "nan", "inf", "5.5", "100000001", "9" * 40, "\u0663"):
        assert hint_limits(bad) is None, bad
    assert hint_command(new_board(CODE), "abc") == (
        "hint takes a number of positions to search (at most 100000000), e.g. hint 2000000")


def test_hint_through_the_game_keeps_the_line():
    """The game's hint, asked again after the player followed it, goes on
    along the same line (one action shorter); after an action off the
    line, a new line is searched for."""
    result = invoke("play", CODE, "-i", input="hint\n8>f\nhint\nq\nn\n")
    first, second = [line for line in result.stdout.splitlines() if "Hint:" in line]
    assert "Hint: 8>f (the first of a winning line of" in first
    length = int(first.split(" of a winning line of ")[1].split()[0])
    assert second.endswith(f"(the line goes on: {length - 1} actions to a win)")


def test_a_device_is_not_saved_to_and_a_link_stays_a_link(tmp_path):
    with pytest.raises(OSError, match="not a regular file"):
        save_record("/dev/null", Record(CODE, "8>f"))
    (tmp_path / "real.txt").write_text("")
    (tmp_path / "link.txt").symlink_to("real.txt")
    save_record("link.txt", Record(CODE, "8>f"))
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "real.txt").read_text() == f"{CODE} 8>f\n"


def test_a_resumed_game_left_as_it_was_loaded_is_not_offered_for_saving(tmp_path):
    """Nothing played since --load: the record in the file is the game, so
    quitting asks nothing (and exits 0 at the end of input, losing nothing)."""
    (tmp_path / "saved.txt").write_text(f"# my game\n{CODE} 8>f  # the ace\n")
    result = invoke("play", "--load", "saved.txt", "-i", "--ascii", input="q\n")
    assert result.exit_code == 0
    assert result.stdout.endswith(f"{CODE}> q\n")
    result = invoke("play", "--load", "saved.txt", "-i", "--ascii", input="u\nq\nn\n")
    assert result.stdout.endswith("Save this game as a record? [y/N]: n\n")
