"""The Seahaven atlas: its file format, its builder, and the packaged data,
checked rather than trusted (re-solved samples, the cells implication, the
README's win rates)."""
from __future__ import annotations

import json
import math
import os
import random
import re
import sqlite3
from pathlib import Path

import pytest

from harp.analysis.atlas import (atlas_from_store, difficulty_rows, implication_violations,
                                 main, runs_of, wilson_interval, win_rate_rows, write_atlas)
from harp.analysis.stats import solve_facts
from harp.analysis.store import ResultStore
import harp.atlas
from harp.atlas import Atlas, AtlasError, decode_atlas, encode_atlas, read_atlas, seahaven_atlas
from harp.deals import make_code
from harp.solve import SolveLimits

from helpers import refused, resealed, unblocked

SAMPLE_PER_VARIANT = 200
# Generous limits: a sampled deal is decided, never "unknown" (the hardest
# deal of 1-10000 takes about 130 000 positions with 4 cells).
RESOLVE_LIMITS = SolveLimits(max_states=20_000_000, timeout=None)


def bitset(won: set[int], first: int, last: int) -> bytes:
    data = bytearray((last - first + 8) // 8)
    for deal in won:
        i = deal - first
        data[i >> 3] |= 1 << (i & 7)
    return bytes(data)


def small_atlas(first: int = 5, last: int = 30) -> Atlas:
    """C4 wins deals divisible by 2 or 3, C2 those by 6, C1 those by 12 (and 25)."""
    deals = range(first, last + 1)
    won = {"C4": {d for d in deals if d % 2 == 0 or d % 3 == 0 or d == 25},
           "C2": {d for d in deals if d % 6 == 0},
           "C1": {d for d in deals if d % 12 == 0 or d == 25}}
    return Atlas("SH", first, last, {v: bitset(w, first, last) for v, w in won.items()})


# ------------------------------------------------------------------ the format

@pytest.mark.parametrize("compression", ["lzma", "zlib", "none"])
def test_encode_decode_round_trip(compression):
    atlas = small_atlas()
    again = decode_atlas(encode_atlas(atlas, compression))
    assert again == atlas
    assert again.variants == ("C1", "C2", "C4")
    assert [d for d in range(5, 31) if again.won("C2", d)] == [6, 12, 18, 24, 30]


def test_lookups_and_ranges_across_byte_boundaries():
    atlas = small_atlas()
    assert atlas.verdicts(12) == {"C1": True, "C2": True, "C4": True}
    assert atlas.fewest_cells(12) == 1 and atlas.fewest_cells(18) == 2
    assert atlas.fewest_cells(9) == 4 and atlas.fewest_cells(7) is None
    assert atlas.fewest_cells(25) == 1          # won with 1 cell, not with 2
    for first, last in ((5, 30), (6, 13), (13, 13), (14, 29)):
        bits = atlas.segment("C4", first, last)
        assert [first + k for k in range(last - first + 1) if bits >> k & 1] == \
            [d for d in range(first, last + 1) if atlas.won("C4", d)]
    assert atlas.difficulty(5, 30) == {1: 3, 2: 3, 4: 12, None: 8}
    with pytest.raises(AtlasError, match="deal 31 is not in the atlas"):
        atlas.won("C4", 31)


def test_random_deal_draws_only_and_every_matching_deal():
    atlas = small_atlas()
    rng = random.Random(3)
    for variant, winnable, fewest in (("C4", True, None), ("C4", False, None),
                                      ("C4", True, 2), ("C2", True, 1), ("C1", True, None)):
        wanted = {d for d in range(5, 31) if atlas.won(variant, d) == winnable
                  and (fewest is None or atlas.fewest_cells(d) == fewest)}
        drawn = {atlas.random_deal(rng, variant, winnable, fewest) for _ in range(400)}
        assert drawn == wanted, (variant, winnable, fewest)
    with pytest.raises(AtlasError, match="no deal of the atlas is winnable with 1 cell"):
        atlas.random_deal(rng, "C1", True, 4)


@pytest.mark.parametrize("damage, message", [
    (lambda data: b"NOT-AN-ATLAS\n" + data, "not a harp atlas"),
    (lambda data: data[:-10], "damaged atlas"),
    (lambda data: data[:-1] + bytes([data[-1] ^ 1]), "damaged atlas"),
    (lambda data: data.split(b"\n")[0] + b"\n", "damaged atlas header"),
    (lambda data: resealed(data, lambda h: {**h, "format": 2}), "atlas format 2"),
    (lambda data: resealed(data, lambda h: {**h, "won": {**h["won"], "C2": 6}}),
     "won count of C2"),
    (lambda data: data.replace(b'"format":1', b'"format":2'), "SHA-256 of its header"),
    (lambda data: data.replace(b'"first":5', b'"first":6'), "SHA-256 of its header"),
    (lambda data: data.replace(b'"frame":2', b'"frame":3'), r"damaged atlas header \(frame 3\)"),
    (lambda data: data.replace(b'"sha256":"', b'"sha256":"0'), "SHA-256"),
    (lambda data: resealed(data, lambda h: {**h, "first": "x"}), "damaged atlas header"),
    (lambda data: data.replace(b'"compression":"zlib"', b'"compression":"lzma"'),
     "damaged atlas"),
])
def test_a_damaged_file_is_refused(damage, message):
    data = encode_atlas(small_atlas(), "zlib")
    damaged = damage(data)
    assert damaged != data
    with pytest.raises(AtlasError, match=message):
        decode_atlas(damaged, "test.bin")


@pytest.mark.parametrize("compression", ["zlib", "lzma"])
@pytest.mark.parametrize("damage, reason", [
    (lambda data: data[:-1] + bytes([data[-1] ^ 0x40]), "its compressed data is corrupt"),
    (lambda data: data + b"junk", "4 bytes after its compressed data"),
    (lambda data: data + data[data.index(b"\n", 11) + 1:], "bytes after its compressed data"),
    (lambda data: data + b"\0", "1 byte after its compressed data"),
    (lambda data: data[:-10], "its compressed data is cut short"),
])
def test_compressed_data_must_be_whole_and_alone(compression, damage, reason):
    """A damaged file is refused in harp's words, and bytes after the
    compressed data (which zlib alone ignores) are refused too."""
    with pytest.raises(AtlasError, match=r"^test\.bin: damaged atlas \((\d+ )?"
                                         + re.escape(reason) + r"\)$"):
        decode_atlas(damage(encode_atlas(small_atlas(), compression)), "test.bin")


def with_header(data: bytes, **changes: object) -> bytes:
    """An atlas file's bytes with fields of its header changed and sealed
    again (:func:`resealed`): what the fields' own checks must refuse."""
    return resealed(data, lambda header: {**header, **changes})


WON = {"C4": 18, "C2": 5, "C1": 3}


@pytest.mark.parametrize("changes, reason", [
    ({"format": "1"}, "'format' must be a whole number"),
    ({"first": "5"}, "'first' must be a whole number"),
    ({"first": 5.0}, "'first' must be a whole number"),
    ({"game": 5}, "'game' must be a string"),
    ({"dealing_version": True}, "'dealing_version' must be a whole number"),
    ({"compression": ["zlib"]}, "'compression' must be a string"),
    ({"variants": "C1C2C4"}, "'variants' must be a list"),
    ({"variants": ["C1", "C2", "X4"], "won": {"C1": 3, "C2": 5, "X4": 18}},
     "'variants' must be some of C4, C2, C1, each once"),
    ({"variants": ["C1", "C1", "C4"]}, "'variants' must be some of C4, C2, C1, each once"),
    ({"won": [[variant, count] for variant, count in WON.items()]}, "'won' must be an object"),
    ({"won": {**WON, "C4": 18.0}}, "'won' must be a whole number for each variant"),
    ({"pad": "x" * harp.atlas.HEADER_LIMIT},
     f"longer than {harp.atlas.HEADER_LIMIT} bytes"),
])
def test_a_damaged_header_is_refused_never_believed(changes, reason):
    """Beyond the hash (which covers only the payload of frame-1 files)
    each header field is checked, of
    its JSON type and in range, so that a damaged one is an AtlasError in
    one line (it was believed: "5" as deal 5, a list of pairs as counts),
    never a traceback later."""
    data = encode_atlas(small_atlas(), "zlib")
    assert json.loads(data.split(b"\n")[1])["won"] == WON
    with pytest.raises(AtlasError, match="^" + re.escape(f"test.bin: damaged atlas header "
                                                         f"({reason})") + "$"):
        decode_atlas(with_header(data, **changes), "test.bin")


@pytest.mark.parametrize("data, reason", [
    (encode_atlas(Atlas("SH", 999_990, 1_000_000, {"C4": bytes(2)})), " (deals 999990-1000000)"),
    (harp.atlas.MAGIC + b"[" * 20_000 + b"]" * 20_000 + b"\n", ""),
    (harp.atlas.MAGIC + b"[" * 100_000 + b"]" * 100_000 + b"\n",
     f" (longer than {harp.atlas.HEADER_LIMIT} bytes)"),
])
def test_a_header_of_no_deals_or_nested_too_deep_is_refused(data, reason):
    """Deals run from 1 to 999 999 (RULES B1); JSON nested too deep for the
    parser was a RecursionError."""
    with pytest.raises(AtlasError, match="^" + re.escape(f"test.bin: damaged atlas header{reason}")
                       + "$"):
        decode_atlas(data, "test.bin")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_pipe_or_a_device_is_never_opened(tmp_path, monkeypatch, kind):
    """A named pipe waited for ever for a writer, /dev/zero filled memory:
    only a regular file is read, the packaged atlas too."""
    path = tmp_path / "atlas-sh1.bin"
    if kind == "fifo":
        os.mkfifo(path)
        unblocked(path)
    else:
        path.symlink_to(os.devnull)
    with pytest.raises(OSError, match="^" + re.escape(f"[Errno 22] not a regular file: '{path}'")):
        read_atlas(path)
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    with pytest.raises(AtlasError, match="^" + re.escape(
            "the Seahaven atlas cannot be used (not a regular file): reinstall harp to repair "
            f"it; the file is {path}") + "$"):
        seahaven_atlas()
    refused(["decode", "SH1-C4-AAAAAJ2"], 1, "the Seahaven atlas cannot be used (not a "
            f"regular file): reinstall harp to repair it; the file is {path}")


def test_a_file_larger_than_any_atlas_is_never_read_whole(tmp_path, monkeypatch):
    """A file's size, or what is read of one whose size says nothing (a
    file of /proc), past FILE_LIMIT is refused."""
    path = tmp_path / "big.bin"
    with open(path, "wb") as handle:            # sparse: no disk space taken
        handle.write(encode_atlas(small_atlas()))
        handle.truncate(harp.atlas.FILE_LIMIT + 1)
    with pytest.raises(AtlasError, match="^" + re.escape(
            f"big.bin: not a harp atlas (larger than {harp.atlas.FILE_LIMIT} bytes)") + "$"):
        read_atlas(path)
    if os.path.isfile("/proc/self/status"):
        monkeypatch.setattr(harp.atlas, "FILE_LIMIT", 16)
        with pytest.raises(AtlasError, match=r"^status: not a harp atlas \(larger than 16 "
                                             r"bytes\)$"):
            read_atlas("/proc/self/status")


def test_a_damaged_packaged_atlas_is_said_whole(tmp_path, monkeypatch):
    """The reason is short enough that the message keeps the file and the
    hint (one path of 100 characters) within the length of an error."""
    folder = tmp_path / ("x" * (100 - len(str(tmp_path)) - len("//atlas-sh1.bin")))
    folder.mkdir()
    path = folder / "atlas-sh1.bin"
    assert len(str(path)) == 100
    data = harp.atlas.DEFAULT_PATH.read_bytes()
    path.write_bytes(data[:-1] + bytes([data[-1] ^ 0x40]))
    monkeypatch.setattr(harp.atlas, "DEFAULT_PATH", path)
    refused(["deal", "SH1-C4-AAAAAJ2"], 1,
            "the Seahaven atlas cannot be used (damaged atlas (its compressed data is "
            f"corrupt)): reinstall harp to repair it; the file is {path} (harp show "
            "SH1-C4-AAAAAJ2 prints the board alone)")
    path.write_bytes(data + b"\0")
    refused(["decode", "SH1-C4-AAAAAJ2"], 1,
            "the Seahaven atlas cannot be used (damaged atlas (1 byte after its compressed "
            f"data)): reinstall harp to repair it; the file is {path}")


def test_wilson_interval():
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert runs_of([7, 1, 2, 3, 3, 9, 8]) == [(1, 3), (7, 9)]


# ------------------------------------------------------------------ the builder

def store_with(path, verdicts: dict[str, dict[int, str]]) -> None:
    with ResultStore(str(path)) as store:
        for variant, outcomes in verdicts.items():
            for deal, outcome in outcomes.items():
                store.add("SH", variant, deal, "solve", {"outcome": outcome, "length": None,
                                                         "states": 1, "seconds": 0.0})


def test_build_from_a_store_and_check(tmp_path, capsys):
    db = tmp_path / "s.db"
    store_with(db, {"C4": {1: "solved", 2: "solved", 3: "unsolvable"},
                    "C2": {1: "solved", 2: "unsolvable", 3: "unsolvable"},
                    "C1": {1: "unsolvable", 2: "unsolvable", 3: "unsolvable"}})
    atlas = atlas_from_store(str(db), 1, 3)
    assert atlas.verdicts(1) == {"C1": False, "C2": True, "C4": True}
    out = tmp_path / "data" / "a.bin"
    assert main(["build", "--db", str(db), "--out", str(out), "--deals", "1-3"]) == 0
    assert read_atlas(out) == atlas
    printed = capsys.readouterr().out
    assert "C4: 2 won of 3 (66.66 %)" in printed
    assert "won with 2 but not 4 cells: 0" in printed


def test_build_refuses_missing_and_unknown_deals(tmp_path, capsys):
    db = tmp_path / "s.db"
    store_with(db, {"C4": {1: "solved", 3: "unknown"}, "C2": {d: "solved" for d in (1, 2, 3)},
                    "C1": {d: "solved" for d in (1, 2, 3)}})
    with pytest.raises(AtlasError, match=r"^cannot build the atlas of deals 1-3: C4 has 1 missing "
                       r"\(2\) and 1 unknown \(3\); every deal needs a solver verdict$"):
        atlas_from_store(str(db), 1, 3)
    out = tmp_path / "a.bin"
    assert main(["build", "--db", str(db), "--out", str(out), "--deals", "1-3"]) == 1
    assert "cannot build the atlas" in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(AtlasError, match="no store at"):
        atlas_from_store(str(tmp_path / "none.db"))


def test_the_builder_reads_a_store_whose_name_holds_uri_characters(tmp_path):
    """"?", "#" and "%" in a name are a file's, not an SQLite URI's."""
    db = tmp_path / "s?x#1%20.db"
    store_with(db, {v: {1: "solved"} for v in ("C4", "C2", "C1")})
    assert atlas_from_store(str(db), 1, 1).verdicts(1) == {"C1": True, "C2": True, "C4": True}


def test_the_builder_opens_the_store_read_only(tmp_path):
    db = tmp_path / "s.db"
    store_with(db, {v: {1: "solved"} for v in ("C4", "C2", "C1")})
    before = db.read_bytes()
    write_atlas(atlas_from_store(str(db), 1, 1), tmp_path / "a.bin")
    assert db.read_bytes() == before
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM results").fetchone() == (3,)


# ------------------------------------------------------------------ the packaged atlas

@pytest.fixture(scope="module")
def atlas() -> Atlas:
    return seahaven_atlas()


@pytest.mark.parametrize("cells", [pytest.param(4, marks=pytest.mark.slow), 2, 1])
def test_a_seeded_sample_re_solves_to_the_atlas(atlas, cells):
    rng = random.Random(f"atlas-sample-{cells}")
    deals = rng.sample(range(atlas.first, atlas.last + 1), SAMPLE_PER_VARIANT)
    wrong = []
    for deal in deals:
        outcome = solve_facts(make_code("SH", deal, cells), RESOLVE_LIMITS)["outcome"]
        if outcome != ("solved" if atlas.won(f"C{cells}", deal) else "unsolvable"):
            wrong.append((deal, outcome))
    assert wrong == []


def test_won_with_two_cells_is_won_with_four(atlas):
    """Same columns and two more empty cells: every 2-cell win is a
    4-cell win (RULES A2.7), so a violation would be a solver bug."""
    assert implication_violations(atlas, "C2", "C4") == []


def test_the_one_cell_layout_differs(atlas):
    """With one cell the 52nd card starts on column 2, not in a cell
    (RULES A2.7), so a 1-cell win need not be a 2-cell win; the atlas
    has such deals (780 is one) and each such verdict is re-solved here."""
    odd = implication_violations(atlas, "C1", "C2")
    assert 780 in odd
    for deal in odd[:10]:
        assert solve_facts(make_code("SH", deal, 1), RESOLVE_LIMITS)["outcome"] == "solved"
        assert solve_facts(make_code("SH", deal, 2), RESOLVE_LIMITS)["outcome"] == "unsolvable"


def test_win_rates_of_deals_1_to_10000_are_the_readmes(atlas):
    rows = {row["variant"]: row["won"] for row in win_rate_rows(atlas, [(1, 10_000)])}
    assert rows == {"C4": 9310, "C2": 1589, "C1": 237}
    difficulty = {row["fewest_cells"]: row["deals"] for row in difficulty_rows(atlas, [(1, 10_000)])}
    assert difficulty == {1: 237, 2: 1589 - 237 + 21, 4: 9310 - 1589 - 21, None: 690}


def test_a_one_cell_win_can_be_a_four_cell_loss():
    """Deal 43 462 is won with 1 cell (its 52nd card on column 2 takes a
    card; RULES A2.7) but not with 4, where that card starts in a cell.
    The 4-cell "unsolvable" is confirmed by the plain exhaustive search
    over every legal action of the engine, nothing pruned."""
    from helpers import plain_solvable

    from harp import new_board
    from harp.solve import replays_to_won, solve

    one = new_board(make_code("SH", 43462, 1))
    result = solve(one, RESOLVE_LIMITS)
    assert result.outcome == "solved" and replays_to_won(one, result)
    four = new_board(make_code("SH", 43462, 4))
    assert solve(four, RESOLVE_LIMITS).outcome == "unsolvable"

    def key(board):
        return (tuple(sorted(map(tuple, board.columns))),
                tuple(sorted(c for c in board.cells if c is not None)),
                tuple(map(len, board.foundations)))
    assert plain_solvable(four, key, 3_000_000) is False


def test_the_every_deal_table_of_the_atlas_page_is_the_shipped_atlas() -> None:
    """docs/atlas.md's table of every deal, at three decimals: the share
    rounded down, the Wilson interval outward, from the shipped file."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "atlas.md").read_text("utf-8")
    shown = re.findall(r"^\| (C\d) \(\d cells?\) \| 1-999 999 \| ([\d ]+) \| ([\d ]+) \| "
                       r"([\d.]+) \| ([\d.]+)-([\d.]+) \|$", page, re.M)
    assert len(shown) == 3
    for variant, won, lost, pct, low, high in shown:
        row = win_rate_rows(seahaven_atlas(), [(1, 999_999)], [variant])[0]
        won_n = row["won"]
        assert (int(won.replace(" ", "")), int(lost.replace(" ", ""))) == (
            won_n, row["unsolvable"])
        lo, hi = wilson_interval(won_n, 999_999)
        assert float(pct) == math.floor(100_000 * won_n / 999_999) / 1000
        assert (float(low), float(high)) == (math.floor(100_000 * lo) / 1000,
                                             math.ceil(100_000 * hi) / 1000)
