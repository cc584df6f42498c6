"""Building the Seahaven atlas from a ``harp stats --solve`` store, and the atlases' tables.

The atlas (:mod:`harp.atlas`) is built only from complete data: every deal
of the range, in every variant, must have a solver verdict in the store,
``solved`` or ``unsolvable``.  A missing deal or an ``unknown`` refuses the
build, naming the first few.  The store is opened read-only.

Rebuild the packaged file (after ``harp stats --game sh --cells C --deals
1-999999 --solve --db atlas.db`` for C = 1, 2, 4)::

    python -m harp.analysis.atlas build --db atlas.db --out harp/data/atlas-sh1.bin
    python -m harp.analysis.atlas check harp/data/atlas-sh1.bin

The tables of ``harp stats --report --atlas`` come from here too: win rates
with 95 % Wilson score intervals, and the difficulty table (the fewest cells
a deal needs).  So does the writing of every atlas file, the Easy Harp
one's too (:func:`write_file`): a file already at its name is replaced only
if its header says it is the same kind of file (:func:`kind_of`).
"""
from __future__ import annotations

import argparse
import errno
import json
import math
import os
import sqlite3
import sys
import urllib.parse
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from harp.atlas import (HEADER_LIMIT, MAGIC, Atlas, AtlasError, cells_of, encode_atlas, read_atlas,
                        read_bytes)
from harp.atomicfile import AtomicFile, check_writable
from harp.deals import MAX_DEAL, SEAHAVEN, VARIANTS
from harp.ehatlas import KIND as EH_KIND
from harp.ehatlas import LOST, UNKNOWN, VERDICTS, WON, EasyHarpAtlas
from harp.errors import clip, shown

from .pieces import KIND as PIECE_KIND
from .scoring import median_of_counts, pct_down, won_pct

#: 95 % two-sided normal quantile.
Z95 = 1.959963984540054
SHOWN_MISSING = 5
#: The Seahaven atlas's kind: its header, the first of the frame, names
#: none, only its game.
SEAHAVEN_KIND = "seahaven-atlas"
#: How messages name each kind of harp data file.
TITLES = {EH_KIND: "an Easy Harp atlas", PIECE_KIND: "an Easy Harp atlas piece",
          SEAHAVEN_KIND: "a Seahaven atlas"}
#: The most bytes read of a file to find its header (a few hundred in
#: practice): as many as a header may take (harp.atlas).
HEADER_BYTES = HEADER_LIMIT


# ------------------------------------------------------------------ building

def atlas_from_store(db: str, first: int = 1, last: int = MAX_DEAL,
                     variants: Iterable[str] = VARIANTS[SEAHAVEN]) -> Atlas:
    """The atlas of deals ``first``-``last`` from the solve results in the
    SQLite store ``db`` (opened read-only); AtlasError if any deal of any
    variant is missing or ``unknown``."""
    if not os.path.isfile(db):
        raise AtlasError(f"no store at {shown(str(db))}")
    # Quoted: a name holding "?", "#" or "%" would name another file.
    uri = f"file:{urllib.parse.quote(os.path.abspath(db))}?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    bits, problems = {}, []
    try:
        for variant in variants:
            try:
                bits[variant] = _variant_bits(connection, variant, first, last)
            except AtlasError as err:
                problems.append(str(err))
    finally:
        connection.close()
    if problems:
        raise AtlasError(f"cannot build the atlas of deals {first}-{last}: "
                         + "; ".join(problems) + "; every deal needs a solver verdict")
    return Atlas(SEAHAVEN, first, last, bits)


