"""The ``harp`` Click group; command modules register on it (see cli/__init__.py)."""
from __future__ import annotations

import click

from harp import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="harp")
def cli() -> None:
    """harp: play and analyse Easy Harp (EH) and Seahaven Towers (SH).

    \b
    Example:
        harp deal EH1-N-AAAAAAF
    """


# Command modules register themselves on ``cli`` when imported (one line each).
from . import codes  # noqa: E402,F401
from . import game  # noqa: E402,F401
from . import batch  # noqa: E402,F401
from . import solve  # noqa: E402,F401
