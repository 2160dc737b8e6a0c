"""Nothing of a user's workbook is lost: only our cells, styles and sheets are added.

Three workbooks as people have them — written by XlsxWriter (charts, pictures, sparklines,
a macro button, notes, validation, conditional formats, a table, rich text, dates ...),
by LibreOffice (an .ods saved as .xlsx), and our own template with givens typed in at
the XML level — go through batch mode, to a new file and in place. Every part we do not
touch must come back with the same bytes; in the parts we touch, an XML comparison
allows only added cells, styles, sheets (and, in the template, its work cells); every
output opens and renders in LibreOffice.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import warnings
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree

from tests.batch.compare import DifferenceError, additions, entries, local, part_changes, parts
from tests.batch.fixtures import (
    TRICKY_NUMBERS,
    libreoffice_workbook,
    template_workbook,
    xlsxwriter_workbook,
)
from tests.conftest import require
from xl_sudoku.batch.package import Package, iter_cells
from xl_sudoku.cli import main
from xl_sudoku.core import is_solution, parse_puzzle

WORKBOOK_PARTS = {
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "[Content_Types].xml",
    "docProps/app.xml",
}
STYLE_ITEMS = {"font", "fill", "border", "numFmt", "xf"}  # numFmt: a list's ratings, 0.0
# the template's cells the Solve button writes: work grid, status, step log, Undo's history
TEMPLATE_CELLS = frozenset(
    [f"{c}{r}" for c in "LMNOPQRST" for r in range(4, 13)]
    + [f"{c}{r}" for c in "BCDEFGHIJ" for r in range(4, 13)]  # their red error fill, cleared
    + [f"C{r}" for r in range(15, 21)]
    + [f"{c}{r}" for c in "ABCDE" for r in range(2, 5002)]
    + [f"{c}{r}" for c in "ABCDEFGHIJKLMNOP" for r in range(1, 27)]  # the History block
)


def tools() -> None:
    require("soffice", "uno", "pdftoppm")


def make_xlsxwriter(folder: Path) -> Path:
    return xlsxwriter_workbook(folder / "club.xlsm")


def make_libreoffice(folder: Path) -> Path:
    tools()
    return libreoffice_workbook(folder)


def make_template(folder: Path) -> Path:
    return template_workbook(folder / "mine.xlsm")


MAKERS: dict[str, Callable[[Path], Path]] = {
    "xlsxwriter": make_xlsxwriter,
    "libreoffice": make_libreoffice,
    "template": make_template,
}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each maker's workbook, made once."""
    made = {}
    for name, maker in MAKERS.items():
        folder = tmp_path_factory.mktemp(name)
        made[name] = maker(folder)
    return made


