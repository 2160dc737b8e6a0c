"""Techniques inside a chain (core layer, logic techniques): the locked candidates, hidden
and naked pairs and X-Wings that Sudoku Explainer's Dynamic Forcing Chains (+) use on the
grid a chain has made, when its singles run out (``advanced_offs``).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import Final

from ...glossary import (
    BOX_HOUSES,
    COL_HOUSES,
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES,
    ROW_HOUSES,
    cells_in,
    key_of,
)
from ...grid import house_name
from .closures import Closure
from .potentials import ADVANCED, ChainGrid, Potential, Potentials


def advanced_offs(
    grid: ChainGrid, source: ChainGrid, offs: Potentials | Closure, level: int
) -> list[Potential]:
    """The "offs" that locked candidates, hidden pairs, naked pairs or X-Wings find in a
    dynamic chain's grid, each with the "offs" of the chain it needs as parents: the first
    of those techniques that finds any, all it finds. (``level`` 1: these four; deeper
    levels nest chains, not done here.)"""
    del level
    # per digit, the places the chain took out: a finding needs the chain only if what it
    # needs to be gone (``needs``) lost something there, so each rule looks only there
    lost = [before & ~now for now, before in zip(grid.places, source.places, strict=True)]
    for rule in (_locking, _hidden_pairs, _naked_pairs, _x_wings):
        found: list[Potential] = []
        for removable, needs, text in rule(grid, lost):
            parents = []
            for cell, digit in needs:
                if source.has(cell, digit) and not grid.has(cell, digit):
                    key = key_of(cell, digit, False)
                    if isinstance(offs, Closure):
                        if key in offs:
                            parents.append(Potential(key))
                    else:
                        parent = offs.get(key)
                        if parent is not None:
                            parents.append(parent)
            if not parents:
                continue  # the technique holds without the chain
            for cell, digit in removable:
                found.append(Potential(key_of(cell, digit, False), tuple(parents), ADVANCED, text))
        if found:
            return found
    return []


Finding = tuple[list[tuple[int, int]], list[tuple[int, int]], str]


def _crossings(first: int, second: int) -> tuple[tuple[int, int, int, int], ...]:
    """(first house, second house, first's bits, second's bits) for each crossing pair."""
    return tuple(
        (first + i, second + j, HOUSE_BITS[first + i], HOUSE_BITS[second + j])
        for i in range(9)
        for j in range(9)
        if HOUSE_BITS[first + i] & HOUSE_BITS[second + j]
    )


#: Sudoku Explainer's order: pointing (box, then column; box, then row), then claiming
#: (column, then box; row, then box)
_LOCKING_ORDER: Final = tuple(_crossings(a, b) for a, b in ((18, 9), (18, 0), (9, 18), (0, 18)))


def _locking(grid: ChainGrid, lost: list[int]) -> Iterator[Finding]:
    """Pointing and claiming, digit by digit within each kind of crossing (of the digits
    that lost a place)."""
    per_digit = [
        _digit_locking(digit, grid.places[digit - 1]) for digit in range(1, 10) if lost[digit - 1]
    ]
    for kind in range(len(_LOCKING_ORDER)):
        for found in per_digit:
            yield from found[kind]


#: a digit's locked candidates by its places, for each kind of crossing (``_locking``):
#: inside chains the same places come back again and again
_LOCKING_MEMO: dict[tuple[int, int], tuple[tuple[Finding, ...], ...]] = {}
_MEMO_SIZE: Final = 1 << 15  # entries a memory holds before it starts afresh


def _digit_locking(digit: int, places: int) -> tuple[tuple[Finding, ...], ...]:
    found = _LOCKING_MEMO.get((digit, places))
    if found is None:
        if len(_LOCKING_MEMO) >= _MEMO_SIZE:
            _LOCKING_MEMO.clear()
        found = _LOCKING_MEMO[digit, places] = tuple(
            tuple(_crossing_locks(crossings, digit, places)) for crossings in _LOCKING_ORDER
        )
    return found


def _crossing_locks(
    crossings: tuple[tuple[int, int, int, int], ...], digit: int, places: int
) -> Iterator[Finding]:
    for first, second, region, other in crossings:
        inside = places & region
        if inside & ~other or inside & (inside - 1) == 0:
            continue  # not all in the crossing, or fewer than two places
        removable = places & other & ~region
        if removable:
            needs = [(c, digit) for c in cells_in(region & ~other)]
            text = f"in {house_name(first)}, {digit} lies only in {house_name(second)}"
            yield [(c, digit) for c in cells_in(removable)], needs, text


def _hidden_pairs(grid: ChainGrid, lost: list[int]) -> Iterator[Finding]:
    """Two digits whose places in a house are the same two cells (and nowhere else): in
    the houses that lost a candidate, as a pair needs its digits gone from the others."""
    places = grid.places
    changed = _cells(lost)
    for houses in _PAIR_HOUSES:  # boxes, columns, rows
        for h in houses:
            bits = HOUSE_BITS[h]
            if not changed & bits:
                continue
            key = (h, *map(bits.__and__, places))
            found = _HIDDEN_MEMO.get(key)
            if found is None:
                if len(_HIDDEN_MEMO) >= _MEMO_SIZE:
                    _HIDDEN_MEMO.clear()
                found = _HIDDEN_MEMO[key] = tuple(_house_hidden_pairs(h, key[1:]))
            yield from found


_PAIR_HOUSES: Final = (BOX_HOUSES, COL_HOUSES, ROW_HOUSES)
#: a house's hidden pairs by its digits' places there; its naked pairs by its masks
_HIDDEN_MEMO: dict[tuple[int, ...], tuple[Finding, ...]] = {}
_NAKED_MEMO: dict[tuple[int, ...], tuple[Finding, ...]] = {}


def _house_hidden_pairs(h: int, places: tuple[int, ...]) -> Iterator[Finding]:
    bits = HOUSE_BITS[h]
    by_places: dict[int, list[int]] = {}
    for d in range(9):
        spots = places[d]
        if spots.bit_count() == 2:
            by_places.setdefault(spots, []).append(d)
    for both, digits in by_places.items():
        for i, a in enumerate(digits):
            for b in digits[i + 1 :]:
                pair = (1 << a) | (1 << b)
                removable = [
                    (c, d + 1)
                    for c in cells_in(both)
                    for d in range(9)
                    if not pair >> d & 1 and places[d] >> c & 1
                ]
                if removable:
                    needs = [(c, d) for c in cells_in(bits & ~both) for d in (a + 1, b + 1)]
                    text = f"hidden pair {a + 1}/{b + 1} in {house_name(h)}"
                    yield removable, needs, text


def _naked_pairs(grid: ChainGrid, lost: list[int]) -> Iterator[Finding]:
    """Two cells of a house with the same two candidates (houses of four open cells or
    more, pairs in order of their cells): in the houses that lost a candidate, as a pair
    needs its cells' other candidates gone."""
    masks = grid.masks
    changed = _cells(lost)
    for houses in _PAIR_HOUSES:  # boxes, columns, rows
        for h in houses:
            if not changed & HOUSE_BITS[h]:
                continue
            key = (h, *_HOUSE_MASKS[h](masks))
            found = _NAKED_MEMO.get(key)
            if found is None:
                if len(_NAKED_MEMO) >= _MEMO_SIZE:
                    _NAKED_MEMO.clear()
                found = _NAKED_MEMO[key] = tuple(_house_naked_pairs(h, key[1:]))
            yield from found


