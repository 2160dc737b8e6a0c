"""The ``book`` every button test runs on: a fresh copy of the built workbook, behind the
recording stand-in, once as each engine answers (Windows, macOS, remote: the test ids)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.buttons.engines import ENGINES, Engine
from tests.buttons.standin import StandInBook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=ENGINES, ids=str)
def engine(request: pytest.FixtureRequest) -> Engine:
    """Each engine in turn; a test asks for ``book`` (or ``engine`` itself)."""
    chosen: Engine = request.param
    return chosen


@pytest.fixture
def book(tmp_path: Path, engine: Engine) -> StandInBook:
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    return StandInBook(path, engine)
