"""``harp solve`` and ``harp hint`` through Click's CliRunner:
exact outputs and exit codes (0 for every verdict, 1 for bad data, 2 for
misuse)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from harp.cli import cli
from harp import new_board
from harp.deals import make_code

SH314 = "SH1-C4-AAAAAJ2"
LOST_1CELL = "SH1-C1-AAAAAAC"      # deal 2 with one cell: no winning line


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_solve_prints_a_script_that_wins() -> None:
    """RULES B7: one line of canonical tokens that replays to won."""
    result = run("solve", SH314)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == 1
    board = new_board(SH314)
    board.push_script(lines[0])
    assert board.status() == "won"


def test_solve_from_moves() -> None:
    """The search starts after MOVES (RULES B8: code plus moves)."""
    result = run("solve", SH314, "8>f", "7>2")
    assert result.exit_code == 0
    board = new_board(SH314)
    board.push_script("8>f 7>2 " + result.output)
    assert board.status() == "won"


def test_solve_unsolvable_and_unknown() -> None:
    assert run("solve", LOST_1CELL).output == "unsolvable\n"
    result = run("solve", SH314, "--max-states", "5")
    assert (result.exit_code, result.output) == (0, "unknown (max states 5 reached)\n")


def test_solve_json() -> None:
    result = run("solve", LOST_1CELL, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert list(data) == ["code", "outcome", "script", "length", "draws", "states",
                          "verdict_seconds", "seconds"]
    assert data["outcome"] == "unsolvable" and data["script"] == "" and data["length"] == 0
    data = json.loads(run("solve", SH314, "--json").output)
    assert data["outcome"] == "solved" and data["length"] == len(data["script"].split())


def test_solve_already_won() -> None:
    """A finished game: the empty script, written as a comment (RULES B7 '#')."""
    script = run("solve", SH314).output.strip()
    result = run("solve", SH314, *script.split())
    assert result.output == "# already won\n"
    assert run("hint", SH314, *script.split()).output == "the game is already won\n"


def test_hint() -> None:
    first = run("solve", SH314).output.split()[0]
    result = run("hint", SH314)
    assert (result.exit_code, result.output) == (0, first + "\n")
    assert run("hint", LOST_1CELL).output == \
        "lost: no line of play wins from this position (RULES C8)\n"
    assert run("hint", SH314, "--max-states", "2").output == \
        "none found within the limits (max states 2 reached)\n"
    data = json.loads(run("hint", SH314, "--json").output)
    assert data["hint"] == first and data["outcome"] == "solved"


def test_errors_are_one_line_exit_1() -> None:
    result = run("solve", "SH1-C9-AAAAAJ2")
    assert result.exit_code == 1
    assert result.output == ("Error: invalid deal code 'SH1-C9-AAAAAJ2': unknown variant 'C9' "
                             "for SH (expected C4 or C2 or C1)\n")
    result = run("hint", SH314, "1>2")
    assert result.exit_code == 1
    assert result.output.startswith("Error: action 1 (1>2): ")
    assert len(result.output.splitlines()) == 1
    assert run("solve").exit_code == 2
    assert run("solve", SH314, "--max-states", "0").exit_code == 2


def test_hint_searches_as_briefly_as_the_interactive_hint() -> None:
    """``harp hint`` takes the interactive game's limits (HINT_LIMITS) by
    default and ``--timeout`` for longer; on an Easy Harp deal it names
    the first action of the solver's winning line, which the engine takes
    and which leaves a won position (RULES A1)."""
    from harp.solve import HINT_LIMITS

    help_text = run("hint", "--help").output
    assert f"[default: {HINT_LIMITS.max_states}; x>=1]" in help_text
    assert f"[default: {HINT_LIMITS.timeout}; x>0]" in help_text
    code = "EH1-N-AAAAAAC"
    script = run("solve", code).output.split()
    result = run("hint", code)
    assert (result.exit_code, result.output) == (0, script[0] + "\n")
    data = json.loads(run("hint", code, script[0], "--json").output)
    assert data["outcome"] == "solved" and data["hint"]
    assert data["draws"] == data["script"].split().count("d") > 0
    played = run("play", code, script[0], *data["script"].split())
    assert played.exit_code == 0 and "Status won" in played.output.splitlines()[-1]


def test_line_search_option() -> None:
    """``--line-search`` (Easy Harp) takes seconds, 0 included; a bad value
    is a usage error, exit 2; ``hint`` shows one action and has no line
    search."""
    code = str(make_code("EH", 2))
    data = json.loads(run("solve", code, "--line-search", "0", "--json").output)
    assert data["outcome"] == "solved" and data["verdict_seconds"] <= data["seconds"]
    board = new_board(code)
    board.push_script(data["script"])
    assert board.status() == "won"
    bad = run("solve", code, "--line-search", "-1")
    assert bad.exit_code == 2 and "'--line-search'" in bad.output
    assert run("hint", code, "--line-search", "1").exit_code == 2


def test_hint_and_solve_start_from_a_saved_game(tmp_path) -> None:
    """--load reads a saved game in hint and solve too; MOVES continue it;
    --save writes the won game."""
    saved = tmp_path / "saved.txt"
    saved.write_text("SH1-C4-AAAAAJ2 8>f\n")
    assert run("hint", "--load", str(saved)).stdout == run("hint", "SH1-C4-AAAAAJ2",
                                                            "8>f").stdout == "7>2\n"
    assert run("hint", "--load", str(saved), "7>2").stdout == run(
        "hint", "SH1-C4-AAAAAJ2", "8>f 7>2").stdout
    won = tmp_path / "won.jsonl"
    result = run("solve", "--load", str(saved), "--save", str(won))
    assert result.exit_code == 0
    record = json.loads(won.read_text())
    assert record["moves"] == "8>f " + result.stdout.strip()
    assert run("hint").stderr.splitlines()[-1] == (
        "Error: give a deal CODE (e.g. EH1-N-AAAAAAF) or --load FILE")


def test_the_old_record_option_says_what_replaced_it() -> None:
    """--record read a saved game in play and show, and wrote one in solve:
    gone, with the new word of each command."""
    reads = "--load FILE reads a saved game"
    for args, now in ((["play"], reads), (["show"], reads), (["hint"], reads),
                      (["solve", "SH1-C4-AAAAAJ2"],
                       f"{reads}, --save FILE writes the won game")):
        result = run(*args, "--record", "games.txt")
        assert result.exit_code == 2
        assert result.stderr.splitlines()[-1] == (
            "Error: --record is gone (it meant reading a saved game in some commands and "
            f"writing one in others): {now}")
