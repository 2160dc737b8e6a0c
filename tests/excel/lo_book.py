"""A LibreOffice Calc document behind the few xlwings calls the buttons make (tests).

Run under Debian's own python3 (it has ``uno``), in the test's worker process
(``lo_worker.py``) or inside the office itself (``lo_runpython.py``, through the Python
script provider). It answers as xlwings does on Windows, through UNO:

- ``book.sheets[name].range(text)``: a defined name (``doc.NamedRanges``; one of another
  sheet is refused, as Excel's ``Worksheet.Range`` refuses it) or an address, several
  areas too (``L4:N4,P5``: Calc's ``getCellRangeByName`` takes one area, so the areas are
  resolved one by one), up to 255 characters;
- ``.value``: the first area's values as xlwings reads them (numbers as floats, an empty
  cell as None, one cell as a scalar, one row or column as a list, else rows); written
  from the first cell, as many rows and columns as the data has (``setDataArray``: empty
  strings for None, which Calc stores as empty cells);
- ``.color``: ``CellBackColor`` (-1 is no fill), read as an RGB tuple, written to every
  area; ``.clear_contents()``: values, strings, formulas and dates, formats kept;
- ``book.app.status_bar``: recorded (``status_history``), as a desktop Excel's;
  ``book.app.engine.name`` is ``"excel"``.

``calls`` counts the calls a button makes, as the recording stand-in does.
"""

from __future__ import annotations

import re
from typing import Any

import uno  # type: ignore[import-not-found]

from tests.buttons.sequences import fills_from_codes

MAX_ADDRESS = 255
AREA = re.compile(r"\$?[A-Z]{1,3}\$?\d+(:\$?[A-Z]{1,3}\$?\d+)?")
#: com.sun.star.sheet.CellFlags VALUE | DATETIME | STRING | FORMULA: contents, not formats
CONTENTS = 1 | 2 | 4 | 16


class EngineName:
    name = "excel"


class LoApp:
    """The application: an engine's name and a status bar, recorded."""

    def __init__(self, book: LoBook) -> None:
        self._book = book
        self.engine = EngineName()
        self._status_bar: object = False
        self.status_history: list[object] = []

    @property
    def status_bar(self) -> object:
        self._book.calls.append("App.status_bar get")
        return self._status_bar

    @status_bar.setter
    def status_bar(self, value: object) -> None:
        self._book.calls.append(f"App.status_bar = {value!r}")
        self._status_bar = value
        self.status_history.append(value)


class LoBook:
    """``xw.Book`` as far as the buttons go: ``sheets[name]``, ``app``, ``fullname``."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.calls: list[str] = []
        self.app = LoApp(self)

    @property
    def sheets(self) -> LoSheets:
        return LoSheets(self)

    @property
    def fullname(self) -> str:
        path: str = uno.fileUrlToSystemPath(self.doc.URL)
        return path

    def fills(self, name: str) -> list[str | None]:
        """The fills the grid a defined name covers shows, row by row, as ``RRGGBB``: its
        codes in the ``Colours`` block (``fills_from_codes``), or in a workbook without
        the block its cells' own fills (LibreOffice's own rendering of the rules is
        checked on its pictures: tests/excel/test_calc.py)."""
        if self.doc.NamedRanges.hasByName("Colours"):
            codes = self.doc.NamedRanges.getByName("Colours").getReferredCells()
            return fills_from_codes([list(row) for row in codes.getDataArray()], name)
        block = self.doc.NamedRanges.getByName(name).getReferredCells()
        address = block.getRangeAddress()
        rows = address.EndRow - address.StartRow + 1
        columns = address.EndColumn - address.StartColumn + 1
        found: list[str | None] = []
        for row in range(rows):
            for column in range(columns):
                colour = block.getCellByPosition(column, row).CellBackColor
                found.append(None if colour == -1 else f"{colour:06X}")
        return found


class LoSheets:
    def __init__(self, book: LoBook) -> None:
        self._book = book

    def __getitem__(self, name: str) -> LoSheet:
        if not self._book.doc.Sheets.hasByName(name):
            raise KeyError(f"no sheet {name!r}")
        return LoSheet(self._book, name)


class LoSheet:
    def __init__(self, book: LoBook, name: str) -> None:
        self._book = book
        self.name = name
        self._sheet = book.doc.Sheets.getByName(name)
        self._index = list(book.doc.Sheets.ElementNames).index(name)

    def range(self, text: str) -> LoRange:
        names = self._book.doc.NamedRanges
        if names.hasByName(text):
            block = names.getByName(text).getReferredCells()
            if block is None or block.getRangeAddress().Sheet != self._index:
                raise ValueError(f"{text!r} names cells of another sheet than {self.name!r}")
            return LoRange(self._book, self._sheet, [block], text)
        if len(text) > MAX_ADDRESS:
            raise ValueError(f"Excel's Range() refuses addresses over 255 characters: {len(text)}")
        parts = text.split(",")
        if not all(AREA.fullmatch(part) for part in parts):
            raise ValueError(f"not an address Excel would take: {text!r}")
        areas = [self._sheet.getCellRangeByName(part.replace("$", "")) for part in parts]
        return LoRange(self._book, self._sheet, areas, text)


def _as_xlwings(value: object) -> object:
    """Calc's cell value as xlwings reads it: numbers are floats, an empty cell None."""
    if value == "":
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


