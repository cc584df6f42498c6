"""The interactive game of ``harp play`` in a terminal.

The board is redrawn after each action; the player types notation (RULES
B7: ``3>f``, ``w>5``, ``d``, ``t3``, ``tt3``, ``u``), sees why a refused move
is refused, asks for a ``hint`` from the solver (Ctrl-C stops the search and
the game goes on) and quits with ``q``; the game can then be saved as a
record (RULES B8, :mod:`harp.cli.saving`).  A save that fails asks for
another file; given none, the record is printed and the exit code is 1.
A game ended by SIGTERM or SIGHUP prints its record too, with the exit code
128 + the signal's number.
"""
from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Iterator
from types import TracebackType

import click

from harp import Board, HarpError, IllegalActionError
from harp.display import suits_fit, with_suit_letters, with_suit_symbols
from harp.errors import clip, quoted
from harp.rulebook import rule_book
from harp.records import Record, replay
from harp.solve import HINT_LIMITS, HintLine, Hints, SolveLimits

from .options import MAX_COUNT_DIGITS
from .output import BLOCKED, LOST_HERE, board_text, one_line, printable, use_color
from .playerstats import Counter, summary
from .runs import plural
from .saving import UPDATED, Resumed, file_name, kept_by_hand, save_record, say_last

QUIT = ("q", "quit", "exit")
#: A lost position with no action to undo (the start of a deal that cannot
#: be won, or undo's reach used up): undo cannot help.
LOST_NO_UNDO = ("Lost: no line of play wins from here (RULES C8), and there is nothing to undo: "
                "quit (q) and play another deal.")
#: The longest search a ``hint POSITIONS`` may ask for.
MAX_HINT_STATES = 100_000_000
HELP_TEXT = f"""\
Type actions in move notation (several per line are fine):
  3>f  w>5  a>10  f2>5   move from X to Y (f: the foundation that accepts)
  t3   tt3               tap / double-tap the top card of column 3 (or w, a-d)
  d                      draw from the stock (Easy Harp; redeals when empty)
  u                      undo the last action
Commands: help, moves (legal actions), script (actions so far), q (quit),
  why                    the rule behind the last refusal, from the rule book
  rules SECTION          a section of the rule book (rules A2.5)
  stats                  your statistics: played, won, best score, streak
  hint [POSITIONS]       the next move of a winning line, kept while you follow it;
                         a new line searches up to {HINT_LIMITS.max_states} positions
                         (or POSITIONS); Ctrl-C stops the search"""


class Ended(BaseException):
    """A signal ended the game (SIGTERM, SIGHUP): raised by its handler
    wherever the game is, a BaseException as KeyboardInterrupt is, so that
    nothing on the way takes it for an error."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


#: The signals that end the line game with its record printed (Ctrl-C, SIGINT,
#: is an answer: it stops a hint, or ends the game and asks about saving).
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                       if hasattr(signal, name))


@contextlib.contextmanager
def ending_signals() -> Iterator[None]:
    """While the game runs, SIGTERM and SIGHUP raise :class:`Ended` (unless
    ignored when harp started, as by nohup); their handlers are put back after."""
    def end(number: int, frame: object) -> None:
        raise Ended(number)
    before = {}
    try:
        for number in ENDING_SIGNALS:
            if signal.getsignal(number) != signal.SIG_IGN:
                before[number] = signal.signal(number, end)
    except ValueError:                  # not the main thread: signals stay as they are
        pass
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def tolerant_input() -> Iterator[None]:
    """Bytes the input's encoding cannot decode (UTF-8 typed where it is
    ASCII) read as lone surrogates instead of raising: the line that holds
    them is refused (:func:`undecodable`), the lines around it are played.
    A decoding error would lose the whole buffer read, lines before too."""
    stdin = sys.stdin
    errors = getattr(stdin, "errors", None)
    reconfigure = getattr(stdin, "reconfigure", None)
    if errors != "strict" or reconfigure is None:
        yield
        return
    try:
        reconfigure(errors="surrogateescape")
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors=errors)


def undecodable(line: str) -> str | None:
    """Why a line read cannot be played, if it holds bytes the input's
    encoding could not decode; None if it is text."""
    if not any("\udc80" <= char <= "\udcff" for char in line):
        return None
    encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
    try:
        raw = line.encode(encoding, "surrogateescape")
    except (UnicodeEncodeError, LookupError):
        raw = line.encode("utf-8", "surrogatepass")
    shown = raw.decode("ascii", "backslashreplace").strip()
    return f"Refused {printable(shown)}: the line is not text in the input's encoding ({encoding})"


def play_game(board: Board, ascii_: bool = False, reveal: bool = False,
              resumed: Resumed | None = None) -> bool:
    """Run the game until the player quits, wins, or input ends; offer to
    save.  ``resumed``: the record file the game was loaded from, and its
    record.  False if the game was not saved though it was not declined
    (a failed save given up, Ctrl-C at the question): its record is printed.
    A game ended by SIGTERM or SIGHUP prints its record to keep by hand and
    exits (SystemExit) with 128 + the signal's number."""
    kept: list[bool] = []       # the game was saved, or declined: nothing to print
    counter = Counter(board)
    acted: list[int] = []       # an action was made since the game was opened
    try:
        with ending_signals(), tolerant_input():
            done = _play(board, ascii_, reveal, resumed, kept, counter, acted)
    except Ended as end:
        if counter.due(board, bool(acted)):
            counter.count(board)        # as quitting: the terminal may be gone, nothing said
        if not kept:
            record = _record(board, resumed)
            # The line the prompt was on ends first.
            say_last([""] if record is None else ["", kept_by_hand(record)])
        raise SystemExit(128 + end.number) from None
    return done


