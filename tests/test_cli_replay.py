"""``harp replay`` and the files of ``examples/``, replayed so they stay true."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import invoke, invoke_ok, refused


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(autouse=True)
def in_repository(monkeypatch):
    monkeypatch.chdir(EXAMPLES.parent)


# ------------------------------------------------------------------ the examples

def test_won_easy_harp_example():
    assert invoke_ok("replay", "--check", "examples/won-easy-harp.txt", "--ascii").splitlines()[-2:] == [
        "Score 1360  Moves 236  Status won",
        "236 actions, all legal. Score 1360, moves 236, status won."]


def test_won_seahaven_example():
    out = invoke_ok("replay", "--check", "examples/won-seahaven.txt", "--ascii")
    assert out.splitlines()[1:3] == [
        "Foundations  f1S KS  f2H KH  f3D KD  f4C KC", "Cells  a --  b --  c --  d --"]
    assert out.endswith("105 actions, all legal. Score 575, moves 105, status won.\n")


def test_easy_harp_refuses_a_run_between_columns_example():
    assert invoke_ok("replay", "--check", "examples/easy-harp-run-refused.txt").endswith(
        "21 actions, all legal. Score 75, moves 21, status open.\n")
    refused(["play", "--load", "examples/easy-harp-run-refused.txt", "6>4", "--ascii"], 1,
            "action 22 (6>4): the run 5S…4H cannot move from column 6 to column 4: "
            "only its top card 4H moves (RULES A1.3). Reminder: in Easy Harp only the top card "
            "moves between columns; take a run apart card by card, starting with its last "
            "(exposed) card")
    before = json.loads(invoke_ok("show", "--load", "examples/easy-harp-run-refused.txt",
                                  "--json"))
    assert before["columns"][5][-2:] == ["5S", "4H"] and before["columns"][3][-1] == "6D"


def test_seahaven_capacity_example_rules_a2_5():
    position = invoke_ok("show", "--load", "examples/seahaven-capacity.txt", "--ascii")
    assert "Cells  a 8H  b 9H  c TH  d --" in position        # 1 free cell
    assert " 2:\n 3:\n" in position                            # 2 empty columns
    assert " 7: 9C 8C 7C 6C 5C 4C 3C 2C\n 8: KS QS JS TS 9S\n" in position
    eight = invoke_ok("play", "--load", "examples/seahaven-capacity.txt", "7>10", "--ascii")
    assert "\n 7:\n" in eight and "10: QD TC 9C 8C 7C 6C 5C 4C 3C 2C\n" in eight
    refused(["play", "--load", "examples/seahaven-capacity.txt", "8>2"], 1,
            "action 49 (8>2): a run of 5 cards cannot move: 1 free cell and 2 empty "
            "columns allow at most 4 into an empty column (the destination does not count) "
            "(RULES A2.5)")


#: What ``harp replay --check`` says of each game in each example file.
VERDICTS = {
    "easy-harp-run-refused.txt": ["21 actions, all legal. Score 75, moves 21, status open."],
    "games.csv": ["5 actions, all legal. Score 25, moves 5, status open.",
                  "4 actions, all legal. Score 10, moves 4, status open.",
                  "2 of 2 records replayed without error"],
    "games.jsonl": ["236 actions, all legal. Score 1360, moves 236, status won.",
                    "105 actions, all legal. Score 575, moves 105, status won.",
                    "82 actions, all legal. Score 535, moves 82, status won.",
                    "180 actions, all legal. Score 445, moves 180, status open.",
                    "171 actions, all legal. Score 485, moves 171, status open.",
                    "195 actions, all legal. Score 475, moves 195, status open.",
                    "30 actions, all legal. Score 125, moves 30, status open.",
                    "7 of 7 records replayed without error"],
    "lost-easy-harp.txt": ["254 actions, all legal. Score 805, moves 253, status open."],
    "seahaven-capacity.txt": ["48 actions, all legal. Score 140, moves 48, status open."],
    "won-easy-harp.txt": ["236 actions, all legal. Score 1360, moves 236, status won."],
    "won-seahaven.txt": ["105 actions, all legal. Score 575, moves 105, status won."],
}


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.iterdir()
                                        if p.suffix in (".txt", ".jsonl", ".csv")
                                        and p.name != "mixed-records.jsonl"))
def test_every_example_replays(path):
    """Every game of every example file replays to its score, moves and status."""
    out = invoke_ok("replay", "--check", f"examples/{path}")
    assert [line for line in out.splitlines()
            if "all legal" in line or "records replayed" in line] == VERDICTS[path]


def test_the_mixed_example_has_three_bad_records():
    """examples/mixed-records.jsonl: three good records, then an illegal
    action, broken JSON and an unknown variant, each reported on its own."""
    result = invoke("replay", "--check", "examples/mixed-records.jsonl")
    assert result.exit_code == 1
    assert [line for line in result.stdout.splitlines() if line.startswith("Record")] == [
        "Record 1 (line 1): SH1-C4-AAAAAJ2", "Record 2 (line 2): SH1-C2-AAAAAAD",
        "Record 3 (line 3): EH1-N-AAAAAAF", "Record 4 (line 4): SH1-C4-AAAAAJ2",
        "Record 5 (line 5): cannot be read", "Record 6 (line 6): SH1-C9-AAAAAJ2"]
    assert result.stdout.endswith("3 of 6 records replayed without error\n")
    assert result.stderr == (
        "Error: examples/mixed-records.jsonl: line 4: action 2 (5>f): 2H cannot go to its "
        "foundation f2: it needs AH (RULES A2.3)\n"
        "Error: examples/mixed-records.jsonl: line 5: not valid JSON (Expecting property name "
        "enclosed in double quotes, column 2)\n"
        "Error: examples/mixed-records.jsonl: line 6: invalid deal code 'SH1-C9-AAAAAJ2': "
        "unknown variant 'C9' for SH (expected C4 or C2 or C1)\n")


# ------------------------------------------------------------------ replay

def test_replay_step_by_step_prints_every_position(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("SH1-C4-AAAAAJ2 8>f 7>2\n")
    # The positions of ``play -v``, then the verdict.
    assert invoke_ok("replay", str(path), "--ascii") == (
        invoke_ok("play", "SH1-C4-AAAAAJ2", "8>f", "7>2", "-v", "--ascii")
        + "2 actions, all legal. Score 10, moves 2, status open.\n")


def test_replay_check_prints_only_the_last_position(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("SH1-C4-AAAAAJ2 8>f 7>2\n")
    assert invoke_ok("replay", "--check", str(path), "--ascii") == (
        invoke_ok("show", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--ascii")
        + "2 actions, all legal. Score 10, moves 2, status open.\n")


def test_replay_json_prints_the_final_position(tmp_path):
    path = tmp_path / "g.jsonl"
    path.write_text('{"code": "SH1-C4-AAAAAJ2", "moves": "8>f 7>2", "player": "ann"}\n')
    data = json.loads(invoke_ok("replay", str(path), "--json"))
    assert data == json.loads(invoke_ok("show", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--json"))
    assert (data["moves"], data["score"], data["status"]) == (2, 10, "open")


def test_replay_from_standard_input():
    assert invoke_ok("replay", "--check", "-", input="EH1-N-AAAAAAF 1>f\n").endswith(
        "1 action, all legal. Score 10, moves 1, status open.\n")


def test_replay_illegal_action_exits_1_and_names_it(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("# a game\nSH1-C4-AAAAAJ2\n8>f\n1>2\n")
    result = invoke("replay", "--check", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""      # one record: no position after a refusal
    assert result.stderr == (f"Error: {path}: line 4: action 2 (1>2): 2S cannot go on TS: a card "
                             "goes only on the next higher card of its own suit (RULES A2.3)\n")


def test_replay_several_records_reports_each_and_fails_if_one_fails(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("SH1-C4-AAAAAJ2 8>f\nEH1-N-AAAAAAF 9>1\nXX1-N-AAAAAAF 1>f\n")
    result = invoke("replay", "--check", str(path), "--ascii")
    assert result.exit_code == 1
    assert [line for line in result.stdout.splitlines() if line.startswith(("Record", "1 ", "0 "))] \
        == ["Record 1 (line 1): SH1-C4-AAAAAJ2", "1 action, all legal. Score 10, moves 1, status open.",
            "Record 2 (line 2): EH1-N-AAAAAAF", "Record 3 (line 3): XX1-N-AAAAAAF",
            "1 of 3 records replayed without error"]
    assert result.stderr == (
        f"Error: {path}: line 2: action 1 (9>1): TC cannot go on AH: a card goes on a card of "
        "the other colour one rank higher (RULES A1.2)\n"
        f"Error: {path}: line 3: invalid deal code 'XX1-N-AAAAAAF': unknown game 'XX' "
        "(expected EH or SH)\n")


def test_replay_names_each_record_by_its_code_in_upper_case(tmp_path):
    """Codes are read in any case and printed in upper case
    (notation-and-records.md); a code that names no deal is shown as written."""
    path = tmp_path / "g.txt"
    path.write_text("sh1-c4-aaaaaj2 8>f\nSh1-C4-AaaaaJ2\nsh1-c4-aaaaaj\n")
    result = invoke("replay", "--check", str(path), "--ascii")
    assert [line for line in result.stdout.splitlines() if line.startswith("Record")] == [
        "Record 1 (line 1): SH1-C4-AAAAAJ2", "Record 2 (line 2): SH1-C4-AAAAAJ2",
        "Record 3 (line 3): sh1-c4-aaaaaj"]
    assert result.exit_code == 1


def test_replay_bad_notation_exits_1(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("EH1-N-AAAAAAF 1>f 1>>2\n")
    refused(["replay", "--check", str(path)], 1,
            f"{path}: line 1: action 2 (1>>2): cannot read '1>>2': expected X>Y, N:X>Y, d, tX, "
            "ttX or u")


def test_replay_missing_file_exits_1(tmp_path):
    refused(["replay", str(tmp_path / "none.txt")], 1,
            f"cannot open {tmp_path / 'none.txt'}: No such file or directory")


@pytest.mark.parametrize("name, content, message", [
    ("bad.jsonl", '{"moves": "1>f"}\n', "line 1: the record has no 'code'"),
    ("bad.jsonl", "[1, 2]\n", "line 1: a record must be a JSON object with 'code' and 'moves'"),
    ("bad.jsonl", '{"code": "EH1-N-AAAAAAF", "moves": 5}\n',
     "line 1: 'moves' must be a string or a list of strings"),
    ("bad.csv", "code,moves\nEH1-N-AAAAAAF,1>f,extra\n", "line 2: 3 fields, the header has 2"),
    ("bad.csv", "deal,moves\n5,1>f\n", "line 1: the CSV header has no 'code' column"),
    ("empty.txt", "# nothing here\n", "no record found: a record is a deal code followed by its moves (RULES B8)"),
])
def test_replay_corrupt_record_exits_1(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content)
    refused(["replay", str(path)], 1, f"{path}: {message}")


def test_replay_binary_file_exits_1(tmp_path):
    path = tmp_path / "b.txt"
    path.write_bytes(b"\xff\xfe\x00\x81")
    refused(["replay", str(path)], 1,
            f"{path}: line 1: a NUL byte: not a text file; the rest of the file is not read")


def test_replay_a_directory_is_bad_data(tmp_path):
    refused(["replay", str(tmp_path)], 1, f"cannot open {tmp_path}: it is a folder, not a file")


def test_replay_settings_switches(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("SH1-C4-AAAAAJ2 tt8\n")
    assert invoke_ok("replay", "--check", str(path)).endswith(
        "1 action, all legal. Score 10, moves 1, status open.\n")
    refused(["replay", "--check", "--no-double-click", str(path)], 1,
            f'{path}: line 1: action 1 (tt8): double tap is off (setting "double click") '
            '(RULES B9)')


# ------------------------------------------------------------------ replay --lost

def lost_game(upto: int | None = None) -> str:
    """examples/lost-easy-harp.txt as one record line, cut after ``upto``
    actions if given."""
    lines = (EXAMPLES / "lost-easy-harp.txt").read_text().splitlines()
    code, *moves = " ".join(line for line in lines if not line.startswith("#")).split()
    return " ".join([code, *moves[:upto]]) + "\n"


def test_replay_lost_names_the_action_since_which_the_game_is_lost():
    """RULES C8: examples/lost-easy-harp.txt plays w>4 (action 250), undoes
    it (251: the position can be won again), plays it again (252) and draws
    twice: lost since action 252.  The exact last lines, exit 0."""
    out = invoke_ok("replay", "--check", "--lost", "examples/lost-easy-harp.txt")
    assert out.splitlines()[-2:] == [
        "254 actions, all legal. Score 805, moves 253, status open.",
        "Lost since action 252 (w>4): no line of play wins after it (RULES C8)."]


def test_replay_lost_without_the_undo_and_before_the_blunder(tmp_path):
    """The same game cut after its first w>4 is lost since action 250; cut
    just before it, it is not lost (the solver's win from there is replayed)."""
    path = tmp_path / "games.txt"
    path.write_text(lost_game(250) + lost_game(249))
    lines = invoke_ok("replay", "--check", "--lost", str(path), "--ascii").splitlines()
    assert [line for line in lines if line.startswith(("Lost", "Not"))] == [
        "Lost since action 250 (w>4): no line of play wins after it (RULES C8).",
        "Not lost: the last position can still be won."]
    assert lines[-1] == "2 of 2 records replayed without error"


def test_replay_lost_within_small_limits():
    """With one position per search, the last position is still proved lost
    (rule NEVER-MOVES sees it at once), but the one before action 252 is not
    decided: lost since that action at the latest.  An opening is not
    decided at all."""
    out = invoke_ok("replay", "--check", "--lost", "--max-states", "1",
                    "examples/lost-easy-harp.txt")
    assert out.splitlines()[-1] == (
        "Lost since action 252 (w>4) at the latest: the position before it was not decided "
        "within the limits.")
    out = invoke_ok("replay", "--check", "--lost", "--max-states", "1", "-",
                    input="EH1-N-AAAAAAF\n")
    assert out.splitlines()[-1] == (
        "Not decided within the limits whether the last position can still be won.")


def test_replay_lost_from_the_deal_in_seahaven():
    """RULES C8 in Seahaven: deal 2 with one cell cannot be won (the
    solver proves it), so a game of it is lost from the deal."""
    out = invoke_ok("replay", "--check", "--lost", "-", input="SH1-C1-AAAAAAC\n")
    assert out.splitlines()[-1] == "Lost from the deal: no line of play wins (RULES C8)."


def test_replay_lost_json():
    """With --json the last position's object carries the verdict."""
    out = invoke_ok("replay", "--lost", "--json", "examples/lost-easy-harp.txt")
    lost = json.loads(out)["lost"]
    assert (lost["verdict"], lost["action"], lost["exact"]) == ("lost", 252, True)
    assert lost["positions"] > 0
    # docs/solvers.md says how many (it said 2 673 where --json said 2 518).
    solvers = " ".join((EXAMPLES.parent / "docs" / "solvers.md").read_text(encoding="utf-8")
                       .split())
    said = solvers.split("`harp replay --lost` finds action 252", 1)[1].split(" positions", 1)[0]
    assert said.rsplit(", with ", 1)[1] == f"{lost['positions']:,}".replace(",", " ")


@pytest.mark.parametrize("name", ["won-seahaven.txt", "won-easy-harp.txt"])
def test_replay_lost_of_a_won_game_says_it_is_won(name):
    """A won game is not "still winnable": --lost says it is won, as hint
    does, with no search (--json: verdict won)."""
    lines = invoke_ok("replay", "--check", "--lost", f"examples/{name}").splitlines()
    assert lines[-2].endswith(", status won.") and lines[-1] == "Not lost: the game is won."
    lost = json.loads(invoke_ok("replay", "--lost", "--json", f"examples/{name}"))["lost"]
    assert lost == {"verdict": "won", "action": None, "exact": False, "positions": 0}


def test_replay_limits_need_lost():
    refused(["replay", "--max-states", "5", "examples/won-easy-harp.txt"], 2,
            "--max-states and --timeout limit the search of --lost: they need --lost")


def test_hint_says_a_lost_position_is_lost():
    """RULES C8: from the end of the lost example, the hint says it is
    lost, on one line, exit 0 (every verdict exits 0)."""
    assert invoke_ok("hint", "--load", "examples/lost-easy-harp.txt") == \
        "lost: no line of play wins from this position (RULES C8)\n"


def test_replay_json_gives_a_failed_record_its_own_object():
    """A batch never loses a record: with --json each record has one object,
    its last position or its error, in the file's order."""
    result = invoke("replay", "examples/mixed-records.jsonl", "--json")
    assert result.exit_code == 1
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    errors = [line for line in result.stderr.splitlines()]
    assert len(objects) == 6
    assert [o["line"] for o in objects if "error" in o] == [4, 5, 6]
    assert [f"Error: {o['error']}" for o in objects if "error" in o] == errors
    assert all("code" in o for o in objects[:3])