def _as_calc(value: object) -> object:
    """A value as ``setDataArray`` takes it: numbers as floats, None as an empty string."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    return str(value)


class LoRange:
    def __init__(self, book: LoBook, sheet: Any, areas: list[Any], text: str) -> None:
        self._book = book
        self._sheet = sheet
        self._areas = areas
        self._text = text

    def _call(self, what: str) -> None:
        self._book.calls.append(f"Range({self._text!r}).{what}")

    def options(self, **options: Any) -> LoRange:
        """xlwings' read options (``err_to_str``): Calc hands an error cell's text or
        nothing, as it stands; the range itself."""
        return self

    @property
    def address(self) -> str:
        self._call("address")
        parts = []
        for area in self._areas:
            a = area.getRangeAddress()
            first = f"${_column(a.StartColumn + 1)}${a.StartRow + 1}"
            last = f"${_column(a.EndColumn + 1)}${a.EndRow + 1}"
            parts.append(first if first == last else f"{first}:{last}")
        return ",".join(parts)

    @property
    def value(self) -> Any:
        self._call("value get")
        rows = [[_as_xlwings(v) for v in row] for row in self._areas[0].getDataArray()]
        if len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        if len(rows) == 1:
            return rows[0]
        if all(len(row) == 1 for row in rows):
            return [row[0] for row in rows]
        return rows

    @value.setter
    def value(self, data: Any) -> None:
        self._call(f"value = {data!r}")
        if not isinstance(data, list | tuple):
            data = [[data]]
        elif data and not isinstance(data[0], list | tuple):
            data = [list(data)]
        if not data:
            return
        top = self._areas[0].getRangeAddress()
        width = max(len(row) for row in data)
        block = self._sheet.getCellRangeByPosition(
            top.StartColumn, top.StartRow, top.StartColumn + width - 1, top.StartRow + len(data) - 1
        )
        rows = [[_as_calc(v) for v in row] + [""] * (width - len(row)) for row in data]
        block.setDataArray(tuple(tuple(row) for row in rows))

    @property
    def color(self) -> Any:
        self._call("color get")
        colour = self._areas[0].getCellByPosition(0, 0).CellBackColor
        if colour == -1:
            return None
        return (colour >> 16 & 255, colour >> 8 & 255, colour & 255)

    @color.setter
    def color(self, colour: Any) -> None:
        self._call(f"color = {colour!r}")
        for area in self._areas:
            if colour is None:
                area.CellBackColor = -1
                area.IsCellBackgroundTransparent = True
            else:
                red, green, blue = colour
                area.CellBackColor = red << 16 | green << 8 | blue

    def clear_contents(self) -> None:
        self._call("clear_contents()")
        for area in self._areas:
            area.clearContents(CONTENTS)


def _column(number: int) -> str:
    name = ""
    while number:
        number, rest = divmod(number - 1, 26)
        name = chr(65 + rest) + name
    return name
