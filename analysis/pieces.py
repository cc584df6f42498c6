"""The Easy Harp atlas's build, in pieces that can be committed as they finish.

The deals are cut into pieces of a fixed size, aligned from deal 1
(1-10000, 10001-20000, ...; the last one ends at deal 999 999).  A piece
being computed keeps its per-deal results in a SQLite store of its own
beside the pieces (``eh1-000001-010000.db``, the store of ``harp stats
--solve --db``), so that Ctrl-C or a killed machine loses only the deals in
flight.  When its last deal is done the piece is written, atomically, as
one small file (``eh1-000001-010000.piece``: framed as the atlas, lzma,
SHA-256-checked) and its store removed: the piece files are the build's
state, to be committed; a store lives only while its piece is computed.

A piece records, per deal, the solver's result as ``harp stats --solve``
stores it (outcome, positions in all and to the first win, what stopped
the search, line length, CPU seconds) and the limits it ran under; its
header names the deal range and the harp version.  Building again with
larger limits computes again only the ``unknown`` deals those limits go
further on (:func:`harp.analysis.stats.goes_further`), and rewrites their
pieces.  :func:`assemble` turns the contiguous pieces from deal 1 into
the shipped atlas (:mod:`harp.ehatlas`).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

from harp import __version__
from harp.atlas import AtlasError, frame, read_bytes, read_frame
from harp.atomicfile import AtomicFile
from harp.deals import EASY_HARP, MAX_DEAL, variant_name
from harp.ehatlas import CODES, OUTCOMES, EasyHarpAtlas, difficulty_code
from harp.errors import shown
from harp.solve import SolveLimits

from .stats import SOLVE, StatsPlan, goes_further, stored_limits, well_formed
from .store import ResultStore

PIECE_SIZE = 10_000
KIND = "easy-harp-piece"
FORMAT = 1
#: What messages call a piece file.
NOUN = "atlas piece"
VARIANT = variant_name(EASY_HARP, 4)
#: A stored solver result's fields a piece keeps (its limits apart).
FIELDS = ("outcome", "states", "first_win_states", "length", "draws", "score", "stopped_by",
          "cpu_seconds", "invalid_solution")
_NAME = re.compile(r"eh1-(\d{6})-(\d{6})\.piece")
VERDICT_OF = {outcome: verdict for verdict, outcome in OUTCOMES.items()}


class PieceError(AtlasError):
    """A pieces folder or piece that cannot be used."""


@dataclass(frozen=True)
class Piece:
    """The solver's results of deals ``first``-``last``, one dict a deal
    (a stored ``harp stats --solve`` result, its ``limits`` included)."""

    first: int
    last: int
    results: list[dict[str, Any]]
    #: The harp versions that computed its deals (a later pass adds its own).
    harp_versions: tuple[str, ...] = (__version__,)

    def result(self, deal: int) -> dict[str, Any]:
        return self.results[deal - self.first]

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(CODES, 0)
        for data in self.results:
            counts[VERDICT_OF[data["outcome"]]] += 1
        return counts

    def undecided(self, limits: SolveLimits) -> list[int]:
        """Its ``unknown`` deals that ``limits`` go further on."""
        return [self.first + i for i, data in enumerate(self.results)
                if data["outcome"] == "unknown" and goes_further(limits, data)]


# ------------------------------------------------------------------ ranges and names

def piece_ranges(first: int, last: int, size: int = PIECE_SIZE) -> list[tuple[int, int]]:
    """The pieces of ``size`` deals that make up deals ``first``-``last``;
    PieceError unless the range is whole pieces (the last may end at the
    last deal)."""
    if (first - 1) % size or (last % size and last != MAX_DEAL):
        # The pieces named are those there are: none past the last deal.
        pieces = [f"{a}-{min(a + size - 1, MAX_DEAL)}" for a in (1, size + 1) if a <= MAX_DEAL]
        more = f", ...; the last ends at {MAX_DEAL}" if 2 * size < MAX_DEAL else ""
        raise PieceError(f"deals {first}-{last} are not whole pieces of {size} deals "
                         f"({', '.join(pieces)}{more})")
    return [(a, min(a + size - 1, last)) for a in range(first, last + 1, size)]


def piece_path(folder: str | Path, first: int, last: int) -> Path:
    return Path(folder) / f"eh1-{first:06d}-{last:06d}.piece"


def store_path(folder: str | Path, first: int, last: int) -> Path:
    """The store that keeps a piece's results while it is computed."""
    return piece_path(folder, first, last).with_suffix(".db")


