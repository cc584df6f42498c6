"""A seeded fuzz test of the whole command line: deal codes,
scripts, record files of every format and damage, databases and option
values, through Click's CliRunner.

Every case must end cleanly: no exception but SystemExit, exit code 0, 1
or 2, and every line on standard error at most LINE_LIMIT characters, with
an ``Error:`` line when the exit code is not 0.  The number of cases is
HARP_FUZZ_CASES (default 3 000, split over the categories), the seed
HARP_FUZZ_SEED; e.g. ``HARP_FUZZ_CASES=20000 python -m pytest
tests/test_cli_fuzz.py``.  Work per case is kept small: solver limits are
always given, deal ranges are short.
"""
from __future__ import annotations

import json
import os
import random
import sqlite3
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from harp.analysis.store import SCHEMA
from harp.cli import cli
from harp.deals import ALPHABET, MAX_DEAL, make_code

from helpers import invoke_ok

CASES = int(os.environ.get("HARP_FUZZ_CASES", "3000"))
SEED = int(os.environ.get("HARP_FUZZ_SEED", "11"))
LINE_LIMIT = 300

#: Characters that look like or fold into code characters, digits of other
#: scripts, controls and quotes (RULES C6).
TRICKY = ["ß", "ſ", "ı", "ﬀ", "٣", "３", "Ａ", "\0", "\x1b", "\n", "\t", " ", "'", '"', ",",
          "#", "-", ">", ":", "é", "\ufeff", "\u200b", "\udce9", "K", "İ"]
TOKENS = ["d", "u", "w>3", "1>f", "2>f", "8>f", "7>2", "3>a", "a>5", "t3", "tt3", "2:3>4",
          "f1>2", "9>f", "10>1", "0:1>2", "x", ">", "1>", ">1", "99>1", "1>99", "#c", "w>w"]


class Fuzz:
    """Random command lines and files, from one seeded generator."""

    def __init__(self, rng: random.Random, folder: Path) -> None:
        self.rng = rng
        self.folder = folder
        self.files = 0

    def choice(self, items: list) -> object:
        return self.rng.choice(items)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # -------------------------------------------------------------- text

    def junk(self, limit: int = 12, clean: bool = False) -> str:
        """Random characters; ``clean``: no lone surrogate (valid text)."""
        tricky = [ch for ch in TRICKY if not (clean and "\ud800" <= ch <= "\udfff")]
        pool = string.ascii_letters + string.digits + string.punctuation + "".join(tricky)
        return "".join(self.rng.choice(pool) for _ in range(self.rng.randint(0, limit)))

    def valid_code(self) -> str:
        game = self.choice(["EH", "SH"])
        number, cells = self.rng.randint(1, MAX_DEAL), self.choice([4, 2, 1])
        return str(make_code(game, number, cells if game == "SH" else 0))  # EH has no cells

    def code(self) -> str:
        code = self.valid_code()
        roll = self.rng.random()
        if roll < 0.4:
            return code.lower() if self.chance(0.3) else code
        if roll < 0.7:                              # a character replaced or inserted
            at = self.rng.randrange(len(code) + 1)
            extra = self.choice(TRICKY + list(ALPHABET) + ["1" * self.rng.choice([9, 5000])])
            return code[:at] + extra + code[at + (self.chance(0.5)):]
        if roll < 0.8:
            return code.replace("1-", "1" * self.rng.choice([3, 4400, 5000]) + "-", 1)
        if roll < 0.9:
            return "x" * self.rng.choice([0, 1, 70, 100_000])
        return self.junk(30)

    def script(self) -> str:
        words = [self.choice(TOKENS) if self.chance(0.85) else self.junk(6)
                 for _ in range(self.rng.randint(0, 30))]
        if self.chance(0.05):
            words.append("9>" * self.rng.choice([100, 50_000]))
        separator = self.choice([" ", "\n", ", ", "  # note\n"])
        return separator.join(words)

    def number(self) -> str:
        return self.choice([
            str(self.rng.randint(1, 300)), str(self.rng.randint(-5, 0)), "9" * 5000, "0" * 5000 + "7",
            "٣", "３", "1_0", "+5", "", " 7 ", "1e3", "nan", "inf", "-inf", "0x10",
            f"{self.rng.random():.3f}", self.junk(5)])

    def seconds(self) -> str:
        return self.choice([f"{self.rng.uniform(0.01, 0.5):.2f}", "0", "-1", "nan", "inf",
                            "1e999", "٣", "", self.junk(4)])

    # -------------------------------------------------------------- files

    def path(self, suffix: str = "") -> Path:
        self.files += 1
        return self.folder / f"f{self.files}{suffix}"

    @staticmethod
    def encode(text: str, clean: bool = True) -> bytes:
        """UTF-8; a lone surrogate from TRICKY becomes '?' or, unless
        ``clean``, the invalid byte it stands for."""
        return text.encode("utf-8", "replace" if clean else "surrogateescape")

    def write(self, data: bytes, suffix: str) -> str:
        path = self.path(suffix)
        path.write_bytes(data)
        return str(path)

    def records_text(self, fmt: str, clean: bool = True) -> str:
        """A few records, some with bad codes or scripts; ``clean``: valid
        text (a JSON record may otherwise escape a lone surrogate)."""
        def text(value: str) -> str:
            return value.encode("utf-8", "replace").decode() if clean else value
        records = [(text(self.code()) if self.chance(0.3) else self.valid_code(),
                    text(self.script())) for _ in range(self.rng.randint(1, 4))]
        if fmt == "jsonl":
            return "".join(json.dumps({"code": c, "moves": m, "player": self.junk(4, clean)})
                           + "\n" for c, m in records)
        if fmt == "csv":
            rows = ["code,moves,player"] + [
                f'{c},"{m.replace(chr(34), "")}",{self.junk(3, clean).replace(",", "")}'
                for c, m in records]
            return "\n".join(rows) + "\n"
        return "".join(f"{c} {m}\n" for c, m in records)