def check_package(before: bytes, after: bytes, template: bool) -> dict[str, list[etree._Element]]:
    """Every part not ours to touch has its bytes; touched parts only gain what we add.
    Returns the additions by part."""
    changed, added, removed = part_changes(before, after)
    assert not removed, removed
    old_entries, new_entries = entries(before), entries(after)
    assert new_entries[: len(old_entries)] == old_entries  # same names, order, dates, methods
    package = Package(before)
    sheets = set(package.sheet_parts.values())
    styles = "xl/styles.xml"
    allowed = sheets | {styles} | (WORKBOOK_PARTS if added else set())
    assert changed <= allowed, changed - allowed
    old, new = parts(before), parts(after)
    found: dict[str, list[etree._Element]] = {}
    for name in sorted(changed):
        try:
            extra = additions(old[name], new[name], TEMPLATE_CELLS if template else frozenset())
        except DifferenceError as error:
            raise AssertionError(f"{name}: {error}") from None
        kinds = {local(e) for e in extra}
        if name in sheets:
            assert kinds <= {"c", "row", "col", "cols"}, (name, kinds)
        elif name == styles:
            assert kinds <= STYLE_ITEMS, kinds
        elif name == "xl/workbook.xml":  # our sheets, and our marks on them (hidden names)
            assert "sheet" in kinds and kinds <= {"sheet", "definedNames", "definedName"}
            for mark in (e for e in extra if local(e) == "definedName"):
                assert mark.get("name", "").startswith("_xlsudoku_"), mark.get("name")
                assert mark.get("hidden") == "1" and mark.get("localSheetId") is not None
        elif name == "docProps/app.xml":
            assert kinds == {"lpstr"}
        else:
            assert kinds <= {"Relationship", "Override"}, (name, kinds)
        found[name] = list(extra)
    for name in added:
        assert name.startswith("xl/worksheets/sheet"), name
    return found


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["output", "in-place", "row-by-row"])
@pytest.mark.parametrize("maker", list(MAKERS))
def test_only_our_cells_styles_and_sheets_are_added(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    inputs: dict[str, Path],
    maker: str,
    mode: str,
) -> None:
    if mode == "row-by-row":  # as large sheets are patched: every sheet, however small
        monkeypatch.setattr("xl_sudoku.batch.package.STREAM_FROM", 0)
    source = tmp_path / inputs[maker].name
    shutil.copy(inputs[maker], source)
    before = source.read_bytes()
    argv = ["batch", "--quiet", str(source)] + (["--in-place"] if mode == "in-place" else [])
    assert main(argv) == 0, capsys.readouterr().err
    output = (
        source if mode == "in-place" else source.with_name(f"{source.stem}.solved{source.suffix}")
    )
    if mode == "output":
        assert source.read_bytes() == before  # the input is untouched
    after = output.read_bytes()
    found = check_package(before, after, template=maker == "template")
    written = [c for name, extra in found.items() for c in extra if local(c) == "c"]
    assert written, "no cell was written"
    # the answers read back, and the numbers a datetime round trip used to change are intact
    import openpyxl

    with warnings.catch_warnings():  # openpyxl on what it would drop: it only reads here
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(output)
    if maker == "xlsxwriter":
        sheet_xml = parts(after)["xl/worksheets/sheet1.xml"]
        stored = {
            f"A{row}": cell.findtext("{*}v")
            for row, column, cell in iter_cells(sheet_xml, "sheet1")
            if column == 1
        }
        assert [stored["A15"], stored["A16"], stored["A17"]] == [repr(n) for n in TRICKY_NUMBERS]
        answer = book["Puzzle solved"]  # beside and below are someone's layout
        values = [answer.cell(5 + c // 9, 3 + c % 9).value for c in range(81)]
        assert is_solution(tuple(values), parse_puzzle(str(_puzzle(book["Puzzle"]))))  # type: ignore[arg-type]
        assert book["Puzzles"]["B2"].value == "Ann"  # the column beside the list stays
        assert book["Puzzles"]["D1"].value == "Status"
    if maker == "template":
        work = book["Sudoku"]
        values = [work.cell(4 + c // 9, 12 + c % 9).value for c in range(81)]
        assert all(isinstance(v, int) for v in values)


def _puzzle(sheet: object) -> str:
    cells = [sheet.cell(4 + c // 9, 3 + c % 9).value for c in range(81)]  # type: ignore[attr-defined]
    return "".join(str(v) if v else "." for v in cells)


@pytest.mark.slow  # LibreOffice
def test_outputs_open_and_render_in_libreoffice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, inputs: dict[str, Path]
) -> None:
    tools()
    from tests.excel.render import to_pdf

    for maker, made in inputs.items():
        source = tmp_path / made.name
        shutil.copy(made, source)
        assert main(["batch", "--quiet", str(source)]) == 0, capsys.readouterr().err
        output = source.with_name(f"{source.stem}.solved{source.suffix}")
        folder = tmp_path / f"pdf-{maker}"
        folder.mkdir()
        pdf = to_pdf(output, folder)
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        if maker == "template":
            assert "Solved in" in text, maker
        else:
            assert "Solved by xl-sudoku" in text and "Saturday's sudoku" in text, maker
            assert "Ann" in text and "Pointing" in text  # the list and its answers


def test_the_comparison_sees_a_change(tmp_path: Path, inputs: dict[str, Path]) -> None:
    # the check above must fail on what openpyxl used to do: a number re-encoded
    before = inputs["xlsxwriter"].read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(before)) as old, zipfile.ZipFile(out, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"<v>60</v>", b"<v>59</v>")
            new.writestr(info, data)
    with pytest.raises(AssertionError, match="text '60' -> '59'"):
        check_package(before, out.getvalue(), template=False)
