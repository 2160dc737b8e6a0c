"""Closures as ``follow`` makes them and the walks over their parents: the fast paths
(bits made at a clash, an "off"'s first partner, where region hints start) and the walks
(``ancestors``, ``chain``) against the plain definitions."""

from __future__ import annotations

from xl_sudoku.core.board import board_from_candidates
from xl_sudoku.core.glossary import DIGITS_OF, HOUSE_BITS, SE_HOUSES_OF, Key, key_of
from xl_sudoku.core.marks import read_s9b
from xl_sudoku.core.techniques.chains import rules
from xl_sudoku.core.techniques.chains.closures import Closure, follow
from xl_sudoku.core.techniques.chains.plus import advanced_offs
from xl_sudoku.core.techniques.chains.potentials import ChainGrid, Potential
from xl_sudoku.core.techniques.chains.static import off_to_on_keys

from .test_nesting import INKALA_80, INKALA_NESTED


def _grid(s9b: str) -> ChainGrid:
    position = read_s9b(s9b)
    return ChainGrid.of(board_from_candidates(position.digits, position.masks))


def _closures(grid: ChainGrid, dynamic: bool = True) -> list[Closure]:
    """Every candidate's "on" and "off" followed on ``grid``."""
    out = []
    for cell in range(81):
        if grid.masks[cell].bit_count() < 2:
            continue
        for digit in DIGITS_OF[grid.masks[cell]]:
            for on in (True, False):
                key = key_of(cell, digit, on)
                out.append(follow(grid, key if on else None, None if on else key, dynamic))
    return out


def test_a_chain_that_clashes_keeps_its_potentials_as_bits_too() -> None:
    """``follow`` leaves a closure's potentials as bit sets of nodes (``node_bits``) where
    it stops at a clash as where it ends, made from what it kept as it went: the same as
    made from the potentials."""
    clashes = 0
    for grid in (_grid(INKALA_80), _grid(INKALA_NESTED)):
        for dynamic in (True, False):
            for closure in _closures(grid, dynamic):
                assert closure.bits is not None
                on = off = 0
                for key in closure.first:
                    if key & 1:
                        on |= 1 << (key >> 1)
                    else:
                        off |= 1 << (key >> 1)
                assert closure.bits == (on, off)
                clashes += closure.clash is not None
    assert clashes >= 50


def _reachable(closure: Closure, key: Key) -> set[Key]:
    seen = {key}
    todo = [key]
    while todo:
        for parent in closure.parents(todo.pop()):
            if parent not in seen:
                seen.add(parent)
                todo.append(parent)
    return seen


def _breadth_first(closure: Closure, key: Key) -> list[Key]:
    out: list[Key] = []
    todo = [key]
    while todo:
        following: list[Key] = []
        for k in todo:
            if k not in out:
                out.append(k)
                following += closure.parents(k)
        todo = following
    return out


def test_a_closures_walks_take_each_potentials_parents() -> None:
    """``ancestors`` and ``chain`` walk a potential's parents (``Closure.parents``): in a
    chain of singles (a clash's potential included) and in a chain with the "offs" of
    Dynamic Forcing Chains (+)'s techniques."""
    closures = _closures(_grid(INKALA_80))
    grid = _grid(INKALA_NESTED)
    for cell in range(81):
        for digit in DIGITS_OF[grid.masks[cell]] if grid.masks[cell].bit_count() > 1 else ():
            key = key_of(cell, digit, True)
            closures.append(follow(grid, key, None, True, True, _advanced))
    assert any(c.advanced for c in closures) and any(c.clash for c in closures)
    for closure in closures:
        for key in [*closure.first, *closure.extra]:
            assert closure.ancestors(key) == _reachable(closure, key)
            assert closure.chain(key) == _breadth_first(closure, key)


def _advanced(work: ChainGrid, source: ChainGrid, closure: Closure) -> list[Potential]:
    return advanced_offs(work, source, closure, 1)


def test_an_offs_first_partner_is_the_first_on_it_turns_on() -> None:
    """``_Follower.off_needed`` follows an "off"'s partner: the first "on" the "off"
    turns on by a cell or house link (``static.off_to_on_keys``), -1 if none."""
    found = 0
    for grid in (_grid(INKALA_80), _grid(INKALA_NESTED)):
        for cell in range(81):
            for digit in DIGITS_OF[grid.masks[cell]]:
                ons = off_to_on_keys(
                    grid.masks, grid.places, key_of(cell, digit, False), True, True
                )
                expected = ons[0][0] if ons else -1
                assert rules._partner(grid, cell, digit - 1) == expected
                found += bool(ons)
    assert found >= 50


def test_region_hints_start_at_a_digits_first_place_in_a_house() -> None:
    """Per candidate, the houses (box, row, column) where it is its digit's first place
    of two, or of two or more for multiple chains: where its region hints start."""
    for grid in (_grid(INKALA_80), _grid(INKALA_NESTED)):
        for multiple in (False, True):
            starts = rules._region_starts(grid, multiple)
            expected: dict[int, list[tuple[int, int]]] = {}
            for cell in range(81):
                for digit in DIGITS_OF[grid.masks[cell]]:
                    for house in SE_HOUSES_OF[cell]:
                        places = grid.places[digit - 1] & HOUSE_BITS[house]
                        count = places.bit_count()
                        first = (places & -places).bit_length() - 1
                        if (count == 2 or (multiple and count > 2)) and first == cell:
                            expected.setdefault(10 * cell + digit - 1, []).append((house, places))
            assert starts == expected
            assert len(starts) >= 5