# ------------------------------------------------------------------ cases

Case = tuple[list[str], "str | None"]


def limits(f: Fuzz) -> list[str]:
    """Solver limits that keep a case fast; sometimes a bad value after them."""
    args = ["--max-states", str(f.rng.randint(1, 300)), "--timeout", "0.5"]
    if f.chance(0.3):
        args += [f.choice(["--max-states", "--timeout"]), f.choice([f.number(), f.seconds()])]
    return args


def code_case(f: Fuzz) -> Case:
    command = f.choice(["decode", "deal", "show", "play", "solve", "hint", "encode", "rules"])
    if command == "rules":
        return ["rules", f.choice(["A2.5", "b7", "capacity", "C6", f.junk(8), "x" * 5000])], None
    if command == "encode":
        args = ["encode", "--game", f.choice(["eh", "sh", "EH", "xx"]), f.number()]
        if f.chance(0.3):
            args += ["--cells", f.choice(["1", "2", "4", "3", "٤"])]
        return args, None
    args = [command, f.code()]
    if command in ("solve", "hint"):
        args += limits(f)
    if command == "deal" and f.chance(0.3):
        args += f.choice([["--format", f.choice(["text", "json", "fcs", "x"])], ["--json"],
                          ["--ascii", "--reveal"]])
    return args, None


def script_case(f: Fuzz) -> Case:
    command = f.choice(["play", "show", "solve", "hint", "play-script", "play-stdin"])
    code = f.valid_code() if f.chance(0.9) else f.code()
    if command == "play-script":
        script = f.write(f.encode(f.script(), clean=f.chance(0.5)), ".txt")
        return ["play", code, "--script", script, *f.choice([[], ["-v"], ["--json"]])], None
    if command == "play-stdin":
        return ["play"], f"{code} {f.script()}\n"
    args = [command, code, *f.script().split()]
    if command in ("solve", "hint"):
        args += limits(f)
    if command == "show" and f.chance(0.3):
        args += ["--at", f.number()]
    if command == "play" and f.chance(0.2):
        args += f.choice([["--no-double-click"], ["--no-interactive-rules"], ["-v", "--json"]])
    return args, None


