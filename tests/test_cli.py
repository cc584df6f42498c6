"""The ``harp`` command group: deal, show, encode, decode, --help, --version.

Every command is run through Click's CliRunner; outputs and exit codes are
exact: 0 on success, 1 for bad data (code, notation, refused action, file,
record), 2 for bad command-line usage.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import click
import pexpect
import pytest

from harp.cli import cli
from harp.deals import daily_code, make_code

from helpers import invoke, invoke_ok, refused

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

WINNABLE_314 = "Winnable  4 cells yes, 2 cells no, 1 cell no\n"

JSON_KEYS = ["code", "game", "deal", "columns", "face_down", "stock", "waste", "cells",
             "foundations", "score", "moves", "status"]


def terminal_output(folder, *args: str, no_color: bool) -> str:
    """What ``harp ARGS`` prints on a real terminal (a pty), with or
    without NO_COLOR in its environment; exit 0 asserted."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm"                   # a terminal that shows colour (not TERM=dumb)
    if no_color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(sys.executable, ["-m", "harp", *args], cwd=str(folder), env=env,
                          encoding="utf-8", timeout=60)
    out = child.read()
    child.close()
    assert child.exitstatus == 0, out
    return out.replace("\r\n", "\n")


# ------------------------------------------------------------------ group

def test_version():
    assert invoke_ok("--version") == "harp, version 0.1.0\n"


@pytest.mark.parametrize("module", ["harp", "harp.cli"])
def test_python_dash_m_runs_the_group(module, tmp_path):
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", module, "encode", "--game", "eh", "5"],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "EH1-N-AAAAAAF\n", "")


def test_the_commands():
    assert cli.list_commands(click.Context(cli)) == [
        "atlas", "deal", "decode", "encode", "generate", "hint", "play", "replay", "rules",
        "score", "show", "solve", "stats"]


# The group imports a command's module on first use: list, not ``cli.commands``.
@pytest.mark.parametrize("command", cli.list_commands(click.Context(cli)))
def test_every_command_has_help_with_an_example(command):
    assert cli.get_command(click.Context(cli), command).name == command
    help_text = invoke_ok(command, "--help")
    assert help_text.startswith(f"Usage: harp {command} [OPTIONS]")
    assert f"harp {command}" in help_text.split("Example", 1)[1]


ROOT = Path(__file__).resolve().parent.parent


