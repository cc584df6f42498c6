"""The command line's options and value types, each defined once.

* ``apply``: several Click decorators as one.
* ``deal_choice``: ``--random``, ``--daily``, ``--date``, ``--game``,
  ``--cells``: the deal ``harp deal`` prints and ``harp play`` starts;
  ``winnable_flags``: ``--winnable``, ``--unwinnable``.
* ``game_option`` (its value ``EH`` or ``SH``), ``cells_option`` (4, 2 or
  1 as a number), ``deals_option``, ``json_option``, ``output_options``
  (``--json``, ``--csv``, ``--fmt``), ``board_display``, ``rule_settings``
  (RULES B9), ``run_options`` (``--jobs``, ``--executor``, ...,
  ``--progress``), ``progress_option``, ``columns_option``.
* Checks of options that mean nothing without another, or with a game
  (a usage error, before any work, in the same words in every command):
  ``refuse_given``, ``check_cells``, ``check_solver_limits``,
  ``check_line_states``; ``check_run_options``.
* ``limit_options``: the solver's limits, read into one ``SolveLimits``.
* ``Date``: a real calendar date, ``YYYY-MM-DD`` (the daily deal, RULES B4).
* Value types that read ASCII digits only (RULES C6), refuse NaN and
  infinity, NUL bytes in file names and empty ones, and quote at most a
  clipped excerpt of a bad value: ``DEAL_NUMBER``, ``Count``, ``INTEGER``
  (a seed), ``Seconds``, ``FileName``.
"""
from __future__ import annotations

import calendar
import dataclasses
import datetime as dt
import functools
import math
import os
import re
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

import click

from harp.analysis.parallel import DASK, EXECUTORS, LOCAL, require_dask
from harp.deals import SEAHAVEN
from harp.errors import HarpError, clip, quoted

from .fit import parse_columns

if TYPE_CHECKING:       # the board commands start without loading the solvers
    from harp.solve import SolveLimits

F = TypeVar("F", bound=Callable[..., Any])
Decorator = Callable[[F], F]

#: Digits of the largest count an option takes (more is refused unread).
MAX_COUNT_DIGITS = 18
#: Most worker processes ``--jobs`` takes: more would only thrash.
MAX_JOBS = min(64, 8 * (os.cpu_count() or 1))
DEFAULT_FORMAT = "simple"
#: A few table formats the help names; ``--fmt`` takes any of tabulate's.
EXAMPLE_FORMATS = ("simple", "github", "grid", "pipe", "plain", "rst")


