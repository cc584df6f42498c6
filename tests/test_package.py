"""The package as a user installs it: one top-level import package, the rule
book shipped as package data and cited correctly, no import cycles, and the
doctests of the engine's front modules."""
from __future__ import annotations

import ast
import doctest
import os
import re
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import harp
import harp.display
import harp.rulebook
from harp.rulebook import cited_ids, rule_book

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = {"harp": ROOT / "harp", "harp.cli": ROOT / "cli", "harp.analysis": ROOT / "analysis"}


def _python_files() -> list[Path]:
    files = [p for d in ("harp", "cli", "analysis", "tests", "benchmarks") for p in (ROOT / d).rglob("*.py")]
    return sorted(files)


def test_every_cited_section_is_in_the_book() -> None:
    """Every ``RULES Xn[.m]`` in the code, tests, README, docs/ and the book itself
    names a section (or part) the book has."""
    book_ids = set(rule_book().ids())
    missing = {}
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for path in [*_python_files(), *pages, ROOT / "harp" / "rules.md"]:
        for cited in cited_ids(path.read_text(encoding="utf-8")):
            if cited not in book_ids:
                missing.setdefault(cited, []).append(str(path.relative_to(ROOT)))
    assert not missing
    assert len(book_ids) >= 35


def test_citation_pattern_reads_lists() -> None:
    assert cited_ids("see RULES A2, B5, B6 and RULES B10; RULES A1.3 and A1.4") == {
        "A2", "B5", "B6", "B10", "A1.3", "A1.4"}


def test_doctests_of_the_front_modules() -> None:
    for module in (harp, harp.rulebook, harp.display):
        failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert tried > 0 and failures == 0, module.__name__


def _module_name(path: Path) -> str:
    for package, folder in SOURCE_DIRS.items():
        if folder in path.parents or path.parent == folder:
            rel = path.relative_to(folder).with_suffix("")
            parts = [p for p in rel.parts if p != "__init__"]
            return ".".join([package, *parts])
    raise AssertionError(path)


def _imports(path: Path, name: str) -> set[str]:
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for block in ast.walk(tree):        # annotations-only imports are not imports
        if isinstance(block, ast.If) and ast.unparse(block.test) in ("TYPE_CHECKING",
                                                                      "typing.TYPE_CHECKING"):
            block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join(base[:len(base) - node.level + 1] + ([module] if module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_no_import_cycles() -> None:
    modules = {_module_name(p): p for d in SOURCE_DIRS.values() for p in d.rglob("*.py")}
    # A module's own parent packages are imported before it anyway: an
    # edge to them (``from . import x``) is no cycle.
    graph = {name: {m for m in _imports(path, name)
                    if m in modules and m != name and not name.startswith(m + ".")}
             for name, path in modules.items()}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                pytest.fail("import cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def _commands_work(python: list[str], harp_script: list[str], cwd: Path,
                   env: dict[str, str] | None = None) -> None:
    """``harp`` and ``python -m harp`` each list the commands and deal from
    ``cwd``; every command's --help runs (through one launcher or the other,
    in turn), and the rule book and the atlas (package data) are found."""
    from harp.cli.main import COMMANDS

    def run(*args: str) -> str:
        result = subprocess.run([*args], cwd=cwd, env=env, capture_output=True, text=True,
                                check=False)
        assert result.returncode == 0, (args, result.stderr)
        return result.stdout

    launchers = (python + ["-m", "harp"], harp_script)
    for launcher in launchers:
        listed = run(*launcher, "--help").split("Commands:\n", 1)[1]
        assert re.findall(r"^  (\S+)", listed, re.MULTILINE) == sorted(COMMANDS)
        assert run(*launcher, "deal", "EH1-N-AAAAAAF").startswith(
            "Easy Harp  EH1-N-AAAAAAF  (deal 5)\n")
    for number, command in enumerate(sorted(COMMANDS)):
        launcher = launchers[number % 2]
        assert run(*launcher, command, "--help").startswith(f"Usage: harp {command} ")
    assert run(*harp_script, "rules", "A2.5").startswith("### A2.5 Group moves\n")
    assert run(*python, "-m", "harp", "decode", "SH1-C4-AAAAAJ2").splitlines()[-2:] == [
        "winnable: 4 cells yes, 2 cells no, 1 cell no (atlas)", "fewest cells: 4"]


@pytest.mark.slow
def test_the_editable_install_serves_this_checkout_from_any_folder(tmp_path: Path) -> None:
    """The tests' own install (``pip install -e '.[test]'``): harp.cli and
    harp.analysis are this checkout's cli/ and analysis/ folders, and the
    commands work from a folder outside it."""
    import harp.analysis
    import harp.cli
    assert Path(harp.cli.__file__).parent == ROOT / "cli"
    assert Path(harp.analysis.__file__).parent == ROOT / "analysis"
    _commands_work([sys.executable], [str(Path(sys.executable).parent / "harp")], tmp_path)


@pytest.mark.parametrize("name", ["harp.tests", "harp.benchmarks", "harp.harp"])
def test_only_the_package_imports_in_a_checkout(name: str) -> None:
    """From the checkout's root, ``harp`` is the harp/ folder and nothing
    beside it: no second engine, no tests or benchmarks inside harp."""
    result = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"ModuleNotFoundError: No module named '{name}'")


@pytest.mark.slow
def test_wheel_installs_one_top_level_package(tmp_path: Path) -> None:
    """A wheel built from the checkout holds one import package, harp (with
    harp.cli, harp.analysis, harp.solve), the rule book and the atlas; installed
    (beside the test run's dependencies), its commands work from any folder."""
    source = tmp_path / "source"        # setuptools builds in the tree: not in the checkout's
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis",
        "*.db"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                    "-w", str(tmp_path), str(source)], check=True, capture_output=True, cwd=tmp_path)
    (wheel,) = tmp_path.glob("harp_patience-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert top == {"harp"}
    for needed in ("harp/cli/__init__.py", "harp/analysis/stats.py", "harp/solve/__init__.py",
                   "harp/solve/easyharp/__init__.py", "harp/solve/seahaven/__init__.py",
                   "harp/rules.md", "harp/__main__.py", "harp/data/atlas-sh1.bin"):
        assert needed in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "harp = harp.cli:cli" in zipfile.ZipFile(wheel).read(entry_points).decode()

    # A plain (not editable) install into a folder of its own, found first
    # on the path; click, tabulate and tqdm come from the test run's install.
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    shutil.rmtree(source)
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    found = subprocess.run([sys.executable, "-c", "import harp.cli; print(harp.cli.__file__)"],
                           cwd=away, env=env, capture_output=True, text=True, check=True)
    assert Path(found.stdout.strip()) == target / "harp" / "cli" / "__init__.py"
    _commands_work([sys.executable], [sys.executable, str(target / "bin" / "harp")], away, env)


def test_the_compiled_builds_modules_are_harps() -> None:
    """``HARP_COMPILE=1`` compiles the modules setup.py lists (benchmarks/
    versions.py --compiled checks that they search alike): each is a
    module of the package, so a renamed or moved one fails here rather
    than in a user's compiled build."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    (listed,) = [ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign) and node.targets[0].id == "COMPILED"]
    assert listed and all(path.startswith("harp/") and (ROOT / path).is_file() for path in listed)


def test_python_m_harp_in_the_source_folder_says_what_to_run(tmp_path: Path) -> None:
    """In a checkout's root, ``python -m harp`` finds the harp/ folder (the
    engine alone) before an installed harp; without an editable install
    (here: no site-packages at all, -S) it says so on one line, no traceback."""
    shutil.copytree(ROOT / "harp", tmp_path / "harp",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    result = subprocess.run([sys.executable, "-S", "-m", "harp", "deal", "5"], cwd=tmp_path,
                            capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: python -m harp was started in harp's source folder, whose harp/ holds the "
        "engine only; run the harp command (.venv/bin/harp), or python -m harp from another "
        "folder, or install the checkout editable (pip install -e .)\n")


# Sends Ctrl-C to the process the moment it starts importing the engine's
# board, in the middle of loading the command line, as a user's Ctrl-C
# right after pressing Enter would.
_CTRL_C_WHILE_LOADING = """
import os, signal, sys
class CtrlC:
    def find_spec(self, name, path, target=None):
        if name == "harp.board":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, CtrlC())
