"""harp as a Python library (docs/library.md): the page's examples run
as doctests, every harp error survives pickling (a process pool sends a
worker's error back pickled), a wrong type is a TypeError that says what
to pass, and the solvers' limits are checked when made."""
from __future__ import annotations

import copy
import datetime
import doctest
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

import harp
from harp import new_board
from harp.cards import card_str
from harp.errors import HarpError, IllegalActionError, InvalidCodeError, NotationError, RecordError
from harp.render import board_to_dict
from harp.solve import SolveLimits, hint, solve

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "library.md"
#: A block of examples on the page: ```pycon ... ```.
EXAMPLES = re.compile(r"```pycon\n(.*?)```", re.S)


def test_the_library_page_examples_are_true() -> None:
    """Every ``>>>`` example of docs/library.md, in order, in one namespace."""
    blocks = EXAMPLES.findall(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 6
    text = "\n".join(blocks)
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried > 25 and failed == 0


def test_the_page_is_linked_from_the_readme_and_the_development_notes() -> None:
    assert "(docs/library.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(library.md)" in (ROOT / "docs" / "development.md").read_text(encoding="utf-8")


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "harp" / "py.typed").is_file()
    assert '"py.typed"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


# ------------------------------------------------------------------ errors

def _placed(error: HarpError) -> HarpError:
    return error.at(3, "1>f", 2)


