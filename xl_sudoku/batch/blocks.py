"""The 9x9 blocks that could be grids, found as a sheet's rows stream by, nine rows at a
time (batch layer; ``sheet_reader`` feeds it a ``Row`` at a time): a block needs at least
``FEW_GIVENS`` digits, at most ``MAX_TYPOS`` typos and nothing else but blanks.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import deque
from itertools import pairwise

from .archive import MAX_ROW
from .cells import DIGIT, FEW_GIVENS, MAX_TYPOS, TYPO, SheetScan, Window, value_of


class Row:
    """One row's cells as the grid finder sees them."""

    __slots__ = ("bordered", "digits", "number", "others", "spread", "typo_columns", "typos")

    def __init__(self, number: int) -> None:
        self.number = number
        self.digits: list[tuple[int, object]] = []
        self.typos: list[tuple[int, object]] = []
        self.typo_columns: list[int] = []
        self.others: list[int] = []
        self.bordered: list[int] = []
        self.spread: dict[int, int] = {}  # left column of a 9-wide window -> digits in it

    def finish(self) -> None:
        """Sort what came out of order; count the digits of each 9-wide window that has
        no other value of this row in it (a window with one is no grid, whatever the rows
        above and below hold)."""
        if self.others:
            self.others.sort()
        if self.bordered:
            self.bordered.sort()
        if self.typos:
            if any(a[0] > b[0] for a, b in pairwise(self.typos)):
                self.typos.sort(key=lambda cell: cell[0])
            self.typo_columns = [column for column, _ in self.typos]
        if not self.digits:
            return
        if any(a[0] > b[0] for a, b in pairwise(self.digits)):
            self.digits.sort(key=lambda cell: cell[0])
        spread = self.spread
        others = self.others
        after = len(others)
        for column, _ in self.digits:
            # the windows holding the digit and none of the others: right of the nearest
            # other before it, their right edge left of the nearest other after it
            low, high = max(1, column - 8), column
            if others:
                index = bisect_left(others, column)
                if index:
                    low = max(low, others[index - 1] + 1)
                if index < after:
                    high = min(high, others[index] - 9)
            for left in range(low, high + 1):
                spread[left] = spread.get(left, 0) + 1


def _count(columns: list[int], left: int) -> int:
    return bisect_right(columns, left + 8) - bisect_left(columns, left)


class Blocks:
    """The 9x9 blocks that could be grids, found nine rows at a time: the rows read last
    are kept until every block they are part of is decided; then only the cells of the
    blocks that could be grids stay."""

    def __init__(self, sheet: SheetScan) -> None:
        self.sheet = sheet
        self.rows: deque[Row] = deque()
        self.tops: set[int] = set()
        self.chosen: deque[Window] = deque()  # the recent windows, for keeping their cells

    def row(self, row: Row) -> None:
        """A row was read (rows come in order)."""
        if row.digits or row.typos or row.others or row.bordered:
            row.finish()
            self.rows.append(row)
        if row.spread:
            self.tops.update(range(max(1, row.number - 8), row.number + 1))
        self._decide(row.number - 8)

    def finish(self) -> None:
        self._decide(MAX_ROW + 9)

    def _decide(self, upto: int) -> None:
        """Decide every block whose rows are all read (top <= upto), then let go of the
        rows no undecided block needs."""
        if self.tops:
            for top in sorted(t for t in self.tops if t <= upto):
                self.tops.discard(top)
                self._top(top)
        rows = self.rows
        while rows and rows[0].number <= upto:
            self._let_go(rows.popleft())

    def _top(self, top: int) -> None:
        rows = [row for row in self.rows if top <= row.number <= top + 8]
        sums: dict[int, int] = {}
        for row in rows:
            for left, count in row.spread.items():
                sums[left] = sums.get(left, 0) + count
        for left, digits in sorted(sums.items()):
            if digits < FEW_GIVENS:
                continue
            if any(row.others and _count(row.others, left) for row in rows):
                continue
            typos = sum(_count(row.typo_columns, left) for row in rows if row.typos)
            if typos > MAX_TYPOS:
                continue
            window = Window(top, left, digits, typos)
            self.sheet.windows.append(window)
            self.chosen.append(window)

    def _let_go(self, row: Row) -> None:
        """Keep what a row holds inside the blocks that could be grids."""
        while self.chosen and self.chosen[0].top + 8 < row.number:
            self.chosen.popleft()
        spans = [(w.left, w.left + 8) for w in self.chosen if w.top <= row.number]
        if not spans:
            return
        sheet = self.sheet
        for cells, found in ((row.digits, DIGIT), (row.typos, TYPO)):
            for column, value in cells:
                if any(low <= column <= high for low, high in spans):
                    sheet.values[(row.number, column)] = value_of(value)
                    sheet.kinds[(row.number, column)] = found
        for column in row.bordered:
            if any(low <= column <= high for low, high in spans):
                sheet.bordered.add((row.number, column))
