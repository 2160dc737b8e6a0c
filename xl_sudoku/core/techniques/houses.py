"""The candidates of each house of a position, for finders that look at one house at a
time (core layer, logic techniques).

Naked and hidden subsets, and the direct hidden pairs and triples, find in a house what
that house's candidates alone decide; they remember it per house (``functools.lru_cache``
keyed by the house's candidates), as a step changes only some houses. ``house_masks``
gives those keys, made once per position however many finders ask (the board's
``Memory`` keeps them for its last position).
"""

from __future__ import annotations

from ..board import Board
from ..glossary import HOUSES


class _Last:
    """The last position asked about (its masks) and its houses' masks (``Memory``)."""

    __slots__ = ("houses", "masks")

    def __init__(self) -> None:
        self.masks: tuple[int, ...] = ()
        self.houses: tuple[tuple[int, ...], ...] = ()


def house_masks(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per house (``HOUSES`` order), its nine cells' candidates."""
    masks = tuple(board.masks)
    last = board.memory.of(_Last)
    if last.masks != masks:
        last.houses = tuple(tuple([masks[c] for c in house]) for house in HOUSES)
        last.masks = masks
    return last.houses
