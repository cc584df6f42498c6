"""The compiled core of the Easy Harp fast search (harp/solve/easyharp/_core.c)
against its pure Python twin: the same children, scores, searches and
solves, position for position."""
from __future__ import annotations

import hashlib
import os
import random
import subprocess
import threading
import sys

import pytest

from harp import new_board
from harp.deals import make_code
from harp.solve import BATCH_LIMITS, solve
from harp.solve.budget import TIME, Budget
from harp.solve.easyharp import core, search
from harp.solve.easyharp.model import key, position_from_board
from harp.solve.easyharp.moves_fast import (jittered, play_safe, play_safe_after, quick_steps,
                                            wide_steps)
from harp.solve.easyharp.packed import pack, unpack_moves
from harp.solve.easyharp.search import (BestFirst, Children, Novelty, depth_first,
                                        score_by_depth, score_by_foundations,
                                        score_by_low_cards, score_by_needs)

needs_core = pytest.mark.skipif(not core.compiled(), reason=core.STATE)
KIDS = Children(wide_steps, play_safe_after)
SCORES = (score_by_low_cards, score_by_foundations, score_by_depth, score_by_needs)


def fast_root(deal: int):
    return play_safe(position_from_board(new_board(make_code("eh", deal, 0))), [])


def walk(deal: int, steps: int, seed: int):
    """Positions along a random line of children from the deal's fast root."""
    rng = random.Random(seed)
    pos = fast_root(deal)
    for _ in range(steps):
        yield pos
        children = KIDS(pos)
        if not children:
            return
        pos = rng.choice(children)[2]


def test_a_built_core_is_the_one_its_source_makes():
    # A module built from an older _core.c (an editable install edited
    # since) is not used; the tests would then only check the pure twin.
    assert "stale" not in core.STATE


def test_a_module_built_from_another_source_is_not_current(tmp_path):
    source = tmp_path / "_core.c"
    source.write_bytes(b"int x;\n")
    digest = hashlib.sha256(b"int x;\n").hexdigest()
    assert core.current(digest, source)
    assert not core.current(hashlib.sha256(b"int y;\n").hexdigest(), source)
    assert core.current("anything", tmp_path / "absent.c")      # an installed wheel: no source


@needs_core
@pytest.mark.parametrize("deal", range(1, 13))
def test_children_and_scores_are_the_pure_ones(deal):
    for pos in walk(deal, 150, deal):
        made = core._core.children(pack(pos))
        pure = KIDS(pos)
        assert [(unpack_moves(segment), child) for segment, child, _ in made] == \
            [(segment, pack(child)) for _, segment, child in pure]
        for number, score in enumerate(SCORES):
            assert core._core.score(pack(pos), number) == score(pos)


@needs_core
def test_the_digest_tells_positions_apart_as_the_key_does():
    by_key: dict[bytes, int] = {}
    digests: dict[int, bytes] = {}
    for deal in (1, 7, 9):
        for pos in walk(deal, 200, 3):
            for _, _, child in KIDS(pos):
                d = core._core.digest(pack(child))
                assert by_key.setdefault(key(child), d) == d
                assert digests.setdefault(d, key(child)) == key(child)
    # the symmetries of the key: the order of columns, a suit's two slots
    pos = next(p for p in walk(9, 60, 1) if p.slots[0] != p.slots[1])
    cols, talon, slots = pos
    turned = (cols[::-1], talon, (slots[1], slots[0], *slots[2:]))
    assert core._core.digest(pack(turned)) == core._core.digest(pack(pos))


def run_both(make, shares, reorder=None):
    """The same search pure and compiled, run in the same slices."""
    out = []
    for compiled in (False, True):
        found = []
        searcher = make(compiled)
        for share in shares:
            result = searcher.run(Budget(share))
            found.append((result.outcome, result.states, result.line, searcher.full))
            if result.outcome == "solved":
                break
        if reorder is not None and found[-1][0] != "solved":
            order, cap = reorder
            other = searcher.reordered(order(), cap)
            for share in (500, 2000):
                result = other.run(Budget(share))
                found.append(("re", result.outcome, result.states, result.line, other.full))
            searcher.cap += 1000
            result = searcher.run(Budget(1000))
            found.append(("more", result.outcome, result.states, result.line))
        out.append(found)
    return out


@needs_core
@pytest.mark.parametrize("deal", [1, 9, 35, 103])
@pytest.mark.parametrize("order", ["novelty-low", "novelty-needs", "depth", "needs"])
def test_best_first_searches_are_the_pure_ones(deal, order):
    def score():
        return {"novelty-low": lambda: Novelty(score_by_low_cards),
                "novelty-needs": lambda: Novelty(score_by_needs),
                "depth": lambda: score_by_depth, "needs": lambda: score_by_needs}[order]()

    def make(compiled):
        root = fast_root(deal)
        if compiled:
            made = core.best_first(root, KIDS, score(), 9000)
            assert isinstance(made, core.CompiledBestFirst)
            return made
        return BestFirst(root, KIDS, score(), 9000)

    pure, compiled = run_both(make, (700, 3000, 6000), reorder=(lambda: Novelty(score_by_depth), 4000))
    assert compiled == pure