def _variant_bits(connection: sqlite3.Connection, variant: str, first: int, last: int) -> bytes:
    size = last - first + 1
    won, seen = bytearray((size + 7) // 8), bytearray(size)
    unknown: list[int] = []
    rows = connection.execute(
        "SELECT deal, data FROM results WHERE game=? AND variant=? AND kind='solve' "
        "AND deal BETWEEN ? AND ?", (SEAHAVEN, variant, first, last))
    for deal, data in rows:
        outcome = json.loads(data)["outcome"]
        i = deal - first
        seen[i] = 1
        if outcome == "solved":
            won[i >> 3] |= 1 << (i & 7)
        elif outcome != "unsolvable":
            unknown.append(deal)
    missing = [first + i for i, s in enumerate(seen) if not s]
    problems = []
    for what, deals in (("missing", missing), ("unknown", sorted(unknown))):
        if deals:
            shown = ", ".join(map(str, deals[:SHOWN_MISSING]))
            more = f" and {len(deals) - SHOWN_MISSING} more" if len(deals) > SHOWN_MISSING else ""
            problems.append(f"{len(deals)} {what} ({shown}{more})")
    if problems:
        raise AtlasError(f"{variant} has " + " and ".join(problems))
    return bytes(won)


def write_atlas(atlas: Atlas, out: str | Path, compression: str = "zlib") -> int:
    """Write the atlas file atomically (a temporary file, then a rename),
    making its folder; return its size in bytes."""
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    return write_file(encode_atlas(atlas, compression), out, SEAHAVEN_KIND)


def write_file(data: bytes, out: str | Path, kind: str) -> int:
    """Write the bytes of a harp data file of ``kind`` atomically (a
    temporary file, then a rename) over a file of that kind or a new name
    (:func:`check_replaceable`); return its size."""
    check_replaceable(out, kind)
    with AtomicFile(Path(out), mode=0o644) as handle:
        handle.write(data)
    return len(data)


# ------------------------------------------------------------------ kinds of file

def kind_of(data: bytes) -> str | None:
    """The kind of harp data file whose bytes begin with ``data`` (a key
    of :data:`TITLES`, or a kind a later harp names), judged by its header
    alone; None if it has no readable header."""
    if not data.startswith(MAGIC):
        return None
    end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC):end if end >= 0 else None])
    except (ValueError, RecursionError):
        return None
    if not isinstance(header, dict):
        return None
    if "kind" not in header and header.get("game") == SEAHAVEN and "variants" in header:
        return SEAHAVEN_KIND
    kind = header.get("kind")
    return kind if isinstance(kind, str) else None


def other_kind(found: str | None, kind: str) -> str:
    """What a file of kind ``found`` is, said against ``kind``: ``a
    Seahaven atlas, not an Easy Harp atlas``; ``not an Easy Harp atlas``."""
    if found is None:
        return f"not {TITLES[kind]}"
    return f"{TITLES.get(found, f'a {found!r} file')}, not {TITLES[kind]}"


def read_data(path: str | Path) -> bytes:
    """A data file's bytes; OSError if it cannot be read, a folder said as
    the record files say it."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file", clip(str(path), 200))
    return read_bytes(path, shown(str(path)))      # a pipe or device refused unopened


def check_replaceable(out: str | Path, kind: str) -> None:
    """Refuse, before any work, to write ``out`` where it cannot be
    written, as every file harp writes is checked (OSError: a folder that
    exists and takes new files, no folder, pipe or device in its place; a
    pipe is never opened, which would wait for a writer), or where the
    file would damage another: a file already there must be a harp data
    file of ``kind`` (AtlasError): an atlas replaces an atlas of its game,
    never a document that happened to have the name."""
    check_writable(out)
    try:
        with open(out, "rb") as handle:
            found = kind_of(handle.read(HEADER_BYTES))
    except FileNotFoundError:
        return
    if found != kind:
        raise AtlasError(f"cannot write {shown(str(out))}: it is {other_kind(found, kind)} "
                         "(harp replaces no other file)")


# ------------------------------------------------------------------ checks

def implication_violations(atlas: Atlas, fewer: str, more: str) -> list[int]:
    """Deals won with the ``fewer``-cell variant but not with ``more`` cells."""
    broken = atlas.segment(fewer, atlas.first, atlas.last) \
        & ~atlas.segment(more, atlas.first, atlas.last)
    deals = []
    while broken:
        low = broken & -broken
        deals.append(atlas.first + low.bit_length() - 1)
        broken ^= low
    return deals


# ------------------------------------------------------------------ tables

def wilson_interval(won: int, deals: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``won / deals``."""
    if deals == 0:
        return 0.0, 1.0
    p = won / deals
    scale = 1 + z * z / deals
    centre = (p + z * z / (2 * deals)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals))
    return max(0.0, centre - half), min(1.0, centre + half)


