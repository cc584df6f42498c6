"""harp atlas and the files it reads and writes: assemble replaces only an
Easy Harp atlas and writes only into a folder that exists, status and
unknown refuse a folder without pieces, check says what a file is when
it is not an Easy Harp atlas, and every atlas command's help has an
example.  The pieces are made by hand (no solver runs)."""
from __future__ import annotations

import os

import click
import pytest

import harp.atlas
from harp.analysis.pieces import Piece, write_piece
from harp.atlas import Atlas, encode_atlas
from harp.cli.atlas import atlas
from harp.ehatlas import read_eh_atlas

from helpers import harp_process, invoke, invoke_ok, refused, resealed

LIMITS = {"max_states": 3000, "line_states": 0, "timeout": None}
#: Deal 1 won, deal 2 unknown, as harp stats --solve stores them.
RESULTS = [{"outcome": "solved", "states": 120, "first_win_states": 120, "length": 400,
            "stopped_by": None, "cpu_seconds": 0.01, "limits": LIMITS},
           {"outcome": "unknown", "states": 3000, "stopped_by": "positions",
            "cpu_seconds": 0.2, "limits": LIMITS}]
NO_PIECES = "no pieces in {} (harp atlas build writes each piece when its last deal is done)"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A folder of its own, the current one (messages name files as given),
    holding a pieces folder of deals 1-2."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pieces").mkdir()
    write_piece(tmp_path / "pieces" / "eh1-000001-000002.piece", Piece(1, 2, RESULTS))
    return tmp_path


def assembled(out: str) -> str:
    """What ``harp atlas assemble`` prints when it writes ``out``."""
    return invoke_ok("atlas", "assemble", "--pieces", "pieces", "--out", out)


def seahaven_atlas_bytes() -> bytes:
    """A Seahaven atlas of deals 1-8 (the frame the Easy Harp atlas shares)."""
    return encode_atlas(Atlas("SH", 1, 8, {"C4": b"\x0f", "C2": b"\x03", "C1": b"\x01"}))


# ------------------------------------------------------------------ help

@pytest.mark.parametrize("command", atlas.list_commands(click.Context(atlas)))
def test_every_atlas_command_has_help_with_an_example(command):
    help_text = invoke_ok("atlas", command, "--help")
    assert help_text.startswith(f"Usage: harp atlas {command} [OPTIONS]")
    assert f"harp atlas {command} " in help_text.split("Example", 1)[1]


# ------------------------------------------------------------------ assemble --out

def test_assemble_writes_a_new_file_and_replaces_an_easy_harp_atlas(here):
    out = assembled("eh.bin")
    size = (here / "eh.bin").stat().st_size
    assert out == f"wrote eh.bin: deals 1-2, {size} bytes; 1 won, 0 lost, 1 unknown\n"
    assert read_eh_atlas(here / "eh.bin").verdict(1) == "won"
    (here / "eh.bin").write_bytes((here / "eh.bin").read_bytes()[:-1])      # damaged: rebuilt
    assert assembled("eh.bin") == out
    assert read_eh_atlas(here / "eh.bin").size == 2


@pytest.mark.parametrize("content, what", [
    (b"# harp\n\nPatience games.\n", "not an Easy Harp atlas"),
    (b"", "not an Easy Harp atlas"),
    (b"HARP-ATLAS\n[1, 2]\n", "not an Easy Harp atlas"),
    (seahaven_atlas_bytes(), "a Seahaven atlas, not an Easy Harp atlas"),
])
def test_assemble_never_replaces_another_file(here, content, what):
    (here / "README.md").write_bytes(content)
    refused(["atlas", "assemble", "--pieces", "pieces", "--out", "README.md"], 1,
            f"cannot write README.md: it is {what} (harp replaces no other file)")
    assert (here / "README.md").read_bytes() == content
    assert sorted(p.name for p in here.iterdir()) == ["README.md", "pieces"]   # no stray file


def test_assemble_never_replaces_a_piece(here):
    piece = here / "pieces" / "eh1-000001-000002.piece"
    before = piece.read_bytes()
    refused(["atlas", "assemble", "--pieces", "pieces", "--out", str(piece)], 1,
            f"cannot write {piece}: it is an Easy Harp atlas piece, not an Easy Harp atlas "
            "(harp replaces no other file)")
    assert piece.read_bytes() == before


