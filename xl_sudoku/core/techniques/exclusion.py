"""Aligned Pair Exclusion and Aligned Triple Exclusion (core layer, logic techniques).

Sudoku Explainer's aligned exclusions: take two (or three) open cells, the *base* cells,
and the cells that see all of them with at most two (three) candidates, the
*excluders*. A combination of digits for the base cells is impossible when two base
cells that see each other would hold the same digit, or when it would take every
candidate of an excluder (the excluder would be left empty). A candidate of a base
cell that appears in no possible combination is false.

As Sudoku Explainer does (AlignedPairExclusion.java, AlignedExclusion.java): a base cell
is an open cell that sees at least one possible excluder (and no cell down to one
candidate); two or more common excluders are needed; the pairs are tried in the order
(1, 2), (1, 3), (2, 3), (1, 4), ... of the base cells by index, and the first pair that
removes something is the step (rating 6.2). For triples, the first two cells go in that
order and the third is taken among the excluders of the first, then of the second, that
are base cells themselves (rating 7.5).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board import PEER_BITS, Board, CellSet, cell_list
from ..candidates import DIGITS_OF, Mask
from ..steps import (
    ALIGNED_PAIR_EXCLUSION,
    ALIGNED_TRIPLE_EXCLUSION,
    Step,
    Technique,
    names,
    removals_text,
)
from .als import digits_set


def _base_cells(board: Board, degree: int) -> tuple[list[int], dict[int, CellSet]]:
    """The base cells, by index, and each one's possible excluders."""
    masks = board.masks
    small = 0
    single = 0
    for c in cell_list(board.open_bits):
        count = masks[c].bit_count()
        if count == 1:
            single |= 1 << c
        elif count <= degree:
            small |= 1 << c
    base: list[int] = []
    excluders: dict[int, CellSet] = {}
    for c in cell_list(board.open_bits):
        if masks[c].bit_count() < 2 or PEER_BITS[c] & single:
            continue
        seen = PEER_BITS[c] & small
        if seen:
            base.append(c)
            excluders[c] = seen
    return base, excluders


def aligned_pair_exclusions(board: Board) -> Iterator[Step]:
    """Aligned Pair Exclusion (module docstring)."""
    masks = board.masks
    base, excluders = _base_cells(board, 2)
    for j in range(1, len(base)):
        second = base[j]
        second_mask = masks[second]
        second_excluders = excluders[second]
        for i in range(j):
            first = base[i]
            common = excluders[first] & second_excluders
            if not common & (common - 1):
                continue  # fewer than two
            # with v in one cell, an excluder {v,a} forbids a in the other
            partner = [0] * 9
            rest = common
            while rest:
                low = rest & -rest
                rest ^= low
                pair = masks[low.bit_length() - 1]
                one = pair & -pair
                other = pair ^ one
                partner[one.bit_length() - 1] |= other
                partner[other.bit_length() - 1] |= one
            first_mask = masks[first]
            peers = PEER_BITS[first] >> second & 1
            removed = [0, 0]
            for k, (mine, theirs) in enumerate(
                ((first_mask, second_mask), (second_mask, first_mask))
            ):
                for v in DIGITS_OF[mine]:
                    v_bit = 1 << (v - 1)
                    if not theirs & ~partner[v - 1] & ~(v_bit if peers else 0):
                        removed[k] |= v_bit
            if removed[0] or removed[1]:
                yield _step(board, ALIGNED_PAIR_EXCLUSION, (first, second), common, removed)


def aligned_triple_exclusions(board: Board) -> Iterator[Step]:
    """Aligned Triple Exclusion (module docstring)."""
    masks = board.masks
    base, excluders = _base_cells(board, 3)
    base_bits = sum(1 << c for c in base)
    tried: set[CellSet] = set()
    for j in range(1, len(base)):
        second = base[j]
        for i in range(j):
            first = base[i]
            own = excluders[first]
            both = own & excluders[second]
            if not both & (both - 1):
                continue  # fewer than two common excluders already
            others = (1 << first) | (1 << second)
            # the third cell: an excluder of the first, then of the second, itself a
            # base cell
            tail = own & base_bits & ~others
            later = excluders[second] & ~own & base_bits & ~others
            while tail or later:
                if tail:
                    low = tail & -tail
                    tail ^= low
                else:
                    low = later & -later
                    later ^= low
                third = low.bit_length() - 1
                common = both & excluders[third]
                if not common & (common - 1):
                    continue  # fewer than two
                key = others | low
                if key in tried:
                    continue
                tried.add(key)
                removed = _triple(first, second, third, masks, common)
                if removed is not None:
                    cells = (first, second, third)
                    yield _step(board, ALIGNED_TRIPLE_EXCLUSION, cells, common, removed)


