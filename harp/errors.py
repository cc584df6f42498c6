"""Exceptions of the engine, in the style of python-chess.

Every error a user can cause is a :class:`HarpError` (a ``ValueError``
subclass) with a message that says what was wrong, so callers can catch
``HarpError`` and print ``str(err)`` as a one-line answer.  A message quotes
user input only as a short excerpt (:func:`clip`).  The batch analyzer's
own errors (a bad deal list, an unusable database or executor) are
``HarpError`` subclasses too.

A wrong *type* (a number where an action or a deal code is meant, one
``str`` where a list of lines is) is Python's ``TypeError``, not a
``HarpError``: it is a mistake in the calling code, not in the input.
Every ``HarpError`` pickles and copies with its attributes (a process
pool sends a worker's error back pickled).
"""
from __future__ import annotations

#: How much of a piece of user input an error message quotes.
CLIP_LIMIT = 60


def clip(text: str, limit: int = CLIP_LIMIT) -> str:
    """A short excerpt of user input for an error message: ``text`` itself
    when it has at most ``limit`` characters, else its first ``limit - 1``
    and an ellipsis, so that a huge token never makes a huge message.
    Quote it with ``!r`` (which also shows control characters escaped)."""
    if len(text) <= limit:
        return text
    return text[:max(limit - 1, 0)] + "…"


def number_text(number: int) -> str:
    """A number for an error message, clipped: a number of thousands of
    digits would be a huge message (and beyond Python's int-to-str limit)."""
    if abs(number) < 10**18:
        return str(number)
    return f"of {number.bit_length()} bits{' (negative)' if number < 0 else ''}"


def a_number(number: int) -> str:
    """:func:`number_text` where no noun comes before it: ``52``, or ``a
    number of 16610 bits``."""
    text = number_text(number)
    return f"a number {text}" if text.startswith("of ") else text


def shown(name: str, limit: int = 160) -> str:
    """A file name (or other text the user gave) as a message quotes it:
    clipped to ``limit`` characters and :func:`printable`, so that a line
    break in it is shown as ``\\n``, neither folded nor obeyed."""
    return printable(clip(name, limit))


def printable(text: str) -> str:
    """``text`` with every character that is not printable escaped (``\\n``,
    ``\\x1b``): a file name holding a line break or an escape sequence
    must not split a one-line message or drive the terminal.  A byte that
    was not UTF-8 in a file name or an argument (Python holds it as a lone
    surrogate) is shown as the byte it was, ``\\xff``, not ``\\udcff``."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escaped(ch) for ch in text)


def _escaped(ch: str) -> str:
    """One character as Python writes it in a string (``\\n``, ``\\\\``), but
    a lone surrogate (a byte that was not UTF-8) as that byte, ``\\xff``."""
    if "\udc80" <= ch <= "\udcff":
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return repr(ch)[1:-1]


def quoted(text: str) -> str:
    """``text`` quoted for a message as ``repr(clip(text))`` quotes
    it (anything unprintable escaped), but a byte that was not UTF-8 on the
    command line or in a file name (Python holds it as a lone surrogate)
    shown as the byte it was, ``\\xff``, not as ``\\udcff``, which the user
    never typed."""
    text = clip(text)
    written = repr(text)
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return written
    quote = written[0]      # the quote repr chose; it escapes only that one
    return quote + "".join("\\" + quote if ch == quote else _escaped(ch) for ch in text) + quote


def _rebuilt(cls: type[HarpError], args: tuple, state: dict) -> HarpError:
    """An error as it was pickled: its message and attributes, set without
    calling ``__init__`` (whose arguments a subclass may require, as
    :class:`IllegalActionError` does)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class HarpError(ValueError):
    """Base class of every error the engine raises for bad input.

    ``action_number``, ``token`` and ``line`` say where in a script the
    error happened, once :meth:`at` has placed it.
    """

    action_number: int | None = None
    token: str | None = None
    line: int | None = None

    def __reduce__(self) -> tuple:
        return (_rebuilt, (type(self), self.args, self.__dict__))

    def at(self, action_number: int, token: str, line: int | None = None,
           source: str | None = None) -> HarpError:
        """The same error, its message prefixed with where it happened:
        ``action N (TOKEN, line L)``, or for a script read from the file
        ``source``, ``FILE: line L: action N (TOKEN)`` as the file's other
        errors are worded."""
        placed = self.__class__.__new__(self.__class__)
        placed.__dict__.update(self.__dict__)
        placed.action_number, placed.token, placed.line = action_number, token, line
        # The token and the file name as messages show user input: clipped,
        # and anything unprintable escaped (an escape sequence in a token
        # must not drive the terminal that prints the message).
        token_shown = shown(token, CLIP_LIMIT)
        if source is not None and line is not None:
            where = f"{shown(source)}: line {line}: action {action_number} ({token_shown})"
        else:
            where = f"action {action_number} ({token_shown}" + (f", line {line})" if line else ")")
        message = str(self)
        # The token is named in ``where``; don't say it twice.
        for named in (repr(token), repr(clip(token)), quoted(token)):
            message = message.removeprefix(f"{named}: ")
        if len(token) > CLIP_LIMIT:     # nor quote a huge token whole
            message = message.replace(repr(token), repr(clip(token)))
        ValueError.__init__(placed, f"{where}: {message}")
        return placed


class InvalidCodeError(HarpError):
    """A deal code (RULES B1) that cannot be read or names no deal."""


class NotationError(HarpError):
    """Text that is not valid move notation (RULES B7): it cannot be parsed."""


class IllegalActionError(HarpError):
    """An action that parses but that the rules refuse.

    ``reason`` is the one-line answer; ``rule`` is the section of RULES.md
    that refuses it (e.g. ``"A1.3"``); ``reminder`` is the longer text shown
    while the setting "interactive rules" is on (RULES B9).
    """

    def __init__(self, reason: str, rule: str, reminder: str | None = None,
                 interactive: bool = True) -> None:
        self.reason = reason
        self.rule = rule
        self.reminder = reminder
        self.interactive = interactive
        super().__init__(self._message())

    def _message(self) -> str:
        text = f"{self.reason} (RULES {self.rule})"
        if self.interactive and self.reminder:
            text += f". Reminder: {self.reminder}"
        return text

    def with_interactive(self, interactive: bool) -> IllegalActionError:
        """The same refusal, worded for the given "interactive rules" setting."""
        return IllegalActionError(self.reason, self.rule, self.reminder, interactive)


class RecordError(HarpError):
    """A game record (RULES B8) that is malformed: missing fields, bad JSON."""

