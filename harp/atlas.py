"""The Seahaven atlas: the solver's verdict on every deal, shipped as data.

The atlas says, for each deal number of its range and each Seahaven variant
(4, 2 and 1 cells, RULES A2.7), whether the deal can be won: one bit per
deal and variant, every bit a verdict of :mod:`harp.solve.seahaven.solver`
(``solved`` or ``unsolvable``; an atlas with an ``unknown`` is never
built).  ``harp.analysis.atlas`` builds the file from a ``harp stats
--solve`` store; this module only reads it.

The file (``harp/data/atlas-sh1.bin``) is::

    HARP-ATLAS\\n
    {header as one line of JSON}\\n
    payload, compressed

The header names the format version, the game and dealing version, the
deal range ``first``-``last``, the variants in payload order, the number of
won deals of each, the compression and the SHA-256 of the uncompressed
payload.  The payload is one bitset per variant, in that order, each of
``ceil((last - first + 1) / 8)`` bytes: deal ``first + i`` is bit ``i % 8``
(least significant first) of byte ``i // 8``; 1 is won.  Loading checks
that the compressed payload is whole with nothing after it, the hash and
the counts, so a damaged file is refused, never believed.

The hash covers the header too (:func:`sealed`: its fields but the hash,
as canonical JSON, then the payload), so that a damaged deal range or
limit is refused, not believed; files made by harp before that (frame 1,
no ``frame`` field) hash the payload only, and are still read.  Every
header field is also checked, of the JSON type it is written with and in
range.  Only a regular file of at most :data:`FILE_LIMIT` bytes is read:
a named pipe or a device is refused unopened.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import stat
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from .deals import MAX_DEAL, SEAHAVEN, VARIANTS, VERSION
from .errors import HarpError, clip, shown

MAGIC = b"HARP-ATLAS\n"
FORMAT = 1
#: The frame harp writes: 2, the hash covers header and payload; 1 (a file
#: without ``frame``, made by an earlier harp), the payload only.
FRAME = 2
COMPRESSIONS = ("lzma", "zlib", "none")
DEFAULT_PATH = Path(__file__).resolve().parent / "data" / "atlas-sh1.bin"
T = TypeVar("T")
#: The first bytes of a data file, which hold its whole header line: as
#: many as ``harp.analysis.atlas.kind_of`` reads to tell a file's kind.
#: A longer header (or JSON nested deeper than the parser goes) is damage.
HEADER_LIMIT = 1 << 16
#: The largest data file read: the Easy Harp atlas of every deal takes
#: about 2 MB, 5 MB uncompressed.  A larger file is no atlas, and is never
#: read whole into memory.
FILE_LIMIT = 1 << 26
#: How header messages name the JSON type each field must have.
JSON_TYPES = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}
#: Bytes per step when counting or picking deals (a big-int popcount each).
_CHUNK = 8192


class AtlasError(HarpError):
    """The atlas file is missing, damaged, or does not cover a deal."""


def cells_of(variant: str) -> int:
    """``C4`` -> 4."""
    return int(variant[1:])


class DealRange:
    """What an atlas of deals ``first``-``last`` knows of its range."""

    first: int
    last: int
    #: How messages name the atlas.
    TITLE = "atlas"

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    def covers(self, number: int) -> bool:
        return self.first <= number <= self.last

    def _index(self, number: int) -> int:
        if not self.covers(number):
            raise AtlasError(f"deal {number} is not in the {self.TITLE} "
                             f"(deals {self.first}-{self.last})")
        return number - self.first


@dataclass(frozen=True)
class Atlas(DealRange):
    """Won/unsolvable bits of deals ``first``-``last`` for each variant."""

    game: str
    first: int
    last: int
    bits: dict[str, bytes]          # variant -> bitset, bit i is deal first + i

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants, fewest cells first (C1, C2, C4)."""
        return tuple(sorted(self.bits, key=cells_of))

    def _variant_bits(self, variant: str) -> bytes:
        try:
            return self.bits[variant]
        except KeyError:
            raise AtlasError(f"the atlas has no variant {variant!r} "
                             f"(it has {', '.join(self.variants)})") from None

    def won(self, variant: str, number: int) -> bool:
        """Whether deal ``number`` can be won in ``variant``."""
        i = self._index(number)
        return bool(self._variant_bits(variant)[i >> 3] >> (i & 7) & 1)

    def verdicts(self, number: int) -> dict[str, bool]:
        """Won or not in each variant, fewest cells first."""
        return {variant: self.won(variant, number) for variant in self.variants}

    def fewest_cells(self, number: int) -> int | None:
        """The fewest cells with which the deal is won; None if none wins it."""
        return next((cells_of(v) for v in self.variants if self.won(v, number)), None)

    # ------------------------------------------------------------ ranges

    def segment(self, variant: str, first: int, last: int) -> int:
        """The bits of deals ``first``-``last`` of a variant as one integer
        (bit ``k`` is deal ``first + k``)."""
        lo, hi = self._index(first), self._index(last)
        if lo > hi:
            return 0
        data = self._variant_bits(variant)[lo >> 3:(hi >> 3) + 1]
        return (int.from_bytes(data, "little") >> (lo & 7)) & ((1 << (hi - lo + 1)) - 1)

    def selection(self, first: int, last: int, variant: str, winnable: bool = True,
                  fewest: int | None = None) -> int:
        """Deals ``first``-``last`` that are won (or not) in ``variant``
        and, given ``fewest``, whose fewest cells to win is that, as bits."""
        ones = (1 << (last - first + 1)) - 1
        chosen = self.segment(variant, first, last)
        if not winnable:
            chosen ^= ones
        if fewest is not None:
            chosen &= self.segment(f"C{fewest}", first, last)
            for v in self.variants:
                if cells_of(v) < fewest:
                    chosen &= ones ^ self.segment(v, first, last)
        return chosen

    def difficulty(self, first: int, last: int) -> dict[int | None, int]:
        """How many deals of ``first``-``last`` are won with at most 1, 2, 4
        cells first (key: the fewest cells), and how many with none (None)."""
        counts: dict[int | None, int] = {}
        rest = (1 << (last - first + 1)) - 1
        for variant in self.variants:
            won = self.segment(variant, first, last) & rest
            counts[cells_of(variant)] = won.bit_count()
            rest &= ~won
        counts[None] = rest.bit_count()
        return counts

    def random_deal(self, rng: random.Random, variant: str, winnable: bool = True,
                    fewest: int | None = None) -> int:
        """A deal drawn uniformly among those :meth:`selection` chooses."""
        spans = []
        for start in range(self.first, self.last + 1, 8 * _CHUNK):
            end = min(start + 8 * _CHUNK - 1, self.last)
            bits = self.selection(start, end, variant, winnable, fewest)
            spans.append((start, bits, bits.bit_count()))
        total = sum(count for _, _, count in spans)
        if not total:
            raise AtlasError("no deal of the atlas is "
                             + describe_choice(variant, winnable, fewest))
        k = rng.randrange(total)
        for start, bits, count in spans:
            if k < count:
                return start + _kth_set_bit(bits, k)
            k -= count
        raise AssertionError("unreachable: k < total")


