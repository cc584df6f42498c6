"""Batch scoring of game records (``harp score``).

Each record is replayed by the engine (RULES B8) and becomes one
:class:`ScoreRow`: code, game, variant, deal, won, score, move counter,
actions, cards on foundations, or the error that stopped it (unknown code,
bad notation, illegal action N).  A bad record is a row with its error; the
batch never stops for it.

Everything streams: :func:`score_records` yields rows in input order (from
one process or several), and :class:`ScoreSummary` folds them into groups
whose size does not depend on the number of records (scores are kept as a
counter of values, so the median is exact in O(distinct scores) memory).
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from harp import new_board, parse_code
from harp.deals import VARIANTS
from harp.errors import CLIP_LIMIT, HarpError, RecordError, printable, shown
from harp.records import Record

from .parallel import LOCAL, ordered_map
from .sources import RecordItem, check_paths, iter_records

ROW_FIELDS = ("source", "line", "code", "game", "variant", "deal", "won", "score",
              "moves", "actions", "foundations", "error")
SUMMARY_FIELDS = ("games", "won", "win_pct", "mean_score", "median_score", "best_score",
                  "mean_moves", "errors")


class JSONValue(NamedTuple):
    """A --by value that is not a string (a number, true, false, null, a
    list, an object), as its JSON text: never equal to a string, so that
    JSON ``1`` and ``"1"`` are two groups (and ``true``, ``1`` and ``1.0``
    three, which Python's ``==`` would make one)."""

    text: str


#: A record's value of a --by field: a string, a JSONValue, None when the
#: record has no such field.
GroupValue = str | JSONValue | None


class ScoreInput(NamedTuple):
    """What a worker needs to score one record (small and picklable)."""

    source: str
    line: int
    code: str
    script: str
    script_line: int            # file line of the script's first line
    group: tuple[GroupValue, ...]     # values of the --by fields
    error: str | None = None   # the record could not even be read


class ScoreRow(NamedTuple):
    """One scored record; ``error`` is set (and the counters None) for a bad one."""

    source: str
    line: int
    code: str
    game: str | None
    variant: str | None
    deal: int | None
    won: bool | None
    score: int | None
    moves: int | None
    actions: int | None
    foundations: int | None
    error: str | None
    group: tuple[GroupValue, ...] = ()

    def to_dict(self, by: tuple[str, ...] = ()) -> dict[str, Any]:
        data = dict(zip(ROW_FIELDS, self))
        data.update(zip(by, (group_text(value) for value in self.group)))
        return data


# ------------------------------------------------------------------ scoring

def score_input(item: ScoreInput) -> ScoreRow:
    """Replay one record and measure it; never raises for a bad record."""
    if item.error is not None:
        return ScoreRow(item.source, item.line, item.code, None, None, None, None, None,
                        None, None, None, item.error, item.group)
    try:
        code = parse_code(item.code)
    except HarpError as err:
        return ScoreRow(item.source, item.line, shown(item.code, CLIP_LIMIT), None, None, None,
                        None, None, None, None, None, _one_line(err), item.group)
    board = new_board(code)
    try:
        board.push_script(item.script, first_line=item.script_line)
    except HarpError as err:
        return ScoreRow(item.source, item.line, str(code), code.game, code.variant,
                        code.number, None, None, None, None, None, _one_line(err), item.group)
    return ScoreRow(item.source, item.line, str(code), code.game, code.variant, code.number,
                    board.is_won, board.score, board.moves, len(board.actions),
                    board.cards_on_foundations, None, item.group)


def _one_line(err: BaseException) -> str:
    """An error's message as a row's error: on one line, and what it echoes
    of the record (a token, a code) escaped as every message escapes it
    (:func:`harp.errors.printable`), so that CSV output of an escape
    sequence does not drive the terminal."""
    return printable(" ".join(str(err).split()))


def score_inputs(items: Iterable[RecordItem], by: tuple[str, ...] = ()) -> Iterator[ScoreInput]:
    """Records (or read errors) as worker inputs carrying their --by values."""
    for source, line, record in items:
        if isinstance(record, RecordError):
            yield ScoreInput(source, line, "", "", line, (None,) * len(by), _one_line(record))
        else:
            yield ScoreInput(source, line, record.code, record.script, record.script_line,
                             _group_of(record, by))


def _group_of(record: Record, by: tuple[str, ...]) -> tuple[GroupValue, ...]:
    """The record's values of the --by fields, as written in the record:
    an object with its keys sorted, so that equal objects make one group."""
    return tuple(_group_value(record.extra, name) for name in by)


def _group_value(extra: dict[str, Any], name: str) -> GroupValue:
    if name not in extra:
        return None
    value = extra[name]
    if isinstance(value, str):
        return value
    return JSONValue(json.dumps(value, sort_keys=True, ensure_ascii=False))


def group_text(value: GroupValue) -> str | None:
    """A --by value as a row shows it: a string as it is, any other value
    as its JSON text, none as an empty cell."""
    return value.text if isinstance(value, JSONValue) else value


def score_records(paths: Iterable[str], by: tuple[str, ...] = (), *, jobs: int = 1,
                  chunk_size: int = 256, executor: str = LOCAL,
                  scheduler: str | None = None, stdin: Any = None) -> Iterator[ScoreRow]:
    """Score every record of the given files/folders/``-``, in input order.

    A path that names nothing raises OSError here, before any work; a file
    that cannot be read is a row with its error, like a bad record."""
    paths = list(paths)
    check_paths(paths)
    inputs = score_inputs(iter_records(paths, stdin=stdin), by)
    return ordered_map(score_input, inputs, jobs=jobs, chunk_size=chunk_size,
                       executor=executor, scheduler=scheduler)


# ------------------------------------------------------------------ summary

@dataclass
class GroupStats:
    """Running totals of one group; its size is independent of the input's."""

    games: int = 0
    won: int = 0
    errors: int = 0
    score_sum: int = 0
    moves_sum: int = 0
    best: int | None = None
    scores: Counter[int] = field(default_factory=Counter)

    def add(self, row: ScoreRow) -> None:
        if row.error is not None:
            self.errors += 1
            return
        assert row.score is not None and row.moves is not None
        self.games += 1
        self.won += bool(row.won)
        self.score_sum += row.score
        self.moves_sum += row.moves
        self.best = row.score if self.best is None else max(self.best, row.score)
        self.scores[row.score] += 1

    def to_dict(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "won": self.won,
            "win_pct": won_pct(self.won, n) if n else None,     # as stats rounds it
            "mean_score": round(self.score_sum / n, 1) if n else None,
            "median_score": median_of_counts(self.scores),
            "best_score": self.best,
            "mean_moves": round(self.moves_sum / n, 1) if n else None,
            "errors": self.errors,
        }


def won_pct(won: int, deals: int) -> float:
    """The share of deals won, in %, rounded *down* to 0.01 %: it reads
    100 only when every deal is won (59 999 of 60 000 reads 99.99)."""
    return pct_down(won, deals, 2)


def pct_down(part: int, whole: int, places: int) -> float:
    """``part`` of ``whole`` in %, rounded *down* to ``places`` decimals:
    a share reads 100 only when it is all of it.  The one rule of every
    percentage column of harp's tables (a share and its running total
    agree: the first row's ``pct`` is its ``cum_pct``)."""
    scale = 10 ** places
    return 100 * scale * part // whole / scale


def median_of_counts(counts: Counter[int]) -> float | int | None:
    """Exact median of a multiset given as value -> count."""
    total = sum(counts.values())
    if not total:
        return None
    lower, upper = (total - 1) // 2, total // 2
    seen, low_value = 0, None
    for value in sorted(counts):
        seen += counts[value]
        if low_value is None and seen > lower:
            low_value = value
        if seen > upper:
            middle = (low_value + value) / 2
            return int(middle) if middle == int(middle) else middle
    raise AssertionError("unreachable")


class ScoreSummary:
    """Rows folded into groups keyed by game, variant and the --by fields."""

    def __init__(self, by: tuple[str, ...] = ()) -> None:
        self.by = by
        self.groups: dict[tuple[Any, ...], GroupStats] = {}

    def add(self, row: ScoreRow) -> None:
        key = (row.game, row.variant, *row.group)
        stats = self.groups.get(key)
        if stats is None:
            stats = self.groups[key] = GroupStats()
        stats.add(row)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per group: game, variant, the --by fields, then SUMMARY_FIELDS."""
        labels = [_labels({key[2 + n] for key in self.groups}) for n in range(len(self.by))]
        out = []
        for key in sorted(self.groups, key=lambda key: _group_order(key, labels)):
            game, variant, *values = key
            head = {"game": game, "variant": variant,
                    **{name: label[value] for name, label, value in zip(self.by, labels, values)}}
            out.append({**head, **self.groups[key].to_dict()})
        return out


def _labels(values: set[GroupValue]) -> dict[GroupValue, str | None]:
    """The values of one --by field as the summary labels its groups, one
    label each: a string as it is and any other value as its JSON text
    (:func:`group_text`), but a string that would read as another value
    of the field (``"1"`` beside ``1``) in JSON quotes, and then every
    string starting with a quote too (``"1"`` with its quotes beside the
    quoted ``1``).  A missing field reads as an empty cell, so beside one
    the empty string is quoted too (``""``)."""
    texts = {value.text for value in values if isinstance(value, JSONValue)}
    if None in values:
        texts.add("")
    clash = any(isinstance(value, str) and value in texts for value in values)

    def label(value: GroupValue) -> str | None:
        if isinstance(value, str) and (value in texts or clash and value.startswith('"')):
            return json.dumps(value, ensure_ascii=False)
        return group_text(value)
    return {value: label(value) for value in values}


def _group_order(key: tuple[Any, ...], labels: list[dict[GroupValue, str | None]]
                 ) -> tuple[Any, ...]:
    game, variant, *values = key
    games = list(VARIANTS)
    game_rank = games.index(game) if game in games else len(games)
    variants = VARIANTS.get(game, ())
    variant_rank = variants.index(variant) if variant in variants else len(variants)
    return (game_rank, variant_rank,
            *[label[value] or "" for label, value in zip(labels, values)])


def summarize(rows: Iterable[ScoreRow], by: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    summary = ScoreSummary(by)
    for row in rows:
        summary.add(row)
    return summary.rows()
