"""Exceptions of the engine, in the style of python-chess.

Every error a user can cause is a ``ValueError`` subclass with a message
that says what was wrong, so callers can catch ``ValueError`` and print
``str(err)`` as a one-line answer.
"""
from __future__ import annotations


class HarpError(ValueError):
    """Base class of every error the engine raises for bad input.

    ``action_number``, ``token`` and ``line`` say where in a script the
    error happened, once :meth:`at` has placed it.
    """

    action_number: int | None = None
    token: str | None = None
    line: int | None = None

    def at(self, action_number: int, token: str, line: int | None = None) -> HarpError:
        """The same error, its message prefixed with where it happened."""
        placed = self.__class__.__new__(self.__class__)
        placed.__dict__.update(self.__dict__)
        placed.action_number, placed.token, placed.line = action_number, token, line
        where = f"action {action_number} ({token}" + (f", line {line})" if line else ")")
        message = str(self)
        # The token is named in ``where``; don't say it twice.
        message = message.removeprefix(f"{token!r}: ")
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


def clip(text: str, limit: int = 60) -> str:
    """A short excerpt of user input for a message: at most ``limit``
    characters, an ellipsis marking what was cut, control characters shown
    escaped, so a message stays one short line whatever it quotes."""
    shown = text if len(text) <= limit else text[:limit - 1] + "…"
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in shown)
