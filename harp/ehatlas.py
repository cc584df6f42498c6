"""The Easy Harp atlas: the solver's verdict on deals 1..K, shipped as data.

For each deal ``first``-``last`` the atlas holds its verdict, ``won``,
``lost`` (proved: the search ran out of positions to try) or ``unknown``
(the limits ran out first), and two difficulty measures: the solver's
positions to the verdict, as a difficulty (:func:`difficulty_code`: ten
times log10 of the positions, one byte), and the length of the line it
found (two bytes, 0 when none).  ``harp atlas build`` computes it in
pieces and ``harp atlas assemble`` writes it (:mod:`harp.analysis.pieces`);
this module only reads it.

The file (``harp/data/atlas-eh1.bin``) is framed as the Seahaven atlas
(:func:`harp.atlas.read_frame`: a ``HARP-ATLAS`` line, a JSON header, an
zlib payload whose SHA-256 the header holds).  The header names the deal
range, the counts of each verdict, the limits and harp versions the
verdicts were computed under.  The payload is four arrays over the deals:
a verdict byte (:data:`CODES`), a difficulty byte, a little-endian
two-byte line length, a byte naming the deal's limits (an index of the
header's).  Loading checks the hash (of header and payload), the counts,
and each header field's type and range (a file of frame 1, made by an
earlier harp, hashes its payload only: :mod:`harp.atlas`).

An atlas may cover deals 1..K only (a build in progress; the shipped one
covers every deal, 1-999 999); a deal beyond it is decided on demand (:mod:`harp.winnable`).  No file at all is the
same: nothing covered.
"""
from __future__ import annotations

import math
import random
import sys
from array import array
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .atlas import (AtlasError, DealRange, deal_range, frame, load, read_file, read_frame,
                    strings, typed, unusable)
from .deals import EASY_HARP
from .errors import HarpError, clip

FORMAT = 1
KIND = "easy-harp-atlas"
DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "atlas-eh1.bin"
WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: The verdict byte of each verdict (in the order tables show them).
CODES = {WON: 1, LOST: 2, UNKNOWN: 0}
VERDICTS = {code: verdict for verdict, code in CODES.items()}
#: The solver's outcome of each verdict.
OUTCOMES = {WON: "solved", LOST: "unsolvable", UNKNOWN: "unknown"}
#: How messages name each verdict.
WORDS = {WON: "won", LOST: "proved lost", UNKNOWN: "unknown"}
#: Deals per step when drawing a random deal (a bytes.count each).
_CHUNK = 65536
#: The most limits an atlas can name: a deal's is one byte of the payload.
MOST_LIMITS = 256


def difficulty_code(positions: int) -> int:
    """Ten times log10 of the positions to the verdict, rounded (0-255):
    the difficulty of ``harp deal --difficulty`` times ten."""
    return min(255, round(10 * math.log10(max(1, positions))))


@dataclass(frozen=True)
class EasyHarpAtlas(DealRange):
    """Verdicts and difficulties of Easy Harp deals ``first``-``last``."""

    TITLE = "Easy Harp atlas"

    first: int
    last: int
    verdicts: bytes                     # CODES, one byte per deal
    difficulties: bytes                 # difficulty_code, one byte per deal
    lengths: bytes                      # two bytes per deal, little-endian; 0: no line
    budgets: bytes                      # one byte per deal: its limits, an index of ``limits``
    limits: list[dict[str, Any]] = field(default_factory=list)
    harp_versions: list[str] = field(default_factory=list)

    def verdict(self, number: int) -> str:
        """``won``, ``lost`` or ``unknown``."""
        return VERDICTS[self.verdicts[self._index(number)]]

    def difficulty(self, number: int) -> float:
        """log10 of the positions the solver searched to the verdict, to one decimal."""
        return self.difficulties[self._index(number)] / 10

    def length(self, number: int) -> int | None:
        """The length of the winning line found, None if none."""
        i = 2 * self._index(number)
        return int.from_bytes(self.lengths[i:i + 2], "little") or None

    def line_lengths(self) -> array:
        """Every deal's line length (0: none), as an array of numbers."""
        lengths = array("H", self.lengths)
        if sys.byteorder == "big":
            lengths.byteswap()
        return lengths

    def limits_of(self, number: int) -> dict[str, Any]:
        """The solver's limits the deal's verdict was computed under."""
        return self.limits[self.budgets[self._index(number)]]

    def counts(self, first: int | None = None, last: int | None = None) -> dict[str, int]:
        """How many deals of ``first``-``last`` (default: all) have each verdict."""
        lo, hi = self._index(first or self.first), self._index(last or self.last)
        part = self.verdicts[lo:hi + 1]
        return {verdict: part.count(code) for verdict, code in CODES.items()}

    def random_deal(self, rng: random.Random, verdict: str) -> int:
        """A deal drawn uniformly among the atlas's deals with ``verdict``."""
        code = bytes([CODES[verdict]])
        spans = [(start, self.verdicts[start:start + _CHUNK].count(code))
                 for start in range(0, self.size, _CHUNK)]
        total = sum(count for _, count in spans)
        if not total:
            counts = ", ".join(f"{n} {word}" for word, n in self.counts().items())
            raise AtlasError(f"no deal of the Easy Harp atlas is {WORDS[verdict]} "
                             f"(deals {self.first}-{self.last}: {counts})")
        k = rng.randrange(total)
        for start, count in spans:
            if k < count:
                index = start - 1
                for _ in range(k + 1):
                    index = self.verdicts.index(code, index + 1)
                return self.first + index
            k -= count
        raise AssertionError("unreachable: k < total")


