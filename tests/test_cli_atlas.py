"""Winnable deals on the command line: deal --winnable/--unwinnable/--min-cells,
the verdicts of deal and decode, and stats --report --atlas."""
from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

import harp.atlas
import harp.cli.winnable
import harp.winnable
from harp.atlas import Atlas, encode_atlas, seahaven_atlas
from harp.cli import cli

CODE_LINE = re.compile(r"Seahaven Towers, (\d) cells?  (SH1-C\d-[A-Z2-7]{7})  \(deal (\d+)\)")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def dealt(result) -> tuple[int, int, str]:
    """(cells, deal number, verdict line) of a printed Seahaven deal."""
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    match = CODE_LINE.fullmatch(lines[0])
    assert match, lines[0]
    return int(match[1]), int(match[3]), lines[-1]


@pytest.mark.parametrize("cells", ["4", "2", "1"])
def test_random_winnable_and_unwinnable_deals(cells):
    atlas = seahaven_atlas()
    for _ in range(10):
        n, number, line = dealt(run("deal", "--random", "--winnable", "--game", "sh",
                                    "--cells", cells))
        assert n == int(cells) and atlas.won(f"C{cells}", number)
        assert f"{cells} cell{'s' if cells != '1' else ''} yes" in line, line
        n, number, _ = dealt(run("deal", "--random", "--unwinnable", "--game", "sh",
                                 "--cells", cells))
        assert not atlas.won(f"C{cells}", number)


@pytest.mark.parametrize("fewest", ["1", "2", "4"])
def test_min_cells_is_the_fewest_cells_a_deal_needs(fewest):
    atlas = seahaven_atlas()
    for _ in range(10):
        n, number, _ = dealt(run("deal", "--random", "--game", "sh", "--min-cells", fewest))
        assert n == 4 and atlas.fewest_cells(number) == int(fewest)
    n, number, _ = dealt(run("deal", "--random", "--winnable", "--game", "sh", "--cells", "2",
                             "--min-cells", "1"))
    assert n == 2 and atlas.won("C2", number) and atlas.won("C1", number)


def test_deal_says_whether_a_seahaven_deal_can_be_won():
    result = run("deal", "SH1-C2-AAAAAJ2")
    assert result.output.splitlines()[-1] == "Winnable  4 cells yes, 2 cells no, 1 cell no"
    data = json.loads(run("deal", "SH1-C2-AAAAAJ2", "--json").output)
    assert data["winnable"] == {"C4": True, "C2": False, "C1": False}
    assert data["fewest_cells"] == 4
    assert "winnable" not in json.loads(run("deal", "EH1-N-AAAAAAF", "--json").output)
    assert "Winnable" not in run("deal", "SH1-C4-AAAAAJ2", "--format", "fcs").output


def test_decode_says_whether_the_deal_can_be_won():
    result = run("decode", "sh1-c1-aaaaaj2")
    assert result.exit_code == 0
    assert result.output.splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell no (atlas)", "fewest cells: 4"]
    assert run("decode", "SH1-C1-AAAAAYM").output.splitlines()[-1] == "fewest cells: 1"  # 780
    assert run("decode", "SH1-C4-AAAAAAV").output.splitlines()[-1] == "fewest cells: none"  # 21
    assert run("decode", "SH1-C4-AAAAAYM", "--solve").output.splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell yes (solver)", "fewest cells: 1"]
    assert run("decode", "EH1-N-AAAAAAF").output.splitlines()[-1] == \
        "winnable: unknown (Easy Harp has no atlas; --solve decides with the solver)"
    assert run("decode", "EH1-N-AAAAAAF", "--solve").output.splitlines()[-1] == \
        "winnable: yes (solver)"


def test_easy_harp_is_decided_on_demand_with_a_time_limit(monkeypatch):
    # Seeded: the first deal drawn (497 624) is won within a second.
    seeded = harp.winnable.random_easy_harp_deal
    monkeypatch.setattr(harp.cli.winnable, "random_easy_harp_deal",
                        lambda winnable, timeout: seeded(winnable, timeout, random.Random(12)))
    result = run("deal", "--random", "--winnable", "--game", "eh", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["deal"], data["winnable"]) == (497624, {"N": True})
    assert run("deal", "--random", "--winnable", "--game", "eh").output.splitlines()[-1] == \
        "Winnable  yes"
    monkeypatch.undo()
    result = run("deal", "--random", "--unwinnable", "--game", "eh", "--timeout", "0.5")
    assert result.exit_code == 1
    assert re.fullmatch(r"Error: no Easy Harp deal proved unsolvable within 0.5 s "
                        r"\(\d+ deals? tried: \d+ (solved|unknown)(, \d+ unknown)?\); "
                        r"no Easy Harp deal has ever been proved unsolvable\n", result.output)