def _play(board: Board, ascii_: bool, reveal: bool, resumed: Resumed | None,
          kept: list[bool], counter: Counter, acted: list[int]) -> bool:
    line_editing()
    # Cards in messages and the rule book as the board shows them.
    symbols = not ascii_ and suits_fit(getattr(sys.stdout, "encoding", None))
    click.echo(board_text(board, ascii_, reveal))
    click.echo("Type help for the notation, q to quit.")
    refused: list[HarpError] = []       # the last refusal, for ``why``
    hints = HintLine()                  # the game's hints: the line in force is kept
    while board.status() != "won":
        if board.status() == "blocked":
            click.echo(BLOCKED)
        try:
            line = click.prompt(str(board.code), default="", show_default=False,
                                prompt_suffix="> ")
        except click.Abort:
            click.echo()
            break
        why = undecodable(line)
        if why is not None:
            click.echo(click.style(why, fg="red") if use_color() else why)
            continue
        command = line.strip().lower()
        if command in QUIT:
            break
        if not command:
            continue
        if run_command(board, command, refused, hints, symbols):
            continue
        if played := play_line(board, line, refused, symbols):
            acted.append(played)
            click.echo(board_text(board, ascii_, reveal))
    if board.status() == "won":
        click.echo(f"Won! Score {board.score} in {board.moves} moves.")
    if counter.due(board, bool(acted)):
        click.echo(counter.count(board)[0])
    return offer_save(board, resumed, kept)


def line_editing() -> bool:
    """Give the game's prompts line editing and history (arrow keys, Up for
    the last line) where Python has ``readline``: ``input()``, which
    ``click.prompt`` calls, uses it once it is imported.  False where it is
    missing (Windows without pyreadline); the game works without it."""
    if not sys.stdin.isatty():
        return False
    try:
        import readline  # noqa: F401  (imported for its effect on input())
    except ImportError:
        return False
    return True


