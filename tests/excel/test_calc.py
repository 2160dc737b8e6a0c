"""The buttons in LibreOffice Calc: a real spreadsheet engine, driven through UNO.

One office runs for the whole session (``calc``, tests/excel/conftest.py). Each sequence
(Solve; Step three times; Hint three times; Candidates; Check with one wrong entry; Clear;
New puzzle; Count solutions; a setting switched off; errors: each ended by Undo) runs on a
fresh copy of the workbook opened in Calc: the givens typed through UNO, each button's
own Python (``xl_sudoku.buttons``) run on the document through ``LoBook``, an adapter
that answers as xlwings does. After every step the values, fills, status cells and step
log read back from Calc equal the recording stand-in's (Windows'; the macOS and remote
stand-ins leave the same, ``tests/buttons/test_engines.py``).
A solved grid is rendered to PNG (calc_pdf_Export, pdftoppm).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.buttons.engines import WINDOWS
from tests.buttons.sequences import HARDER, SEQUENCES, State, differences, givens, press
from tests.buttons.test_actions import assert_values_to_rectangles
from tests.buttons.test_engines import run_sequence
from tests.excel.calc import Calc
from tests.excel.test_libreoffice import ppm_colours
from xl_sudoku.core.colours import WRONG, hex_code
from xl_sudoku.core.techniques import TECHNIQUES

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def opened(calc: Calc, folder: Path) -> Path:
    """A fresh copy of the built workbook, open in Calc."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    calc.ask("open", path=str(path))
    return path


@pytest.fixture
def generous(monkeypatch: pytest.MonkeyPatch) -> None:
    """New puzzle generates on the stand-in as in Calc (the worker gives it the same)."""
    from xl_sudoku import puzzles

    monkeypatch.setattr(puzzles, "BUDGET", 120.0)


@pytest.mark.usefixtures("generous")
@pytest.mark.parametrize("name", list(SEQUENCES))
def test_calc_shows_what_the_stand_in_shows(calc: Calc, tmp_path: Path, name: str) -> None:
    opened(calc, tmp_path / "calc")
    ran = calc.ask("run", steps=SEQUENCES[name])
    in_calc: list[State] = ran["states"]
    standin = run_sequence(tmp_path, WINDOWS, name)  # macOS's and remote's equal it
    for step, calc_state, standin_state in zip(SEQUENCES[name], in_calc, standin, strict=True):
        assert not differences(calc_state, standin_state), step
    # Hint and Count change nothing Undo takes back; neither does an action that failed
    undone = "Nothing to undo" if name in ("hint", "count", "errors") else "Undid "
    assert in_calc[-1]["status"][0].startswith(undone), in_calc[-1]["status"]
    if name == "check":
        assert (
            in_calc[2]["status"][0] == "1 of your 2 entries is wrong: r1c3"
        )  # the step's and mine
        assert in_calc[2]["work fills"][2] == hex_code(WRONG)
    assert_values_to_rectangles(ran["calls"])  # in Calc too: values only, each one block
    if name in ("solve", "step", "hint", "check", "clear", "errors"):  # they paint
        assert any(call.startswith("Range('Colours').value = ") for call in ran["calls"])
    busy = [step for step in SEQUENCES[name] if step[1] in ("Solve", "New puzzle", "Count")]
    if busy:  # the status bar was given back to Excel after the work
        assert ran["status_bar"][-1] is False and len(ran["status_bar"]) >= 2


def test_a_solve_in_calc_renders_in_its_technique_colours(
    calc: Calc, tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    """Solve, rendered by Calc itself (the document the buttons wrote, not a saved copy):
    every colour the work grid holds shows."""
    require_tool("pdftoppm")
    opened(calc, tmp_path)
    states = calc.ask("run", steps=[givens(HARDER), press("Solve")])["states"]
    used = {code for code in states[-1]["work fills"] if code}
    pdf, png = tmp_path / "solved.pdf", tmp_path / "solved.png"
    calc.ask("pdf", path=str(pdf))
    subprocess.run(
        ["pdftoppm", "-png", "-r", "80", "-singlefile", str(pdf), str(png.with_suffix(""))],
        check=True,
        timeout=60,
    )
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    counts = ppm_colours(pdf, tmp_path, dpi=40)
    colours = {hex_code(t.colour): t.colour for t in TECHNIQUES}
    assert len(used) >= 2 and used <= set(colours)
    for code in used:  # each colour the work grid holds covers at least a cell's pixels
        assert counts.get(colours[code], 0) > 30, (code, counts.get(colours[code], 0))
    print(f"rendered: {png}")
