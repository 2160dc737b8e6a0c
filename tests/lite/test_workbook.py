"""The xlwings Lite workbook, ``workbook/sudoku-lite.xlsx``: built from the same layout
sources as the VBA workbook (the same sheets, names, cells, checks and formats), without
macros, its buttons shapes bound the way xlwings Lite binds a script to a button, each
named by ``lite/main.py``; the same sources give the same bytes."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import openpyxl
import pytest

from tests.lite.conftest import LITE_WORKBOOK, VBA_WORKBOOK
from tests.lite.office import scripts
from xl_sudoku.buttons import ACTIONS
from xl_sudoku.workbook.layout import LITE_BUTTONS, LITE_SHAPE
from xl_sudoku.workbook.lite import LITE_SHEETS, build_lite

XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


@pytest.fixture(scope="module")
def built() -> bytes:
    return build_lite()


def parts(package: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.slow
def test_the_build_is_reproducible_and_committed(built: bytes) -> None:
    assert build_lite() == built, "two builds of the same sources differ"
    assert LITE_WORKBOOK.read_bytes() == built, (
        "workbook/sudoku-lite.xlsx is stale: run 'make workbook' and commit it"
    )


def test_it_has_no_macros_no_ribbon_no_xlwings_conf(built: bytes) -> None:
    found = parts(built)
    assert not [n for n in found if "vba" in n.lower() or n.startswith("customUI")]
    types = found["[Content_Types].xml"].decode()
    assert "spreadsheetml.sheet.main+xml" in types and "macroEnabled" not in types
    book = openpyxl.load_workbook(io.BytesIO(built))
    assert book.sheetnames == list(LITE_SHEETS) == ["Sudoku", "Steps", "Functions", "History"]
    assert book["History"].sheet_state == "veryHidden"
    assert "ui/extensibility" not in found["_rels/.rels"].decode()


def cells(sheet: Any) -> dict[str, Any]:
    """Each cell's value (an array formula as its range and text)."""
    found = {}
    for row in sheet.iter_rows():
        for c in row:
            if c.value is not None:
                value = c.value
                if hasattr(value, "text"):  # openpyxl's ArrayFormula
                    value = (value.ref, value.text)
                found[c.coordinate] = value
    return found


def test_the_layout_is_the_vba_workbooks(built: bytes) -> None:
    """Every sheet the two share holds the same cells (but the lines that say which Excel
    runs the buttons and functions), the same defined names (but the xlwings version Check
    set-up reads), merged cells, validations and conditional formats."""
    lite = openpyxl.load_workbook(io.BytesIO(built))
    vba = openpyxl.load_workbook(VBA_WORKBOOK, keep_vba=True)
    differ = {"Sudoku": {"E2"}, "Functions": {"A1"}, "History": {"R1"}, "Steps": set()}
    for name in LITE_SHEETS:
        mine, theirs = cells(lite[name]), cells(vba[name])
        assert set(mine) == set(theirs) - (differ[name] if name == "History" else set()), name
        for where in set(mine) - differ[name]:
            assert mine[where] == theirs[where], (name, where)
        assert lite[name].merged_cells.ranges == vba[name].merged_cells.ranges, name
        assert [str(v.sqref) for v in lite[name].data_validations.dataValidation] == [
            str(v.sqref) for v in vba[name].data_validations.dataValidation
        ], name
        rules = [
            (str(r.sqref), [x.formula for x in r.rules]) for r in lite[name].conditional_formatting
        ]
        assert rules == [
            (str(r.sqref), [x.formula for x in r.rules]) for r in vba[name].conditional_formatting
        ], name
        assert lite[name].column_dimensions.keys() == vba[name].column_dimensions.keys(), name
    names = {n: str(d.attr_text) for n, d in lite.defined_names.items()}
    assert names == {
        n: str(d.attr_text) for n, d in vba.defined_names.items() if n != "XlwingsVersion"
    }
    assert "xlwings Lite" in cells(lite["Sudoku"])["E2"]
    assert "xlwings Lite" in cells(lite["Functions"])["A1"]


def drawing(built: bytes) -> tuple[ElementTree.Element, dict[str, str]]:
    """The Sudoku sheet's drawing and its hyperlinks' targets by relationship id."""
    found = parts(built)
    rels = ElementTree.fromstring(found["xl/worksheets/_rels/sheet1.xml.rels"])
    (target,) = [r.get("Target") for r in rels if r.get("Type", "").endswith("/drawing")]
    assert target == "../drawings/drawing1.xml"
    links = ElementTree.fromstring(found["xl/drawings/_rels/drawing1.xml.rels"])
    targets = {r.get("Id", ""): r.get("Target", "") for r in links}
    assert all(r.get("TargetMode") is None for r in links), "links into the workbook"
    return ElementTree.fromstring(found["xl/drawings/drawing1.xml"]), targets


