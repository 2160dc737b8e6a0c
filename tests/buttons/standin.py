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

from pathlib import Path

import openpyxl

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
