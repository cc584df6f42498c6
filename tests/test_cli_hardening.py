"""Bad input refused early and clearly: deal codes and numbers in
ASCII only (RULES C6), clipped one-line errors, NUL bytes in file names,
options that exclude each other or mean nothing, --jobs bounds, exit codes
that agree, and the small things of the help and the progress bar.

Exit codes: 0 success, 1 bad data or a refusal (a missing file too), 2 a bad
command line (NUL in a file name given on it included)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import harp.analysis.parallel
from harp.analysis.parallel import ordered_map
from harp.cli.options import MAX_JOBS
from harp.cli.progress import progress

from helpers import invoke, invoke_ok, refused

EH5 = "EH1-N-AAAAAAF"


# ------------------------------------------------------------------ codes and numbers (C6)

@pytest.mark.parametrize("code, message", [
    # 'ß'.upper() is 'SS': a 6-character payload was read as deal 594.
    ("SH1-C4-AAAAAß", "payload 'AAAAAß' has the character 'ß', not in A-Z 2-7 (RULES C6)"),
    ("SH1-C4-AAAAAAſ", "payload 'AAAAAAſ' has the character 'ſ', not in A-Z 2-7 (RULES C6)"),
    ("SH1-C4-AAAAAAı", "payload 'AAAAAAı' has the character 'ı', not in A-Z 2-7 (RULES C6)"),
    ("SH1-C4-AAAAAﬀ", "payload 'AAAAAﬀ' has the character 'ﬀ', not in A-Z 2-7 (RULES C6)"),
    ("SH١-C4-AAAAAJ2", "not ASCII (RULES C6)"),
    ("SH１-C4-AAAAAJ2", "not ASCII (RULES C6)"),
    ("SH1-C٤-AAAAAJ2", "not ASCII (RULES C6)"),
    ("SH1-C4-AAAAAF", "payload 'AAAAAF' has 6 characters, expected 7 (RULES B1)"),
])
def test_codes_are_ascii_with_a_7_character_payload(code: str, message: str) -> None:
    """RULES B1, C6: no look-alike or case-folding characters in a code."""
    refused(["decode", code], 1, f"invalid deal code {code!r}: {message}")


def test_a_5000_digit_version_is_an_invalid_code_not_an_int_limit() -> None:
    code = "SH" + "1" * 5000 + "-C4-AAAAAJ2"
    excerpt = "SH" + "1" * 57 + "…"
    refused(["decode", code], 1, f"invalid deal code {excerpt!r}: unknown dealing version "
                                 f"{'1' * 59}… (only version 1 exists)")


def test_a_huge_token_is_quoted_as_a_clipped_excerpt() -> None:
    """A 1 MB token once made a 2 MB error line."""
    token = "x" * 1_000_000
    excerpt = "x" * 59 + "…"
    refused(["play", EH5, token], 1, f"action 1 ({excerpt}): cannot read {excerpt!r}: "
                                     "expected X>Y, N:X>Y, d, tX, ttX or u")
    refused(["decode", token], 1,
            f"invalid deal code {excerpt!r}: expected GAME-VARIANT-PAYLOAD, e.g. EH1-N-AAAAAAF")


@pytest.mark.parametrize("number", ["٣", "３", "1_0", "+5", " "])
def test_encode_takes_ascii_digits_only(number: str) -> None:
    refused(["encode", "--game", "eh", number], 2,
            f"Invalid value for 'NUMBER': {number!r} is not a deal number "
            "(write it with the digits 0-9, RULES C6)")


def test_encode_of_a_5000_digit_number() -> None:
    refused(["encode", "--game", "eh", "9" * 5000], 2,
            f"Invalid value for 'NUMBER': deal number {'9' * 59}… is out of range 1-999999")
    assert invoke_ok("encode", "--game", "eh", "0005") == "EH1-N-AAAAAAF\n"


def test_thousands_of_leading_zeros_are_read_as_the_number() -> None:
    """Python's int() refuses 4 300+ digits: the zeros go first."""
    five = "0" * 5000 + "5"
    assert invoke_ok("encode", "--game", "sh", five) == "SH1-C4-AAAAAAF\n"
    assert invoke_ok("deal", five, "--json").startswith('{"code": "EH1-N-AAAAAAF"')
    assert invoke_ok("stats", "--game", "sh", "--deals", f"1-{five}", "-q", "--json") == \
        invoke_ok("stats", "--game", "sh", "--deals", "1-5", "-q", "--json")
    assert invoke_ok("solve", "SH1-C4-AAAAAJ2", "--max-states", five) == \
        "unknown (max states 5 reached)\n"
    assert invoke_ok("generate", "--game", "sh", "--deals", "1", "--random-play", "-q",
                     "--seed", "-" + five) == invoke_ok("generate", "--game", "sh", "--deals",
                                                        "1", "--random-play", "-q", "--seed", "-5")


