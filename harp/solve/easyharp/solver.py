"""Easy Harp solver (RULES A1): decides a position, with a short line.

The deal code fixes every card, face-down ones and the stock order
included, so the solver sees everything.  It answers ``solved`` (with a
canonical script, RULES B7, that the engine replays to ``won``),
``unsolvable`` (proved) or ``unknown`` (a limit was reached).

The parts:

* :mod:`~harp.solve.easyharp.model`: the position with the talon as a
  reserve (a multiset: no draws in the search), the key with its
  symmetries (column order, a suit's two slots; the two copies of a card
  are the same value);
* :mod:`~harp.solve.easyharp.moves_fast`: the sound search's moves (every rule
  move but those proved needless) and the fast search's (macro moves and
  unproved shortcuts);
* :mod:`~harp.solve.easyharp.search`: depth-first search with a
  transposition table, beam search and best-first search (the last two
  share the children they make: :class:`Children`);
* :mod:`~harp.solve.easyharp.core`: the fast search's depth-first runs,
  beams and best-first searches compiled (``_core.c``) when it is built,
  else those of :mod:`~harp.solve.easyharp.search` (the same positions);
* :mod:`~harp.solve.easyharp.safe`: the sound search's proved foundation
  rules (which cards go up at once, which take-backs are needless);
* :mod:`~harp.solve.easyharp.deadends`: proved tests that a position
  cannot be won, before any search;
* :mod:`~harp.solve.easyharp.lines`: the found line shortened and turned
  into actions, draws included.

The order of work (:func:`solve_easy_harp`): the dead-end tests; one
depth-first run of the fast search; a short sound search (it decides small
positions, and positions that only a take-back wins); then fast runs in
turn (depth-first with the order jittered and a growing budget, restarted,
slices of two best-first searches under the novelty order, beam searches of
growing width, and, once the beams are wide, slices of two more
best-first searches; a best-first search goes on where it stopped; on a
hard deal, once the first novelty search is full, searches that go on
from its open positions under other orders, and more novelty searches,
take its share), until
:data:`FAST_SHARE` of the budget is used (or all but :data:`SOUND_CAP`);
then the sound search with what is left.  A fast run only ever answers with a win; only the sound search
(the prover's, :func:`~harp.solve.easyharp.prove.sound_search`, which
also cuts positions rule NEVER-MOVES proves lost) and the dead-end tests
answer ``unsolvable``.

Memory: a depth-first restart's table holds at most :data:`RESTART_CAP`
keys (about 200 bytes each) and the sound search's at most its share of
``max_states``, a beam search at most :data:`BEAM_CAP` positions (a
digest and the moves that lead to it, packed:
:mod:`~harp.solve.easyharp.packed`; a level's children as numbers, and
the positions it keeps packed), the best-first search at
most :data:`BEST_FIRST_CAP` (it keeps the positions it has not expanded,
packed: about 400 bytes per position made, on deal 35497), the one under :func:`score_by_needs` at most
:data:`NEEDS_CAP`, the two under the novelty order at most
:data:`NOVELTY_CAP` (on a hard deal :data:`NOVELTY_MORE` more) and
:data:`NOVELTY_NEEDS_CAP` (then :data:`HARD_NOVELTY_NEEDS_CAP`), the hard
deals' novelty search from the root at most :data:`NOVELTY_DEPTH_CAP`,
and the two that go on from the first novelty search's open positions a
copy of its tables and :data:`REORDERED_DEPTH_CAP` and
:data:`REORDERED_CAP` positions more (a search is freed once full), the
children kept for the beams at most :data:`KEEP_CHILDREN` positions'
(about 8 KB each), and the fast runs' tables are freed before the sound
search, whose table holds at most :data:`SOUND_CAP` keys and whose path
keeps each level's untried steps packed
(:func:`~harp.solve.easyharp.packed.pack_steps`).  So a solver process
stays under 400 MiB at the batch limit (335 MiB on deal 35497, won after
4 558 560 positions, the same at a limit of 12 000 000), and under 500
MiB at ten times it (416 MiB on deal 170775, not won within 50 000 000
positions; the fast runs set that peak: before the cap and the packed
path, the final sound search, 1 500 000 keys on a path 250 000 levels
deep, took it to 892 MiB): benchmarks/NOTES.md.  The exception: when
the first fast run has tried every fast move (the fast moves dead-end at
once), no fast run can win, and the sound search gets the whole budget,
its table growing with it: deal 207527 (the only one of deals 1-15 000
and 200 001-215 000) peaked at 889 MiB at the batch limit and 9.8 GB at
ten times it while that table held plain keys; a long sound search's
table now holds compact keys (:func:`~harp.solve.easyharp.model.compact_keys`
in a :class:`~harp.solve.easyharp.packed.KeySet`), and 207527 peaks at
355 MiB at the batch limit; past
:data:`~harp.solve.easyharp.search.TABLE_CAP` keys the table forgets
(386 MiB at ten times the batch limit).
"""
from __future__ import annotations

