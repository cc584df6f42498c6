"""What the benchmark scripts share: today's ``harp`` from this checkout,
harp run as a child process, and copies of earlier commits.

The benchmarks need the test install of the checkout (the README's second
line: ``python3 -m venv .venv && .venv/bin/pip install -e '.[test]'``).
They put the checkout first on ``sys.path`` to measure its source as it
is; but its ``harp/`` holds only the engine: ``harp.cli`` and
``harp.analysis`` (the top-level ``cli/`` and ``analysis/``) are mapped in
by the editable install, and the plain ``pip install .`` does not map
them.  :func:`use_checkout` says so in one line instead of a traceback.
"""
from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The install the benchmarks need (the README's second line, its test set-up).
TEST_INSTALL = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]'"


def need_test_install(why: str) -> None:
    """Exit with the one-line hint: ``why`` is what was missing."""
    sys.exit(f"{Path(sys.argv[0]).name}: {why}; the benchmarks need the test install of this "
             f"checkout: {TEST_INSTALL} (the README's second line), then run them with "
             f".venv/bin/python")


def use_checkout(*folders: str) -> None:
    """Put the checkout (and its ``folders``, e.g. ``tests``) first on
    ``sys.path``, so that ``import harp`` is today's source; exit with the
    hint above if ``harp.analysis`` is not this checkout's ``analysis/``."""
    sys.path[0:0] = [str(ROOT), *(str(ROOT / folder) for folder in folders)]
    try:
        import harp.analysis
    except ImportError as error:
        need_test_install(f"cannot import harp.analysis ({error})")
    where = Path(harp.analysis.__file__).resolve()
    if not where.is_relative_to(ROOT):
        need_test_install(f"harp.analysis is {where.parent}, not this checkout's analysis/")


class HarpFailed(Exception):
    """A child process (harp, or a snippet importing a harp) that exited
    with an error: its command, exit code and standard error."""

    def __init__(self, command: list[str], code: int, stderr: str) -> None:
        super().__init__(command, code, stderr)
        self.command, self.code, self.stderr = command, code, stderr

    def __str__(self) -> str:
        return f"{shlex.join(self.command)} exited {self.code}:\n{self.stderr.rstrip()}"


def harp(*args: str) -> list[str]:
    """The command line of ``harp ARGS`` with this interpreter."""
    return [sys.executable, "-m", "harp", *args]


def run(command: list[str], *, shown: list[str] | None = None, cwd: Path | str = ROOT,
        **kwargs) -> subprocess.CompletedProcess:
    """Run ``command`` (standard output thrown away unless ``stdout`` is
    given; text), keeping its standard error; raise :class:`HarpFailed`,
    naming ``shown`` (default: the command), if it exits with an error."""
    kwargs.setdefault("stdout", subprocess.DEVNULL)
    done = subprocess.run(command, cwd=cwd, stderr=subprocess.PIPE, text=True, check=False,
                          **kwargs)
    if done.returncode != 0:
        raise HarpFailed(shown or command, done.returncode, done.stderr)
    return done


def main_guard(main) -> None:
    """Run a script's ``main()``; a child process that failed (in this
    process or in a worker of a pool) ends the run with its standard error
    and one line, not a traceback."""
    try:
        main()
    except HarpFailed as failed:
        if failed.stderr:
            sys.stderr.write(failed.stderr if failed.stderr.endswith("\n") else failed.stderr + "\n")
        sys.exit(f"{Path(sys.argv[0]).name}: stopped: {shlex.join(failed.command)} "
                 f"exited {failed.code}")


def resolve_commit(commit: str) -> str:
    """The full hash of ``commit`` (a hash, a branch, ``HEAD~3`` ...) in this
    repository; exits with one line if it names no commit."""
    try:
        done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}"],
                              cwd=ROOT, capture_output=True, text=True, check=False)
    except OSError as error:
        sys.exit(f"{Path(sys.argv[0]).name}: cannot run git to find commit {commit!r}: {error}")
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit(f"{Path(sys.argv[0]).name}: {commit!r} is not a commit of this repository")
    return done.stdout.strip()


def baseline_checkout(commit: str) -> Path:
    """A copy of the repository at ``commit`` (``git archive``) in the
    temporary folder, named by the commit's full hash (so ``HEAD`` or a
    branch is the commit it names today) and kept for later runs.  It is
    extracted into a folder of its own and renamed into place only when
    complete, so an interrupted copy is never taken for one."""
    full = resolve_commit(commit)
    folder = Path(tempfile.gettempdir()) / f"harp_baseline_{full}"
    if folder.is_dir():
        return folder
    partial = Path(tempfile.mkdtemp(prefix=f"harp_baseline_{full}.partial."))
    try:
        archive = subprocess.run(["git", "archive", "--format=tar", full], cwd=ROOT,
                                 capture_output=True, check=False)
        if archive.returncode == 0:
            archive = subprocess.run(["tar", "-x", "-C", str(partial)], input=archive.stdout,
                                     capture_output=True, check=False)
        if archive.returncode != 0:
            sys.exit(f"{Path(sys.argv[0]).name}: cannot copy commit {commit}: "
                     f"{archive.stderr.decode(errors='replace').strip()}")
        try:
            partial.rename(folder)
        except OSError:                 # another run put it in place first
            if not folder.is_dir():
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return folder
