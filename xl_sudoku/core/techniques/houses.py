"""The candidates of each house of a position, for finders that look at one house at a
time (core layer, logic techniques).

Naked and hidden subsets, and the direct hidden pairs and triples, find in a house what
that house's candidates alone decide; they remember it per house (``functools.lru_cache``
keyed by the house's candidates), as a step changes only some houses. ``house_masks``
gives those keys, made once per position however many finders ask.
"""

from __future__ import annotations

from ..board import Board
from ..grid import UNITS

_LAST: list[object] = [None, ()]  # the last position asked about and its houses' masks


def house_masks(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per unit (``UNITS`` order), its nine cells' candidates."""
    masks = tuple(board.masks)
    if _LAST[0] != masks:
        _LAST[:] = [masks, tuple(tuple([masks[c] for c in unit]) for unit in UNITS)]
    found = _LAST[1]
    assert isinstance(found, tuple)
    return found
