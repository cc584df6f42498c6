"""The ``harp`` command group: deal, show, encode, decode, --help, --version.

Every command is run through Click's CliRunner; outputs and exit codes are
exact: 0 on success, 1 for bad data (code, notation, refused action, file,
record), 2 for bad command-line usage.
"""
from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from harp.cli import cli

EH5_TEXT = """\
Easy Harp  EH1-N-AAAAAAF  (deal 5)
Foundations  f1 --  f2 --  f3 --  f4 --  f5 --  f6 --  f7 --  f8 --
Stock 59
Waste 0
1: AH
2: ## AS
3: ## ## 3H
4: ## ## ## JS
5: ## ## ## ## 3D
6: ## ## ## ## ## 6H
7: ## ## ## ## ## ## TS
8: ## ## ## ## ## ## ## 5S
9: ## ## ## ## ## ## ## ## TC
Score 0  Moves 0  Status open
"""

# The golden layout of RULES B3, deal 314 with 4 cells.
SH314_TEXT = """\
Seahaven Towers, 4 cells  SH1-C4-AAAAAJ2  (deal 314)
Foundations  f1♠ --  f2♥ --  f3♦ --  f4♣ --
Cells  a 5♦  b 6♠  c --  d --
 1: 7♣ J♦ 9♥ 7♠ 2♠
 2: 5♣ 6♣ 7♥ K♥ T♠
 3: 3♥ J♠ K♣ A♦ 9♣
 4: 5♠ T♣ 2♦ 8♣ K♦
 5: Q♠ J♣ A♠ A♥ 2♥
 6: T♥ 6♦ Q♥ 3♣ 4♥
 7: 4♦ 8♥ 3♠ 6♥ 9♠
 8: 7♦ 2♣ 8♠ 3♦ A♣
 9: Q♦ 4♣ Q♣ J♥ T♦
10: 5♥ 4♠ 9♦ K♠ 8♦
Score 0  Moves 0  Status open
"""

JSON_KEYS = ["code", "game", "deal", "columns", "face_down", "stock", "waste", "cells",
             "foundations", "score", "moves", "status"]


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


# ------------------------------------------------------------------ group

def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == "harp, version 0.1.0\n"


@pytest.mark.parametrize("module", ["harp", "harp.cli"])
def test_python_dash_m_runs_the_group(module, tmp_path):
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", module, "encode", "--game", "eh", "5"],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "EH1-N-AAAAAAF\n", "")


def test_the_commands():
    assert cli.list_commands(click.Context(cli)) == [
        "deal", "decode", "encode", "generate", "hint", "play", "replay", "rules", "score",
        "show", "solve", "stats"]


# The group imports a command's module on first use: list, not ``cli.commands``.
@pytest.mark.parametrize("command", cli.list_commands(click.Context(cli)))
def test_every_command_has_help_with_an_example(command):
    assert cli.get_command(click.Context(cli), command).name == command
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"harp {command}" in result.stdout.split("Example", 1)[1]


def test_unknown_command_is_a_usage_error():
    result = run("dael")
    assert result.exit_code == 2
    assert "No such command 'dael'" in result.stderr


# ------------------------------------------------------------------ deal

def test_deal_easy_harp_ascii():
    result = run("deal", "EH1-N-AAAAAAF", "--ascii")
    assert result.exit_code == 0
    assert result.stdout == EH5_TEXT


def test_deal_seahaven_unicode_golden_layout_any_case():
    result = run("deal", "sh1-c4-aaaaaj2")
    assert result.exit_code == 0
    assert result.stdout == SH314_TEXT + "Winnable  4 cells yes, 2 cells no, 1 cell no\n"


def test_deal_never_colours_output_that_is_not_a_terminal():
    assert "\x1b[" not in run("deal", "SH1-C4-AAAAAJ2").stdout


