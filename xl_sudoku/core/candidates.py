"""Candidates as placeholder strings, and a grid's candidates (core layer).

A ``Mask`` (``glossary``) has bit ``d - 1`` set when digit ``d`` is still possible.
A placeholder string shows a mask as 9 characters, digit ``d`` at position ``d`` and
``0`` elsewhere: ``"120406709"`` is {1, 2, 4, 6, 7, 9}. It is the seed VBA's form and
what the work grid shows in an open cell.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import ParseError
from .glossary import ALL_DIGITS, CELLS, PEERS, Grid, Mask, mask_of
from .grid import cell_name


def placeholder(mask: Mask) -> str:
    """``"120406709"`` for the mask of {1, 2, 4, 6, 7, 9}."""
    return "".join(str(d) if mask >> (d - 1) & 1 else "0" for d in range(1, 10))


def parse_placeholder(text: str) -> Mask:
    """The mask a placeholder string stands for; ``ParseError`` if it is not one."""
    if len(text) != 9 or any(ch not in ("0", str(d)) for d, ch in enumerate(text, 1)):
        raise ParseError(
            f"{text!r} is not a placeholder string (digit d at position d, 0 elsewhere)"
        )
    return mask_of(d for d, ch in enumerate(text, 1) if ch != "0")


def candidates(grid: Grid) -> tuple[Mask, ...]:
    """The candidates of every cell: its digit for a filled cell, else every digit no peer holds."""
    out = []
    for cell in CELLS:
        if grid[cell]:
            out.append(1 << (grid[cell] - 1))
        else:
            seen = 0
            for p in PEERS[cell]:
                if grid[p]:
                    seen |= 1 << (grid[p] - 1)
            out.append(ALL_DIGITS & ~seen)
    return tuple(out)


def placeholder_grid(grid: Grid, masks: Sequence[Mask] | None = None) -> tuple[str, ...]:
    """What the work grid shows: the digit of a filled cell, the placeholder of an open one."""
    if masks is None:
        masks = candidates(grid)
    return tuple(str(grid[c]) if grid[c] else placeholder(masks[c]) for c in CELLS)


def read_placeholder_grid(values: Sequence[object]) -> tuple[Grid, tuple[Mask, ...]]:
    """The digits and candidates of 81 work-grid cells, the inverse of ``placeholder_grid``.

    A cell holds a digit 1-9 (filled) or a placeholder string (open). Numbers stand for
    placeholders whose leading zeros a spreadsheet dropped (400009 is ``"000400009"``).
    """
    if len(values) != 81:
        raise ParseError(f"expected 81 cells, got {len(values)}")
    digits: list[int] = []
    masks: list[Mask] = []
    for cell, value in enumerate(values):
        text = _cell_text(value)
        if len(text) == 1 and text in "123456789":
            digits.append(int(text))
            masks.append(1 << (int(text) - 1))
            continue
        try:
            mask = parse_placeholder(text.zfill(9) if text.isdigit() else text)
        except ParseError as error:
            raise ParseError(f"{cell_name(cell)}: {error}", (cell,)) from None
        digits.append(0)
        masks.append(mask)
    return tuple(digits), tuple(masks)


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).strip()
