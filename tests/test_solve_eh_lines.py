"""Easy Harp lines: the partial order, the talon walk, the shortener.

A solver line is taken where the solver hands it to ``shorten`` (the
interface of :mod:`harp.solve.easyharp.lines`), so these tests do not
depend on how the search finds it.  Every script is replayed by the
engine; every order the scheduler may choose is replayed by the model.
"""
from __future__ import annotations

import random

import pytest
from test_solve_eh import QUICK_DEALS, cards, position, random_endgame

from harp import new_board
from harp.cards import parse_card
from harp.deals import make_code
from harp.solve import SolveLimits
from harp.solve.easyharp import lines as easyharp_lines
from harp.solve.easyharp import solver as easyharp
from harp.solve.easyharp.lines import jump_ahead, positions_along, remove_cycles, shorten, to_actions
from harp.solve.easyharp.model import (COL_TO_FOUNDATION, TAKE_BACK, TALON_TO_COL,
                                       TALON_TO_FOUNDATION, Move, is_legal, position_from_board)
from harp.solve.easyharp.moves_sound import complete_steps
from harp.solve.easyharp.safe import play_proved
from harp.solve.easyharp.search import depth_first
from harp.solve.easyharp.schedule import draws, predecessors, wins


@pytest.fixture(scope="module")
def solver_lines():
    """(board, root, line) for the quick deals, as the solver hands them
    to ``shorten`` (their first wins: no line search, whose lines depend
    on the clock)."""
    caught: list = []
    original = easyharp.shorten

    def spy(root, line, deadline=float("inf")):
        caught.append((root, list(line)))
        return original(root, line, deadline)
    easyharp.shorten = spy
    try:
        out = []
        for number in QUICK_DEALS:
            board = new_board(make_code("EH", number))
            assert easyharp.solve_easy_harp(board, SolveLimits(timeout=20, line_search=0)).solved
            out.append((board, *caught[-1]))
    finally:
        easyharp.shorten = original
    return out


def up(card: str) -> Move:
    """The card from the talon to a foundation."""
    return Move(TALON_TO_FOUNDATION, -1, -1, parse_card(card))


def test_foundation_moves_wait_for_their_rank_not_their_suit():
    """RULES A1.7: with spades at 2 (f1) and 7 (f2), 8S may go up before
    3S; 4S waits for 3S, 9S for 8S."""
    heights = (2, 7, 13, 13, 13, 13, 13, 13)
    line = [up("3S"), up("8S"), up("4S"), up("9S")]
    assert predecessors(line, heights) == [set(), set(), {0}, {1}]


def test_two_copies_of_a_rank_on_two_free_slots():
    """Both spade slots at 2: the two 3S need no 2S; the first 4S waits for
    a 3S, the second 4S for both (RULES A1.7: one slot per card)."""
    heights = (2, 2, 13, 13, 13, 13, 13, 13)
    line = [up("3S"), up("3S"), up("4S"), up("4S")]
    assert predecessors(line, heights) == [set(), {0}, {0}, {1, 2}]


def test_a_take_back_keeps_its_suit_in_line_order():
    """A suit that a take-back touches keeps its foundation moves in line
    order (RULES A1.10: the slots no longer only grow)."""
    heights = (2, 7, 13, 13, 13, 13, 13, 13)
    back = Move(TAKE_BACK, 1, 0, parse_card("7S"))
    line = [up("3S"), back, up("7S"), up("8S")]
    assert predecessors(line, heights) == [set(), {0}, {1}, {2}]


def test_waste_moves_of_one_card_need_no_order():
    """RULES A1.8: the talon only loses cards, so the two waste moves of
    one card value (hearts slots at 4 and 9) can go in either order."""
    heights = (13, 13, 4, 9, 13, 13, 13, 13)
    fh, th = parse_card("5H"), parse_card("TH")
    line = [Move(TALON_TO_FOUNDATION, -1, -1, fh), Move(TALON_TO_COL, -1, 0, th)]
    assert predecessors(line, heights) == [set(), set()]


