"""A recording stand-in for the few xlwings objects the glue uses, backed by openpyxl.

It opens the real built workbook, resolves defined names and addresses (several areas
too: ``L4:N4,P5``) as Excel does, reads values as xlwings returns them (numbers as
floats, a single cell as a scalar, a block as rows), and writes values and fills into
the file, which can then be saved and rendered by LibreOffice.

Every property read or write and every method on a Range or the App is one *call*
(``calls``); creating Sheet and Range objects is counted apart (``objects``). On Windows
each of both is a COM round trip into Excel.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import PatternFill
from openpyxl.utils import column_index_from_string, get_column_letter, range_boundaries


class Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.objects: list[str] = []


class StandInApp:
    def __init__(self, recorder: Recorder) -> None:
        self._recorder = recorder
        self._status_bar: object = False
        self.status_history: list[object] = []

    @property
    def status_bar(self) -> object:
        self._recorder.calls.append("App.status_bar get")
        return self._status_bar

    @status_bar.setter
    def status_bar(self, value: object) -> None:
        self._recorder.calls.append(f"App.status_bar = {value!r}")
        self._status_bar = value
        self.status_history.append(value)


class StandInBook:
    """``xw.Book`` as far as the glue goes: ``sheets[name]`` and ``app``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.workbook = openpyxl.load_workbook(path, keep_vba=True)
        self.recorder = Recorder()
        self._app = StandInApp(self.recorder)

    @property
    def app(self) -> StandInApp:
        return self._app

    @property
    def sheets(self) -> StandInSheets:
        return StandInSheets(self)

    @property
    def calls(self) -> list[str]:
        return self.recorder.calls

    def reset(self) -> None:
        self.recorder.calls.clear()
        self.recorder.objects.clear()

    def save(self, path: Path) -> None:
        self.workbook.save(path)


class StandInSheets:
    def __init__(self, book: StandInBook) -> None:
        self._book = book

    def __getitem__(self, name: str) -> StandInSheet:
        self._book.recorder.objects.append(f"Sheets({name!r})")
        return StandInSheet(self._book, name)


class StandInSheet:
    def __init__(self, book: StandInBook, name: str) -> None:
        self._book = book
        self.name = name

    def range(self, cell1: str) -> StandInRange:
        self._book.recorder.objects.append(f"Range({cell1!r})")
        return StandInRange(self._book, *self._resolve(cell1), cell1)

    def _resolve(self, text: str) -> tuple[str, list[tuple[int, int, int, int]]]:
        """(sheet name, areas as (min_col, min_row, max_col, max_row)) of a name or address."""
        names = self._book.workbook.defined_names
        if text in names:
            destinations = list(names[text].destinations)
            sheet = destinations[0][0]
            return sheet, [range_boundaries(ref.replace("$", "")) for _, ref in destinations]  # type: ignore[misc]
        areas = []
        for part in text.split(","):
            if not re.fullmatch(r"\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?", part):
                raise ValueError(f"Excel would refuse the address {text!r}")
            areas.append(range_boundaries(part.replace("$", "")))
        if len(text) > 255:
            raise ValueError(f"Excel's Range() refuses addresses over 255 characters: {len(text)}")
        return self.name, areas  # type: ignore[return-value]


class StandInRange:
    def __init__(
        self, book: StandInBook, sheet: str, areas: list[tuple[int, int, int, int]], text: str
    ) -> None:
        self._book = book
        self._sheet = book.workbook[sheet]
        self._areas = areas
        self._text = text

    def _call(self, what: str) -> None:
        self._book.recorder.calls.append(f"Range({self._text!r}).{what}")

    def _cells(self) -> list[Any]:
        return [
            self._sheet.cell(row, col)
            for min_col, min_row, max_col, max_row in self._areas
            for row in range(min_row, max_row + 1)
            for col in range(min_col, max_col + 1)
        ]

    @property
    def address(self) -> str:
        self._call("address")
        parts = []
        for min_col, min_row, max_col, max_row in self._areas:
            first = f"${get_column_letter(min_col)}${min_row}"
            last = f"${get_column_letter(max_col)}${max_row}"
            parts.append(first if first == last else f"{first}:{last}")
        return ",".join(parts)

    @property
    def value(self) -> Any:
        self._call("value get")
        min_col, min_row, max_col, max_row = self._areas[0]
        rows = [
            [_as_xlwings(self._sheet.cell(r, c).value) for c in range(min_col, max_col + 1)]
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
        self._call("value =")
        min_col, min_row, _, _ = self._areas[0]
        if not isinstance(data, list | tuple):
            data = [[data]]
        elif data and not isinstance(data[0], list | tuple):
            data = [list(data)]
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                self._sheet.cell(min_row + i, min_col + j).value = value

    @property
    def color(self) -> Any:
        self._call("color get")
        fill = self._cells()[0].fill
        return None if fill.fill_type is None else fill.fgColor.rgb

    @color.setter
    def color(self, colour: Any) -> None:
        self._call(f"color = {colour!r}")
        rgb = None if colour is None else "{:02X}{:02X}{:02X}".format(*colour)
        fill = PatternFill() if rgb is None else PatternFill("solid", fgColor=rgb)
        for cell in self._cells():
            cell.fill = fill

    def clear_contents(self) -> None:
        self._call("clear_contents()")
        for cell in self._cells():
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


def column(letter: str) -> int:
    return column_index_from_string(letter)
