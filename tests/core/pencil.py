"""Building pencil-mark positions for technique fixtures, by hand.

A position starts with every cell open and every candidate present; each rule then
narrows it. Cells are written as people write them: ``r1c5`` one cell, ``r1`` a row,
``c5`` a column, ``b2`` a box; several separated by spaces.
"""

from __future__ import annotations

from xl_sudoku.core.board import Board, board_from_candidates
from xl_sudoku.core.glossary import BOXES, COLS, ROWS


def cells(spec: str) -> list[int]:
    """The cells of ``r1c5 r2 c3 b4``, in the order written, each once."""
    out: list[int] = []
    for part in spec.split():
        if "c" in part and part.startswith("r"):
            row, col = part[1:].split("c")
            found = [9 * (int(row) - 1) + int(col) - 1]
        else:
            kind, number = part[0], int(part[1:]) - 1
            found = list({"r": ROWS, "c": COLS, "b": BOXES}[kind][number])
        out += [c for c in found if c not in out]
    return out


class Pencil:
    """A pencil-mark position under construction."""

    def __init__(self) -> None:
        self.masks = [0x1FF] * 81
        self.digits = [0] * 81

    def keep(self, where: str, digits: str) -> Pencil:
        """These cells keep only these candidates (``"47"``)."""
        mask = sum(1 << (int(d) - 1) for d in digits)
        for cell in cells(where):
            self.masks[cell] = mask
        return self

    def only(self, digit: int, unit: str, places: str) -> Pencil:
        """In ``unit``, ``digit`` stays a candidate only in ``places``."""
        allowed = set(cells(places))
        for cell in cells(unit):
            if cell not in allowed:
                self.masks[cell] &= ~(1 << (digit - 1))
        return self

    def board(self) -> Board:
        return board_from_candidates(self.digits, self.masks)
