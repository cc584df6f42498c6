"""``harp atlas``: build, assemble and check the Easy Harp atlas
(:mod:`harp.analysis.pieces`, :mod:`harp.ehatlas`).

``build`` computes the pieces of a deal range with ``harp stats --solve``'s
machinery (a store a piece, ``--jobs`` or Dask, progress, Ctrl-C keeps
every finished deal), resumable; run again with larger limits, it computes
again only the ``unknown`` deals.  ``assemble`` writes the shipped file
from the contiguous pieces from deal 1 (over an Easy Harp atlas or a new
name, never another file); ``status`` and ``unknown`` show the
pieces and the deals still undecided, with the work spent on each;
``check`` solves random deals of an atlas file again and compares.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import click

from harp.analysis.atlas import check_replaceable, kind_of, other_kind, read_data, write_file
from harp.analysis.pieces import (PIECE_COLUMNS, PIECE_SIZE, STATUS_COLUMNS, UNKNOWN_COLUMNS,
                                  PieceError, check_fits, contiguous_reach, piece_from_store,
                                  piece_path, piece_plan, piece_ranges, piece_rows, read_piece,
                                  seed_store, store_path, unknown_rows, write_piece,
                                  assemble as assembled)
from harp.analysis.stats import interrupts_held
from harp.analysis.store import ResultStore
from harp.atlas import AtlasError
from harp.atomicfile import file_in_the_way
from harp.deals import MAX_DEAL
from harp.ehatlas import DEFAULT_PATH, KIND, EasyHarpAtlas, decode_eh_atlas, encode_eh_atlas
from harp.solve import BATCH_LIMITS, SolveLimits

from .fit import check_columns
from .options import (INTEGER, Count, FileName, check_run_options, columns_option, deals_option,
                      limit_options, output_options, pieces_option, run_options)
from .output import print_rows, shown
from .runs import RunOptions, Stoppable, plural, run_plan
from .stopping import interrupted_code, stop_name

@click.group()
def atlas() -> None:
    """Build, assemble and check the Easy Harp atlas.

    \b
    Examples:
        harp atlas build --pieces data/atlas-eh1 --deals 1-999999 --jobs 2
        harp atlas assemble --pieces data/atlas-eh1
        harp atlas check --sample 1000
    """


@atlas.command()
@pieces_option
@deals_option(f"A range of whole pieces [default: 1-{MAX_DEAL}].")
@click.option("--piece-size", type=Count(1), default=PIECE_SIZE, show_default=True,
              help="Deals per piece, pieces aligned from deal 1.")
@limit_options(BATCH_LIMITS, ("max_states", "timeout"), ", per deal")
@run_options
@click.pass_context
def build(ctx: click.Context, folder: str, deal_list: list[int] | None, piece_size: int,
          limits: SolveLimits, jobs: int, executor: str, scheduler: str | None, quiet: bool,
          show_progress: bool | None) -> None:
    """Compute the pieces of a deal range that are missing, or that hold
    unknown deals these limits go further on.

    Each piece is written when its last deal is done; until then its deals
    are kept in a store beside it (Ctrl-C loses nothing; the same command
    resumes).

    \b
    Examples:
        harp atlas build --pieces pieces --deals 1-6 --piece-size 3 --max-states 3000
        harp atlas build --pieces data/atlas-eh1 --deals 1-999999 --jobs 2
    """
    check_run_options(ctx, executor, scheduler)
    if piece_size > MAX_DEAL:
        raise click.BadParameter(f"{piece_size} is too large: a piece holds at most the "
                                 f"{MAX_DEAL} deals there are (1-{MAX_DEAL})",
                                 param_hint="'--piece-size'")
    first, last = whole_range(deal_list)
    try:
        ranges = piece_ranges(first, last, piece_size)
    except PieceError as err:
        raise click.BadParameter(str(err), param_hint="'--deals'") from None
    if Path(folder).is_dir():
        for a, b in ranges:             # every piece, before any is computed
            check_fits(folder, a, b)
    elif not Path(folder).absolute().parent.exists() and file_in_the_way(folder) is None:
        # The pieces' folder is made, not its parents: a mistyped path is
        # refused, as for every other file harp writes.  (A file in the
        # way is named by the error of making the folder.)
        raise click.ClickException(f"cannot create {shown_name(folder)}: no such folder "
                                   f"{shown_name(str(Path(folder).parent))}")
    Path(folder).mkdir(exist_ok=True)
    options = RunOptions(jobs, executor, scheduler, show_progress, quiet)
    for number, (a, b) in enumerate(ranges, 1):
        path = piece_path(folder, a, b)
        piece = read_piece(path) if path.exists() else None
        store = store_path(folder, a, b)
        if piece is not None and not piece.undecided(limits):
            drop_store(store)           # left by a run stopped after writing the piece
            continue
        again = f" ({len(piece.undecided(limits))} unknown to compute again)" if piece else ""
        options.note(f"atlas: piece {number} of {len(ranges)}, deals {a}-{b}{again}")
        # The pieces before this one are written and kept (each said so).
        options.scope = f" of piece {number} (deals {a}-{b})"
        if piece is not None:
            with ResultStore(str(store)) as seeded:
                seed_store(seeded, piece)
        _, interrupted = run_plan(piece_plan(a, b, limits), str(store), options)
        if interrupted:
            ctx.exit(interrupted_code())
        with interrupts_held():         # the piece written and its store dropped, or neither
            with ResultStore(str(store), read_only=True) as done:
                piece = piece_from_store(done, a, b, piece)
            write_piece(path, piece)
            drop_store(store)
        counts = piece.counts()
        options.note(f"atlas: wrote {path.name}: {counts['won']} won, {counts['lost']} lost, "
                     f"{counts['unknown']} unknown")
    rows = [row for row in piece_rows(folder) if first <= row["first"] and row["last"] <= last]
    click.echo(f"{plural(len(rows), 'piece')} of deals {first}-{last}: "
               + summary({k: sum(row[k] for row in rows) for k in ("won", "lost", "unknown")}))


def drop_store(store: Path) -> None:
    """Remove a piece's store once the piece is written: the piece holds it all."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{store}{suffix}").unlink(missing_ok=True)


