"""SQLite store of per-deal results for ``harp stats --db`` (stdlib sqlite3).

One row per (game, variant, deal, kind): the primary key makes a result
impossible to count twice, and ``INSERT OR IGNORE`` lets a resumed or
repeated run write the same deal again harmlessly.  Results are committed
in batches, so an interrupted run (Ctrl-C or kill) loses at most the batch
in progress, which the next run recomputes: ``done()`` says what is stored.
``kind`` is ``layout`` (the measures) or ``solve`` (solver outcome); ``data``
is the result as JSON (a solver result holds the limits it ran under, so
that a run with larger limits computes its ``unknown`` again and replaces
it; results of an earlier harp have none, and count as computed under
unknown limits).

The file marks itself as harp's: ``PRAGMA application_id`` is
:data:`APPLICATION_ID` and ``PRAGMA user_version`` the schema version.  A
database that is not harp's (another application id, or tables, views,
indexes or triggers of its own) is refused before anything is written to
it, and so is one holding a row that harp never writes (an unknown game,
variant or kind, a deal that is not a deal number: one SQL query); an
unmarked database holding exactly harp's ``results`` table (written by an
earlier harp) is adopted and marked.

A computing run uses WAL mode while it has the file open, and leaves it
in rollback mode when it closes it, whether it finished or stopped (on
Ctrl-C, or on a damaged stored result), unless another connection still
has it or SQLite itself failed on the file, so that read-only use
(``--report``) can read it without SQLite making ``-wal`` and ``-shm``
files beside it: it opens the file read-only and never writes.  (A file
an earlier harp left in WAL mode gets those two files from SQLite when it
is read, until a computing run puts it back in rollback mode.)  Every
SQLite failure is a one-line :class:`StoreError` naming the file.
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import urllib.parse
from collections.abc import Iterator
from types import TracebackType
from typing import Any

from harp.atomicfile import standard_stream
from harp.deals import MAX_DEAL, VARIANTS
from harp.errors import HarpError, clip, shown

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    game    TEXT    NOT NULL,
    variant TEXT    NOT NULL,
    deal    INTEGER NOT NULL,
    kind    TEXT    NOT NULL,
    data    TEXT    NOT NULL,
    PRIMARY KEY (game, variant, deal, kind)
) WITHOUT ROWID
"""
#: ``PRAGMA application_id`` of a harp store: the bytes 'HARP'.
APPLICATION_ID = 0x48415250
#: ``PRAGMA user_version``: the version of :data:`SCHEMA`.
SCHEMA_VERSION = 1
DEFAULT_BATCH = 500
#: How much of a file name a message quotes.
NAME_LIMIT = 160
#: The kinds of result a row holds.
KINDS = ("layout", "solve")
#: The first row that harp never writes, if any (one scan, in SQLite).
BAD_ROW = (
    "SELECT game, variant, deal, kind FROM results WHERE NOT (("
    + " OR ".join(f"game = '{game}' AND variant IN ({', '.join(repr(v) for v in variants)})"
                  for game, variants in VARIANTS.items())
    + f") AND typeof(deal) = 'integer' AND deal BETWEEN 1 AND {MAX_DEAL}"
    f" AND kind IN ({', '.join(repr(kind) for kind in KINDS)})) LIMIT 1")


class StoreError(HarpError):
    """A results database that cannot be opened, read or written, or is not harp's."""


def _columns(connection: sqlite3.Connection) -> list[tuple[Any, ...]]:
    """The ``results`` table's columns: name, type, not null, default, key position."""
    return [row[1:] for row in connection.execute("PRAGMA table_info(results)")]


def _schema_columns() -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(":memory:")) as memory:
        memory.execute(SCHEMA)
        return _columns(memory)


RESULT_COLUMNS = _schema_columns()


