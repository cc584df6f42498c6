"""The interactive game of ``harp play`` in a terminal (issue 3).

The board is redrawn after each action; the player types notation (RULES
B7: ``3>f``, ``w>5``, ``d``, ``t3``, ``tt3``, ``u``), sees why a refused move
is refused, asks for a ``hint`` from the solver and quits
with ``q``; the game can then be saved as a record (RULES B8).
"""
from __future__ import annotations

import os

import click

from harp.solve import HINT_LIMITS, hint
from harp import Board
from harp.records import Record, csv_header, detect_format, format_record, record_of

from .options import board_text, use_color
from .output import one_line

QUIT = ("q", "quit", "exit")
HELP_TEXT = """\
Type actions in move notation (several per line are fine):
  3>f  w>5  a>10  f2>5   move from X to Y (f: the foundation that accepts)
  t3   tt3               tap / double-tap the top card of column 3 (or w, a-d)
  d                      draw from the stock (Easy Harp; redeals when empty)
  u                      undo the last action
Commands: help, moves (legal actions), script (actions so far), hint, q (quit)"""


def play_game(board: Board, ascii_: bool = False, reveal: bool = False) -> None:
    """Run the game until the player quits, wins, or input ends; offer to save."""
    click.echo(board_text(board, ascii_, reveal))
    click.echo("Type help for the notation, q to quit.")
    while board.status() != "won":
        if board.status() == "blocked":
            click.echo("No move can change this position: undo (u) or quit (q).")
        try:
            line = click.prompt(str(board.code), default="", show_default=False,
                                prompt_suffix="> ")
        except click.Abort:
            click.echo()
            break
        command = line.strip().lower()
        if command in QUIT:
            break
        if not command:
            continue
        if not run_command(board, command) and play_line(board, line):
            click.echo(board_text(board, ascii_, reveal))
    if board.status() == "won":
        click.echo(f"Won! Score {board.score} in {board.moves} moves.")
    offer_save(board)


def run_command(board: Board, command: str) -> bool:
    """Handle a word that is not notation; False if it is notation."""
    if command in ("help", "?", "h"):
        click.echo(HELP_TEXT)
    elif command in ("moves", "legal"):
        click.echo(" ".join(map(str, board.legal_actions)) or "no legal action")
    elif command == "script":
        click.echo(board.script() or "no action yet")
    elif command == "hint":
        click.echo(hint_text(board))
    else:
        return False
    return True


def play_line(board: Board, line: str) -> int:
    """Push each token of the line; stop at the first refused one and say
    why.  Returns how many actions were accepted (0: nothing to redraw)."""
    accepted = 0
    for token in line.split("#", 1)[0].replace(",", " ").split():
        try:
            board.push(token)
        except ValueError as err:
            message = f"Refused {token}: {one_line(err)}"
            click.echo(click.style(message, fg="red") if use_color() else message)
            break
        accepted += 1
    return accepted


def hint_text(board: Board) -> str:
    """The solver's next action on a winning line (issue 5)."""
    result, first = hint(board.copy(), HINT_LIMITS)
    if first is not None:
        return f"Hint: {first} (the first of a winning line of {len(result.actions)} actions)"
    if result.outcome == "unsolvable":
        return "No winning line exists from here: undo (u) to an earlier position."
    return f"No winning line found within the limits ({result.states} positions searched)."


def offer_save(board: Board) -> None:
    """Ask whether to save the game as a record, and where."""
    if not board.actions:
        return
    try:
        if not click.confirm("Save this game as a record?", default=False):
            return
        path = click.prompt("File (.txt, .jsonl or .csv; appended to)", default=f"{board.code}.txt")
    except click.Abort:
        click.echo()
        return
    try:
        append_record(path, record_of(board))
    except OSError as err:
        click.echo(f"Not saved: {one_line(err)}")
        return
    click.echo(f"Saved to {path}: replay it with: harp replay {path}")


def append_record(path: str, record: Record) -> None:
    """Append one record in the format the file name says (RULES B8)."""
    fmt = detect_format(path)
    is_new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", encoding="utf-8") as handle:
        if fmt == "csv" and is_new:
            handle.write(csv_header(record) + "\n")
        handle.write(format_record(record, fmt) + "\n")
