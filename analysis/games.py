"""Games to analyse, made by the machine: random legal play and solver wins.

``harp generate`` makes one game record (RULES B8) per deal of a list,
either by seeded random legal play (:func:`play_randomly`: foundation
moves preferred, otherwise any legal action) or from the solver's winning
script; ``harp stats --solve --export`` writes the wins of a run as
records through :func:`solution_record`.  Every record is a real game:
its actions were pushed on the engine's board.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from harp import Board, Record, new_board
from harp.deals import DealCode, make_code
from harp.records import record_of
from harp.solve import SolveLimits

from .parallel import LOCAL, ordered_map
from .stats import SOLVE, DealResult, solve_facts

RANDOM_PLAY, SOLVER = "random-play", "solver"
SOURCES = (RANDOM_PLAY, SOLVER)
#: Chance of taking a foundation move when there is one (random play).
FOUNDATION_BIAS = 0.7
DEFAULT_MAX_ACTIONS = 300


def play_randomly(board: Board, max_actions: int, rng: random.Random,
                  undo_when_blocked: bool = False) -> None:
    """Push random legal actions until the game is won, has ``max_actions``
    actions, or nothing is legal (then undo, if ``undo_when_blocked`` and
    undo is possible, else stop).  A foundation move, when there is one, is
    taken with probability ``FOUNDATION_BIAS``."""
    while len(board.actions) < max_actions and not board.is_won:
        actions = list(board.legal_actions)
        if not actions:
            if not (undo_when_blocked and board.can_undo()):
                return
            board.push("u")
            continue
        home = [a for a in actions if a.dst == "f"]
        board.push(rng.choice(home) if home and rng.random() < FOUNDATION_BIAS
                   else rng.choice(actions))


class GameTask(NamedTuple):
    game: str
    cells: int
    deal: int
    source: str
    seed: int
    max_actions: int
    limits: SolveLimits


class Made(NamedTuple):
    """One deal's game, or None when the solver did not win it; with the
    solver, its outcome (``solved``, ``unsolvable`` or ``unknown``), so
    that a run can say why deals made no record."""

    record: Record | None
    outcome: str | None = None


def make_game(task: GameTask) -> Made:
    """One deal's game: random play seeded by (seed, deal), so any run,
    on any number of workers, makes the same games; or the solver's win
    (no record when the solver does not win the deal)."""
    code = make_code(task.game, task.deal, task.cells)
    if task.source == SOLVER:
        facts = solve_facts(code, task.limits, script=True)
        record = Record(str(code), facts["script"]) if "script" in facts else None
        return Made(record, facts["outcome"])
    board = new_board(code)
    play_randomly(board, task.max_actions, random.Random(f"{task.seed}:{code}"))
    return Made(record_of(board))


def generate_games(game: str, cells: int, deals: list[int], source: str, *, seed: int = 0,
                   max_actions: int = DEFAULT_MAX_ACTIONS,
                   limits: SolveLimits = SolveLimits(), jobs: int = 1, executor: str = LOCAL,
                   scheduler: str | None = None) -> Iterator[Made]:
    """:func:`make_game` for every deal, in order, in parallel."""
    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r} (expected {' or '.join(SOURCES)})")
    tasks = (GameTask(game.upper(), cells, deal, source, seed, max_actions, limits)
             for deal in deals)
    return ordered_map(make_game, tasks, jobs=jobs, chunk_size=16, executor=executor,
                       scheduler=scheduler)


def solution_record(result: DealResult) -> Record | None:
    """The won game of one ``harp stats --solve`` result, if it was won
    and its script kept (``StatsPlan.scripts``)."""
    script = result.results.get(SOLVE, {}).get("script")
    if script is None:
        return None
    return Record(str(DealCode(result.game, result.variant, result.deal)), script)
