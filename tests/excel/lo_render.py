"""Print a workbook's first sheet as a person sees it on screen, with LibreOffice (UNO).

Run with the system Python that has ``uno`` (Debian's python3-uno), not the venv:

    /usr/bin/python3 tests/excel/lo_render.py WORKBOOK PDF [EXTRA_COLUMNS]

The sheet's form buttons (and shapes) are made printable (the workbook's own print leaves them out),
and its page is set to the size of what it shows at 100% — its print area, or else its
used area and EXTRA_COLUMNS empty columns for text that runs on into them — with
no header, footer or scaling. (A print scaled to fit draws the buttons smaller but not
their labels: only at 100% does a button's label look as it does on screen.) The sheet's
page goes to PDF, the file itself is not saved.
"""

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, by Debian's python3

import uno  # type: ignore[import-not-found]  # noqa: E402

from tests.lo_office import office, prop  # noqa: E402

MARGIN = 500  # 1/100 mm: 5 mm round the sheet


def shown_range(sheet: Any, extra: int) -> Any:
    """The sheet's print area, or else its used area and ``extra`` columns."""
    areas = sheet.getPrintAreas()
    if areas:
        area = areas[0]
        return sheet.getCellRangeByPosition(
            area.StartColumn, area.StartRow, area.EndColumn, area.EndRow
        )
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    end = cursor.getRangeAddress()
    return sheet.getCellRangeByPosition(0, 0, end.EndColumn + extra, end.EndRow)


def render(doc: Any, pdf: str, extra: int) -> None:
    sheet = doc.Sheets.getByIndex(0)
    page = sheet.DrawPage
    for i in range(page.Count):
        shape = page.getByIndex(i)
        if shape.supportsService("com.sun.star.drawing.ControlShape"):
            shape.getControl().Printable = True
        elif shape.getPropertySetInfo().hasPropertyByName("Printable"):
            shape.Printable = True  # the Lite workbook's buttons: drawn shapes
    shown = shown_range(sheet, extra)
    sheet.setPrintAreas((shown.getRangeAddress(),))
    style = doc.StyleFamilies.getByName("PageStyles").getByName(sheet.PageStyle)
    width = shown.Size.Width + 2 * MARGIN
    height = shown.Size.Height + 2 * MARGIN
    style.HeaderIsOn = False
    style.FooterIsOn = False
    style.ScaleToPages = 0
    style.ScaleToPagesX = 0
    style.ScaleToPagesY = 0
    style.PageScale = 100
    style.CenterHorizontally = False
    style.CenterVertically = False
    style.IsLandscape = width > height
    style.Width, style.Height = width, height
    for side in ("LeftMargin", "RightMargin", "TopMargin", "BottomMargin"):
        setattr(style, side, MARGIN)
    filters = uno.Any("[]com.sun.star.beans.PropertyValue", (prop("PageRange", "1"),))
    doc.storeToURL(
        uno.systemPathToFileUrl(os.path.abspath(pdf)),
        (prop("FilterName", "calc_pdf_Export"), prop("FilterData", filters)),
    )


def main(path: str, pdf: str, extra_columns: str = "0") -> None:
    with office("xlsudokurender", tries=150) as desktop:
        doc = desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(os.path.abspath(path)),
            "_blank",
            0,
            (prop("Hidden", True), prop("MacroExecutionMode", 0)),
        )
        try:
            render(doc, pdf, int(extra_columns))
        finally:
            doc.close(True)


if __name__ == "__main__":
    main(*sys.argv[1:])