def page(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def test_the_readme_s_table_has_every_command():
    """``harp --help`` lists them all; the README's Commands table left out atlas."""
    table = page("README.md").split("## Commands", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^\| `harp ([a-z]+)", table, re.M))
    assert listed | {"decode"} == set(cli.list_commands(click.Context(cli)))   # (with encode)


@pytest.mark.parametrize("command", ["deal", "play", "generate"])
def test_the_commands_page_names_every_option(command):
    """docs/commands.md is every command with its options: each long option
    (or its --no- form) is named in the command's section."""
    text = page("docs/commands.md")
    start = text.index(f"## `harp {command}`")
    section = text[start:text.find("\n## ", start + 1)]
    params = cli.get_command(click.Context(cli), command).params
    missing = [param.opts for param in params
               if isinstance(param, click.Option) and not param.hidden and param.name != "help"
               and not any(re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", section)
                           for flag in param.opts + param.secondary_opts)]
    assert missing == []


def test_the_developer_pages_name_real_files():
    """The files docs/solvers.md and docs/development.md name exist (they
    named seahaven_moves.py and cli/solving.py), and every module of cli/
    is in the layout."""
    files = {path.name for folder in ("harp", "cli", "analysis", "benchmarks", "tests")
             for path in (ROOT / folder).rglob("*.py")} | {"setup.py", "NAME.py"}
    for name in ("docs/solvers.md", "docs/development.md"):
        named = {word.rsplit("/", 1)[-1] for word in re.findall(r"`([\w/]+\.py)`", page(name))}
        assert named - files == set(), name
    layout = page("docs/development.md").split("| `cli/` |", 1)[1].split("\n", 1)[0]
    assert {path.name for path in (ROOT / "cli").glob("*.py")} - {"__init__.py", "__main__.py"} \
        <= set(re.findall(r"`(\w+\.py)`", layout))
    assert "`harp/solve/seahaven/` (`solver.py` with `position.py`," in page("docs/solvers.md")


def test_batch_md_says_where_one_cell_s_second_card_goes():
    """RULES A2.7: with 1 cell the one cell is full and column 2 takes the
    other card (batch.md said "both cells" of 1 cell)."""
    data = json.loads(invoke_ok("deal", "1", "--game", "sh", "--cells", "1", "--json"))
    assert len(data["cells"]) == 1 and None not in data["cells"]
    assert [len(column) for column in data["columns"]] == [5, 6] + [5] * 8
    text = " ".join(page("docs/batch.md").split())
    assert ("With 2 cells both cells start full, and with 1 cell its one cell does (the 52nd "
            "card goes on column 2, which starts with 6 cards; RULES A2.7)") in text


def test_unknown_command_is_a_usage_error():
    refused(["dael"], 2, "No such command 'dael'.")


# ------------------------------------------------------------------ deal

def test_deal_easy_harp_ascii():
    assert invoke_ok("deal", "EH1-N-AAAAAAF", "--ascii") == EH5_TEXT + "Winnable  yes\n"  # the atlas


def test_deal_seahaven_unicode_golden_layout_any_case():
    assert invoke_ok("deal", "sh1-c4-aaaaaj2") == SH314_TEXT + WINNABLE_314


def test_deal_never_colours_output_that_is_not_a_terminal():
    """CliRunner's output is no terminal: the plain golden layout, with
    Unicode suits and not one escape sequence."""
    out = invoke_ok("deal", "SH1-C4-AAAAAJ2", env={"NO_COLOR": None})
    assert out == SH314_TEXT + WINNABLE_314


def test_deal_colours_red_suits_on_a_terminal_unless_no_color(tmp_path):
    """A real terminal (a pty): red cards in red; NO_COLOR turns colour off."""
    coloured = terminal_output(tmp_path, "deal", "SH1-C4-AAAAAJ2", no_color=False)
    assert coloured.splitlines()[3] == (
        " 1: 7♣ \x1b[31mJ♦\x1b[0m \x1b[31m9♥\x1b[0m 7♠ 2♠")
    assert re.sub("\x1b\\[[0-9;]*m", "", coloured) == SH314_TEXT + WINNABLE_314
    assert terminal_output(tmp_path, "deal", "SH1-C4-AAAAAJ2", no_color=True) == \
        SH314_TEXT + WINNABLE_314


def test_deal_reveal_shows_face_down_cards_and_stock():
    out = invoke_ok("deal", "EH1-N-AAAAAAF", "--ascii", "--reveal").splitlines()
    # RULES B3 golden layout of EH deal 5.
    assert out[2].startswith("Stock 59: 8D QS QH 5C 6D ")
    assert out[2].endswith(" KS")
    assert out[4:13] == [
        "1: AH", "2: 2S AS", "3: 4S TH 3H", "4: 2S KD 7C JS", "5: 3C 3D JD 5H 3D",
        "6: QS 2C AD 3H 4C 6H", "7: KD 4H TC 4C 3S 9H TS", "8: JC 9S 9D 5H 7C 9H JH 5S",
        "9: 5C 8S 6S 2C JS TS KH 2H TC"]


def test_deal_json_has_exactly_the_issue_keys():
    data = json.loads(invoke_ok("deal", "SH1-C2-AAAAAJ2", "--json"))
    # The issue's keys, then whether the deal can be won (Seahaven's atlas).
    assert list(data) == JSON_KEYS + ["winnable", "fewest_cells"]
    assert data["code"] == "SH1-C2-AAAAAJ2"
    assert (data["game"], data["deal"], data["cells"]) == ("SH", 314, ["5D", "6S"])
    assert data["columns"][0] == ["7C", "JD", "9H", "7S", "2S"]
    assert data["foundations"] == [None, None, None, None]
    assert (data["stock"], data["waste"], data["face_down"]) == ([], [], [0] * 10)
    assert (data["score"], data["moves"], data["status"]) == (0, 0, "open")


def test_deal_json_hides_easy_harp_cards_unless_revealed():
    data = json.loads(invoke_ok("deal", "EH1-N-AAAAAAF", "--json"))
    assert data["columns"][1] == ["??", "AS"]
    assert data["stock"] == ["??"] * 59
    assert data["face_down"] == list(range(9))
    assert data["cells"] == [] and data["foundations"] == [None] * 8
    shown = json.loads(invoke_ok("deal", "EH1-N-AAAAAAF", "--json", "--reveal"))
    assert shown["columns"][1] == ["2S", "AS"]
    assert shown["stock"][:3] == ["8D", "QS", "QH"]


def test_deal_format_json_is_the_same_as_dash_dash_json():
    assert invoke_ok("deal", "EH1-N-AAAAAAF", "--format", "json") == \
        invoke_ok("deal", "EH1-N-AAAAAAF", "--json")


def test_deal_daily_with_date_rules_b4():
    daily = invoke_ok("deal", "--daily", "--date", "2026-11-29", "--ascii")
    assert daily.splitlines()[0] == "Easy Harp  EH1-N-AAADNG7  (deal 111839)"
    assert daily == invoke_ok("deal", "EH1-N-AAADNG7", "--ascii")


def test_deal_by_number_is_the_deal_of_its_code():
    """A deal number (RULES B1) deals the same game as its code: Easy Harp
    unless --game says otherwise; harp play takes one too."""
    assert invoke_ok("deal", "5", "--ascii") == invoke_ok("deal", "EH1-N-AAAAAAF", "--ascii")
    assert invoke_ok("deal", "314", "--game", "sh") == SH314_TEXT + WINNABLE_314
    assert invoke_ok("deal", "314", "--game", "sh", "--cells", "2").splitlines()[0] == (
        "Seahaven Towers, 2 cells  SH1-C2-AAAAAJ2  (deal 314)")
    assert invoke_ok("play", "5", "1>f") == invoke_ok("play", "EH1-N-AAAAAAF", "1>f")
    assert invoke_ok("play", "314", "--game", "sh", "8>f") == invoke_ok("play", "SH1-C4-AAAAAJ2",
                                                                       "8>f")


@pytest.mark.parametrize("args, message", [
    (["deal", "0"], "Invalid value for CODE: deal number 0 is out of range 1-999999"),
    (["deal", "1000000", "--game", "sh"],
     "Invalid value for CODE: deal number 1000000 is out of range 1-999999"),
    (["deal", "5", "--cells", "2"], "--cells is for Seahaven (--game sh); Easy Harp has no cells"),
    (["deal", "5", "--random"], "give exactly one of CODE, --random or --daily"),
    (["play", "0"], "Invalid value for CODE: deal number 0 is out of range 1-999999"),
])
def test_deal_number_refusals_exit_2(args, message):
    refused(args, 2, message)


def test_deal_daily_seahaven_two_cells():
    data = json.loads(invoke_ok("deal", "--daily", "--date", "2026-11-29", "--game", "sh",
                                "--cells", "2", "--json"))
    code = daily_code("SH", "2026-11-29")             # RULES B4: the day's number, 2 cells
    assert data["code"] == str(make_code("SH", code.number, 2)) and len(data["cells"]) == 2


def test_deal_random_prints_its_code_so_it_can_be_dealt_again():
    out = invoke_ok("deal", "--random", "--game", "sh", "--cells", "1", "--json")
    data = json.loads(out)
    assert data["code"].startswith("SH1-C1-")
    assert invoke_ok("deal", data["code"], "--json") == out


def test_deal_fcs_format_for_freecell_solver():
    lines = invoke_ok("deal", "SH1-C4-AAAAAJ2", "--format", "fcs").splitlines()
    assert lines[:3] == ["Foundations: S-0 H-0 D-0 C-0", "Freecells: 5D 6S - -",
                         ": 7C JD 9H 7S 2S"]
    assert lines[3:] == [": 5C 6C 7H KH TS", ": 3H JS KC AD 9C", ": 5S TC 2D 8C KD",
                         ": QS JC AS AH 2H", ": TH 6D QH 3C 4H", ": 4D 8H 3S 6H 9S",
                         ": 7D 2C 8S 3D AC", ": QD 4C QC JH TD", ": 5H 4S 9D KS 8D"]


def test_deal_fcs_of_a_random_deal_names_the_code_on_stderr():
    result = invoke("deal", "--random", "--game", "sh", "--format", "fcs")
    assert result.exit_code == 0
    code = result.stderr.removeprefix("code: ").removesuffix("\n")
    assert result.stderr == f"code: {code}\n" and code.startswith("SH1-C4-")
    assert result.stdout == invoke_ok("deal", code, "--format", "fcs")


@pytest.mark.parametrize("args, message", [
    (["EH1-N-AAAAAAF", "--format", "fcs"], "--format fcs is for Seahaven deals only"),
    (["SH1-C4-AAAAAJ2", "--format", "fcs", "--json"], "--json and --format fcs exclude each other"),
    ([], "give exactly one of CODE, --random or --daily"),
    (["EH1-N-AAAAAAF", "--random"], "give exactly one of CODE, --random or --daily"),
    (["--random", "--date", "2026-01-01"], "--date goes with --daily"),
    (["--date", "2026-01-01"], "--date goes with --daily"),
    (["EH1-N-AAAAAAF", "--game", "sh"], "--game and --cells choose a deal NUMBER, a --random "
                                        "or --daily deal; a CODE already names its game and "
                                        "cells"),
    (["--random", "--cells", "2"], "--cells is for Seahaven (--game sh); Easy Harp has no cells"),
])
def test_deal_usage_errors_exit_2(args, message):
    refused(["deal", *args], 2, message)


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
JSON_ASCII = "--ascii and --json exclude each other: JSON writes suits as letters already"
REVEAL = "--reveal is for Easy Harp: a Seahaven deal has no face-down cards and no stock"


@pytest.mark.parametrize("args, message", [
    # Each was taken, and ignored: the output was the same without it.
    (["deal", "SH1-C4-AAAAAJ2", "--json", "--format", "text"],
     "--json and --format text exclude each other"),
    (["deal", "SH1-C4-AAAAAJ2", "--json", "--ascii"], JSON_ASCII),
    (["deal", "SH1-C4-AAAAAJ2", "--format", "json", "--ascii"],
     "--ascii and --format json exclude each other: JSON writes suits as letters already"),
    (["deal", "SH1-C4-AAAAAJ2", "--format", "fcs", "--ascii"],
     "--ascii and --format fcs exclude each other: Freecell Solver's format writes suits as "
     "letters already"),
    (["show", "EH1-N-AAAAAAF", "--json", "--ascii"], JSON_ASCII),
    (["play", "EH1-N-AAAAAAF", "1>f", "--json", "--ascii"], JSON_ASCII),
    (["replay", str(EXAMPLES / "won-easy-harp.txt"), "--json", "--ascii"], JSON_ASCII),
    (["show", "SH1-C4-AAAAAJ2", "--reveal"], REVEAL),
    (["show", "--load", str(EXAMPLES / "won-seahaven.txt"), "--reveal"], REVEAL),
    (["replay", str(EXAMPLES / "won-seahaven.txt"), "--check", "--reveal"], REVEAL),
    (["replay", str(EXAMPLES / "won-seahaven.txt"), "--json", "--reveal"], REVEAL),
])
def test_display_options_that_would_be_ignored_are_refused(args, message):
    refused(args, 2, message)


def test_display_options_that_mean_something_are_taken():
    assert invoke_ok("deal", "SH1-C4-AAAAAJ2", "--json", "--format", "json") == invoke_ok(
        "deal", "SH1-C4-AAAAAJ2", "--json")
    assert "AH" in invoke_ok("deal", "SH1-C4-AAAAAJ2", "--format", "text", "--ascii")
    assert "## " not in invoke_ok("show", "EH1-N-AAAAAAF", "--reveal")
    # Of several records, --reveal shows the Easy Harp ones' cards.
    replayed = invoke_ok("replay", str(EXAMPLES / "games.jsonl"), "--check", "--reveal")
    assert "\nStock 9: " in replayed and "\nSeahaven Towers" in replayed


def test_reveal_over_several_seahaven_records_says_it_showed_nothing(tmp_path):
    # Refused before any work for one record; of several, the file is read
    # once as it streams, so it is said at the end.
    games = tmp_path / "sh.txt"
    games.write_text("SH1-C4-AAAAAJ2 1>f\nSH1-C4-AAAAAJ3\n")
    result = invoke("replay", str(games), "--check", "--reveal")
    assert result.exit_code == 1
    assert result.stdout.endswith("1 of 2 records replayed without error\n")
    assert result.stderr.splitlines()[-1] == (
        "Warning: --reveal showed nothing: no record of the file is an Easy Harp game "
        "(a Seahaven deal has no face-down cards and no stock)")
    assert "Warning" not in invoke("replay", str(EXAMPLES / "games.jsonl"), "--check",
                                   "--reveal").stderr


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
        refused([*option, date], 2, f"Invalid value for '{option[-1]}': {says}")


def test_a_leap_day_is_a_real_date():
    out = invoke_ok("deal", "--daily", "--date", "2024-02-29", "--ascii")
    assert out.splitlines()[0] == "Easy Harp  EH1-N-AAAVMD7  (deal 700543)"


@pytest.mark.parametrize("code, message", [
    ("EH1-N-AAAAAAA", "invalid deal code 'EH1-N-AAAAAAA': payload 'AAAAAAA' is deal 0, "
                      "out of range 1-999999"),
    ("XX1-N-AAAAAAF", "invalid deal code 'XX1-N-AAAAAAF': unknown game 'XX' "
                      "(expected EH or SH)"),
    ("SH1-C3-AAAAAJ2", "invalid deal code 'SH1-C3-AAAAAJ2': unknown variant 'C3' for SH "
                       "(expected C4 or C2 or C1)"),
    ("hello", "invalid deal code 'hello': expected GAME-VARIANT-PAYLOAD, "
              "e.g. EH1-N-AAAAAAF"),
])
def test_deal_bad_code_exits_1_with_one_line(code, message):
    refused(["deal", code], 1, message)


# ------------------------------------------------------------------ show

def test_show_after_moves():
    lines = invoke_ok("show", "SH1-C4-AAAAAJ2", "8>f", "7>2", "--ascii").splitlines()
    assert lines[1] == "Foundations  f1S --  f2H --  f3D --  f4C AC"
    assert lines[3:5] == [" 1: 7C JD 9H 7S 2S", " 2: 5C 6C 7H KH TS 9S"]
    assert lines[-1] == "Score 10  Moves 2  Status open"


def test_show_accepts_a_script_in_one_argument_and_standard_notation():
    one = json.loads(invoke_ok("show", "SH1-C4-AAAAAJ2", "8>f 7>2", "--json"))
    assert (one["moves"], one["score"], one["foundations"][3]) == (2, 10, "AC")
    assert json.loads(invoke_ok("show", "SH1-C4-AAAAAJ2", "8h", "72", "--json")) == one


def test_show_at_stops_after_n_actions():
    at = json.loads(invoke_ok("show", "EH1-N-AAAAAAF", "1>f 2>f d", "--at", "1", "--json"))
    assert (at["moves"], at["score"], at["foundations"][2]) == (1, 10, "AH")


def test_show_at_beyond_the_script_is_a_usage_error():
    refused(["show", "EH1-N-AAAAAAF", "1>f", "--at", "5"], 2,
            "Invalid value for '--at': 5 is more than the 1 action of the script")


def test_show_record_file_with_extra_moves(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("# a record\nEH1-N-AAAAAAF\n1>f\n2>f\n")
    data = json.loads(invoke_ok("show", "--load", str(path), "d", "--json"))
    assert (data["moves"], data["score"], data["waste"]) == (3, 25, ["8D"])


def test_show_needs_a_code_or_a_record():
    refused(["show"], 2, "give a deal CODE (e.g. EH1-N-AAAAAAF) or --load FILE")


def test_show_illegal_action_exits_1_naming_action_and_rule():
    refused(["show", "SH1-C4-AAAAAJ2", "8>f", "1>2"], 1,
            "action 2 (1>2): 2S cannot go on TS: a card goes only on the next higher card of "
            "its own suit (RULES A2.3)")


def test_show_bad_notation_exits_1():
    refused(["show", "EH1-N-AAAAAAF", "1>f", "9>z"], 1, "action 2 (9>z): unknown location 'z'")


def test_show_missing_record_file_exits_1(tmp_path):
    missing = tmp_path / "nope.txt"
    refused(["show", "--load", str(missing)], 1,
            f"cannot open {missing}: No such file or directory")


def test_show_record_file_with_several_records_is_refused(tmp_path):
    path = tmp_path / "two.jsonl"
    path.write_text('{"code": "EH1-N-AAAAAAF", "moves": ""}\n{"code": "EH1-N-AAAAAAF", "moves": "d"}\n')
    refused(["show", "--load", str(path)], 1, f"{path} holds 2 records; give a file with "
            "one record (use 'harp replay' for several)")


# ------------------------------------------------------------------ encode / decode

def test_encode():
    assert invoke_ok("encode", "--game", "sh", "--cells", "2", "314") == "SH1-C2-AAAAAJ2\n"
    assert invoke_ok("encode", "--game", "EH", "999999") == "EH1-N-AAA6QR7\n"


@pytest.mark.parametrize("number", ["0", "-5", "1000000"])
def test_encode_out_of_range_is_a_bad_value_like_any_other(number):
    """0 and -5 alike are bad values of NUMBER (exit 2), as a bad --deals is."""
    refused(["encode", "--game", "eh", "--", number], 2,
            f"Invalid value for 'NUMBER': deal number {number} is out of range 1-999999")


def test_encode_usage_errors_exit_2():
    refused(["encode", "--game", "eh", "--cells", "2", "5"], 2,
            "--cells is for Seahaven (--game sh); Easy Harp has no cells")
    refused(["encode", "--game", "xx", "1"], 2,
            "Invalid value for '--game': 'xx' is not one of 'eh', 'sh'.")
    refused(["encode", "--game", "eh", "five"], 2, "Invalid value for 'NUMBER': 'five' is not "
            "a deal number (write it with the digits 0-9, RULES C6)")
    missing = invoke("encode", "5")
    assert (missing.exit_code, missing.stdout) == (2, "")
    assert missing.stderr.endswith("\n\nError: Missing option '--game' (choose from eh, sh).\n")


def test_decode():
    assert invoke_ok("decode", "sh1-c2-aaaaaj2") == ("code: SH1-C2-AAAAAJ2\ngame: SH (Seahaven Towers)\nvariant: C2\n"
                             "cells: 2\ndeal: 314\n"
                             "winnable: 4 cells yes, 2 cells no, 1 cell no (atlas)\n"
                             "fewest cells: 4\n")


def test_decode_easy_harp_has_no_cells():
    assert invoke_ok("decode", "EH1-N-AAAAAAF").splitlines()[2:5] == [
        "variant: N", "cells: 0", "deal: 5"]


def test_decode_bad_code_exits_1():
    refused(["decode", "EH1-N-AAAAA0F"], 1, "invalid deal code 'EH1-N-AAAAA0F': payload "
            "'AAAAA0F' has the character '0', not in A-Z 2-7 (RULES B1)")