def pieces_in(folder: str | Path) -> list[tuple[int, int, Path]]:
    """The piece files of a folder, by first deal: (first, last, path).
    PieceError if two of them share deals (pieces of two cuts, or a copy
    of another folder's): which one holds a deal's verdict would be a
    guess, and the atlas, its status and its unknown deals must not
    depend on one."""
    folder = Path(folder)
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise PieceError(f"no pieces folder at {shown(str(folder))}: it {what}")
    found = []
    for path in folder.iterdir():
        if (match := _NAME.fullmatch(path.name)) is not None:
            found.append((int(match[1]), int(match[2]), path))
    found.sort()
    for (_, last, path), (first, _, later) in zip(found, found[1:]):
        if first <= last:
            raise PieceError(f"{path.name} and {later.name} in {shown(str(folder))} share deals: "
                             "a folder holds the pieces of one cut (move one of them away)")
    return found


def contiguous_reach(folder: str | Path) -> tuple[int, int | None]:
    """The last deal of the pieces contiguous from deal 1 (0 if there is
    no piece of deal 1), and the first deal of the next piece, left out
    of an atlas for the gap before it (None if there is none), read from
    the file names alone."""
    following, after = 1, None
    for first, last, _ in pieces_in(folder):
        if first != following:
            after = first
            break
        following = last + 1
    return following - 1, after


#: The store of a piece being computed (:func:`store_path`).
_STORE_NAME = re.compile(r"eh1-(\d{6})-(\d{6})\.db")


def check_fits(folder: str | Path, first: int, last: int) -> None:
    """PieceError if a piece of another cut, or the store a stopped run
    left for one, overlaps deals ``first``-``last`` (a store of another
    cut would be passed by, its deals computed again, and kept for good)."""
    stores = [(int(match[1]), int(match[2]), path) for path in Path(folder).iterdir()
              if (match := _STORE_NAME.fullmatch(path.name)) is not None]
    for a, b, path in [*pieces_in(folder), *sorted(stores)]:
        if a <= last and first <= b and (a, b) != (first, last):
            kind = "the store of a stopped run" if path.suffix == ".db" else "a piece"
            raise PieceError(f"{shown(str(path))} ({kind}) overlaps the piece of deals "
                             f"{first}-{last}: give the --piece-size the folder was built with")


# ------------------------------------------------------------------ piece files

def encode_piece(piece: Piece) -> bytes:
    limits = list({json.dumps(d["limits"], sort_keys=True): d["limits"]
                   for d in piece.results}.values())
    index = {json.dumps(limit, sort_keys=True): i for i, limit in enumerate(limits)}
    columns = {name: [d.get(name) for d in piece.results] for name in FIELDS}
    columns["limits"] = [index[json.dumps(d["limits"], sort_keys=True)] for d in piece.results]
    header = {"format": FORMAT, "kind": KIND, "game": EASY_HARP, "first": piece.first,
              "last": piece.last, "harp_versions": list(piece.harp_versions), "limits": limits,
              "counts": piece.counts()}
    return frame(header, json.dumps(columns, separators=(",", ":")).encode(), "lzma")


def decode_piece(data: bytes, name: str) -> Piece:
    header, payload = read_frame(data, name, ("format", "kind", "first", "last",
                                              "harp_versions", "limits", "counts"), NOUN)
    if header["kind"] != KIND or header["format"] != FORMAT:
        raise PieceError(f"{name}: not an Easy Harp atlas piece of format {FORMAT}")
    try:
        columns = json.loads(payload)
        size = header["last"] - header["first"] + 1
        limits = [columns["limits"][i] for i in range(size)]
        results = [{"limits": header["limits"][k],
                    **{f: columns[f][i] for f in FIELDS if columns[f][i] is not None}}
                   for i, k in enumerate(limits)]
        piece = Piece(header["first"], header["last"], results,
                      tuple(map(str, header["harp_versions"])))
        counts = piece.counts()
    except (ValueError, KeyError, IndexError, TypeError):
        raise PieceError(f"{name}: damaged {NOUN}") from None
    if counts != header["counts"]:
        raise PieceError(f"{name}: damaged {NOUN} (the counts of verdicts do not match)")
    known = [stored_limits({"limits": each}) is not None for each in header["limits"]]
    wrong = next((piece.first + i for i, (data, k) in enumerate(zip(results, limits))
                  if not (known[k] and well_formed(SOLVE, data, limits_checked=True))), None)
    if wrong is not None:
        raise PieceError(f"{name}: damaged {NOUN} (the result of deal {wrong})")
    return piece


