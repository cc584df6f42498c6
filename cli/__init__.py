"""The ``harp`` command line: a Click group wrapping the engine (issue 3).

Each command module does ``from .main import cli`` and registers itself
with ``@cli.command()``; :mod:`cli.main` imports the modules at its bottom.
"""
