"""What batch mode writes into a workbook, before it is written (batch layer).

The ``solve`` stage records here each cell's value and look (``Look``: changes to the
cell's own format), the lists' answers as compact blocks, the sheets we add, our marks
(hidden names) and whether the workbook must recalculate when opened; the ``patch``
stage applies them to the package.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from .archive import KEEP

# --- what we write -----------------------------------------------------------------------------


Sides = tuple[str | None, str | None, str | None, str | None]  # left, right, top, bottom


@dataclass(frozen=True)
class Look:
    """How a cell we write looks, as changes to the cell's own format (None: as it is)."""

    bold: bool | None = None
    italic: bool | None = None
    size: float | None = None
    fill: str | None = KEEP  # "RRGGBB" solid, None for no fill
    border: Sides | None = None
    align: str | None = None  # "center", or "shrink" (centred, shrunk to fit)
    number: str | None = None  # a number format code, such as "0.0"


Edit = tuple[object, Look | None]  # a value (or KEEP) and a look (or None)


@dataclass
class Block:
    """Values for a run of columns in many rows (a list's answers): compact, for lists of
    100,000 puzzles."""

    first: int  # the first column
    rows: Mapping[int, Sequence[object]]  # row -> values, one a column
    looks: Sequence[Look | None] | None = None


@dataclass
class SheetEdits:
    cells: dict[int, dict[int, Edit]] = field(default_factory=dict)  # row -> column -> edit
    blocks: list[Block] = field(default_factory=list)
    widths: dict[int, float] = field(default_factory=dict)
    new: bool = False

    def row_numbers(self) -> list[int]:
        rows = set(self.cells)
        for block in self.blocks:
            rows.update(block.rows)
        return sorted(rows)

    def row(self, number: int) -> dict[int, Edit]:
        """The edits of one row, column by column."""
        out: dict[int, Edit] = {}
        for block in self.blocks:
            values = block.rows.get(number)
            if values is not None:
                for offset, value in enumerate(values):
                    look = block.looks[offset] if block.looks else None
                    out[block.first + offset] = (value, look)
        out.update(self.cells.get(number, {}))
        return out

    def bounds(self) -> tuple[int, int, int, int] | None:
        """The rows and columns our cells span: top, left, bottom, right."""
        rows = self.row_numbers()
        if not rows:
            return None
        columns = [c for cells in self.cells.values() for c in cells]
        for block in self.blocks:
            width = max((len(v) for v in block.rows.values()), default=0)
            columns += [block.first, block.first + max(width - 1, 0)]
        return rows[0], min(columns), rows[-1], max(columns)


class Edits:
    """The cells batch mode writes, by sheet; the sheets it adds; the marks it leaves on
    its own sheets (``marks.py``); whether the workbook must recalculate when opened."""

    def __init__(self, sheet_names: Iterable[str]) -> None:
        self.existing = list(sheet_names)
        self.sheets: dict[str, SheetEdits] = {}
        self.marks: dict[tuple[str, str], str] = {}  # (name, sheet) -> what it refers to
        self.recalculate = False

    def sheet(self, name: str) -> SheetEdits:
        return self.sheets.setdefault(name, SheetEdits())

    def set(
        self, sheet: str, row: int, column: int, value: object = KEEP, look: Look | None = None
    ) -> None:
        """Write ``value`` (KEEP: leave it; None: empty it) and ``look`` into one cell; a
        later write to the same cell wins, its look merged over the earlier one."""
        cells = self.sheet(sheet).cells.setdefault(row, {})
        old_value, old_look = cells.get(column, (KEEP, None))
        if value is KEEP:
            value = old_value
        cells[column] = (value, _merge(old_look, look))

    def block(
        self,
        sheet: str,
        first: int,
        rows: Mapping[int, Sequence[object]],
        looks: Sequence[Look | None] | None = None,
    ) -> None:
        """Values for columns ``first``, ``first + 1`` ... in each of ``rows``."""
        self.sheet(sheet).blocks.append(Block(first, rows, looks))

    def width(self, sheet: str, column: int, width: float) -> None:
        self.sheet(sheet).widths[column] = width

    def add_sheet(self, name: str) -> str:
        """A new sheet, named ``name`` or ``name 2`` ... if that is taken (as Excel compares
        names: ignoring case), cut to Excel's 31 characters (UTF-16 units)."""
        taken = {s.casefold() for s in [*self.existing, *self.sheets]}
        name = sheet_name(name)
        candidate, number = name, 2
        while candidate.casefold() in taken:
            suffix = f" {number}"
            candidate, number = sheet_name(name, SHEET_NAME - len(suffix)) + suffix, number + 1
        self.sheets[candidate] = SheetEdits(new=True)
        return candidate

    def mark(self, name: str, sheet: str, refers_to: str) -> None:
        """A hidden name ``name`` scoped to ``sheet``, referring to ``refers_to``."""
        self.marks[(name, sheet)] = refers_to

    @property
    def added(self) -> list[str]:
        return [name for name, edits in self.sheets.items() if edits.new]

    def __bool__(self) -> bool:
        return bool(self.sheets)


SHEET_NAME: Final = 31  # Excel's longest sheet name, in UTF-16 units


def sheet_name(text: str, units: int = SHEET_NAME) -> str:
    """``text`` as a sheet's name: the characters Excel refuses (``[]:*?/\\``) made ``_``,
    no quote at either end, at most ``units`` UTF-16 units (as Excel counts), never half
    of a character (a surrogate pair), no space left at the end of a cut."""
    name = re.sub(r"[\[\]:*?/\\]", "_", text).strip("'")
    cut: list[str] = []
    used = 0
    for char in name:
        size = 2 if ord(char) > 0xFFFF else 1
        if used + size > units:
            return "".join(cut).rstrip()
        cut.append(char)
        used += size
    return name


def _merge(old: Look | None, new: Look | None) -> Look | None:
    if old is None or new is None:
        return new or old
    changes = {
        name: getattr(new, name)
        for name in ("bold", "italic", "size", "border", "align", "number")
        if getattr(new, name) is not None
    }
    if new.fill != KEEP:
        changes["fill"] = new.fill
    return Look(**{**old.__dict__, **changes})
