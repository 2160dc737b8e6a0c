"""What the Lite tests share: the repository's Lite files, the built workbooks as Office.js
would hand them over, ``lite/main.py`` loaded with the xlwings stand-in, and the desktop
path's answers to compare with."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.buttons.sequences import (
    SEQUENCES,
    State,
    Step,
    enter,
    givens,
    press,
    run_step,
    setting,
    state,
)
from tests.buttons.standin import StandInBook
from tests.buttons.test_engines import fills_of
from tests.lite import xlwings_standin
from tests.lite.snapshot import workbook_json

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "lite" / "main.py"
LITE_WORKBOOK = ROOT / "workbook" / "sudoku-lite.xlsx"
VBA_WORKBOOK = ROOT / "workbook" / "sudoku.xlsm"


@pytest.fixture(scope="session")
def lite_workbook() -> dict[str, Any]:
    """The committed Lite workbook as Office.js sends it (values, fills, names)."""
    return workbook_json(LITE_WORKBOOK)


@pytest.fixture(scope="session")
def main() -> Any:
    """``lite/main.py`` with the xlwings stand-in, on this interpreter's xl_sudoku."""
    return xlwings_standin.load_main(str(MAIN))


#: sequences beyond tests/buttons' that make a script read the step log it saves for Undo
#: (a log is read only when there is one): a wrong ``include`` in main.py shows in these
LOG_SEQUENCES: dict[str, list[Step]] = {
    "solve twice": [
        press("Solve"),
        givens(SEQUENCES["solve"][0][1]),
        press("Solve"),
        press("Undo"),
        press("Undo"),
    ],
    "step after a failed solve": [
        press("Solve"),
        enter("H6", "x"),
        press("Solve"),
        enter("H6", None),
        enter("N4", None),  # an open cell of the solved work grid emptied: a step to take
        press("Step"),
        press("Undo"),
    ],
    "new puzzle after a solve": [
        press("Solve"),
        setting("Difficulty", "Easy"),
        press("New puzzle", 5),
        press("Undo"),
    ],
}
#: every sequence the Lite tests press
ALL_SEQUENCES = {**SEQUENCES, **LOG_SEQUENCES}

_DESKTOP: dict[str, list[State]] = {}


def desktop_states(tmp_path: Path, name: str) -> list[State]:
    """A sequence pressed on the VBA workbook through the buttons' own code, on the
    Windows stand-in (the desktop path): the state after each step (made once)."""
    if name not in _DESKTOP:
        from xl_sudoku import puzzles

        budget, puzzles.BUDGET = puzzles.BUDGET, 120.0  # as tests/buttons' `generous`
        try:
            path = tmp_path / f"desktop-{name.replace(' ', '-')}.xlsm"
            shutil.copy(VBA_WORKBOOK, path)
            book = StandInBook(path)
            states = []
            for step in ALL_SEQUENCES[name]:
                run_step(book, step)
                states.append(state(book, fills_of(book)))
            _DESKTOP[name] = states
        finally:
            puzzles.BUDGET = budget
    return _DESKTOP[name]