def encode_eh_atlas(atlas: EasyHarpAtlas) -> bytes:
    """The bytes of an Easy Harp atlas file (see the module docstring)."""
    if not (len(atlas.verdicts) == len(atlas.difficulties) == len(atlas.budgets) == atlas.size
            and len(atlas.lengths) == 2 * atlas.size):
        raise AtlasError(f"every array must have {atlas.size} deals")
    header = {"format": FORMAT, "kind": KIND, "game": EASY_HARP, "first": atlas.first,
              "last": atlas.last, "counts": atlas.counts(), "limits": atlas.limits,
              "harp_versions": atlas.harp_versions}
    payload = atlas.verdicts + atlas.difficulties + atlas.lengths + atlas.budgets
    # zlib, not lzma: every command that answers from the atlas reads it
    # whole; on a million deals zlib decompresses in about 20 ms where lzma
    # takes about 200, for a file about a sixth larger.
    return frame(header, payload, "zlib")


def decode_eh_atlas(data: bytes, name: str = "atlas") -> EasyHarpAtlas:
    """Parse and check an Easy Harp atlas file's bytes; AtlasError if damaged."""
    header, payload = read_frame(data, name, ("format", "kind", "first", "last", "counts",
                                              "limits", "harp_versions"))
    kind = typed(header, "kind", str, name)
    if kind != KIND:
        raise AtlasError(f"{name}: not an Easy Harp atlas (a {clip(kind)!r} file)")
    version = typed(header, "format", int, name)
    if version != FORMAT:
        raise AtlasError(f"{name}: Easy Harp atlas format {version}, "
                         f"this harp reads format {FORMAT}")
    first, last = deal_range(header, name)
    size = last - first + 1
    limits = _limits(header, name)
    if len(payload) != 5 * size:
        raise AtlasError(f"{name}: damaged atlas (payload of {len(payload)} bytes)")
    atlas = EasyHarpAtlas(first, last, payload[:size], payload[size:2 * size],
                          payload[2 * size:4 * size], payload[4 * size:], limits,
                          strings(header, "harp_versions", name))
    # Deleting every valid byte leaves the invalid ones (fast on a million deals).
    if (atlas.budgets.translate(None, bytes(range(len(limits))))
            or atlas.verdicts.translate(None, bytes(CODES.values()))):
        raise AtlasError(f"{name}: damaged atlas (a verdict or limits out of range)")
    counts = typed(header, "counts", dict, name)
    if atlas.counts() != counts or any(type(n) is not int for n in counts.values()):
        raise AtlasError(f"{name}: damaged atlas (the counts of verdicts do not match)")
    return atlas


def _limits(header: dict, name: str) -> list[dict[str, Any]]:
    """The header's limits: at most MOST_LIMITS, each the limits of a
    solver run, as :class:`~harp.solve.result.SolveLimits` checks them for
    the command line.  ``decode`` and ``atlas check`` hand a deal's limits
    to the solver and to messages: damaged ones are refused here, never a
    traceback there.  That they are the limits the verdicts were computed
    under rests on the hash (frame 2); in a frame-1 file, which hashes its
    payload only, it is taken on trust: no deal's positions bound them (a
    search may stop a little past its limit)."""
    limits = typed(header, "limits", list, name)
    if len(limits) > MOST_LIMITS or not all(map(_solver_limits, limits)):
        raise AtlasError(f"{name}: damaged atlas header ('limits' must be a list of at most "
                         f"{MOST_LIMITS} solver limits)")
    return limits


def _solver_limits(value: object) -> bool:
    """Whether ``value`` is a JSON object of the solver's limits, every one."""
    from .solve.result import SolveLimits   # the solver's package, loaded with an atlas only
    if type(value) is not dict or set(value) != {f.name for f in fields(SolveLimits)}:
        return False
    try:
        SolveLimits(**value)
    except (TypeError, HarpError):
        return False
    return True


def read_eh_atlas(path: str | Path) -> EasyHarpAtlas:
    """Read and check an Easy Harp atlas file."""
    return read_file(path, decode_eh_atlas)


def easy_harp_atlas() -> EasyHarpAtlas | None:
    """The packaged Easy Harp atlas, read once per process; None when harp
    ships none yet (every deal is then decided on demand).  A file that
    is damaged or not a regular file (a pipe or a device, never opened)
    is an AtlasError that says what is wrong and how to repair it; its
    verdicts are never guessed."""
    if not DEFAULT_PATH.exists() and not DEFAULT_PATH.is_symlink():
        return None
    try:
        return load(str(DEFAULT_PATH), decode_eh_atlas)
    except (AtlasError, OSError) as err:
        raise unusable(err, "Easy Harp", DEFAULT_PATH) from None