def option_case(f: Fuzz) -> Case:
    """The batch commands' options: values and combinations."""
    flags = ["--json", "--csv", "--quiet", "--solve", "--report", "--rows"]
    valued = {
        "--jobs": lambda: f.choice(["1", "2", "0", "300", "9" * 50, "٢", "-1"]),
        # No reachable scheduler is ever named: connecting would take seconds.
        "--executor": lambda: f.choice(["local", "dask", "x"]),
        "--scheduler": lambda: "",
        "--fmt": lambda: f.choice(["simple", "github", "grid", "nope", f.junk(8)]),
        "--dist": lambda: f.choice(["deepest_ace", "ready_pairs", "aces_face_up", "nope", ""]),
        "--cells": lambda: f.choice(["4", "2", "1", "3", ""]),
        "--game": lambda: f.choice(["eh", "sh", "SH", "xx", ""]),
        "--days": lambda: f.choice(["1", "3", "0", "-2", "9" * 30, "٣", "100000000"]),
        "--daily-from": lambda: f.choice(["2026-01-01", "9999-12-31", "0001-01-01", "2026-13-01",
                                          "٢٠٢٦-٠١-٠١", f.junk(10)]),
        "--deals": lambda: f.choice([f"{f.rng.randint(1, 50)}-{f.rng.randint(1, 60)}", "0",
                                     "1,5,9-12", "٣", "１-３", "1-" + "9" * 5000, ",", "5-1",
                                     f.junk(8), "999999"]),
        "--by": lambda: f.choice(["player", "nope", "", f.junk(6)]),
        "--max-states": f.number,
        "--timeout": f.seconds,
    }
    command = f.choice(["stats", "score"])
    args = [command]
    if command == "score":
        args.append(f.write(f.encode(f.records_text(f.choice(["text", "jsonl", "csv"]))), ".txt"))
    else:
        args += ["--game", f.choice(["eh", "sh"]), "--deals", f"1-{f.rng.randint(1, 8)}",
                 "--max-states", "50", "--timeout", "0.5"]
    for _ in range(f.rng.randint(0, 4)):
        if f.chance(0.4):
            args.append(f.choice(flags))
        else:
            name = f.choice(list(valued))
            args += [name, valued[name]()]
    if command == "stats" and "--solve" not in args and f.chance(0.7):
        args = [a for i, a in enumerate(args) if not _is_limit(args, i)]
    return args, None


def _is_limit(args: list[str], i: int) -> bool:
    """Whether args[i] is one of the base solver limits (indexes 5-8), which
    stats refuses without --solve."""
    return 5 <= i <= 8


DATABASES: dict[str, Callable[[Fuzz, Path], str]] = {}


def database(kind: str) -> Callable:
    def register(make: Callable[[Fuzz, Path], str]) -> Callable:
        DATABASES[kind] = make
        return make
    return register


@database("missing")
def _missing(f: Fuzz, good: Path) -> str:
    return str(f.choice([f.path(".db"), f.folder / "no" / "such.db"]))


@database("foreign")
def _foreign(f: Fuzz, good: Path) -> str:
    path = f.path(".db")
    with sqlite3.connect(path) as connection:
        if f.chance(0.5):
            connection.execute(f"PRAGMA application_id = {f.rng.randint(1, 2**31 - 1)}")
        connection.execute(f.choice(["CREATE TABLE t (a)", SCHEMA.replace("data", "other"),
                                     "CREATE TABLE results (x)"]))
    return str(path)


@database("corrupt")
def _corrupt(f: Fuzz, good: Path) -> str:
    data = bytearray(good.read_bytes())
    for _ in range(f.rng.randint(1, 8)):
        at = f.rng.randrange(len(data))
        data[at:at + f.rng.choice([1, 8, 200])] = f.rng.randbytes(f.rng.choice([1, 8, 200]))
    if f.chance(0.3):
        data = data[:f.rng.randrange(len(data))]
    return f.write(bytes(data), ".db")


@database("not-a-database")
def _not_database(f: Fuzz, good: Path) -> str:
    return f.write(f.choice([b"", b"code,moves\n", f.rng.randbytes(5000), b"SQLite format 3\0"]),
                   ".db")


@database("read-only")
def _read_only(f: Fuzz, good: Path) -> str:
    path = f.path(".db")
    path.write_bytes(good.read_bytes())
    path.chmod(0o444)
    return str(path)


@database("harp")
def _harp(f: Fuzz, good: Path) -> str:
    return f.write(good.read_bytes(), ".db")


