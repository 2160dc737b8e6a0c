"""A built workbook as Office.js would hand it to xlwings Lite, for ``office.Excel``:
every cell's value (a formula's cached one), the solid fills, the defined names (tests,
CPython: openpyxl)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl


def workbook_json(path: Path) -> dict[str, Any]:
    book = openpyxl.load_workbook(path, data_only=True)
    sheets = []
    for sheet in book.worksheets:
        cells, fills = [], []
        for row in sheet.iter_rows():
            for cell in row:
                if cell.value is not None:
                    cells.append([cell.row, cell.column, cell.value])
                if cell.fill.fill_type == "solid":
                    fills.append([cell.row, cell.column, str(cell.fill.fgColor.rgb)[-6:]])
        sheets.append({"name": sheet.title, "cells": cells, "fills": fills})
    names = {}
    for name, defined in book.defined_names.items():
        sheet, address = next(iter(defined.destinations))
        names[name] = [sheet, address]
    return {"sheets": sheets, "names": names}
