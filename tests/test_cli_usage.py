"""The command line itself: the help of a group given no command, a usage
error on one line (a missing option's choices too), an option that takes
one value given twice, and seeds written with the digits 0-9 only."""
from __future__ import annotations

from pathlib import Path

import pytest

from harp.errors import clip

from helpers import invoke, invoke_ok, refused

ROOT = Path(__file__).resolve().parent.parent
GAMES = str(ROOT / "examples" / "games.jsonl")
SH = "SH1-C4-AAAAAJ2"
RANDOM_PLAY = ["generate", "--game", "sh", "--deals", "1", "--random-play", "-q"]


# ------------------------------------------------------------------ a group alone

@pytest.mark.parametrize("group", [[], ["atlas"]])
def test_a_group_alone_prints_its_whole_help(group):
    """As Click does: the help on standard error, exit 2; not squashed on one line."""
    result = invoke(*group)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == invoke_ok(*group, "--help")


# ------------------------------------------------------------------ usage errors on one line

@pytest.mark.parametrize("args", [["encode", "5"], ["generate", "--deals", "1", "--random-play"]])
def test_a_missing_option_names_its_choices_on_the_error_s_line(args):
    result = refused(args, 2, "Missing option '--game' (choose from eh, sh).")
    assert result.stderr.endswith("\n\nError: Missing option '--game' (choose from eh, sh).\n")


def test_a_missing_option_without_choices_is_unchanged():
    refused(["atlas", "build", "--deals", "1-10"], 2, "Missing option '--pieces'.")


# ------------------------------------------------------------------ an option given twice

@pytest.mark.parametrize("args, name", [
    (["generate", "--game", "sh", "--deals", "1-2", "--deals", "5", "--random-play"], "--deals"),
    (["encode", "--game", "sh", "--game", "eh", "5"], "--game"),
    (["solve", SH, "--save", "a.txt", "--save", "b.txt"], "--save"),
    (["show", "--load", "a.txt", "--load", "b.txt"], "--load"),
    (["show", SH, "--at", "1", "--at", "2"], "--at"),
    (["atlas", "check", "--sample", "1", "--sample", "2"], "--sample"),
    (["stats", "--game", "sh", "--deals", "1-2", "--jobs", "1", "-j", "2"], "--jobs"),
])
def test_an_option_of_one_value_given_twice_is_refused(args, name):
    """Click would keep the last value silently (deal 5 alone, file b.txt)."""
    refused(args, 2, f"{name} given twice")


def test_an_option_given_by_its_short_name_is_named_by_its_long_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused([*RANDOM_PLAY, "-o", "a.jsonl", "-o", "b.jsonl"], 2, "--output given twice")
    refused(["show", SH, "--at", "1", "--at", "2", "--at", "3"], 2, "--at given 3 times")
    assert list(tmp_path.iterdir()) == []


def test_flags_and_options_of_many_values_may_repeat():
    assert invoke_ok("deal", SH, "--json", "--json") == invoke_ok("deal", SH, "--json")
    assert invoke_ok("score", GAMES, "--by", "player", "--by", "player", "-q") == \
        invoke_ok("score", GAMES, "--by", "player", "-q")
    assert invoke_ok("--version", "--version") == invoke_ok("--version")
    assert invoke_ok("atlas", "--help", "--help") == invoke_ok("atlas", "--help")


# ------------------------------------------------------------------ seeds

@pytest.mark.parametrize("args", [RANDOM_PLAY, ["atlas", "check", "--sample", "1", "-q"]])
@pytest.mark.parametrize("seed", ["５", "٣", "-５", "1_000"])
def test_a_seed_is_written_with_the_digits_0_9(args, seed):
    """RULES C6, as every other number of the command line."""
    refused([*args, "--seed", seed], 2,
            f"Invalid value for '--seed': {seed!r} is not a whole number (digits 0-9)")


def test_a_seed_may_be_negative():
    games = {seed: invoke_ok(*RANDOM_PLAY, "--seed", seed) for seed in ("-5", "5", " 5 ")}
    assert games["5"] == games[" 5 "] != games["-5"]
    assert games["-5"].startswith("SH1-C4-AAAAAAB ")
    refused([*RANDOM_PLAY, "--seed", "9" * 5000], 2,
            f"Invalid value for '--seed': {clip('9' * 5000)} is too large")


def test_the_seed_s_help_is_unchanged():
    assert "--seed INTEGER" in invoke_ok("generate", "--help")
    assert "--seed INTEGER" in invoke_ok("atlas", "check", "--help")
