import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INSTALL = "install the checkout first: pip install -e '.[test]' (in a venv, as README.md shows)"

sys.path.insert(0, str(Path(__file__).resolve().parent))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once, on one line, when harp.cli cannot be imported or is
    another copy than this checkout's: the tests must see the source they
    sit beside, which an editable install gives."""
    try:
        import harp.cli
    except ImportError as err:
        pytest.exit(f"harp.cli cannot be imported ({err}): {INSTALL}", returncode=4)
    found = Path(harp.cli.__file__).resolve().parent
    if found != ROOT / "cli":
        pytest.exit(f"harp.cli is imported from {found}, not from this checkout: {INSTALL}",
                    returncode=4)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The player's statistics of a game a test plays go to a folder of
    the test's own (processes it starts inherit it), never to the
    statistics of whoever runs the tests."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any computing is a failure: the options must be refused before it
    (the batch commands' work is stubbed to fail the test)."""
    import harp.cli.atlas
    import harp.cli.generate
    import harp.cli.score
    import harp.cli.stats

    def work(*args: object, **kwargs: object) -> None:
        raise AssertionError("work started before the options were checked")
    monkeypatch.setattr(harp.cli.stats, "run_plan", work)
    monkeypatch.setattr(harp.cli.score, "ordered_map", work)
    monkeypatch.setattr(harp.cli.generate, "generate_games", work)
    for name in ("run_plan", "piece_rows", "unknown_rows", "assembled"):
        monkeypatch.setattr(harp.cli.atlas, name, work)
