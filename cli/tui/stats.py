"""The player's own statistics, as the apps keep them: games played and
won, best score, current and best winning streak, for each game and
number of cells.

They live in ``harp/stats.json`` under the user's data folder
(``$XDG_DATA_HOME``, else ``~/.local/share``).  The file is written whole
to a temporary file beside it and renamed over it, so a crash leaves the
old file or the new one, never half of one.  A file that cannot be read
as statistics is reported and left alone: nothing is written over it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from harp import Board, HarpError
from harp.atomicfile import AtomicFile

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


def load(path: Path) -> dict[str, Tally]:
    """The statistics in ``path`` (none yet if it does not exist)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as err:
        raise StatsError(f"the statistics file {path} cannot be read ({err}); "
                         "it is left as it is") from None
    try:
        data = json.loads(text)
        games = data["games"]
        return {key: Tally({name: _count(value[name]) for name in FIELDS})
                for key, value in games.items()}
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        raise StatsError(f"the statistics file {path} is damaged ({type(err).__name__}: "
                         f"{err}); it is left as it is: move it away to start new statistics"
                         ) from None


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a count")
    return value


def record_game(board: Board, won: bool, path: Path | None = None) -> Tally:
    """Add one finished game to the file; its game's statistics after it.
    StatsError if the file is damaged (then nothing is written)."""
    path = path or stats_path()
    games = load(path)
    tally = games.setdefault(game_key(board), Tally())
    tally.add(won, board.score)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"version": 1, "games": {k: v.counts for k, v in sorted(games.items())}},
                      indent=1)
    with AtomicFile(path) as out:
        out.write((text + "\n").encode("utf-8"))
    return tally
