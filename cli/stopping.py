"""Stopping a batch run: Ctrl-C, ``kill`` and a closed terminal alike.

A batch command (``stats``, ``score``, ``generate``, ``atlas``) stopped by
Ctrl-C keeps what it finished (:mod:`harp.cli.runs`).  ``kill`` (SIGTERM,
also what ``timeout``, ``docker stop`` and job schedulers send) and a
closed terminal (SIGHUP) stop it the same way: while it runs, each raises
``KeyboardInterrupt`` as Ctrl-C does, and the exit code is 128 + the
signal's number (130, 143, 129), as a shell reports a process the signal
ended.  A signal that was ignored when harp started (``nohup`` ignores
SIGHUP) stays ignored.  Once a run is stopping, the signals are ignored
(:func:`ignore_further_stops`): a second Ctrl-C must not cut short the
writing of what the first one kept.  This module is light: the group
imports it before it knows whether the command needs the batch analyzer.
"""
from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

#: The signals that stop a batch run besides Ctrl-C (SIGINT), where the
#: system has them.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))

#: The signal that stopped the run last (Ctrl-C until another does).
_stopped_by = [int(signal.SIGINT)]


def _stop(number: int, frame: FrameType | None) -> None:
    _stopped_by[0] = number
    raise KeyboardInterrupt


@contextlib.contextmanager
def stop_signals_as_ctrl_c() -> Iterator[None]:
    """SIGTERM and SIGHUP raise KeyboardInterrupt in the body, noting which
    signal it was; each handler is put back after.  Only the main thread
    can install a handler (elsewhere the body just runs)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _stopped_by[0] = int(signal.SIGINT)
    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, *STOP_SIGNALS)}
    for number in STOP_SIGNALS:
        if previous[number] == signal.SIG_DFL:
            signal.signal(number, _stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:         # (None: a handler Python did not install)
                signal.signal(number, handler)


def ignore_further_stops() -> None:
    """From here to the end of the command (:func:`stop_signals_as_ctrl_c`
    puts the handlers back), Ctrl-C, SIGTERM and SIGHUP are ignored where
    Python handles them: the run is stopping, and writes what it kept."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in (signal.SIGINT, *STOP_SIGNALS):
        if callable(signal.getsignal(number)):
            signal.signal(number, signal.SIG_IGN)


def interrupted_code() -> int:
    """The exit code of a run stopped by a signal: 128 + its number."""
    return 128 + _stopped_by[0]


def stop_name() -> str:
    """How a message names what stopped the run: ``Ctrl-C``, ``SIGTERM``."""
    number = _stopped_by[0]
    return "Ctrl-C" if number == signal.SIGINT else signal.Signals(number).name
