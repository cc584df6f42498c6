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
from pathlib import Path

import pytest

import harp
from harp import new_board
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
    with pytest.raises(TypeError, match="splitlines"):
        list(harp.read_records("EH1-N-AAAAAAF 1>f"))
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