def _kth_set_bit(bits: int, k: int) -> int:
    """The position of the ``k``-th (from 0) set bit of ``bits``, counting
    from the least significant; a byte-wise walk, then a bit-wise one."""
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    for index, byte in enumerate(data):
        ones = _ONES[byte]
        if k < ones:
            for bit in range(8):
                if byte >> bit & 1:
                    if k == 0:
                        return 8 * index + bit
                    k -= 1
        k -= ones
    raise AssertionError("unreachable: k < popcount")


_ONES = bytes(bin(byte).count("1") for byte in range(256))


def describe_choice(variant: str, winnable: bool, fewest: int | None) -> str:
    """``winnable with 2 cells, needing at least 2`` and the like."""
    cells = cells_of(variant)
    text = f"{'winnable' if winnable else 'unwinnable'} with {cells} cell{'s' * (cells > 1)}"
    if fewest is not None:
        text += f" and won with no fewer than {fewest}"
    return text


# ---------------------------------------------------------------- the file

def read_frame(data: bytes, name: str, fields: tuple[str, ...],
               noun: str = "atlas") -> tuple[dict, bytes]:
    """A harp data file's header and uncompressed payload: the
    ``HARP-ATLAS`` line, one line of JSON (holding ``fields``, and
    ``compression`` and ``sha256``), the compressed payload; AtlasError if
    anything is damaged, the payload's hash included, or if the header
    line does not end within HEADER_LIMIT bytes.  The Seahaven atlas, the
    Easy Harp atlas and its build pieces share this frame; ``noun`` says
    which one the messages name ("atlas", "atlas piece")."""
    if not data.startswith(MAGIC):
        raise AtlasError(f"{name}: not a harp {noun} (no {MAGIC.strip().decode()} line)")
    end = data.find(b"\n", len(MAGIC), HEADER_LIMIT)
    if end < 0:
        longer = f" (longer than {HEADER_LIMIT} bytes)" if len(data) >= HEADER_LIMIT else ""
        raise AtlasError(f"{name}: damaged {noun} header{longer}")
    header = _header(data[len(MAGIC):end], name, (*fields, "compression", "sha256"), noun)
    if header.get("dealing_version", VERSION) != VERSION:
        raise AtlasError(f"{name}: damaged {noun} header (dealing version "
                         f"{header['dealing_version']})")
    version = header.get("frame", 1)
    if version not in (1, FRAME):
        raise AtlasError(f"{name}: damaged {noun} header (frame {version})")
    payload = _decompress(data[end + 1:], header["compression"], name, noun)
    if version == 1:
        if hashlib.sha256(payload).hexdigest() != header["sha256"]:
            raise AtlasError(f"{name}: damaged {noun} (the payload's SHA-256 does not match)")
    elif sealed(header, payload) != header["sha256"]:
        raise AtlasError(f"{name}: damaged {noun} (the SHA-256 of its header and payload "
                         "does not match)")
    return header, payload


