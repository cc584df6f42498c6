"""The player's own statistics, as the apps keep them: games played and
won, best score, current and best winning streak, for each game and
number of cells; both interactive games (full-screen and line) keep them.

They live in ``harp/stats.json`` under the user's data folder
(``$XDG_DATA_HOME``, else ``~/.local/share``).  The file is written whole
to a temporary file beside it and renamed over it, so a crash leaves the
old file or the new one, never half of one.  A file that cannot be read
as statistics (damaged, or of a newer harp's version) is reported in the
player's words and left alone: nothing is written over it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from harp import Board, HarpError
from harp.atomicfile import AtomicFile
from harp.errors import shown

from .output import one_line

FIELDS = ("played", "won", "best_score", "streak", "best_streak")


class StatsError(HarpError):
    """A statistics file that cannot be read (it is left as it is)."""


class Tally:
    """One game's statistics (``EH``, ``SH-C4``, ``SH-C2``, ``SH-C1``):
    its ``counts`` by the names of FIELDS.  ``best_score`` is the highest
    score of any game, won or not; ``streak`` the games won in a row up to
    the last one, ``best_streak`` the longest such run."""

    def __init__(self, counts: dict[str, int] | None = None) -> None:
        self.counts = {**dict.fromkeys(FIELDS, 0), **(counts or {})}

    def add(self, won: bool, score: int) -> None:
        counts = self.counts
        counts["played"] += 1
        counts["best_score"] = max(counts["best_score"], score)
        if won:
            counts["won"] += 1
            counts["streak"] += 1
            counts["best_streak"] = max(counts["best_streak"], counts["streak"])
        else:
            counts["streak"] = 0

    def line(self) -> str:
        played, won, best, streak, longest = (self.counts[name] for name in FIELDS)
        rate = f"{100 * won / played:.0f} %" if played else "-"
        return (f"played {played}, won {won} ({rate}), best score {best}, "
                f"streak {streak} (best {longest})")


def stats_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                          "share")
    return Path(base) / "harp" / "stats.json"


def game_key(board: Board) -> str:
    code = board.code
    return code.game if code.game == "EH" else f"{code.game}-{code.variant}"


#: The version of the file this harp writes; a newer one is left alone.
VERSION = 1
#: Each count is at most the next: a streak is part of the best one, which
#: is part of the games won, which are part of the games played.
AT_MOST = (("streak", "best_streak"), ("best_streak", "won"), ("won", "played"))
LEFT_ALONE = "it is left as it is: move it away to start new statistics"


def load(path: Path) -> dict[str, Tally]:
    """The statistics in ``path`` (none yet if it does not exist).
    StatsError, in the player's words, if they cannot be read, are
    damaged or were written by a newer harp."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as err:
        raise StatsError(f"the statistics file {shown(str(path))} cannot be read "
                         f"({err.strerror or 'unreadable'}); it is left as it is") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _damaged(path, "it is not UTF-8 text") from None
    try:
        found = json.loads(text)
    except (ValueError, RecursionError) as err:    # RecursionError: nested too deep
        where = (f" at line {err.lineno}, column {err.colno}"
                 if isinstance(err, json.JSONDecodeError) else "")
        raise _damaged(path, f"it is not JSON{where}") from None
    if not isinstance(found, dict):
        raise _damaged(path, "it is not a table of statistics")
    version = found.get("version")
    if type(version) is int and version > VERSION:
        raise StatsError(f"the statistics file {shown(str(path))} was written by a newer harp "
                         f"(version {version}; this one writes version {VERSION}); it is left "
                         "as it is")
    if type(version) is not int or version != VERSION:
        raise _damaged(path, "it has no version number" if version is None
                       else f"version {_shown(version)} is not one harp writes")
    games = found.get("games")
    if not isinstance(games, dict):
        raise _damaged(path, 'it has no "games" table')
    return {key: _tally(path, key, value) for key, value in games.items()}


def _tally(path: Path, key: str, value: object) -> Tally:
    if not isinstance(value, dict):
        raise _damaged(path, f"{_shown(key)} is not a table of counts")
    counts = {}
    for name in FIELDS:
        if name not in value:
            raise _damaged(path, f'{_shown(key)} has no "{name}" count')
        count = value[name]
        if type(count) is not int or count < 0:
            raise _damaged(path, f'{_shown(key)}: "{name}" is {_shown(count)}, not a count')
        counts[name] = count
    for low, high in AT_MOST:
        if counts[low] > counts[high]:
            raise _damaged(path, f"{_shown(key)}: {low.replace('_', ' ')} {counts[low]} is "
                           f"more than {high.replace('_', ' ')} {counts[high]}")
    return Tally(counts)


def _shown(value: object) -> str:
    """A value of the file as the file writes it, clipped, with what JSON
    leaves unescaped but is not printable (``\\x9b``, ``\\x7f``) escaped."""
    return shown(json.dumps(value, ensure_ascii=False), 40)


def _damaged(path: Path, what: str) -> StatsError:
    return StatsError(f"the statistics file {shown(str(path))} is damaged ({what}); {LEFT_ALONE}")


def record_game(board: Board, won: bool, path: Path | None = None) -> Tally:
    """Add one finished game to the file; its game's statistics after it.
    StatsError if the file is damaged (then nothing is written)."""
    path = path or stats_path()
    games = load(path)
    tally = games.setdefault(game_key(board), Tally())
    tally.add(won, board.score)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": VERSION,
                       "games": {k: v.counts for k, v in sorted(games.items())}}, indent=1)
    with AtomicFile(path) as out:
        out.write((text + "\n").encode("utf-8"))
    return tally


class Counter:
    """When a game counts, the same in both interactive games: once, as
    won when it is won, else as played when it is left with an action
    made since it was opened (a game opened won never counts again)."""

    def __init__(self, board: Board) -> None:
        self.counted = board.is_won

    def due(self, board: Board, acted: bool) -> bool:
        """Whether the game counts now: won, or left with ``acted``."""
        return not self.counted and (board.is_won or acted)

    def count(self, board: Board, path: Path | None = None) -> tuple[str, bool]:
        """Add the game (won or not, as the board is), once: the line that
        tells the player its game's statistics, or why they were not
        saved; and whether they were saved."""
        self.counted = True
        try:
            tally = record_game(board, board.is_won, path)
        except (HarpError, OSError) as err:
            return f"Statistics not saved: {one_line(err)}", False
        return f"Your {game_key(board)} games: {tally.line()}", True


def summary(path: Path | None = None) -> str:
    """Every game's statistics, a line each, or why they cannot be read."""
    try:
        games = load(path or stats_path())
    except HarpError as err:
        return one_line(err)
    return ("\n".join(f"{key:6} {tally.line()}" for key, tally in sorted(games.items()))
            or "No game played yet.")
