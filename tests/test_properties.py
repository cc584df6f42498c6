"""Properties, with hypothesis.  Under random play from random deals of
every variant: cards are never created or lost, undo and pop restore the
exact position, printed scripts parse back, the score never goes below 0,
and a refused action changes nothing.  Deal codes: number -> code -> number
in any letter case, and the payload is RULES B1's base 32.  Records:
written in each format harp reads, read back by harp's reader and by the
command line, they replay to the same games."""
from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harp import IllegalActionError, InvalidCodeError, NotationError, Record, new_board
from harp.deals import ALPHABET, MAX_DEAL, decode_payload, encode_number, make_code, parse_code
from harp.notation import parse_script
from harp.records import FORMATS, csv_header, format_record, read_records, replay
from harp.render import board_to_dict

from helpers import invoke_ok

VARIANTS = [("EH", 0), ("SH", 4), ("SH", 2), ("SH", 1)]
# Tokens tried besides the legal actions: taps, double taps, undo, and
# moves the rules often refuse (so refusals are exercised too).
EXTRA_TOKENS = ["t1", "t3", "tt2", "tt5", "ttw", "tta", "u", "u", "d", "1>2", "3:4>5", "f>1", "a>b"]


def snapshot(board) -> tuple:
    """Everything a position is, except the move counter and history."""
    parts = [tuple(map(tuple, board.columns)), tuple(map(tuple, board.foundations)), board.score]
    if board.game == "EH":
        parts += [tuple(board.face_down), tuple(board.stock), tuple(board.waste)]
    else:
        parts += [tuple(board.cells)]
    return tuple(parts)


def all_cards(board) -> Counter:
    piles = list(board.columns) + list(board.foundations)
    if board.game == "EH":
        piles += [board.stock, board.waste]
    else:
        piles += [[c] for c in board.cells if c is not None]
    return Counter(card for pile in piles for card in pile)


plays = st.tuples(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL),
                  st.lists(st.integers(0, 10_000), min_size=1, max_size=80))


def choose(board, pick: int):
    legal = list(board.legal_actions)
    if pick % 5 == 0 or not legal:
        token = EXTRA_TOKENS[pick % len(EXTRA_TOKENS)]
        try:
            return board.parse_action(token)
        except NotationError:
            return None
    return legal[pick % len(legal)]


@settings(max_examples=60, deadline=None)
@given(plays)
def test_random_play_keeps_every_invariant(play) -> None:
    (game, cells), number, picks = play
    board = new_board(make_code(game, number, cells or 4))
    full_deck = all_cards(board)
    expected = Counter({c: (2 if game == "EH" else 1) for c in range(52)})
    assert full_deck == expected
    for pick in picks:
        action = choose(board, pick)
        if action is None:
            continue
        before, moves_before = snapshot(board), board.moves
        generated = list(board.legal_actions)
        try:
            board.push(action)
        except IllegalActionError:
            assert snapshot(board) == before and board.moves == moves_before
            continue
        if action.kind == "move" and action.count is None and action.src != "f":
            assert action in generated          # generation misses no accepted move
        assert all_cards(board) == full_deck
        assert board.score >= 0
        after = snapshot(board)
        board.pop()                            # exact take-back, counter included
        assert snapshot(board) == before and board.moves == moves_before
        board.push(action)
        assert snapshot(board) == after
        if action.kind != "undo" and board.can_undo():
            board.push("u")                     # the player's undo: position back, counter kept
            assert snapshot(board) == before and board.moves == moves_before + 1
            board.pop()
            assert snapshot(board) == after
    script = board.script()
    assert parse_script(script, game, cells) == board.actions
    again = new_board(board.code)
    again.push_script(script)
    assert snapshot(again) == snapshot(board) and again.moves == board.moves


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL))
def test_every_generated_action_is_accepted_and_prints_back(variant, number) -> None:
    game, cells = variant
    board = new_board(make_code(game, number, cells or 4))
    for action in list(board.legal_actions):
        assert board.parse_action(str(action)) == action
        assert board.is_legal(action)


def every_action(board) -> list:
    """Every action notation can write on this board, counts left out:
    moves between any two of its places (each foundation slot, and ``f``),
    taps, double taps, the draw and the undo."""
    slots = 8 if board.game == "EH" else 4
    places = [str(n) for n in range(1, board.n_columns + 1)] + ["f"]
    places += [f"f{n}" for n in range(1, slots + 1)] + list("abcd"[:board.cells_count])
    places += ["w"] if board.game == "EH" else []
    tokens = [f"{a}>{b}" for a in places for b in places]
    tokens += [f"t{a}" for a in places] + [f"tt{a}" for a in places] + ["d", "u"]
    return [board.parse_action(token) for token in tokens]


