"""Where our answers may go: the cells of a sheet that are free (batch layer).

A cell is free only if nothing of the user's is in it or on it: no value, no format of
its own (nor of its row or column), no note or link, not inside a merged range, a
table, a pivot table, a data validation or a conditional format (including the
extension-list kinds openpyxl does not read), and not on a protected sheet. Empty but
formatted cells are someone's layout, not room.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from openpyxl.utils import range_boundaries
from openpyxl.worksheet.worksheet import Worksheet

Area = tuple[int, int, int, int]  # top, left, bottom, right (1-based, inclusive)

# the sqref of an extension list's data validation or conditional format (x14, xm:sqref)
_EXTENSION_SQREF: Final = re.compile(rb"<(?:\w+:)?sqref>([^<]*)</(?:\w+:)?sqref>")
_AFTER_DATA: Final = re.compile(rb"</(?:\w+:)?sheetData>")


class Room:
    """The free cells of one sheet (plus the cells we have claimed in this run)."""

    def __init__(self, sheet: Worksheet, part: bytes | None = None) -> None:
        self.protected = bool(sheet.protection.sheet)
        self.taken: set[tuple[int, int]] = set()
        for key, cell in sheet._cells.items():  # the cells that exist
            if (
                cell.value not in (None, "")
                or cell.has_style
                or cell.comment is not None
                or cell.hyperlink is not None
            ):
                self.taken.add(key)
        self.rows = {r for r, d in sheet.row_dimensions.items() if d.customFormat and d.s}
        self.columns: list[tuple[int, int]] = [
            (d.min or 0, d.max or 0)
            for d in sheet.column_dimensions.values()
            if d.has_style and d.min is not None
        ]
        self.areas: list[Area] = []
        self.areas += _areas(str(r) for r in sheet.merged_cells.ranges)
        for validation in sheet.data_validations.dataValidation:
            self.areas += _areas(str(validation.sqref).split())
        for formatting in sheet.conditional_formatting:
            self.areas += _areas(str(formatting.sqref).split())
        for table in sheet.tables.values():
            self.areas += _areas([table.ref])
        for pivot in sheet._pivots:  # type: ignore[attr-defined]  # not in the stubs
            self.areas += _areas([pivot.location.ref])
        if part is not None:  # what openpyxl leaves out: x14 validations and formats
            end = _AFTER_DATA.search(part)
            tail = part[end.end() :] if end else b""
            for match in _EXTENSION_SQREF.finditer(tail):
                self.areas += _areas(match.group(1).decode("utf-8", "replace").split())

    @classmethod
    def empty(cls) -> Room:
        """A sheet we add: nothing of the user's is on it."""
        room = cls.__new__(cls)
        room.protected = False
        room.taken, room.rows, room.columns, room.areas = set(), set(), [], []
        return room

    def free(self, top: int, left: int, height: int, width: int) -> bool:
        """True if every cell of the block is free."""
        if self.protected or top < 1 or left < 1:
            return False
        bottom, right = top + height - 1, left + width - 1
        if bottom > 1_048_576 or right > 16_384:
            return False
        if any(top <= r <= bottom for r in self.rows):
            return False
        if any(low <= right and left <= high for low, high in self.columns):
            return False
        for a_top, a_left, a_bottom, a_right in self.areas:
            if a_top <= bottom and top <= a_bottom and a_left <= right and left <= a_right:
                return False
        if len(self.taken) < height * width:
            return not any(top <= r <= bottom and left <= c <= right for r, c in self.taken)
        return not any(
            (r, c) in self.taken for r in range(top, bottom + 1) for c in range(left, right + 1)
        )

    def claim(self, top: int, left: int, height: int, width: int) -> None:
        """Our cells, written in this run: not free for the next answer."""
        self.claim_cells(
            (r, c) for r in range(top, top + height) for c in range(left, left + width)
        )

    def claim_cells(self, cells: Iterable[tuple[int, int]]) -> None:
        self.taken.update(cells)


def _areas(references: Iterable[str]) -> list[Area]:
    out = []
    for reference in references:
        text = reference.split("!")[-1].replace("$", "").strip()
        if not text:
            continue
        try:
            left, top, right, bottom = range_boundaries(text)
        except (ValueError, TypeError):
            continue
        out.append((top or 1, left or 1, bottom or 1_048_576, right or 16_384))
    return out
