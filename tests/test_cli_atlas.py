"""Winnable deals on the command line: deal --winnable/--unwinnable/--min-cells,
the verdicts of deal and decode, and stats --report --atlas."""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import harp.atlas
import harp.cli.winnable
import harp.winnable
from harp.analysis.atlas import interval_pct, wilson_interval
from harp.analysis.scoring import won_pct
from harp.atlas import Atlas, encode_atlas, seahaven_atlas
from harp.deals import make_code
from harp.ehatlas import DEFAULT_PATH, read_eh_atlas
from harp.games import new_board
from harp.solve import SolveLimits, solve

from helpers import invoke, invoke_ok, refused

#: The last deal of the shipped Easy Harp atlas (it grows a piece at a time).
EH_LAST = read_eh_atlas(DEFAULT_PATH).last

CODE_LINE = re.compile(r"Seahaven Towers, (\d) cells?  (SH1-C\d-[A-Z2-7]{7})  \(deal (\d+)\)")


def dealt(*args: str) -> tuple[int, int, str]:
    """(cells, deal number, verdict line) of the Seahaven deal ``harp deal
    ARGS`` prints."""
    lines = invoke_ok("deal", *args).splitlines()
    match = CODE_LINE.fullmatch(lines[0])
    assert match, lines[0]
    return int(match[1]), int(match[3]), lines[-1]


@pytest.mark.parametrize("cells", ["4", "2", "1"])
def test_random_winnable_and_unwinnable_deals(cells):
    atlas = seahaven_atlas()
    for _ in range(10):
        n, number, line = dealt("--random", "--winnable", "--game", "sh", "--cells", cells)
        assert n == int(cells) and atlas.won(f"C{cells}", number)
        assert f"{cells} cell{'s' if cells != '1' else ''} yes" in line, line
        n, number, line = dealt("--random", "--unwinnable", "--game", "sh", "--cells", cells)
        assert n == int(cells) and not atlas.won(f"C{cells}", number)
        assert f"{cells} cell{'s' if cells != '1' else ''} no" in line, line


@pytest.mark.parametrize("fewest", ["1", "2", "4"])
def test_min_cells_is_the_fewest_cells_a_deal_needs(fewest):
    atlas = seahaven_atlas()
    for _ in range(10):
        n, number, _ = dealt("--random", "--game", "sh", "--min-cells", fewest)
        assert n == 4 and atlas.fewest_cells(number) == int(fewest)
    n, number, _ = dealt("--random", "--winnable", "--game", "sh", "--cells", "2",
                         "--min-cells", "1")
    assert n == 2 and atlas.won("C2", number) and atlas.won("C1", number)


def test_deal_says_whether_a_seahaven_deal_can_be_won():
    assert invoke_ok("deal", "SH1-C2-AAAAAJ2").splitlines()[-1] == \
        "Winnable  4 cells yes, 2 cells no, 1 cell no"
    data = json.loads(invoke_ok("deal", "SH1-C2-AAAAAJ2", "--json"))
    assert data["winnable"] == {"C4": True, "C2": False, "C1": False}
    assert data["fewest_cells"] == 4
    assert json.loads(invoke_ok("deal", "EH1-N-AAAAAAF", "--json"))["winnable"] == {"N": True}
    assert invoke_ok("deal", "EH1-N-AAAAAAF").splitlines()[-1] == "Winnable  yes"   # the atlas
    # The shipped atlas covers every deal; an undecided one says so (null).
    # (tests/test_ehatlas.py: a deal beyond a smaller atlas is not decided unless asked.)
    assert json.loads(invoke_ok("deal", str(make_code("EH", 999_999)), "--json"))["winnable"] \
        == {"N": True}
    assert json.loads(invoke_ok("deal", str(make_code("EH", 653_246)), "--json"))["winnable"] \
        == {"N": None}
    assert invoke_ok("deal", "SH1-C4-AAAAAJ2", "--format", "fcs").splitlines()[-1] == \
        ": 5H 4S 9D KS 8D"                       # the last column, no verdict after it


