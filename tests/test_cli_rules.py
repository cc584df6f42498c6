"""``harp rules``: the rule book from package data, whole, by section or by word."""
from __future__ import annotations

from click.testing import CliRunner

from harp.cli import cli
from harp.rulebook import rule_book


def run(*args: str):
    return CliRunner().invoke(cli, ["rules", *args])


def test_whole_book() -> None:
    result = run()
    assert result.exit_code == 0
    assert result.stdout == rule_book().text
    assert result.stdout.startswith("# harp — the rules of Easy Harp and Seahaven Towers\n")


def test_one_section_by_id_any_case() -> None:
    result = run("a1.3")
    assert result.exit_code == 0
    assert result.stdout.startswith("### A1.3 One card at a time\n\n")
    assert "### A1.4" not in result.stdout
    assert result.stdout == rule_book().section("A1.3").text


def test_capacity_table_of_a2_5() -> None:
    """The worked example of RULES A2.5: 1 free cell, 2 empty columns: 8 / 4."""
    lines = run("A2.5").stdout.splitlines()
    assert "| 1 | 2 / 4 / 8 | 2 / 4 |" in lines
    assert "| 4 | 5 / 10 / 20 | 5 / 10 |" in lines


def test_a_part_holds_its_sections() -> None:
    text = run("A2").stdout
    assert text.startswith("## A2. Seahaven Towers (game id SH)\n")
    assert "### A2.1 Overview" in text and "### A2.8 Scoring" in text
    assert "### B1" not in text


def test_by_word() -> None:
    result = run("capacity")
    assert result.exit_code == 0
    assert result.stdout.startswith("### A2.5 Group moves\n")


def test_list() -> None:
    lines = run("--list").stdout.splitlines()
    assert lines[:3] == ["A1  Easy Harp (game id EH)", "  A1.1  Setup", "  A1.2  Building on columns"]
    assert "  B7  Move notation" in lines
    assert run("--list", "A1").exit_code == 2


def test_unknown_section_is_bad_data() -> None:
    result = run("Z9.9")
    assert result.exit_code == 1
    assert result.stderr == ("Error: the rule book has no section 'Z9.9' and no section mentions "
                             "it (sections: A1.1-A1.11, A2.1-A2.8, B1-B10, C1-C8)\n")
    long = run("x" * 5000)
    assert long.exit_code == 1 and len(long.stderr) < 200
