"""``harp generate``: game records made by random legal play or by the solver."""
from __future__ import annotations

import click

from harp.analysis.games import DEFAULT_MAX_ACTIONS, RANDOM_PLAY, SOLVER, generate_games
from harp.solve import BATCH_LIMITS, SolveLimits

from .batch import check_run_options, deal_list_option, note, progress, run_options
from .options import CELLS_CHOICE, GAME_CHOICE, Count, Seconds, line_search_option
from .output import engine_errors
from .recordout import RecordWriter


@click.command()
@click.option("--game", type=GAME_CHOICE, required=True,
              help="Easy Harp (eh) or Seahaven Towers (sh).")
@click.option("--cells", type=CELLS_CHOICE, default="4", show_default=True,
              help="Seahaven cells (ignored for Easy Harp).")
@click.option("--deals", "deals", metavar="LIST", required=True, callback=deal_list_option,
              help="Deal numbers: ranges and lists, e.g. 1-100 or 1,5,9-12; one game each.")
@click.option("--random-play", "random_play", is_flag=True,
              help="Games of random legal actions (foundation moves preferred), seeded.")
@click.option("--solve", "solver", is_flag=True,
              help="The solver's wins (a deal it does not win makes no record).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Random play: the same seed and deal make the same game.")
@click.option("--max-actions", type=Count(1), default=DEFAULT_MAX_ACTIONS,
              show_default=True, help="Random play: stop a game after this many actions.")
@click.option("--max-states", type=Count(1), default=BATCH_LIMITS.max_states,
              show_default=True, help="Solver limit per deal: positions searched.")
@click.option("--timeout", type=Seconds(), default=BATCH_LIMITS.timeout,
              show_default=True, help="Solver limit per deal: seconds.")
@line_search_option(BATCH_LIMITS.line_search)
@click.option("--output", "-o", "output", default="-", show_default=True,
              type=click.Path(dir_okay=False, allow_dash=True),
              help="Record file (.jsonl, .csv or text, RULES B8); an existing file is extended.")
@run_options
@click.pass_context
def generate(ctx: click.Context, game: str, cells: str, deals: list[int], random_play: bool,
             solver: bool, seed: int, max_actions: int, max_states: int, timeout: float,
             line_search: float, output: str, jobs: int, executor: str, scheduler: str | None, quiet: bool) -> None:
    """Write one game record per deal, for harp replay and harp score.

    --random-play plays random legal actions until the game is won, is
    stuck, or has --max-actions actions; --solve records the solver's
    winning line.

    \b
    Examples:
        harp generate --game eh --deals 1-100 --random-play --seed 7 -o games.jsonl
        harp generate --game sh --cells 2 --deals 1-1000 --solve -o wins.csv
        harp score games.jsonl
    """
    if random_play == solver:
        raise click.UsageError("give one of --random-play or --solve")
    check_run_options(ctx, executor, scheduler)
    with engine_errors():
        records = generate_games(game, int(cells), deals, RANDOM_PLAY if random_play else SOLVER,
                                 seed=seed, max_actions=max_actions,
                                 limits=SolveLimits(max_states, timeout, line_search), jobs=jobs,
                                 executor=executor, scheduler=scheduler)
        with RecordWriter(output) as out:
            for record in progress(records, len(deals), quiet, "deals"):
                if record is not None:
                    out.write(record)
    note(f"generate: {out.count} records of {len(deals)} deals"
         + (f" written to {output}" if output != "-" else ""), quiet)

