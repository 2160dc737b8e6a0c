"""A recording stand-in for the few xlwings objects the glue uses, backed by openpyxl.

It is the batch mode's ``OpenpyxlBook`` (the real workbook behind xlwings' calls) with
a recorder: every property read or write and every method on a Range or the App is one
*call* (``calls``); creating Sheet and Range objects is counted apart (``objects``). On
Windows each of both is a COM round trip into Excel.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from xl_sudoku.buttons.openpyxl_book import OpenpyxlBook


class Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.objects: list[str] = []


class StandInBook(OpenpyxlBook):
    """The built workbook at ``path``, its xlwings calls recorded."""

    def __init__(self, path: Path) -> None:
        self.recorder = Recorder()
        super().__init__(
            openpyxl.load_workbook(path, keep_vba=True),
            on_call=self.recorder.calls.append,
            on_object=self.recorder.objects.append,
        )
        self.path = path

    @property
    def calls(self) -> list[str]:
        return self.recorder.calls

    def reset(self) -> None:
        self.recorder.calls.clear()
        self.recorder.objects.clear()

    def save(self, path: Path) -> None:
        self.workbook.save(path)
