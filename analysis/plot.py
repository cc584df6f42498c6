"""Pictures of ``harp stats`` tables as PNG or SVG files (``--plot FILE``).

matplotlib is an optional extra (``pip install 'harp-patience[plot]'``):
:func:`check_plot` says in one line what is missing before any work
(:func:`check_file_name`: a file name that is not .png or .svg).  The
figures draw the same rows as the tables (:mod:`analysis.tables`):

* one measure (``--dist MEASURE``): deals per value or range of values,
  with the solver's win rate per value of a layout measure (when the deals
  were solved), or the share of every deal won within each number of
  positions or seconds (the cumulative solved-within-budget curve);
* no measure, deals solved: the winning lines' lengths, the difficulty,
  the solved-within-positions curve and the win rate by opening moves;
* no measure, layout only: every layout measure's distribution.

The files are reproducible: an SVG has no date and fixed element ids.
They are written whole or not at all (:mod:`harp.atomicfile`), and
:func:`check_target` refuses before any work what the picture could not
replace: a folder, a device, a missing folder, and an existing file that
is not a picture of its kind (a PNG file, or an SVG one), which is left
as it was.
"""
from __future__ import annotations

import math
import os
from collections import defaultdict
from typing import Any

from harp.atomicfile import AtomicFile, check_writable
from harp.errors import HarpError, clip, quoted, shown

from .tables import LOG_MEASURES, SOLVE_MEASURES, StatsTables

FORMATS = (".png", ".svg")
#: How a picture file of each kind starts.
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: How far into an SVG file its ``<svg`` element is looked for.
SVG_HEAD = 4096
#: The overview of solved deals: measure, panel title.
SOLVE_PANELS = (("length", "Length of the winning line"),
                ("difficulty", "Difficulty (log10 positions to the first win)"),
                ("states", "Solved within N positions"),
                ("opening_moves", "Win rate by opening moves"))
INCHES = (9.0, 6.0)


class PlotError(HarpError):
    """A picture that cannot be made: no matplotlib (or one that cannot
    start), or a file name that is not .png or .svg."""


def check_file_name(path: str) -> None:
    """PlotError unless ``path`` ends in .png or .svg."""
    if os.path.splitext(path)[1].lower() not in FORMATS:
        raise PlotError(f"cannot draw {quoted(path)}: a picture is a .png or .svg file")


def check_plot(path: str) -> None:
    """PlotError unless ``path`` ends in .png or .svg and matplotlib is
    installed and starts (an unknown backend named by ``MPLBACKEND`` is
    refused at import): checked before a run, not after it."""
    check_file_name(path)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'harp-patience[plot]'") from None
    except ValueError as err:       # matplotlib refuses a setting as it starts
        backend = os.environ.get("MPLBACKEND")
        if backend is not None:
            raise PlotError(f"--plot: matplotlib cannot use the backend {clip(backend)!r} "
                            "named by MPLBACKEND (unset it, or name one such as agg)") from None
        raise PlotError(f"--plot: matplotlib cannot start ({clip(str(err))})") from None


def check_target(path: str) -> None:
    """OSError (naming ``path``) unless a picture can be written there, as
    every file harp writes is checked (a folder that exists, no folder or
    device in its place); PlotError if an existing file there is not a
    picture of its kind, which harp does not replace."""
    check_writable(path)
    _check_replaceable(path)


