"""``harp rules``: harp's rule book, whole or by section (package data)."""
from __future__ import annotations

import sys

import click

from harp.errors import quoted
from harp.rulebook import rule_book


@click.command()
@click.argument("section", required=False)
@click.option("--list", "list_", is_flag=True, help="List the sections: id and title.")
def rules(section: str | None, list_: bool) -> None:
    """Print the rule book, or the SECTION cited as RULES SECTION.

    SECTION is an id (A2.5, b7, A1 for a whole part; RULES A2.5 as a
    message cites it) or a word: every section whose title (else text)
    has a word starting as it does (score: Scoring) is printed.

    \b
    Examples:
        harp rules A2.5
        harp rules capacity
    """
    book = rule_book()
    if list_:
        if section:
            raise click.UsageError("--list takes no SECTION")
        write("".join(f"{_indent(s.id)}{s.id}  {s.title}\n" for s in book.sections))
        return
    if section is None:
        write(book.text)
        return
    if not section.strip():
        raise click.UsageError("SECTION is empty: give a section id (A2.5) or a word "
                               "(harp rules --list lists the sections)")
    if not any(char.isalnum() for char in section):
        # A word of punctuation alone (-) would match it anywhere in the text.
        raise click.UsageError(f"SECTION {quoted(section)} has no letter or digit: give a "
                               "section id (A2.5) or a word (harp rules --list lists the "
                               "sections)")
    found = book.lookup(section)
    write("\n".join(s.text for s in found))


def _indent(section_id: str) -> str:
    return "  " if "." in section_id or (section_id[0] in "BC" and len(section_id) > 1) else ""


def write(text: str) -> None:
    """``text`` on standard output in its own encoding, as boards are (the
    encoding ``harp deal`` asks for suit symbols): a character it lacks
    becomes its ASCII stand-in.  Not click.echo, which writes UTF-8 where
    the encoding is ASCII, as if that were a mistake of the environment."""
    sys.stdout.write(text)
    sys.stdout.flush()
