"""The ``harp`` Click group, and the one place its commands are registered."""
from __future__ import annotations

import click

from harp import __version__

from . import batch, codes, game, generate, rules, solve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="harp")
def cli() -> None:
    """harp: play and analyse Easy Harp (EH) and Seahaven Towers (SH).

    \b
    Example:
        harp deal EH1-N-AAAAAAF
    """


for command in (codes.encode, codes.decode, game.deal, game.show, game.play, game.replay,
                batch.score, batch.stats, solve.solve, solve.hint, rules.rules,
                generate.generate):
    cli.add_command(command)