def test_decode_says_whether_the_deal_can_be_won():
    assert invoke_ok("decode", "sh1-c1-aaaaaj2").splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell no (atlas)", "fewest cells: 4"]
    assert invoke_ok("decode", "SH1-C1-AAAAAYM").splitlines()[-1] == "fewest cells: 1"  # 780
    assert invoke_ok("decode", "SH1-C4-AAAAAAV").splitlines()[-1] == "fewest cells: none"  # 21
    assert invoke_ok("decode", "SH1-C4-AAAAAYM", "--solve").splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell yes (solver)", "fewest cells: 1"]
    assert invoke_ok("decode", "EH1-N-AAAAAAF").splitlines()[-2:] == [
        "winnable: yes (atlas)", "difficulty: 1.7 (atlas; a line of 414 actions)"]
    assert invoke_ok("decode", str(make_code("EH", 999_999))).splitlines()[-2:] == [
        "winnable: yes (atlas)", "difficulty: 5.1 (atlas; a line of 436 actions)"]
    assert invoke_ok("decode", str(make_code("EH", 653_246))).splitlines()[-1] == \
        "winnable: unknown (atlas: not decided within 200000000 positions)"
    assert invoke_ok("decode", "EH1-N-AAAAAAF", "--solve").splitlines()[-1] == \
        "winnable: yes (solver)"


@pytest.mark.slow
def test_decode_solve_checks_the_easy_harp_atlas_at_its_limits():
    """decode --solve searches as many positions as the atlas was built
    with: deal 2055, won in the atlas after about 300 000 positions, is won
    by the solver too (300 000 positions, the on-demand limit, said
    "unknown")."""
    code = str(make_code("EH", 2055))
    assert invoke_ok("decode", code).splitlines()[-2] == "winnable: yes (atlas)"
    assert invoke_ok("decode", code, "--solve").splitlines()[-1] == "winnable: yes (solver)"


def test_decode_solve_shows_its_search_with_progress():
    """A search of up to 5 000 000 positions can take a minute: --progress
    (on a terminal by default) shows it; without --solve it is refused."""
    shown = invoke("decode", "SH1-C4-AAAAAJ2", "--solve", "--progress")
    assert shown.exit_code == 0
    assert shown.stdout == invoke_ok("decode", "SH1-C4-AAAAAJ2", "--solve")
    refused(["decode", "SH1-C4-AAAAAJ2", "--progress"], 2,
            "--progress shows the solver's search: it needs --solve")


def test_a_random_easy_harp_deal_comes_from_the_shipped_atlas():
    data = json.loads(invoke_ok("deal", "--random", "--winnable", "--game", "eh", "--json"))
    assert 1 <= data["deal"] <= EH_LAST and data["winnable"] == {"N": True}
    # The shipped atlas has deals proved lost (a card that can never move,
    # rule NEVER-MOVES, at the opening: 375271, 436791, 877167); --unwinnable
    # draws one of them.  (tests/test_ehatlas.py checks the message given
    # when an atlas has none.)
    atlas = read_eh_atlas(DEFAULT_PATH)
    assert atlas.counts()["lost"] > 0
    data = json.loads(invoke_ok("deal", "--random", "--unwinnable", "--game", "eh", "--json"))
    assert data["winnable"] == {"N": False} and atlas.verdict(data["deal"]) == "lost"
    assert invoke_ok("decode", data["code"]).splitlines()[-1] == "winnable: no (atlas)"
    # The solver, asked afresh, agrees at once: no position searched.
    assert solve(new_board(data["code"]), SolveLimits(max_states=1000)).outcome == "unsolvable"


@pytest.fixture
def without_atlas(monkeypatch):
    """No Easy Harp atlas: a random deal is solved on demand, drawn from a
    seeded generator (the first deal drawn, 497 624, is won within a second)."""
    monkeypatch.setattr(harp.winnable, "easy_harp_atlas", lambda: None)
    seeded = harp.winnable.random_easy_harp_deal
    monkeypatch.setattr(harp.cli.winnable, "random_easy_harp_deal",
                        lambda winnable, limits: seeded(winnable, limits, random.Random(12)))
    return monkeypatch


def test_easy_harp_is_decided_on_demand_within_a_count_of_positions(without_atlas):
    """Without an Easy Harp atlas, a random deal is solved on demand."""
    monkeypatch = without_atlas
    data = json.loads(invoke_ok("deal", "--random", "--winnable", "--game", "eh", "--json"))
    assert (data["deal"], data["winnable"]) == (497624, {"N": True})
    assert invoke_ok("deal", "--random", "--winnable", "--game", "eh").splitlines()[-1] == \
        "Winnable  yes"
    # The positions, not the clock, end the search: the same deals every time.
    result = invoke("deal", "--random", "--unwinnable", "--game", "eh", "--max-states", "4000")
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", UNWINNABLE_4000)
    monkeypatch.undo()
    monkeypatch.setattr(harp.winnable, "easy_harp_atlas", lambda: None)
    result = invoke("deal", "--random", "--unwinnable", "--game", "eh", "--timeout", "0.5")
    assert (result.exit_code, result.stdout) == (1, "")
    assert re.fullmatch(r"Error: no Easy Harp deal proved unsolvable within the 0.5 s safety "
                        r"net \(\d+ deals? tried: \d+ (solved|unknown)(, \d+ unknown)?\); "
                        r"lost Easy Harp deals are too rare to meet by chance: this harp has no "
                        r"Easy Harp atlas to draw them from\n", result.stderr)


