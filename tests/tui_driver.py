"""Driving the full-screen game headless (Textual's run_test and Pilot):
the screen as text, where a place is drawn, an action as keys or mouse."""
from __future__ import annotations

import io

from rich.console import Console

from harp.cli.tui.app import HarpApp, TableView


def screen_text(app: HarpApp) -> str:
    """The screen as plain text, one line per row, as the terminal shows it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text(styles=False).splitlines())


def spot(app: HarpApp, place: str, top: bool = True) -> tuple[int, int]:
    """Where on the table widget a place's top card (or the place) is drawn."""
    found = [s for s in app.screen.query_one(TableView).drawing.spots if s[4] == place]
    x0, _, y0, _, _, _ = max(found, key=lambda s: (s[5], s[2])) if top else found[0]
    return x0 + 1, y0


def keys_for(token: str) -> list[str]:
    """The keys that play one action of a script (RULES B7)."""
    def key(place: str) -> str:
        return "0" if place == "10" else place[0] if place[0] == "f" else place
    if token == "d":
        return ["s"]
    if token == "u":
        return ["u"]
    if token.startswith("tt"):
        return [key(token[2:])] * 2
    if token.startswith("t"):
        return [key(token[1:]), "enter"]
    src, dst = token.split(":")[-1].split(">")
    return [key(src), key(dst)]


async def press(pilot, keys: list[str]) -> None:
    """Press keys as Pilot.press does (through the app's driver), waiting
    once for the screen after the last one rather than after each."""
    from textual import events
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()


async def play_by_mouse(pilot, token: str) -> None:
    """One action by the mouse: a click on the stock draws, a click on a
    card taps it to the foundation, a drag moves it."""
    app = pilot.app
    table = app.screen.query_one(TableView)
    if token == "d":
        await pilot.click(table, offset=spot(app, "s"))
        return
    src, dst = token.split(":")[-1].split(">")
    if dst == "f":
        await pilot.click(table, offset=spot(app, src))
        return
    await pilot.mouse_down(table, offset=spot(app, src))
    await pilot.mouse_up(table, offset=spot(app, dst))
    await pilot.pause()


def dialog_text(screen: str) -> str:
    """The text inside the dialog's box on a screen, its lines joined by
    spaces (a wrapped line reads as one)."""
    inside = [line[line.index("│") + 1:line.rindex("│")].strip()
              for line in screen.splitlines() if line.count("│") >= 2]
    return " ".join(part for part in inside if part)
