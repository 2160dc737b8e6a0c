"""Wings: XY-Wing, XYZ-Wing, W-Wing, WXYZ- to TUVWXYZ-Wing (core layer, logic techniques).

XY-Wing: a pivot {x,y} sees two wings {x,z} and {y,z}; whichever the pivot is, one
wing is z, so z leaves every cell that sees both wings. XYZ-Wing: the pivot is
{x,y,z}, so z leaves cells that see the pivot and both wings. W-Wing: two cells {x,y}
that do not see each other, and a house where y has only two places, one seeing each
cell: one of the two cells is x, so x leaves cells that see both.

WXYZ-, VWXYZ-, UVWXYZ- and TUVWXYZ-Wing are Sukaku Explainer's wings on an almost locked
set (ALS: N cells of one house holding N+1 digits; 3, 4, 5 or 6 cells) and a bivalue
cell {x,z} outside it, both of its digits in the set. A digit is *restricted* when the
bivalue cell sees every cell of the set that holds it: it cannot be in both. If x is
restricted, then either the bivalue cell is z, or it is x, the set has no x and its
other N digits are locked in it, z among them: z leaves every cell that sees the
bivalue cell and every z of the set. If both digits are restricted (doubly linked), the
set can miss only x or z, so each of its other digits is placed in it and leaves every
cell that sees all its places there; and x, like z, leaves cells that see the bivalue
cell and every x of the set. Ratings and the order of the steps follow Sukaku
(WXYZWingHint.java and its siblings): WXYZ 5.5, or 5.6 when its largest cell has three
candidates; VWXYZ 6.2 + 0.1 x (2 - |3 - largest|); UVWXYZ 6.6; TUVWXYZ 7.5; easiest
first, then the most eliminations, then the doubly linked, the larger cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..board import Board, changed_cells
from ..colours import GREEN, PINK
from ..glossary import DIGITS_OF, HOUSE_BITS, HOUSES_OF, PEER_BITS, CellSet, Mask, cell_list
from ..grid import cell_name, house_name
from ..steps import Family, Step, Technique, digits_text, names, removals_text
from .als import ALS, sets_in_houses, sets_of_size

XY_WING = Technique("xy-wing", "XY-Wing", 4.2, Family.WINGS, GREEN)
XYZ_WING = Technique("xyz-wing", "XYZ-Wing", 4.4, Family.WINGS, GREEN)
W_WING = Technique("w-wing", "W-Wing", 5.8, Family.CHAINS, PINK)
# Sukaku Explainer's wings beyond XYZ: an almost locked set of 3-6 cells in one house
# and a bivalue cell (WXYZWingHint.java .. TUVWXYZWingHint.java: 5.5-5.6, 6.2-6.4, 6.6,
# 7.5)
WXYZ_WING = Technique("wxyz-wing", "WXYZ-Wing", 5.5, Family.WINGS, GREEN)
VWXYZ_WING = Technique("vwxyz-wing", "VWXYZ-Wing", 6.2, Family.WINGS, GREEN)
UVWXYZ_WING = Technique("uvwxyz-wing", "UVWXYZ-Wing", 6.6, Family.WINGS, GREEN)
TUVWXYZ_WING = Technique("tuvwxyz-wing", "TUVWXYZ-Wing", 7.5, Family.WINGS, GREEN)


def _bivalue_cells(board: Board) -> list[int]:
    return [c for c in range(81) if board.masks[c].bit_count() == 2]


def xy_wings(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue = _bivalue_cells(board)
    bivalue_bits = sum(1 << c for c in bivalue)
    for pivot in bivalue:
        pair = masks[pivot]
        wings = [w for w in cell_list(bivalue_bits & PEER_BITS[pivot]) if masks[w] != pair]
        for i, first in enumerate(wings):
            shared_first = masks[first] & pair
            if shared_first.bit_count() != 1:
                continue
            z = masks[first] & ~pair
            for second in wings[i + 1 :]:
                if masks[second] == (pair ^ shared_first) | z:
                    removed = board.cells_of(z.bit_length()) & PEER_BITS[first] & PEER_BITS[second]
                    if removed:
                        yield _wing_step(
                            XY_WING, board, (pivot, first, second), z.bit_length(), removed
                        )


def xyz_wings(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue_bits = sum(1 << c for c in _bivalue_cells(board))
    for pivot in range(81):
        triple = masks[pivot]
        if triple.bit_count() != 3:
            continue
        wings = [w for w in cell_list(bivalue_bits & PEER_BITS[pivot]) if masks[w] & ~triple == 0]
        for i, first in enumerate(wings):
            for second in wings[i + 1 :]:
                if masks[first] | masks[second] != triple or masks[first] == masks[second]:
                    continue
                z = (masks[first] & masks[second]).bit_length()
                removed = (
                    board.cells_of(z) & PEER_BITS[pivot] & PEER_BITS[first] & PEER_BITS[second]
                )
                if removed:
                    yield _wing_step(XYZ_WING, board, (pivot, first, second), z, removed)


def _wing_step(
    technique: Technique, board: Board, cells: tuple[int, int, int], z: int, removed: int
) -> Step:
    """``cells``: the pivot, then the two wings."""
    pivot, first, second = cells
    eliminations = tuple((c, z) for c in cell_list(removed))
    masks = board.masks
    digits = DIGITS_OF[masks[pivot] | masks[first] | masks[second]]
    return Step(
        technique,
        f"{technique.name} {digits_text(digits)} with pivot {cell_name(pivot)}, wings "
        f"{cell_name(first)} and {cell_name(second)}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, d) for c in cells for d in DIGITS_OF[masks[c]]),
    )


def w_wings(board: Board) -> Iterator[Step]:
    masks = board.masks
    bivalue = _bivalue_cells(board)
    for i, first in enumerate(bivalue):
        pair = masks[first]
        for second in bivalue[i + 1 :]:
            if masks[second] != pair or PEER_BITS[first] >> second & 1:
                continue
            for link in DIGITS_OF[pair]:
                other = DIGITS_OF[pair ^ (1 << (link - 1))][0]
                removed = board.cells_of(other) & PEER_BITS[first] & PEER_BITS[second]
                if not removed:
                    continue
                places = board.cells_of(link)
                for house, bits in enumerate(HOUSE_BITS):
                    ends = places & bits
                    if ends.bit_count() != 2 or ends & ((1 << first) | (1 << second)):
                        continue
                    a, b = cell_list(ends)
                    if not (
                        (PEER_BITS[first] >> a & 1 and PEER_BITS[second] >> b & 1)
                        or (PEER_BITS[first] >> b & 1 and PEER_BITS[second] >> a & 1)
                    ):
                        continue
                    eliminations = tuple((c, other) for c in cell_list(removed))
                    yield Step(
                        W_WING,
                        f"W-Wing {digits_text(DIGITS_OF[pair])} in {cell_name(first)} and "
                        f"{cell_name(second)}, linked by {link} in {house_name(house)} "
                        f"({names((a, b))}): {removals_text(eliminations)}",
                        eliminations=eliminations,
                        pattern=(
                            *((c, d) for c in (first, second) for d in DIGITS_OF[pair]),
                            (a, link),
                            (b, link),
                        ),
                        houses=(house,),
                    )
                    break


# --- WXYZ-Wing to TUVWXYZ-Wing -------------------------------------------------------------

_ALS_WINGS = {3: WXYZ_WING, 4: VWXYZ_WING, 5: UVWXYZ_WING, 6: TUVWXYZ_WING}


def wing_rating(technique: Technique, largest: int) -> float:
    """Sukaku's rating of an ALS wing whose set's largest cell has ``largest``
    candidates: WXYZ- and VWXYZ-Wings with middle-sized cells are the harder."""
    if technique is WXYZ_WING:
        return round(5.5 + 0.1 * (1 - abs(3 - largest)), 1)
    if technique is VWXYZ_WING:
        return round(6.2 + 0.1 * (2 - abs(3 - largest)), 1)
    return technique.rating


def wxyz_wings(board: Board) -> Iterator[Step]:
    """WXYZ-Wing: an ALS of three cells and a bivalue cell (module docstring)."""
    return _als_wings(board, 3)


def vwxyz_wings(board: Board) -> Iterator[Step]:
    """VWXYZ-Wing: an ALS of four cells and a bivalue cell (module docstring)."""
    return _als_wings(board, 4)


def uvwxyz_wings(board: Board) -> Iterator[Step]:
    """UVWXYZ-Wing: an ALS of five cells and a bivalue cell (module docstring)."""
    return _als_wings(board, 5)


def tuvwxyz_wings(board: Board) -> Iterator[Step]:
    """TUVWXYZ-Wing: an ALS of six cells and a bivalue cell (module docstring)."""
    return _als_wings(board, 6)


class _Quiet(dict[int, tuple[Mask, ...]]):
    """Per size of set, the candidates of the last position where it made no wing
    (``Memory``)."""

    __slots__ = ()


def _als_wings(board: Board, size: int) -> Iterator[Step]:
    """The wings of one size of set, in Sukaku's order.

    A wing's step depends on the candidates of its set and its bivalue cell, and on those
    of the cells it removes from. So after a position without a wing of this size, of
    which this one has only lost candidates, only the wings with a set or bivalue cell
    changed since are tried: any other was there then, removing as much or more. (A
    position with a candidate the quiet one lacks, the engine's after a guess went
    wrong, has every wing tried.)"""
    technique = _ALS_WINGS[size]
    masks = board.masks
    memory = board.memory.of(_Quiet)
    quiet = memory.get(size)
    if quiet is None or any(now & ~then for now, then in zip(masks, quiet, strict=True)):
        changed = (1 << 81) - 1
    else:
        changed = changed_cells(quiet, masks)
    if not changed:
        return
    bivalue = 0
    for c in cell_list(board.open_bits):
        if masks[c].bit_count() == 2:
            bivalue |= 1 << c
    found: list[tuple[float, int, str, tuple[int, ...], Step]] = []
    for als in _sets_to_try(board, size, changed, bivalue):
        wings = bivalue & als.near
        if not als.cells & changed:
            wings &= changed
        outside = ~als.digits
        while wings:
            low = wings & -wings
            wings ^= low
            wing = low.bit_length() - 1
            if masks[wing] & outside:
                continue  # a digit of the wing is not in the set
            found_step = _als_wing_step(board, technique, als, wing)
            if found_step is not None:
                step, doubly = found_step
                members = cell_list(als.cells)
                largest = max(masks[c].bit_count() for c in members)
                weight = sum(masks[c].bit_count() for c in members)
                suffix = f"{2 if doubly else 1}{largest}{weight}"
                found.append(
                    (step.difficulty, len(step.eliminations), suffix, (*members, wing), step)
                )
    # Sukaku's order: easiest first, then the most eliminations, then the greatest
    # suffix (doubly linked, largest cell, most candidates) as text, then as found
    # (by the set's cells, then the bivalue cell)
    if not found:
        memory[size] = tuple(masks)
        return
    found.sort(key=lambda item: item[3])
    found.sort(key=lambda item: item[2], reverse=True)
    found.sort(key=lambda item: (item[0], -item[1]))
    for *_, step in found:
        yield step


def _sets_to_try(board: Board, size: int, changed: CellSet, bivalue: CellSet) -> Iterable[ALS]:
    """The sets a wing may have (``_als_wings``): every set if a bivalue cell changed,
    else those holding a changed cell, found in the changed cells' houses."""
    if not bivalue:
        return ()
    if changed & bivalue:
        return sets_of_size(board, size)
    houses = {h for c in cell_list(changed & board.open_bits) for h in HOUSES_OF[c]}
    return sets_in_houses(board, size, sorted(houses))