def test_play_chooses_a_winnable_easy_harp_deal_on_demand_too(without_atlas):
    """harp play --random --winnable hands its limits to the same choice."""
    data = json.loads(invoke_ok("play", "--random", "--winnable", "--game", "eh", "--json"))
    assert (data["deal"], data["moves"]) == (497624, 0)


CHOOSE_A_RANDOM_DEAL = (
    "--winnable, --unwinnable and --min-cells choose a --random deal; the daily deal is the "
    "same for everyone, winnable or not (RULES B4), and 'harp decode CODE' says whether a deal "
    "can be won")


UNWINNABLE_4000 = ("Error: no Easy Harp deal proved unsolvable within 4000 positions (5 deals "
                   "tried: 1 solved, 4 unknown); lost Easy Harp deals are too rare to meet by "
                   "chance: this harp has no Easy Harp atlas to draw them from\n")


@pytest.mark.parametrize("args, message", [
    (["--daily", "--winnable"], CHOOSE_A_RANDOM_DEAL),
    (["SH1-C4-AAAAAJ2", "--unwinnable"], "--winnable, --unwinnable and --min-cells choose a "
     "--random deal, not the deal CODE names; 'harp decode CODE' says whether it can be won"),
    (["--random", "--winnable", "--unwinnable"], "give --winnable or --unwinnable, not both"),
    (["--random", "--game", "sh", "--unwinnable", "--min-cells", "2"],
     "--min-cells chooses a winnable deal; it does not go with --unwinnable"),
    (["--random", "--game", "sh", "--cells", "1", "--min-cells", "2"],
     "--min-cells 2 with --cells 1: a deal that needs 2 cells cannot be won with 1"),
    (["--random", "--min-cells", "2"], "--min-cells is for Seahaven (--game sh): Easy Harp "
                                       "has no cells"),
])
def test_misuse_is_a_usage_error(args, message):
    refused(["deal", *args], 2, message)


def test_stats_report_atlas():
    data = json.loads(invoke_ok("stats", "--report", "--atlas", "--deals", "1-10000", "--json"))
    assert [(r["variant"], r["won"], r["unsolvable"]) for r in data] == [
        ("C4", 9310, 690), ("C2", 1589, 8411), ("C1", 237, 9763)]
    c4 = data[0]
    assert (c4["won_pct"], c4["ci95_low"], c4["ci95_high"]) == (93.1, 92.58, 93.59)
    assert [r["fewest"] for r in data] == [7700, 1373, 237]
    assert (c4["fewest_pct"], c4["fewest_ci95_low"], c4["fewest_ci95_high"]) == (77, 76.16, 77.82)
    table = invoke_ok("stats", "--report", "--atlas", "--cells", "1", "--deals", "1-10,20-29")
    assert table.splitlines() == [
        "variant      deals    won    won_pct    ci95_low    ci95_high    fewest",
        "---------  -------  -----  ---------  ----------  -----------  --------",
        "C1              20      0          0           0        16.12         0"]


def test_a_deal_won_with_1_cell_and_lost_with_4_is_no_variant_s_loss():
    """docs/atlas.md: deal 43 462 is the 4-cell variant's unsolvable, yet
    some variant wins it: its fewest cells is 1."""
    data = json.loads(invoke_ok("stats", "--report", "--atlas", "--deals", "43462", "--json"))
    assert [(r["variant"], r["unsolvable"], r["fewest"]) for r in data] == [
        ("C4", 1, 0), ("C2", 1, 0), ("C1", 0, 1)]


def test_easy_harp_atlas_report_gives_no_difficulty_to_a_deal_not_won():
    """Proved-lost 375271 and unknown 653246 have no difficulty (deal
    --difficulty: none; docs/batch.md): a row of their own, not the bins
    of the positions their searches took (0.0-0.9 and 8.0-8.9)."""
    rows = json.loads(invoke_ok("stats", "--report", "--atlas", "--game", "eh", "--deals",
                                "375271,653246,1", "--json"))
    assert [(r["difficulty"], r["deals"], r["won"], r["lost"], r["unknown"]) for r in rows] == [
        ("3.0-3.9", 1, 1, 0, 0), ("none", 2, 0, 1, 1), ("all", 3, 1, 1, 1)]
    assert rows[1]["median_length"] is None
    assert invoke_ok("deal", "EH1-N-AAALOPH", "--difficulty").splitlines()[-1] == \
        "Difficulty  none: cannot be won (proved)"


