"""Hints that finish games (:mod:`harp.solve.hints`), and answers that repeat.

A player who asks for a hint, plays it and asks again wins without meeting
a position twice: the line of the last hint is kept while it is followed.
``harp hint CODE MOVES``, which sees only the game, gives the same hints.
The solver's limits count positions, so the same position under the same
limits gets the same answer in any process.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from harp import new_board
from harp.deals import make_code
from harp.solve import HINT_LIMITS, HintLine, Hints, SolveLimits, hint, replays_to_won
from harp.solve.budget import Budget
from harp.solve.easyharp.lines import cut_repeats
from harp.solve.hints import position_key

from helpers import invoke_ok

#: Easy Harp deals whose opening hint is found within a few thousand positions.
FOLLOWED = (2, 3, 14)


def follow(board, hints: HintLine, limit: int = 2000) -> list:
    """Ask, play, ask again until no hint; the positions met, in order."""
    met = [position_key(board)]
    for _ in range(limit):
        found = hints.next(board)
        if found.action is None:
            break
        board.push(found.action)
        met.append(position_key(board))
    return met


@pytest.mark.parametrize("number", FOLLOWED)
def test_following_the_hints_wins_without_a_repeated_position(number: int) -> None:
    """From the opening and after a few actions of the player's own (a
    card moved off the line), the hints lead to ``won``, each position met
    once; the game's hints search once per line, and ``harp hint``'s view
    of the same game (the whole game, no kept line) names the same next
    action along the way."""
    start = new_board(make_code("EH", number))
    board = start.copy()
    hints = HintLine()
    met = follow(board, hints)
    assert board.is_won and len(met) == len(set(met))
    assert len(hints.hints._solves) == 1                    # one line, followed to the end
    script = [str(action) for action in board.actions]
    for at in (0, len(script) // 3, len(script) - 1):
        assert hint(start, script[:at]).action == script[at]
    # Off the line: an action of the player's own, then hints again.
    board = start.copy()
    for token in script[:10]:
        board.push(token)
    own = next(a for a in board.legal_list() if str(a) != script[10])
    board.push(own)
    met = follow(board, HintLine())
    assert board.is_won and len(met) == len(set(met))
    assert hint(start, board.actions[:12]).action == str(board.actions[12])


def test_a_hint_continues_the_line_the_hint_before_gave() -> None:
    """``Hints.after``: while the actions follow the line of a hint, the
    next hint is that line's next action (``followed`` counts them); the
    line comes from the search at the start, made once."""
    start = new_board(make_code("EH", 2))
    hints = Hints()
    first = hints.after(start)
    assert first.followed == 0 and first.action == first.line[0]
    later = hints.after(start, first.line[:5])
    assert later.followed == 5 and later.line == first.line[5:] and later.result is first.result
    assert len(hints._solves) == 1


def test_a_tap_that_makes_the_line_s_move_follows_the_line() -> None:
    """RULES B5: ``t8`` plays 8>f here, the line's first step; the line is
    kept (no second search), in ``harp hint``'s view and in the game's."""
    start = new_board("SH1-C4-AAAAAJ2")
    hints = Hints()
    first = hints.after(start)
    assert first.action == "8>f"
    tapped = hints.after(start, ["t8"])
    assert (tapped.followed, tapped.line, tapped.searches) == (1, first.line[1:], 1)
    assert len(hints._solves) == 1
    game = HintLine()
    board = start.copy()
    assert game.next(board).action == "8>f"
    board.push("t8")
    assert (game.next(board).followed, len(game.hints._solves)) == (1, 1)
    board.push("3>c")       # off the line's next step (7>2): a search from here
    assert game.next(board).followed == 0 and len(game.hints._solves) == 2


def test_a_hint_that_finds_no_line_says_why() -> None:
    """Cut short by its limits, a hint has no action, and its search says
    which limit stopped it; the game's hints search again next time."""
    board = new_board(make_code("EH", 1))
    found = HintLine(SolveLimits(max_states=10)).next(board)
    assert (found.action, found.outcome, found.result.stopped_by) == (None, "unknown", "positions")
    assert found.result.limit_text() == "max states 10 reached"


def test_cut_repeats_drops_a_tour_of_the_talon() -> None:
    """Drawing through the whole stock and redealing (RULES A1.8) comes back
    to the same position: those draws are cut from a script."""
    board = new_board(make_code("EH", 2))
    script = hint(board, limits=HINT_LIMITS).line
    tour = ["d"] * (len(board.stock) + 1)
    again = board.copy()
    again.push_script(" ".join(tour))
    assert position_key(again) == position_key(board)
    assert cut_repeats(board, tour + script) == script
    assert replays_to_won(board, type(hint(board).result)("solved", script))


def test_a_budget_counts_parts_and_its_safety_net() -> None:
    budget = Budget(100)
    part = budget.part(30)
    part.spend(40)
    assert (part.limit, part.spent, budget.used, budget.left, budget.stopped_by) == (
        30, True, 40, 60, None)
    assert budget.part(500).limit == 60
    late = Budget(10, timeout=-1)
    share = late.part(5)
    assert share.late() and late.stopped_by == "time" and share.stopped_by == "time"
    assert Budget(10).stopped_by is None and not Budget(10, timeout=None).late()