@needs_core
@pytest.mark.parametrize("deal", [1, 9, 12, 35])
def test_a_reordered_search_under_a_plain_order_is_the_pure_one(deal):
    def make(compiled):
        root = fast_root(deal)
        return (core.best_first if compiled else BestFirst)(
            root, KIDS, Novelty(score_by_low_cards), 3000)

    pure, compiled = run_both(make, (1000, 1500), reorder=(lambda: score_by_depth, 3000))
    assert compiled == pure


@needs_core
@pytest.mark.parametrize("deal", [1, 9, 28, 35])
@pytest.mark.parametrize("score", [score_by_low_cards, score_by_foundations, score_by_depth])
@pytest.mark.parametrize("width, per_parent", [(4, 2), (16, 0), (64, 2)])
def test_beams_are_the_pure_ones(deal, score, width, per_parent):
    root = fast_root(deal)
    pure = search.beam(root, width, KIDS, score, Budget(20_000), per_parent)
    compiled = core.beam(root, width, KIDS, score, Budget(20_000), per_parent)
    assert compiled == pure


@needs_core
@pytest.mark.parametrize("deal", [1, 7, 9, 12, 35])
@pytest.mark.parametrize("seed", [None, 0, 1])
def test_fast_depth_first_runs_are_the_pure_ones(deal, seed):
    root = fast_root(deal)
    rng = random.Random(seed)
    jitter = None if seed is None else [rng.random() * 600.0 for _ in range(64)]
    steps = quick_steps if jitter is None else jittered(jitter)
    for limit in (200, 3000):
        pure = depth_first(root, steps, play_safe_after, Budget(limit))
        compiled = core.fast_depth_first(root, jitter, Budget(limit))
        assert compiled == pure


@needs_core
def test_a_fast_depth_first_run_that_tries_every_move_answers_as_the_pure_one():
    # Deal 207527's fast moves dead-end at once: both runs search them all
    # ("unsolvable", which the solver takes only as "no fast run can
    # win") and count the same positions.
    root = fast_root(207527)
    pure = depth_first(root, quick_steps, play_safe_after, Budget(200))
    assert pure.outcome == "unsolvable"
    assert core.fast_depth_first(root, None, Budget(200)) == pure


@needs_core
def test_the_safety_net_stops_a_compiled_search():
    root = fast_root(9)
    for run in (lambda b: core.best_first(root, KIDS, Novelty(score_by_low_cards), 10**6).run(b),
                lambda b: core.beam(root, 64, KIDS, score_by_depth, b),
                lambda b: core.fast_depth_first(root, [0.5] * 64, b)):
        budget = Budget(10**6, timeout=0.0)
        found = run(budget.part(10**6))
        assert found.outcome == "unknown" and budget.stopped_by == TIME


@pytest.mark.parametrize("deal", [1, 7, 9, 12, 28])
def test_whole_solves_are_the_same_pure_and_compiled(monkeypatch, deal):
    board = new_board(make_code("eh", deal, 0))
    first = solve(board, BATCH_LIMITS)
    monkeypatch.setattr(core, "_core", None)
    pure = solve(board, BATCH_LIMITS)
    assert (first.outcome, first.states, first.script()) == \
        (pure.outcome, pure.states, pure.script())


@needs_core
@pytest.mark.slow
def test_a_hard_deal_is_solved_the_same_pure_and_compiled(monkeypatch):
    # Deal 950 fills the first novelty search (250 000 positions) and goes
    # on with the hard deals' searches, reordered ones among them.
    board = new_board(make_code("eh", 950, 0))
    first = solve(board, BATCH_LIMITS)
    monkeypatch.setattr(core, "_core", None)
    pure = solve(board, BATCH_LIMITS)
    assert (first.outcome, first.states, first.script()) == \
        (pure.outcome, pure.states, pure.script())
    assert first.states == 391_010


def test_harp_pure_in_the_environment_runs_the_pure_searches():
    code = ("from harp.solve.easyharp import core; print(core.STATE, core.compiled())")
    env = dict(os.environ, HARP_PURE="1")
    shown = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True).stdout
    assert shown == "pure (HARP_PURE=1) False\n"


@needs_core
def test_other_threads_run_during_a_compiled_search():
    # The game's background solver process has a thread that watches its
    # parent; the compiled search lets it run now and then, as Python code
    # would (it holds the GIL otherwise: it calls no Python while it runs).
    root = fast_root(950)
    searcher = core.best_first(root, KIDS, Novelty(score_by_low_cards), 250_000)
    beats: list[int] = []
    running = threading.Event()
    running.set()

    def beat():                 # (always waiting for the GIL, as the watcher does when due)
        while running.is_set():
            beats.append(searcher.core.size)
    thread = threading.Thread(target=beat)
    thread.start()
    try:
        found = searcher.run(Budget(250_000))
    finally:
        running.clear()
        thread.join()
    assert found.states == 250_000
    # (a beat that saw the search between its first and its last position)
    assert any(1 < size < 250_001 for size in beats)