def interval_pct(low: float, high: float) -> dict[str, float]:
    """A Wilson interval in %, rounded *outward* to 0.01 % (the low end
    down, the high end up), so that it still holds the share as
    :func:`won_pct` shows it: 149 998 won of 150 000 reads 99.99, within
    99.99-100, never a low end of 100."""
    return {"ci95_low": math.floor(10_000 * low + 1e-9) / 100,
            "ci95_high": math.ceil(10_000 * high - 1e-9) / 100}


def runs_of(deals: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted deal numbers as ``(first, last)`` runs: 1,2,3,7 -> (1, 3), (7, 7)."""
    runs: list[tuple[int, int]] = []
    for deal in sorted(set(deals)):
        if runs and deal == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], deal)
        else:
            runs.append((deal, deal))
    return runs


def win_rate_rows(atlas: Atlas, runs: list[tuple[int, int]],
                  variants: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Per variant (most cells first): deals, won, unsolvable, won % and
    its 95 % Wilson interval."""
    deals = sum(last - first + 1 for first, last in runs)
    rows = []
    for variant in variants or sorted(atlas.variants, key=cells_of, reverse=True):
        won = sum(atlas.segment(variant, first, last).bit_count() for first, last in runs)
        low, high = wilson_interval(won, deals)
        rows.append({"game": atlas.game, "variant": variant, "deals": deals, "won": won,
                     "unsolvable": deals - won, "won_pct": won_pct(won, deals),
                     **interval_pct(low, high)})
    return rows


def difficulty_rows(atlas: Atlas, runs: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """The fewest cells each deal needs: won with 1, needing 2, needing 4,
    not winnable; deals, share and its 95 % Wilson interval."""
    counts: dict[int | None, int] = {}
    for first, last in runs:
        for cells, n in atlas.difficulty(first, last).items():
            counts[cells] = counts.get(cells, 0) + n
    deals = sum(counts.values())
    rows = []
    for cells, n in counts.items():
        low, high = wilson_interval(n, deals)
        label = ("not winnable" if cells is None else
                 "won with 1 cell" if cells == 1 else f"needs {cells} cells")
        rows.append({"game": atlas.game, "fewest_cells": cells, "difficulty": label,
                     "deals": n, "pct": pct_down(n, deals, 2),
                     **interval_pct(low, high)})
    return rows


def atlas_rows(atlas: Atlas, runs: list[tuple[int, int]],
               variants: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """One table of both: per variant, its win rate (:func:`win_rate_rows`)
    and the deals whose fewest cells are this variant's (``fewest``, with
    its share and 95 % interval: won with 1 cell, needing 2, needing 4); the
    deals no variant wins are those outside the three ``fewest``, not the
    4-cell variant's ``unsolvable`` (a 1-cell win can be a 4-cell loss)."""
    fewest = {row["fewest_cells"]: row for row in difficulty_rows(atlas, runs)}
    rows = []
    for row in win_rate_rows(atlas, runs, variants):
        share = fewest.get(cells_of(row["variant"]), {})
        rows.append({**row, "fewest": share.get("deals", 0), "fewest_pct": share.get("pct", 0.0),
                     "fewest_ci95_low": share.get("ci95_low", 0.0),
                     "fewest_ci95_high": share.get("ci95_high", 0.0)})
    return rows


#: The Easy Harp table's row of the deals with no difficulty (lost or unknown).
NO_DIFFICULTY = -1


def eh_atlas_rows(atlas: EasyHarpAtlas, runs: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """The Easy Harp atlas's table: per difficulty of the won deals (log10
    of the positions to the win, by whole decades) the deals, then the
    deals proved lost and unknown, which have no difficulty (row
    ``none``, as ``harp deal --difficulty`` says), each row with the win
    rate and its 95 % Wilson interval and the median line length; the
    last row is every deal of ``runs``."""
    seen: Counter[tuple[int, int, int]] = Counter()       # (verdict, difficulty, length)
    lengths = atlas.line_lengths()
    for first, last in runs:
        lo, hi = first - atlas.first, last - atlas.first + 1
        seen.update(zip(atlas.verdicts[lo:hi], atlas.difficulties[lo:hi], lengths[lo:hi]))
    groups: dict[int | None, tuple[Counter[str], Counter[int]]] = {}
    for (code, tenths, length), n in seen.items():
        verdict = VERDICTS[code]
        for key in (tenths // 10 if verdict == WON else NO_DIFFICULTY, None):
            counts, won_lengths = groups.setdefault(key, (Counter(), Counter()))
            counts[verdict] += n
            if verdict == WON:
                won_lengths[length] += n
    rows = []
    for key in sorted(groups, key=lambda k: (k is None, k == NO_DIFFICULTY, k or 0)):
        counts, won_lengths = groups[key]
        deals = sum(counts.values())
        low, high = wilson_interval(counts[WON], deals)
        name = "all" if key is None else "none" if key == NO_DIFFICULTY else f"{key}.0-{key}.9"
        rows.append({"difficulty": name,
                     "deals": deals, "won": counts[WON], "lost": counts[LOST],
                     "unknown": counts[UNKNOWN], "won_pct": won_pct(counts[WON], deals),
                     **interval_pct(low, high),
                     "median_length": median_of_counts(won_lengths)})
    return rows


def check_covers(atlas: Atlas | EasyHarpAtlas, runs: list[tuple[int, int]]) -> None:
    """AtlasError unless every deal of ``runs`` is in the atlas."""
    outside = [f"{a}-{b}" if a != b else str(a) for a, b in runs
               if not (atlas.covers(a) and atlas.covers(b))]
    if outside:
        raise AtlasError(f"deals {', '.join(outside[:3])} are not all in the atlas "
                         f"(deals {atlas.first}-{atlas.last})")


# ------------------------------------------------------------------ python -m harp.analysis.atlas

def _parse_range(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range N-M") from None
    if not 1 <= low <= high <= MAX_DEAL:
        raise argparse.ArgumentTypeError(f"{text!r}: deals run from 1 to {MAX_DEAL}, low to high")
    return low, high


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harp.analysis.atlas",
                                     description="Build or check the Seahaven atlas.")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="Build an atlas file from a harp stats store.")
    build.add_argument("--db", required=True, help="SQLite store of harp stats --solve.")
    build.add_argument("--out", required=True, help="The atlas file to write.")
    build.add_argument("--deals", type=_parse_range, default=(1, MAX_DEAL),
                       help=f"Deal range N-M [default: 1-{MAX_DEAL}].")
    build.add_argument("--compression", choices=("lzma", "zlib", "none"), default="zlib",
                       help="zlib [default] loads in about 3 ms, lzma in about 25 ms and is "
                            "about 10 %% smaller.")
    check = commands.add_parser("check", help="Read an atlas file and print its figures.")
    check.add_argument("path")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            first, last = args.deals
            size = write_atlas(atlas_from_store(args.db, first, last), args.out,
                               args.compression)
            print(f"wrote {shown(str(args.out))}: deals {first}-{last}, {size} bytes")
            args.path = args.out
        _print_check(read_atlas(args.path))
    except AtlasError as err:
        print(f"Error: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"Error: cannot open {shown(str(err.filename))}: {err.strerror}", file=sys.stderr)
        return 1
    return 0


def _print_check(atlas: Atlas) -> None:
    runs = [(atlas.first, atlas.last)]
    for row in win_rate_rows(atlas, runs):
        print(f"{row['variant']}: {row['won']} won of {row['deals']} ({row['won_pct']} %)")
    for fewer, more in (("C2", "C4"), ("C1", "C2"), ("C1", "C4")):
        broken = implication_violations(atlas, fewer, more)
        print(f"won with {cells_of(fewer)} but not {cells_of(more)} cells: {len(broken)}"
              + (f" (deals {', '.join(map(str, broken[:20]))}"
                 f"{' ...' if len(broken) > 20 else ''})" if broken else ""))


if __name__ == "__main__":
    sys.exit(main())