def test_use_color_only_on_a_terminal_without_no_color(monkeypatch):
    from harp.cli import output as options

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(options.sys, "stdout", Terminal())
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert options.use_color() is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert options.use_color() is False


def test_deal_reveal_shows_face_down_cards_and_stock():
    out = run("deal", "EH1-N-AAAAAAF", "--ascii", "--reveal").stdout.splitlines()
    # RULES B3 golden layout of EH deal 5.
    assert out[2].startswith("Stock 59: 8D QS QH 5C 6D ")
    assert out[2].endswith(" KS")
    assert out[4:13] == [
        "1: AH", "2: 2S AS", "3: 4S TH 3H", "4: 2S KD 7C JS", "5: 3C 3D JD 5H 3D",
        "6: QS 2C AD 3H 4C 6H", "7: KD 4H TC 4C 3S 9H TS", "8: JC 9S 9D 5H 7C 9H JH 5S",
        "9: 5C 8S 6S 2C JS TS KH 2H TC"]


def test_deal_json_has_exactly_the_issue_keys():
    result = run("deal", "SH1-C2-AAAAAJ2", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    # The issue's keys, then whether the deal can be won (Seahaven's atlas).
    assert list(data) == JSON_KEYS + ["winnable", "fewest_cells"]
    assert data["code"] == "SH1-C2-AAAAAJ2"
    assert (data["game"], data["deal"], data["cells"]) == ("SH", 314, ["5D", "6S"])
    assert data["columns"][0] == ["7C", "JD", "9H", "7S", "2S"]
    assert data["foundations"] == [None, None, None, None]
    assert (data["stock"], data["waste"], data["face_down"]) == ([], [], [0] * 10)
    assert (data["score"], data["moves"], data["status"]) == (0, 0, "open")


def test_deal_json_hides_easy_harp_cards_unless_revealed():
    data = json.loads(run("deal", "EH1-N-AAAAAAF", "--json").stdout)
    assert data["columns"][1] == ["??", "AS"]
    assert data["stock"] == ["??"] * 59
    assert data["face_down"] == list(range(9))
    assert data["cells"] == [] and data["foundations"] == [None] * 8
    shown = json.loads(run("deal", "EH1-N-AAAAAAF", "--json", "--reveal").stdout)
    assert shown["columns"][1] == ["2S", "AS"]
    assert shown["stock"][:3] == ["8D", "QS", "QH"]


def test_deal_format_json_is_the_same_as_dash_dash_json():
    assert run("deal", "EH1-N-AAAAAAF", "--format", "json").stdout == \
        run("deal", "EH1-N-AAAAAAF", "--json").stdout


def test_deal_daily_with_date_rules_b4():
    result = run("deal", "--daily", "--date", "2026-11-29", "--ascii")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Easy Harp  EH1-N-AAADNG7  (deal 111839)"


def test_deal_daily_seahaven_two_cells():
    result = run("deal", "--daily", "--date", "2026-11-29", "--game", "sh", "--cells", "2", "--json")
    data = json.loads(result.stdout)
    assert data["code"].startswith("SH1-C2-") and len(data["cells"]) == 2


def test_deal_random_prints_its_code_so_it_can_be_dealt_again():
    result = run("deal", "--random", "--game", "sh", "--cells", "1", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["code"].startswith("SH1-C1-")
    assert run("deal", data["code"], "--json").stdout == result.stdout


def test_deal_fcs_format_for_freecell_solver():
    result = run("deal", "SH1-C4-AAAAAJ2", "--format", "fcs")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert any(line.startswith("Freecells:") for line in lines)
    assert ": 7C JD 9H 7S 2S" in lines and ": 5H 4S 9D KS 8D" in lines


def test_deal_fcs_of_a_random_deal_names_the_code_on_stderr():
    result = run("deal", "--random", "--game", "sh", "--format", "fcs")
    assert result.exit_code == 0
    assert result.stderr.startswith("code: SH1-C4-")


@pytest.mark.parametrize("args, message", [
    (["EH1-N-AAAAAAF", "--format", "fcs"], "--format fcs is for Seahaven deals only"),
    (["SH1-C4-AAAAAJ2", "--format", "fcs", "--json"], "--json and --format fcs exclude each other"),
    ([], "give exactly one of CODE, --random or --daily"),
    (["EH1-N-AAAAAAF", "--random"], "give exactly one of CODE, --random or --daily"),
    (["--random", "--date", "2026-01-01"], "--date goes with --daily"),
    (["EH1-N-AAAAAAF", "--game", "sh"], "a CODE already names its game and cells"),
    (["--random", "--cells", "2"], "--cells is for Seahaven (--game sh)"),
])
def test_deal_usage_errors_exit_2(args, message):
    result = run("deal", *args)
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.parametrize("date, says", [
    ("2026-02-30", "2026-02-30 is not a real date: February 2026 has 28 days"),
    ("2025-02-29", "2025-02-29 is not a real date: February 2025 has 28 days"),
    ("2026-13-01", "2026-13-01 is not a real date: there is no month 13"),
    ("0000-01-01", "0000-01-01 is not a real date: years start at 1"),
    ("2026-1-1", "'2026-1-1' is not a date: write it YYYY-MM-DD, e.g. 2026-11-29"),
    ("٢٠٢٦-01-01", "'٢٠٢٦-01-01' is not a date: write it YYYY-MM-DD, e.g. 2026-11-29"),
])
def test_deal_bad_date_is_a_usage_error_that_says_what_is_wrong(date, says):
    """A date that does not exist is not a format mismatch."""
    for option in (["deal", "--daily", "--date"], ["stats", "--game", "sh", "--days", "2",
                                                    "--daily-from"]):
        result = run(*option, date)
        assert result.exit_code == 2
        assert result.stderr.splitlines()[-1] == (
            f"Error: Invalid value for '{option[-1]}': {says}")


def test_a_leap_day_is_a_real_date():
    assert run("deal", "--daily", "--date", "2024-02-29").exit_code == 0


@pytest.mark.parametrize("code, message", [
    ("EH1-N-AAAAAAA", "Error: invalid deal code 'EH1-N-AAAAAAA': payload 'AAAAAAA' is deal 0, "
                      "out of range 1-999999\n"),
    ("XX1-N-AAAAAAF", "Error: invalid deal code 'XX1-N-AAAAAAF': unknown game 'XX' "
                      "(expected EH or SH)\n"),
    ("SH1-C3-AAAAAJ2", "Error: invalid deal code 'SH1-C3-AAAAAJ2': unknown variant 'C3' for SH "
                       "(expected C4 or C2 or C1)\n"),
    ("hello", "Error: invalid deal code 'hello': expected GAME-VARIANT-PAYLOAD, "
              "e.g. EH1-N-AAAAAAF\n"),
])
def test_deal_bad_code_exits_1_with_one_line(code, message):
    result = run("deal", code)
    assert result.exit_code == 1
    assert (result.stdout, result.stderr) == ("", message)


# ------------------------------------------------------------------ show

def test_show_after_moves():
    result = run("show", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--ascii")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1] == "Foundations  f1S --  f2H --  f3D --  f4C AC"
    assert lines[3:5] == [" 1: 7C JD 9H 7S 2S", " 2: 5C 6C 7H KH TS 9S"]
    assert lines[-1] == "Score 10  Moves 2  Status open"


def test_show_accepts_a_script_in_one_argument_and_standard_notation():
    one = run("show", "SH1-C4-AAAAAJ2", "8>f 7>2", "--json").stdout
    assert run("show", "SH1-C4-AAAAAJ2", "8h", "72", "--json").stdout == one


def test_show_at_stops_after_n_actions():
    at = json.loads(run("show", "EH1-N-AAAAAAF", "1>f 2>f d", "--at", "1", "--json").stdout)
    assert (at["moves"], at["score"], at["foundations"][2]) == (1, 10, "AH")


def test_show_at_beyond_the_script_is_a_usage_error():
    result = run("show", "EH1-N-AAAAAAF", "1>f", "--at", "5")
    assert result.exit_code == 2
    assert "Invalid value for '--at': 5 is more than the 1 actions of the script" in result.stderr


def test_show_record_file_with_extra_moves(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("# a record\nEH1-N-AAAAAAF\n1>f\n2>f\n")
    data = json.loads(run("show", "--load", str(path), "d", "--json").stdout)
    assert (data["moves"], data["score"], data["waste"]) == (3, 25, ["8D"])


def test_show_needs_a_code_or_a_record():
    result = run("show")
    assert result.exit_code == 2
    assert "give a deal CODE (e.g. EH1-N-AAAAAAF) or --load FILE" in result.stderr


def test_show_illegal_action_exits_1_naming_action_and_rule():
    result = run("show", "SH1-C4-AAAAAJ2", "8>f", "1>2")
    assert result.exit_code == 1
    assert result.stderr == ("Error: action 2 (1>2): 2S cannot go on TS: a card goes only on "
                             "the next higher card of its own suit (RULES A2.3)\n")


def test_show_bad_notation_exits_1():
    result = run("show", "EH1-N-AAAAAAF", "1>f", "9>z")
    assert result.exit_code == 1
    assert result.stderr == "Error: action 2 (9>z): unknown location 'z'\n"


def test_show_missing_record_file_exits_1(tmp_path):
    missing = tmp_path / "nope.txt"
    result = run("show", "--load", str(missing))
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot open {missing}: No such file or directory\n"


def test_show_record_file_with_several_records_is_refused(tmp_path):
    path = tmp_path / "two.jsonl"
    path.write_text('{"code": "EH1-N-AAAAAAF", "moves": ""}\n{"code": "EH1-N-AAAAAAF"}\n')
    result = run("show", "--load", str(path))
    assert result.exit_code == 1
    assert "holds 2 records" in result.stderr


# ------------------------------------------------------------------ encode / decode

def test_encode():
    assert run("encode", "--game", "sh", "--cells", "2", "314").stdout == "SH1-C2-AAAAAJ2\n"
    assert run("encode", "--game", "EH", "999999").stdout == "EH1-N-AAA6QR7\n"


@pytest.mark.parametrize("number", ["0", "-5", "1000000"])
def test_encode_out_of_range_is_a_bad_value_like_any_other(number):
    """0 and -5 alike are bad values of NUMBER (exit 2), as a bad --deals is."""
    result = run("encode", "--game", "eh", "--", number)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for 'NUMBER': deal number {number} is out of range 1-999999")


def test_encode_usage_errors_exit_2():
    assert run("encode", "--game", "xx", "1").exit_code == 2
    assert run("encode", "--game", "eh", "five").exit_code == 2
    assert run("encode", "5").exit_code == 2


def test_decode():
    result = run("decode", "sh1-c2-aaaaaj2")
    assert result.exit_code == 0
    assert result.stdout == ("code: SH1-C2-AAAAAJ2\ngame: SH (Seahaven Towers)\nvariant: C2\n"
                             "cells: 2\ndeal: 314\n"
                             "winnable: 4 cells yes, 2 cells no, 1 cell no (atlas)\n"
                             "fewest cells: 4\n")


def test_decode_easy_harp_has_no_cells():
    assert run("decode", "EH1-N-AAAAAAF").stdout.splitlines()[2:5] == [
        "variant: N", "cells: 0", "deal: 5"]


def test_decode_bad_code_exits_1():
    result = run("decode", "EH1-N-AAAAA0F")
    assert result.exit_code == 1
    assert result.stderr == ("Error: invalid deal code 'EH1-N-AAAAA0F': payload 'AAAAA0F' has "
                             "the character '0', not in A-Z 2-7 (RULES B1)\n")
