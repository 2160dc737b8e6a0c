"""An openpyxl workbook behind the few xlwings calls the buttons make (buttons layer).

With it, batch mode runs the very code the workbook's Solve button runs
(``xl_sudoku.buttons``) on a file, without Excel, and the tests run every button:
defined names and addresses (several areas too, ``L4:N4,P5``) resolve as Excel resolves
them, values read as xlwings returns them (numbers as floats, one cell as a scalar, a
block as rows), and values and fills are written into the file. ``on_call`` sees every
property read or write (a write with the value written) and every method, which is how
tests count the calls a button would make into Excel and read what it wrote.
``on_value`` and ``on_fill`` hear every cell value and fill written (sheet, row, column,
and the value, or the colour as ``"RRGGBB"`` or None), for batch mode's package writer
to apply. Only batch mode and the tests import this module
(it needs openpyxl).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from openpyxl.styles import PatternFill
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook

from ..core.colours import hex_code

Area = tuple[int, int, int, int]  # min_col, min_row, max_col, max_row (1-based)
MAX_ADDRESS = 255


class OpenpyxlBook:
    """``xw.Book`` as far as the glue goes: ``sheets[name]`` and ``app``."""

    def __init__(
        self,
        workbook: Workbook,
        on_call: Callable[[str], None] | None = None,
        on_object: Callable[[str], None] | None = None,
        on_value: Callable[[str, int, int, object], None] | None = None,
        on_fill: Callable[[str, int, int, str | None], None] | None = None,
    ) -> None:
        self.workbook = workbook
        self.on_value = on_value or (lambda *_: None)
        self.on_fill = on_fill or (lambda *_: None)
        self.on_call = on_call or (lambda _: None)
        self.on_object = on_object or (lambda _: None)
        self._app = OpenpyxlApp(self)

    @property
    def app(self) -> OpenpyxlApp:
        return self._app

    @property
    def sheets(self) -> OpenpyxlSheets:
        return OpenpyxlSheets(self)

    @property
    def names(self) -> OpenpyxlNames:
        return OpenpyxlNames(self)


class OpenpyxlApp:
    """The application: only a status bar, which a file does not have."""

    def __init__(self, book: OpenpyxlBook) -> None:
        self._book = book
        self._status_bar: object = False
        self.status_history: list[object] = []

    @property
    def status_bar(self) -> object:
        self._book.on_call("App.status_bar get")
        return self._status_bar

    @status_bar.setter
    def status_bar(self, value: object) -> None:
        self._book.on_call(f"App.status_bar = {value!r}")
        self._status_bar = value
        self.status_history.append(value)


class OpenpyxlSheets:
    def __init__(self, book: OpenpyxlBook) -> None:
        self._book = book

    def __getitem__(self, name: str) -> OpenpyxlSheet:
        self._book.on_object(f"Sheets({name!r})")
        if name not in self._book.workbook.sheetnames:
            raise KeyError(name)  # as xlwings' Sheets raise for a sheet not there
        return OpenpyxlSheet(self._book, name)


class OpenpyxlNames:
    """``book.names[name].refers_to_range``: the range a defined name refers to."""

    def __init__(self, book: OpenpyxlBook) -> None:
        self._book = book

    def __getitem__(self, name: str) -> OpenpyxlName:
        if name not in self._book.workbook.defined_names:
            raise KeyError(name)
        return OpenpyxlName(self._book, name)


class OpenpyxlName:
    def __init__(self, book: OpenpyxlBook, name: str) -> None:
        self._book = book
        self.name = name

    @property
    def refers_to_range(self) -> OpenpyxlRange:
        sheet, _ = next(iter(self._book.workbook.defined_names[self.name].destinations))
        return OpenpyxlSheet(self._book, sheet).range(self.name)


class OpenpyxlSheet:
    def __init__(self, book: OpenpyxlBook, name: str) -> None:
        self._book = book
        self.name = name

    def range(self, cell1: str) -> OpenpyxlRange:
        self._book.on_object(f"Range({cell1!r})")
        sheet, areas = self._resolve(cell1)
        return OpenpyxlRange(self._book, sheet, areas, cell1)

    def _resolve(self, text: str) -> tuple[str, list[Area]]:
        """The sheet and areas of a defined name or an address."""
        names = self._book.workbook.defined_names
        if text in names:
            destinations = list(names[text].destinations)
            if any(sheet != self.name for sheet, _ in destinations):
                # Excel's Worksheet.Range refuses a name of another sheet's cells
                raise ValueError(f"{text!r} names cells of another sheet than {self.name!r}")
            areas = [_area(ref) for _, ref in destinations]
            return self.name, areas
        if len(text) > MAX_ADDRESS:
            raise ValueError(f"Excel's Range() refuses addresses over 255 characters: {len(text)}")
        areas = []
        for part in text.split(","):
            if not re.fullmatch(r"\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?", part):
                raise ValueError(f"not an address Excel would take: {text!r}")
            areas.append(_area(part))
        return self.name, areas


def _area(reference: str) -> Area:
    bounds = range_boundaries(reference.replace("$", ""))
    if any(b is None for b in bounds):
        raise ValueError(f"not a block of cells: {reference!r}")
    return bounds  # type: ignore[return-value]


class OpenpyxlRange:
    def __init__(self, book: OpenpyxlBook, sheet: str, areas: list[Area], text: str) -> None:
        self._book = book
        self._sheet = book.workbook[sheet]
        self._areas = areas
        self._text = text
        self._errors = False  # xlwings' err_to_str: an error cell read as its text

    def options(self, **options: Any) -> OpenpyxlRange:
        """The range read as xlwings reads it with these options (``err_to_str`` only;
        no call into Excel: xlwings makes the new Range in Python)."""
        found = OpenpyxlRange(self._book, self._sheet.title, self._areas, self._text)
        found._errors = bool(options.get("err_to_str", False))
        return found

    def _call(self, what: str) -> None:
        self._book.on_call(f"Range({self._text!r}).{what}")

    def _cells(self) -> list[Any]:
        return [
            self._sheet.cell(row, col)
            for min_col, min_row, max_col, max_row in self._areas
            for row in range(min_row, max_row + 1)
            for col in range(min_col, max_col + 1)
        ]

    @property
    def sheet(self) -> OpenpyxlSheet:
        return OpenpyxlSheet(self._book, self._sheet.title)

    @property
    def address(self) -> str:
        self._call("address")
        parts = []
        for min_col, min_row, max_col, max_row in self._areas:
            first = f"${get_column_letter(min_col)}${min_row}"
            last = f"${get_column_letter(max_col)}${max_row}"
            parts.append(first if first == last else f"{first}:{last}")
        return ",".join(parts)

    def _read(self, cell: Any) -> Any:
        """A cell's value as xlwings gives it: an error (``#N/A``) None, unless read with
        ``err_to_str``."""
        if cell.data_type == "e" and not self._errors:
            return None
        return _as_xlwings(cell.value)

    @property
    def value(self) -> Any:
        self._call("value get")
        min_col, min_row, max_col, max_row = self._areas[0]
        rows = [
            [self._read(self._sheet.cell(r, c)) for c in range(min_col, max_col + 1)]
            for r in range(min_row, max_row + 1)
        ]
        if len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        if len(rows) == 1:
            return rows[0]
        if all(len(r) == 1 for r in rows):
            return [r[0] for r in rows]
        return rows

    @value.setter
    def value(self, data: Any) -> None:
        self._call(f"value = {data!r}")
        min_col, min_row, _, _ = self._areas[0]
        if not isinstance(data, list | tuple):
            data = [[data]]
        elif data and not isinstance(data[0], list | tuple):
            data = [list(data)]
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                self._sheet.cell(min_row + i, min_col + j).value = value
                self._book.on_value(self._sheet.title, min_row + i, min_col + j, value)

    @property
    def color(self) -> Any:
        self._call("color get")
        fill = self._cells()[0].fill
        return None if fill.fill_type is None else fill.fgColor.rgb

    @color.setter
    def color(self, colour: Any) -> None:
        self._call(f"color = {colour!r}")
        fill = PatternFill() if colour is None else PatternFill("solid", fgColor=hex_code(colour))
        shown = None if colour is None else hex_code(colour)
        for cell in self._cells():
            cell.fill = fill
            self._book.on_fill(self._sheet.title, cell.row, cell.column, shown)

    def clear_contents(self) -> None:
        self._call("clear_contents()")
        for cell in self._cells():
            if cell.value is not None:
                self._book.on_value(self._sheet.title, cell.row, cell.column, None)
            cell.value = None


def _as_xlwings(value: Any) -> Any:
    """xlwings returns every number as a float, and empty strings as None."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    if value == "":
        return None
    return value
