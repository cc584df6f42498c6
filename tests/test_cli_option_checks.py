"""Options checked alike in every command: a filter of ``stats --report``
is honoured (nothing stored for it is said, exit 1); an option that would
be ignored, a bad ``--plot`` file name or ``--deals`` list is a usage
error (exit 2) before any work; the ``--columns`` examples of the help
are columns of the command's tables."""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from harp.analysis.store import ResultStore
from harp.cli.options import COLUMN_EXAMPLES

from helpers import invoke, invoke_ok, refused

ROOT = Path(__file__).resolve().parent.parent
GAMES = str(ROOT / "examples" / "games.jsonl")
PIECES = str(ROOT / "data" / "atlas-eh1")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A store of Seahaven's layouts: deals 1-3 with 4 cells, 4-5 with 2."""
    monkeypatch.chdir(tmp_path)
    invoke_ok("stats", "--game", "sh", "--deals", "1-3", "--db", "s.db")
    invoke_ok("stats", "--game", "sh", "--cells", "2", "--deals", "4-5", "--db", "s.db")
    return "s.db"


# ------------------------------------------------------------------ stats --report

def test_report_filters_are_honoured(db: str) -> None:
    c2 = invoke_ok("stats", "--game", "sh", "--cells", "2", "--deals", "4-5")
    assert invoke_ok("stats", "--report", "--db", db, "--cells", "2") == c2
    assert invoke_ok("stats", "--report", "--db", db, "--game", "sh", "--cells", "2") == c2
    assert invoke_ok("stats", "--report", "--db", db, "--game", "sh", "--cells", "4",
                     "--deals", "2-9") == invoke_ok("stats", "--game", "sh", "--deals", "2-3")


@pytest.mark.parametrize("args, message", [
    (["--cells", "1"], "no stored results for Seahaven Towers with 1 cell in s.db"),
    (["--game", "eh"], "no stored results for Easy Harp in s.db"),
    (["--game", "sh", "--cells", "1"], "no stored results for Seahaven Towers with 1 cell in s.db"),
    (["--game", "sh", "--cells", "1", "--solve"],
     "no stored results for Seahaven Towers with 1 cell in s.db"),
    (["--game", "sh", "--cells", "4", "--deals", "4-5"],
     "no stored results for Seahaven Towers with 4 cells, deals 4-5 in s.db"),
    (["--game", "sh", "--deals", "6-9"], "no stored results for Seahaven Towers, deals 6-9 in s.db"),
    (["--deals", "7,9-12"], "no stored results for deals 7,9-12 in s.db"),
    (["--solve"], "no stored solver results in s.db: their deals were computed without --solve"),
    (["--game", "sh", "--cells", "2", "--solve"], "no stored solver results for Seahaven "
     "Towers with 2 cells in s.db: their deals were computed without --solve"),
])
def test_a_report_of_nothing_stored_says_so(db: str, args: list[str], message: str) -> None:
    refused(["stats", "--report", "--db", db, *args], 1, message)