@database("odd-path")
def _odd_path(f: Fuzz, good: Path) -> str:
    return f.choice([str(f.folder), "/dev/null", "a\0b", "x" * 5000, str(f.folder) + "/"])


def database_case(f: Fuzz, good: Path) -> Case:
    db = DATABASES[f.choice(list(DATABASES))](f, good)
    if f.chance(0.5):
        return ["stats", "--report", "--db", db, *f.choice([[], ["--solve"], ["--game", "sh"],
                                                           ["--dist", "deepest_ace"]])], None
    return ["stats", "--game", "sh", "--deals", f"1-{f.rng.randint(1, 6)}", "--db", db,
            *f.choice([[], ["--quiet"], ["--solve", "--max-states", "40", "--timeout", "0.5"]])], None


# ------------------------------------------------------------------ record files

def _valid(f: Fuzz) -> tuple[bytes, str]:
    fmt = f.choice(["text", "jsonl", "csv"])
    return f.encode(f.records_text(fmt)), {"text": ".txt", "jsonl": ".jsonl", "csv": ".csv"}[fmt]


def _surrogate(f: Fuzz) -> tuple[bytes, str]:
    """JSON records escaping lone surrogates (\\udce9): not valid text."""
    odd = json.dumps({"code": f.choice([f.valid_code(), "EH1-N-\udce9"]),
                      "moves": f.choice(["d", "\udce9"]), "player": "\udce9"})
    return f.encode(f.records_text("jsonl", clean=False) + odd + "\n"), ".jsonl"


def _truncated(f: Fuzz) -> tuple[bytes, str]:
    data, suffix = _valid(f)
    return data[:f.rng.randrange(len(data) + 1)], suffix


def _nested(f: Fuzz) -> tuple[bytes, str]:
    depth = f.choice([50, 1000, 100_000])
    nested = f.choice(["[" * depth + "]" * depth,
                       '{"code": ' + "[" * depth + "]" * depth + ', "moves": ""}'])
    return (nested + "\n").encode(), ".jsonl"


def _huge(f: Fuzz) -> tuple[bytes, str]:
    """A field over csv's default limit (131 072): a long comment or token,
    cheap to replay (a long game of draws is measured elsewhere)."""
    script = "d 8>f # " + "c" * 140_000 if f.chance(0.5) else "9>" * 70_000
    code = f.valid_code()
    return f.choice([(f"code,moves\n{code},{script}\n".encode(), ".csv"),
                     ((json.dumps({"code": code, "moves": script}) + "\n").encode(), ".jsonl"),
                     (f"{code} {script}\n".encode(), ".txt")])


def _binary(f: Fuzz) -> tuple[bytes, str]:
    return f.rng.randbytes(f.rng.choice([1, 100, 5000])), f.choice([".txt", ".jsonl", ".csv", ""])


def _encoding(f: Fuzz) -> tuple[bytes, str]:
    data, suffix = _valid(f)
    text = data.decode("utf-8", "replace") + "# café\n"
    return text.encode(f.choice(["latin-1", "utf-16", "cp1252"]), "replace"), suffix


def _bom(f: Fuzz) -> tuple[bytes, str]:
    data, suffix = _valid(f)
    return b"\xef\xbb\xbf" + data, suffix


def _crlf(f: Fuzz) -> tuple[bytes, str]:
    data, suffix = _valid(f)
    return data.replace(b"\n", b"\r\n"), suffix


def _multiline_csv(f: Fuzz) -> tuple[bytes, str]:
    code = f.valid_code()
    return f.encode(f'code,moves\n{code},"{f.script()}\n{f.script()}"\n{code},d\n'), ".csv"


def _empty(f: Fuzz) -> tuple[bytes, str]:
    return f.choice([b"", b"\n\n", b"# only a comment\n", b"code,moves\n", b"{}\n"]), \
        f.choice([".txt", ".jsonl", ".csv"])


RECORD_KINDS: dict[str, Callable[[Fuzz], tuple[bytes, str]]] = {
    "valid": _valid, "truncated": _truncated, "nested": _nested, "huge": _huge,
    "binary": _binary, "encoding": _encoding, "bom": _bom, "crlf": _crlf,
    "multiline-csv": _multiline_csv, "empty": _empty, "surrogate": _surrogate,
}