#: per house, what takes its cells' masks out of a grid's 81 (a tuple)
_HOUSE_MASKS: Final = tuple(operator.itemgetter(*cells) for cells in HOUSES)


def _house_naked_pairs(h: int, house_masks: tuple[int, ...]) -> Iterator[Finding]:
    cells = HOUSES[h]
    mask_of = dict(zip(cells, house_masks, strict=True))
    members = [c for c in cells if mask_of[c]]
    if len(members) < 4:
        return
    two = [c for c in members if mask_of[c].bit_count() == 2]
    for i, a in enumerate(two):
        pair = mask_of[a]
        for b in two[i + 1 :]:
            if mask_of[b] != pair:
                continue
            removable = [
                (c, d) for c in cells if c not in (a, b) for d in DIGITS_OF[mask_of[c] & pair]
            ]
            if removable:
                needs = [(c, d) for c in (a, b) for d in DIGITS_OF[0x1FF & ~pair]]
                digits = "/".join(map(str, DIGITS_OF[pair]))
                yield removable, needs, f"naked pair {digits} in {house_name(h)}"


def _x_wings(grid: ChainGrid, lost: list[int]) -> Iterator[Finding]:
    """A digit's places in two columns (then rows) in the same two rows (columns) (of the
    digits that lost a place)."""
    for base, cover in ((9, 0), (0, 9)):  # columns, then rows
        for digit in range(1, 10):
            if lost[digit - 1]:
                yield from _digit_x_wings(base, cover, digit, grid.places[digit - 1])


def _cells(lost: list[int]) -> int:
    """The cells that lost a candidate."""
    out = 0
    for places in lost:
        out |= places
    return out


#: a digit's X-Wings by its places (``_x_wings``)
_X_WING_MEMO: dict[tuple[int, int, int], tuple[Finding, ...]] = {}


def _digit_x_wings(base: int, cover: int, digit: int, places: int) -> tuple[Finding, ...]:
    found = _X_WING_MEMO.get((base, digit, places))
    if found is not None:
        return found
    out: list[Finding] = []
    lines = [places & HOUSE_BITS[base + i] for i in range(9)]
    spans = [_span(line, cover) for line in lines]
    for i in range(9):
        if lines[i].bit_count() < 2:
            continue
        for j in range(i + 1, 9):
            if lines[j].bit_count() < 2 or (spans[i] | spans[j]).bit_count() != 2:
                continue
            a, b = DIGITS_OF[spans[i] | spans[j]]
            cover_bits = HOUSE_BITS[cover + a - 1] | HOUSE_BITS[cover + b - 1]
            base_bits = HOUSE_BITS[base + i] | HOUSE_BITS[base + j]
            removable = places & cover_bits & ~base_bits
            if removable:
                needs = [(c, digit) for c in cells_in(base_bits & ~cover_bits)]
                text = f"X-Wing {digit} in {house_name(base + i)} and {house_name(base + j)}"
                out.append(([(c, digit) for c in cells_in(removable)], needs, text))
    if len(_X_WING_MEMO) >= _MEMO_SIZE:
        _X_WING_MEMO.clear()
    found = _X_WING_MEMO[base, digit, places] = tuple(out)
    return found


def _span(line: int, cover: int) -> int:
    """The cover houses (as a 9-bit mask) a line's places lie in."""
    out = 0
    for c in cells_in(line):
        out |= 1 << (c // 9 if cover == 0 else c % 9)
    return out