def _random_order(before: list[set[int]], rng: random.Random) -> list[int]:
    """A random order of the moves that keeps every predecessor first."""
    waiting = [len(b) for b in before]
    followers: list[list[int]] = [[] for _ in before]
    for j, b in enumerate(before):
        for i in b:
            followers[i].append(j)
    ready = [j for j, w in enumerate(waiting) if not w]
    order = []
    while ready:
        j = ready.pop(rng.randrange(len(ready)))
        order.append(j)
        for k in followers[j]:
            waiting[k] -= 1
            if not waiting[k]:
                ready.append(k)
    return order


def test_every_order_of_the_partial_order_wins(solver_lines):
    """The scheduler may play a line in any order that keeps each move
    after its predecessors; sampled orders of real solver lines all
    replay on the model to an empty tableau."""
    rng = random.Random(5)
    for _, root, line in solver_lines:
        line = shorten(root, line)
        before = predecessors(line, root.slots)
        for _ in range(30):
            order = _random_order(before, rng)
            assert len(order) == len(line)
            assert wins(root, [line[j] for j in order])


def test_shorten_never_lengthens_and_still_wins(solver_lines):
    for _, root, line in solver_lines:
        short = shorten(root, line)
        assert len(short) <= len(line)
        assert wins(root, short)
        assert shorten(root, short) == short


def whole_replay(along: list, line: list[Move], i: int, j: int, merged: list[Move]):
    """``_changed`` by its definition: the new line is kept when a replay
    of the whole of it from the root wins."""
    trial = line[:i] + merged + line[i + 1:j] + line[j + 1:]
    return (trial, positions_along(along[0], trial)) if wins(along[0], trial) else None


def sound_line(seed: int):
    """The board of a random endgame and the sound search's winning line
    from it, as ``shorten`` gets it (a depth-first line: it wanders)."""
    rng = random.Random(seed)
    board = random_endgame(rng, rng.randrange(8, 34), rng.random())
    root = position_from_board(board)
    line: list[Move] = []
    start = play_proved(root, line)
    found = depth_first(start, complete_steps, play_proved, 1_000_000, float("inf"))
    assert found.outcome == "solved"
    return board, root, line + found.line


@pytest.mark.slow
def test_shorten_keeps_the_changes_a_whole_replay_keeps(solver_lines, monkeypatch):
    """shorten replays a change only up to where the new line meets the old
    one (the rest is the old line from the same position, which wins): it
    must keep exactly the changes that replaying the whole line keeps, on
    the solver's lines and on wandering lines of the sound search (with
    and without the jumps, which leave fewer changes to try)."""
    lines = [(root, line) for _, root, line in solver_lines]
    lines += [sound_line(seed)[1:] for seed in (3, 11, 40)]
    assert max(len(line) for _, line in lines) > 2000
    for jumps in (True, False):
        if not jumps:
            monkeypatch.setattr(easyharp_lines, "jump_ahead", lambda root, line: line)
        local = [shorten(root, line) for root, line in lines]
        with monkeypatch.context() as patch:
            patch.setattr(easyharp_lines, "_changed", whole_replay)
            assert local == [shorten(root, line) for root, line in lines]


def test_shorten_checks_about_one_move_per_move_of_a_long_line(monkeypatch):
    """The merges alone (no jumps) on the sound search's 5 446-move line of
    a random endgame keep 2 745 moves with about one legality check per
    move (6 047); a replay of the whole line for each change made 2.9
    million and took 9 s, the whole of a 10 s hint (the win was found in
    0.7 s)."""
    board, root, line = sound_line(140)
    checks = []
    monkeypatch.setattr(easyharp_lines, "is_legal",
                        lambda pos, move: checks.append(1) or is_legal(pos, move))
    monkeypatch.setattr(easyharp_lines, "jump_ahead", lambda root, line: line)
    short = shorten(root, line)
    assert len(line) == 5446 and len(short) == 2745
    assert len(checks) < 2 * len(line)
    assert wins(root, short)