def record_case(f: Fuzz, kind: str) -> Case:
    if kind == "directory":
        folder = f.path()
        folder.mkdir()
        for _ in range(f.rng.randint(0, 3)):
            data, suffix = RECORD_KINDS[f.choice(["valid", "truncated", "crlf", "empty"])](f)
            (folder / f"r{f.files}{suffix}").write_bytes(data)
            f.files += 1
        path = str(folder)
    elif kind == "unreadable":
        written = f.write(b"EH1-N-AAAAAAF d\n", ".txt")
        path = f.choice([written, str(f.folder / "gone.txt"), str(Path(written) / "under.txt")])
        if path == written:
            Path(path).chmod(0)
        elif f.chance(0.5):
            link = f.path(".txt")
            link.symlink_to(f.folder / "nowhere")
            path = str(link)
    else:
        data, suffix = RECORD_KINDS[kind](f)
        path = f.write(data, suffix)
    command = f.choice(["score", "score-rows", "replay", "replay-check", "show", "play",
                        "play-stdin", "score-stdin"])
    if command == "play-stdin" or command == "score-stdin":
        text = Path(path).read_bytes().decode("utf-8", "replace") if Path(path).is_file() \
            and os.access(path, os.R_OK) else ""
        return (["play"] if command == "play-stdin" else ["score", "-", "--rows", "--csv"]), text
    return {
        "score": ["score", path, *f.choice([[], ["--by", "player"], ["--json"]])],
        "score-rows": ["score", path, "--rows", f.choice(["--csv", "--json"])],
        "replay": ["replay", path],
        "replay-check": ["replay", "--check", path],
        "show": ["show", "--load", path],
        "play": ["play", "--load", path],
    }[command], None


# ------------------------------------------------------------------ checks

def problems(result: Result) -> str | None:
    """What is wrong with how a case ended, or None."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"{type(result.exception).__name__}: {str(result.exception)[:200]}"
    if result.exit_code not in (0, 1, 2):
        return f"exit code {result.exit_code}"
    lines = result.stderr.splitlines()
    long = [line for line in lines if len(line) > LINE_LIMIT]
    if long:
        return f"a {len(long[0])}-character line on stderr: {long[0][:120]!r}"
    if result.exit_code and not any(line.startswith("Error: ") for line in lines):
        return f"exit {result.exit_code} without an Error: line: {result.stderr[-200:]!r}"
    return None


def run_cases(make: Callable[[Fuzz], Case], share: float, tmp_path: Path, name: str) -> None:
    rng = random.Random(f"{SEED}:{name}")
    fuzz = Fuzz(rng, tmp_path)
    runner = CliRunner()        # not invoke(): every case's problem is collected, not the first
    failures = []
    count = max(10, round(CASES * share))
    for _ in range(count):
        args, stdin = make(fuzz)
        data = None if stdin is None else stdin.encode("utf-8", "surrogateescape")
        result = runner.invoke(cli, args, input=data)
        problem = problems(result)
        if problem:
            failures.append(f"{[a[:40] for a in args]}: {problem}")
    assert not failures, f"{len(failures)} of {count} cases failed:\n" + "\n".join(failures[:8])


@pytest.fixture(scope="module")
def harp_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("db") / "harp.db"
    invoke_ok("stats", "--game", "sh", "--deals", "1-60", "--db", str(db), "--solve",
              "--max-states", "30", "--timeout", "0.5")
    return db


@pytest.mark.parametrize("category, make, share", [
    ("codes", code_case, 0.2), ("scripts", script_case, 0.2), ("options", option_case, 0.2)])
def test_fuzz_command_lines(tmp_path: Path, category: str, make: Callable, share: float) -> None:
    run_cases(make, share, tmp_path, category)


def test_fuzz_databases(tmp_path: Path, harp_db: Path) -> None:
    run_cases(lambda f: database_case(f, harp_db), 0.1, tmp_path, "databases")


@pytest.mark.parametrize("kind", [*RECORD_KINDS, "directory", "unreadable"])
def test_fuzz_record_files(tmp_path: Path, kind: str) -> None:
    run_cases(lambda f: record_case(f, kind), 0.3 / (len(RECORD_KINDS) + 2), tmp_path,
              f"records-{kind}")
