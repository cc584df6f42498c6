"""Deal codes, shuffle, layouts and daily deals (RULES B1-B4)."""
from __future__ import annotations

import datetime
import re

import pytest

from harp import InvalidCodeError, new_board, parse_code
from harp.cards import CARD_NAMES, card_str, parse_card
from harp.deals import (DealCode, daily_code, daily_number, decode_payload, easy_harp_layout,
                        encode_number, make_code, random_code, seahaven_layout, shuffle)
from harp.errors import NotationError


def names(cards) -> str:
    return " ".join(card_str(c) for c in cards)


@pytest.mark.parametrize("text, card", [("TH", "TH"), ("10h", "TH"), ("T♥", "TH"),
                                        ("k♣", "KC"), ("as", "AS"), ("2♦", "2D")])
def test_card_parsing_accepts_every_spelling(text: str, card: str) -> None:
    """RULES preamble: `10` for T, ♠♥♦♣ for suits, any case."""
    assert card_str(parse_card(text)) == card


@pytest.mark.parametrize("text", ["", "X", "1H", "TX", "11H", "Q"])
def test_bad_cards_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


@pytest.mark.parametrize("card, error, says", [
    (52, ValueError, "card 52 is out of range 0-51"),
    (-1, ValueError, "card -1 is out of range 0-51"),
    pytest.param(10**5000, ValueError, "card of 16610 bits is out of range 0-51", id="huge"),
    (True, TypeError, "a card is an int 0-51 (rank * 4 + suit), not bool (True)"),
    (1.0, TypeError, "not float (1.0)"),
    ("TH", TypeError, "not str ('TH')"),
])
def test_a_number_that_is_no_card_has_no_name(card: object, error: type, says: str) -> None:
    """card_str(52) was an IndexError, card_str(-1) 'KS', card_str(True) 'AD'."""
    from harp.cards import card_symbol
    for name in (card_str, card_symbol):
        with pytest.raises(error, match=re.escape(says)):
            name(card)


def test_every_card_has_its_name_and_symbol() -> None:
    from harp.cards import RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS, card_symbol
    assert [card_str(c) for c in range(52)] == [r + s for r in RANK_CHARS for s in SUIT_CHARS]
    assert [card_symbol(c) for c in range(52)] == [r + s for r in RANK_CHARS for s in SUIT_SYMBOLS]
    assert card_str(37) == "TD" and card_symbol(51) == "K♠" and CARD_NAMES[0] == "AC"


@pytest.mark.parametrize("text", [None, 5, b"TH"])
def test_a_card_is_parsed_from_a_str_only(text: object) -> None:
    """parse_card(None) was an AttributeError ('NoneType' has no 'strip')."""
    with pytest.raises(TypeError, match="a card is written as a str such as 'TH', not "):
        parse_card(text)


@pytest.mark.parametrize("payload, number", [("AAAAAAF", 5), ("AAAAAJ2", 314),
                                             ("AAAAAAB", 1), ("AAA6QR7", 999_999)])
def test_payload_examples(payload: str, number: int) -> None:
    """RULES B1 worked examples."""
    assert decode_payload(payload) == number
    assert encode_number(number) == payload


def test_codes_parse_in_any_case_and_print_upper() -> None:
    """RULES B1: input in any letter case, printed in upper case."""
    code = parse_code("sh1-c2-aaaaaj2")
    assert (code.game, code.variant, code.cells, code.number) == ("SH", "C2", 2, 314)
    assert str(code) == "SH1-C2-AAAAAJ2"
    assert str(make_code("eh", 5)) == "EH1-N-AAAAAAF"
    assert str(make_code("SH", 314, cells=1)) == "SH1-C1-AAAAAJ2"


@pytest.mark.parametrize("text, says", [
    ("XX1-N-AAAAAAF", "unknown game"),
    ("EH1-C4-AAAAAAF", "unknown variant"),
    ("SH1-C3-AAAAAAF", "unknown variant"),
    ("SH1-N-AAAAAAF", "unknown variant"),
    ("SH1-C04-AAAAAAF", "unknown variant"),
    ("EH2-N-AAAAAAF", "unknown dealing version"),
    ("EH-N-AAAAAAF", "no version number"),
    ("EH1-N-AAAAAA1", "not in A-Z 2-7"),
    ("EH1-N-AAAAAAA", "out of range"),
    ("EH1-N-AAA6QSA", "deal 1000000, out of range"),
    ("EH1-N-AAAAAF", "has 6 characters"),
    ("EH1-N-AAAAAAAF", "has 8 characters"),
    ("EH1N-AAAAAAF", "expected GAME-VARIANT-PAYLOAD"),
    ("", "expected GAME-VARIANT-PAYLOAD"),
])
def test_invalid_codes_say_what_is_wrong(text: str, says: str) -> None:
    """RULES B1: deal numbers 1-999 999; anything else is an invalid code."""
    with pytest.raises(InvalidCodeError, match=says):
        parse_code(text)


