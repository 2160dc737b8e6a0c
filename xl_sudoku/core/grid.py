"""Cells and houses as people read them (core layer): ``r3c5``, ``row 3``, ``box 2``.

The representations themselves (``Cell``, ``House``, the house tables...) are in
``glossary``.
"""

from __future__ import annotations

from typing import Final

from .glossary import Cell, House

_HOUSE_KINDS: Final = ("row", "column", "box")


def cell_name(cell: Cell) -> str:
    """``r3c5``: the cell as people read it, 1-based."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def house_name(house: House) -> str:
    """``row 3``, ``column 5`` or ``box 2``: a house as people read it, 1-based."""
    return f"{_HOUSE_KINDS[house // 9]} {house % 9 + 1}"
