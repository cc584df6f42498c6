"""``harp rules``: the rule book from package data, whole, by section or by word."""
from __future__ import annotations

import re

import pytest

from harp.rulebook import UnknownSectionError, is_numbered, parse_book, rule_book

from helpers import invoke, invoke_ok, refused


def test_whole_book() -> None:
    out = invoke_ok("rules")
    assert out == rule_book().text
    assert out.startswith("# harp — the rules of Easy Harp and Seahaven Towers\n")


def test_one_section_by_id_any_case() -> None:
    out = invoke_ok("rules", "a1.3")
    assert out.startswith("### A1.3 One card at a time\n\n")
    assert "### A1.4" not in out
    assert out == rule_book().section("A1.3").text


def test_capacity_table_of_a2_5() -> None:
    """The worked example of RULES A2.5: 1 free cell, 2 empty columns: 8 / 4."""
    lines = invoke_ok("rules", "A2.5").splitlines()
    assert "| 1 | 2 / 4 / 8 | 2 / 4 |" in lines
    assert "| 4 | 5 / 10 / 20 | 5 / 10 |" in lines


def test_a_part_holds_its_sections() -> None:
    text = invoke_ok("rules", "A2")
    assert text.startswith("## A2. Seahaven Towers (game id SH)\n")
    assert "### A2.1 Overview" in text and "### A2.8 Scoring" in text
    assert "### B1" not in text


def test_by_word() -> None:
    out = invoke_ok("rules", "capacity")       # every section that mentions the word
    book = rule_book()
    assert out.startswith("### A2.5 Group moves\n")
    assert [line for line in out.splitlines() if line.startswith("### ")] == [
        "### A2.5 Group moves", "### A2.7 App functions"]
    assert book.section("A2.5").text in out and book.section("A2.7").text in out


def test_list() -> None:
    lines = invoke_ok("rules", "--list").splitlines()
    assert lines[:3] == ["A1  Easy Harp (game id EH)", "  A1.1  Setup", "  A1.2  Building on columns"]
    assert "  B7  Move notation" in lines
    refused(["rules", "--list", "A1"], 2, "--list takes no SECTION")


@pytest.mark.parametrize("method, says", [
    ("section", "RuleBook.section takes a section id (a str such as 'A2.5'), not "),
    ("find", "RuleBook.find takes a word (a str such as 'capacity'), not "),
    ("lookup", "RuleBook.lookup takes a section id or a word"),
])
@pytest.mark.parametrize("wanted", [None, 5, b"A2.5"])
def test_a_lookup_of_a_non_str_is_a_type_error(method: str, says: str, wanted: object) -> None:
    """These were AttributeErrors (no 'strip', no 'casefold')."""
    with pytest.raises(TypeError, match=re.escape(says)):
        getattr(rule_book(), method)(wanted)


def test_unknown_section_is_bad_data() -> None:
    result = invoke("rules", "Z9.9")
    assert result.exit_code == 1
    assert result.stderr == ("Error: the rule book has no section 'Z9.9' and no section mentions "
                             "it (sections: A1.1-A1.11, A2.1-A2.8, B1-B11, C1-C8)\n")
    excerpt = "x" * 59 + "…"                  # a long word is quoted clipped
    refused(["rules", "x" * 5000], 1,
            result.stderr.removeprefix("Error: ").rstrip("\n").replace("'Z9.9'", repr(excerpt)))


def test_a_word_finds_its_other_forms() -> None:
    """A word is the start of a word of the book, its stem (no final s,
    then e): score finds the two Scoring sections by their titles too."""
    heads = [line for line in invoke_ok("rules", "score").splitlines() if line.startswith("### ")]
    assert heads == ["### A1.11 Scoring", "### A2.8 Scoring", "### C1 Take-backs and score"]
    assert invoke_ok("rules", "Scores") == invoke_ok("rules", "score")
    assert invoke_ok("rules", "moves").startswith("### A2.3 Moves\n")
    assert "### B7 Move notation" in invoke_ok("rules", "moves")


def test_a_section_as_a_message_cites_it() -> None:
    assert invoke_ok("rules", "RULES A2.5") == invoke_ok("rules", "A2.5")
    assert invoke_ok("rules", "rules  b7") == invoke_ok("rules", "B7")


def test_an_empty_section_is_a_usage_error() -> None:
    for empty in ("", "  "):
        refused(["rules", empty], 2, "SECTION is empty: give a section id (A2.5) or a word "
                                     "(harp rules --list lists the sections)")


@pytest.mark.parametrize("word, shown", [("-", "'-'"), ("...", "'...'"), ("—", "'—'"),
                                         ("\udcff", "'\\xff'")])
def test_a_section_with_no_letter_or_digit_is_a_usage_error(word: str, shown: str) -> None:
    """``-`` printed section A1.4, whose text has a dash: no word was asked for."""
    refused(["rules", word], 2, f"SECTION {shown} has no letter or digit: give a section id "
                                "(A2.5) or a word (harp rules --list lists the sections)")


def test_a_byte_that_is_not_utf8_is_shown_as_that_byte() -> None:
    refused(["rules", "a\udcffb"], 1, "the rule book has no section 'a\\xffb' and no section "
                                       "mentions it (sections: A1.1-A1.11, A2.1-A2.8, B1-B11, "
                                       "C1-C8)")


def test_the_sections_of_an_unknown_one_come_from_the_book() -> None:
    book = parse_book("# Book\n\n## A1. One\n\n### A1.1 First\n\ntext\n\n"
                      "### A1.2 Second\n\nmore\n\n## B. Two\n\n### B1 Only\n\nalone\n")
    with pytest.raises(UnknownSectionError, match=r"\(sections: A1\.1-A1\.2, B1\)$"):
        book.lookup("zebra")


@pytest.mark.parametrize("section_id, numbered", [
    ("A2.5", True), ("B7", True), ("C1", True), ("A2", False), ("B", False), ("", False)])
def test_a_numbered_section_is_told_from_a_part(section_id: str, numbered: bool) -> None:
    assert is_numbered(section_id) is numbered


@pytest.mark.parametrize("content, why", [(None, "No such file or directory"),
                                          (b"# harp\n\xff\xfe", "not UTF-8 text at byte 7")])
def test_a_damaged_install_of_the_rule_book_is_said_and_the_game_goes_on(
        tmp_path, monkeypatch, content, why):
    import harp.rulebook
    if content is not None:
        (tmp_path / "rules.md").write_bytes(content)
    monkeypatch.setattr(harp.rulebook.resources, "files", lambda package: tmp_path)
    harp.rulebook.rule_book.cache_clear()
    try:
        message = (f"harp's rule book {tmp_path / 'rules.md'} cannot be read ({why}): "
                   "reinstall harp")
        refused(["rules", "A1.5"], 1, message)
        game = invoke("play", "EH1-N-AAAAAAF", "--interactive", "--ascii",
                      input="1>f\n2>3\nwhy\nscript\nq\nn\n")
        assert game.exit_code == 0
        assert f"EH1-N-AAAAAAF> why\n{message}\nEH1-N-AAAAAAF> script\n1>f\n" in game.stdout
        assert "Save this game as a record? [y/N]: n" in game.stdout
    finally:
        harp.rulebook.rule_book.cache_clear()
