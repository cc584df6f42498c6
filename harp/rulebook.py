"""harp's rule book (``harp/rules.md``, package data) by section.

The book's sections are headed ``### A2.5 Group moves`` and its parts
``## A2. Seahaven Towers (game id SH)``; code and messages cite them as
``RULES A2.5``.  :func:`section` finds one by its id or by a word of its
title or text, the way ``harp rules`` is asked.

    >>> book = rule_book()
    >>> book.section("a2.5").title
    'Group moves'
    >>> [s.id for s in book.find("capacity")][:1]
    ['A2.5']
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .errors import HarpError, clip

_HEADING = re.compile(r"^(#{2,3}) ([A-C]\d*(?:\.\d+)?)\.? (.*)$")
#: A citation as the code writes it: ``RULES A2.5``, ``RULES A2, B5, B6``.
CITATION = re.compile(r"RULES ((?:[A-C]\d+(?:\.\d+)?)(?:(?:, | and )[A-C]\d+(?:\.\d+)?)*)")


class UnknownSectionError(HarpError):
    """A section id or word that the rule book does not have."""


@dataclass(frozen=True)
class Section:
    """One section (``###``) or part (``##``) of the book, heading included."""

    id: str
    title: str
    text: str


@dataclass(frozen=True)
class RuleBook:
    """The whole text and its sections in book order."""

    text: str
    sections: tuple[Section, ...]

    def ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def section(self, wanted: str) -> Section:
        """The section with this id (any letter case: ``a2.5``)."""
        key = wanted.strip().upper().rstrip(".")
        for s in self.sections:
            if s.id == key:
                return s
        raise UnknownSectionError(f"the rule book has no section {clip(wanted)!r}")

    def find(self, word: str) -> list[Section]:
        """Numbered sections whose title, else whose text, holds ``word``."""
        needle = word.strip().casefold()
        numbered = [s for s in self.sections if "." in s.id or s.id[0] in "BC" and len(s.id) > 1]
        by_title = [s for s in numbered if needle in s.title.casefold()]
        return by_title or [s for s in numbered if needle in s.text.casefold()]

    def lookup(self, wanted: str) -> list[Section]:
        """``harp rules WANTED``: the section with that id, else those that
        mention the word; an error if there are none."""
        try:
            return [self.section(wanted)]
        except UnknownSectionError:
            found = self.find(wanted) if wanted.strip() else []
            if not found:
                raise UnknownSectionError(
                    f"the rule book has no section {clip(wanted)!r} and no section "
                    f"mentions it (sections: A1.1-A1.11, A2.1-A2.8, B1-B10, C1-C"
                    f"{sum(1 for s in self.sections if s.id.startswith('C') and len(s.id) > 1)})"
                ) from None
            return found


def parse_book(text: str) -> RuleBook:
    """Split the book at its ``##``/``###`` headings.  A part (``##``)
    holds its sections' text too, so ``RULES A2`` shows all of A2."""
    lines = text.splitlines()
    heads = [(i, m) for i, line in enumerate(lines) if (m := _HEADING.match(line))]
    sections = []
    for n, (i, match) in enumerate(heads):
        level = len(match.group(1))
        end = next((j for j, m in heads[n + 1:] if len(m.group(1)) <= level), len(lines))
        body = "\n".join(lines[i:end]).rstrip() + "\n"
        sections.append(Section(match.group(2), match.group(3).strip(), body))
    return RuleBook(text, tuple(sections))


@lru_cache(maxsize=1)
def rule_book() -> RuleBook:
    """The book shipped with harp (package data, so it works installed)."""
    return parse_book(resources.files("harp").joinpath("rules.md").read_text(encoding="utf-8"))


def cited_ids(text: str) -> set[str]:
    """Every section id cited as ``RULES X`` in ``text``."""
    ids: set[str] = set()
    for match in CITATION.finditer(text):
        ids.update(re.split(r", | and ", match.group(1)))
    return ids
