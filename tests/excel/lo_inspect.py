"""Open a workbook in LibreOffice (headless, through UNO) and report what it sees, as JSON.

Run with the system Python that has ``uno`` (Debian's python3-uno), not the venv:

    /usr/bin/python3 tests/excel/lo_inspect.py WORKBOOK [PDF]

Reports the VBA modules LibreOffice imported (names and sources), each form button's
label and the macro bound to it, the sheets, what each ``SUDOKU_*`` formula of the
Functions sheet shows there (LibreOffice cannot call xlwings), and (with PDF) exports
the workbook there.
"""

import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, by Debian's python3

import uno  # type: ignore[import-not-found]  # noqa: E402

from tests.lo_office import office, prop  # noqa: E402


def formulas(sheet: Any) -> list[dict[str, str]]:
    """Each formula cell of the sheet's used area: its address, formula and what it shows."""
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    end = cursor.getRangeAddress()
    found = []
    for row in range(end.EndRow + 1):
        for col in range(end.EndColumn + 1):
            cell = sheet.getCellByPosition(col, row)
            if cell.getType().value == "FORMULA":
                found.append(
                    {
                        "cell": cell.AbsoluteName,
                        "formula": cell.getFormula(),
                        "shown": cell.getString(),
                    }
                )
    return found


def main(path: str, pdf: str | None = None) -> None:
    with office("xlsudoku") as desktop:
        url = uno.systemPathToFileUrl(os.path.abspath(path))
        doc = desktop.loadComponentFromURL(
            url,
            "_blank",
            0,
            (
                prop("Hidden", True),
                prop("FilterName", "Calc MS Excel 2007 VBA XML"),
                prop("MacroExecutionMode", 0),
            ),
        )
        modules: dict[str, str] = {}
        buttons: list[dict[str, object]] = []
        report: dict[str, object] = {
            "sheets": list(doc.Sheets.ElementNames),
            "modules": modules,
            "buttons": buttons,
            "formulas": formulas(doc.Sheets.getByName("Functions")),
        }
        libraries = doc.BasicLibraries
        if libraries.hasByName("VBAProject"):
            library = libraries.getByName("VBAProject")
            for name in library.ElementNames:
                modules[name] = library.getByName(name)
        for sheet_name in doc.Sheets.ElementNames:
            forms = doc.Sheets.getByName(sheet_name).DrawPage.Forms
            for f in range(forms.Count):
                form = forms.getByIndex(f)
                for i in range(form.Count):
                    control = form.getByIndex(i)
                    events = form.getScriptEvents(i)
                    buttons.append(
                        {
                            "sheet": sheet_name,
                            "label": getattr(control, "Label", ""),
                            "events": [e.ScriptCode for e in events],
                        }
                    )
        if pdf:
            doc.storeToURL(
                uno.systemPathToFileUrl(os.path.abspath(pdf)),
                (prop("FilterName", "calc_pdf_Export"),),
            )
        doc.close(True)
        print(json.dumps(report))


if __name__ == "__main__":
    main(*sys.argv[1:])
