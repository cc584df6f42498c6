"""Where an action comes from, and what the positional arguments mean,
with ``--load FILE`` (``play``, ``show``, ``hint``, ``solve``), ``--script``,
a record on standard input and ``replay``: an action read from a file is
named by file and line, one typed on the command line as typed moves are;
a deal CODE given with ``--load`` is a usage error (exit 2), not a move."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import invoke, invoke_ok, refused

ROOT = Path(__file__).resolve().parent.parent
WON_SH = "examples/won-seahaven.txt"
RUN_REFUSED = "examples/easy-harp-run-refused.txt"
SH314 = "SH1-C4-AAAAAJ2"
LOADING = ("play", "show", "hint", "solve")
#: The refusal of ``2>3`` on deal 5 of Easy Harp, and of ``1>2`` on deal 314
#: of Seahaven after ``8>f``.
AS_ON_3H = ("AS cannot go on 3H: a card goes on a card of the other colour one rank higher "
            "(RULES A1.2)")
TWO_ON_TEN = ("2S cannot go on TS: a card goes only on the next higher card of its own suit "
              "(RULES A2.3)")


@pytest.fixture(autouse=True)
def in_repository(monkeypatch):
    monkeypatch.chdir(ROOT)


def won_moves() -> list[str]:
    """The 105 actions of examples/won-seahaven.txt."""
    lines = (ROOT / WON_SH).read_text().splitlines()
    return " ".join(line for line in lines if not line.startswith("#")).split()[1:]


# ------------------------------------------------------------------ moves typed after --load

@pytest.mark.parametrize("command", LOADING)
def test_a_move_typed_after_load_is_placed_as_typed_moves_are(command):
    """Action 106 came from the command line, not from line 10 of the file:
    it is named as a move typed after a deal CODE is."""
    message = "action 106 (1>f): column 1 is empty (RULES A2.3)"
    refused([command, "--load", WON_SH, "1>f"], 1, message)
    refused([command, SH314, *won_moves(), "1>f"], 1, message)


def test_the_refused_run_example_names_the_typed_move():
    """docs/commands.md: ``6>4`` is typed, after the 21 actions of the file."""
    refused(["play", "--load", RUN_REFUSED, "6>4", "--no-interactive-rules"], 1,
            "action 22 (6>4): the run 5S…4H cannot move from column 6 to column 4: only its "
            "top card 4H moves (RULES A1.3)")


def test_typed_moves_are_numbered_on_from_the_saved_game(tmp_path):
    saved = tmp_path / "saved.txt"
    saved.write_text(f"{SH314} 8>f\n")
    out = invoke_ok("play", "--load", str(saved), "7>2", "-v", "--ascii")
    assert [line for line in out.splitlines() if line.startswith(("Start", "Action"))] == [
        "Start", "Action 1: 8>f", "Action 2: 7>2"]
    assert invoke_ok("show", "--load", str(saved), "7>2 7>c", "--at", "2") == \
        invoke_ok("show", SH314, "8>f", "7>2")
    refused(["show", "--load", str(saved), "7>2", "--at", "3"], 2,
            "Invalid value for '--at': 3 is more than the 2 actions of the script")


# ------------------------------------------------------------------ a deal CODE with --load

@pytest.mark.parametrize("command", LOADING)
@pytest.mark.parametrize("first", ["EH1-N-AAAAAAF", "sh1-c4-aaaaaj2", "EH1-N-AAAAAAF 1>f"])
def test_a_deal_code_with_load_is_a_usage_error(command, first):
    word = first.split()[0]
    result = refused([command, first, "--load", WON_SH], 2,
                     f"a deal CODE ({word!r}) and --load exclude each other: the saved game "
                     "names its deal, and MOVES continue it")
    assert result.stderr.startswith(f"Usage: harp {command} [OPTIONS] [CODE] [MOVES]...\n")


def test_a_deal_code_after_load_is_refused_before_the_file_is_read(tmp_path):
    refused(["play", "--load", str(tmp_path / "none.txt"), "EH1-N-AAAAAAF"], 2,
            "a deal CODE ('EH1-N-AAAAAAF') and --load exclude each other: the saved game "
            "names its deal, and MOVES continue it")


def test_play_refuses_a_deal_number_or_standard_input_with_load():
    """``play`` takes a deal number or ``-`` as CODE; with --load neither is a move."""
    refused(["play", "5", "--load", WON_SH], 2,
            "a deal CODE ('5') and --load exclude each other: the saved game names its deal, "
            "and MOVES continue it")
    refused(["play", "5", "--game", "sh", "--load", WON_SH], 2,
            "a deal CODE ('5') and --load exclude each other: the saved game names its deal, "
            "and MOVES continue it")
    refused(["play", "-", "--load", WON_SH], 2,
            "CODE - (a record on standard input) and --load exclude each other; --load - "
            "reads the saved game from standard input")


def test_show_takes_no_deal_number_so_a_number_after_load_is_a_bad_move():
    refused(["show", "--load", WON_SH, "5"], 1,
            "action 106 (5): cannot read '5': expected X>Y, N:X>Y, d, tX, ttX or u")


# ------------------------------------------------------------------ actions read from files

@pytest.mark.parametrize("args", [["replay", "--check"], ["play", "--load"],
                                  ["show", "--load"], ["hint", "--load"], ["solve", "--load"]])
def test_a_refused_action_of_a_file_names_the_file_and_line(tmp_path, args):
    one = tmp_path / "longrec.txt"
    one.write_text("EH1-N-AAAAAAF 1>f 2>3\n")
    refused([*args, str(one)], 1, f"{one}: line 1: action 2 (2>3): {AS_ON_3H}")
    two = tmp_path / "rec_bad.txt"
    two.write_text("# a game\nEH1-N-AAAAAAF 1>f\n\n2>3\n")
    refused([*args, str(two)], 1, f"{two}: line 4: action 2 (2>3): {AS_ON_3H}")
    below = tmp_path / "below.txt"          # the code alone on its line, the moves below
    below.write_text(f"{SH314}\n8>f 1>2\n")
    refused([*args, str(below)], 1, f"{below}: line 2: action 2 (1>2): {TWO_ON_TEN}")
    jsonl = tmp_path / "games.jsonl"
    jsonl.write_text(json.dumps({"code": SH314, "moves": "8>f 1>>2"}) + "\n")
    refused([*args, str(jsonl)], 1, f"{jsonl}: line 1: action 2 (1>>2): cannot read '1>>2': "
            "expected X>Y, N:X>Y, d, tX, ttX or u")


def test_replay_names_the_file_and_line_of_each_failing_record(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text(f"{SH314} 8>f\nEH1-N-AAAAAAF 2>3\n{SH314} 8>f\n1>2\n")
    result = invoke("replay", "--check", str(path), "--ascii")
    assert result.exit_code == 1
    assert result.stdout.endswith("1 of 3 records replayed without error\n")
    assert result.stderr == (f"Error: {path}: line 2: action 1 (2>3): {AS_ON_3H}\n"
                             f"Error: {path}: line 4: action 2 (1>2): {TWO_ON_TEN}\n")


def test_a_bad_action_of_a_file_is_named_before_the_typed_moves(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("EH1-N-AAAAAAF 1>f 2>3\n")
    refused(["play", "--load", str(path), "d"], 1,
            f"{path}: line 1: action 2 (2>3): {AS_ON_3H}")


def test_a_one_line_script_file_names_its_line(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("8>f 1>2\n")
    refused(["play", SH314, "--script", str(script)], 1,
            f"{script}: line 1: action 2 (1>2): {TWO_ON_TEN}")
    refused(["play", SH314, "--script", "-"], 1,
            f"<stdin>: line 2: action 2 (1>2): {TWO_ON_TEN}", input="8>f\n1>2\n")


def test_a_record_on_standard_input_is_named_as_the_file_it_is():
    refused(["play"], 1, f"<stdin>: line 1: action 2 (1>2): {TWO_ON_TEN}",
            input=f"{SH314} 8>f 1>2\n")
    refused(["play", "--load", "-"], 1, f"<stdin>: line 2: action 2 (1>2): {TWO_ON_TEN}",
            input=f"# saved\n{SH314} 8>f 1>2\n")
    refused(["replay", "--check", "-"], 1, f"<stdin>: line 1: action 2 (1>2): {TWO_ON_TEN}",
            input=f"{SH314} 8>f 1>2\n")


def test_typed_moves_keep_their_place_without_a_file():
    refused(["play", SH314, "8>f", "1>2"], 1, f"action 2 (1>2): {TWO_ON_TEN}")
    refused(["show", SH314, "8>f 1>2"], 1, f"action 2 (1>2): {TWO_ON_TEN}")


@pytest.mark.parametrize("command", LOADING)
def test_a_bad_deal_code_in_a_loaded_file_names_the_file_and_line(tmp_path, command):
    path = tmp_path / "bad.txt"
    path.write_text("# a game\nXX1-N-AAAAAAF 1>f\n")
    refused([command, "--load", str(path)], 1, f"{path}: line 2: invalid deal code "
            "'XX1-N-AAAAAAF': unknown game 'XX' (expected EH or SH)")


def test_a_typed_deal_code_with_a_script_file_is_not_placed_in_the_file(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("8>f\n")
    refused(["play", "XX1-N-AAAAAAF", "--script", str(script)], 1,
            "invalid deal code 'XX1-N-AAAAAAF': unknown game 'XX' (expected EH or SH)")


# ------------------------------------------------------------------ hint

WON_HINT = {"code": SH314, "hint": None, "followed": 0, "outcome": "solved", "script": "",
            "length": 0, "draws": 0, "states": 1, "verdict_states": 1, "stopped_by": None,
            "limits": {"max_states": 50000, "line_states": 0, "timeout": None},
            "searches": 1, "total_states": 1, "searches_cut_by_time": 0}


def test_hint_of_a_won_game_says_it_is_won():
    """Text and JSON agree: nothing to hint, and no line left to play."""
    assert invoke_ok("hint", "--load", WON_SH) == "the game is already won\n"
    for args in (["--load", WON_SH], [SH314, *won_moves()]):
        data = json.loads(invoke_ok("hint", *args, "--json"))
        assert data.pop("cpu_seconds") >= 0 and data.pop("total_cpu_seconds") >= 0
        assert data == WON_HINT


def test_hint_help_says_the_positions_may_pass_max_states():
    """A search checks its limit between steps (the solvers must not
    change), so the positions it reports may pass --max-states a little."""
    help_text = " ".join(invoke_ok("hint", "--help").split())
    assert ("Give up (unknown) after this many positions (the last step of a search may "
            "pass it by a few)") in help_text
    data = json.loads(invoke_ok("hint", "EH1-N-AAAAAAF", "--max-states", "3", "--json"))
    assert (data["outcome"], data["stopped_by"]) == ("unknown", "positions")
    assert data["states"] > data["limits"]["max_states"] == 3


@pytest.mark.parametrize("command", ["show", "hint", "solve"])
def test_a_file_given_as_code_is_pointed_to_load(command):
    """A saved game given where the deal code goes: the code is refused,
    and the message says how to read the file."""
    refused([command, WON_SH], 1,
            f"invalid deal code {WON_SH!r}: expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF; "
            f"to read the saved game {WON_SH}, give --load {WON_SH}")
    refused([command, "examples"], 1,          # a folder is no saved game: no pointer
            "invalid deal code 'examples': expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF")
