"""The built workbook's sheets as a spreadsheet program reads them: captions, formulas,
the values cached for them, and what opening the file asks of the calculation engine."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest
from openpyxl.utils.cell import column_index_from_string, coordinate_from_string, get_column_letter

from xl_sudoku.buttons.settings import SWITCHES
from xl_sudoku.core import parse_puzzle
from xl_sudoku.workbook.build import EXAMPLE, build

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
#: the calculation engine of Excel 2019 and Microsoft 365 (Excel 2007 wrote 124519)
EXCEL_CALC_ID = 191029
ROOT = Path(__file__).resolve().parents[2]


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


@pytest.mark.parametrize("lite", [False, True], ids=["xlsm", "lite"])
def test_a_colour_code_is_shown_as_its_fill_in_both_workbooks(lite: bool) -> None:
    """The buttons write each grid cell's fill as a code into the hidden ``Colours`` block
    (AB4:AJ12 for the givens, AL4:AT12 for the work grid); the sheet's conditional formats
    turn code k into ``FILLS[k - 1]``: in the work grid every code (a candidates string's
    grey kept by a rule of its own, first), in the givens the red of an error. The codes'
    columns are hidden and printed nowhere."""
    from xl_sudoku.core.colours import ERROR, FILLS, MARK, hex_code
    from xl_sudoku.workbook.lite import build_lite

    book = openpyxl.load_workbook(io.BytesIO(build_lite() if lite else build()))
    sheet = book["Sudoku"]
    assert book.defined_names["Colours"].attr_text == "Sudoku!$AB$4:$AT$12"
    hidden = sheet.column_dimensions["AB"]
    assert hidden.hidden and hidden.min == column_index_from_string("AB")
    assert hidden.max == column_index_from_string("AT")
    assert sheet.print_area is not None and "AB" not in str(sheet.print_area)
    rules: dict[str, list[tuple[int, str, str, str | None]]] = {}
    for formatting in sheet.conditional_formatting:
        for rule in formatting.rules:
            font = rule.dxf.font.color.rgb if rule.dxf.font and rule.dxf.font.color else None
            fill = rule.dxf.fill.bgColor.rgb if rule.dxf.fill else None
            rules.setdefault(str(formatting.sqref), []).append(
                (rule.priority, rule.formula[0], str(fill)[-6:], str(font)[-6:] if font else None)
            )
    work = sorted(rules["L4:T12"])
    expected = []
    for k, colour in enumerate(FILLS, 1):
        expected += [
            (f"AND(AL4={k},LEN(L4)=9)", hex_code(colour), hex_code(MARK)),
            (f"AL4={k}", hex_code(colour), None),
        ]
    assert [(f, fill, font) for _, f, fill, font in work[: len(expected)]] == expected
    assert work[-1][1:] == ("LEN(L4)=9", "None", hex_code(MARK))  # the grey of the rest
    duplicates = [
        p
        for area, found in rules.items()
        if area != "L4:T12" and area[0] in "LOR"
        for p, *_ in found
    ]
    assert max(duplicates) < work[0][0]  # a repeated digit shows red over any colour
    wrong = FILLS.index(ERROR) + 1
    assert [(f, fill) for _, f, fill, _ in rules["B4:J12"] if "AB4" in f] == [
        (f"AB4={wrong}", hex_code(ERROR))
    ]


def test_each_switchs_prompt_names_its_family_as_its_label_and_the_docs_do(
    built: bytes,
) -> None:
    """Selecting a setting shows a prompt: a family's names it as the sheet's label does
    (``ALS``, not ``als``; ``Franken and Mutant fish``), but for a first capital, and as
    docs/excel.md's list of the settings does."""
    sheet = openpyxl.load_workbook(io.BytesIO(built), keep_vba=True)["Sudoku"]
    prompts = {v.promptTitle: v.prompt for v in sheet.data_validations.dataValidation}
    docs = " ".join((ROOT / "docs" / "excel.md").read_text(encoding="utf-8").split())
    for setting in SWITCHES:
        start = "Yes: Solve, Step, Hint and New puzzle may use "
        prompt = prompts[setting.label]
        assert prompt.startswith(start) and prompt.endswith("."), prompt
        named = prompt[len(start) : -1]
        assert named[1:] == setting.label[1:], (named, setting.label)
        assert named[0].lower() == setting.label[0].lower()
        assert f" {named}," in docs or f" {named})" in docs, named
