"""SQLite store of per-deal results for ``harp stats --db`` (stdlib sqlite3).

One row per (game, variant, deal, kind): the primary key makes a result
impossible to count twice, and ``INSERT OR IGNORE`` lets a resumed or
repeated run write the same deal again harmlessly.  Results are committed
in batches, so an interrupted run (Ctrl-C or kill) loses at most the batch
in progress, which the next run recomputes: ``done()`` says what is stored.
``kind`` is ``layout`` (the measures) or ``solve`` (solver outcome); ``data``
is the result as JSON.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from types import TracebackType
from typing import Any

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
DEFAULT_BATCH = 500


class ResultStore:
    """Per-deal results in one SQLite file; use as a context manager."""

    def __init__(self, path: str, batch_size: int = DEFAULT_BATCH) -> None:
        self.path = path
        self.batch_size = batch_size
        self.connection = sqlite3.connect(path, timeout=30)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=NORMAL")
        self.connection.execute(SCHEMA)
        self.connection.commit()
        self._pending: list[tuple[str, str, int, str, str]] = []

    def done(self, game: str, variant: str, kind: str) -> set[int]:
        """Deal numbers already stored for this game, variant and kind."""
        rows = self.connection.execute(
            "SELECT deal FROM results WHERE game=? AND variant=? AND kind=?",
            (game, variant, kind))
        return {deal for (deal,) in rows}

    def add(self, game: str, variant: str, deal: int, kind: str, data: dict[str, Any]) -> None:
        """Queue one result; a full batch is committed at once."""
        self._pending.append((game, variant, deal, kind, json.dumps(data, separators=(",", ":"))))
        if len(self._pending) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        """Commit the queued results (one transaction)."""
        if not self._pending:
            return
        with self.connection:
            self.connection.executemany(
                "INSERT OR IGNORE INTO results (game, variant, deal, kind, data) "
                "VALUES (?, ?, ?, ?, ?)", self._pending)
        self._pending.clear()

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
        for g, v, deal, k, data in self.connection.execute(sql, args):
            yield g, v, deal, k, json.loads(data)

    def count(self) -> int:
        return self.connection.execute("SELECT COUNT(*) FROM results").fetchone()[0]

    def close(self) -> None:
        self.flush()
        self.connection.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
