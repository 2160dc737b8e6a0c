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

_CELL: Final = re.compile(rb"<(?:\w+:)?c\s([^>]*?)/?>")
_ATTRIBUTE: Final = re.compile(rb'\b(r|s)="([^"]*)"')
_COL: Final = re.compile(rb"<(?:\w+:)?col\s([^>]*?)/?>")
_COL_ATTRIBUTE: Final = re.compile(rb'\b(min|max|style)="([^"]*)"')
# the sqref of an extension list's data validation or conditional format (x14, xm:sqref)
_EXTENSION_SQREF: Final = re.compile(rb"<(?:\w+:)?sqref>([^<]*)</(?:\w+:)?sqref>")
_AFTER_DATA: Final = re.compile(rb"</(?:\w+:)?sheetData>")


class Room:
    """The free cells of one sheet (plus the cells we have claimed in this run)."""

    def __init__(
        self, sheet: Worksheet, part: bytes | None = None, plain: frozenset[int] = frozenset({0})
    ) -> None:
        """``part`` is the sheet's XML, ``plain`` the cell formats that look like the
        workbook's default (format 0; LibreOffice gives every cell a format, most of them
        plain)."""
        self.protected = bool(sheet.protection.sheet)
        self.taken: set[tuple[int, int]] = set()
        for key, cell in sheet._cells.items():  # the cells that exist
            if (
                cell.value not in (None, "")
                or cell.comment is not None
                or cell.hyperlink is not None
                or (part is None and cell.has_style)
            ):
                self.taken.add(key)
        self.columns: list[tuple[int, int]] = []
        if part is not None:
            self.taken |= _styled_cells(part, plain)
            self.columns = _styled_columns(part, plain)
        self.rows = {
            r for r, d in sheet.row_dimensions.items() if d.customFormat and d.s not in plain
        }
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
        return not self._users(top, left, bottom, right) and not self._taken_in(
            top, left, bottom, right
        )

    def _users(self, top: int, left: int, bottom: int, right: int) -> bool:
        """True if the block meets a styled row or column, or an area of the user's."""
        return (
            any(top <= r <= bottom for r in self.rows)
            or any(low <= right and left <= high for low, high in self.columns)
            or any(
                a_top <= bottom and top <= a_bottom and a_left <= right and left <= a_right
                for a_top, a_left, a_bottom, a_right in self.areas
            )
        )

    def _taken_in(self, top: int, left: int, bottom: int, right: int) -> bool:
        """True if a cell of the block is taken (whichever is fewer is looked through)."""
        if len(self.taken) < (bottom - top + 1) * (right - left + 1):
            return any(top <= r <= bottom and left <= c <= right for r, c in self.taken)
        return any(
            (r, c) in self.taken for r in range(top, bottom + 1) for c in range(left, right + 1)
        )

    def claim(self, top: int, left: int, height: int, width: int) -> None:
        """Our cells, written in this run: not free for the next answer."""
        self.claim_cells(
            (r, c) for r in range(top, top + height) for c in range(left, left + width)
        )

    def claim_cells(self, cells: Iterable[tuple[int, int]]) -> None:
        self.taken.update(cells)


def _styled_cells(part: bytes, plain: frozenset[int]) -> set[tuple[int, int]]:
    """The cells of a sheet's XML whose format is not a plain one (read from the XML:
    openpyxl renumbers formats)."""
    out = set()
    for match in _CELL.finditer(part):
        attributes = dict(_ATTRIBUTE.findall(match.group(1)))
        style = attributes.get(b"s")
        reference = attributes.get(b"r")
        if style is None or reference is None or int(style) in plain:
            continue
        letters = reference.rstrip(b"0123456789")
        column = 0
        for letter in letters.upper():
            column = column * 26 + letter - 64
        out.add((int(reference[len(letters) :]), column))
    return out


def _styled_columns(part: bytes, plain: frozenset[int]) -> list[tuple[int, int]]:
    out = []
    for match in _COL.finditer(part[: part.find(b"sheetData")]):
        attributes = dict(_COL_ATTRIBUTE.findall(match.group(1)))
        style = int(attributes.get(b"style", b"0"))
        if style not in plain:
            out.append((int(attributes.get(b"min", b"1")), int(attributes.get(b"max", b"1"))))
    return out


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