def test_the_same_limits_give_the_same_answer_in_any_process() -> None:
    """Two processes with different hash seeds (Python's set order and
    string hashes differ): the same verdict, positions and script."""
    code = str(make_code("EH", 2))
    answers = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-m", "harp", "solve", code, "--line-states", "5000",
                              "--json"], env=env, check=True, capture_output=True, text=True)
        data = json.loads(out.stdout)
        del data["cpu_seconds"]
        answers.append(data)
    assert answers[0] == answers[1] and answers[0]["outcome"] == "solved"
    assert answers[0]["states"] > answers[0]["verdict_states"]


@pytest.mark.parametrize("code, moves, followed", [
    ("SH1-C4-AAAAAJ2", "8>f 7>2", 2), ("SH1-C4-AAAAAJ2", "8>f 1>c", 0),
    ("SH1-C4-AAAAAJ2", "", 0), ("EH1-N-AAAAAAC", "", 0)])
def test_hint_json_script_goes_on_from_the_position_as_solve_s(code: str, moves: str,
                                                               followed: int) -> None:
    """``harp hint --json``'s ``script`` is the line from the position after
    MOVES, as ``harp solve --json``'s: the hint first, ``length`` and
    ``draws`` its own, and ``harp play CODE MOVES SCRIPT`` wins.  (Once
    MOVES followed an earlier line, it was that line from where it began,
    the moves already played included.)"""
    data = json.loads(invoke_ok("hint", code, moves, "--json"))
    script = data["script"].split()
    assert (data["followed"], data["hint"]) == (followed, script[0])
    assert (data["length"], data["draws"]) == (len(script), script.count("d"))
    assert invoke_ok("play", code, moves, data["script"]).endswith("  Status won\n")
    if not moves:           # followed further: the rest of the same line
        later = json.loads(invoke_ok("hint", code, " ".join(script[:3]), "--json"))
        assert (later["followed"], later["script"].split()) == (3, script[3:])
        assert later["draws"] == script[3:].count("d") and later["states"] == data["states"]


def test_a_hint_whose_search_the_safety_net_cut_says_so(monkeypatch):
    """``harp hint --timeout``: when the clock cut the search the hint
    came from (here as its line is shortened, the deadline made to pass
    then), the hint depends on the machine's speed and a note on standard
    error says so; standard output stays the hint alone.  Uncut, no note."""
    from click.testing import CliRunner

    from harp.cli.main import cli
    from harp.solve.easyharp import solver

    code = "EH1-N-AAAAAAF"
    plain = CliRunner().invoke(cli, ["hint", code, "--timeout", "600"])
    assert plain.exit_code == 0 and plain.stderr == ""
    shorten = solver.shorten

    def late_shorten(root, line, work):
        work.deadline = 0.0            # perf_counter() is past it
        return shorten(root, line, work)

    monkeypatch.setattr(solver, "shorten", late_shorten)
    cut = CliRunner().invoke(cli, ["hint", code, "--timeout", "600"])
    assert cut.exit_code == 0 and len(cut.stdout.splitlines()) == 1
    assert cut.stderr == ("note: the 600 s safety net cut the search: this hint depends on "
                          "the machine's speed\n")


def test_the_safety_net_is_one_deadline_per_hint(monkeypatch) -> None:
    """Hints.after gives all its searches one deadline, made when it is
    called: a Hints asked again (as the interactive game asks its
    HintLine) starts a new one.  The clock here moves 100 s a reading."""
    from harp.solve import hints as module

    readings = iter(range(0, 10**6, 100))
    monkeypatch.setattr(module, "_clock", lambda: float(next(readings)), raising=False)
    hints = Hints(SolveLimits(max_states=50_000, timeout=250))
    start = new_board("EH1-N-AAAAAAF")
    first = hints.after(start)
    assert first.outcome == "solved" and first.searches == 1 and first.cut_by_time == 0
    assert first.result.limits.timeout == 250           # the limits, not the seconds left
    again = hints.after(start)
    assert (again.outcome, again.line) == ("solved", first.line)
    # The start's search (kept) at 150 s left, the one after ``off`` at 50 s,
    # then none: unknown, by the clock.
    off = [action for action in start.legal_actions if str(action) != first.line[0]][0]
    late = hints.after(start, [off, "u", off])
    assert (late.action, late.outcome, late.result.stopped_by) == (None, "unknown", "time")


def test_a_search_the_clock_cut_along_the_game_is_told(monkeypatch) -> None:
    """The line a hint follows may come from a search the safety net cut
    earlier along the game: the note says so even when the last search
    was not cut, and --json counts it ("searches_cut_by_time")."""
    import harp.solve as solve_module
    from harp.solve import TIME

    code = "EH1-N-AAAAAAF"
    start = new_board(code)
    first = hint(start).line
    off = str([action for action in start.legal_actions if str(action) != first[0]][0])
    solve, calls = solve_module.solve, []

    def first_cut(board, limits, progress=None):
        result = solve(board, limits, progress)
        if not calls:
            result.stopped_by = TIME        # as if the clock had cut it
        calls.append(result)
        return result

    monkeypatch.setattr(solve_module, "solve", first_cut)
    data = json.loads(invoke_ok("hint", code, off, "--timeout", "600", "--json"))
    assert data["stopped_by"] is None and data["hint"] is not None
    assert (data["searches"], data["searches_cut_by_time"]) == (2, 1)
    calls.clear()
    from click.testing import CliRunner

    from harp.cli.main import cli
    cut = CliRunner().invoke(cli, ["hint", code, off, "--timeout", "600"])
    assert cut.exit_code == 0 and cut.stdout == data["hint"] + "\n"
    assert cut.stderr == ("note: the 600 s safety net cut the search: this hint depends on "
                          "the machine's speed\n")
