"""The ``book`` every button test runs on: a fresh copy of the built workbook, behind the
recording stand-in."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.buttons.standin import StandInBook

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def book(tmp_path: Path) -> StandInBook:
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    return StandInBook(path)