def buttons(built: bytes) -> list[dict[str, Any]]:
    """Each shape of the Sudoku sheet: name, text, hyperlink target, geometry, whether it
    prints, and the columns its anchor spans (0-based, with offsets in EMU)."""
    root, targets = drawing(built)
    found = []
    for anchor in root:
        shape = anchor.find(f"{XDR}sp")
        assert shape is not None
        props = shape.find(f"{XDR}nvSpPr/{XDR}cNvPr")
        assert props is not None
        link = props.find(f"{A}hlinkClick")
        assert link is not None
        start, end = anchor.find(f"{XDR}from"), anchor.find(f"{XDR}to")
        assert start is not None and end is not None
        geometry = shape.find(f"{XDR}spPr/{A}prstGeom")
        client = anchor.find(f"{XDR}clientData")
        found.append(
            {
                "name": props.get("name"),
                "text": "".join(t.text or "" for t in shape.iter(f"{A}t")),
                "target": targets[link.get(f"{R}id", "")],
                "geometry": None if geometry is None else geometry.get("prst"),
                "text box": shape.find(f"{XDR}nvSpPr/{XDR}cNvSpPr").get("txBox"),  # type: ignore[union-attr]
                "prints": None if client is None else client.get("fPrintsWithSheet"),
                "row": int(start.findtext(f"{XDR}row", "")),
                "columns": (
                    int(start.findtext(f"{XDR}col", "")),
                    int(end.findtext(f"{XDR}col", "")),
                ),
            }
        )
    return found


def test_each_button_is_a_named_shape_linked_to_the_cell_it_hides(built: bytes) -> None:
    """As xlwings Lite's documentation draws a sheet button: a rounded rectangle with a
    name, its hyperlink a cell of this workbook that it covers (a different one each);
    not printed, as the VBA workbook's buttons are not."""
    shapes = buttons(built)
    assert [(s["name"], s["text"]) for s in shapes] == [
        (f"{LITE_SHAPE}{script}", caption) for script, caption in LITE_BUTTONS
    ]
    cells = []
    for shape in shapes:
        assert shape["geometry"] == "roundRect" and shape["text box"] is None
        assert shape["prints"] == "0"
        match = re.fullmatch(r"#Sudoku!([A-Z]+)(\d+)", shape["target"])
        assert match, shape["target"]
        column = openpyxl.utils.column_index_from_string(match.group(1)) - 1
        assert int(match.group(2)) - 1 == shape["row"]
        first, last = shape["columns"]
        assert first <= column <= last, (shape["name"], shape["target"], shape["columns"])
        cells.append(shape["target"])
    assert len(set(cells)) == len(cells)


def test_main_py_binds_each_button_to_its_action(built: bytes, main: Any) -> None:
    """Every button of the VBA workbook but Check set-up has a script in main.py, shown
    under the button's caption, whose ``button`` is the shape of that caption and the cell
    its hyperlink selects (``[NAME]Sudoku!CELL``); each calls the button's action."""
    found = scripts(main)
    assert set(found) == set(ACTIONS) - {"Check set-up"}
    for shape in buttons(built):
        function = found[shape["text"]]
        meta = getattr(function, "__xlscript__")  # noqa: B009
        assert meta["button"] == f"[{shape['name']}]{shape['target'].lstrip('#')}"
        assert shape["name"] == f"{LITE_SHAPE}{function.__name__}"
        action = ACTIONS[shape["text"]].__name__
        assert (
            f"buttons.{action}(book)"
            in Path(function.__code__.co_filename)
            .read_text(encoding="utf-8")
            .split(f"def {function.__name__}(", 1)[1]
            .split("\n\n", 1)[0]
        )


def test_main_py_functions_are_the_windows_udfs(main: Any) -> None:
    """The same functions as the Windows UDFs: names, parameters and defaults, the
    decorators' options, the descriptions (docstrings) Excel shows."""
    import ast

    from xl_sudoku.excel import udfs

    def shape(path: Path, name: str) -> tuple[Any, ...]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
        decorators = [ast.unparse(d).removeprefix("xw.") for d in node.decorator_list]
        return (ast.unparse(node.args), decorators, ast.get_docstring(node))

    names = sorted(n for n in dir(udfs) if n.startswith("SUDOKU_"))
    assert sorted(n for n in dir(main) if n.startswith("SUDOKU_")) == names
    for name in names:
        assert shape(Path(main.__file__), name) == shape(Path(udfs.__file__), name), name
        assert getattr(main, name).__xlfunc__["ret"]["doc"] == getattr(udfs, name).__doc__


@pytest.mark.slow
def test_libreoffice_opens_it_and_prints_three_pages(
    built: bytes, tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    """LibreOffice reads the file, and prints it as the VBA workbook prints: the Sudoku
    sheet on one page, Steps and Functions after it. (LibreOffice 7.4 prints the shapes,
    though they say not to be printed: Excel's way with them is not tested here.)"""
    require_tool("soffice", "pdftotext")
    from tests.excel.render import to_pdf
    from tests.excel.test_looks import page_count, page_text

    path = tmp_path / "sudoku-lite.xlsx"
    path.write_bytes(built)
    pdf = to_pdf(path, tmp_path)
    assert page_count(pdf) == 3
    first = page_text(pdf, 1)
    assert "Givens" in first and "Work grid" in first and "Colours" in first
    assert "SUDOKU_SOLVE" in page_text(pdf, 3)