def run_command(board: Board, command: str, refused: list[HarpError] | None = None,
                hints: HintLine | None = None, symbols: bool = True) -> bool:
    """Handle a word that is not notation; False if it is notation.
    ``refused`` holds the last refusal, which ``why`` explains; ``hints``
    the game's hints; without ``symbols`` (a board in suit letters) the
    rule book's cards are shown in letters too."""
    book = (lambda text: text) if symbols else with_suit_letters
    word, _, argument = command.partition(" ")
    if command in ("help", "?", "h"):
        click.echo(HELP_TEXT)
    elif command in ("moves", "legal"):
        click.echo(" ".join(map(str, board.legal_actions)) or "no legal action")
    elif command == "script":
        click.echo(board.script() or "no action yet")
    elif word == "hint":
        click.echo(hint_command(board, argument.strip(), hints))
    elif command == "stats":
        click.echo(summary())
    elif command == "why":
        try:
            click.echo(book(why_text(refused[-1] if refused else None)), nl=False)
        except HarpError as err:       # the book cannot be read: the game goes on
            click.echo(one_line(err))
    elif word == "rules" and argument.strip():
        try:
            click.echo(book("\n".join(s.text for s in rule_book().lookup(argument))), nl=False)
        except HarpError as err:
            click.echo(one_line(err))
    elif word in USAGE:         # a command with a wrong argument is no move
        click.echo(f"Usage: {USAGE[word]}")
    else:
        return False
    return True


#: The commands' usage, for one typed with a wrong argument (``rules`` alone,
#: ``moves 3``): the command is named, not read as a move.
USAGE = {"rules": "rules SECTION, e.g. rules A1.3 or rules foundations (harp rules prints the whole book)",
         "moves": "moves (the legal actions; no argument)",
         "legal": "legal (the legal actions; no argument)",
         "script": "script (the actions so far; no argument)",
         "why": "why (the rule behind the last refusal; no argument)",
         "stats": "stats (your statistics of every game; no argument)",
         "help": "help (no argument)"}


def why_text(error: HarpError | None) -> str:
    """The rule book's section behind a refusal: the rule an illegal
    action breaks, or the notation (RULES B7) for text that does not parse."""
    if error is None:
        return "Nothing has been refused yet.\n"
    rule = error.rule if isinstance(error, IllegalActionError) else "B7"
    try:
        return rule_book().section(rule).text
    except HarpError:               # a rule cited as a list or range: its first section
        return rule_book().section(rule.replace("-", ",").split(",")[0]).text


def play_line(board: Board, line: str, refused: list[HarpError] | None = None,
              symbols: bool = False) -> int:
    """Push each token of the line; stop at the first refused one and say
    why (kept in ``refused`` for ``why``), its cards in suit ``symbols``
    when the board shows them so.  Returns how many actions were accepted
    (0: nothing to redraw)."""
    accepted = 0
    for token in line.split("#", 1)[0].replace(",", " ").split():
        try:
            board.push(token)
        except HarpError as err:
            if refused is not None:
                refused[:] = [err]
            # A notation error names its text ('1>c': ...), which the
            # message names already.
            why = one_line(err).removeprefix(f"{quoted(token)}: ")
            message = f"Refused {printable(clip(token))}: {with_suit_symbols(why) if symbols else why}"
            click.echo(click.style(message, fg="red") if use_color() else message)
            break
        accepted += 1
    return accepted


def hint_limits(argument: str) -> SolveLimits | None:
    """The limits of ``hint`` (HINT_LIMITS) or ``hint POSITIONS`` (a
    longer search); None if POSITIONS is not a count of positions."""
    if not argument:
        return HINT_LIMITS
    if not (argument.isascii() and argument.isdigit() and len(argument) <= MAX_COUNT_DIGITS):
        return None
    positions = int(argument)
    if not 0 < positions <= MAX_HINT_STATES:
        return None
    return SolveLimits(max_states=positions)


def hint_command(board: Board, argument: str = "", hints: HintLine | None = None) -> str:
    """The solver's next action on the winning line in force (``hints``:
    the game's, which keeps the line while the player follows it); Ctrl-C
    stops the search."""
    limits = hint_limits(argument)
    if limits is None:
        return (f"hint takes a number of positions to search (at most {MAX_HINT_STATES}), "
                "e.g. hint 2000000")
    try:
        with Elapsed("Searching"):
            return hint_text(board, limits, hints)
    except KeyboardInterrupt:
        return "Hint stopped (Ctrl-C); the game goes on."


