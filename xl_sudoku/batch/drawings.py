"""The cells a sheet's drawings lie over (batch layer).

A cell under a chart, a picture, a shape or text box, a form control or a note's box
that is shown is not free for our answers: the drawing would hide them. Where a drawing
lies is its anchor (``xl/drawings/drawingN.xml``): two cells (its corners), or one cell
and a size, or a position and a size from the sheet's corner (EMUs: 12,700 a point,
9,525 a pixel), measured against the sheet's column widths and row heights. Form
controls and notes' boxes are legacy VML shapes (``vmlDrawingN.vml``), anchored by
``x:Anchor``: eight numbers, the corner cells and their offsets in pixels. A hidden
note's box shows only while the pointer is on its cell, over whatever is there: it is
not counted.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final

from lxml import etree

Area = tuple[int, int, int, int]  # top, left, bottom, right (1-based, inclusive)
Place = tuple[int, int, int, int]  # column, its offset (EMUs), row, its offset; 0-based

MAX_ROW: Final = 1_048_576
MAX_COLUMN: Final = 16_384
EMU_PER_POINT: Final = 12_700
EMU_PER_PIXEL: Final = 9_525
_NAMESPACES: Final = (
    "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
    "http://purl.oclc.org/ooxml/drawingml/spreadsheetDrawing",  # ISO 29500 Strict
)


@dataclass(frozen=True)
class Anchor:
    """Where a drawing lies: its top-left cell and offsets or, for an absolute anchor,
    its position from the sheet's corner (EMUs); and its bottom-right cell the same way,
    or its size (EMUs)."""

    at: Place = (0, 0, 0, 0)
    end: Place | None = None
    size: tuple[int, int] | None = None
    position: tuple[int, int] | None = None


def _tag(name: str) -> tuple[str, ...]:
    return tuple(f"{{{ns}}}{name}" for ns in _NAMESPACES)


def _number(text: str | None) -> int:
    try:
        return int(text) if text else 0
    except ValueError:
        return 0


def anchors(root: etree._Element) -> list[Anchor]:
    """Every anchor of a drawing part: charts, pictures, shapes, groups, form controls."""

    def place(element: etree._Element | None) -> Place | None:
        if element is None:
            return None
        numbers = []
        for name in ("col", "colOff", "row", "rowOff"):
            found = next(element.iterchildren(*_tag(name)), None)
            numbers.append(_number(found.text if found is not None else None))
        return numbers[0], numbers[1], numbers[2], numbers[3]

    def extent(element: etree._Element | None) -> tuple[int, int] | None:
        if element is None:
            return None
        return _number(element.get("cx")), _number(element.get("cy"))

    out = []
    kinds = (*_tag("twoCellAnchor"), *_tag("oneCellAnchor"), *_tag("absoluteAnchor"))
    for anchor in root.iter(*kinds):
        start = place(next(anchor.iterchildren(*_tag("from")), None))
        local = etree.QName(anchor).localname
        size = extent(next(anchor.iterchildren(*_tag("ext")), None))
        if local == "twoCellAnchor":
            end = place(next(anchor.iterchildren(*_tag("to")), None))
            if start is not None and end is not None:
                out.append(Anchor(start, end=end))
        elif local == "oneCellAnchor":
            if start is not None and size is not None:
                out.append(Anchor(start, size=size))
        else:
            position = next(anchor.iterchildren(*_tag("pos")), None)
            if position is not None and size is not None:
                where = (_number(position.get("x")), _number(position.get("y")))
                out.append(Anchor(size=size, position=where))
    return out


def rows_measured(found: Iterable[Anchor]) -> int:
    """The last row whose height a drawing given by its size may need (rows are a point
    high at least, but for hidden ones)."""
    last = 0
    for anchor in found:
        if anchor.size is None:
            continue
        row, offset = anchor.at[2], anchor.at[3]
        if anchor.position is not None:
            row, offset = 0, anchor.position[1]
        points = int((offset + anchor.size[1]) / EMU_PER_POINT) + 1
        last = max(last, min(row + 1 + points, MAX_ROW))
    return last


@dataclass
class Measures:
    """A sheet's column widths (in characters) and row heights (in points) that differ
    from its defaults: what a drawing's size is measured against."""

    widths: dict[int, float] = field(default_factory=dict)
    heights: dict[int, float] = field(default_factory=dict)
    default_width: float = 8.43  # Excel's, for Calibri 11
    default_height: float = 15.0

    def column(self, index: int) -> float:
        """Column ``index``'s (0-based) width in EMUs (Calibri 11: 7 pixels a digit)."""
        width = self.widths.get(index + 1, self.default_width)
        return math.floor(width * 7 + 5) * EMU_PER_PIXEL if width else 0.0

    def row(self, index: int) -> float:
        """Row ``index``'s (0-based) height in EMUs."""
        return self.heights.get(index + 1, self.default_height) * EMU_PER_POINT

    def cells_under(self, anchor: Anchor) -> Area:
        """The cells a drawing lies over."""
        column, row = anchor.at[0], anchor.at[2]
        column_offset, row_offset = float(anchor.at[1]), float(anchor.at[3])
        if anchor.position is not None:
            column, column_offset = _walk(0, anchor.position[0], self.column, MAX_COLUMN)
            row, row_offset = _walk(0, anchor.position[1], self.row, MAX_ROW)
        if anchor.end is not None:
            end_column, end_row = anchor.end[0], anchor.end[2]
            end_column_offset, end_row_offset = float(anchor.end[1]), float(anchor.end[3])
        else:
            assert anchor.size is not None
            width, height = anchor.size
            end_column, end_column_offset = _walk(
                column, column_offset + width, self.column, MAX_COLUMN
            )
            end_row, end_row_offset = _walk(row, row_offset + height, self.row, MAX_ROW)
        return _area(column, row, (end_column, end_column_offset, end_row, end_row_offset))