@pytest.mark.parametrize("deals", ["٣", "１-３", "1-٣"])
def test_deal_lists_take_ascii_digits_only(deals: str) -> None:
    part = deals
    refused(["stats", "--game", "sh", "--deals", deals], 2,
            f"Invalid value for '--deals': bad deal list {deals!r}: {part!r} is not N or N-M "
            "(digits 0-9, RULES C6)")


def test_a_huge_deal_range_is_out_of_range_unread() -> None:
    part = "1-" + "9" * 5000
    refused(["stats", "--game", "sh", "--deals", part], 2,
            f"Invalid value for '--deals': bad deal range {part[:59] + '…'!r}: deals run "
            "from 1 to 999999, low to high")


def test_click_usage_errors_quote_clipped_values() -> None:
    value = "q" * 100_000
    refused(["stats", "--game", value], 2,
            f"Invalid value for '--game': {value[:59] + '…'!r} is not one of 'eh', 'sh'.")
    refused(["no" + value], 2, f"No such command {'no' + value[:57] + '…'!r}.")


# ------------------------------------------------------------------ file names

@pytest.mark.parametrize("args, param", [
    (["replay", "a\0b"], "'RECORD'"),
    (["score", "a\0b"], "'PATHS...'"),
    (["show", "--load", "a\0b"], "'--load'"),
    (["play", EH5, "--script", "a\0b"], "'--script'"),
    (["play", "--load", "a\0b"], "'--load'"),
    (["stats", "--game", "sh", "--deals", "1", "--db", "a\0b"], "'--db'"),
])
def test_a_nul_byte_in_a_file_name_is_a_usage_error(args: list[str], param: str) -> None:
    refused(args, 2, f"Invalid value for {param}: 'a\\x00b': a file name cannot hold a "
                     "NUL character")


@pytest.mark.parametrize("args", [
    ["score", "{missing}"], ["replay", "{missing}"], ["show", "--load", "{missing}"],
    ["play", EH5, "--script", "{missing}"], ["play", "--load", "{missing}"],
    ["stats", "--report", "--db", "{missing}"],
])
def test_a_missing_input_file_exits_1_for_every_command(tmp_path: Path, args: list[str]) -> None:
    missing = tmp_path / "missing.txt"
    refused([a.format(missing=missing) for a in args], 1,
            f"cannot open {missing}: No such file or directory")


# ------------------------------------------------------------------ options checked first

STATS = ["stats", "--game", "sh", "--deals", "1-5"]