def hint_text(board: Board, limits: SolveLimits = HINT_LIMITS,
              hints: HintLine | None = None) -> str:
    """What the solver says from the board's position: the next action of
    the game's line in force (``hints``; by default, none yet), whatever
    the limits, or of a line searched for from here; with limits other
    than HINT_LIMITS, that far (and the line found is kept)."""
    hints = hints or HintLine()
    if limits == HINT_LIMITS:
        found = hints.next(board)
    else:           # the line in force still holds; only a new search goes that far
        default, hints.hints = hints.hints, Hints(limits)
        try:
            found = hints.next(board)
        finally:
            hints.hints = default
    if found.action is not None:
        if found.followed:
            return (f"Hint: {found.action} (the line goes on: {plural(len(found.line), 'action')} "
                    "to a win)")
        return (f"Hint: {found.action} (the first of a winning line of "
                f"{plural(len(found.line), 'action')})")
    if found.outcome == "unsolvable":
        return LOST_HERE if board.can_undo() else LOST_NO_UNDO
    more = min(MAX_HINT_STATES, 10 * found.result.states)
    return (f"No winning line found within the limits ({found.result.limit_text()}); the "
            f"position may still be won: try hint {more} for a longer search.")


class Elapsed:
    """While a slow search runs, show on a terminal's stderr that it is
    working: its elapsed seconds, redrawn in place, then erased."""

    DELAY = 0.5      # a quick answer shows nothing
    PERIOD = 0.25

    def __init__(self, label: str) -> None:
        self.label = label
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Elapsed:
        if sys.stderr.isatty():
            self._thread = threading.Thread(target=self._show, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()

    def _show(self) -> None:
        start = time.monotonic()
        shown = False
        while not self._done.wait(self.DELAY if not shown else self.PERIOD):
            seconds = time.monotonic() - start
            sys.stderr.write(f"\r{self.label}... {seconds:.0f} s (Ctrl-C stops)  ")
            sys.stderr.flush()
            shown = True
        if shown:
            sys.stderr.write("\r" + " " * 40 + "\r")
            sys.stderr.flush()


def _record(board: Board, resumed: Resumed | None) -> Record | None:
    """The game's record, None if there is nothing to save: nothing
    played, or the saved game as it was loaded."""
    if not board.actions or (resumed is not None and
                             board.script() == replay(resumed.record).script()):
        return None
    extra = resumed.record.extra if resumed else {}
    return Record(str(board.code), board.script(), dict(extra))


def offer_save(board: Board, resumed: Resumed | None = None,
               kept: list[bool] | None = None) -> bool:
    """Ask whether to save the game as a record, and where; a failed save
    asks again.  False if the player then gives up, or answers the question
    with Ctrl-C or the end of input: the record is printed, never lost unseen.
    ``kept`` gets True once the game is saved, or its saving declined."""
    kept = [] if kept is None else kept
    record = _record(board, resumed)
    if record is None:
        kept.append(True)
        return True
    try:
        if not click.confirm("Save this game as a record?", default=False):
            kept.append(True)
            return True
    except click.Abort:             # Ctrl-C or the end of input: no answer, keep the game
        click.echo()
        return not_saved(record, kept)
    question, default = "File (.txt, .jsonl or .csv)", (resumed.path if resumed else
                                                          f"{board.code}.txt")
    while True:
        try:
            # The default shown as Click would show it, but escaped: it may
            # be the name of the file the game was loaded from.
            asked = f"{question} [{printable(default)}]" if default else question
            typed = click.prompt(asked, default=default, show_default=False).strip()
        except click.Abort:
            click.echo()
            typed = ""
        if not typed:
            return not_saved(record, kept)
        path = file_name(typed)
        try:
            done = save_record(path, record, resumed)
        except (HarpError, OSError) as err:
            click.echo(f"Not saved: {one_line(err)}")
            question, default = "Another file (empty: do not save)", ""
            continue
        kept.append(True)
        name = printable(path)
        said = f"Updated the game's record in {name}" if done == UPDATED else f"Saved to {name}"
        click.echo(f"{said}: replay it with: harp replay {name}")
        return True


def not_saved(record: Record, kept: list[bool] | None = None) -> bool:
    """Print the record of a game that was not saved, so that it is never
    lost unseen; False: the command exits 1."""
    click.echo(kept_by_hand(record))
    if kept is not None:
        kept.append(True)
    return False