@pytest.mark.parametrize("args, message", [
    (["--atlas"], "--atlas goes with --report: the atlas is read, not computed"),
    (["--report", "--atlas", "--deals", "0-5"], "Invalid value for '--deals': bad deal range "
     "'0-5': deals run from 1 to 999999, low to high"),
])
def test_stats_atlas_misuse(args, message):
    refused(["stats", *args], 2, message)


def test_a_deal_outside_the_atlas_is_decided_by_the_solver(tmp_path, monkeypatch):
    small = Atlas("SH", 1, 30, {v: seahaven_atlas().bits[v][:4] for v in ("C4", "C2", "C1")})
    path = tmp_path / "atlas.bin"
    path.write_bytes(encode_atlas(small))
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    assert invoke_ok("decode", "SH1-C4-AAAAAJ2").splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell no (solver)", "fewest cells: 4"]
    assert invoke_ok("decode", "SH1-C4-AAAAAAV").splitlines()[-2:] == [
        "winnable: 4 cells no, 2 cells no, 1 cell no (atlas)", "fewest cells: none"]
    assert invoke_ok("deal", "SH1-C4-AAAAAJ2").splitlines()[-1] == \
        "Winnable  4 cells yes, 2 cells no, 1 cell no"
    for _ in range(5):
        _, number, _ = dealt("--random", "--game", "sh", "--winnable")
        assert number <= 30


def _spoil(path, how: str) -> str:
    """Put a damaged atlas, a folder or nothing at ``path``; the reason the
    error gives."""
    if how == "damaged":
        data = harp.atlas.DEFAULT_PATH.read_bytes()
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 0x40]))
        return "damaged atlas (its compressed data is corrupt)"
    if how == "folder":
        path.mkdir()
        return "Is a directory"
    return "missing"


@pytest.mark.parametrize("how", ["damaged", "folder", "missing"])
def test_an_unusable_atlas_is_one_error_wherever_the_answer_needs_it(tmp_path, monkeypatch,
                                                                    how):
    """Never believed, never guessed: every command whose answer needs the
    atlas prints nothing on stdout, says what is wrong and how to repair
    it, and exits 1; a command that does not need it works."""
    path = tmp_path / "atlas-sh1.bin"
    reason = _spoil(path, how)
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    error = (f"the Seahaven atlas cannot be used ({reason}): reinstall harp to repair it; "
             f"the file is {path}")
    board_alone = " (harp show SH1-C4-AAAAAJ2 prints the board alone)"
    for args, suffix in ((["deal", "SH1-C4-AAAAAJ2"], board_alone),
                         (["deal", "SH1-C4-AAAAAJ2", "--json"], board_alone),
                         (["decode", "SH1-C4-AAAAAJ2"], ""),
                         (["stats", "--report", "--atlas", "--deals", "1-10"], ""),
                         (["deal", "--random", "--winnable", "--game", "sh"], "")):
        refused(args, 1, error + suffix)
    for args in (["deal", "EH1-N-AAAAAAF"], ["show", "SH1-C4-AAAAAJ2"],
                 ["decode", "SH1-C1-AAAAAJ2", "--solve"]):
        invoke_ok(*args)


def test_json_fewest_cells_is_a_number_or_null_never_a_word(tmp_path, monkeypatch):
    """An unknown verdict leaves fewest_cells out: null means not winnable."""
    small = Atlas("SH", 1, 30, {v: seahaven_atlas().bits[v][:4] for v in ("C4", "C2", "C1")})
    path = tmp_path / "atlas.bin"
    path.write_bytes(encode_atlas(small))
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    monkeypatch.setattr(harp.winnable, "decide",
                        lambda code, timeout=0: harp.winnable.Verdict("unknown", "solver"))
    data = json.loads(invoke_ok("deal", "SH1-C4-AAAAAJ2", "--json"))
    assert data["winnable"] == {"C4": None, "C2": None, "C1": None}
    assert "fewest_cells" not in data
    assert json.loads(invoke_ok("deal", "SH1-C4-AAAAAAV", "--json"))["fewest_cells"] is None




@given(st.integers(1, 10**6).flatmap(lambda deals: st.tuples(st.integers(0, deals),
                                                               st.just(deals))))
def test_an_interval_shown_holds_the_share_shown(counts):
    """Rounded outward, the 95 % interval holds the win rate as shown
    (rounded down): 149 998 won of 150 000 reads 99.99 within 99.99-100."""
    won, deals = counts
    shown = interval_pct(*wilson_interval(won, deals))
    assert shown["ci95_low"] <= won_pct(won, deals) <= shown["ci95_high"]
    assert interval_pct(*wilson_interval(149_998, 150_000)) == {"ci95_low": 99.99,
                                                                 "ci95_high": 100.0}