def test_assemble_writes_into_a_folder_that_exists_only(here):
    refused(["atlas", "assemble", "--pieces", "pieces", "--out", "nodir/x.bin"], 1,
            "cannot open nodir/x.bin: no such folder")
    assert not (here / "nodir").exists()
    # The same words as every command that writes a file:
    refused(["generate", "--game", "eh", "--deals", "1", "--random-play", "-o", "nodir/x.txt"],
            1, "cannot open nodir/x.txt: no such folder")
    refused(["atlas", "assemble", "--pieces", "pieces", "--out", "pieces"], 1,
            "cannot open pieces: it is a folder, not a file")


def test_assemble_checks_out_before_it_reads_the_pieces(here):
    (here / "README.md").write_text("notes\n")
    refused(["atlas", "assemble", "--pieces", "nothing-here", "--out", "README.md"], 1,
            "cannot write README.md: it is not an Easy Harp atlas (harp replaces no other file)")


def test_assemble_never_opens_a_pipe_or_a_device_at_out(here):
    """A named pipe was opened and read, waiting for ever for a writer: now
    it is refused, in the words of every command that writes a file, and
    so is a folder that takes no new file, before the pieces are read."""
    os.mkfifo(here / "fifo")
    # A writer, and a file's head in the pipe: were it opened and read, the
    # test would not wait for ever.
    writer = os.open(here / "fifo", os.O_RDWR | os.O_NONBLOCK)
    try:
        written = os.write(writer, b"#" * (1 << 16))
        refused(["atlas", "assemble", "--pieces", "nothing-here", "--out", "fifo"], 1,
                "cannot open fifo: not a regular file")
        assert len(os.read(writer, 1 << 17)) == written        # nothing was read
    finally:
        os.close(writer)
    refused(["solve", "SH1-C4-AAAAAJ2", "--save", "fifo"], 1,
            "cannot open fifo: not a regular file")
    if os.path.isdir("/proc") and os.statvfs("/proc").f_blocks == 0:
        refused(["atlas", "assemble", "--pieces", "nothing-here", "--out", "/proc/harp.bin"],
                1, "cannot open /proc/harp.bin: /proc takes no new files")


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_assemble_refuses_a_read_only_folder_before_reading_the_pieces(here):
    (here / "ro").mkdir()
    (here / "ro").chmod(0o555)
    try:
        result = harp_process("atlas", "assemble", "--pieces", "nothing-here", "--out",
                              "ro/eh.bin", cwd=here)
    finally:
        (here / "ro").chmod(0o755)
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", "Error: cannot open ro/eh.bin: its folder ro is read-only\n")


# ------------------------------------------------------------------ build --piece-size

@pytest.mark.parametrize("deals", [[], ["--deals", "1-10"]])
def test_a_piece_larger_than_every_deal_is_refused(here, deals, no_work):
    """It was taken as one piece of every deal (and computed), or refused
    naming pieces past the last deal (1000001-2000000)."""
    refused(["atlas", "build", "--pieces", "pieces", "--piece-size", "1000000", *deals], 2,
            "Invalid value for '--piece-size': 1000000 is too large: a piece holds at most "
            "the 999999 deals there are (1-999999)")


@pytest.mark.parametrize("size, pieces", [
    ("999999", "1-999999"), ("600000", "1-600000, 600001-999999"),
    ("20", "1-20, 21-40, ...; the last ends at 999999"),
])
def test_deals_that_are_not_whole_pieces_name_the_pieces_there_are(here, size, pieces,
                                                                    no_work):
    refused(["atlas", "build", "--pieces", "pieces", "--piece-size", size, "--deals", "1-10"],
            2, f"Invalid value for '--deals': deals 1-10 are not whole pieces of {size} deals "
               f"({pieces})")


# ------------------------------------------------------------------ status and unknown

@pytest.mark.parametrize("command", ["status", "unknown"])
@pytest.mark.parametrize("output", [[], ["--json"], ["--csv"]])
def test_a_folder_without_pieces_is_refused(here, command, output):
    (here / "empty").mkdir()
    refused(["atlas", command, "--pieces", "empty", *output], 1, NO_PIECES.format("empty"))
    # A piece in progress is a store, not a piece yet.
    (here / "empty" / "eh1-000001-010000.db").write_bytes(b"")
    refused(["atlas", command, "--pieces", "empty", *output], 1, NO_PIECES.format("empty"))


@pytest.mark.parametrize("command", [["status"], ["unknown"], ["assemble", "--out", "a.bin"]])
def test_a_pieces_folder_that_is_a_file_or_missing_is_refused_saying_which(here, command):
    (here / "list.txt").write_text("1-2\n")
    refused(["atlas", command[0], "--pieces", "list.txt", *command[1:]], 1,
            "no pieces folder at list.txt: it is a file, not a folder")
    refused(["atlas", command[0], "--pieces", "gone", *command[1:]], 1,
            "no pieces folder at gone: it does not exist")