def _check_replaceable(path: str) -> None:
    """PlotError if ``path`` holds a file that is not a picture of its
    kind: a PNG file starts with PNG's signature, an SVG file is text
    with an ``<svg`` element near its start.  An empty file is replaced."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(SVG_HEAD)
    except FileNotFoundError:
        return
    if not head:
        return
    if os.path.splitext(path)[1].lower() == ".png":
        if not head.startswith(PNG_SIGNATURE):
            raise PlotError(f"cannot write {shown(path)}: it is not a PNG picture "
                            "(harp replaces no other file)")
    elif not (head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<") and b"<svg" in head):
        raise PlotError(f"cannot write {shown(path)}: it is not an SVG picture "
                        "(harp replaces no other file)")


def plot(tables: StatsTables, path: str, measure: str | None = None, title: str = "",
         description: str = "", solved: bool = True) -> None:
    """Draw ``measure``'s distribution (or the overview) into ``path``.
    The overview is the solver's panels when ``solved`` (``--solve``) and
    the tables hold solver outcomes, else the layout measures: as the
    table printed beside it (a store may hold outcomes a run without
    ``--solve`` does not show)."""
    check_plot(path)
    from matplotlib import rcParams
    from matplotlib.figure import Figure

    rcParams["svg.hashsalt"] = "harp"
    rcParams["svg.fonttype"] = "none"           # text as text: small, searchable
    figure = Figure(figsize=INCHES, layout="constrained")
    if measure is not None:
        _distribution(figure.add_subplot(), tables, measure)
    elif solved and any(stats.outcomes for stats in tables.solve.values()):
        for i, (name, heading) in enumerate(SOLVE_PANELS):
            axes = figure.add_subplot(2, 2, i + 1)
            _distribution(axes, tables, name)
            axes.set_title(heading, fontsize="medium")
    else:
        names = tables.measures(solver=False)
        columns = 3
        rows = -(-len(names) // columns) or 1
        figure.set_size_inches(INCHES[0], 2.2 * rows + 0.5)
        for i, name in enumerate(names):
            _distribution(figure.add_subplot(rows, columns, i + 1), tables, name, small=True)
        _legend_of_groups(figure, tables)
    if title:
        figure.suptitle(title)
    extension = os.path.splitext(path)[1].lower()
    metadata: dict[str, Any] = {"Title": title} if title else {}
    if description:
        metadata["Description"] = description
    if extension == ".svg":
        metadata["Date"] = None
    with AtomicFile(path) as out:
        _check_replaceable(path)        # again: it may have changed during the run
        figure.savefig(out, format=extension[1:], metadata=metadata)


def _colours(tables: StatsTables) -> dict[str, str]:
    """One colour per game and variant, the same in every panel of a picture."""
    return {f"{game} {variant}": f"C{i % 10}" for i, (game, variant) in enumerate(tables.groups())}


def _legend_of_groups(figure: Any, tables: StatsTables) -> None:
    """The small panels have no legend of their own: one for the figure,
    under them, when there is more than one game or variant."""
    colours = _colours(tables)
    if len(colours) > 1:
        from matplotlib.patches import Patch
        handles = [Patch(color=colour, label=f"{group}: deals %")
                   for group, colour in colours.items()]
        figure.legend(handles=handles, loc="outside lower center", ncols=len(handles),
                      fontsize="small")


def _distribution(axes: Any, tables: StatsTables, measure: str, small: bool = False) -> None:
    """Bars of deals per value for each game and variant, on one numeric
    axis shared by the groups (each bar stands at its own value, whatever
    the values of the others; side by side where groups share a value); a
    line of the win rate or of the solved-within share on a second axis.
    A game and variant has the same colour in every panel (:func:`_colours`)."""
    colours = _colours(tables)
    rows_by_group: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in tables.distribution_rows(measure):
        rows_by_group[f"{row['game']} {row['variant']}"].append(row)
    groups = list(rows_by_group)
    if not groups:
        # A measure of won deals when none was won: the panel says so (an
        # empty frame would look like a drawing that failed).
        axes.text(0.5, 0.5, "no deal won" if measure in SOLVE_MEASURES else "no values",
                  transform=axes.transAxes, ha="center", va="center")
        axes.set_xticks([])
        axes.set_yticks([])
        return
    logarithmic = measure in LOG_MEASURES
    if logarithmic:
        axes.set_xscale("log")
    rate_axes = None
    spans_of = {group: [bar_span(row, measure) for row in rows]
                for group, rows in rows_by_group.items()}
    for group, rows in rows_by_group.items():
        spans = spans_of[group]
        bars = []
        for start, end in spans:
            # Side by side with the groups that have a bar here too.
            here = [other for other in groups if other == group or any(
                s < end and start < e for s, e in spans_of[other])]
            bars.append(_share(start, end, here.index(group), len(here), logarithmic))
        axes.bar([left for left, _ in bars], [row["pct"] for row in rows],
                 width=[width for _, width in bars], align="edge", color=colours[group],
                 label=f"{group}: deals %")
        rate = ("solved_within_pct" if logarithmic else
                "won_pct" if "won_pct" in rows[0] else None)
        if rate is not None:
            rate_axes = rate_axes or axes.twinx()
            # solved within a bin: at its end; a win rate: at the value.
            rate_axes.plot([end if logarithmic else (start + end) / 2 for start, end in spans],
                           [row[rate] for row in rows], marker=".", color=colours[group],
                           label=f"{group}: {'solved within' if rate != 'won_pct' else 'won'} %")
            rate_axes.set_ylim(0, 100)
    if not logarithmic:
        from matplotlib.ticker import MaxNLocator
        axes.xaxis.set_major_locator(MaxNLocator(nbins=6 if small else 10, integer=True,
                                                 steps=[1, 2, 5, 10]))
    axes.tick_params(axis="x", labelsize="small" if small else None)
    axes.set_xlabel(SOLVE_MEASURES.get(measure, measure.replace("_", " ")),
                    fontsize="small" if small else None)
    axes.set_ylabel("deals %", fontsize="small" if small else None)
    if not small and (len(groups) > 1 or rate_axes is not None):
        handles, labels = axes.get_legend_handles_labels()
        if rate_axes is not None:
            more, more_labels = rate_axes.get_legend_handles_labels()
            handles, labels = handles + more, labels + more_labels
        axes.legend(handles, labels, fontsize="small", loc="best")


def bar_span(row: dict[str, Any], measure: str) -> tuple[float, float]:
    """Where a row's bar spans on the x axis: a whole number (or a range of
    them) from half a unit below to half a unit above, difficulty's tenths
    likewise; a log bin (positions, seconds) from its start to the next
    bin's."""
    low, high = row["value"], row.get("high", row["value"])
    if measure == "states":
        return low, high + 1
    if measure == "cpu_seconds":
        return low, high
    half = 0.05 if measure == "difficulty" else 0.5
    return low - half, high + half


def _share(start: float, end: float, n: int, groups: int, logarithmic: bool
           ) -> tuple[float, float]:
    """The left end and width of group ``n``'s bar (of ``groups``) within
    the span: side by side in its middle 80 %."""
    if logarithmic:
        a, b = math.log10(start), math.log10(end)
        left = a + (b - a) * (0.1 + 0.8 * n / groups)
        right = left + (b - a) * 0.8 / groups
        return 10 ** left, 10 ** right - 10 ** left
    left = start + (end - start) * (0.1 + 0.8 * n / groups)
    return left, (end - start) * 0.8 / groups
