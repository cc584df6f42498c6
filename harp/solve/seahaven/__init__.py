"""The Seahaven Towers solver (RULES A2): :func:`solve_seahaven`.

Its modules: :mod:`.position` (the packed position and its tables),
:mod:`.moves` (the searched moves, with the reductions proved next to
them), :mod:`.deadends` (proved tests that a position is lost) and
:mod:`.solver` (the search).
"""
from __future__ import annotations

from .solver import solve_seahaven

__all__ = ["solve_seahaven"]