@pytest.mark.parametrize("args, message", [
    ([*STATS, "--dist", "nope"], "Invalid value for '--dist': unknown measure 'nope'; measures: "
     "aces_exposed, cards_over_aces, deepest_ace, quick_foundation, kings_over_cards, "
     "cards_under_kings, same_suit_blocks, ready_pairs, opening_moves"),
    (["stats", "--game", "eh", "--deals", "1", "--dist", "ready_pairs"],
     "Invalid value for '--dist': unknown measure 'ready_pairs'; measures: aces_in_columns, "
     "aces_face_up, face_down_over_aces, deepest_ace, first_ace_draw, kings_over_cards, "
     "cards_under_kings, opening_moves"),
    ([*STATS, "--dist", "length"], "--dist length is a measure of the solver's work: "
     "add --solve"),
    ([*STATS, "--json", "--csv"], "--json and --csv exclude each other: choose one output"),
    ([*STATS, "--json", "--fmt", "grid"], "--json and --fmt exclude each other: choose one output"),
    (["stats", "--game", "eh", "--cells", "1", "--deals", "1"],
     "--cells is for Seahaven (--game sh); Easy Harp has no cells"),
    ([*STATS, "--scheduler", "tcp://127.0.0.1:1"], "--scheduler is for --executor dask"),
    ([*STATS, "--executor", "dask"], "--executor dask needs --scheduler ADDRESS"),
    ([*STATS, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"],
     "--jobs is for the local executor; Dask uses its workers"),
    ([*STATS, "--days", "3"], "--days goes with --daily-from, not with --deals"),
    ([*STATS, "--daily-from", "2026-01-01", "--days", "3"],
     "give either --deals LIST or --daily-from DATE --days N"),
    ([*STATS, "--solve", "--timeout", "nan"],
     "Invalid value for '--timeout': nan is not a finite number of seconds"),
    ([*STATS, "--solve", "--timeout", "inf"],
     "Invalid value for '--timeout': inf is not a finite number of seconds"),
    ([*STATS, "--solve", "--timeout", "1e999"],
     "Invalid value for '--timeout': 1e999 is not a finite number of seconds"),
    ([*STATS, "--max-states", "9"],
     "--max-states, --line-states and --timeout limit the solver: they need --solve"),
    (["stats", "--report", "--db", "x.db", "--jobs", "2"],
     "--report computes nothing: no solver limits, --jobs, --executor or --export"),
    (["stats", "--report", "--db", "x.db", "--daily-from", "2026-01-01", "--days", "2"],
     "--report filters by --game, --cells and --deals; --daily-from and --days choose "
     "deals to compute"),
    (["stats", "--game", "sh", "--daily-from", "9999-12-31", "--days", "3"],
     "Invalid value for '--days': 3 days from 9999-12-31 run past the last date, 9999-12-31"),
    (["stats", "--game", "sh", "--deals", "0"],
     "Invalid value for '--deals': bad deal range '0': deals run from 1 to 999999, low to high"),
    (["stats", "--game", "sh", "--daily-from", "2026-01-01", "--days", "0"],
     "Invalid value for '--days': 0 is not in the range x>=1."),
    (["score", "x.txt", "--jobs", "0"], "Invalid value for '--jobs' / '-j': 0 is not in the "
     f"range 1<=x<={MAX_JOBS}."),
    (["score", "x.txt", "--jobs", "300"], "Invalid value for '--jobs' / '-j': 300 is not in "
     f"the range 1<=x<={MAX_JOBS}."),
    (["score", "x.txt", "--jobs", "9" * 5000], f"Invalid value for '--jobs' / '-j': "
     f"{'9' * 59}… is too large (at most {MAX_JOBS})"),
    (["solve", EH5, "--max-states", "9" * 19], f"Invalid value for '--max-states': {'9' * 19} "
     "is too large (at most 18 digits)"),
    (["solve", EH5, "--max-states", "-1"], "Invalid value for '--max-states': -1 is not in the "
     "range x>=1."),
    (["solve", EH5, "--timeout", "nan"],
     "Invalid value for '--timeout': nan is not a finite number of seconds"),
    (["solve", EH5, "--timeout", "-1"],                      # as typed, not -1.0
     "Invalid value for '--timeout': -1 is not in the range x>0."),
    (["solve", EH5, "--timeout", "0"], "Invalid value for '--timeout': 0 is not in the range x>0."),
    (["solve", EH5, "--timeout", "1_0"], "Invalid value for '--timeout': '1_0' is not a number "
     "of seconds"),
    (["solve", EH5, "--max-states", "٣"],
     "Invalid value for '--max-states': '٣' is not a whole number (digits 0-9)"),
    (["solve", EH5, "--max-states", "1e6"],
     "Invalid value for '--max-states': '1e6' is not a whole number (digits 0-9, e.g. 1000000, "
     "not 1e6)"),
])
def test_conflicting_or_meaningless_options_are_usage_errors(
        no_work: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.txt").write_text(f"{EH5} d\n")
    refused(args, 2, message)


def test_measure_names_are_in_the_help() -> None:
    help_text = " ".join(invoke_ok("stats", "--help").split())
    assert ("measure (Easy Harp: aces_in_columns, aces_face_up, face_down_over_aces, "
            "deepest_ace, first_ace_draw, kings_over_cards, cards_under_kings, opening_moves; "
            "Seahaven Towers: aces_exposed,") in help_text


def test_by_a_field_no_record_has_is_a_warning(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps({"code": EH5, "moves": "d", "player": "ann", "day": 1}) + "\n")
    result = invoke("score", str(games), "--by", "plyer", "--csv")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == ("game,variant,plyer,games,won,win_pct,mean_score,"
                                             "median_score,best_score,mean_moves,errors")
    assert result.stderr == ("Warning: no record has the field 'plyer' (--by); "
                             "fields seen: player, day\n")
    by_player = invoke("score", str(games), "--by", "player")
    assert (by_player.exit_code, by_player.stderr) == (0, "")


# ------------------------------------------------------------------ --jobs

def test_no_more_workers_than_chunks_of_work(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    real_start = harp.analysis.parallel.start_workers

    def start(count: int, *args: object) -> object:
        started.append(count)
        return real_start(count, *args)
    monkeypatch.setattr(harp.analysis.parallel, "start_workers", start)
    assert list(ordered_map(abs, range(-6, 0), jobs=8, chunk_size=2)) == [6, 5, 4, 3, 2, 1]
    assert started == [3]                       # 3 chunks: 3 workers, not 8
    assert list(ordered_map(abs, range(-6, 0), jobs=8, chunk_size=10)) == [6, 5, 4, 3, 2, 1]
    assert started == [3]                       # one chunk: no pool at all


def test_score_with_many_jobs_for_few_records(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harp.analysis.parallel, "start_workers", None)  # fails if one started
    games = tmp_path / "games.txt"
    games.write_text(f"{EH5} d\n" * 7)
    assert invoke_ok("score", str(games), "--jobs", "2", "--csv").splitlines()[1] == \
        "EH,N,7,0,0.0,0.0,0,0,1.0,0"


# ------------------------------------------------------------------ help, progress, notes

def test_top_level_help_does_not_cut_summaries() -> None:
    commands = invoke_ok("--help").split("Commands:\n", 1)[1]
    assert "..." not in commands
    # A long summary may wrap (the column widens with the longest name), whole.
    assert "play Apply moves to a deal and print the position, or play interactively. " \
        in " ".join(commands.split()) + " "


def test_fmt_help_is_short() -> None:
    lines = invoke_ok("score", "--help").splitlines()
    fmt = [line for line in lines if "--fmt" in line]
    assert fmt == ["  --fmt FORMAT                Table format [default: simple]: any of tabulate's,"]


def test_deal_format_json_is_the_same_as_json() -> None:
    assert invoke_ok("deal", EH5, "--format", "json") == invoke_ok("deal", EH5, "--json")
    assert "json: the same as --json" in " ".join(invoke_ok("deal", "--help").split())


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_has_a_space_before_its_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    stderr = Terminal()
    monkeypatch.setattr("sys.stderr", stderr)
    assert list(progress(iter(range(3)), None, "records")) == [0, 1, 2]
    assert stderr.getvalue().rstrip().split("\r")[-1].startswith("3 records [")
    stderr.truncate(0)
    list(progress(iter(range(4)), 4, "deals"))
    last = stderr.getvalue().rstrip().split("\r")[-1]
    assert "4/4 [" in last and " deals/s]" in last


def test_stats_note_only_with_a_db(tmp_path: Path) -> None:
    assert invoke(*STATS).stderr == ""
    db = tmp_path / "s.db"
    assert invoke(*STATS, "--db", str(db)).stderr == "stats: 5 of 5 deals to compute\n"
    assert invoke("stats", "--game", "sh", "--deals", "1-7", "--db", str(db)).stderr == \
        f"stats: 2 of 7 deals to compute (the rest are in {db})\n"


def test_shell_completion_of_commands_and_table_formats() -> None:
    """README "Shell completion": Click's completion, table formats included."""
    def complete(words: str) -> str:
        env = {"_HARP_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1)}
        return invoke(env=env).stdout
    assert complete("harp st") == "plain,stats\n"
    assert complete("harp score x --fmt gi") == "plain,github\n"


@pytest.mark.parametrize("command", ["play", "show", "hint", "solve"])
def test_a_superscript_digit_in_a_move_is_refused_in_one_line(command: str) -> None:
    """RULES C6: ``²>f`` is bad notation (exit 1), never a traceback."""
    refused([command, EH5, "²>f"], 1, "action 1 (²>f): '²' is not a location: "
                                      "write numbers with the digits 0-9 (RULES C6)")


STANDARD_OUTPUT_CASES = [
    (["solve", "SH1-C4-AAAAAJ2", "--max-states", "2000", "--save", "OUT"], "/dev/stdout"),
    (["solve", "SH1-C4-AAAAAJ2", "--max-states", "2000", "--save", "OUT"], "out.svg"),
    (["stats", "--game", "sh", "--deals", "1-2", "-q", "--db", "OUT"], "/dev/stdout"),
    (["stats", "--game", "sh", "--deals", "1-2", "-q", "--db", "OUT"], "out.svg"),
    (["stats", "--game", "sh", "--deals", "1-2", "-q", "--plot", "OUT"], "out.svg"),
    (["generate", "--game", "sh", "--deals", "1-2", "--random-play", "-q", "-o", "OUT"],
     "/dev/stdout"),
]


@pytest.mark.parametrize("args, named", STANDARD_OUTPUT_CASES)
def test_a_file_that_is_standard_output_is_refused(tmp_path, args, named):
    """Standard output sent to a file (``> out.svg``) and the same file given
    to write, as /dev/stdout or by its name: the file was replaced under the
    printed output (lost), or the database mixed with the table. Refused
    before any work."""
    import subprocess
    import sys
    out = tmp_path / "out.svg"
    argv = [arg.replace("OUT", named) for arg in args]
    with open(out, "w") as stdout:
        done = subprocess.run([sys.executable, "-m", "harp", *argv], stdout=stdout,
                              stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=120)
    assert done.stderr.endswith(f"{named}: it is standard output, where harp prints\n")
    assert (done.returncode, done.stderr.count("\n")) == (1, 1)
    assert out.read_text() == ""