class ResultStore:
    """Per-deal results in one SQLite file; use as a context manager.

    ``read_only`` opens an existing file without ever writing to it (a
    missing file is then an error, not a new database)."""

    def __init__(self, path: str, batch_size: int = DEFAULT_BATCH, *,
                 read_only: bool = False) -> None:
        self.path = path
        self.name = shown(str(path))
        self.batch_size = batch_size
        self.read_only = read_only
        self._pending: list[tuple[str, str, int, str, str]] = []
        self._replacing: list[tuple[str, str, int, str, str]] = []
        #: SQLite failed on the file (not a damaged row of it): nothing
        #: more is asked of it, not even to be put at rest.
        self._failed = False
        _check_file(path, read_only)
        with self._errors("cannot open"):
            self.connection = _connect(path, read_only)
        try:
            with self._errors("cannot use"):
                self._claim()
        except BaseException:
            self._close()
            raise

    # ---------------------------------------------------------------- opening

    def _claim(self) -> None:
        """Check the file is harp's (or empty, or an earlier harp's) before
        writing anything; then create and mark it, and switch to WAL."""
        connection = self.connection
        app_id = connection.execute("PRAGMA application_id").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        objects = connection.execute("SELECT type, name FROM sqlite_master "
                                     "WHERE name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        tables = [name for _, name in objects]
        others = [(kind, name) for kind, name in objects if (kind, name) != ("table", "results")]
        if app_id not in (0, APPLICATION_ID):
            raise StoreError(f"{self.name} is not a harp results database "
                             f"(application id {app_id:#x}); give another file")
        if app_id == 0 and others:
            raise StoreError(f"{self.name} is not a harp results database (it has "
                             f"{_described(objects)}); give another file")
        if app_id == APPLICATION_ID and others:
            raise StoreError(f"{self.name} is not a harp results database (besides harp's "
                             f"results table it has {_described(others)}); give another file")
        if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
            raise StoreError(f"{self.name} was written by a newer harp (schema version "
                             f"{version}, this harp reads {SCHEMA_VERSION})")
        if "results" in tables and _columns(connection) != RESULT_COLUMNS:
            raise StoreError(f"{self.name}: its 'results' table is not harp's (other columns)")
        if "results" in tables:
            with self._errors("cannot read"):
                bad = connection.execute(BAD_ROW).fetchone()
            if bad is not None:
                game, variant, deal, kind = (_shown(value) for value in bad)
                raise StoreError(f"{self.name} is damaged: the stored row of game {game}, "
                                 f"variant {variant}, deal {deal}, kind {kind} is not one "
                                 "harp writes")
        if self.read_only:
            if "results" not in tables:
                raise StoreError(f"{self.name} holds no results yet")
            return
        if app_id != APPLICATION_ID or version != SCHEMA_VERSION or not tables:
            with self._transaction():
                connection.execute(SCHEMA)
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")

    @contextlib.contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """SQLite's errors as one-line StoreErrors naming the file."""
        try:
            yield
        except sqlite3.Error as err:
            self._failed = True
            raise StoreError(f"{doing} {self.name}: {_one_line(err)}") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    # ---------------------------------------------------------------- use

    def done(self, game: str, variant: str, kind: str) -> set[int]:
        """Deal numbers already stored for this game, variant and kind."""
        with self._errors("cannot read"):
            rows = self.connection.execute(
                "SELECT deal FROM results WHERE game=? AND variant=? AND kind=?",
                (game, variant, kind))
            return {deal for (deal,) in rows}

    def add(self, game: str, variant: str, deal: int, kind: str, data: dict[str, Any],
            replace: bool = False) -> None:
        """Queue one result; a full batch is committed at once.  A result
        already stored stays, unless ``replace`` (a result computed again
        under larger limits)."""
        queue = self._replacing if replace else self._pending
        queue.append((game, variant, deal, kind, json.dumps(data, separators=(",", ":"))))
        if len(self._pending) + len(self._replacing) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        """Commit the queued results (one transaction)."""
        if not (self._pending or self._replacing):
            return
        with self._errors("cannot write to"), self._transaction():
            for verb, rows in (("IGNORE", self._pending), ("REPLACE", self._replacing)):
                self.connection.executemany(
                    f"INSERT OR {verb} INTO results (game, variant, deal, kind, data) "
                    "VALUES (?, ?, ?, ?, ?)", rows)
        self._pending.clear()
        self._replacing.clear()

    def results(self, game: str | None = None, variant: str | None = None,
                kind: str | None = None) -> Iterator[tuple[str, str, int, str, dict[str, Any]]]:
        """Stored results (filtered), streamed in (game, variant, deal, kind) order."""
        where, args = [], []
        for column, value in (("game", game), ("variant", variant), ("kind", kind)):
            if value is not None:
                where.append(f"{column}=?")
                args.append(value)
        sql = "SELECT game, variant, deal, kind, data FROM results"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY game, variant, deal, kind"
        with self._errors("cannot read"):
            for g, v, deal, k, data in self.connection.execute(sql, args):
                yield g, v, deal, k, self._result_data(stored_deal(g, v, deal), k, data)

    def _result_data(self, deal: str, kind: object, text: str) -> dict[str, Any]:
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            data = None
        if not isinstance(data, dict):
            raise StoreError(f"{self.name}: the stored {clip(str(kind), 20)} result of {deal} "
                             "is damaged")
        return data

    def count(self) -> int:
        with self._errors("cannot read"):
            return self.connection.execute("SELECT COUNT(*) FROM results").fetchone()[0]

    def close(self) -> None:
        try:
            self.flush()
            if not self.read_only:
                self._at_rest()
        finally:
            self._close()

    def _at_rest(self) -> None:
        """Back to rollback mode, so that a read-only connection needs no
        -wal and -shm files; left in WAL mode if another connection still
        has the file (it is not waited for)."""
        with contextlib.suppress(sqlite3.Error):
            self.connection.execute("PRAGMA busy_timeout = 0")
            self.connection.execute("PRAGMA journal_mode = DELETE")

    def _close(self) -> None:
        self.connection.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._failed:
            self._close()               # SQLite failed: nothing more can be written
        else:
            self.close()                # a damaged row stops a run: the file is at rest too


def _check_file(path: str, read_only: bool) -> None:
    """Refuse, before SQLite sees it, a path SQLite would choke or block on."""
    name = shown(str(path))
    if "\0" in path:
        raise StoreError(f"cannot open {clip(path, NAME_LIMIT)!r}: a file name cannot hold a "
                         "NUL character")
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if read_only:
            raise StoreError(f"cannot open {name}: No such file or directory") from None
        folder = os.path.dirname(path) or "."
        if os.path.islink(path):        # a dangling link: the file is made where it points
            folder = os.path.dirname(os.path.realpath(path))
        if not os.path.isdir(folder):
            raise StoreError(f"cannot create {name}: no such folder {shown(str(folder))}"
                             ) from None
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StoreError(f"cannot create {name}: its folder {shown(str(folder))} "
                             "is read-only") from None
        return
    except OSError as err:
        raise StoreError(f"cannot open {name}: {err.strerror or 'unreadable'}") from None
    if stat.S_ISDIR(mode):
        raise StoreError(f"cannot open {name}: it is a folder, not a database")
    if not stat.S_ISREG(mode):
        raise StoreError(f"cannot open {name}: not a regular file")
    if (stream := standard_stream(path)) is not None:
        raise StoreError(f"cannot open {name}: it is {stream}, where harp prints")
    try:
        open(path, "rb").close()        # SQLite would say only "unable to open database file"
    except OSError as err:
        raise StoreError(f"cannot open {name}: {err.strerror or 'unreadable'}") from None
    if not read_only and not _writable(path):
        raise StoreError(f"cannot write to {name}: it or its folder is read-only "
                         "(--report reads it without writing)")


def _writable(path: str) -> bool:
    """Whether the file and its folder can be written (SQLite writes its
    -wal and -shm files beside the database)."""
    folder = os.path.dirname(path) or "."
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)