def _triple(
    first: int, second: int, third: int, masks: list[Mask], common: CellSet
) -> list[Mask] | None:
    """What an aligned triple removes from each of its cells (None if nothing).

    With ``v`` in one base cell, an excluder {v,a} forbids ``a`` in both other cells, an
    excluder {v,a,b} forbids them holding ``a`` and ``b``, and so does an excluder {a,b}
    without ``v``; a base cell that sees the one holding ``v`` cannot hold ``v``, and the
    other two cannot hold the same digit if they see each other. ``v`` goes when no
    digits are left for the other two.
    """
    partner, with_v, plain = _excluder_rules(masks, common)
    cell_masks = (masks[first], masks[second], masks[third])
    s01 = PEER_BITS[first] >> second & 1
    s02 = PEER_BITS[first] >> third & 1
    s12 = PEER_BITS[second] >> third & 1
    removed = [0, 0, 0]
    for k, i, j, see_i, see_j, see_ij in (
        (0, 1, 2, s01, s02, s12),
        (1, 0, 2, s01, s12, s02),
        (2, 0, 1, s02, s12, s01),
    ):
        mi, mj = cell_masks[i], cell_masks[j]
        for v in DIGITS_OF[cell_masks[k]]:
            v_bit = 1 << (v - 1)
            forbid = partner[v - 1]
            a = mi & ~forbid & ~(v_bit if see_i else 0)
            b = mj & ~forbid & ~(v_bit if see_j else 0)
            if not a or not b:
                removed[k] |= v_bit
                continue
            pairs = with_v[v - 1] + [e for e in plain if not e & v_bit]
            if not pairs:
                if see_ij and a == b and not a & (a - 1):
                    removed[k] |= v_bit
                continue
            for p in DIGITS_OF[a]:
                p_bit = 1 << (p - 1)
                left = b & ~p_bit if see_ij else b
                for pair in pairs:
                    if pair & p_bit:
                        left &= ~(pair & ~p_bit)
                if left:
                    break
            else:
                removed[k] |= v_bit
    return removed if removed[0] or removed[1] or removed[2] else None


def _excluder_rules(
    masks: list[Mask], common: CellSet
) -> tuple[list[Mask], list[list[Mask]], list[Mask]]:
    """What the excluders ``common`` (of two or three digits) forbid: per digit v, the
    digits an excluder {v,a} forbids beside it; per digit v, the pairs {a,b} an excluder
    {v,a,b} forbids under it; and the excluders {a,b}."""
    partner = [0] * 9
    with_v: list[list[Mask]] = [[] for _ in range(9)]
    plain: list[Mask] = []
    rest = common
    while rest:
        low = rest & -rest
        rest ^= low
        e = masks[low.bit_length() - 1]
        one = e & -e
        others = e ^ one
        if others & (others - 1):  # three digits
            for d in DIGITS_OF[e]:
                with_v[d - 1].append(e & ~(1 << (d - 1)))
        else:
            plain.append(e)
            partner[one.bit_length() - 1] |= others
            partner[others.bit_length() - 1] |= one
    return partner, with_v, plain


def _step(
    board: Board,
    technique: Technique,
    cells: tuple[int, ...],
    common: CellSet,
    removed_of: Sequence[Mask],
) -> Step:
    """The step of an aligned exclusion: base cells, their common excluders, and what
    it removes from each base cell."""
    masks = board.masks
    eliminations = tuple(
        sorted((c, d) for k, c in enumerate(cells) for d in DIGITS_OF[removed_of[k]])
    )
    relevant = _relevant_excluders(board, cells, common, set(eliminations))
    by = ", ".join(f"{names((e,))} {digits_set(masks[e])}" for e in relevant)
    why = f", excluded by {by}" if by else ""
    return Step(
        technique,
        f"{technique.name} in {names(sorted(cells))}{why}: {removals_text(eliminations)}",
        eliminations=eliminations,
        pattern=tuple(
            (c, d)
            for c in (*sorted(cells), *relevant)
            for d in DIGITS_OF[masks[c]]
            if (c, d) not in eliminations
        ),
    )


def _relevant_excluders(
    board: Board, cells: tuple[int, ...], common: CellSet, removed: set[tuple[int, int]]
) -> list[int]:
    """The excluders that rule out some combination holding a removed candidate (each
    combination counted against the first excluder that rules it out), by index."""
    masks = board.masks
    excluders = cell_list(common)
    relevant = set()
    for combo in _combinations([masks[c] for c in cells]):
        if not any((cells[k], d) in removed for k, d in enumerate(combo)):
            continue
        if any(
            combo[a] == combo[b] and PEER_BITS[cells[a]] >> cells[b] & 1
            for a in range(len(cells))
            for b in range(a + 1, len(cells))
        ):
            continue
        used = 0
        for d in combo:
            used |= 1 << (d - 1)
        locking = next((e for e in excluders if not masks[e] & ~used), None)
        if locking is not None:
            relevant.add(locking)
    return sorted(relevant)


def _combinations(cell_masks: list[Mask]) -> Iterator[tuple[int, ...]]:
    if not cell_masks:
        yield ()
        return
    for d in DIGITS_OF[cell_masks[0]]:
        for rest in _combinations(cell_masks[1:]):
            yield (d, *rest)
