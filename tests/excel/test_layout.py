"""The built workbook's sheets as a spreadsheet program reads them: captions, formulas,
the values cached for them, and what opening the file asks of the calculation engine."""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree

import openpyxl
import pytest
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string, get_column_letter

from xl_sudoku.core import parse_puzzle
from xl_sudoku.workbook.build import EXAMPLE, build

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
#: the calculation engine of Excel 2019 and Microsoft 365 (Excel 2007 wrote 124519)
EXCEL_CALC_ID = 191029


@pytest.fixture(scope="module")
def built() -> bytes:
    return build()


def part(package: bytes, name: str) -> str:
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return archive.read(name).decode("utf-8")


@pytest.mark.slow
def test_the_functions_sheets_captions_are_text_and_only_its_values_are_formulas(
    built: bytes,
) -> None:
    sheet = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)["Functions"]
    formulas = {c.coordinate for row in sheet.iter_rows() for c in row if c.data_type == "f"}
    texts = {
        c.coordinate: c.value
        for row in sheet.iter_rows()
        for c in row
        if c.data_type == "s" and str(c.value).startswith("=SUDOKU_")
    }
    # each caption shows the formula of the cell beside it (or of the array below it)
    assert set(texts) == {"A3", "K3", "A14", "A15", "A16", "A17", "A18", "A19", "A21"}
    assert texts["A14"] == "=" + sheet["B14"].value.lstrip("=")
    assert formulas == {"B4", "L4", "B14", "B15", "B16", "B17", "B18", "B19", "B22"}
    xml = part(built, "xl/worksheets/sheet3.xml")
    assert len(re.findall(r"<f[ >]", xml)) == len(formulas)  # one call into Python each


def test_opening_the_workbook_recalculates_nothing(built: bytes) -> None:
    calc = ElementTree.fromstring(part(built, "xl/workbook.xml")).find(f"{MAIN}calcPr")
    assert calc is not None
    assert calc.get("fullCalcOnLoad") is None and calc.get("forceFullCalc") is None
    # an older engine's id makes a newer Excel recalculate everything on open
    assert int(calc.get("calcId", "0")) >= EXCEL_CALC_ID
    assert calc.get("calcMode", "auto") == "auto"  # typing new givens still recalculates


def array_values(sheet: object, anchor: str) -> list[object]:
    start = sheet[anchor]  # type: ignore[index]
    return [
        sheet.cell(start.row + r, start.column + c).value  # type: ignore[attr-defined]
        for r in range(9)
        for c in range(9)
    ]


def test_every_cell_of_every_array_caches_the_functions_value(
    built: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Excel shows the cached values until it recalculates: every cell of a 9x9 result must
    hold what the function gives, with its type (a candidates string stays text)."""
    from xl_sudoku import puzzles
    from xl_sudoku.buttons import functions
    from xl_sudoku.excel import udfs

    # as the builder: no clock on a busy machine (SUDOKU_NEW reads puzzles.BUDGET each call)
    monkeypatch.setattr(puzzles, "BUDGET", None)
    monkeypatch.setattr(functions, "SECONDS", 600.0)  # nor a time limit on the searches
    book = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True, data_only=True)
    formulas = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)["Functions"]
    sheet = book["Functions"]
    puzzle = parse_puzzle(EXAMPLE)
    givens = [[puzzle[9 * r + c] or None for c in range(9)] for r in range(9)]
    expected = {
        "B4": udfs.SUDOKU_SOLVE(givens),
        "L4": udfs.SUDOKU_CANDIDATES(givens),
        "B22": udfs.SUDOKU_NEW("Expert", 7),
    }
    for anchor, rows in expected.items():
        assert isinstance(rows, list)
        assert formulas[anchor].value.ref == f"{anchor}:{_corner(anchor)}"
        want = [None if v == "" else v for row in rows for v in row]
        assert array_values(sheet, anchor) == want, anchor
    for row in range(14, 20):  # the single-cell formulas cache their values too
        assert sheet[f"B{row}"].value is not None


def _corner(anchor: str) -> str:
    letters, row = coordinate_from_string(anchor)
    return f"{get_column_letter(column_index_from_string(letters) + 8)}{row + 8}"


def test_array_results_are_typed_as_excel_types_formula_results(built: bytes) -> None:
    xml = part(built, "xl/worksheets/sheet3.xml")
    # a candidates string and a given of SUDOKU_CANDIDATES are text results ...
    assert re.search(r'<c r="L4"[^>]* t="str"><f t="array" ref="L4:T12">', xml)
    assert re.search(r'<c r="N4"[^>]* t="str"><v>\d{9}</v></c>', xml)
    # ... and the digits of SUDOKU_SOLVE numbers
    assert re.search(r'<c r="C4"(?: s="\d+")?><v>[1-9]</v></c>', xml)
