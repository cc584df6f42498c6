"""What Textual writes to the terminal, made safe for the terminal it has.

Textual draws the screen on standard error, as text in that stream's
encoding.  Where the encoding cannot show a character (ASCII in the C
locale, Latin-1), Python writes it as ``\\u256d``, six cells where one was
meant, and the layout breaks: each such character is written instead as an
ASCII look-alike of one cell (``+ - |`` for box lines, ``?`` when there is
none).  And once the terminal is gone (SIGHUP: the window was closed), a
write fails; Textual's writer thread would die of it and the game hang on
its full queue while ending, so a failed write is dropped: nobody can see
it any more.
"""
from __future__ import annotations

import unicodedata
from typing import IO, Any

from rich.cells import cell_len

#: ASCII look-alikes of characters Textual, Rich and the rule book use.
LOOK_ALIKES = {"…": ".", "•": "*", "→": ">", "←": "<", "×": "x", "−": "-", "–": "-",
               "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "♠": "S", "♥": "H",
               "♦": "D", "♣": "C", "░": "#", "▒": "#", "▓": "#"}


def look_alike(char: str) -> str:
    """An ASCII stand-in for ``char``, as many cells wide."""
    if char in LOOK_ALIKES:
        return LOOK_ALIKES[char]
    name = unicodedata.name(char, "")
    if name.startswith("BOX DRAWINGS"):
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+"
    if "BLOCK" in name:         # scroll bars' eighths: the cell keeps its colours
        return " "
    # Not ï as i: a file name shown so would look right when it is not.
    return "?" * max(1, cell_len(char))


class _StandIns(dict):
    """``str.translate``'s table for an encoding: a character it can write
    stays, any other is its look-alike (each worked out once)."""

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self.encoding = encoding

    def __missing__(self, code: int) -> str:
        char = chr(code)
        try:
            char.encode(self.encoding)
            value = char
        except (UnicodeEncodeError, LookupError):
            value = look_alike(char)
        self[code] = value
        return value


def writes_unicode(encoding: str | None) -> bool:
    return (encoding or "").lower().replace("-", "").replace("_", "").startswith("utf")


class ScreenStream:
    """The terminal stream Textual writes to (standard error), writing only
    what its encoding can show and dropping writes once the terminal is gone."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        encoding = getattr(stream, "encoding", None) or "utf-8"
        self._table = None if writes_unicode(encoding) else _StandIns(encoding)
        #: A write failed: the terminal is gone (or the stream closed).
        self.gone = False

    def write(self, text: str) -> int:
        if self._table is not None:
            text = text.translate(self._table)
        if not self.gone:
            try:
                self._stream.write(text)
            except (OSError, ValueError):
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self.gone = True

    def __getattr__(self, name: str) -> Any:       # fileno, isatty, encoding
        return getattr(self._stream, name)


def safe_driver(driver_class: type) -> type:
    """``driver_class`` writing through a :class:`ScreenStream`."""

    class SafeDriver(driver_class):             # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            stream = getattr(self, "_file", None)
            if stream is not None and not isinstance(stream, ScreenStream):
                self._file = ScreenStream(stream)

    SafeDriver.__name__ = SafeDriver.__qualname__ = f"Safe{driver_class.__name__}"
    return SafeDriver
