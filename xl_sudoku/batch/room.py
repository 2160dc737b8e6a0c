"""Where our answers may go: the cells of a sheet that are free (batch layer).

A cell is free only if nothing of the user's is in it or on it: no value, no format of
its own (nor of its row or column), no note or link, not inside a merged range, a
table, a pivot table, a data validation or a conditional format (including the
extension-list kinds openpyxl does not read), not under a drawing (a chart, a picture,
a shape, a form control, a shown note's box), not on a protected sheet, and seen: not in
a hidden row or column (a collapsed outline group's are hidden), nor in a row too low or
a column too narrow to show a digit. Empty but
formatted cells are someone's layout, not room. What a sheet holds is read by
``scan`` as a stream; a room keeps it compact (runs of cells), whatever the sheet's size.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cells import Area, CellSet, Runs, SheetScan


class Room:
    """The free cells of one sheet (plus the cells we have claimed in this run)."""

    def __init__(self, sheet: SheetScan) -> None:
        self.protected = sheet.protected
        self.taken: CellSet = sheet.taken  # cells with a value or a format, and ours
        self.rows: Runs = sheet.rows  # formatted rows
        self.columns: list[tuple[int, int]] = list(sheet.columns)  # formatted columns
        self.areas: list[Area] = list(sheet.areas)
        self.unseen_rows = sheet.unseen_rows
        self.unseen_columns = sheet.unseen_columns
        self.rows_unseen, self.seen_rows = sheet.rows_unseen, sheet.seen_rows
        self.columns_unseen, self.seen_columns = sheet.columns_unseen, sheet.seen_columns

    @classmethod
    def empty(cls) -> Room:
        """A sheet we add: nothing of the user's is on it."""
        return cls(SheetScan(""))

    def free(self, top: int, left: int, height: int, width: int, *, rows_seen: bool = True) -> bool:
        """True if every cell of the block is free; without ``rows_seen``, whether its rows
        are seen is not asked (a list's answer beside its entry is as seen as the entry:
        a row a filter hides hides both)."""
        if self.protected or top < 1 or left < 1:
            return False
        bottom, right = top + height - 1, left + width - 1
        if bottom > 1_048_576 or right > 16_384:
            return False
        return (
            not self._users(top, left, bottom, right)
            and not self.unseen(top, left, bottom, right, rows=rows_seen)
            and not self.taken.any_in(top, left, bottom, right)
        )

    def unseen(self, top: int, left: int, bottom: int, right: int, *, rows: bool = True) -> bool:
        """True if a row (unless not ``rows``) or a column of the block is one nobody sees:
        hidden (a collapsed outline group's are), too low or too narrow to show a digit."""
        if rows and self.unseen_rows.any_between(top, bottom):
            return True
        if any(low <= right and left <= high for low, high in self.unseen_columns):
            return True
        if (
            rows
            and self.rows_unseen
            and any(row not in self.seen_rows for row in range(top, bottom + 1))
        ):
            return True
        return self.columns_unseen and any(
            not any(low <= column <= high for low, high in self.seen_columns)
            for column in range(left, right + 1)
        )

    def _users(self, top: int, left: int, bottom: int, right: int) -> bool:
        """True if the block meets a formatted row or column, or an area of the user's."""
        return (
            self.rows.any_between(top, bottom)
            or any(low <= right and left <= high for low, high in self.columns)
            or any(
                a_top <= bottom and top <= a_bottom and a_left <= right and left <= a_right
                for a_top, a_left, a_bottom, a_right in self.areas
            )
        )

    def claim(self, top: int, left: int, height: int, width: int) -> None:
        """Our cells, written in this run: not free for the next answer."""
        self.claim_cells(
            (r, c) for r in range(top, top + height) for c in range(left, left + width)
        )

    def claim_cells(self, cells: Iterable[tuple[int, int]]) -> None:
        self.taken.update(cells)