def test_the_version_is_a_number() -> None:
    """RULES B1: the version is a number (EH01 is EH1); the variant a name."""
    assert str(parse_code("eh01-n-aaaaaaf")) == "EH1-N-AAAAAAF"


def test_invalid_code_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        DealCode("EH", "N", 0)


def test_shuffle_is_microsoft_freecell_for_52_cards() -> None:
    """RULES B2: deal 1 begins JD 2D 9H JC 5D 7H 7C 5H KD KC."""
    assert names(shuffle(1, 52)[:10]) == "JD 2D 9H JC 5D 7H 7C 5H KD KC"


def test_shuffle_of_104_cards_has_every_card_twice() -> None:
    """RULES A1.1, B2: 104 cards, every card present twice."""
    deal = shuffle(77, 104)
    assert sorted(deal) == sorted(list(range(52)) * 2)


def test_golden_seahaven_layout_deal_314() -> None:
    """RULES B3 golden layout SH1-C4-AAAAAJ2."""
    layout = seahaven_layout(314, 4)
    expected = ["7C JD 9H 7S 2S", "5C 6C 7H KH TS", "3H JS KC AD 9C", "5S TC 2D 8C KD",
                "QS JC AS AH 2H", "TH 6D QH 3C 4H", "4D 8H 3S 6H 9S", "7D 2C 8S 3D AC",
                "QD 4C QC JH TD", "5H 4S 9D KS 8D"]
    assert [names(col) for col in layout.columns] == expected
    assert [None if c is None else CARD_NAMES[c] for c in layout.cells] == ["5D", "6S", None, None]


def test_seahaven_cells_variants() -> None:
    """RULES A2.7, B3: with 2 cells both are full; with 1 cell s[51] tops column 2."""
    two = seahaven_layout(314, 2)
    assert [CARD_NAMES[c] for c in two.cells] == ["5D", "6S"]
    one = seahaven_layout(314, 1)
    assert [CARD_NAMES[c] for c in one.cells] == ["5D"]
    assert names(one.columns[1]) == "5C 6C 7H KH TS 6S"


def test_golden_easy_harp_layout_deal_5() -> None:
    """RULES B3 golden layout EH1-N-AAAAAAF, stock first drawn first."""
    layout = easy_harp_layout(5)
    expected = ["AH", "2S AS", "4S TH 3H", "2S KD 7C JS", "3C 3D JD 5H 3D",
                "QS 2C AD 3H 4C 6H", "KD 4H TC 4C 3S 9H TS", "JC 9S 9D 5H 7C 9H JH 5S",
                "5C 8S 6S 2C JS TS KH 2H TC"]
    assert [names(col) for col in layout.columns] == expected
    assert names(layout.stock[:5]) == "8D QS QH 5C 6D"
    assert card_str(layout.stock[-1]) == "KS"
    assert len(layout.stock) == 59


def test_easy_harp_board_starts_with_one_face_up_card_per_column() -> None:
    """RULES A1.1: 36 face-down cards, the stock drawn from s[45] on."""
    board = new_board("EH1-N-AAAAAAF")
    assert board.face_down == list(range(9))
    assert sum(board.face_down) == 36
    board.push("d")
    assert card_str(board.waste[-1]) == "8D"


def test_daily_deal_example() -> None:
    """RULES B4: EH1 on 2026-11-29 is deal 111 839."""
    assert daily_number("EH1", "2026-11-29") == 111_839
    assert str(daily_code("eh", "2026-11-29")) == str(make_code("EH", 111_839))
    sh = daily_code("SH", "2026-11-29")
    assert sh.variant == "C4" and sh.number == daily_number("SH1", "2026-11-29")


def test_random_code_is_a_valid_deal() -> None:
    import random
    code = random_code("SH", 2, random.Random(3))
    assert code.variant == "C2" and 1 <= code.number <= 999_999
    assert parse_code(str(code)) == code


# ------------------------------------------------------------------ checked arguments

@pytest.mark.parametrize("date, says", [
    ("2026-11-29T00:00", "'2026-11-29T00:00' is not a date: write it YYYY-MM-DD"),
    ("2024-2-3", "'2024-2-3' is not a date"),
    ("garbage", "'garbage' is not a date"),
    (" 2026-11-29", "is not a date"),
    ("2026-11-29\n", "is not a date"),
    ("２０２６-11-29", "is not a date"),
    ("2024-02-30", "2024-02-30 is not a real date: day is out of range for month (RULES B4)"),
    ("2026-13-01", "2026-13-01 is not a real date: month must be in 1..12"),
])
def test_a_daily_date_is_a_real_date_written_yyyy_mm_dd(date: str, says: str) -> None:
    """RULES B4 hashes the date written YYYY-MM-DD: any other text was
    hashed as it was, another deal without a word."""
    with pytest.raises(InvalidCodeError, match=re.escape(says)):
        daily_code("EH", date)