def _als_wing_step(
    board: Board, technique: Technique, als: ALS, wing: int
) -> tuple[Step, bool] | None:
    """The step of an ALS wing on a set and a bivalue cell, if it removes anything; and
    whether it counts as doubly linked in Sukaku's order."""
    masks = board.masks
    pair = masks[wing]
    low = pair & -pair
    x, z = low.bit_length(), (pair ^ low).bit_length()
    sees_wing = PEER_BITS[wing]
    x_restricted = not als.cells_of[x - 1] & ~sees_wing
    z_restricted = not als.cells_of[z - 1] & ~sees_wing
    if not x_restricted:
        if not z_restricted:
            return None
        x, z = z, x  # x is the restricted digit
    doubly = x_restricted and z_restricted
    victims_z = board.cells_of(z) & sees_wing & als.sees[z - 1]
    if not (victims_z or doubly):
        return None
    removed_z = [(c, z) for c in cell_list(victims_z)] if victims_z else []
    removed_x: list[tuple[int, int]] = []
    removed_w: list[tuple[int, int]] = []
    if doubly:
        victims_x = board.cells_of(x) & sees_wing & als.sees[x - 1]
        if victims_x:
            removed_x = [(c, x) for c in cell_list(victims_x)]
        for w in DIGITS_OF[als.digits & ~pair]:
            victims = board.cells_of(w) & als.sees[w - 1]
            if victims:
                removed_w += [(c, w) for c in cell_list(victims)]
        if not (removed_z or removed_x or removed_w):
            return None
    eliminations = tuple(sorted(removed_w + removed_x + removed_z))
    members = cell_list(als.cells)
    link = f"doubly linked by {x} and {z}" if doubly else f"X={x}, Z={z}"
    houses = tuple(u for u, bits in enumerate(HOUSE_BITS) if not als.cells & ~bits)
    step = Step(
        technique,
        f"{technique.name} {digits_text(DIGITS_OF[als.digits])}: {names(members)} and "
        f"wing {cell_name(wing)}, {link}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple((c, d) for c in (*members, wing) for d in DIGITS_OF[masks[c]]),
        houses=houses,
        rating=wing_rating(technique, max(masks[c].bit_count() for c in members)),
    )
    # Sukaku counts a doubly linked wing as singly linked when it removes none of the
    # set's other digits and not both of x and z
    counted_doubly = doubly and bool(removed_w or (removed_x and removed_z))
    return step, counted_doubly
