"""``harp rules``: harp's rule book, whole or by section (package data)."""
from __future__ import annotations

import click

from harp.rulebook import rule_book


@click.command()
@click.argument("section", required=False)
@click.option("--list", "list_", is_flag=True, help="List the sections: id and title.")
def rules(section: str | None, list_: bool) -> None:
    """Print the rule book, or the SECTION cited as RULES SECTION.

    SECTION is an id (A2.5, b7, A1 for a whole part) or a word: every
    section whose title (else text) mentions it is printed.

    \b
    Example:
        harp rules A2.5
        harp rules capacity
    """
    book = rule_book()
    if list_:
        if section:
            raise click.UsageError("--list takes no SECTION")
        for s in book.sections:
            indent = "  " if "." in s.id or (s.id[0] in "BC" and len(s.id) > 1) else ""
            click.echo(f"{indent}{s.id}  {s.title}")
        return
    if section is None:
        click.echo(book.text, nl=False)
        return
    found = book.lookup(section)
    click.echo("\n".join(s.text for s in found), nl=False)
