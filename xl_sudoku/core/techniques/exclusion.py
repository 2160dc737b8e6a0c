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


#: (cells, excluders, their candidates) -> what an aligned triple removes: remembered
#: because from one step to the next most triples and their excluders are the same
_TRIPLES: dict[tuple[int, ...], tuple[Mask, ...]] = {}


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
            if not both:
                continue
            others = (1 << first) | (1 << second)
            tail = cell_list(own & base_bits & ~others)
            tail += cell_list(excluders[second] & ~own & base_bits & ~others)
            for third in tail:
                common = both & excluders[third]
                if not common & (common - 1):
                    continue  # fewer than two
                key = others | 1 << third
                if key in tried:
                    continue
                tried.add(key)
                cells = tuple(sorted((first, second, third)))
                state = (key, *[masks[c] for c in cells], *[masks[e] for e in cell_list(common)])
                removed = _TRIPLES.get(state)
                if removed is None:
                    if len(_TRIPLES) > 200_000:
                        _TRIPLES.clear()
                    removed = _TRIPLES[state] = tuple(
                        _impossible(
                            cells, [masks[c] for c in cells], [masks[e] for e in cell_list(common)]
                        )
                    )
                if any(removed):
                    yield _step(board, ALIGNED_TRIPLE_EXCLUSION, cells, common, removed)


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


def _impossible(
    cells: tuple[int, ...], cell_masks: list[Mask], excluders: list[Mask]
) -> list[Mask]:
    """Per base cell, the candidates that no possible combination gives it.

    With ``v`` in one base cell, an excluder {v,a} forbids ``a`` in every other base
    cell, an excluder {v,a,b} forbids the other two holding ``a`` and ``b``, and an
    excluder {a,b} without ``v`` forbids them holding ``a`` and ``b`` (with three base
    cells; with two, it cannot be emptied). A base cell that sees the one holding ``v``
    cannot hold ``v`` either.
    """
    partner = [0] * 9  # per digit v: the digits an excluder {v,a} forbids beside v
    pairs_with: list[list[Mask]] = [[] for _ in range(9)]  # {v,a,b} -> {a,b} under v
    plain: list[Mask] = []  # excluders {a,b}
    for e in excluders:
        if e.bit_count() == 2:
            plain.append(e)
            low = e & -e
            high = e ^ low
            partner[low.bit_length() - 1] |= high
            partner[high.bit_length() - 1] |= low
        else:
            for d in DIGITS_OF[e]:
                pairs_with[d - 1].append(e & ~(1 << (d - 1)))
    n = len(cells)
    see = [[bool(PEER_BITS[a] >> b & 1) for b in cells] for a in cells]
    removed = [0] * n
    for k in range(n):
        for v in DIGITS_OF[cell_masks[k]]:
            v_bit = 1 << (v - 1)
            forbid = partner[v - 1]
            if n == 2:
                other = 1 - k
                allowed = cell_masks[other] & ~forbid & ~(v_bit if see[k][other] else 0)
                if not allowed:
                    removed[k] |= v_bit
                continue
            i, j = (1, 2) if k == 0 else (0, 2) if k == 1 else (0, 1)
            first = cell_masks[i] & ~forbid & ~(v_bit if see[k][i] else 0)
            second = cell_masks[j] & ~forbid & ~(v_bit if see[k][j] else 0)
            if not first or not second:
                removed[k] |= v_bit
                continue
            pairs = pairs_with[v - 1] + [e for e in plain if not e & v_bit]
            if not pairs and not (see[i][j] and first == second and first & (first - 1) == 0):
                continue  # nothing left to rule out a combination of i and j
            for p in DIGITS_OF[first]:
                p_bit = 1 << (p - 1)
                rest = second & ~p_bit if see[i][j] else second
                for pair in pairs:
                    if pair & p_bit:
                        rest &= ~(pair & ~p_bit)
                if rest:
                    break
            else:
                removed[k] |= v_bit
    return removed


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
