"""The Easy Harp solver (RULES A1): :func:`solve_easy_harp`.

Its modules, each with one job: :mod:`.model` (the position and its key),
:mod:`.moves_sound` and :mod:`.moves_fast` (the two move generators),
:mod:`.safe` (the proved foundation rules), :mod:`.deadends` and
:mod:`.movable` (proved tests that a position is lost), :mod:`.prove`
(the prover: lost, winnable or unknown), :mod:`.search` (the searches),
:mod:`.core` (the fast searches compiled, when built),
:mod:`.lines` and :mod:`.schedule` (the found line made into actions) and
:mod:`.solver` (the order of work).
"""
from __future__ import annotations

from .solver import solve_easy_harp

__all__ = ["solve_easy_harp"]