def test_status_and_unknown_of_a_folder_with_pieces(here):
    assert invoke_ok("atlas", "status", "--pieces", "pieces", "--csv") == (
        "first,last,won,lost,unknown,max_states,harp_versions,cpu_seconds,cpu_median,cpu_p99,"
        f"hardest,hardest_states\n1,2,1,0,1,3000,{harp.__version__},0.2,0.105,0.2,2,3000\n")
    assert invoke_ok("atlas", "unknown", "--pieces", "pieces", "--csv") == (
        "deal,states,cpu_seconds,max_states,stopped_by\n2,3000,0.2,3000,positions\n")


@pytest.mark.parametrize("command", [
    ["status", "--pieces", "pieces"], ["unknown", "--pieces", "pieces"],
    ["assemble", "--pieces", "pieces", "--out", "eh.bin"],
    ["build", "--pieces", "pieces", "--deals", "1-4", "--piece-size", "2", "--max-states", "3000"],
])
def test_a_piece_under_another_pieces_name_is_refused_naming_it(here, command):
    """Its header says deals 1-2, its name 3-4: never taken for deals 3-4."""
    (here / "pieces" / "eh1-000003-000004.piece").write_bytes(
        (here / "pieces" / "eh1-000001-000002.piece").read_bytes())
    refused(["atlas", *command], 1, "pieces/eh1-000003-000004.piece: it holds deals 1-2, not 3-4 as its "
                                    "name says (the piece of deals 1-2 is named "
                                    "eh1-000001-000002.piece)")
    assert sorted(p.name for p in (here / "pieces").iterdir()) == [
        "eh1-000001-000002.piece", "eh1-000003-000004.piece"]
    assert not (here / "eh.bin").exists()


@pytest.mark.parametrize("command", [["status"], ["unknown"],
                                     ["assemble", "--out", "eh.bin"]])
def test_a_damaged_piece_is_called_a_piece_and_named_with_its_folder(here, command):
    """Every frame-level damage names the file as given (folder included)
    and calls it an atlas piece, not an atlas."""
    piece = here / "pieces" / "eh1-000001-000002.piece"
    good = piece.read_bytes()
    for spoilt, reason in ((b"notes\n", "not a harp atlas piece (no HARP-ATLAS line)"),
                           (good[:-1] + bytes([good[-1] ^ 0x40]),
                            "damaged atlas piece (its compressed data is corrupt)"),
                           (b"HARP-ATLAS\n{}\n", "damaged atlas piece header"),
                           (good + b"junk", "damaged atlas piece (4 bytes after its compressed "
                                            "data)")):
        piece.write_bytes(spoilt)
        refused(["atlas", *command, "--pieces", "pieces"], 1,
                f"pieces/eh1-000001-000002.piece: {reason}")
    assert not (here / "eh.bin").exists()


# ------------------------------------------------------------------ check --file

def test_check_names_a_seahaven_atlas_as_such(here):
    refused(["atlas", "check", "--file", str(harp.atlas.DEFAULT_PATH)], 1,
            "atlas-sh1.bin: a Seahaven atlas, not an Easy Harp atlas")
    (here / "sh.bin").write_bytes(seahaven_atlas_bytes())
    refused(["atlas", "check", "--file", "sh.bin"], 1,
            "sh.bin: a Seahaven atlas, not an Easy Harp atlas")
    refused(["atlas", "check", "--file", "pieces/eh1-000001-000002.piece"], 1,
            "pieces/eh1-000001-000002.piece: an Easy Harp atlas piece, not an Easy Harp atlas")


def test_check_says_a_missing_file_or_a_folder_as_every_command_does(here):
    refused(["atlas", "check", "--file", "missing"], 1,
            "cannot open missing: No such file or directory")
    refused(["replay", "missing"], 1, "cannot open missing: No such file or directory")
    refused(["atlas", "check", "--file", "pieces"], 1,
            "cannot open pieces: it is a folder, not a file")
    refused(["replay", "pieces"], 1, "cannot open pieces: it is a folder, not a file")