@pytest.mark.parametrize("args, message", [
    (["--daily", "--winnable"], "the daily deal is the same for everyone"),
    (["SH1-C4-AAAAAJ2", "--unwinnable"], "choose a --random deal"),
    (["--random", "--winnable", "--unwinnable"], "not both"),
    (["--random", "--game", "sh", "--unwinnable", "--min-cells", "2"], "does not go with"),
    (["--random", "--game", "sh", "--cells", "1", "--min-cells", "2"],
     "a deal that needs 2 cells cannot be won with 1"),
    (["--random", "--min-cells", "2"], "--min-cells is for Seahaven"),
])
def test_misuse_is_a_usage_error(args, message):
    result = run("deal", *args)
    assert result.exit_code == 2
    assert message in result.output


def test_stats_report_atlas():
    result = run("stats", "--report", "--atlas", "--deals", "1-10000", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(r["variant"], r["won"], r["unsolvable"]) for r in data] == [
        ("C4", 9310, 690), ("C2", 1589, 8411), ("C1", 237, 9763)]
    c4 = data[0]
    assert (c4["won_pct"], c4["ci95_low"], c4["ci95_high"]) == (93.1, 92.59, 93.58)
    assert [r["fewest"] for r in data] == [7700, 1373, 237]
    assert (c4["fewest_pct"], c4["fewest_ci95_low"], c4["fewest_ci95_high"]) == (77, 76.16, 77.81)
    result = run("stats", "--report", "--atlas", "--cells", "1", "--deals", "1-10,20-29")
    assert result.output.splitlines()[:3] == [
        "variant      deals    won    won_pct    ci95_low    ci95_high    fewest",
        "---------  -------  -----  ---------  ----------  -----------  --------",
        "C1              20      0          0           0        16.11         0"]


@pytest.mark.parametrize("args, code, message", [
    (["--atlas"], 2, "--atlas goes with --report"),
    (["--report", "--atlas", "--game", "eh"], 2, "harp stats --game eh --deals LIST --solve"),
    (["--report", "--atlas", "--deals", "0-5"], 2, "bad deal range"),
])
def test_stats_atlas_misuse(args, code, message):
    result = run("stats", *args)
    assert result.exit_code == code
    assert message in result.output


def test_a_deal_outside_the_atlas_is_decided_by_the_solver(tmp_path, monkeypatch):
    small = Atlas("SH", 1, 30, {v: seahaven_atlas().bits[v][:4] for v in ("C4", "C2", "C1")})
    path = tmp_path / "atlas.bin"
    path.write_bytes(encode_atlas(small))
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    assert run("decode", "SH1-C4-AAAAAJ2").output.splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell no (solver)", "fewest cells: 4"]
    assert run("decode", "SH1-C4-AAAAAAV").output.splitlines()[-2:] == [
        "winnable: 4 cells no, 2 cells no, 1 cell no (atlas)", "fewest cells: none"]
    assert run("deal", "SH1-C4-AAAAAJ2").output.splitlines()[-1] == \
        "Winnable  4 cells yes, 2 cells no, 1 cell no"
    for _ in range(5):
        _, number, _ = dealt(run("deal", "--random", "--game", "sh", "--winnable"))
        assert number <= 30


def _spoil(path, how: str) -> str:
    """Put a damaged atlas, a folder or nothing at ``path``; the reason the
    error gives."""
    if how == "damaged":
        data = harp.atlas.DEFAULT_PATH.read_bytes()
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 0x40]))
        return "damaged atlas (Error -3 while decompressing data: incorrect data check)"
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
    error = (f"Error: the Seahaven atlas cannot be used ({reason}): reinstall harp to repair "
             f"it; the file is {path}")
    board_alone = " (harp show SH1-C4-AAAAAJ2 prints the board alone)"
    for args, suffix in ((["deal", "SH1-C4-AAAAAJ2"], board_alone),
                         (["deal", "SH1-C4-AAAAAJ2", "--json"], board_alone),
                         (["decode", "SH1-C4-AAAAAJ2"], ""),
                         (["stats", "--report", "--atlas", "--deals", "1-10"], ""),
                         (["deal", "--random", "--winnable", "--game", "sh"], "")):
        result = run(*args)
        assert (result.exit_code, result.stdout, result.stderr) == (1, "", error + suffix + "\n")
    for args in (["deal", "EH1-N-AAAAAAF"], ["show", "SH1-C4-AAAAAJ2"],
                 ["decode", "SH1-C1-AAAAAJ2", "--solve"]):
        assert run(*args).exit_code == 0


def test_json_fewest_cells_is_a_number_or_null_never_a_word(tmp_path, monkeypatch):
    """An unknown verdict leaves fewest_cells out: null means not winnable."""
    small = Atlas("SH", 1, 30, {v: seahaven_atlas().bits[v][:4] for v in ("C4", "C2", "C1")})
    path = tmp_path / "atlas.bin"
    path.write_bytes(encode_atlas(small))
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    monkeypatch.setattr(harp.winnable, "decide",
                        lambda code, timeout=0: harp.winnable.Verdict("unknown", "solver"))
    data = json.loads(run("deal", "SH1-C4-AAAAAJ2", "--json").stdout)
    assert data["winnable"] == {"C4": None, "C2": None, "C1": None}
    assert "fewest_cells" not in data
    assert json.loads(run("deal", "SH1-C4-AAAAAAV", "--json").stdout)["fewest_cells"] is None


