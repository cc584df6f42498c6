"""The ``harp`` Click group, and the one place its commands are registered.

Exit codes: 0 success; 1 bad data or a refusal (a bad code, move, record or
file, a missing file, a damaged database, a closed standard output); 2 a
bad command line (an unknown option, a bad option value, an option of one
value given twice, options that exclude each other, a NUL character in a
file name given on the command line).  Every error is one line on
standard error, quoting at most a clipped excerpt of the input.  A reader
that stops reading (``harp rules | head -1``) ends harp quietly, with the
command's exit code (0 when it went well so far).
"""
from __future__ import annotations

import contextlib
import importlib
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import click

from harp import __version__
from harp.errors import CLIP_LIMIT, clip

from .helptext import HarpContext, with_help_text
from .output import (closed_streams, engine_errors, finish_output, fit_streams,
                     refuse_closed_output, shorten)
from .stopping import interrupted_code, stop_name, stop_signals_as_ctrl_c

#: Every command, by name: the module of ``harp.cli`` that defines it,
#: named after it (``harp stats`` is ``harp.cli.stats.stats``).  A
#: command's module is imported when the command runs (or ``--help``
#: lists it), so that ``harp show`` starts without loading the batch
#: analyzer, the solvers or the table printer.
COMMANDS = {name: name for name in (
    "atlas", "deal", "decode", "encode", "generate", "hint", "play", "replay", "rules", "score",
    "show", "solve", "stats")}


#: The batch commands, which Ctrl-C ends with exit code 130, SIGTERM and
#: SIGHUP with 143 and 129, keeping what they finished (docs/exit-codes.md).
BATCH_COMMANDS = ("atlas", "generate", "score", "stats")

#: A run of characters without spaces or quotes: a value Click quotes whole.
_LONG_WORD = re.compile(r"""[^\s'"]{%d,}""" % (CLIP_LIMIT + 1))
#: The choices Click lists under a missing option, once on one line.
_CHOOSE_FROM = re.compile(r"\. Choose from: (.*?)\.?$")
#: ``harp`` or ``harp atlas`` alone: Click prints the help (Click 8.2 and later).
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())


@contextlib.contextmanager
def clipped_usage_errors() -> Iterator[None]:
    """Click's usage errors (which quote a bad value whole, or list the
    choices of a missing option on lines of their own) on one short line,
    every long word of them clipped; harp's own errors are clipped where
    they are raised and by :func:`engine_errors`.  The help printed for a
    group given no command is left whole."""
    try:
        yield
    except _NO_ARGS:
        raise
    except click.UsageError as err:
        # The whole message, as Click would print it: some errors (a missing
        # option) build it in format_message, not in err.message.
        line = shorten(_LONG_WORD.sub(lambda word: clip(word[0]), err.format_message()))
        line = _CHOOSE_FROM.sub(r" (choose from \1).", line)
        raise click.UsageError(line, err.ctx) from None


def refuse_repeated_options(command: click.Command, ctx: click.Context,
                            args: list[str]) -> None:
    """An option that takes one value given twice is a usage error: Click
    would keep the last one silently.  Options declared ``multiple``, flags
    and counts may repeat.  Click's parser lists every occurrence of an
    option, in order, so the command line is read once more here (the
    parser has no other effect)."""
    if ctx.resilient_parsing:
        return
    _, _, order = command.make_parser(ctx).parse_args(args=list(args))
    for param, times in Counter(order).items():
        if (times > 1 and isinstance(param, click.Option)
                and not (param.multiple or param.is_flag or param.count)):
            names = [*param.opts, *param.secondary_opts]
            name = next((n for n in names if n.startswith("--")), names[0])
            raise click.UsageError(
                f"{name} given {'twice' if times == 2 else f'{times} times'}", ctx)


def options_once(command: click.Command) -> click.Command:
    """``command`` (a group with its commands) refusing an option given
    twice (:func:`refuse_repeated_options`), whatever class it has: each
    command is defined in a module of its own with ``click.command``.
    Once a command's line is read, a closed standard output refuses it
    (:func:`refuse_closed_output`): after the usage errors, exit 2, and
    before any work."""
    if "parse_args" not in vars(command):
        parse = command.parse_args

        def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
            refuse_repeated_options(command, ctx, args)
            rest = parse(ctx, args)
            if not isinstance(command, click.Group):
                refuse_closed_output()
            return rest
        command.parse_args = parse_args     # type: ignore[method-assign]
    if isinstance(command, click.Group):
        for subcommand in command.commands.values():
            options_once(subcommand)
    return command


class HarpGroup(click.Group):
    """The ``harp`` group: its commands' errors are one short line (the
    one error boundary); its commands are imported on first use (``COMMANDS``);
    help is wrapped at spaces only (:mod:`harp.cli.helptext`)."""

    context_class = HarpContext

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """The command named first in ``args``.  A batch command's name is
        noted, and SIGTERM and SIGHUP stop it as Ctrl-C does
        (:mod:`harp.cli.stopping`), from before its module is imported (a
        signal while it loads is a stop too) until its context closes."""
        if args and args[0] in BATCH_COMMANDS:
            ctx.meta["harp.batch"] = args[0]
            ctx.with_resource(stop_signals_as_ctrl_c())
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMANDS.get(name)
        if module is None:
            return None
        command = getattr(importlib.import_module(f"{__package__}.{module}"), name)
        return with_help_text(options_once(command))

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Every output, help and errors included, fits its stream's
        encoding (suit letters on Latin-1 or cp1252); what is still
        buffered is written before harp exits (``finish_output``); a closed
        standard output is refused, a closed standard error drops what is
        written to it (``closed_streams``)."""
        closed_streams()
        fit_streams()
        try:
            return super().main(*args, **kwargs)
        finally:
            finish_output()

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        refuse_repeated_options(self, ctx, args)
        return super().parse_args(ctx, args)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        """The group's own options (``--help``, ``--version``): their
        output fails as a command's does (``engine_errors``)."""
        with clipped_usage_errors(), engine_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command: harp's errors and I/O errors, wherever a
        command raises them, are one line and exit 1 (``engine_errors``);
        Ctrl-C that a command did not handle itself (a solve, a replay, a
        batch command loading or printing its tables; SIGTERM and SIGHUP
        too in a batch command) ends it with exit code 130 (143, 129), as
        a shell reports it, not Click's "Aborted!" and exit 1, the code of
        bad data."""
        with clipped_usage_errors(), engine_errors():
            try:
                return super().invoke(ctx)
            except KeyboardInterrupt:
                if "harp.batch" not in ctx.meta:
                    click.echo("interrupted (Ctrl-C)", err=True)
                    raise click.exceptions.Exit(130) from None
                click.echo(f"interrupted ({stop_name()})", err=True)
                raise click.exceptions.Exit(interrupted_code()) from None


@click.group(cls=HarpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="harp")
def cli() -> None:
    """harp: play and analyse Easy Harp (EH) and Seahaven Towers (SH).

    \b
    Example:
        harp deal EH1-N-AAAAAAF
    """