def whole_range(deal_list: list[int] | None) -> tuple[int, int]:
    """The range ``--deals`` names; a usage error unless it is one range."""
    if deal_list is None:
        return 1, MAX_DEAL
    first, last = min(deal_list), max(deal_list)
    if len(deal_list) != last - first + 1:
        raise click.BadParameter("give one range N-M of whole pieces", param_hint="'--deals'")
    return first, last


def summary(counts: dict[str, int]) -> str:
    return f"{counts['won']} won, {counts['lost']} lost, {counts['unknown']} unknown"


@atlas.command()
@pieces_option
@click.option("--out", type=FileName(dir_okay=False), default=str(DEFAULT_PATH),
              help="The atlas file to write [default: the one harp ships].")
def assemble(folder: str, out: str) -> None:
    """Write the atlas of the contiguous pieces from deal 1.  An existing
    --out is replaced only if it is an Easy Harp atlas.

    \b
    Examples:
        harp atlas assemble --pieces pieces --out eh.bin
        harp atlas assemble --pieces data/atlas-eh1
    """
    check_replaceable(out, KIND)       # before the pieces are read: a refusal costs nothing
    reach, after = contiguous_reach(folder)
    if reach:
        check_not_narrower(out, reach)
    made = assembled(folder)
    size = write_file(encode_eh_atlas(made), out, KIND)
    left = (f"; the pieces from deal {after} on are left out (no piece of deals "
            f"{made.last + 1}-{after - 1})") if after is not None else ""
    click.echo(f"wrote {shown(out)}: deals {made.first}-{made.last}, {size} bytes; "
               + summary(made.counts()) + left)


def check_not_narrower(out: str, reach: int) -> None:
    """Refuse to replace an Easy Harp atlas of more deals than the pieces
    reach (``assemble`` without ``--out`` over a folder of a few pieces
    would otherwise throw away the shipped atlas of every deal): another
    --out, or the old file removed first, says the loss is meant."""
    if not Path(out).is_file():
        return
    try:
        old = decode_eh_atlas(read_data(out), shown(out))
    except AtlasError:
        return                          # damaged: replacing it loses nothing readable
    if old.last > reach:
        raise AtlasError(f"cannot write {shown(out)}: it holds deals {old.first}-{old.last}, "
                         f"the pieces reach only deal {reach} (give another --out, or remove "
                         "the file first)")


@atlas.command()
@pieces_option
@columns_option
@output_options
def status(folder: str, columns: list[str] | None, json_: bool, csv_: bool, fmt: str) -> None:
    """One row per piece: its deals, verdicts, largest limit, harp version
    (--columns all adds its CPU seconds and hardest deal).  A folder with
    no piece is refused (exit 1).

    \b
    Examples:
        harp atlas status --pieces pieces
        harp atlas status --pieces pieces --columns all --csv
    """
    check_columns(PIECE_COLUMNS, columns)      # before the pieces are read, which is slow
    print_rows(piece_rows(folder), json_=json_, csv_=csv_, fmt=fmt, columns=columns,
               default=STATUS_COLUMNS)


