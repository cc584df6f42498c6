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