def _connect(path: str, read_only: bool) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit)."""
    if not read_only:
        return sqlite3.connect(path, timeout=30, isolation_level=None)
    # (Quoted as bytes: a name that was not UTF-8 holds lone surrogates,
    # which quote cannot encode as text.)
    uri = "file:" + urllib.parse.quote(os.fsencode(os.path.abspath(path)))
    connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=30, isolation_level=None)
    try:
        connection.execute("PRAGMA schema_version").fetchone()
        return connection
    except sqlite3.OperationalError:
        connection.close()
        if os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
            raise
    # A WAL database on a read-only medium cannot get its shared-memory
    # file: read it as immutable (nothing can be writing to it there).
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None)


def stored_deal(game: Any, variant: Any, deal: Any) -> str:
    """``SH C4 deal 3``: a stored row's deal, as messages name it."""
    return " ".join(clip(str(value), 20) for value in (game, variant, "deal", deal))


def _shown(value: Any) -> str:
    """A stored value as a message quotes it: text quoted and clipped."""
    return repr(clip(value, 20)) if isinstance(value, str) else clip(repr(value), 20)


def _described(objects: list[tuple[str, str]], limit: int = 5) -> str:
    """``the table 'x', the trigger 't'``: SQLite objects, by kind and name."""
    shown = ", ".join(f"the {kind} {clip(str(name), 30)!r}" for kind, name in objects[:limit])
    return shown + (f" and {len(objects) - limit} more" if len(objects) > limit else "")


def _one_line(err: BaseException) -> str:
    """SQLite's message, without the damaged text it may quote."""
    return " ".join(str(err).split(" with text ", 1)[0].split())