def test_a_report_of_an_empty_store(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    ResultStore(str(db)).close()
    refused(["stats", "--report", "--db", str(db)], 1, f"no stored results in {db}")


def test_a_report_of_solver_results_only_needs_solve(tmp_path: Path) -> None:
    db = tmp_path / "solved.db"
    with ResultStore(str(db)) as store:
        store.add("EH", "N", 1, "solve", {"outcome": "unknown", "length": None, "states": 5,
                                         "cpu_seconds": 0.1})
    refused(["stats", "--report", "--db", str(db)], 1, f"no stored layout measures in {db}: "
            "the results stored are the solver's: add --solve")
    (row,) = json.loads(invoke_ok("stats", "--report", "--db", str(db), "--solve", "--json"))
    assert (row["game"], row["deals"], row["unknown"]) == ("EH", 1, 1)


def test_report_refuses_export_and_writes_nothing(db: str) -> None:
    refused(["stats", "--report", "--db", db, "--solve", "--export", "e.txt"], 2,
            "--report computes nothing: no solver limits, --jobs, --executor or --export")
    assert not Path("e.txt").exists()


# ------------------------------------------------------------------ options that mean nothing

GENERATE = ["generate", "--deals", "1"]
ATLAS = "--report --atlas reads the packaged atlas: no --db, --solve, --dist or --plot"
LIMITS = "--max-states, --line-states and --timeout limit the solver: they need --solve"
LINE = ("--line-states is for Easy Harp (--game eh); Seahaven's solver searches no "
        "shorter line")
CELLS = "--cells is for Seahaven (--game sh); Easy Harp has no cells"
RANDOM = "--seed and --max-actions are for --random-play; --solve records the solver's line"
QUIET = "--quiet and --progress exclude each other: --quiet draws no progress bar"
ON_DEMAND = ("--winnable or --unwinnable with Easy Harp (decided by the solver when harp has "
             "no Easy Harp atlas)")
DEAL_LIMITS = f"--max-states and --timeout limit the solver: they need --difficulty, or {ON_DEMAND}"
PLAY_LIMITS = f"--max-states and --timeout limit the solver: they need {ON_DEMAND}"
ATLAS_CHOOSES = ("harp's Easy Harp atlas answers --winnable and --unwinnable, no solver runs")


@pytest.mark.parametrize("args, message", [
    ([*GENERATE, "--game", "eh", "--cells", "2", "--random-play"], CELLS),
    ([*GENERATE, "--game", "eh", "--cells", "4", "--solve"], CELLS),
    ([*GENERATE, "--game", "eh", "--random-play", "--max-states", "10"], LIMITS),
    ([*GENERATE, "--game", "sh", "--random-play", "--timeout", "1"], LIMITS),
    ([*GENERATE, "--game", "eh", "--solve", "--seed", "5"], RANDOM),
    ([*GENERATE, "--game", "eh", "--solve", "--max-actions", "5"], RANDOM),
    ([*GENERATE, "--game", "sh", "--solve", "--line-states", "10"], LINE),
    ([*GENERATE, "--game", "sh", "--random-play", "--quiet", "--progress"], QUIET),
    (["stats", "--game", "sh", "--deals", "1", "--solve", "--line-states", "10"], LINE),
    (["stats", "--report", "--db", "x.db", "--cells", "2", "--solve", "--line-states", "1"],
     "--report computes nothing: no solver limits, --jobs, --executor or --export"),
    (["stats", "--report", "--atlas", "--db", "x.db"], ATLAS),
    (["stats", "--report", "--atlas", "--solve"], ATLAS),
    (["stats", "--report", "--atlas", "--dist", "deepest_ace"], ATLAS),
    (["stats", "--report", "--atlas", "--plot", "x.svg"], ATLAS),
    (["stats", "--report", "--atlas", "--game", "eh", "--cells", "2"], CELLS),
    # What --report refuses first: adding --solve, as the limits alone would
    # say, is refused next.
    (["stats", "--report", "--atlas", "--game", "sh", "--deals", "1-3", "--max-states", "3"],
     "--report computes nothing: no solver limits, --jobs, --executor or --export"),
    (["stats", "--report", "--db", "x.db", "--timeout", "3"],
     "--report computes nothing: no solver limits, --jobs, --executor or --export"),
    (["stats", "--report", "--atlas", "--daily-from", "2026-01-01", "--days", "2"],
     "--report filters by --game, --cells and --deals; --daily-from and --days choose "
     "deals to compute"),
    (["stats", "--game", "sh", "--deals", "1", "--quiet", "--progress"], QUIET),
    (["score", GAMES, "--quiet", "--progress"], QUIET),
    (["decode", "SH1-C2-AAAAAJ2", "--max-states", "5"],
     "--max-states and --timeout limit the solver: they need --solve"),
    (["decode", "EH1-N-AAAAAAF", "--timeout", "5"],
     "--max-states and --timeout limit the solver: they need --solve"),
    (["deal", "SH1-C4-AAAAAJ2", "--max-states", "5"], DEAL_LIMITS),
    (["deal", "EH1-N-AAAAAAF", "--timeout", "5"], DEAL_LIMITS),
    (["deal", "--random", "--game", "sh", "--winnable", "--max-states", "5"], DEAL_LIMITS),
    (["deal", "--random", "--game", "eh", "--max-states", "5"], DEAL_LIMITS),
    # harp's Easy Harp atlas chooses the deal: no solver runs.
    (["deal", "--random", "--game", "eh", "--winnable", "--max-states", "5"],
     f"--max-states and --timeout limit the solver: they need --difficulty ({ATLAS_CHOOSES})"),
    (["play", "--random", "--game", "eh", "--unwinnable", "--timeout", "5"],
     "--max-states and --timeout limit the solver: they need a deal the solver decides; "
     f"{ATLAS_CHOOSES}"),
    (["play", "SH1-C4-AAAAAJ2", "8>f", "--max-states", "5"], PLAY_LIMITS),
    (["play", "--random", "--game", "sh", "--unwinnable", "--timeout", "5"], PLAY_LIMITS),
])
def test_an_option_that_would_be_ignored_is_refused(no_work: None, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    refused(args, 2, message)


def test_the_options_that_mean_something_are_taken() -> None:
    assert invoke_ok(*GENERATE, "--game", "sh", "--cells", "2", "--random-play", "--seed", "0",
                     "--max-actions", "1") == "SH1-C2-AAAAAAB 7>10\n"
    result = invoke(*GENERATE, "--game", "eh", "--solve", "--line-states", "10",
                    "--max-states", "1000", "--quiet")
    assert (result.exit_code, result.stderr) == (0, "")
    assert invoke_ok("decode", "SH1-C2-AAAAAJ2", "--solve", "--max-states", "5") == (
        "code: SH1-C2-AAAAAJ2\ngame: SH (Seahaven Towers)\nvariant: C2\ncells: 2\ndeal: 314\n"
        "winnable: 4 cells unknown, 2 cells no, 1 cell no (solver: max states 5 reached)\n"
        "fewest cells: unknown\n")
    quiet = invoke("score", GAMES, "--quiet", "--no-progress")
    assert (quiet.exit_code, quiet.stderr) == (0, "")


def test_deal_difficulty_searches_within_max_states() -> None:
    """``deal --difficulty`` takes ``harp stats --solve``'s limits, and
    ``--max-states`` when given (it was ignored: deal 314 searched its 29
    positions whatever the limit)."""
    from harp.solve import BATCH_LIMITS

    def difficulty(*args: str) -> dict:
        return json.loads(invoke_ok("deal", "SH1-C4-AAAAAJ2", "--difficulty", "--json",
                                    *args))["difficulty"]
    assert difficulty() == {"difficulty": 1.5, "outcome": "solved", "verdict_states": 29,
                            "length": 83, "states": 29, "stopped_by": None,
                            "limits": {"max_states": BATCH_LIMITS.max_states, "line_states": 0,
                                       "timeout": None}}
    cut = difficulty("--max-states", "5")
    assert (cut["difficulty"], cut["outcome"], cut["stopped_by"]) == (None, "unknown",
                                                                      "positions")
    assert cut["states"] < 29 and cut["limits"]["max_states"] == 5
    assert invoke_ok("deal", "SH1-C4-AAAAAJ2", "--difficulty", "--max-states", "5").endswith(
        "Difficulty  none: not won within the limits (max states 5 reached: "
        f"{cut['states']} positions searched)\n")
    assert f"--solve's limits: {BATCH_LIMITS.max_states} positions unless" in help_text("deal")
    # Stopped by the safety net, it says so in solve's words (it said only
    # "not won within the limits"), and the JSON says stopped_by, as solve's
    slow = ("deal", "EH1-N-AAAAAAB", "--difficulty", "--timeout", "0.001")  # won at ~4 000
    late = json.loads(invoke_ok(*slow, "--json"))["difficulty"]
    assert (late["difficulty"], late["outcome"], late["stopped_by"]) == (None, "unknown", "time")
    assert late["verdict_states"] == late["states"] and late["limits"]["timeout"] == 0.001
    last = invoke_ok(*slow)
    assert re.fullmatch(r"Difficulty  none: not won within the limits \(the 0.001 s safety net "
                        r"ran out after \d+ positions\)", last.splitlines()[-1])
    # An Easy Harp --winnable deal takes the limits when there is no Easy
    # Harp atlas (tests/test_cli_atlas.py: decided on demand); with harp's
    # atlas, which chooses the deal, they are refused (above).


# ------------------------------------------------------------------ bad values, before any work

@pytest.mark.parametrize("args, message", [
    (["stats", "--game", "sh", "--deals", "1-3", "--plot", "x.gif"],
     "Invalid value for '--plot': cannot draw 'x.gif': a picture is a .png or .svg file"),
    (["stats", "--game", "sh", "--deals", "1-3", "--solve", "--plot", "picture"],
     "Invalid value for '--plot': cannot draw 'picture': a picture is a .png or .svg file"),
    (["stats", "--game", "sh", "--deals", "1,,3"], "Invalid value for '--deals': bad deal list "
     "'1,,3': an empty item (write N or N-M between commas, e.g. 1,5,9-12)"),
    (["stats", "--game", "sh", "--deals", "1-3,"], "Invalid value for '--deals': bad deal list "
     "'1-3,': an empty item (write N or N-M between commas, e.g. 1,5,9-12)"),
    (["generate", "--game", "sh", "--random-play", "--deals", ",5"], "Invalid value for "
     "'--deals': bad deal list ',5': an empty item (write N or N-M between commas, "
     "e.g. 1,5,9-12)"),
    (["stats", "--game", "sh", "--deals", ""], "Invalid value for '--deals': bad deal list "
     "'': no deals"),
])
def test_a_bad_value_is_a_usage_error(no_work: None, args: list[str], message: str) -> None:
    refused(args, 2, message)


def test_spaces_in_a_deal_list_are_still_fine() -> None:
    assert invoke_ok("stats", "--game", "sh", "--deals", "1, 3") == \
        invoke_ok("stats", "--game", "sh", "--deals", "1,3")


# ------------------------------------------------------------------ help and columns

def help_text(*command: str) -> str:
    return " ".join(invoke_ok(*command, "--help").split())


@pytest.mark.parametrize("command", sorted(COLUMN_EXAMPLES))
def test_each_columns_help_has_its_command_s_example(command: str) -> None:
    assert f"e.g. {COLUMN_EXAMPLES[command]}, or all" in help_text(*command.split())


@pytest.mark.parametrize("args", [
    ["stats", "--game", "sh", "--deals", "1-3", "--columns", "measure,mean,max"],
    ["stats", "--game", "sh", "--deals", "1-3", "--solve", "--columns", "deals,won_pct"],
    ["stats", "--report", "--atlas", "--deals", "1-10", "--columns", "deals,won_pct"],
    ["score", GAMES, "--columns", "game,won,win_pct"],
    ["score", GAMES, "--rows", "--columns", "code,won,score"],
    ["atlas", "status", "--pieces", PIECES, "--columns", "first,last,won,unknown"],
    ["atlas", "unknown", "--pieces", PIECES, "--columns", "deal,states,stopped_by"],
])
def test_the_columns_examples_are_columns(args: list[str]) -> None:
    invoke_ok(*args)


LAYOUT = "game, variant, measure, deals, mean, min, median, max, histogram"
SOLVED = ("game, variant, deals, solved, unsolvable, unknown, won_pct, mean_length, "
          "median_length, median_difficulty, mean_states, most_states, mean_cpu_seconds, "
          "max_cpu_seconds, total_cpu_seconds")
DIST = "game, variant, measure, value, high, deals, pct, cum_pct"
SH = ["stats", "--game", "sh", "--deals", "1-3"]


@pytest.mark.parametrize("args, columns", [
    (SH, LAYOUT),
    ([*SH, "--solve"], SOLVED),
    ([*SH, "--solve", "--csv"], SOLVED),
    ([*SH, "--dist", "aces_exposed"], DIST),
    ([*SH, "--solve", "--dist", "aces_exposed"], f"{DIST}, won_pct"),
    # A store may hold the solver's results of the deals: the column can be there.
    ([*SH, "--db", "s.db", "--dist", "aces_exposed"], f"{DIST}, won_pct"),
    ([*SH, "--solve", "--dist", "length", "--json"], DIST),
    ([*SH, "--solve", "--dist", "states"], f"{DIST}, solved_within_pct"),
    (["score", GAMES], "game, variant, games, won, win_pct, mean_score, median_score, "
                       "best_score, mean_moves, errors"),
    (["score", GAMES, "--by", "player", "--csv"], "game, variant, player, games, won, win_pct, "
     "mean_score, median_score, best_score, mean_moves, errors"),
    (["score", GAMES, "--rows", "--by", "player"], "source, line, code, game, variant, deal, "
     "won, score, moves, actions, foundations, error, player"),
    (["atlas", "status", "--pieces", PIECES], "first, last, won, lost, unknown, max_states, "
     "harp_versions, cpu_seconds, cpu_median, cpu_p99, hardest, hardest_states"),
    (["atlas", "unknown", "--pieces", PIECES, "--json"],
     "deal, states, cpu_seconds, max_states, stopped_by"),
])
def test_a_column_the_table_lacks_is_refused_before_any_work(
        no_work: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
        columns: str) -> None:
    """Not after the batch has run (a long one ran for minutes first)."""
    monkeypatch.chdir(tmp_path)
    refused([*args, "--columns", "nonsense"], 2, "Invalid value for '--columns': no "
            f"column 'nonsense' in this table; columns: {columns}")


@pytest.mark.parametrize("args", [SH, [*SH, "--solve"], [*SH, "--dist", "aces_exposed"],
                                  [*SH, "--solve", "--dist", "aces_exposed"],
                                  [*SH, "--solve", "--dist", "cpu_seconds"]])
def test_the_columns_checked_first_are_the_table_s(args: list[str]) -> None:
    """What the check before the run names is what the run prints."""
    header = invoke_ok(*args, "--csv").splitlines()[0]
    message = invoke(*args, "--columns", "nonsense").stderr.splitlines()[-1]
    assert message.endswith(f"; columns: {header.replace(',', ', ')}")


def test_the_help_examples_above_are_the_help_s() -> None:
    """The commands just run with each example are the examples the help gives."""
    assert COLUMN_EXAMPLES == {
        "stats": "measure,mean,max (with --solve or --atlas: deals,won_pct)",
        "score": "game,won,win_pct (with --rows: code,won,score)",
        "atlas status": "first,last,won,unknown",
        "atlas unknown": "deal,states,stopped_by",
    }


def test_cells_choices_are_in_one_order() -> None:
    assert "--cells [4|2|1]" in help_text("stats")
    assert "--min-cells [4|2|1]" in help_text("deal")
    refused(["deal", "--random", "--game", "sh", "--min-cells", "3"], 2,
            "Invalid value for '--min-cells': '3' is not one of '4', '2', '1'.")
    refused(["stats", "--game", "sh", "--cells", "3"], 2,
            "Invalid value for '--cells': '3' is not one of '4', '2', '1'.")


# ------------------------------------------------------------------ score --by

def test_a_repeated_by_field_is_one_column() -> None:
    once = invoke_ok("score", GAMES, "--by", "player", "--csv")
    assert invoke_ok("score", GAMES, "--by", "player", "--by", "player", "--csv") == once
    assert once.splitlines()[0] == ("game,variant,player,games,won,win_pct,mean_score,"
                                    "median_score,best_score,mean_moves,errors")
    rows = invoke_ok("score", GAMES, "--rows", "--by", "player", "--by", "player", "--csv")
    assert rows.splitlines()[0].split(",").count("player") == 1


def test_by_values_that_are_json_are_written_as_json(tmp_path: Path) -> None:
    path = tmp_path / "teams.jsonl"
    path.write_text('{"code": "EH1-N-AAAAAAF", "moves": "d", "team": {"b": 2, "a": "é"}}\n'
                    '{"code": "EH1-N-AAAAAAF", "moves": "d d", "team": {"a": "é", "b": 2}}\n'
                    '{"code": "EH1-N-AAAAAAF", "moves": "d", "team": [1, null]}\n',
                    encoding="utf-8")
    assert invoke_ok("score", str(path), "--by", "team", "--csv", "--columns",
                     "game,team,games") == ('game,team,games\n'
                                           'EH,"[1, null]",1\n'
                                           'EH,"{""a"": ""é"", ""b"": 2}",2\n')
    rows = list(csv.DictReader(io.StringIO(invoke_ok("score", str(path), "--rows", "--by",
                                                     "team", "--csv"))))
    assert [json.loads(row["team"]) for row in rows] == [{"a": "é", "b": 2}] * 2 + [[1, None]]
    assert "{'a'" not in invoke_ok("score", str(path), "--by", "team")