def read_piece(path: str | Path) -> Piece:
    """The piece in the file ``path``; PieceError if it is damaged, or if
    its name says other deals than its header (a piece copied under
    another piece's name would be taken for that range)."""
    try:
        data = read_bytes(path, shown(str(path)), NOUN)   # a pipe or device refused unopened
    except OSError as err:
        raise PieceError(f"cannot read {shown(str(path))}: {err.strerror}") from None
    name = shown(str(path))                  # with its folder, as the user gave it
    piece = decode_piece(data, name)
    named = _NAME.fullmatch(Path(path).name)
    if named is not None and (int(named[1]), int(named[2])) != (piece.first, piece.last):
        raise PieceError(f"{name}: it holds deals {piece.first}-{piece.last}, not "
                         f"{int(named[1])}-{int(named[2])} as its name says (the piece of "
                         f"deals {piece.first}-{piece.last} is named "
                         f"{piece_path('.', piece.first, piece.last).name})")
    return piece


def write_piece(path: str | Path, piece: Piece) -> None:
    with AtomicFile(Path(path), mode=0o644) as handle:
        handle.write(encode_piece(piece))


# ------------------------------------------------------------------ the store of a piece

def piece_plan(first: int, last: int, limits: SolveLimits) -> StatsPlan:
    """The ``harp stats --solve`` plan of a piece's deals."""
    return StatsPlan(EASY_HARP, 4, list(range(first, last + 1)), (SOLVE,), limits)


def seed_store(store: ResultStore, piece: Piece) -> None:
    """Put a piece's results into its store, so that a run under larger
    limits computes only its ``unknown`` deals (a result stored already stays)."""
    for deal in range(piece.first, piece.last + 1):
        store.add(EASY_HARP, VARIANT, deal, SOLVE, piece.result(deal))
    store.flush()


def piece_from_store(store: ResultStore, first: int, last: int,
                     before: Piece | None = None) -> Piece:
    """The piece of deals ``first``-``last`` from its store (``before``:
    the piece it was seeded from, whose harp versions it keeps);
    PieceError if a deal is missing."""
    results: list[dict[str, Any] | None] = [None] * (last - first + 1)
    for _, _, deal, _, data in store.results(EASY_HARP, VARIANT, SOLVE):
        if first <= deal <= last:
            results[deal - first] = data
    missing = [first + i for i, data in enumerate(results) if data is None]
    if missing:
        raise PieceError(f"{store.name}: {len(missing)} deals of {first}-{last} are missing "
                         f"(the first is {missing[0]})")
    versions = tuple(dict.fromkeys((*(before.harp_versions if before else ()), __version__)))
    return Piece(first, last, results, versions)       # type: ignore[arg-type]


# ------------------------------------------------------------------ the atlas

def contiguous(folder: str | Path) -> Iterator[Piece]:
    """The pieces from deal 1 on, each starting where the last ended."""
    following = 1
    for first, last, path in pieces_in(folder):
        if first != following:
            break
        yield read_piece(path)
        following = last + 1


def measures(data: dict[str, Any]) -> tuple[str, int, int | None]:
    """What the atlas keeps of a solver result: its verdict, the
    difficulty code of its positions to the verdict, its line's length."""
    positions = data.get("first_win_states") or data["states"]
    return VERDICT_OF[data["outcome"]], difficulty_code(positions), data.get("length")


