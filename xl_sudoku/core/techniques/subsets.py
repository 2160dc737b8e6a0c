"""Naked and hidden subsets: pairs, triples, quads (core layer, logic techniques).

Naked: n open cells of a house whose candidates together are n digits; those digits go
in those cells, so they leave the house's other cells. Hidden: n digits whose places in
a house together are n cells; those cells hold those digits, so other candidates leave
them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from ..board import Board
from ..colours import LAVENDER, LIGHT_PURPLE
from ..glossary import DIGITS_OF, HOUSE_BITS, HOUSES, mask_of
from ..grid import house_name
from ..steps import Family, Step, Technique, digits_text, names, removals_text
from .houses import house_masks
from .memory import MEMORY

NAKED_PAIR = Technique("naked-pair", "Naked Pair", 3.0, Family.SUBSETS, LIGHT_PURPLE)
HIDDEN_PAIR = Technique("hidden-pair", "Hidden Pair", 3.4, Family.SUBSETS, LAVENDER)
NAKED_TRIPLE = Technique("naked-triple", "Naked Triple", 3.6, Family.SUBSETS, LIGHT_PURPLE)
HIDDEN_TRIPLE = Technique("hidden-triple", "Hidden Triple", 4.0, Family.SUBSETS, LAVENDER)
NAKED_QUAD = Technique("naked-quad", "Naked Quad", 5.0, Family.SUBSETS, LIGHT_PURPLE)
HIDDEN_QUAD = Technique("hidden-quad", "Hidden Quad", 5.4, Family.SUBSETS, LAVENDER)

_NAKED = {2: NAKED_PAIR, 3: NAKED_TRIPLE, 4: NAKED_QUAD}
_HIDDEN = {2: HIDDEN_PAIR, 3: HIDDEN_TRIPLE, 4: HIDDEN_QUAD}


def naked(board: Board, size: int) -> Iterator[Step]:
    for house, cell_masks in enumerate(house_masks(board)):
        yield from _naked_in(size, house, cell_masks)


@lru_cache(maxsize=MEMORY)
def _naked_in(size: int, house: int, cell_masks: tuple[int, ...]) -> tuple[Step, ...]:
    """The naked sets of one house, whose cells have these candidates: what they find
    depends on those alone, so it is remembered (a step changes a few houses)."""
    technique = _NAKED[size]
    cells = HOUSES[house]
    masks = dict(zip(cells, cell_masks, strict=True))
    open_cells = [c for c in cells if masks[c]]
    if len(open_cells) <= size:
        return ()
    small = [c for c in open_cells if masks[c].bit_count() <= size]
    out = []
    for group in combinations(small, size):
        union = 0
        for c in group:
            union |= masks[c]
        if union.bit_count() != size:
            continue
        eliminations = tuple(
            (c, d) for c in open_cells if c not in group for d in DIGITS_OF[masks[c] & union]
        )
        if eliminations:
            digits = DIGITS_OF[union]
            out.append(
                Step(
                    technique,
                    f"{technique.name} {digits_text(digits)} in {house_name(house)} "
                    f"({names(group)}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in group for d in DIGITS_OF[masks[c]]),
                    houses=(house,),
                )
            )
    return tuple(out)


def hidden(board: Board, size: int) -> Iterator[Step]:
    open_bits = board.open_bits
    for house, cell_masks in enumerate(house_masks(board)):
        open_here = open_bits & HOUSE_BITS[house]
        yield from _hidden_in(size, house, open_here, cell_masks)


@lru_cache(maxsize=MEMORY)
def _hidden_in(
    size: int, house_index: int, open_here: int, house_masks: tuple[int, ...]
) -> tuple[Step, ...]:
    """The hidden sets of one house, whose open cells are ``open_here`` and whose cells
    have these candidates: remembered, as for naked sets."""
    technique = _HIDDEN[size]
    if open_here.bit_count() <= size:
        return ()
    house = HOUSES[house_index]
    masks = dict(zip(house, house_masks, strict=True))
    places = dict.fromkeys(range(1, 10), 0)
    for c in house:
        for d in DIGITS_OF[masks[c]]:
            places[d] |= 1 << c
    candidates = [d for d, p in places.items() if p and p.bit_count() <= size]
    out = []
    for group in combinations(candidates, size):
        union = 0
        for d in group:
            union |= places[d]
        if union.bit_count() != size:
            continue
        keep = mask_of(group)
        cells = [c for c in house if union >> c & 1]
        eliminations = tuple((c, d) for c in cells for d in DIGITS_OF[masks[c] & ~keep])
        if eliminations:
            out.append(
                Step(
                    technique,
                    f"{technique.name} {digits_text(group)} in {house_name(house_index)} "
                    f"({names(cells)}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in cells for d in group if masks[c] >> (d - 1) & 1),
                    houses=(house_index,),
                )
            )
    return tuple(out)


def naked_pairs(board: Board) -> Iterator[Step]:
    return naked(board, 2)


def naked_triples(board: Board) -> Iterator[Step]:
    return naked(board, 3)


def naked_quads(board: Board) -> Iterator[Step]:
    return naked(board, 4)


def hidden_pairs(board: Board) -> Iterator[Step]:
    return hidden(board, 2)


def hidden_triples(board: Board) -> Iterator[Step]:
    return hidden(board, 3)


def hidden_quads(board: Board) -> Iterator[Step]:
    return hidden(board, 4)
