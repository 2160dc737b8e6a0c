"""The RunPython entry points: each hands the calling book to its button's code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import xl_sudoku.excel as x
from tests.buttons.standin import StandInBook
from xl_sudoku import buttons

ROOT = Path(__file__).resolve().parents[2]
VERBS = (
    "solve",
    "step",
    "hint",
    "candidates",
    "check",
    "clear",
    "new",
    "count",
    "undo",
    "check_setup",
)


def test_every_button_has_an_entry_point_that_runs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    book = StandInBook(path)
    assert set(x.__all__) == {f"xl_{verb}" for verb in VERBS}
    assert set(buttons.ACTIONS.values()) == {getattr(buttons, f"on_{v}") for v in VERBS}
    seen: list[tuple[str, object]] = []
    for verb in VERBS:
        monkeypatch.setattr(
            f"xl_sudoku.buttons.on_{verb}",
            lambda given, *_, verb=verb: seen.append((verb, given)),
        )
    monkeypatch.setattr("xl_sudoku.excel.entry_points._caller", lambda: book)
    for verb in VERBS:
        getattr(x, f"xl_{verb}")()
    assert seen == [(verb, book) for verb in VERBS]