ERRORS = [
    IllegalActionError("AS cannot go on 3H", "A1.2", "a reminder", interactive=False),
    _placed(IllegalActionError("AS cannot go on 3H", "A1.2")),
    NotationError("'x': cannot read"),
    _placed(NotationError("'1>f': no column")),
    InvalidCodeError("bad code"),
    RecordError("bad record"),
    HarpError("plain"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_every_harp_error_pickles_and_copies_with_its_attributes(error: HarpError) -> None:
    """An IllegalActionError needs ``rule`` to be made: pickle.loads, copy
    and a ProcessPoolExecutor's result used to fail with a TypeError."""
    for again in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(again) is type(error)
        assert str(again) == str(error) and again.args == error.args
        assert vars(again) == vars(error)


def test_a_refusal_from_a_worker_process_comes_back_whole() -> None:
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(1) as pool:
        failed = pool.submit(harp.replay, harp.Record("EH1-N-AAAAAAF", "1>f 2>3"))
        with pytest.raises(IllegalActionError) as caught:
            failed.result()
    assert caught.value.rule == "A1.2" and caught.value.action_number == 2


# ------------------------------------------------------------------ wrong types

def test_one_str_where_a_list_is_meant_is_a_type_error() -> None:
    """Not read character by character (a record whose code was 'E', a
    script '1 > f', a hint that could not read '1')."""
    board = harp.new_board("EH1-N-AAAAAAF")
    # (read_records reads one str as a file's whole text, not character by character.)
    assert [r.code for _, r in harp.read_records("EH1-N-AAAAAAF 1>f")] == ["EH1-N-AAAAAAF"]
    with pytest.raises(TypeError, match="list of actions"):
        harp.format_script("1>f")
    with pytest.raises(TypeError, match="parse_script"):
        hint(board, "1>f")
    with pytest.raises(TypeError, match="one by one"):
        board.push_script(["1>f"])
    with pytest.raises(TypeError, match="Record"):
        harp.replay("EH1-N-AAAAAAF 1>f")
    assert board.actions == []
    assert harp.format_script(board.parse_script("1>f d")) == "1>f d"


@pytest.mark.parametrize("given, error, message", [
    ({"upto": "3"}, TypeError, "upto is an int or None, not str ('3')"),
    ({"upto": True}, TypeError, "upto is an int or None, not bool (True)"),
    ({"upto": -1}, ValueError, "upto is 0 or more, not -1"),
    ({"first_line": 1.0}, TypeError, "first_line is an int, not float (1.0)"),
    ({"first_line": 0}, ValueError, "first_line is 1 or more, not 0"),
    ({"first_number": 0}, ValueError, "first_number is 1 or more, not 0"),
    ({"source": 5}, TypeError, "source is a file's name (a str) or None, not int"),
    ({"each": "print"}, TypeError, "each is a function of (number, action) or None, not str"),
])
def test_push_script_checks_its_arguments_before_any_action(given, error, message) -> None:
    """Before: upto -1 pushed nothing, upto True one action, first_number 0
    numbered from 0, and a str upto failed inside the loop."""
    board = harp.new_board("SH1-C4-AAAAAJ2")
    with pytest.raises(error, match="^" + re.escape(message) + "$"):
        board.push_script("8>f 7>2", **given)
    assert board.actions == []
    assert [str(a) for a in board.push_script("8>f 7>2", upto=1)] == ["8>f"]


# ------------------------------------------------------------------ the solvers' limits

@pytest.mark.parametrize("given, error", [
    ({"max_states": 0}, HarpError), ({"max_states": -5}, HarpError),
    ({"max_states": 2.5}, TypeError), ({"max_states": True}, TypeError),
    ({"max_states": None}, TypeError), ({"max_states": "100"}, TypeError),
    ({"line_states": -1}, HarpError), ({"line_states": False}, TypeError),
    ({"timeout": 0}, HarpError), ({"timeout": -1}, HarpError),
    ({"timeout": float("nan")}, HarpError), ({"timeout": float("inf")}, HarpError),
    ({"timeout": "5"}, TypeError), ({"timeout": True}, TypeError),
])
def test_solve_limits_are_checked_when_made(given: dict, error: type) -> None:
    """As the command line's --max-states, --line-states and --timeout:
    max_states 0 used to search 6 positions, None failed deep in a search."""
    with pytest.raises(error):
        SolveLimits(**given)
    import dataclasses
    with pytest.raises(error):
        dataclasses.replace(SolveLimits(), **given)


def test_solve_limits_that_the_command_line_allows_are_made() -> None:
    assert SolveLimits(1, 0, None) == SolveLimits(max_states=1)
    assert SolveLimits(timeout=60).timeout == 60 and SolveLimits(timeout=0.5).timeout == 0.5


def test_solve_and_hint_take_solve_limits_only() -> None:
    board = harp.new_board("SH1-C4-AAAAAJ2")
    with pytest.raises(TypeError, match="SolveLimits"):
        solve(board, {"max_states": 10})
    with pytest.raises(TypeError, match="SolveLimits"):
        hint(board, (), {"max_states": 10})


def test_every_date_of_the_daily_deal_is_checked() -> None:
    """RULES B4 via the package's front door (details: test_deals.py)."""
    day = datetime.date(2026, 11, 29)
    assert harp.daily_code("EH", datetime.datetime(2026, 11, 29, 23, 59)) == harp.daily_code("EH", day)
    with pytest.raises(InvalidCodeError):
        harp.daily_code("EH", "2026-11-29T00:00")


@pytest.mark.parametrize("code, first, second", [("EH1-N-AAAAAAF", "1>f", "d"),
                                                  ("SH1-C4-AAAAAJ2", "8>f", "7>2")])
def test_copy_copy_is_the_board_s_own_copy_and_shares_nothing(code, first, second) -> None:
    """``copy.copy`` (as python-chess's users call it) copies as
    ``board.copy()`` does: changing the copy leaves the original whole."""
    board = new_board(code)
    board.push(first)
    before = (board_to_dict(board), board.script(), board.moves)
    other = copy.copy(board)
    other.push(second)
    other.pop()
    other.pop()
    assert (board_to_dict(board), board.script(), board.moves) == before
    assert other.script() == "" and board.script() == first


def test_the_library_page_passes_the_standard_doctest_tool() -> None:
    """``python -m doctest docs/library.md`` (doctest.testfile, no option
    flags): an example's expected output ran into the closing fence, so 6
    of its examples failed there.  Run in a fresh interpreter, as a reader
    runs it: this one has imported the whole package already."""
    failed, tried = doctest.testfile(str(PAGE), module_relative=False, report=False)
    assert tried > 25 and failed == 0
    done = subprocess.run([sys.executable, "-m", "doctest", str(PAGE)], capture_output=True,
                          text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


# ------------------------------------------------------------------ wrong types, bad values

@pytest.mark.parametrize("call, says", [
    (lambda b: b.parse_action(None), "an action is a str"),
    (lambda b: b.parse_script(0), "a script is a str"),
    (lambda b: harp.notation.parse_action(5, "EH"), "an action is a str"),
    (lambda b: harp.notation.parse_location(None, "EH"), "a location is a str"),
    (lambda b: harp.new_board(None), "a deal code is a str"),
    (lambda b: harp.new_board(b"EH1-N-AAAAAAF"), "not bytes: decode it first"),
    (lambda b: harp.Board(5), "a deal code is a str"),
    (lambda b: harp.parse_code(None), "a deal code is a str"),
    (lambda b: harp.make_code(None, 5), "a game is 'EH' or 'SH'"),
    (lambda b: harp.Record(None, "1>f"), "a record's code is a str"),
    (lambda b: harp.Record("EH1-N-AAAAAAF", ["1>f"]), "a record's script is a str"),
    (lambda b: harp.random_code("SH", 4, "seed"), "rng is a random.Random"),
    (lambda b: list(harp.read_records([None])), "lines of text (str), not NoneType (line 1)"),
    (lambda b: list(harp.read_records([b"EH1-N-AAAAAAF 1>f"])), "open the file in text mode"),
    (lambda b: list(harp.read_records([], None)), "fmt is one of"),
    (lambda b: solve(None), "solve takes a board"),
    (lambda b: solve("SH1-C4-AAAAAJ2"), "harp.new_board(code) makes one"),
    (lambda b: hint(None), "hint takes a board"),
    (lambda b: harp.render.render_text(None), "render_text takes a board"),
    (lambda b: board_to_dict("x"), "board_to_dict takes a board"),
    (lambda b: harp.render.fcs_board(None), "fcs_board takes a board"),
])
def test_a_wrong_type_at_a_front_door_is_a_type_error_that_says_what_to_pass(call, says) -> None:
    """These used to fail with AttributeError, KeyError or IndexError from
    deep inside (docs/library.md, "Errors", promises a TypeError)."""
    with pytest.raises(TypeError, match=re.escape(says)):
        call(harp.new_board("EH1-N-AAAAAAF"))


def test_read_records_of_a_file_opened_in_binary_mode_is_a_type_error(tmp_path) -> None:
    path = tmp_path / "games.txt"
    path.write_text("EH1-N-AAAAAAF 1>f\n", encoding="utf-8")
    with path.open("rb") as file, pytest.raises(TypeError, match="not bytes"):
        list(harp.read_records(file))


# ------------------------------------------------------------------ Board(code)

@pytest.mark.parametrize("code, kind", [("EH1-N-AAAAAAF", "EasyHarpBoard"),
                                        ("sh1-c2-aaaaaj2", "SeahavenBoard")])
def test_board_of_a_code_is_the_board_of_its_game(code: str, kind: str) -> None:
    """As chess.Board(fen): harp.Board(code) used to fail with
    AttributeError ('Board' object has no attribute 'game')."""
    for made in (harp.Board(code), harp.Board(harp.parse_code(code), double_click=False)):
        assert type(made).__name__ == kind and isinstance(made, harp.Board)
        assert str(made) == str(new_board(code))
    board = harp.Board(code)
    assert type(board.copy()) is type(board)
    assert type(pickle.loads(pickle.dumps(board))) is type(board)


def test_a_game_s_board_refuses_another_game_s_code() -> None:
    from harp.easyharp import EasyHarpBoard
    with pytest.raises(InvalidCodeError, match="EasyHarpBoard plays Easy Harp, not SH1-C4-AAAAAJ2"):
        EasyHarpBoard("SH1-C4-AAAAAJ2")
    with pytest.raises(InvalidCodeError):
        harp.Board("EH1-N-AAAAAAA")


# ------------------------------------------------------------------ positions set up by hand

def _eh():
    return new_board("EH1-N-AAAAAAF")


def _sh():
    return new_board("SH1-C4-AAAAAJ2")


@pytest.mark.parametrize("make, pile, value, error, says", [
    (_eh, "columns", lambda b: b.columns[:5], HarpError, "this game has 9 columns, not 5"),
    (_eh, "columns", lambda b: [[99]] + b.columns[1:], HarpError,
     "column 1 holds 99, which is no card"),
    (_eh, "columns", lambda b: [[-1]] + b.columns[1:], HarpError, "column 1 holds -1"),
    (_eh, "columns", lambda b: ["AS"] + b.columns[1:], TypeError, "column 1 is a list of cards"),
    (_eh, "columns", lambda b: [[1.0]] + b.columns[1:], TypeError, "not float"),
    (_eh, "columns", lambda b: None, TypeError, "columns is a list of 9 lists"),
    (_eh, "face_down", lambda b: [5] * 9, HarpError,
     "column 1 has 0 cards, so 5 of them cannot lie face down: the top card of a column "
     "is face up (RULES A1.6)"),
    (_eh, "face_down", lambda b: [0] * 8, HarpError, "one count per column: 9, not 8"),
    (_eh, "face_down", lambda b: [-1] + [0] * 8, HarpError, "so -1 of them"),
    (_eh, "face_down", lambda b: [None] * 9, TypeError, "not NoneType"),
    (_eh, "stock", lambda b: None, TypeError, "the stock is a list of cards"),
    (_eh, "waste", lambda b: [52], HarpError, "the waste holds 52"),
    (_eh, "foundations", lambda b: [[0]] + [[]] * 7, HarpError,
     "foundation f1 builds spades from the ace up, one card at a time (RULES A1.7, B5): "
     "it cannot hold AC"),
    (_eh, "foundations", lambda b: [[7]] + [[]] * 7, HarpError, "it cannot hold 2S"),
    (_eh, "foundations", lambda b: [[]] * 4, HarpError, "this game has 8 foundations, not 4"),
    (_sh, "foundations", lambda b: [[0, 4], [], [], []], HarpError,
     "foundation f1 builds spades from the ace up, one card at a time (RULES A2.3, B5): "
     "it cannot hold AC 2C"),
    (_sh, "foundations", lambda b: [[], [], [], [0, 8]], HarpError, "it cannot hold AC 3C"),
    (_sh, "cells", lambda b: [99, None, None, None], HarpError, "cell a holds 99"),
    (_sh, "cells", lambda b: None, TypeError, "cells is a list of 4 cards or None"),
])
def test_a_pile_set_up_by_hand_is_checked_when_assigned(make, pile, value, error, says) -> None:
    """These were taken, then failed later far from their cause (an
    IndexError in push or str) or were played on: face_down [5]*9 showed
    '1: ##' and let push('1>f') send a face-down card to a foundation; A♣
    and 2♣ in the spade slot were accepted.  A refused pile changes nothing."""
    board = make()
    board.push("1>f" if board.game == "EH" else "8>f")
    before = (board_to_dict(board, reveal=True), board.script())
    with pytest.raises(error, match=re.escape(says)):
        setattr(board, pile, value(board))
    assert (board_to_dict(board, reveal=True), board.script()) == before


def test_piles_the_rules_allow_are_taken_as_new_lists() -> None:
    """Given as tuples or lists, kept as the board's own lists, copied in:
    a list assigned to two boards is not shared between them."""
    board, other = _eh(), _eh()
    board.columns = tuple(tuple(col) for col in board.columns)
    assert all(type(col) is list for col in board.columns)
    board.foundations = [[3, 7], [], [2], [], [], [], [], [0]]     # AS 2S, AH, AC (RULES B5)
    assert board.cards_on_foundations == 4
    other.columns = board.columns
    other.columns[0].append(51)
    assert (len(board.columns[0]), len(other.columns[0])) == (1, 2)


def test_columns_assigned_keep_each_top_card_face_up() -> None:
    """RULES A1.6: a face-down count the new column cannot hold is lowered."""
    board = _eh()
    board.columns = [[5, 6, 7]] + [[] for _ in range(8)]
    assert board.face_down == [0] * 9
    board.face_down = [2] + [0] * 8
    assert str(board).splitlines()[4] == "1: ## ## 2S"


def test_a_face_down_card_is_never_played_from_a_position_set_up_by_hand() -> None:
    """face_down [5]*9 was taken and push('1>f') then sent the face-down
    card to a foundation; a column's top card is face up (RULES A1.6)."""
    board = _eh()
    with pytest.raises(HarpError, match=r"RULES A1\.6"):
        board.face_down = [5] * 9
    board.face_down = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert str(board).splitlines()[4:6] == ["1: AH", "2: ## AS"]


# ------------------------------------------------------------------ solver results and legal actions

def test_a_hint_s_action_is_in_legal_actions_and_limits_may_come_second() -> None:
    """A hint's action is notation (as the command line prints it): ``in
    legal_actions`` was False for it, although legal; and hint(board,
    SolveLimits(...)) failed with "'SolveLimits' object is not iterable"."""
    board = harp.new_board("SH1-C4-AAAAAJ2")
    found = hint(board, SolveLimits(max_states=100_000))
    assert (found.action, found.outcome) == ("8>f", "solved")
    assert found.result.limits == SolveLimits(max_states=100_000)
    assert found.action in board.legal_actions and board.parse_action(found.action) in board.legal_actions
    result = solve(board, SolveLimits(max_states=100_000))
    assert result.actions[0] in board.legal_actions
    assert "8>F" in board.legal_actions                 # read for the board, in any case
    assert "t8" not in board.legal_actions and "8>9" not in board.legal_actions
    assert "zz" not in board.legal_actions and "10>w" not in board.legal_actions
    assert 5 not in board.legal_actions
    with pytest.raises(TypeError, match="two SolveLimits"):
        hint(board, SolveLimits(max_states=10), SolveLimits(max_states=10))


@pytest.mark.parametrize("setup, said", [
    (lambda board: setattr(board, "stock", board.stock[1:]), "once"),
    (lambda board: setattr(board, "waste", [board.stock[0]]), "3 times"),
])
def test_the_solvers_refuse_a_position_without_the_whole_pack(setup, said):
    """A hand-set position may leave cards out (docs/library.md): the
    Easy Harp solver called one card short 'solved' with a line that does
    not win, and hint failed an assert; with the tableau empty and a card
    missing it ran without end, past its limits.  Refused, naming the card."""
    board = harp.new_board("EH1-N-AAAAAAF")
    card = card_str(board.stock[0])
    setup(board)
    message = (f"the solver needs the whole pack, each card twice (RULES A1.1): this position "
               f"holds {card} {said}")
    with pytest.raises(harp.HarpError, match="^" + re.escape(message) + "$"):
        solve(board, SolveLimits(max_states=1000))
    with pytest.raises(harp.HarpError, match="^" + re.escape(message) + "$"):
        hint(board, limits=SolveLimits(max_states=1000))


def test_the_easy_harp_solver_ends_on_an_empty_tableau_short_of_a_card():
    """Every card on the foundations or in the stock, one 7♥ left out: the
    search took the empty tableau for a win and drew for ever."""
    board = harp.new_board("EH1-N-AAAAAAF")
    ranks = lambda suit, n: [suit + 4 * r for r in range(n)]      # noqa: E731
    board.columns, board.face_down = [[]] * 9, [0] * 9
    board.foundations = [ranks(3, 13)] * 2 + [ranks(2, 6)] * 2 + [ranks(1, 13)] * 2 \
        + [ranks(0, 13)] * 2
    board.stock = [2 + 4 * r for r in range(6, 13)] + [2 + 4 * r for r in range(7, 13)]
    with pytest.raises(harp.HarpError, match=r"this position holds \S+ once$"):
        solve(board, SolveLimits(max_states=1000))


def test_the_seahaven_solver_refuses_a_card_twice():
    board = harp.new_board("SH1-C4-AAAAAJ2")
    columns = board.columns
    columns[0] = columns[0] + [columns[1][-1]]
    board.columns = columns
    with pytest.raises(harp.HarpError, match=r"^the solver needs the whole pack, each card "
                                             r"once \(RULES A2\.1\): this position holds \S+ "
                                             r"twice$"):
        solve(board)


def test_a_placed_error_shows_the_token_and_the_file_escaped() -> None:
    """An escape sequence in a token or a file name is shown as text in
    the message (str(err) is what a library user prints), not obeyed."""
    board = harp.new_board("EH1-N-AAAAAAF")
    with pytest.raises(NotationError) as caught:
        board.push_script("1>f \x1b[2J", source="games\n.txt")
    assert str(caught.value) == ("games\\n.txt: line 1: action 2 (\\x1b[2J): cannot read "
                                 "'\\x1b[2J': expected X>Y, N:X>Y, d, tX, ttX or u")
    assert caught.value.token == "\x1b[2J"


def test_a_board_set_up_by_hand_has_no_record() -> None:
    """record_of gives a record only when the code and script give the
    board's position: not after a pile is assigned, nor for a copy without
    the history of the actions that made its position."""
    from harp.records import record_of
    sea = harp.new_board("SH1-C4-AAAAAJ2")
    sea.push("8>f")
    assert record_of(sea).to_text() == "SH1-C4-AAAAAJ2 8>f"
    sea.cells = [None] * 4
    easy = harp.new_board("EH1-N-AAAAAAF")
    assert record_of(easy.copy(stack=False)).to_text() == "EH1-N-AAAAAAF"
    easy.push("1>f")
    assert record_of(copy.deepcopy(easy)).to_text() == "EH1-N-AAAAAAF 1>f"
    for board in (sea, easy.copy(stack=False)):
        assert not board.starts_at_deal
        with pytest.raises(HarpError, match="its history does not start at its deal"):
            record_of(board)


@pytest.mark.parametrize("make, says", [
    (lambda: harp.Action("move", "1", "f", 10**5000),
     "a card count is a whole number from 1 to 999 on a move, not a number of 16610 bits"),
    (lambda: setattr(harp.new_board("EH1-N-AAAAAAF"), "columns", [[10**5000]] + [[]] * 8),
     "column 1 holds a number of 16610 bits, which is no card"),
    (lambda: setattr(harp.new_board("EH1-N-AAAAAAF"), "face_down", [10**5000] * 9),
     "column 1 has 1 card, so a number of 16610 bits of them cannot lie face down"),
])
def test_a_number_beyond_pythons_digits_limit_is_named_by_its_size(make, says) -> None:
    """Python refuses to write an int of over 4 300 digits: the message
    names its size, and the error is harp's, not that ValueError."""
    with pytest.raises(HarpError, match=re.escape(says)):
        make()


def test_a_version_number_of_leading_zeros_is_read() -> None:
    assert harp.parse_code("EH" + "0" * 4400 + "1-N-AAAAAAF") == harp.parse_code("EH1-N-AAAAAAF")


@pytest.mark.parametrize("make, says", [
    (lambda: harp.replay(harp.Record("EH1-N-AAAAAAF", "1>f"), upto=5),
     "upto 5 is past the end: the record's script has 1 action"),
    (lambda: harp.replay(harp.Record("EH1-N-AAAAAAF", "1>f"), upto=-1),
     "upto is a number of actions, 0 or more, not -1"),
    (lambda: harp.new_board("EH1-N-AAAAAAF").push_script("1>f", first_line=0),
     "first_line is 1 or more, not 0"),
    (lambda: harp.Record("EH1-N-AAAAAAF", "", {"code": 1}),
     "an extra field of a record cannot be named 'code'"),
])
def test_a_value_out_of_its_range_is_a_harp_error(make, says) -> None:
    """As docs/library.md says, every mistake in the input is a HarpError
    (a ValueError), whose message the caller can show."""
    with pytest.raises(HarpError, match=re.escape(says)):
        make()


def test_pop_with_nothing_to_take_back_is_an_index_error() -> None:
    """As docs/library.md says (list.pop and python-chess do the same)."""
    board = harp.new_board("SH1-C4-AAAAAJ2")
    board.push("8>f")
    board.pop()
    with pytest.raises(IndexError, match="pop from an empty action stack"):
        board.pop()
    assert board.script() == "" and board.moves == 0
