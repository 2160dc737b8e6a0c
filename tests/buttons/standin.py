"""A recording stand-in for the few xlwings objects the glue uses, backed by openpyxl,
answering as one engine does (``tests/buttons/engines.py``: Windows, macOS, remote).

It is the batch mode's ``OpenpyxlBook`` (the real workbook behind xlwings' calls) with
a recorder: every property read or write and every method on a Range or the App is one
*call* (``calls``); creating Sheet and Range objects is counted apart (``objects``). On
Windows each of both is a COM round trip into Excel. The engine decides what an address
given to ``sheet.range`` reaches (the text whole, its part before the first ``:``, or one
rectangle), what ``book.app.engine.name`` answers, and whether the App has a status bar
(the remote engine's raises ``NotImplementedError``, as xlwings' does).
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
from openpyxl.utils import range_boundaries
from openpyxl.worksheet.worksheet import Worksheet

from tests.buttons.engines import NO_STATUS_BAR, WINDOWS, Engine
from xl_sudoku.buttons.openpyxl_book import OpenpyxlApp, OpenpyxlBook, OpenpyxlRange, OpenpyxlSheet


class Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.objects: list[str] = []


class EngineName:
    """xlwings' ``app.engine``: only its name."""

    def __init__(self, name: str) -> None:
        self.name = name


class StandInApp(OpenpyxlApp):
    """The App of one engine: its engine's name, and a status bar if the engine has one."""

    def __init__(self, book: StandInBook) -> None:
        super().__init__(book)
        self.engine = EngineName(book.engine.app_engine)
        self._has_status_bar = book.engine.status_bar

    @property
    def status_bar(self) -> object:
        if not self._has_status_bar:
            raise NotImplementedError(NO_STATUS_BAR)
        return OpenpyxlApp.status_bar.fget(self)  # type: ignore[attr-defined]

    @status_bar.setter
    def status_bar(self, value: object) -> None:
        if not self._has_status_bar:
            raise NotImplementedError(NO_STATUS_BAR)
        OpenpyxlApp.status_bar.fset(self, value)  # type: ignore[attr-defined]


class StandInSheets:
    def __init__(self, book: StandInBook) -> None:
        self._book = book

    def __getitem__(self, name: str) -> StandInSheet:
        self._book.on_object(f"Sheets({name!r})")
        if name not in self._book.workbook.sheetnames:
            raise KeyError(name)  # as xlwings' Sheets raise
        return StandInSheet(self._book, name)


class StandInSheet(OpenpyxlSheet):
    """A sheet whose ``range(text)`` reaches what the engine hands the spreadsheet."""

    _book: StandInBook

    def range(self, cell1: str) -> OpenpyxlRange:
        self._book.on_object(f"Range({cell1!r})")
        sheet, areas = self._resolve(self._book.engine.read(cell1))
        return OpenpyxlRange(self._book, sheet, areas, cell1)


class StandInBook(OpenpyxlBook):
    """The built workbook at ``path``, its xlwings calls recorded, as ``engine`` answers."""

    def __init__(self, path: Path, engine: Engine = WINDOWS) -> None:
        self.recorder = Recorder()
        self.engine = engine
        super().__init__(
            openpyxl.load_workbook(path, keep_vba=True),
            on_call=self.recorder.calls.append,
            on_object=self.recorder.objects.append,
        )
        self._app = StandInApp(self)
        self.path = path

    @property
    def app(self) -> StandInApp:
        """The App (on Windows asking for it is a COM round trip: counted as an object)."""
        self.on_object("App")
        assert isinstance(self._app, StandInApp)
        return self._app

    @property
    def sheets(self) -> StandInSheets:  # type: ignore[override]
        return StandInSheets(self)

    @property
    def calls(self) -> list[str]:
        return self.recorder.calls

    def reset(self) -> None:
        self.recorder.calls.clear()
        self.recorder.objects.clear()

    def save(self, path: Path) -> None:
        self.workbook.save(path)


#: a colour rule's formula: a cell of the ``Colours`` block equal to a code (``AL4=3``)
CODE_RULE = re.compile(r"^\$?([A-Z]+)\$?(\d+)=(\d+)$")


def shown_fills(sheet: Worksheet, top_left: str) -> list[str | None]:
    """The fills the 9x9 grid at ``top_left`` shows, row by row, as ``RRGGBB``: for each
    cell the first of the sheet's own conditional formats (by priority) of the buttons'
    kind (``AL4=3``: a code cell equal to a number), shifted to the cell as Excel shifts
    a relative reference, that holds; else the cell's own fill (a workbook older than the
    ``Colours`` block). The duplicate checks' rules are not read."""
    rules = []
    for formatting in sheet.conditional_formatting:
        areas = [range_boundaries(str(area)) for area in formatting.sqref.ranges]
        for rule in formatting.rules:
            match = CODE_RULE.match(rule.formula[0]) if rule.formula else None
            if match is None or rule.dxf is None or rule.dxf.fill is None:
                continue
            column = openpyxl.utils.column_index_from_string(match.group(1))
            colour = rule.dxf.fill.bgColor.rgb
            for min_col, min_row, max_col, max_row in areas:
                shift = (int(match.group(2)) - min_row, column - min_col)  # type: ignore[operator]
                rules.append(
                    (
                        rule.priority,
                        (min_col, min_row, max_col, max_row),
                        shift,
                        int(match.group(3)),
                        colour,
                    )
                )
    rules.sort(key=lambda rule: rule[0])
    start = sheet[top_left]
    shown: list[str | None] = []
    for r in range(start.row, start.row + 9):
        for c in range(start.column, start.column + 9):
            fill = next(
                (
                    str(colour)[-6:]
                    for _, (min_col, min_row, max_col, max_row), (dr, dc), code, colour in rules
                    if min_col <= c <= max_col  # type: ignore[operator]
                    and min_row <= r <= max_row  # type: ignore[operator]
                    and sheet.cell(r + dr, c + dc).value == code
                ),
                None,
            )
            own = sheet.cell(r, c).fill
            if fill is None and own.fill_type is not None:
                fill = str(own.fgColor.rgb)[-6:]
            shown.append(fill)
    return shown
