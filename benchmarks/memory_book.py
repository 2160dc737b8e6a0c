"""An in-memory workbook with the defined names of ``sudoku.xlsm``, for timing clicks.

It answers the glue's few xlwings calls from a dict, instantly, so that a benchmark
measures the Python side of a click and none of a workbook's (or Excel's) own time. It
notes when the click first touched the book (``first_call``) and each status it showed
(``statuses``: the status bar set to a text, or the Status cell written), as
``(perf_counter, process_time)``: on Linux and Windows ``perf_counter`` is one clock for
every process, so a parent that started the click can tell how long the user waited.
"""

from __future__ import annotations

import time
from typing import Any

NAMES = {  # name: (top row, left column, rows, columns), 1-based, as in the workbook
    "Givens": (4, 2, 9, 9),
    "Work": (4, 12, 9, 9),
    "Status": (15, 3, 1, 1),
    "StatusCells": (15, 3, 6, 1),
    "StepCount": (17, 3, 1, 1),
    "Solutions": (19, 3, 1, 1),
    "Difficulty": (23, 4, 1, 1),
    "Settings": (23, 4, 14, 1),
    "StepLog": (2, 1, 5000, 5),
    "History": (1, 1, 26, 16),
}


#: the status cells: a write to one of these is a status shown
STATUS_NAMES = ("Status", "StatusCells")


def now() -> tuple[float, float]:
    """The wall clock (one for every process) and this process's CPU time."""
    return time.perf_counter(), time.process_time()


class MemoryBook:
    def __init__(self, puzzle: str) -> None:
        self.calls: list[str] = []
        self.cells: dict[str, Any] = {}
        self.values: dict[tuple[str, int, int], Any] = {}
        for i, ch in enumerate(puzzle):
            if ch not in ".0":
                self.values[("Sudoku", 4 + i // 9, 2 + i % 9)] = float(ch)
        self._app = _App(self)
        self.first_call: tuple[float, float] | None = None
        self.statuses: list[tuple[float, float, str]] = []  # wall, CPU, the text shown

    def touched(self) -> None:
        if self.first_call is None:
            self.first_call = now()

    def shown(self, text: object) -> None:
        # (an action that ends by emptying the status cells, as Clear does, shows that)
        self.statuses.append((*now(), "(status emptied)" if text in (None, "") else str(text)))

    @property
    def app(self) -> _App:
        self.touched()
        return self._app

    @property
    def sheets(self) -> dict[str, _Sheet]:
        self.touched()
        return {name: _Sheet(self, name) for name in ("Sudoku", "Steps", "History")}


class _App:
    def __init__(self, book: MemoryBook) -> None:
        self._book = book
        self._bar: object = False

    @property
    def status_bar(self) -> object:
        return self._bar

    @status_bar.setter
    def status_bar(self, value: object) -> None:
        self._book.calls.append("status_bar")
        if isinstance(value, str):
            self._book.shown(value)
        self._bar = value


class _Sheet:
    def __init__(self, book: MemoryBook, name: str) -> None:
        self._book = book
        self._name = name

    def range(self, cell1: str) -> _Range:
        if cell1 in NAMES:
            return _Range(self._book, self._name, cell1, NAMES[cell1])
        first = cell1.split(",", 1)[0].split(":", 1)[0]
        letters = "".join(ch for ch in first if ch.isalpha())
        digits = "".join(ch for ch in first if ch.isdigit())
        column = 0
        for letter in letters:
            column = column * 26 + ord(letter) - 64
        return _Range(self._book, self._name, cell1, (int(digits), column, 1, 1))


class _Range:
    def __init__(
        self, book: MemoryBook, sheet: str, name: str, area: tuple[int, int, int, int]
    ) -> None:
        """A range of ``sheet``: ``area`` is its top row, left column, rows and columns."""
        self._book, self._sheet, self._name = book, sheet, name
        self._top, self._left, self._rows, self._cols = area

    def options(self, **options: Any) -> _Range:
        """xlwings' read options: no error cells here, so the range itself."""
        return self

    @property
    def address(self) -> str:
        self._book.calls.append("address")
        return f"$A${self._top}:$A${self._top}".replace("A", _letters(self._left), 2)

    @property
    def value(self) -> Any:
        self._book.calls.append("value get")
        values = self._book.values
        rows = [
            [values.get((self._sheet, self._top + r, self._left + c)) for c in range(self._cols)]
            for r in range(self._rows)
        ]
        return rows[0][0] if self._rows == self._cols == 1 else rows

    @value.setter
    def value(self, data: Any) -> None:
        self._book.calls.append("value set")
        if self._name in STATUS_NAMES:
            self._book.shown(data if self._name == "Status" else data[0][0])
        self._book.cells[self._name] = data
        rows = data if isinstance(data, list) else [[data]]
        for r, row in enumerate(rows):
            for c, v in enumerate(row if isinstance(row, list) else [row]):
                self._book.values[(self._sheet, self._top + r, self._left + c)] = v

    @property
    def color(self) -> Any:
        return None

    @color.setter
    def color(self, colour: Any) -> None:
        self._book.calls.append("color")

    def clear_contents(self) -> None:
        self._book.calls.append("clear_contents")


def _letters(column: int) -> str:
    name = ""
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(65 + rest) + name
    return name
