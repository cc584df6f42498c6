"""``harp generate``: game records made by random legal play or by the solver."""
from __future__ import annotations

import click

from harp.analysis.games import DEFAULT_MAX_ACTIONS, RANDOM_PLAY, SOLVER, generate_games
from harp.errors import clip
from harp.solve import BATCH_LIMITS, SolveLimits

from .options import (INTEGER, Count, cells_option, check_cells, check_line_states,
                      check_run_options, check_solver_limits, deals_option, game_option,
                      limit_options, output_path, refuse_given, run_options)
from .output import note, shown
from .progress import progress
from .recordout import RecordWriter
from .runs import Stoppable, plural
from .stopping import interrupted_code, stop_name


@click.command()
@game_option(required=True)
@cells_option("Seahaven cells.", default="4", show_default=True)
@deals_option("Deal numbers: ranges and lists, e.g. 1-100 or 1,5,9-12; one game each.",
              required=True)
@click.option("--random-play", "random_play", is_flag=True,
              help="Games of random legal actions (foundation moves preferred), seeded.")
@click.option("--solve", "solver", is_flag=True,
              help="The solver's wins (a deal it does not win makes no record).")
@click.option("--seed", type=INTEGER, default=0, show_default=True,
              help="Random play: the same seed and deal make the same game.")
@click.option("--max-actions", type=Count(1), default=DEFAULT_MAX_ACTIONS,
              show_default=True, help="Random play: stop a game after this many actions.")
@limit_options(BATCH_LIMITS, scope=", per deal (--solve)")
@click.option("--output", "-o", "output", default="-", show_default=True,
              type=output_path(),
              help="Record file (.jsonl, .csv or text, RULES B8); an existing file is extended.")
@run_options
@click.pass_context
def generate(ctx: click.Context, game: str, cells: int, deal_list: list[int], random_play: bool,
             solver: bool, seed: int, max_actions: int, limits: SolveLimits, output: str,
             jobs: int, executor: str, scheduler: str | None, quiet: bool,
             show_progress: bool | None) -> None:
    """Write one game record per deal, for harp replay and harp score.

    --random-play plays random legal actions until the game is won, is
    stuck, or has --max-actions actions; --solve records the solver's
    winning line.  Ctrl-C stops the run: the records made are written
    (exit code 130), and the note names the deals not played, to give as
    --deals to go on (the same command again would write every record again).

    \b
    Examples:
        harp generate --game eh --deals 1-100 --random-play --seed 7 -o games.jsonl
        harp generate --game sh --cells 2 --deals 1-1000 --solve -o wins.csv
        harp score games.jsonl
    """
    if random_play == solver:
        raise click.UsageError("give one of --random-play or --solve")
    check_cells(ctx, game)
    check_solver_limits(ctx, solver)
    check_line_states(ctx, game)
    if solver:      # the solver's search is the same on every run: nothing to seed
        refuse_given(ctx, ("seed", "max_actions"), "--seed and --max-actions are for "
                     "--random-play; --solve records the solver's line")
    check_run_options(ctx, executor, scheduler)
    records = generate_games(game, cells, deal_list, RANDOM_PLAY if random_play else SOLVER,
                             seed=seed, max_actions=max_actions, limits=limits, jobs=jobs,
                             executor=executor, scheduler=scheduler)
    made = Stoppable(progress(records, len(deal_list), "deals", show_progress, quiet))
    not_won: dict[str, int] = {}
    with RecordWriter(output) as out:
        for game in made:
            if game.record is not None:
                out.write(game.record)
            elif game.outcome is not None:
                not_won[game.outcome] = not_won.get(game.outcome, 0) + 1
    why = ""
    if not_won:     # why deals made no record: proved unsolvable, or the limits ran out
        why = " (not won: " + ", ".join(
            f"{not_won[outcome]} {outcome}" for outcome in ("unsolvable", "unknown")
            if outcome in not_won) + ")"
    where = out.written_to(why)
    if made.stopped:
        # The deals are played in order: the rest is a --deals of its own
        # (the same command again would extend the file with every record again).
        from .stats import deal_runs
        rest = deal_list[made.count:]
        click.echo(f"interrupted: {plural(out.count, 'record')} of the "
                   f"{plural(made.count, 'deal')} played before {stop_name()}{where}"
                   + (f"; the deals not played: --deals {clip(deal_runs(rest))}" if rest else ""),
                   err=True)
        ctx.exit(interrupted_code())
    note(f"generate: {plural(out.count, 'record')} of {plural(len(deal_list), 'deal')}{where}",
         quiet)

