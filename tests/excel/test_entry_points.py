"""The RunPython entry points: each hands the calling book to its button's code."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

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


#: what a click must not load before its button's first status: the logic engine and its
#: techniques, the fast solver, the generator, the painting of the grid (issue 52)
HEAVY = (
    "xl_sudoku.core.engine",
    "xl_sudoku.core.techniques",
    "xl_sudoku.core.solver",
    "xl_sudoku.core.generate",
    "xl_sudoku.core.hints",
    "xl_sudoku.core.rating",
    "xl_sudoku.paint",
    "xl_sudoku.puzzles",
)
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: a click as RunPython makes it (a new interpreter), on the stand-in: it prints which of
#: HEAVY (and xlwings) were loaded when the first status showed, and when it ended
CLICK = """
import json, sys
from pathlib import Path
import xl_sudoku.excel as x
from tests.buttons.standin import StandInApp, StandInBook

heavy = {heavy!r}
loaded = lambda: sorted(m for m in (*heavy, "xlwings") if m in sys.modules)
at_start = loaded()
first = []
setter = StandInApp.status_bar.fset

def watched(app, value):
    if not first:
        first.append(loaded())
    setter(app, value)

StandInApp.status_bar = StandInApp.status_bar.setter(watched)
book = StandInBook(Path({path!r}))
sheet = book.workbook["Sudoku"]
for cell, digit in enumerate({puzzle!r}):  # the givens typed
    sheet.cell(4 + cell // 9, 2 + cell % 9).value = int(digit) if digit != "." else None
x.{entry}(book)
print(json.dumps([at_start, first[0] if first else None, loaded()]))
"""


def click_in_a_new_interpreter(entry: str, path: Path, puzzle: str) -> list[Any]:
    code = CLICK.format(heavy=HEAVY, path=str(path), puzzle=puzzle, entry=entry)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    found: list[Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("verb", ["solve", "step", "hint", "new", "count"])
def test_a_click_shows_its_status_before_it_loads_the_logic_engine(
    tmp_path: Path, verb: str
) -> None:
    """Issue 52: in a click's new interpreter, importing the entry points loads neither
    xlwings (RunPython's own command has, or Excel would not have called) nor the engine;
    a button that may search for long shows its status before it loads what it needs,
    and loads it then (a check that can fail: the last list)."""
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    at_start, at_status, at_end = click_in_a_new_interpreter(
        f"xl_{verb}",
        path,
        EASY,
    )
    assert at_start == []
    assert at_status == []
    assert set(at_end) & {"xl_sudoku.core.solver", "xl_sudoku.core.engine"}
    assert "xlwings" not in at_end  # the stand-in book: nothing asked xlwings for one


@pytest.mark.parametrize(
    ("verb", "needs"),
    [
        ("candidates", ["xl_sudoku.paint"]),
        ("check", ["xl_sudoku.core.solver", "xl_sudoku.paint"]),
        ("clear", []),
        ("undo", []),
    ],
)
def test_a_click_that_searches_nothing_loads_only_what_it_needs(
    tmp_path: Path, verb: str, needs: list[str]
) -> None:
    """Issue 52: Candidates, Check, Clear and Undo never load the logic engine, its
    techniques or the generator; Check only the fast solver (for the solution)."""
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    at_start, _, at_end = click_in_a_new_interpreter(f"xl_{verb}", path, EASY)
    assert at_start == []
    assert at_end == needs