def test_jumps_cut_a_wandering_line_to_a_tenth_and_land_on_it():
    """jump_ahead: from each position, one move to the furthest later
    position of the line.  The sound search's 5 446-move line of a random
    endgame becomes 390 moves (280 once shortened); every position the new
    line passes is one the old line passed, in the same order (so the rest
    of the old line still wins from it), and the script replays on the
    engine to a win."""
    board, root, line = sound_line(140)
    jumped = jump_ahead(root, line)
    assert len(jumped) == 390
    old = positions_along(root, line)
    index = 0
    for pos in positions_along(root, jumped):
        index = old.index(pos, index)
    assert index == len(old) - 1
    short = shorten(root, line)
    assert len(short) <= len(jumped) and wins(root, short)
    replay = board.copy()
    replay.push_script(" ".join(to_actions(board, short)))
    assert replay.is_won


def test_shorten_jumps_only_the_lines_that_wander(solver_lines, monkeypatch):
    """JUMP_FROM: a line of more moves per card off the foundations is
    jumped, a shorter one is not (its jumps would save a move at most, at
    the cost of the rest of the shortening): the quick deals' lines are
    not, the sound search's line from an endgame is."""
    jumped = []
    real = easyharp_lines.jump_ahead
    monkeypatch.setattr(easyharp_lines, "jump_ahead",
                        lambda root, line: jumped.append(len(line)) or real(root, line))
    lines = [(root, line) for _, root, line in solver_lines] + [sound_line(140)[1:]]
    long = []
    for root, line in lines:
        del jumped[:]
        shorten(root, line)
        moves = len(remove_cycles(root, line))
        long.append(moves > easyharp_lines.JUMP_FROM * (104 - sum(root.slots)))
        assert jumped == ([moves] if long[-1] else [])
    assert long == [False] * len(solver_lines) + [True]


def from_column(i: int, text: str) -> list[Move]:
    return [Move(COL_TO_FOUNDATION, i, -1, c) for c in cards(text)]


def from_waste(text: str) -> list[Move]:
    return [Move(TALON_TO_FOUNDATION, -1, -1, c) for c in cards(text)]


def script(board, line: list[Move], **rewrites: bool) -> list[str]:
    """The script of a winning line, some rewrites off; it replays to
    ``won`` (RULES A1.9)."""
    assert wins(position_from_board(board), line)
    tokens = to_actions(board, line, **rewrites)
    after = board.copy()
    after.push_script(" ".join(tokens))
    assert after.status() == "won"
    return tokens


@pytest.mark.parametrize("off", [{}, {"pull": False}, {"park": False}, {"relocate": False},
                                 {"pull": False, "park": False, "relocate": False}])
def test_every_script_replays_to_won(solver_lines, off):
    """RULES A1, B7: with or without the emitter's rewrites the script
    replays on the engine to ``won``."""
    for board, root, line in solver_lines:
        script(board, shorten(root, line), **off)


def park_position():
    """Hearts wait for 2H (f3 holds AH), clubs for 3C (f7 holds AC 2C);
    the talon brings 3H, 4H, 2H, 3C in this order (RULES A1.8); the 4C
    on top of column 2 takes the 3H (A1.2), nothing takes the 4H."""
    hearts = cards("KH QH JH TH 9H 8H 7H 6H 5H")
    clubs = cards("KC QC JC TC 9C 8C 7C 6C 5C 4C")
    return position([(8, hearts), (9, clubs)], cards("3C 2H 4H 3H"),
                    [13, 13, 1, 13, 13, 13, 2, 13])


def test_a_parked_card_saves_a_pass():
    """3H shows before the 2H it waits for: parked on the 4C it goes up
    from there after the 2H, and the 4H follows from the waste; four
    draws in all (one per talon card, the fewest there can be).  Without
    parking, the 3H and the 4H need a redeal and a second pass."""
    line = (from_waste("2H 3H 4H 3C") + from_column(0, "5H 6H 7H 8H 9H TH JH QH KH")
            + from_column(1, "4C 5C 6C 7C 8C 9C TC JC QC KC"))
    board = park_position()
    parked, plain = script(board, line), script(board, line, park=False)
    assert draws(parked) == 4 and "w>2" in parked
    assert draws(plain) > 4 and len(parked) < len(plain)


