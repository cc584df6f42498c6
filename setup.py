"""The build's compiled parts; everything else is in pyproject.toml.

* The compiled core of the Easy Harp fast search (``_core.c``, a C twin
  of its depth-first runs, best-first searches and beams:
  harp/solve/easyharp/core.py) is built by every install that finds a C
  compiler and Python's headers.
  It is optional: where it cannot be built, pip says so and installs harp
  without it, and the solver runs its pure Python twin (the same
  positions, lines and verdicts, about six times the CPU on deals 1-2000).
* With ``HARP_COMPILE=1`` the Easy Harp solver's other hot modules are
  compiled with mypyc too (the same source, so the same positions, lines
  and verdicts: ``python benchmarks/versions.py --compiled`` checks it deal
  by deal); the build then needs a C compiler and asks the build front end
  for mypy.
"""
import hashlib
import os
from pathlib import Path

from setuptools import Extension, setup

CORE = "harp/solve/easyharp/_core.c"


def _core() -> Extension:
    """The compiled core, marked with the SHA-256 of its source: core.py
    does not use a module built from another source than the one beside
    it (an editable install whose ``_core.c`` changed since it was built)."""
    digest = hashlib.sha256(Path(__file__).parent.joinpath(CORE).read_bytes()).hexdigest()
    return Extension("harp.solve.easyharp._core", [CORE], optional=True,
                     define_macros=[("HARP_CORE_SOURCE", f'"{digest}"')])


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
    setup(setup_requires=["mypy>=1.10"], ext_modules=[_core(), *(extensions or [])])
else:
    setup(ext_modules=[_core()])
