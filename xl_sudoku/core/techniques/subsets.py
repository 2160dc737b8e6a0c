"""Naked and hidden subsets: pairs, triples, quads (core layer, logic techniques).

Naked: n open cells of a unit whose candidates together are n digits; those digits go
in those cells, so they leave the unit's other cells. Hidden: n digits whose places in
a unit together are n cells; those cells hold those digits, so other candidates leave
them.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..board import UNIT_BITS, Board
from ..candidates import DIGITS_OF
from ..grid import UNITS, unit_name
from ..steps import (
    HIDDEN_PAIR,
    HIDDEN_QUAD,
    HIDDEN_TRIPLE,
    NAKED_PAIR,
    NAKED_QUAD,
    NAKED_TRIPLE,
    Step,
    digits_text,
    names,
    removals_text,
)

_NAKED = {2: NAKED_PAIR, 3: NAKED_TRIPLE, 4: NAKED_QUAD}
_HIDDEN = {2: HIDDEN_PAIR, 3: HIDDEN_TRIPLE, 4: HIDDEN_QUAD}


def naked(board: Board, size: int) -> Iterator[Step]:
    technique = _NAKED[size]
    masks = board.masks
    for unit_index, unit in enumerate(UNITS):
        open_cells = [c for c in unit if masks[c]]
        if len(open_cells) <= size:
            continue
        small = [c for c in open_cells if masks[c].bit_count() <= size]
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
                yield Step(
                    technique,
                    f"{technique.name} {digits_text(digits)} in {unit_name(unit_index)} "
                    f"({names(group)}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in group for d in DIGITS_OF[masks[c]]),
                    houses=(unit_index,),
                )


def hidden(board: Board, size: int) -> Iterator[Step]:
    technique = _HIDDEN[size]
    masks = board.masks
    for unit_index, unit in enumerate(UNITS):
        bits = UNIT_BITS[unit_index]
        if (board.open_bits & bits).bit_count() <= size:
            continue
        places = {d: board.cells_of(d) & bits for d in range(1, 10)}
        candidates = [d for d, p in places.items() if p and p.bit_count() <= size]
        for group in combinations(candidates, size):
            union = 0
            for d in group:
                union |= places[d]
            if union.bit_count() != size:
                continue
            keep = sum(1 << (d - 1) for d in group)
            cells = [c for c in unit if union >> c & 1]
            eliminations = tuple((c, d) for c in cells for d in DIGITS_OF[masks[c] & ~keep])
            if eliminations:
                yield Step(
                    technique,
                    f"{technique.name} {digits_text(group)} in {unit_name(unit_index)} "
                    f"({names(cells)}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, d) for c in cells for d in group if masks[c] >> (d - 1) & 1),
                    houses=(unit_index,),
                )


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