def sealed(header: dict, payload: bytes) -> str:
    """The SHA-256 a frame-2 file holds: of its header's fields but the
    hash (canonical JSON: keys sorted, no spaces, so that it does not
    depend on how the line was written), a newline, and the payload."""
    fields = {key: value for key, value in header.items() if key != "sha256"}
    text = json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(text + b"\n" + payload).hexdigest()


def _header(line: bytes, name: str, fields: tuple[str, ...], noun: str) -> dict:
    """The header line as a JSON object holding ``fields``, the frame's own
    (compression, hash, dealing version) each of the type it is written
    with; AtlasError if it is not, JSON nested deeper than the parser goes
    included (RecursionError)."""
    try:
        header = json.loads(line)
    except (ValueError, RecursionError):
        raise AtlasError(f"{name}: damaged {noun} header") from None
    if not isinstance(header, dict) or any(key not in header for key in fields):
        raise AtlasError(f"{name}: damaged {noun} header")
    for key, kind in (("compression", str), ("sha256", str), ("dealing_version", int),
                      ("frame", int)):
        if key in header:
            typed(header, key, kind, name, noun)
    return header


def typed(header: dict, key: str, kind: type[T], name: str, noun: str = "atlas") -> T:
    """``header[key]``, which must be of the JSON type ``kind`` exactly: a
    ``"1"`` is no format, a ``1.0`` no deal and a ``true`` no number (a
    bool is an int in Python).  The hash of a frame-1 file does not cover
    the header, so a field of another type is damage, said here, never a
    traceback later."""
    value = header[key]
    if type(value) is not kind:
        raise AtlasError(f"{name}: damaged {noun} header ({key!r} must be {JSON_TYPES[kind]})")
    return value


def deal_range(header: dict, name: str, noun: str = "atlas") -> tuple[int, int]:
    """The header's deals ``first``-``last``: whole numbers, deals there are
    (1 to 999 999, RULES B1), ``first`` no later than ``last``."""
    first, last = typed(header, "first", int, name, noun), typed(header, "last", int, name, noun)
    if not 1 <= first <= last <= MAX_DEAL:
        raise AtlasError(f"{name}: damaged {noun} header (deals {first}-{last})")
    return first, last