from harp.cli import cli
cli(["deal", "EH1-N-AAAAAAF"], prog_name="harp")
"""


def _ctrl_c_allowed() -> None:
    # (a process started in the background by a shell without job control
    # inherits SIGINT ignored)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_the_command_line_loads_is_exit_130_without_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-c", _CTRL_C_WHILE_LOADING], cwd=tmp_path,
                          capture_output=True, text=True, preexec_fn=_ctrl_c_allowed, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "interrupted (Ctrl-C)\n")


def test_importing_harp_loads_no_engine_module_until_a_name_is_used() -> None:
    probe = ("import sys, harp; before = sorted(m for m in sys.modules if m.startswith('harp.')); "
             "harp.new_board; print(before, 'harp.games' in sys.modules, "
             "set(harp.__all__) <= set(dir(harp)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "[] True True\n"


@pytest.mark.parametrize("importing", ["from harp import Board",
                                       "import harp; Board = harp.Board",
                                       "from harp.board import Board"])
def test_board_of_a_code_is_its_games_board_whatever_was_imported_first(importing: str) -> None:
    """``Board(code)`` makes the deal's own game's board in a fresh
    interpreter that has imported nothing but Board (the package loads
    its modules when first used)."""
    probe = (f"{importing}; print(type(Board('EH1-N-AAAAAAF')).__name__, "
             "type(Board('SH1-C4-AAAAAJ2')).__name__)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "EasyHarpBoard SeahavenBoard\n"


@pytest.mark.parametrize("command", [["show", "EH1-N-AAAAAAF", "1>f"],
                                     ["show", "--load", "examples/won-seahaven.txt"]])
def test_show_starts_without_the_solvers(command: list[str]) -> None:
    """As docs/development.md says: commands are loaded on first use, and
    showing a position needs no solver, atlas or batch module."""
    probe = ("import sys, runpy; sys.argv = ['harp', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('harp', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('harp.solve', 'harp.winnable', "
             "'harp.atlas', 'harp.ehatlas', 'harp.analysis.stats'))), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, timeout=60)
    assert done.stderr == "[]\n"


@pytest.mark.parametrize("lost", [False, True])
def test_replay_loads_the_solvers_only_for_lost(lost: bool) -> None:
    """Replaying checks actions with the engine; only --lost searches, so
    only then are the solvers imported (harp.solve imports each on first
    use)."""
    probe = ("import sys, runpy; sys.argv = ['harp', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('harp', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('harp.solve.easyharp', "
             "'harp.solve.seahaven', 'harp.solve.since'))), file=sys.stderr)")
    command = ["replay", "--check", *(["--lost"] if lost else []), "examples/won-seahaven.txt"]
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, timeout=60)
    loaded = done.stderr.strip()
    if lost:
        assert "'harp.solve.since'" in loaded and "'harp.solve.seahaven'" in loaded
    else:
        assert loaded == "[]"