def test_check_never_opens_a_pipe_or_a_device(here):
    """A named pipe was opened and waited for a writer; /dev/zero filled
    memory. Both are refused unopened, as a piece named like one is."""
    os.mkfifo(here / "fifo")
    writer = os.open(here / "fifo", os.O_RDWR | os.O_NONBLOCK)    # were it read, no wait
    try:
        written = os.write(writer, b"HARP-ATLAS\n")
        refused(["atlas", "check", "--file", "fifo"], 1, "cannot open fifo: not a regular file")
        os.mkfifo(here / "pieces" / "eh1-000003-000004.piece")
        refused(["atlas", "status", "--pieces", "pieces"], 1,
                "cannot read pieces/eh1-000003-000004.piece: not a regular file")
        assert len(os.read(writer, 1 << 10)) == written         # nothing was read
    finally:
        os.close(writer)
    if os.path.exists("/dev/zero"):
        refused(["atlas", "check", "--file", "/dev/zero"], 1,
                "cannot open /dev/zero: not a regular file")


def test_check_still_names_what_is_damaged(here):
    (here / "notes.txt").write_text("notes\n")
    refused(["atlas", "check", "--file", "notes.txt"], 1,
            "notes.txt: not a harp atlas (no HARP-ATLAS line)")
    assembled("eh.bin")
    data = (here / "eh.bin").read_bytes()
    (here / "eh.bin").write_bytes(data.replace(b'"won":1', b'"won":2'))
    refused(["atlas", "check", "--file", "eh.bin"], 1,
            "eh.bin: damaged atlas (the SHA-256 of its header and payload does not match)")
    (here / "eh.bin").write_bytes(resealed(data, lambda h: {**h, "counts": {**h["counts"],
                                                                             "won": 2}}))
    refused(["atlas", "check", "--file", "eh.bin"], 1,
            "eh.bin: damaged atlas (the counts of verdicts do not match)")


NOT_LIMITS = "damaged atlas header ('limits' must be a list of at most 256 solver limits)"


@pytest.mark.parametrize("changes, reason", [
    ({"limits": 5}, "damaged atlas header ('limits' must be a list)"),
    ({"limits": [1, 2]}, NOT_LIMITS),
    ({"limits": [LIMITS] * 300}, NOT_LIMITS),
    ({"limits": [{}]}, NOT_LIMITS),
    ({"format": "1"}, "damaged atlas header ('format' must be a whole number)"),
    ({"first": "1"}, "damaged atlas header ('first' must be a whole number)"),
])
def test_check_refuses_a_damaged_header_in_one_line(here, changes, reason):
    """A header field is checked beyond the hash (frame-1 files hash the
    payload only): limits of no solver were a traceback, or solved under
    the default limits; format "1" was "format 1, this harp reads format 1"."""
    assembled("eh.bin")
    data = (here / "eh.bin").read_bytes()
    (here / "eh.bin").write_bytes(resealed(data, lambda header: {**header, **changes}))
    refused(["atlas", "check", "--file", "eh.bin", "--sample", "1", "--seed", "3"], 1,
            f"eh.bin: {reason}")


def test_check_refuses_a_header_nested_deeper_than_json_goes(here):
    """It was a RecursionError."""
    (here / "deep.bin").write_bytes(harp.atlas.MAGIC + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    refused(["atlas", "check", "--file", "deep.bin", "--sample", "1"], 1,
            f"deep.bin: damaged atlas header (longer than {harp.atlas.HEADER_LIMIT} bytes)")
    (here / "deep.bin").write_bytes(harp.atlas.MAGIC + b"[" * 20_000 + b"]" * 20_000 + b"\n")
    refused(["atlas", "check", "--file", "deep.bin", "--sample", "1"], 1,
            "deep.bin: damaged atlas header")


def test_check_reads_an_easy_harp_atlas_and_solves_again(here):
    """The verdicts of the hand-made pieces are not the solver's (deal 1 is
    unknown within 3 000 positions, deal 2 won): the check finds both."""
    assembled("eh.bin")
    result = invoke("atlas", "check", "--file", "eh.bin", "--sample", "2", "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "eh.bin: deals 1-2, 1 won, 0 lost, 1 unknown; 2 solved again: 2 differ (1, 2)\n", "")


@pytest.mark.slow
def test_check_with_workers_ends_them_quietly():
    """A real process, as a user runs it (300 deals: two chunks of work,
    so two workers): the check takes its last result and ends; the
    workers, still waiting for work, are stopped by the parent (SIGTERM)
    without a word.  They used to inherit the batch command's SIGTERM
    handler and each print a KeyboardInterrupt's traceback."""
    result = harp_process("atlas", "check", "--sample", "300", "--seed", "7", "--jobs", "2")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.endswith("; 300 solved again: all equal\n")