def position_key(board) -> tuple:
    """The position (snapshot, counter left out), with Easy Harp's two
    slots of a suit in either order: they hold the same cards when both
    take a card (RULES A1.7), so which one gets it changes nothing else."""
    key = snapshot(board)
    if board.game != "EH":
        return key
    pairs = tuple(tuple(sorted(map(tuple, board.foundations[i:i + 2]))) for i in range(0, 8, 2))
    return (key[0], pairs) + key[2:]


@settings(max_examples=25, deadline=None)
@given(plays)
def test_legal_actions_hold_what_they_list_and_reach_every_position(play) -> None:
    """``a in board.legal_actions`` iff ``a in list(board.legal_actions)``
    for every action notation writes (``1>f3``, a tap, ``u``: legal, not
    listed, not "in"); and every position a legal push reaches (``u``
    aside: the history, not a move) a listed action reaches."""
    (game, cells), number, picks = play
    board = new_board(make_code(game, number, cells or 4))
    for pick in picks[:30]:
        listed = list(board.legal_actions)
        reached = set()
        for action in listed:
            board.push(action)
            reached.add(position_key(board))
            board.pop()
        for action in every_action(board):
            assert (action in board.legal_actions) == (action in listed), action
            if action.kind != "undo" and board.is_legal(action):
                board.push(action)
                assert position_key(board) in reached, action
                board.pop()
        action = choose(board, pick)
        if action is not None and board.is_legal(action):
            board.push(action)


# ------------------------------------------------------------------ deal codes (RULES B1)

def base32(value: int) -> str:
    """RULES B1 read literally: seven base-32 digits A-Z 2-7, most
    significant first (written here without harp's code)."""
    return "".join(ALPHABET[(value >> (5 * i)) & 31] for i in reversed(range(7)))


def in_case(text: str, lower: list[bool]) -> str:
    """``text`` with the letters that ``lower`` marks (cyclically) in lower case."""
    return "".join(ch.lower() if lower[i % len(lower)] else ch for i, ch in enumerate(text))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL), st.lists(st.booleans(), min_size=1))
def test_deal_codes_round_trip_in_any_case(variant, number, lower) -> None:
    """number -> code -> number, the code typed in any mix of cases."""
    game, cells = variant
    code = make_code(game, number, cells or 4)
    text = str(code)
    assert text == f"{game}1-{'N' if game == 'EH' else f'C{cells}'}-{base32(number)}"
    back = parse_code(in_case(text, lower))
    assert (back, back.number, back.cells, str(back)) == (code, number, cells, text)
    assert encode_number(number) == base32(number)
    assert decode_payload(in_case(base32(number), lower)) == number


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(1, MAX_DEAL), st.integers(0, 32 ** 7 - 1)))
def test_every_payload_is_one_deal_or_out_of_range(value) -> None:
    """Each of the 32**7 payloads is the deal its base-32 value names, or
    out of range 1-999999 (RULES B1)."""
    payload = base32(value)
    if 1 <= value <= MAX_DEAL:
        assert decode_payload(payload) == value and encode_number(value) == payload
    else:
        with pytest.raises(InvalidCodeError, match=f"^payload '{payload}' is deal {value}, out "
                                                   f"of range 1-{MAX_DEAL}$"):
            decode_payload(payload)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL), st.lists(st.booleans(), min_size=1))
def test_encode_and_decode_commands_round_trip(variant, number, lower) -> None:
    """``harp encode`` prints the code; ``harp decode``, given it in any
    case, prints the number back."""
    game, cells = variant
    text = str(make_code(game, number, cells or 4))
    options = ["--cells", str(cells)] if cells else []
    assert invoke_ok("encode", "--game", in_case(game, lower), *options, str(number)) == \
        text + "\n"
    decoded = invoke_ok("decode", in_case(text, lower)).splitlines()
    assert decoded[:5] == [f"code: {text}", f"game: {game} "
                           f"({'Easy Harp' if game == 'EH' else 'Seahaven Towers'})",
                           f"variant: {text.split('-')[1]}", f"cells: {cells}",
                           f"deal: {number}"]


# ------------------------------------------------------------------ records (RULES B8)

