"""A worksheet's frame around its rows, as our cells need it (batch layer): tag names in
its namespace (``q``), cell references, ``<dimension>`` widened to hold our cells, and
``<cols>``: the style a column gives a new cell, widths for our columns where the user set
none. ``worksheets`` patches the rows.
"""

from __future__ import annotations

import re
from typing import Final

from lxml import etree

from ..helpers.a1 import column_letters, column_number
from .archive import PackageError

_REFERENCE: Final = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


def split_reference(reference: str) -> tuple[int, int]:
    """``"C4"`` -> (row 4, column 3)."""
    match = _REFERENCE.fullmatch(reference.strip())
    if not match:
        raise PackageError(f"not a cell reference: {reference!r}")
    return int(match.group(2)), column_number(match.group(1))


def q(ns: str, local: str) -> str:
    """A qualified tag name."""
    return f"{{{ns}}}{local}"


def widen_dimension(
    root: etree._Element, ns: str, bounds: tuple[int, int, int, int] | None, had_cells: bool
) -> None:
    """``<dimension>`` widened to hold our cells (``had_cells``: the sheet held others)."""
    dimension = root.find(q(ns, "dimension"))
    if dimension is None or bounds is None:
        return
    top, left, bottom, right = bounds
    reference = dimension.get("ref", "A1")
    if had_cells:
        try:
            corners = [split_reference(part) for part in reference.split(":")]
        except PackageError:
            return
        top, bottom = min([top, *(r for r, _ in corners)]), max([bottom, *(r for r, _ in corners)])
        left, right = min([left, *(c for _, c in corners)]), max([right, *(c for _, c in corners)])
    low, high = f"{column_letters(left)}{top}", f"{column_letters(right)}{bottom}"
    dimension.set("ref", low if low == high else f"{low}:{high}")


def has_cells(root: etree._Element, ns: str) -> bool:
    """True if the sheet holds cells other than ours (ours are in it already)."""
    sheet_data = root.find(q(ns, "sheetData"))
    return sheet_data is not None and any(True for _ in sheet_data.iter(q(ns, "c")))


def column_styles(root: etree._Element, ns: str) -> dict[int, int]:
    out: dict[int, int] = {}
    cols = root.find(q(ns, "cols"))
    if cols is None:
        return out
    for col in cols:
        style = int(col.get("style", "0"))
        if style:
            for column in range(int(col.get("min", "1")), min(int(col.get("max", "1")), 16384) + 1):
                out[column] = style
    return out


def add_widths(
    root: etree._Element, ns: str, widths: dict[int, float], sheet_data: etree._Element
) -> None:
    """Widths for our columns where the user set none."""
    cols = root.find(q(ns, "cols"))
    if cols is None:
        cols = etree.Element(q(ns, "cols"))
        sheet_data.addprevious(cols)
    covered = [(int(c.get("min", "0")), int(c.get("max", "0"))) for c in cols]
    for column, width in sorted(widths.items()):
        if any(low <= column <= high for low, high in covered):
            continue
        element = etree.Element(q(ns, "col"))
        element.set("min", str(column))
        element.set("max", str(column))
        element.set("width", f"{width:g}")
        element.set("customWidth", "1")
        following = [c for c in cols if int(c.get("min", "0")) > column]
        if following:
            following[0].addprevious(element)
        else:
            cols.append(element)
        covered.append((column, column))