def _walk(start: int, offset: float, size: Callable[[int], float], limit: int) -> tuple[int, float]:
    """The 0-based column (or row) that ``offset`` EMUs from ``start``'s left (top) edge
    reaches, and how far into it."""
    index = start
    while index < limit - 1:
        length = size(index)
        if offset < length:
            break
        offset -= length
        index += 1
    return index, offset


def _area(column: int, row: int, end: tuple[int, float, int, float]) -> Area:
    """The cells from (column, row) to the end cell and its offsets (EMUs or pixels),
    0-based: an end on a cell's very edge (offset 0) does not cover that cell."""
    end_column, column_offset, end_row, row_offset = end
    right = end_column + (1 if column_offset > 0 or end_column == column else 0)
    bottom = end_row + (1 if row_offset > 0 or end_row == row else 0)
    return row + 1, column + 1, max(row + 1, bottom), max(column + 1, right)


_CLIENT_DATA: Final = re.compile(
    rb"<(?:\w+:)?ClientData\b[^>]*?ObjectType=\"(\w+)\"[^>]*>(.*?)</(?:\w+:)?ClientData>", re.S
)
_VML_ANCHOR: Final = re.compile(rb"<(?:\w+:)?Anchor>([^<]*)</(?:\w+:)?Anchor>")
_VML_VISIBLE: Final = re.compile(rb"<(?:\w+:)?Visible\s*/?>")


def vml_areas(data: bytes) -> list[Area]:
    """The cells under a legacy drawing's shapes: form controls (buttons, check boxes,
    lists ...) and the boxes of notes that are shown. Read as text: VML is not always
    well-formed XML."""
    out = []
    for match in _CLIENT_DATA.finditer(data):
        kind, body = match.group(1), match.group(2)
        if kind == b"Note" and not _VML_VISIBLE.search(body):
            continue
        anchor = _VML_ANCHOR.search(body)
        if anchor is None:
            continue
        try:
            numbers = [int(n) for n in anchor.group(1).decode().replace(" ", "").split(",")]
        except ValueError:
            continue
        if len(numbers) == 8:  # column, offset, row, offset; then the same for the end
            left, _, top, _, right, right_offset, bottom, bottom_offset = numbers
            out.append(_area(left, top, (right, right_offset, bottom, bottom_offset)))
    return out