def played(variant: tuple[str, int], number: int, picks: list[int]):
    """The board after random play (refusals skipped) from a deal."""
    game, cells = variant
    board = new_board(make_code(game, number, cells or 4))
    for pick in picks:
        action = choose(board, pick)
        if action is not None:
            try:
                board.push(action)
            except IllegalActionError:
                pass
    return board


def record_file(records: list[Record], fmt: str) -> str:
    """The records as a file of the format, as harp writes them."""
    lines = [format_record(record, fmt) for record in records]
    if fmt == "csv":
        lines.insert(0, csv_header(records[0]))
    return "".join(line + "\n" for line in lines)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("records")


games = st.lists(st.tuples(st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL),
                           st.lists(st.integers(0, 10_000), max_size=40), st.booleans()),
                 min_size=1, max_size=3)
#: A field beside code and moves: any text but NUL and lone surrogates; line
#: breaks (\n, \r) included, which a CSV field must quote.
players = st.none() | st.text(st.characters(blacklist_categories=("Cs",),
                                            blacklist_characters="\0") | st.sampled_from("\r\n"),
                              max_size=8)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FORMATS), games, players)
def test_records_written_in_any_format_replay_to_the_same_games(folder, fmt, plays, player):
    """Games written as text, JSON Lines or CSV records (codes in any case,
    another field in the last two) are read back by harp's reader as the
    same records and replay to the same positions; ``harp replay --json``
    prints those positions and ``harp score --rows`` their score, moves and
    actions."""
    boards = [played(variant, number, picks) for variant, number, picks, _ in plays]
    extra = {} if player is None or fmt == "text" else {"player": player}
    records = [Record(str(board.code).lower() if lower else str(board.code), board.script(),
                      dict(extra))
               for board, (*_, lower) in zip(boards, plays)]
    text = record_file(records, fmt)

    read = [record for _, record in read_records(io.StringIO(text, newline="\n"), fmt)]
    assert [(r.code, " ".join(r.script.split()), r.extra) for r in read] == \
        [(r.code, r.script, r.extra) for r in records]
    # The file's whole text as one str is read as the file is.
    assert [record for _, record in read_records(text, fmt)] == read
    for record, board in zip(read, boards):
        again = replay(record)
        assert snapshot(again) == snapshot(board)
        assert (again.moves, again.score, again.status()) == (board.moves, board.score,
                                                              board.status())

    path = folder / f"games.{'txt' if fmt == 'text' else fmt}"
    path.write_bytes(text.encode("utf-8"))
    positions = [json.loads(line)
                 for line in invoke_ok("replay", "--check", "--json", str(path)).splitlines()]
    assert positions == [board_to_dict(board) for board in boards]
    rows = json.loads(invoke_ok("score", str(path), "--rows", "--json", "--by", "player"))
    assert [(r["code"], r["score"], r["moves"], r["actions"], r["won"], r["error"], r["player"])
            for r in rows] == [
        (str(b.code), b.score, b.moves, len(b.actions), b.is_won, None, extra.get("player"))
        for b in boards]


#: A comment (RULES B7): ``#`` and any text but line breaks (which would
#: end it); another ``#`` in it included.
comments = st.text(st.characters(blacklist_categories=("Cs", "Zl", "Zp", "Cc")) | st.just("#"),
                   max_size=6).map(lambda text: "#" + text)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FORMATS), st.sampled_from(VARIANTS), st.integers(1, MAX_DEAL),
       st.lists(st.integers(0, 10_000), max_size=30),
       st.lists(st.tuples(st.booleans(), comments | st.just("")), min_size=1, max_size=40))
def test_a_script_with_comments_on_any_line_is_written_so_that_it_replays_alike(
        fmt, variant, number, picks, layout) -> None:
    """A script over several lines, a comment on any of them: the record
    written in each format replays to the same actions.  A comment on a
    line other than the last used to swallow the actions after it."""
    board = played(variant, number, picks)
    tokens = [str(action) for action in board.actions]
    lines, line = [], []
    for n, token in enumerate(tokens):
        line.append(token)
        breaks, comment = layout[n % len(layout)]
        if breaks or comment:
            lines.append(" ".join(line) + (" " + comment if comment else ""))
            line = []
    lines.append(" ".join(line))
    record = Record(str(board.code), "\n".join(lines))
    assert replay(record).actions == board.actions
    (_, back), = read_records(io.StringIO(record_file([record], fmt), newline="\n"), fmt)
    again = replay(back)
    assert again.actions == board.actions and snapshot(again) == snapshot(board)