def test_a_daily_datetime_is_taken_as_its_date() -> None:
    """Its time of day went into the hash (isoformat): another deal."""
    day = datetime.date(2026, 11, 29)
    assert daily_code("EH", datetime.datetime(2026, 11, 29, 18, 30)) == daily_code("EH", day)
    assert daily_code("EH", "2026-11-29").number == 111_839
    assert daily_number("SH1", datetime.datetime(2026, 11, 29, 1)) == daily_number("SH1", day)
    with pytest.raises(TypeError, match="a date is a datetime.date or a str YYYY-MM-DD"):
        daily_code("EH", 20261129)


@pytest.mark.parametrize("number", [5.0, True, False, "5", None])
def test_a_deal_number_is_an_int(number: object) -> None:
    """make_code("EH", 5.0) made a code that could not be printed, and
    make_code("EH", True) deal 1."""
    with pytest.raises(TypeError, match="a deal number is an int"):
        make_code("EH", number)
    with pytest.raises(TypeError):
        DealCode("SH", "C4", number)
    assert make_code("EH", 5) == parse_code("EH1-N-AAAAAAF")


@pytest.mark.parametrize("fields, says", [
    (("EH", "N", 5, 1.0), "a dealing version is an int (1), not float (1.0)"),
    (("EH", "N", 5, "1"), "a dealing version is an int (1), not str ('1')"),
    (("EH", "N", 5, True), "not bool (True)"),
    ((None, "N", 5), "a game is 'EH' or 'SH' (a str), not NoneType"),
    (("SH", 4, 5), "a variant is a str (C4 or C2 or C1 for SH), not int"),
])
def test_a_deal_code_made_from_fields_of_the_wrong_type_is_a_type_error(fields, says) -> None:
    """DealCode('EH', 'N', 5, 1.0) was made (and printed EH1.0-N-...),
    version '1' failed in abs(), a game None was an InvalidCodeError."""
    with pytest.raises(TypeError, match=re.escape(says)):
        DealCode(*fields)
    with pytest.raises(InvalidCodeError, match="unknown dealing version 2"):
        DealCode("EH", "N", 5, 2)
    assert DealCode("EH", "N", 5, 1) == parse_code("EH1-N-AAAAAAF")


@pytest.mark.parametrize("call, error, says", [
    (lambda: make_code("EH", 5, cells=2), InvalidCodeError,
     "Easy Harp has no cells (RULES A1.1): cells=2 goes only with Seahaven (SH)"),
    (lambda: make_code("EH", 5, 1), InvalidCodeError, "Easy Harp has no cells"),
    (lambda: daily_code("EH", "2026-11-29", 1), InvalidCodeError, "Easy Harp has no cells"),
    (lambda: random_code("EH", 2), InvalidCodeError, "Easy Harp has no cells"),
    (lambda: make_code("SH", 5, 3), InvalidCodeError, "Seahaven has 4, 2 or 1 cells, not 3 (RULES B1)"),
    (lambda: make_code("SH", 5, True), TypeError, "cells is an int (4, 2 or 1 for Seahaven), not bool"),
    (lambda: make_code("SH", 5, "4"), TypeError, "not str ('4')"),
    (lambda: make_code("XX", 5), InvalidCodeError, "unknown game 'XX' (expected EH or SH, RULES B1)"),
    (lambda: make_code(None, 5), TypeError, "a game is 'EH' or 'SH' (a str), not NoneType"),
    (lambda: daily_code(None), TypeError, "a game is 'EH' or 'SH'"),
    (lambda: random_code("SH", 4, "seed"), TypeError, "rng is a random.Random"),
])
def test_cells_a_game_has_not_are_refused(call, error: type, says: str) -> None:
    """make_code('EH', 5, cells=2) ignored the cells; make_code('SH', 5,
    True) said "unknown variant 'CTrue'" and '4' was taken."""
    with pytest.raises(error, match=re.escape(says)):
        call()


def test_easy_harp_takes_the_default_cells_and_none() -> None:
    """The command line passes the default, 4, for either game."""
    assert make_code("eh", 5) == make_code("EH", 5, 4) == make_code("EH", 5, 0)
    assert str(make_code("EH", 5, 0)) == "EH1-N-AAAAAAF"
    assert daily_code("EH", "2026-11-29", 0) == daily_code("EH", "2026-11-29")
    import random
    assert random_code("SH", 2, random.Random(1)) == random_code("SH", 2, random.Random(1))
