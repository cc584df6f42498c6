"""Optional compiled build: ``HARP_COMPILE=1 pip install .``.

Everything else about the package is in pyproject.toml.  By default harp
installs as pure Python and needs no compiler.  With HARP_COMPILE=1 the
Easy Harp solver's hot modules are compiled with mypyc (the same source,
so the same positions, lines and verdicts: ``python benchmarks/versions.py
--compiled`` checks it deal by deal) and take about 0.6 of the CPU; the
build then needs a C compiler and Python's headers, and asks the build
front end for mypy.
"""
import os

from setuptools import setup

#: The modules the best-first searches, the beams and the depth-first
#: runs spend their time in (benchmarks/NOTES.md).
COMPILED = [
    "harp/solve/budget.py",
    "harp/solve/easyharp/model.py",
    "harp/solve/easyharp/packed.py",
    "harp/solve/easyharp/movable.py",
    "harp/solve/easyharp/moves_sound.py",
    "harp/solve/easyharp/moves_fast.py",
    "harp/solve/easyharp/safe.py",
    "harp/solve/easyharp/search.py",
]


def _compiled():
    """mypyc's extensions, or None when mypy is not installed yet (the
    front end's first pass: it is asked for, through setup_requires)."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        return None
    # (the modules they import are checked only as far as the compiled
    # ones use them: the rest of harp is not written for mypy)
    # (group_name: mypyc's shared runtime goes inside the package, as
    # harp.solve.compiled__mypyc, not at the top level of site-packages)
    return mypycify(["--follow-imports=silent", *COMPILED], opt_level="3",
                    group_name="harp.solve.compiled")


if os.environ.get("HARP_COMPILE") == "1":
    extensions = _compiled()
    setup(setup_requires=["mypy>=1.10"], ext_modules=extensions or [])
else:
    setup()
