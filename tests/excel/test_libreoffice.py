"""The workbook as LibreOffice headless sees it: modules, buttons, rendered pages.

LibreOffice is an independent reader of the file Excel will open: it imports the VBA
project and binds the form buttons itself. It cannot run xlwings, so the actions run
through the stand-in and LibreOffice renders their results. Without LibreOffice these
tests skip, unless XL_SUDOKU_REQUIRE_TOOLS is set (as .ci/run does), then they fail.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.buttons.standin import StandInBook
from tests.conftest import SYSTEM_PYTHON
from tests.excel.render import ROOT, render_state, to_pdf
from xl_sudoku.core.colours import ERROR
from xl_sudoku.core.techniques import BY_KEY
from xl_sudoku.excel import xl_candidates, xl_solve, xl_step
from xl_sudoku.workbook.build import modules
from xl_sudoku.workbook.layout import BUTTONS

TOOLS = ("soffice", "pdftoppm", "uno")
README = (ROOT / "docs" / "excel.md").read_text(encoding="utf-8")  # the workbook's page
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def seen(require_tool: Callable[..., None]) -> dict[str, object]:
    require_tool(*TOOLS)
    done = subprocess.run(
        [
            SYSTEM_PYTHON,
            str(ROOT / "tests" / "excel" / "lo_inspect.py"),
            str(ROOT / "workbook" / "sudoku.xlsm"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    report: dict[str, object] = json.loads(done.stdout)
    return report


def body(text: str) -> list[str]:
    """A module's lines as LibreOffice and our sources share them: no attribute lines."""
    skip = ("Rem Attribute VBA_ModuleType", "Option VBASupport", "Option ClassModule", "Attribute ")
    lines = text.replace("\r\n", "\n").rstrip("\n").split("\n")
    return [line for line in lines if not line.startswith(skip)]


def test_libreoffice_imports_every_module_as_written(seen: dict[str, object]) -> None:
    imported = seen["modules"]
    assert isinstance(imported, dict)
    ours = {m.name: m for m in modules()}
    assert set(imported) == set(ours)
    for name, module in ours.items():
        assert body(imported[name]) == body(module.source), name
    assert seen["sheets"] == ["Sudoku", "Steps", "Functions", "xlwings.conf", "History"]


def test_libreoffice_binds_every_button_to_its_macro(seen: dict[str, object]) -> None:
    buttons = seen["buttons"]
    assert isinstance(buttons, list)
    bound = {b["label"]: b["events"] for b in buttons}
    for macro, caption in BUTTONS:
        assert bound[caption] == [
            f"vnd.sun.star.script:VBAProject.SudokuMacros.{macro}?language=Basic&location=document"
        ]


def ppm_colours(pdf: Path, folder: Path, dpi: int = 40) -> dict[tuple[int, int, int], int]:
    """How many pixels of each colour the first page has, rendered by poppler."""
    base = folder / "page"
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", str(pdf), str(base)],
        check=True,
    )
    data = (folder / "page.ppm").read_bytes()
    magic, width, height, top, pixels = data.split(maxsplit=4)
    assert magic == b"P6" and top == b"255"
    counts: dict[tuple[int, int, int], int] = {}
    raw = pixels[: int(width) * int(height) * 3]
    for i in range(0, len(raw), 3):
        colour = (raw[i], raw[i + 1], raw[i + 2])
        counts[colour] = counts.get(colour, 0) + 1
    return counts


def rendered(
    tmp_path: Path, actions: list[object], edit: object = None, dpi: int = 40
) -> dict[tuple[int, int, int], int]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    book = StandInBook(path)
    if edit:
        edit(book)  # type: ignore[operator]
    for action in actions:
        action(book)  # type: ignore[operator]
    book.save(path)
    return ppm_colours(to_pdf(path, tmp_path), tmp_path, dpi)


def test_a_solved_grid_renders_in_its_technique_colours(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool(*TOOLS)
    before = rendered(tmp_path / "before", [])
    after = rendered(tmp_path / "after", [xl_solve])
    for key in ("hidden-single", "naked-single"):
        colour = BY_KEY[key].colour
        assert after.get(colour, 0) > before.get(colour, 0) + 200, (
            key
        )  # whole cells, not the legend


def test_an_error_renders_its_cell_red(tmp_path: Path, require_tool: Callable[..., None]) -> None:
    require_tool(*TOOLS)

    def bad(book: StandInBook) -> None:
        book.workbook["Sudoku"]["H6"] = "x"

    before = rendered(tmp_path / "before", [])
    after = rendered(tmp_path / "after", [xl_solve], bad)
    assert after.get(ERROR, 0) > before.get(ERROR, 0) + 50


def test_the_work_grid_marks_a_repeated_digit_red_and_shows_candidates_grey(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    """The work grid's conditional formats, drawn by LibreOffice: no Python runs after
    the digits are typed."""
    require_tool(*TOOLS)

    def typed(book: StandInBook) -> None:
        xl_candidates(book)
        book.workbook["Sudoku"]["N4"] = "9"  # r1c3: repeats the given 9 of r1c1

    candidates = rendered(tmp_path / "candidates", [xl_candidates], dpi=100)
    plain = rendered(tmp_path / "plain", [], dpi=100)
    repeated = rendered(tmp_path / "repeated", [], typed, dpi=100)
    assert repeated.get(ERROR, 0) > candidates.get(ERROR, 0) + 300  # one cell, red
    # grey ink (text edges blend it with white: any neutral grey); without the format
    # the candidates would be navy, as the digits are
    assert greys(candidates) > greys(plain) + 3000


def greys(counts: dict[tuple[int, int, int], int]) -> int:
    return sum(n for (r, g, b), n in counts.items() if r == g == b and 40 < r < 200)


def test_the_readme_pictures_render(tmp_path: Path, require_tool: Callable[..., None]) -> None:
    require_tool(*TOOLS)
    png = render_state([xl_step], tmp_path / "step.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_readme_names_every_function_that_shows_value_errors_in_libreoffice(
    seen: dict[str, object],
) -> None:
    """LibreOffice cannot call xlwings: README's note names exactly the SUDOKU_* functions
    whose cells show ``#VALUE!`` there (the others show the values cached in the file)."""
    formulas = seen["formulas"]
    assert isinstance(formulas, list)
    shown: dict[str, set[str]] = {}
    for formula in formulas:
        for name in re.findall(r"SUDOKU_[A-Z]+", formula["formula"]):
            shown.setdefault(name, set()).add(formula["shown"])
    assert len(shown) == 8, shown  # every function on the Functions sheet
    errors = {name for name, values in shown.items() if "#VALUE!" in values}
    note = re.search(
        r"In LibreOffice,\s+which cannot call xlwings,\s+(.*?)\s+show `#VALUE!`", README, re.S
    )
    assert note, "README's LibreOffice note"
    assert set(re.findall(r"SUDOKU_[A-Z]+", note.group(1))) == errors
