"""Build ``workbook/sudoku-lite.xlsx``, the xlwings Lite workbook (workbook builder layer).

    xl-sudoku build-workbook --lite [-o workbook/sudoku-lite.xlsx]

The same layout sources as ``sudoku.xlsm`` (``layout``, with ``lite=True``): the sheets,
names, settings, legend and checks as typed; no VBA project, no ribbon, no
``xlwings.conf``. Its buttons are shapes, as xlwings Lite binds a script to a button
(https://lite.xlwings.org/custom-scripts, "Running a script via sheet button"): a shape
with a name and a hyperlink to a cell of this workbook that the shape hides; the script
says ``@script(button="[NAME]Sudoku!CELL")``, and when the link selects the cell, xlwings
Lite runs it. XlsxWriter writes text boxes named ``TextBox N``; the builder names each
``LITE_SHAPE`` + its script, makes it a rounded rectangle (the shape the documentation
draws) and keeps it off the printed page, as the VBA workbook's buttons are. The Python
code is not in the file: xlwings Lite keeps ``main.py`` in a workbook in a way of its own,
which its documentation does not describe, so the user pastes ``lite/main.py`` into the
add-in once (``docs/lite.md``). The same sources give the same bytes.
"""

from __future__ import annotations

import io
import re
from datetime import datetime
from pathlib import Path

import xlsxwriter

from ..core import parse_puzzle
from ..helpers import atomic, ooxml
from .build import CALC_ID, EXAMPLE, cache_array
from .layout import LITE_BUTTONS, LITE_SHAPE, SHEETS, lay_out

#: the sheets of the Lite workbook, in order (the VBA workbook's but xlwings.conf)
LITE_SHEETS = tuple(name for name, _ in SHEETS if name != "xlwings.conf")
DRAWING = "xl/drawings/drawing1.xml"


def build_lite() -> bytes:
    """The bytes of ``sudoku-lite.xlsx``."""
    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, {"in_memory": True})
    book.set_properties(
        {
            "title": "xl-sudoku (xlwings Lite)",
            "subject": "A sudoku solver that lives in Excel, with xlwings Lite",
            "author": "xl-sudoku",
            "comments": "Built by 'xl-sudoku build-workbook --lite' from text sources; "
            "do not edit. Its Python code is lite/main.py.",
            "created": datetime(2026, 1, 1),
        }
    )
    arrays = lay_out(book, parse_puzzle(EXAMPLE), lite=True)
    # as the VBA workbook: nothing is calculated on opening, every cached value is there
    book.set_calc_mode("auto", calc_id=CALC_ID)
    book.calc_on_load = False
    book.close()
    parts = ooxml.read_parts(out.getvalue())
    for array in arrays:
        name = f"xl/worksheets/sheet{LITE_SHEETS.index(array.sheet) + 1}.xml"
        parts[name] = cache_array(parts[name].decode("utf-8"), array).encode("utf-8")
    parts[DRAWING] = lite_shapes(parts[DRAWING].decode("utf-8")).encode("utf-8")
    return ooxml.write_parts(parts)


def lite_shapes(xml: str) -> str:
    """The Sudoku sheet's drawing with its text boxes made buttons as xlwings Lite's
    documentation draws them: each named ``LITE_SHAPE`` + its script (in ``LITE_BUTTONS``'
    order, the order they were added), a rounded rectangle rather than a text box, and
    not printed."""
    names = [f"{LITE_SHAPE}{script}" for script, _ in LITE_BUTTONS]

    def name(match: re.Match[str]) -> str:
        number = int(match.group(2))
        return f'{match.group(1)}"{names[number - 1]}"'

    xml, renamed = re.subn(r'(<xdr:cNvPr id="\d+" name=)"TextBox (\d+)"', name, xml)
    xml, boxes = re.subn(r'<xdr:cNvSpPr txBox="1"/>', "<xdr:cNvSpPr/>", xml)
    xml, rounded = re.subn(r'<a:prstGeom prst="rect">', '<a:prstGeom prst="roundRect">', xml)
    xml, unprinted = re.subn(r"<xdr:clientData/>", '<xdr:clientData fPrintsWithSheet="0"/>', xml)
    found = (renamed, boxes, rounded, unprinted)
    if found != (len(names),) * 4:
        raise ValueError(f"{DRAWING}: not the {len(names)} text boxes XlsxWriter writes: {found}")
    return xml


def write_lite(path: Path, *, replace: bool = True) -> Path:
    """Build and write the Lite workbook (atomically)."""
    data = build_lite()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, data, replace=replace)
    return path