def pull_position():
    """Both hearts slots at 4H; one 5H lies under the KC of column 1, which
    waits for the QC of the talon (clubs at JC); column 2 holds 6H-KH,
    column 3 8H-KH; the talon brings 5H, 7H, QC, 6H in this order."""
    return position([
        (1, cards("5H KC")),
        (7, cards("KH QH JH TH 9H 8H 7H 6H")),
        (5, cards("KH QH JH TH 9H 8H")),
    ], cards("6H QC 7H 5H"), [13, 13, 4, 4, 13, 13, 11, 13])


def test_a_pulled_move_saves_a_pass():
    """RULES A1.7: the talon's 5H may go up at once (a slot is free), ahead
    of the column's 5H that the line plays first; the rest of the line
    still wins, and the 6H and 7H then follow in the same pass: four
    draws, the fewest.  Played in the line's order, the 5H is buried in
    the waste when the 6H needs it: a redeal and a second pass."""
    line = (from_waste("QC") + from_column(0, "KC 5H") + from_column(1, "6H 7H 8H 9H TH JH QH KH")
            + from_waste("5H 6H 7H") + from_column(2, "8H 9H TH JH QH KH"))
    board = pull_position()
    pulled, plain = script(board, line), script(board, line, pull=False)
    assert pulled[:2] == ["d", "w>f"]
    assert draws(pulled) == 4
    assert draws(plain) > 4 and len(pulled) < len(plain)


def relocate_position():
    """The QD on column 1 covers the 8C that the line builds 7H and 6C on;
    the QD waits for the JD of the talon; column 2 ends with an 8S that
    waits for the 7S (spades at 6S), the last card of the talon, which
    brings 7H, 6C, JD, 7S in this order (RULES A1.2, A1.8)."""
    return position([
        (6, cards("KC QC JC TC 9C 8C QD")),
        (5, cards("KS QS JS TS 9S 8S")),
        (5, cards("KH QH JH TH 9H 8H")),
        (1, cards("KD 7C")),
    ], cards("7S JD 6C 7H"), [6, 13, 6, 13, 10, 13, 5, 13])


def test_a_relocated_pile_saves_a_pass_and_a_move():
    """What the line builds on the 8C of column 1 (7H, then 6C on it) is
    built on the 8S of column 2 as the cards show: four draws, one per
    talon card, and no move from column 2 to column 1 that parking the 7H
    there would need.  Played as the line says, the 7H and 6C wait for
    the QD to go, buried in the waste: a redeal and a second pass."""
    board = relocate_position()
    line = (from_waste("JD") + from_column(0, "QD")
            + [Move(TALON_TO_COL, -1, 0, c) for c in cards("7H 6C")]
            + from_column(0, "6C 7H") + from_column(3, "7C KD")
            + from_column(0, "8C 9C TC JC QC KC") + from_column(2, "8H 9H TH JH QH KH")
            + from_waste("7S") + from_column(1, "8S 9S TS JS QS KS"))
    relocated, parked = script(board, line), script(board, line, relocate=False)
    assert draws(relocated) == 4 and relocated[:4] == ["d", "w>2", "d", "w>2"]
    assert "2>1" in parked and len(relocated) < len(parked)
    assert draws(script(board, line, relocate=False, park=False)) > 4


def test_past_the_deadline_a_line_is_emitted_unpolished_and_still_wins(solver_lines):
    """A long line found near the search's deadline: past the deadline
    ``shorten`` only cuts cycles (no trial replays) and the emitter makes
    no rewrite that replays the line; the script still replays to won."""
    for board, root, line in solver_lines:
        quick = shorten(root, line, deadline=0.0)
        assert quick == remove_cycles(root, line)
        script = to_actions(board, quick, deadline=0.0)
        after = board.copy()
        after.push_script(" ".join(script))
        assert after.status() == "won"
        assert len(script) >= len(to_actions(board, shorten(root, line)))
