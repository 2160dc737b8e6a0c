"""What the uniqueness techniques share (core layer, logic techniques): a position as its
cells' masks, the houses two cells share in Sudoku Explainer's order, each digit's cells,
and the order in which Sudoku Explainer tries groups of cells.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final

from ...colours import TAN
from ...glossary import DIGITS_OF, SE_HOUSES_OF
from ...steps import Family, Technique

Masks = tuple[int, ...]

SET_NAMES: Final = ("", "", "pair", "triple", "quad", "quintuple", "sextuple", "septuple")


def uniqueness_technique(key: str, name: str, rating: float, group: str = "") -> Technique:
    """A technique of the uniqueness family: valid only for a puzzle with one solution."""
    return Technique(key, name, rating, Family.UNIQUENESS, TAN, uniqueness=True, group=group)


def shared_houses(a: int, b: int) -> list[int]:
    """The houses two cells share, in SE's order (box, row, column)."""
    return [u for u, v in zip(SE_HOUSES_OF[a], SE_HOUSES_OF[b], strict=True) if u == v]


@lru_cache(maxsize=64)
def digit_cells(masks: Masks) -> tuple[int, ...]:
    """Per digit, the cells where it is a candidate."""
    out = [0] * 9
    for cell, mask in enumerate(masks):
        for d in DIGITS_OF[mask]:
            out[d - 1] |= 1 << cell
    return tuple(out)


def colex_groups(
    items: Sequence[int], weights: Sequence[int] | dict[int, int], size: int, union: int, limit: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The groups of ``size`` items in colexicographic order (the last item changing
    slowest: the order in which Sudoku Explainer tries them) whose bits (``weights[item]``)
    together with ``union`` make at most ``limit`` bits; with that union."""
    if size == 0:
        yield (), union
        return
    for i in range(size - 1, len(items)):
        item = items[i]
        more = union | weights[item]
        if more.bit_count() > limit:
            continue
        for group, total in colex_groups(items[:i], weights, size - 1, more, limit):
            yield (*group, item), total