import gc
import itertools
import random
from collections.abc import Callable, Iterator

from .core import CompiledBestFirst, beam, best_first, fast_depth_first
from .deadends import dead_end
from .lines import positions_along, shorten, to_actions
from .model import Move, Position, position_from_board
from .moves_fast import play_safe, play_safe_after, wide_steps
from .prove import sound_search
from .safe import play_proved
from .search import (BEAM_SCORES, BestFirst, Children, Novelty, SearchOutcome, clear_memos,
                               score_by_depth, score_by_low_cards, score_by_needs)
from ..budget import POSITIONS, TIME, Budget, Progress
from ..result import DEFAULT_LIMITS, SOLVED, UNKNOWN, UNSOLVABLE, SolveLimits, SolveResult

#: Positions of the first fast run and of the first sound search: small
#: positions are decided before any long search starts.
FIRST_FAST = 200
SOUND_FIRST = 400
#: Share of the positions the fast runs may use before the sound
#: search gets the rest: only the sound search can answer ``unsolvable``.
#: The rest is at most SOUND_CAP positions (the fast runs take what is
#: over): the sound search's table holds a key of 60-100 bytes per
#: position (compact keys) and its path a frame per level, and its table
#: is the largest one held at once (at the batch limit its share is
#: 150 000 positions; at ten times it 1 500 000 took deal 170775's solver
#: to 537 MiB, with plain keys).
FAST_SHARE = 0.97
SOUND_CAP = 1_000_000
#: Depth-first restarts: the first budget, its growth per round, and how
#: far the move order's priorities are jittered (a priority class is 256),
#: so that each restart tries another order; and the most positions one
#: restart makes (its table of keys, about 200 bytes each: memory; at
#: the batch limit no restart comes near it, the last one making about
#: 3 000 positions).
RESTART_STATES = 500
RESTART_GROWTH = 1.25
RESTART_CAP = 1_000_000
JITTER = 600.0
#: Moves the shortening of a found line and the emitter's rewrites may
#: replay or try (:func:`_script`): a count, so that the line is the same
#: on every machine.  A deal's line takes 3 000-4 000, the sound search's
#: line of 16 000 moves from an endgame 20 000 (0.12 s); this bounds a
#: pathological line to about a second.
SHORTEN_WORK = 200_000
#: The first beam's width, and how much wider each round's beams are than
#: the last round's.  A beam keeps every position it made, so one run
#: stops at BEAM_CAP of them (memory).
FIRST_BEAM = 4
BEAM_GROWTH = 2
BEAM_CAP = 1_000_000
#: The beams of a round: each order keeping at most two children of one
#: position a level (diversity), and one plain beam, its order taken in
#: turn (some deals are won only without the limit).
BEAMS = tuple((score, 2) for score in BEAM_SCORES)
PLAIN_ORDERS = (BEAM_SCORES[2], BEAM_SCORES[0], BEAM_SCORES[1])
#: The best-first search (:class:`~harp.solve.easyharp.search.BestFirst`):
#: its order, the positions it may add in a round per unit of the round's
#: beam width, the width from which a round runs it, and the most
#: positions it makes.  It wins deals no beam wins, but a position costs
#: it several times what it costs a beam, so it waits for wide rounds.
BEST_FIRST_ORDER = BEAM_SCORES[2]
BEST_FIRST_PER_WIDTH = 400
BEST_FIRST_FROM = 128
BEST_FIRST_CAP = 400_000
#: The best-first search under :func:`score_by_needs`, which digs for the
#: cards the foundations wait for (deals whose low cards lie deep): the
#: width from which it runs, its share per unit of width, its cap.
NEEDS_FROM = 128
NEEDS_PER_WIDTH = 400
NEEDS_CAP = 60_000
#: The novelty search (:class:`Novelty` with the low-cards order: positions
#: that put a card where no position of the same progress had it come
#: first), the strongest run on hard deals: the width from which it runs,
#: its share per unit of width, its cap.
NOVELTY_FROM = 4
NOVELTY_PER_WIDTH = 6000
NOVELTY_CAP = 250_000
#: A second novelty search, under :func:`score_by_needs`, small and capped
#: so that the first keeps its share.
NOVELTY_NEEDS_PER_WIDTH = 1500
NOVELTY_NEEDS_CAP = 100_000
#: Hard deals: once the first novelty search has made its NOVELTY_CAP
#: positions without a win, the rounds share its slot among these
#: searches, each with HARD_PER_WIDTH positions per unit of width:
#:
#: * a best-first search under :func:`score_by_depth` that goes on from
#:   the first novelty search's open positions
#:   (:meth:`~harp.solve.easyharp.search.BestFirst.reordered`), for
#:   REORDERED_DEPTH_CAP positions;
#: * a novelty search under the depth order that goes on from them too,
#:   for REORDERED_CAP positions;
#: * the first novelty search itself, for NOVELTY_MORE positions more;
#: * a novelty search under the depth order from the root
#:   (NOVELTY_DEPTH_CAP);
#: * the second novelty search, which may now go on to
#:   HARD_NOVELTY_NEEDS_CAP positions;
#: * the best-first search under :func:`score_by_needs`.
#:
#: The first novelty search's open positions are a broad frontier, far
#: from the root, that its own order passes by; ordered afresh they hold
#: short ways to a win.  A search that goes on from them knows every
#: position the first made, and only wins are trusted.
HARD_PER_WIDTH = 1200
REORDERED_DEPTH_CAP = 3_000
REORDERED_CAP = 100_000
NOVELTY_MORE = 50_000
HARD_NOVELTY_NEEDS_CAP = 150_000
NOVELTY_DEPTH_CAP = 250_000
#: The line search: where the best line is cut (a share of its length
#: drawn from this range), and the widths of the beams that finish it.
CUT = (0.1, 0.7)
LINE_WIDTHS = (4, 8, 16)
#: Positions whose children the fast runs keep (:class:`Children`, about
#: 8 KB each): the positions the beams expand again are near the root.
#: (20 000 took 160 MB on deal 35497 and saved no measurable CPU on
#: deals 28, 682, 814 and 1634: a kept list spares an expansion, but
#: costs a dictionary look-up on every expansion.)
KEEP_CHILDREN = 4_000