def assemble(folder: str | Path) -> EasyHarpAtlas:
    """The atlas of the contiguous pieces from deal 1 (:mod:`harp.ehatlas`)."""
    verdicts, difficulties, lengths, budgets = bytearray(), bytearray(), bytearray(), bytearray()
    limits: dict[str, int] = {}
    versions: dict[str, None] = {}
    last = 0
    for piece in contiguous(folder):
        for data in piece.results:
            verdict, difficulty, length = measures(data)
            verdicts.append(CODES[verdict])
            difficulties.append(difficulty)
            lengths += (length or 0).to_bytes(2, "little")
            budgets.append(limits.setdefault(json.dumps(data["limits"], sort_keys=True),
                                             len(limits)))
        versions.update(dict.fromkeys(piece.harp_versions))
        last = piece.last
    if not last:
        raise PieceError(f"no piece starting at deal 1 in {shown(str(folder))}")
    return EasyHarpAtlas(1, last, bytes(verdicts), bytes(difficulties), bytes(lengths),
                         bytes(budgets), [json.loads(text) for text in limits],
                         list(versions))


#: The columns ``harp atlas status`` shows by default (the rest: its cost).
STATUS_COLUMNS = ["first", "last", "won", "lost", "unknown", "max_states", "harp_versions"]
#: Every column of a row of :func:`piece_rows`, in order.
PIECE_COLUMNS = [*STATUS_COLUMNS, "cpu_seconds", "cpu_median", "cpu_p99", "hardest",
                 "hardest_states"]
#: Every column of a row of :func:`unknown_rows`, in order.
UNKNOWN_COLUMNS = ["deal", "states", "cpu_seconds", "max_states", "stopped_by"]


def some_pieces(folder: str | Path) -> list[tuple[int, int, Path]]:
    """:func:`pieces_in`, PieceError if there is none: a table of no
    pieces would read as a build with nothing to show, where the folder
    is more likely the wrong one."""
    found = pieces_in(folder)
    if not found:
        raise PieceError(f"no pieces in {shown(str(folder))} (harp atlas build writes each piece when "
                         "its last deal is done)")
    return found


def piece_rows(folder: str | Path) -> Iterator[dict[str, Any]]:
    """One row per piece: its deals, verdict counts, largest limit, harp
    version, and what it cost: the CPU seconds of its deals (in all, median,
    99th percentile) and its hardest deal (the most positions searched).
    PieceError at once, before any row, if the folder has no piece."""
    return (piece_row(first, last, read_piece(path))
            for first, last, path in some_pieces(folder))


def piece_row(first: int, last: int, piece: Piece) -> dict[str, Any]:
    return {"first": first, "last": last, **piece.counts(),
            "max_states": max(d["limits"]["max_states"] for d in piece.results),
            "harp_versions": ", ".join(piece.harp_versions), **cost(piece)}


def cost(piece: Piece) -> dict[str, Any]:
    """The CPU seconds a piece's deals took (as kept: a deal computed again
    under larger limits counts its last computation) and its hardest deal
    (the first of those that searched the most positions)."""
    cpu = sorted(d.get("cpu_seconds") or 0.0 for d in piece.results)
    hardest = max(range(len(piece.results)), key=lambda i: piece.results[i]["states"])
    return {"cpu_seconds": round(sum(cpu), 1), "cpu_median": round(median(cpu), 4),
            "cpu_p99": round(cpu[min(len(cpu) - 1, (99 * len(cpu)) // 100)], 4),
            "hardest": piece.first + hardest, "hardest_states": piece.results[hardest]["states"]}


def unknown_rows(folder: str | Path) -> Iterator[dict[str, Any]]:
    """Every ``unknown`` deal of the pieces, with the work spent on it;
    PieceError at once if the folder has no piece (no row, there, would
    not mean no unknown deal)."""
    return (row for _, _, path in some_pieces(folder) for row in unknown_of(read_piece(path)))


def unknown_of(piece: Piece) -> Iterator[dict[str, Any]]:
    for deal in range(piece.first, piece.last + 1):
        data = piece.result(deal)
        if data["outcome"] == "unknown":
            yield {"deal": deal, "states": data["states"],
                   "cpu_seconds": data.get("cpu_seconds"),
                   "max_states": data["limits"]["max_states"],
                   "stopped_by": data.get("stopped_by")}


def readme_line(atlas: EasyHarpAtlas) -> str:
    """The README's line on how many Easy Harp deals can be won (a test
    holds the README to the shipped atlas)."""
    counts = atlas.counts()
    share = 100 * counts["won"] / atlas.size
    text = (f"Easy Harp deals {atlas.first:_}-{atlas.last:_} in the atlas: {counts['won']:_} "
            f"won ({share:.3f} %), {counts['lost']:_} proved lost, {counts['unknown']:_} "
            "unknown.")
    return text.replace("_", " ")