@atlas.command()
@pieces_option
@columns_option
@output_options
def unknown(folder: str, columns: list[str] | None, json_: bool, csv_: bool, fmt: str) -> None:
    """The deals still unknown, with the positions and CPU seconds spent.
    A folder with no piece is refused (exit 1).

    \b
    Examples:
        harp atlas unknown --pieces pieces --columns deal,states,max_states,stopped_by
        harp atlas unknown --pieces data/atlas-eh1 --csv
    """
    check_columns(UNKNOWN_COLUMNS, columns)    # before the pieces are read, which is slow
    print_rows(unknown_rows(folder), json_=json_, csv_=csv_, fmt=fmt, columns=columns,
               headers=UNKNOWN_COLUMNS)


@atlas.command()
@click.option("--file", "path", type=FileName(dir_okay=False), default=str(DEFAULT_PATH),
              help="The atlas file [default: the one harp ships].")
@click.option("--sample", type=Count(1), default=1000, show_default=True,
              help="Deals drawn at random and solved again.")
@click.option("--seed", type=INTEGER, default=None, help="The draw's seed [default: random].")
@run_options
@click.pass_context
def check(ctx: click.Context, path: str, sample: int, seed: int | None, jobs: int,
          executor: str, scheduler: str | None, quiet: bool,
          show_progress: bool | None) -> None:
    """Read an atlas file (its SHA-256 checked), solve random deals of it
    again under the limits of each, and compare verdict, difficulty and
    line length; exit 1 if any differs.

    \b
    Examples:
        harp atlas check --file eh.bin --sample 6
        harp atlas check --sample 1000 --jobs 2
    """
    check_run_options(ctx, executor, scheduler)
    from harp.analysis.parallel import parallel_map

    from .progress import progress
    made = easy_harp_file(path)
    shown = shown_name(path)
    rng = random.Random(seed)
    deals = sorted(rng.sample(range(made.first, made.last + 1), min(sample, made.size)))
    tasks = [(deal, made.limits_of(deal)) for deal in deals]
    solved = parallel_map(resolved, tasks, jobs=jobs, executor=executor, scheduler=scheduler)
    compared = Stoppable(progress(solved, len(tasks), "deals", show_progress, quiet))
    differ = [deal for deal, again in zip(deals, compared)
              if again != (made.verdict(deal), made.difficulty(deal), made.length(deal))]
    solved_again = (f"{compared.count} of {len(deals)} solved again before {stop_name()}"
                    if compared.stopped else f"{len(deals)} solved again")
    found = ("" if not compared.count else ": all equal" if not differ else
             f": {len(differ)} differ ({', '.join(map(str, differ[:10]))})")
    click.echo(f"{shown}: deals {made.first}-{made.last}, {summary(made.counts())}; "
               f"{solved_again}{found}")
    if compared.stopped:
        click.echo(f"interrupted: {compared.count} of {len(deals)} deals compared", err=True)
        ctx.exit(interrupted_code())
    if differ:
        ctx.exit(1)


def easy_harp_file(path: str) -> EasyHarpAtlas:
    """The Easy Harp atlas file at ``path``, read and checked; a file that
    cannot be read is said as every command says it, and an atlas of
    another kind (the Seahaven one beside it) as what it is, not as a
    damaged Easy Harp atlas."""
    data = read_data(path)
    name = shown_name(path)
    found = kind_of(data)
    if found is not None and found != KIND:
        raise AtlasError(f"{name}: {other_kind(found, KIND)}")
    return decode_eh_atlas(data, name)


def shown_name(path: str) -> str:
    """The atlas file as the user named it, clipped and escaped; a file
    harp ships by its base name (its folder is the installation's, no
    concern of the user's)."""
    if Path(path).resolve().parent == DEFAULT_PATH.resolve().parent:
        return shown(Path(path).name)
    return shown(click.format_filename(path))


def resolved(task: tuple[int, dict[str, Any]]) -> tuple[str, float, int | None]:
    """A deal solved again as the build solved it: its verdict,
    difficulty and line length (runs in a worker)."""
    from harp.analysis.pieces import measures
    from harp.analysis.stats import solve_facts
    from harp.deals import EASY_HARP, make_code
    deal, limits = task
    verdict, difficulty, length = measures(solve_facts(make_code(EASY_HARP, deal),
                                                       SolveLimits(**limits)))
    return verdict, difficulty / 10, length