def solve_easy_harp(board, limits: SolveLimits = DEFAULT_LIMITS,
                    progress: Progress | None = None) -> SolveResult:
    """Search from the board's current position (RULES A1) within
    ``limits``: its ``max_states`` positions decide; after a win, its
    ``line_states`` positions go to shorter lines (:func:`_shorter`).
    Every count is the same on every machine; only the safety net
    (``timeout``) reads the clock.  ``progress`` is told the positions
    searched between the runs and, within the depth-first ones, every
    1024 tries.

    Python's cycle collector is paused meanwhile: the searches make no
    reference cycles, but they keep hundreds of thousands of tuples, which
    the collector would walk again and again (13 % of the time of the fast
    runs on deals 28, 682, 814 and 950: benchmarks/NOTES.md)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(board, limits, progress)
    finally:
        clear_memos()
        if collecting:
            gc.enable()


def _solve(board, limits: SolveLimits, progress: Progress | None) -> SolveResult:
    budget = Budget(limits.max_states, limits.timeout, progress)
    root = position_from_board(board)
    if dead_end(root) is not None:
        return SolveResult(UNSOLVABLE, [], 0)
    fast_line: list[Move] = []
    fast_root = play_safe(root, fast_line)
    sound_line: list[Move] = []
    sound_root = play_proved(root, sound_line)

    def won(prefix: list[Move], found: SearchOutcome) -> SolveResult:
        line, actions, cut = _script(board, root, prefix + found.line, budget)
        verdict = budget.used
        search = budget.beside(limits.line_states, shown=True)
        if limits.line_states > 0 and actions:     # (no line is shorter than none: won)
            actions = _shorter(board, root, line, actions, search)
        late = cut or TIME in (budget.stopped_by, search.stopped_by)
        return SolveResult(SOLVED, actions, verdict + search.used, verdict, TIME if late else None)

    def unknown() -> SolveResult:
        return SolveResult(UNKNOWN, [], budget.used, stopped_by=budget.stopped_by or POSITIONS)

    found = fast_depth_first(fast_root, None, budget.part(FIRST_FAST))
    if found.outcome == SOLVED:
        return won(fast_line, found)
    fast_exhausted = found.outcome == UNSOLVABLE
    found = sound_search(sound_root, budget.part(SOUND_FIRST))
    if found.outcome == SOLVED:
        return won(sound_line, found)
    if found.outcome == UNSOLVABLE:
        return SolveResult(UNSOLVABLE, [], budget.used)
    if not fast_exhausted:
        fast = max(int(FAST_SHARE * budget.limit), budget.limit - SOUND_CAP)
        found = _fast_search(fast_root, budget.part(fast - budget.used))
        if found.outcome == SOLVED:
            return won(fast_line, found)
    found = sound_search(sound_root, budget.part(budget.left))
    if found.outcome == SOLVED:
        return won(sound_line, found)
    if found.outcome == UNSOLVABLE:
        return SolveResult(UNSOLVABLE, [], budget.used)
    return unknown()


def _fast_search(root: Position, budget: Budget) -> SearchOutcome:
    """The fast runs in turn until one wins or the budget is spent; the
    last outcome.  (A function of its own so that the runs' tables, the
    best-first search's among them, are freed before the sound search.)"""
    found = SearchOutcome(UNKNOWN, [], 0)
    for run in _fast_runs(root):
        if budget.spent or budget.late():
            break
        found = run(budget)
        if found.outcome == SOLVED:
            break
    return found


def _script(board, root: Position, line: list[Move], budget: Budget
            ) -> tuple[list[Move], list[str]]:
    """The winning line shortened, and turned into actions.  The shortening
    and the emitter's rewrites replay the line for each change they try:
    once they have replayed :data:`SHORTEN_WORK` moves they stop, and a
    long line from a wide beam is emitted as it is.  (``budget`` lends its
    safety net's deadline, and the third value says whether that deadline
    cut the shortening short: the script then depends on the clock.)"""
    work = budget.beside(SHORTEN_WORK)
    line = shorten(root, line, work)
    actions = to_actions(board, line, work=work)
    return line, actions, work.stopped_by == TIME


def _shorter(board, root: Position, line: list[Move], best: list[str], budget: Budget
             ) -> list[str]:
    """The line search, a large-neighbourhood search on the best line so
    far: keep it up to a cut drawn at random in the :data:`CUT` share of
    its length, finish it from there with a narrow beam (a width of
    :data:`LINE_WIDTHS` and an order of :data:`BEAM_SCORES` drawn at
    random), make the new line a script, and keep it when it is shorter
    (RULES B6: draws count); until the budget's positions are spent.
    Returns the best script."""
    rng = random.Random(0)
    along = positions_along(root, line)
    children = Children(wide_steps, play_safe_after)
    while not budget.spent and not budget.late():
        cut = int(len(line) * rng.uniform(*CUT))
        prefix = line[:cut]
        pos = play_safe(along[cut], prefix)
        found = beam(pos, rng.choice(LINE_WIDTHS), children, rng.choice(BEAM_SCORES),
                     budget.part(BEAM_CAP))
        if found.outcome == SOLVED:
            new_line, actions, _ = _script(board, root, prefix + found.line, budget)
            if len(actions) < len(best):
                line, best = new_line, actions
                along = positions_along(root, line)
    return best


Run = Callable[[Budget], SearchOutcome]
#: A best-first search, pure or compiled (:mod:`~harp.solve.easyharp.core`).
Search = BestFirst | CompiledBestFirst


def _fast_runs(root: Position) -> Iterator[Run]:
    """The fast runs in turn: a narrow beam first, then rounds of a
    depth-first run with a jittered order and a growing budget (restarts:
    a run that wanders into a dead part of the tree is cut short, and a
    fresh table lets the next run pass where the last one failed), from
    width :data:`NOVELTY_FROM` a slice of each novelty order's best-first
    search (once the first is full, the hard deals' slices instead:
    :data:`HARD_PER_WIDTH`), from width :data:`NEEDS_FROM` and
    :data:`BEST_FIRST_FROM` a slice of each other best-first search (on a
    hard deal, the needs order's is among the hard deals'), then the :data:`BEAMS` and
    a plain beam under the next of the :data:`PLAIN_ORDERS`, twice as wide
    as in the last round (a beam finds the wins that need an early choice
    the depth-first order gets wrong)."""
    rng = random.Random(0)
    restart = float(RESTART_STATES)
    children = Children(wide_steps, play_safe_after, KEEP_CHILDREN)
    yield _beam_run(root, children, FIRST_BEAM, *BEAMS[0])
    width = FIRST_BEAM
    depth_order = best_first(root, children, BEST_FIRST_ORDER, BEST_FIRST_CAP)
    needs_first = best_first(root, children, score_by_needs, NEEDS_CAP)
    novel_first = best_first(root, children, Novelty(score_by_low_cards), NOVELTY_CAP)
    novel_needs = best_first(root, children, Novelty(score_by_needs), NOVELTY_NEEDS_CAP)
    hard: list[tuple[Search, int]] = []     # a hard deal's searches, with their shares
    for turn in itertools.count():
        jitter = [rng.random() * JITTER for _ in range(64)]

        def dfs(budget: Budget, jitter=jitter, cap=int(restart)) -> SearchOutcome:
            return fast_depth_first(root, jitter, budget.part(cap))
        yield dfs
        if width >= NOVELTY_FROM and not hard:
            yield _resume(novel_first, width * NOVELTY_PER_WIDTH)
            if novel_first.full:                 # a hard deal
                hard = _hard_searches(root, children, novel_first, novel_needs, needs_first)
            else:
                yield _resume(novel_needs, width * NOVELTY_NEEDS_PER_WIDTH)
        if hard:
            for search, share in hard:
                if not search.full:
                    yield _resume(search, width * share)
                if search.full:             # (freed as soon as it is: memory)
                    search.release()
        else:
            if width >= NEEDS_FROM:
                yield _resume(needs_first, width * NEEDS_PER_WIDTH)
            if width >= BEST_FIRST_FROM:
                yield _resume(depth_order, width * BEST_FIRST_PER_WIDTH)
        # A beam at least BEAM_CAP wide cuts no level (a level's candidates
        # are positions it made, fewer than its BEAM_CAP): at any greater
        # width it is the same breadth-first search, so once a round's beams
        # were that wide, the later rounds' would make the same positions
        # again (the plain beam's next order only expands a level's
        # positions in another order).
        if width // BEAM_GROWTH < BEAM_CAP:
            beams = (*BEAMS, (PLAIN_ORDERS[turn % len(PLAIN_ORDERS)], 0))
            for score, per_parent in beams[1:] if width == FIRST_BEAM else beams:
                yield _beam_run(root, children, width, score, per_parent)
        restart = min(restart * RESTART_GROWTH, RESTART_CAP)
        width *= BEAM_GROWTH


def _hard_searches(root: Position, children: Children, novel_first: Search,
                   novel_needs: Search, needs_first: Search) -> list[tuple[Search, int]]:
    """A hard deal's searches (see :data:`HARD_PER_WIDTH`), in the order
    of a round, each with its positions per unit of width."""
    by_depth = novel_first.reordered(score_by_depth, REORDERED_DEPTH_CAP)
    novel_depth = novel_first.reordered(Novelty(score_by_depth), REORDERED_CAP)
    novel_first.cap += NOVELTY_MORE
    novel_needs.cap = HARD_NOVELTY_NEEDS_CAP
    return [(by_depth, HARD_PER_WIDTH), (novel_depth, HARD_PER_WIDTH),
            (novel_first, HARD_PER_WIDTH),
            (best_first(root, children, Novelty(score_by_depth), NOVELTY_DEPTH_CAP),
             HARD_PER_WIDTH),
            (novel_needs, NOVELTY_NEEDS_PER_WIDTH), (needs_first, HARD_PER_WIDTH)]


def _resume(search: Search, share: int) -> Run:
    def run(budget: Budget) -> SearchOutcome:
        return search.run(budget.part(share))
    return run


def _beam_run(root: Position, children: Children, width: int, score: Callable[[Position], int],
              per_parent: int) -> Run:
    def run(budget: Budget) -> SearchOutcome:
        return beam(root, width, children, score, budget.part(BEAM_CAP), per_parent)
    return run
