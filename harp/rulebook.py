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

from .errors import HarpError, quoted, shown

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
        """The section with this id (any letter case: ``a2.5``), also as
        an error message cites it (``RULES A2.5``)."""
        _check_wanted(wanted, "section", "a section id (a str such as 'A2.5')")
        key = _RULES.sub("", wanted.strip()).upper().rstrip(".")
        for s in self.sections:
            if s.id == key:
                return s
        raise UnknownSectionError(f"the rule book has no section {quoted(wanted)}")

    def numbered(self) -> list[Section]:
        """The sections, without the parts (``##``) that hold them."""
        return [s for s in self.sections if is_numbered(s.id)]

    def find(self, word: str) -> list[Section]:
        """Numbered sections whose title, else whose text, mentions ``word``.

        One word is looked for as the start of a word of the book, its stem
        (``word`` without a final ``s``, then ``e``, keeping 3 letters) in
        any letter case: ``score`` finds *Scoring* and *scores*, ``moves``
        finds *move* and *moving*.  Anything else (``free cell``,
        ``take-back``) is looked for as it is, in any letter case."""
        _check_wanted(word, "find", "a word (a str such as 'capacity')")
        needle = word.strip().casefold()
        if re.fullmatch(r"\w+", needle):
            stem = needle
            for ending in ("s", "e"):
                if stem.endswith(ending) and len(stem) > 3:
                    stem = stem[:-1]
            pattern = re.compile(r"\b" + re.escape(stem))

            def holds(text: str) -> bool:
                return pattern.search(text.casefold()) is not None
        else:
            def holds(text: str) -> bool:
                return needle in text.casefold()
        numbered = self.numbered()
        by_title = [s for s in numbered if holds(s.title)]
        return by_title or [s for s in numbered if holds(s.text)]

    def lookup(self, wanted: str) -> list[Section]:
        """``harp rules WANTED``: the section with that id, else those that
        mention the word; an error if there are none, or if WANTED has no
        letter or digit (it names no section and is no word)."""
        _check_wanted(wanted, "lookup", "a section id or a word (a str such as 'A2.5')")
        if wanted.strip() and not any(char.isalnum() for char in wanted):
            # A word of signs alone (-) would match it anywhere in the text.
            raise UnknownSectionError(f"{quoted(wanted)} has no letter or digit: give a "
                                      "section id (A2.5) or a word")
        try:
            return [self.section(wanted)]
        except UnknownSectionError:
            found = self.find(wanted) if wanted.strip() else []
            if not found:
                raise UnknownSectionError(
                    f"the rule book has no section {quoted(wanted)} and no section "
                    f"mentions it (sections: {self.ranges()})") from None
            return found

    def ranges(self) -> str:
        """The numbered sections of each part, first to last:
        ``A1.1-A1.11, A2.1-A2.8, B1-B11, C1-C8``."""
        runs: list[list[str]] = []
        part = None
        for s in self.sections:
            if not is_numbered(s.id):
                part = None
            elif part is None:
                part = [s.id]
                runs.append(part)
            else:
                part.append(s.id)
        return ", ".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def _check_wanted(wanted: object, method: str, what: str) -> None:
    if not isinstance(wanted, str):
        raise TypeError(f"RuleBook.{method} takes {what}, not {type(wanted).__name__}")


#: ``RULES `` before a section id, as messages cite it (``RULES A2.5``).
_RULES = re.compile(r"^RULES\s+(?=\S)", re.IGNORECASE)


def is_numbered(section_id: str) -> bool:
    """Whether ``section_id`` is a numbered section (``A2.5``, ``B7``),
    not a part (``A2``, ``B``)."""
    return "." in section_id or section_id[:1] in ("B", "C") and len(section_id) > 1


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


class RuleBookError(HarpError):
    """The book installed with harp cannot be read (a damaged install)."""


@lru_cache(maxsize=1)
def rule_book() -> RuleBook:
    """The book shipped with harp (package data, so it works installed);
    RuleBookError if the installed file is missing or damaged."""
    book = resources.files("harp").joinpath("rules.md")
    try:
        return parse_book(book.read_text(encoding="utf-8"))
    except OSError as err:
        why = err.strerror or type(err).__name__
    except UnicodeDecodeError as err:
        why = f"not UTF-8 text at byte {err.start}"
    raise RuleBookError(f"harp's rule book {shown(str(book))} cannot be read ({why}): "
                        "reinstall harp")


def cited_ids(text: str) -> set[str]:
    """Every section id cited as ``RULES X`` in ``text``."""
    ids: set[str] = set()
    for match in CITATION.finditer(text):
        ids.update(re.split(r", | and ", match.group(1)))
    return ids