def apply(func: F, decorators: list[Decorator]) -> F:
    """``func`` decorated by ``decorators``, the first one outermost (as if stacked)."""
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option ``name`` was given on the command line (not its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


# ------------------------------------------------------------------ game and deals

class Choice(click.Choice):
    """click.Choice whose refusal quotes the value as harp's own messages
    do: a byte that was not UTF-8 as ``\\xff``, not ``\\udcff``."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        return f"{quoted(str(value))} is not one of {', '.join(map(repr, self.choices))}."


class Game(Choice):
    """``eh`` or ``sh``, in any case, as the game's code: ``EH`` or ``SH``."""

    def __init__(self) -> None:
        super().__init__(["eh", "sh"], case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return str(super().convert(value, param, ctx)).upper()


class Cells(Choice):
    """A Seahaven variant's cells, 4, 2 or 1 (RULES A1.10), as a number."""

    def __init__(self) -> None:
        super().__init__(["4", "2", "1"])     # most cells first, in every option

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        return int(super().convert(str(value), param, ctx))


def game_option(help: str = "Easy Harp (eh) or Seahaven Towers (sh).", **kwargs: Any) -> Decorator:
    """``--game``: ``EH`` or ``SH`` (or None when not given)."""
    return click.option("--game", type=Game(), help=help, **kwargs)


def cells_option(help: str = "Seahaven cells.", **kwargs: Any) -> Decorator:
    """``--cells``: 4, 2 or 1 (or None when not given)."""
    return click.option("--cells", type=Cells(), help=help, **kwargs)


def deal_choice(func: F) -> F:
    """``--random``, ``--daily``, ``--date``, ``--game`` and ``--cells``: a
    new deal as the apps offer it (RULES A1.10, B4), instead of a CODE, or
    the game of a deal number given as CODE."""
    return apply(func, [
        click.option("--random", "random_", is_flag=True, help="A random deal (\"new deal\")."),
        click.option("--daily", is_flag=True,
                     help="Today's deal, the same for everyone (RULES B4)."),
        click.option("--date", type=Date(), help="The daily deal of this date."),
        game_option("Game of a deal NUMBER, a --random or --daily deal [default: eh]."),
        cells_option("Seahaven cells for a deal NUMBER, --random or --daily [default: 4]."),
    ])


def winnable_flags(func: F) -> F:
    """``--winnable`` and ``--unwinnable``: a random deal that can (cannot) be won."""
    return apply(func, [
        click.option("--winnable", is_flag=True,
                     help="A random deal that can be won (from the atlas)."),
        click.option("--unwinnable", is_flag=True, help="A random deal that cannot be won."),
    ])


def min_cells_option(help: str) -> Decorator:
    """``--min-cells``: 4, 2 or 1 (or None)."""
    return click.option("--min-cells", type=Cells(), help=help)


def parsed(parse: Callable[[str], Any]) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """An option's callback: its value parsed at once, so that a bad one
    (``parse`` raises a HarpError) is a usage error before any work."""
    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
        if value is None:
            return None
        try:
            return parse(value)
        except HarpError as err:
            raise click.BadParameter(str(err), ctx, param) from None
    return callback


def _deal_list(text: str) -> list[int]:
    from harp.analysis.stats import DealListError, parse_deal_list
    # An empty item (1,,3 or 1-5,) is most likely a number lost in typing:
    # refused rather than read as the deals that are left.
    if text.strip() and "" in text.replace(" ", "").split(","):
        raise DealListError(f"bad deal list {quoted(text)}: an empty item (write N or N-M "
                            "between commas, e.g. 1,5,9-12)")
    return parse_deal_list(text)


def deals_option(help: str, **kwargs: Any) -> Decorator:
    """``--deals LIST`` (passed as ``deal_list``): ranges and lists of deal numbers."""
    return click.option("--deals", "deal_list", metavar="LIST", callback=parsed(_deal_list),
                        help=help, **kwargs)


def pieces_option(func: F) -> F:
    """``--pieces DIR`` (passed as ``folder``): the Easy Harp atlas's pieces."""
    return click.option("--pieces", "folder", required=True, type=FileName(file_okay=False),
                        help="The folder of the atlas's pieces (committed as they finish)."
                        )(func)


# ------------------------------------------------------------------ the solver's limits

#: Each limit option: its flag, value type and help.
_LIMITS = {
    "max_states": ("--max-states", lambda: Count(1),
                   "Give up (unknown) after this many positions{scope} (the last step "
                   "of a search may pass it by a few): the same answer on any machine."),
    "line_states": ("--line-states", lambda: Count(0),
                    "Easy Harp: once a deal is won, search this many more positions for a "
                    "shorter line (0: none){scope}."),
    "timeout": ("--timeout", lambda: Seconds(),
                "A safety net: give up after this many seconds of wall-clock time{scope} "
                "(an answer it cuts says so, and may differ on a busier machine)."),
}


def limit_options(defaults: SolveLimits, names: tuple[str, ...] = tuple(_LIMITS),
                  scope: str = "", shown: dict[str, str] | None = None) -> Callable[[F], F]:
    """The solver's limits as options (``names``: some of ``max_states``,
    ``line_states``, ``timeout``), their defaults from ``defaults``; the
    command gets them as one ``limits: SolveLimits`` (a limit without its
    option keeps its default).  ``scope`` ends each help line, e.g.
    ``", per deal (--solve)"``; ``shown``: a default as the help shows it,
    where it depends on another option."""
    options = []
    for name in names:
        flag, kind, text = _LIMITS[name]
        help = text.format(scope=scope)
        if shown and name in shown:     # (Click would put a text default in parentheses)
            help += f"  [default: {shown[name]}]"
        options.append(click.option(flag, name, type=kind(), default=getattr(defaults, name),
                                    show_default=not (shown and name in shown), help=help))

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def command(*args: Any, **kwargs: Any) -> Any:
            chosen = {name: kwargs.pop(name) for name in names}
            return func(*args, limits=dataclasses.replace(defaults, **chosen), **kwargs)
        return apply(command, options)  # type: ignore[return-value]
    return decorate


# ------------------------------------------------------------------ output and display

def json_option(help: str = "Print JSON.") -> Decorator:
    """The one ``--json`` flag (passed as ``json_``)."""
    return click.option("--json", "json_", is_flag=True, help=help)


def table_formats() -> tuple[str, ...]:
    """tabulate's table formats; tabulate is imported here, not at the top,
    so that the board commands start without it."""
    import tabulate
    return tuple(tabulate.tabulate_formats)


class TableFormat(click.ParamType):
    """One of tabulate's table formats; the error names a few, not all."""

    name = "format"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "FORMAT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value in table_formats():
            return value
        self.fail(f"unknown table format {quoted(str(value))}; any of tabulate's formats, "
                  f"e.g. {', '.join(EXAMPLE_FORMATS)}", param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem
        return [CompletionItem(name) for name in table_formats() if name.startswith(incomplete)]


def output_options(func: F) -> F:
    """Add ``--json``, ``--csv`` and ``--fmt`` (passed as ``json_``, ``csv_``,
    ``fmt``); giving two of them is a usage error, raised before any work."""
    @functools.wraps(func)
    def checked(*args: Any, json_: bool, csv_: bool, fmt: str | None, **kwargs: Any) -> Any:
        given = [name for name, on in (("--json", json_), ("--csv", csv_),
                                       ("--fmt", fmt is not None)) if on]
        if len(given) > 1:
            raise click.UsageError(f"{' and '.join(given)} exclude each other: "
                                   "choose one output")
        return func(*args, json_=json_, csv_=csv_, fmt=fmt or DEFAULT_FORMAT, **kwargs)

    return apply(checked, [  # type: ignore[return-value]
        json_option("Output rows as JSON."),
        click.option("--csv", "csv_", is_flag=True, help="Output rows as CSV."),
        click.option("--fmt", "fmt", type=TableFormat(), default=None,
                     help=f"Table format [default: {DEFAULT_FORMAT}]: any of tabulate's, "
                          f"e.g. {', '.join(EXAMPLE_FORMATS)}."),
    ])


#: What replaced --record in the commands that read a saved game.
READS_SAVED = "--load FILE reads a saved game"


def load_option(help: str = "Start from a saved game: the deal and moves of a record file "
                             "(- for standard input); MOVES are played after them.") -> Decorator:
    """``--load FILE`` (passed as ``load``): read a saved game, the one word
    for it in every command (``--save`` writes one)."""
    return click.option("--load", "load", type=input_path(dir_okay=False), metavar="FILE",
                        help=help)


def save_option(help: str) -> Decorator:
    """``--save FILE`` (passed as ``save``): add a game to a record file."""
    return click.option("--save", "save", type=output_path(dash=False), metavar="FILE", help=help)


def retired_record_option(now: str) -> Decorator:
    """The old ``--record``, which read a saved game in some commands and
    wrote one in others: refused (exit 2), naming the word that replaced
    it in this command (``now``)."""
    def refuse(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if value is not None:
            raise click.UsageError(f"--record is gone (it meant reading a saved game in some "
                                   f"commands and writing one in others): {now}", ctx)
    return click.option("--record", type=str, hidden=True, expose_value=False, callback=refuse)


def saved_game_position(func: F) -> F:
    """The position a command starts from: ``CODE`` and ``MOVES``, or a
    saved game read with ``--load FILE`` (MOVES then played after its own);
    with the retired ``--record`` refused."""
    return apply(func, [
        click.argument("code", required=False),
        click.argument("moves", nargs=-1),
        load_option(),
        retired_record_option(READS_SAVED),
    ])


def rule_settings(func: F) -> F:
    """``--interactive-rules/--no-interactive-rules`` and ``--double-click/--no-double-click``."""
    return apply(func, [
        click.option("--interactive-rules/--no-interactive-rules", default=True,
                     show_default=True,
                     help="Explain a refused action with its rule and a reminder (RULES B9)."),
        click.option("--double-click/--no-double-click", default=True, show_default=True,
                     help="Accept double taps ttX (RULES B9)."),
    ])


def board_display(func: F) -> F:
    """``--json``, ``--ascii`` and ``--reveal``."""
    return apply(func, [
        json_option("Print the position as one JSON object."),
        click.option("--ascii", "ascii_", is_flag=True, help="Suit letters S H D C instead of suit symbols."),
        click.option("--reveal", is_flag=True, help="Show face-down cards and the stock (Easy Harp)."),
    ])


def is_deal_number(code: str | None) -> bool:
    """Whether a CODE argument is written as a deal number (RULES B1), or a
    negative one: that is out of range, as 0 is, not a bad code.  Digits
    of another script (``٣``, ``５``) are a deal number too, refused as
    one (RULES C6: the digits 0-9 only), not as a bad code."""
    digits = (code or "").strip().removeprefix("-")
    return code is not None and digits.isdigit()


def refuse_reveal(reveal: bool, game: str | None) -> None:
    """--reveal shows Easy Harp's face-down cards and stock; a Seahaven
    deal has neither, so asking for it is a usage error."""
    if reveal and game == SEAHAVEN:
        raise click.UsageError("--reveal is for Easy Harp: a Seahaven deal has no face-down "
                               "cards and no stock")


def refuse_ascii(ascii_: bool, output: str | None) -> None:
    """--ascii writes a printed position's suits as letters; JSON and
    Freecell Solver's format (``output``: the option asking for one) write
    them so already, and would ignore it: a usage error."""
    if ascii_ and output is not None:
        writer = "Freecell Solver's format" if output.endswith("fcs") else "JSON"
        raise click.UsageError(f"--ascii and {output} exclude each other: {writer} writes "
                               "suits as letters already")


# ------------------------------------------------------------------ batch runs

def progress_option(func: F) -> F:
    """``--progress/--no-progress`` (passed as ``show_progress``: None
    unless given, which draws progress only on a terminal)."""
    return click.option("--progress/--no-progress", "show_progress", default=None,
                        help="Progress on stderr [default: only when it is a terminal].")(func)


#: Per command (named as typed after ``harp``), columns its tables have,
#: for the example of ``--columns`` in its help.
COLUMN_EXAMPLES = {
    "stats": "measure,mean,max (with --solve or --atlas: deals,won_pct)",
    "score": "game,won,win_pct (with --rows: code,won,score)",
    "atlas status": "first,last,won,unknown",
    "atlas unknown": "deal,states,stopped_by",
}


def columns_option(func: F) -> F:
    """``--columns NAME,...`` (passed as ``columns``: the names, or None);
    the help's example is the command's, from :data:`COLUMN_EXAMPLES`."""
    group = func.__module__.rsplit(".", 1)[-1]
    command = func.__name__ if group == func.__name__ else f"{group} {func.__name__}"
    example = COLUMN_EXAMPLES.get(command)
    return click.option("--columns", metavar="NAME,...", callback=parsed(parse_columns),
                        help="The table's columns" + (f", e.g. {example}," if example else "")
                             + " or all [default: those that fit 80 columns]; CSV and JSON "
                             "have all unless given."
                        )(func)


def run_options(func: F) -> F:
    """``--jobs``, ``--executor``, ``--scheduler``, ``--quiet``,
    ``--progress/--no-progress`` (:func:`check_run_options` checks that
    they fit together)."""
    return apply(func, [
        click.option("--jobs", "-j", type=Count(1, MAX_JOBS), default=1, show_default=True,
                     help="Worker processes (local executor); never more than there is work for."),
        click.option("--executor", type=Choice(EXECUTORS), default=LOCAL,
                     show_default=True, help="Run locally or on a Dask cluster."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="Dask scheduler address, e.g. tcp://10.0.0.5:8786 (--executor dask)."),
        click.option("--quiet", "-q", is_flag=True, help="No progress bar or notes on stderr."),
        progress_option,
    ])


def check_run_options(ctx: click.Context, executor: str, scheduler: str | None) -> None:
    """The executor and progress options fit together (a usage error before any work)."""
    if ctx.params.get("quiet") and ctx.params.get("show_progress"):
        raise click.UsageError("--quiet and --progress exclude each other: --quiet draws "
                               "no progress bar")
    if executor == DASK and not scheduler:
        raise click.UsageError("--executor dask needs --scheduler ADDRESS")
    if executor != DASK and scheduler is not None:
        raise click.UsageError("--scheduler is for --executor dask")
    if executor == DASK and given(ctx, "jobs"):
        raise click.UsageError("--jobs is for the local executor; Dask uses its workers")
    if executor == DASK and scheduler and not scheduler_address(scheduler):
        raise click.UsageError(f"--scheduler: {quoted(scheduler)} is not a scheduler address "
                               "(tcp://HOST:PORT)")
    if executor == DASK:
        require_dask()


#: A Dask scheduler's address: ``[PROTOCOL://]HOST:PORT``, the protocols of
#: distributed's network connections, the host a name, IPv4 or ``[IPv6]``.
_SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?"
                        r"(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]):([0-9]{1,5})")
#: A scheduler in this very process (a LocalCluster without processes).
_IN_PROCESS = re.compile(r"inproc://\S+")


def scheduler_address(text: str) -> bool:
    """Whether ``text`` is a Dask scheduler address (:data:`_SCHEDULER`,
    a port from 1 to 65535, or :data:`_IN_PROCESS`), checked without
    importing Dask."""
    match = _SCHEDULER.fullmatch(text)
    return bool(match) and 0 < int(match.group(1)) < 65536 or bool(_IN_PROCESS.fullmatch(text))


# ------------------------------------------------------------------ options that mean nothing

def flags(ctx: click.Context, names: Iterable[str]) -> list[str]:
    """The flags (``--max-states``) of the options ``names`` the command has."""
    by_name = {param.name: param.opts[0] for param in ctx.command.params}
    return [by_name[name] for name in names if name in by_name]


def listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (at least one word)."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def refuse_given(ctx: click.Context, names: Iterable[str], message: str) -> None:
    """A usage error, ``message``, when any of the options ``names`` was
    given on the command line: an option that would be silently ignored
    is refused, before any work."""
    if any(given(ctx, name) for name in names):
        raise click.UsageError(message)


#: The one refusal of ``--cells`` with Easy Harp.
NO_CELLS = "--cells is for Seahaven (--game sh); Easy Harp has no cells"


def check_cells(ctx: click.Context, game: str | None) -> None:
    """``--cells`` goes with Seahaven only."""
    from harp.deals import EASY_HARP
    if game == EASY_HARP:
        refuse_given(ctx, ["cells"], NO_CELLS)


def check_solver_limits(ctx: click.Context, solve: bool, needs: str = "--solve") -> None:
    """The solver's limits (:func:`limit_options`) need ``--solve`` (or
    what ``needs`` names: ``solve`` says whether it was given)."""
    names = [name for name in _LIMITS if name in ctx.params]
    if not solve and names:
        refuse_given(ctx, names, f"{listed(flags(ctx, names))} limit the solver: "
                                 f"{'they need' if len(names) > 1 else 'it needs'} {needs}")


def check_line_states(ctx: click.Context, game: str | None) -> None:
    """``--line-states`` goes with Easy Harp only: Seahaven's solver stops
    at its first win.  ``--line-states 0`` (no line search) is true of
    both games, so one command line may serve both."""
    from harp.deals import SEAHAVEN
    if game == SEAHAVEN and ctx.params.get("line_states") != 0:
        refuse_given(ctx, ["line_states"], "--line-states is for Easy Harp (--game eh); "
                                          "Seahaven's solver searches no shorter line")


# ------------------------------------------------------------------ value types

class Date(click.ParamType):
    """A calendar date written ``YYYY-MM-DD`` (the daily deal of RULES B4),
    as a ``datetime.date``; a date that does not exist (``2026-02-30``) is
    refused as such, not as a format mismatch."""

    name = "date"
    SHAPE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "YYYY-MM-DD"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, dt.date):
            return value
        text = str(value).strip()
        shape = self.SHAPE.fullmatch(text) if text.isascii() else None
        if shape is None:
            self.fail(f"{quoted(str(value))} is not a date: write it YYYY-MM-DD, "
                      "e.g. 2026-11-29", param, ctx)
        year, month, day = (int(part) for part in shape.groups())
        if not 1 <= month <= 12:
            self.fail(f"{text} is not a real date: there is no month {month}", param, ctx)
        days = calendar.monthrange(year, month)[1] if year >= dt.MINYEAR else 0
        if not 1 <= day <= days:
            where = f"{calendar.month_name[month]} {year} has {days} days" if days else \
                f"years start at {dt.MINYEAR}"
            self.fail(f"{text} is not a real date: {where}", param, ctx)
        return dt.date(year, month, day)


class DealNumber(click.ParamType):
    """A deal number (RULES B1) written with the digits 0-9 only (RULES C6),
    as an int.  Every bad value is a bad command line (exit 2), whether it
    is not a number (``five``, ``٣``) or out of range (``0``, ``-5``), as
    in ``--deals``; a huge digit string is refused unconverted."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from harp.deals import parse_deal_number
        from harp.errors import InvalidCodeError
        if isinstance(value, int):
            return value
        try:
            return parse_deal_number(str(value))
        except InvalidCodeError as err:
            self.fail(str(err), param, ctx)


DEAL_NUMBER = DealNumber()


#: A number written as a float (1e6, 2.5): a count refused with an example.
_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class Count(click.IntRange):
    """A whole number in a range, written with the digits 0-9 only; the
    error quotes a clipped excerpt of a bad value."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            digits = value.strip()
            if (digits.startswith("-") and digits[1:].isascii() and digits[1:].isdigit()
                    and len(digits) <= MAX_COUNT_DIGITS):
                return super().convert(int(digits), param, ctx)    # out of range: Click says so
            if not (digits.isascii() and digits.isdigit()):
                example = ", e.g. 1000000, not 1e6" if _FLOAT.fullmatch(digits) else ""
                self.fail(f"{quoted(value)} is not a whole number (digits 0-9{example})",
                          param, ctx)
            if len(digits.lstrip("0")) > MAX_COUNT_DIGITS:
                most = f"{MAX_COUNT_DIGITS} digits" if self.max is None else self.max
                self.fail(f"{clip(value)} is too large (at most {most})", param, ctx)
            value = digits.lstrip("0") or "0"   # int() refuses 4 300+ digits, leading zeros too
        return super().convert(value, param, ctx)


class Integer(click.ParamType):
    """A whole number, negative too (a seed), written with the digits 0-9
    only: Click's own int would take other digits (``５``) as these."""

    name = "integer"
    SHAPE = re.compile(r"[+-]?[0-9]+")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if not self.SHAPE.fullmatch(text):
            self.fail(f"{clip(str(value))!r} is not a whole number (digits 0-9)", param, ctx)
        sign, digits = (text[0], text[1:]) if text[0] in "+-" else ("", text)
        try:
            return int(sign + (digits.lstrip("0") or "0"))
        except ValueError:      # more digits than Python converts
            self.fail(f"{clip(text)} is too large", param, ctx)


INTEGER = Integer()


class Seconds(click.FloatRange):
    """A finite number of seconds, more than 0 (or 0 too, with
    ``zero=True``), written in ASCII."""

    name = "seconds"

    def __init__(self, zero: bool = False) -> None:
        super().__init__(0, min_open=not zero)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        # float() also takes other digits and "1_0": whole numbers here
        # are digits 0-9 only (Count), and so are seconds.
        if isinstance(value, str) and (not value.isascii() or "_" in value):
            self.fail(f"{quoted(value)} is not a number of seconds", param, ctx)
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{clip(str(value))!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{value} is not a finite number of seconds", param, ctx)
        if seconds < 0 or (seconds == 0 and self.min_open):
            # Click's range check would quote the converted float (-1.0
            # for -1): the value is quoted as it was typed.
            self.fail(f"{value} is not in the range {'x>0' if self.min_open else 'x>=0'}.",
                      param, ctx)
        return seconds


class FileName(click.Path):
    """A file name from the command line, to read or to write.  A NUL
    character (which no file name can hold), an empty name (which names no
    file: SQLite would open a throw-away database, a write would fail only
    after the work) and ``-`` where standard input or output is not taken
    (``allow_dash`` false) are usage errors, exit 2.  Nothing else is
    checked here: a file that is missing, unreadable, unwritable or a
    folder is bad data, exit 1, said in one line by the command that opens
    it (Click's own checks said it with a usage banner and exit 2)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\0" in value:
            self.fail(f"{quoted(value)}: a file name cannot hold a NUL character", param, ctx)
        if value == "":
            self.fail("the file name is empty", param, ctx)
        if value == "-" and not self.allow_dash:
            self.fail("- (standard input or output) is not taken here: give a file name "
                      "(./- for a file named -)", param, ctx)
        return value


def input_path(**kwargs: Any) -> FileName:
    """A :class:`FileName` to read, which may be ``-`` (standard input)."""
    return FileName(allow_dash=True, **kwargs)


def output_path(dash: bool = True) -> FileName:
    """A :class:`FileName` of a file to write (``-``: standard output, if ``dash``)."""
    return FileName(dir_okay=False, allow_dash=dash)