def strings(header: dict, key: str, name: str, noun: str = "atlas") -> list[str]:
    """The header's list of strings ``key``; AtlasError if it is not one."""
    values = typed(header, key, list, name, noun)
    if any(type(value) is not str for value in values):
        raise AtlasError(f"{name}: damaged {noun} header ({key!r} must be a list of strings)")
    return values


def frame(header: dict, payload: bytes, compression: str) -> bytes:
    """The bytes of a harp data file (:func:`read_frame` reads them back):
    ``header`` gains the dealing version, the compression, the frame and
    the hash of them all and the payload."""
    header = {**header, "dealing_version": VERSION, "compression": compression,
              "frame": FRAME}
    header["sha256"] = sealed(header, payload)
    return (MAGIC + json.dumps(header, separators=(",", ":")).encode() + b"\n"
            + _compress(payload, compression))


def decode_atlas(data: bytes, name: str = "atlas") -> Atlas:
    """Parse and check an atlas file's bytes; raise AtlasError if damaged."""
    header, payload = read_frame(data, name, ("format", "first", "last", "variants", "won",
                                              "dealing_version", "game"))
    version = typed(header, "format", int, name)
    if version != FORMAT:
        raise AtlasError(f"{name}: atlas format {version}, this harp reads format {FORMAT}")
    game = typed(header, "game", str, name)
    first, last = deal_range(header, name)
    variants = _variants(header, name)
    won = _won(header, variants, name)
    width = (last - first + 8) // 8
    if len(payload) != width * len(variants):
        raise AtlasError(f"{name}: damaged atlas (payload of {len(payload)} bytes)")
    bits = {v: payload[k * width:(k + 1) * width] for k, v in enumerate(variants)}
    for variant, count in won.items():
        if int.from_bytes(bits[variant], "little").bit_count() != count:
            raise AtlasError(f"{name}: damaged atlas (the won count of {variant} does not match)")
    return Atlas(game, first, last, bits)


def _variants(header: dict, name: str) -> list[str]:
    """The header's variants: Seahaven's (RULES A2.7), each once."""
    variants = strings(header, "variants", name)
    known = VARIANTS[SEAHAVEN]
    if not variants or len(set(variants)) != len(variants) or not set(variants) <= set(known):
        raise AtlasError(f"{name}: damaged atlas header ('variants' must be some of "
                         f"{', '.join(known)}, each once)")
    return variants


def _won(header: dict, variants: list[str], name: str) -> dict[str, int]:
    """The header's count of won deals of each of ``variants``."""
    won = typed(header, "won", dict, name)
    if set(won) != set(variants) or any(type(count) is not int for count in won.values()):
        raise AtlasError(f"{name}: damaged atlas header ('won' must be a whole number "
                         "for each variant)")
    return won


def encode_atlas(atlas: Atlas, compression: str = "zlib") -> bytes:
    """The bytes of an atlas file (see the module docstring)."""
    width = (atlas.size + 7) // 8
    variants = list(atlas.variants)
    if any(len(atlas.bits[v]) != width for v in variants):
        raise AtlasError(f"every bitset must have {width} bytes")
    payload = b"".join(atlas.bits[v] for v in variants)
    header = {"format": FORMAT, "game": atlas.game, "first": atlas.first, "last": atlas.last,
              "variants": variants,
              "won": {v: int.from_bytes(atlas.bits[v], "little").bit_count() for v in variants}}
    return frame(header, payload, compression)


def _compress(payload: bytes, compression: str) -> bytes:
    if compression == "lzma":
        import lzma
        return lzma.compress(payload, preset=9 | lzma.PRESET_EXTREME)
    if compression == "zlib":
        import zlib
        return zlib.compress(payload, 9)
    if compression == "none":
        return payload
    raise AtlasError(f"unknown compression {compression!r} (expected {', '.join(COMPRESSIONS)})")


def _decompress(body: bytes, compression: str, name: str, noun: str) -> bytes:
    """The payload of a compressed ``body``, which must be one whole
    compressed stream and nothing after it: a damaged stream, one cut
    short or bytes after it are refused in harp's words (the compressor's
    own are long, and say nothing a user can act on)."""
    if compression == "none":
        return body
    if compression == "lzma":
        import lzma
        decompressor: Any = lzma.LZMADecompressor()
        errors: tuple[type[Exception], ...] = (lzma.LZMAError,)
    elif compression == "zlib":
        import zlib
        decompressor, errors = zlib.decompressobj(), (zlib.error,)
    else:
        raise AtlasError(f"{name}: unknown compression {clip(compression)!r}")
    try:
        payload = decompressor.decompress(body)
    except errors:
        raise AtlasError(f"{name}: damaged {noun} (its compressed data is corrupt)") from None
    if not decompressor.eof:
        raise AtlasError(f"{name}: damaged {noun} (its compressed data is cut short)")
    if decompressor.unused_data:
        extra = len(decompressor.unused_data)
        raise AtlasError(f"{name}: damaged {noun} ({extra} byte{'s' * (extra != 1)} "
                         "after its compressed data)")
    return payload


def read_file(path: str | Path, decode: Callable[[bytes, str], T]) -> T:
    """Read an atlas file and ``decode`` it (which checks it)."""
    name = Path(path).name
    try:
        data = read_bytes(path, name)
    except FileNotFoundError:
        raise AtlasError(f"no atlas at {shown(str(path))}") from None
    return decode(data, name)


def read_bytes(path: str | Path, name: str, noun: str = "atlas") -> bytes:
    """A data file's bytes, from a regular file only, as every file harp
    writes is checked (:class:`harp.atomicfile.AtomicFile`): a named pipe
    or a device is refused unopened (a pipe would wait for ever for a
    writer, ``/dev/zero`` would fill memory).  OSError naming ``path`` if
    it cannot be read (a folder in the system's words, as ever); AtlasError
    if it holds more than FILE_LIMIT bytes, by its size or as read (a
    file of ``/proc`` says it holds none)."""
    shown_path = clip(str(path), 200)
    found = os.stat(path)
    if stat.S_ISDIR(found.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), shown_path)
    if not stat.S_ISREG(found.st_mode):
        raise OSError(errno.EINVAL, "not a regular file", shown_path)
    data = b""
    if found.st_size <= FILE_LIMIT:
        with open(path, "rb") as handle:
            data = handle.read(FILE_LIMIT + 1)
    if found.st_size > FILE_LIMIT or len(data) > FILE_LIMIT:
        raise AtlasError(f"{name}: not a harp {noun} (larger than {FILE_LIMIT} bytes)")
    return data


def read_atlas(path: str | Path) -> Atlas:
    """Read and check an atlas file."""
    return read_file(path, decode_atlas)


@lru_cache(maxsize=None)
def load(path: str, decode: Callable[[bytes, str], T]) -> T:
    """:func:`read_file`, once per process and file."""
    return read_file(path, decode)


def seahaven_atlas() -> Atlas:
    """The packaged Seahaven atlas, read once per process.  A file that is
    missing, damaged or not a regular file (a pipe or a device, never
    opened: :func:`read_bytes`) is an AtlasError that says what is wrong
    and how to repair it: the file comes with harp, so reinstalling harp
    brings it back.  Its verdicts are never guessed."""
    try:
        if not DEFAULT_PATH.exists():
            raise AtlasError("missing")
        atlas = load(str(DEFAULT_PATH), decode_atlas)
        if atlas.game != SEAHAVEN:
            raise AtlasError(f"an atlas of {atlas.game}, not {SEAHAVEN}")
    except (AtlasError, OSError) as err:
        raise unusable(err, "Seahaven", DEFAULT_PATH) from None
    return atlas


def unusable(err: AtlasError | OSError, title: str, path: Path) -> AtlasError:
    """The error of a packaged atlas that cannot be read: what is wrong,
    and that reinstalling harp (which brings the file) repairs it."""
    reason = err.strerror if isinstance(err, OSError) else str(err)
    reason = (reason or "unreadable").removeprefix(f"{path.name}: ")
    return AtlasError(f"the {title} atlas cannot be used ({reason}): "
                      f"reinstall harp to repair it; the file is {shown(str(path))}")
