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
from functools import lru_cache
from typing import Final

from ..board import Board, changed_cells
from ..colours import GREY
from ..deadline import checkpoint
from ..glossary import DIGITS_OF, PEER_BITS, CellSet, Mask, cell_list, cells_in
from ..steps import Family, Step, Technique, names, removals_text
from .als import digits_set

# Sudoku Explainer's aligned exclusions (AlignedExclusionHint.java: 6.2, 7.5)
ALIGNED_PAIR_EXCLUSION = Technique(
    "aligned-pair-exclusion", "Aligned Pair Exclusion", 6.2, Family.EXCLUSION, GREY
)
ALIGNED_TRIPLE_EXCLUSION = Technique(
    "aligned-triple-exclusion", "Aligned Triple Exclusion", 7.5, Family.EXCLUSION, GREY
)


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


class _Quiet:
    """The last position where Aligned Pair (Triple) Exclusion found nothing: its
    candidates, its open cells and its base cells (``Memory``; empty: none yet)."""

    __slots__ = ("pairs", "triples")

    def __init__(self) -> None:
        self.pairs: Quiet = []
        self.triples: Quiet = []


def aligned_pair_exclusions(board: Board) -> Iterator[Step]:
    """Aligned Pair Exclusion (module docstring).

    As for triples (``aligned_triple_exclusions``), after a position without a pair only
    the pairs that touch what changed are tried."""
    base, excluders = _base_cells(board, 2)
    base_bits = sum(1 << c for c in base)
    quiet = board.memory.of(_Quiet).pairs
    zone = _touched(board, base_bits, quiet, 2)
    found = False
    for step in _pair_steps(board, base, excluders, zone):
        found = True
        yield step
    if not found:
        quiet[:] = [(tuple(board.masks), board.open_bits, base_bits)]


def _pair_steps(
    board: Board, base: list[int], excluders: dict[int, CellSet], zone: Zone | None
) -> Iterator[Step]:
    """The steps of the pairs, in Sudoku Explainer's order; with ``zone`` (``_touched``)
    only the pairs that have a touched cell or that both see a changed cell."""
    masks = board.masks
    base_bits = sum(1 << c for c in base)
    for second in base:
        second_mask = masks[second]
        second_excluders = excluders[second]
        # the first cell: a base cell before it that sees two of its excluders or more
        firsts = base_bits & ((1 << second) - 1) & _seen_twice(second_excluders)
        if zone is not None and not zone[0] >> second & 1:
            firsts &= _near(zone, 1 << second)
        while firsts:
            first_bit = firsts & -firsts
            firsts ^= first_bit
            first = first_bit.bit_length() - 1
            common = excluders[first] & second_excluders
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
    """Aligned Triple Exclusion (module docstring).

    What a triple removes depends only on the candidates of its cells, on their being
    base cells, and on the candidates of the cells that see all three. So where the last
    position searched had no triple and this one differs from it in a few cells, only
    the triples that touch those cells are tried (the engine searches positions a step
    apart, often one candidate)."""
    base, excluders = _base_cells(board, 3)
    base_bits = sum(1 << c for c in base)
    found = False
    quiet = board.memory.of(_Quiet).triples
    zone = _touched(board, base_bits, quiet, 3)
    for step in _triple_steps(board, base, excluders, zone):
        found = True
        yield step
    if not found:
        quiet[:] = [(tuple(board.masks), board.open_bits, base_bits)]


Quiet = list[tuple[tuple[Mask, ...], CellSet, CellSet]]
Zone = tuple[CellSet, list[CellSet]]


def _touched(board: Board, base_bits: CellSet, quiet: Quiet, degree: int) -> Zone | None:
    """Since the last position without a step (``quiet``; None if none): the base cells
    changed or that were no base cells then, and the peers of each changed cell that is
    an excluder now (two to ``degree`` candidates): a cell that is no excluder any more
    only takes exclusions away."""
    if not quiet:
        return None
    masks, open_bits, base_before = quiet[0]
    changed = changed_cells(masks, board.masks)
    around = [
        PEER_BITS[cell]
        for cell in cells_in(changed & board.open_bits)
        if 2 <= board.masks[cell].bit_count() <= degree
    ]
    changed |= open_bits ^ board.open_bits
    return (changed | base_bits & ~base_before) & base_bits, around


def _triple_steps(
    board: Board,
    base: list[int],
    excluders: dict[int, CellSet],
    zone: Zone | None,
) -> Iterator[Step]:
    """The steps of the triples, in Sudoku Explainer's order; with ``zone`` (``_touched``)
    only the triples that have a touched cell or whose cells all see a changed cell."""
    masks = board.masks
    base_bits = sum(1 << c for c in base)
    kills: dict[CellSet, Excluded] = {}
    touched_peers = 0
    if zone is not None:
        for cell in cell_list(zone[0]):
            touched_peers |= PEER_BITS[cell]
    for second in base:
        second_excluders = excluders[second]
        # the first cell: a base cell before it that sees two of its excluders or more
        firsts = base_bits & ((1 << second) - 1) & _seen_twice(second_excluders)
        if zone is not None and not (zone[0] | touched_peers) >> second & 1:
            # untouched, and no touched cell can be its excluder: the first cell is
            # touched, or has a touched excluder, or shares a changed excluder with it
            firsts &= _near(zone, 1 << second) | touched_peers
        while firsts:
            checkpoint()
            first_bit = firsts & -firsts
            firsts ^= first_bit
            first = first_bit.bit_length() - 1
            own = excluders[first]
            both = own & second_excluders
            others = first_bit | (1 << second)
            # the third cell: an excluder of the first, then of the second, itself a
            # base cell, that sees two common excluders or more
            candidates = base_bits & ~others
            if zone is not None and not zone[0] & others:
                candidates &= _near(zone, others) & (own | second_excluders)
                if not candidates:
                    continue
            candidates = _fresh(masks, first, second, candidates & _seen_twice(both))
            tail = own & candidates
            later = second_excluders & ~own & candidates
            while tail or later:
                if tail:
                    low = tail & -tail
                    tail ^= low
                else:
                    low = later & -later
                    later ^= low
                third = low.bit_length() - 1
                common = both & excluders[third]
                excluded = kills.get(common)
                if excluded is None:
                    excluded = kills[common] = _kills(masks, common)
                removed = _triple((first, second, third), masks, excluded)
                if removed is not None:
                    cells = (first, second, third)
                    yield _step(board, ALIGNED_TRIPLE_EXCLUSION, cells, common, removed)


def _fresh(masks: list[Mask], first: int, second: int, thirds: CellSet) -> CellSet:
    """The third cells that make with ``first`` and ``second`` (first < second) a triple
    not tried yet. A triple a < b < c is tried from the pair (a, b), else from (a, c),
    else from (b, c), the first whose cells have the third as an excluder (a peer with
    two or three candidates)."""
    peers = PEER_BITS[first]
    first_small = masks[first].bit_count() <= 3
    second_small = masks[second].bit_count() <= 3
    below = (1 << first) - 1
    fresh = thirds & ~((2 << second) - 1)  # after both: from (a, b), the first pair
    if not (second_small and peers >> second & 1):
        # between them: tried from (a, b) if c is an excluder of a or b
        between = thirds & ~below & ((1 << second) - 1) & ~(1 << first)
        fresh |= between & ~PEER_BITS[second] if second_small else between
    if not ((first_small or second_small) and peers >> second & 1):
        # before both: from (a, b) if c excludes for a or b, from (a, c) if b does for a or c
        before = thirds & below
        if second_small:
            before &= ~PEER_BITS[second]
        if first_small:
            before &= ~peers
        fresh |= before
    return fresh


def _near(zone: Zone, pair: CellSet) -> CellSet:
    """The third cells that make a touched triple with an untouched pair: touched cells,
    and the peers of a changed cell that sees both."""
    touched, around = zone
    for peers in around:
        if peers & pair == pair:
            touched |= peers
    return touched


@lru_cache(maxsize=8192)
def _seen_twice(cells: CellSet) -> CellSet:
    """The cells that see two of ``cells`` or more (remembered: the same sets of
    excluders come back from one position to the next)."""
    once = twice = 0
    while cells:
        low = cells & -cells
        cells ^= low
        peers = PEER_BITS[low.bit_length() - 1]
        twice |= once & peers
        once |= peers
    return twice


#: sets of (a, b) digit pairs for two base cells, as bits ``9 * a + b`` (digits from 0):
#: the pairs with ``a`` in a mask, with ``b`` in a mask, with ``a == b``, and a
#: two-digit mask's two orders
_FIRST_IN: Final = tuple(sum(0x1FF << (9 * a) for a in range(9) if m >> a & 1) for m in range(512))
_SECOND_IN: Final = tuple(m * sum(1 << (9 * a) for a in range(9)) for m in range(512))
_NOT_SAME: Final = ~sum(1 << (10 * a) for a in range(9))
_BOTH_ORDERS: Final = tuple(
    (1 << (9 * a + b) | 1 << (9 * b + a)) if m.bit_count() == 2 else 0
    for m in range(512)
    for a, b in [((m & -m).bit_length() - 1, (m & (m - 1)).bit_length() - 1)]
)


#: what the common excluders of a triple rule out (``_kills``): the pairs of digits of two
#: base cells that no excluder {a,b} rules out, per digit ``a`` the digits ``v`` of the
#: excluders {v,a}, per pair (a, b) the digits ``v`` of the excluders {v,a,b}
Excluded = tuple[int, list[Mask], dict[int, Mask]]


def _kills(masks: list[Mask], common: CellSet) -> Excluded:
    """What the excluders ``common`` rule out: with ``v`` in one base cell, an excluder
    {v,a} every pair holding ``a``, an excluder {v,a,b} and an excluder {a,b} the pair
    (a, b) in either order."""
    plain = 0
    partner = [0] * 9
    three: dict[int, Mask] = {}
    rest = common
    while rest:
        low = rest & -rest
        rest ^= low
        e = masks[low.bit_length() - 1]
        one = e & -e
        others = e ^ one
        if others & (others - 1):  # three digits
            for d in DIGITS_OF[e]:
                pair = e & ~(1 << (d - 1))
                a, b = (pair & -pair).bit_length() - 1, pair.bit_length() - 1
                three[9 * a + b] = three.get(9 * a + b, 0) | 1 << (d - 1)
                three[9 * b + a] = three.get(9 * b + a, 0) | 1 << (d - 1)
        else:
            plain |= _BOTH_ORDERS[e]
            partner[one.bit_length() - 1] |= others
            partner[others.bit_length() - 1] |= one
    return ~plain, partner, three


def _triple(
    cells: tuple[int, int, int], masks: list[Mask], excluded: Excluded
) -> list[Mask] | None:
    """What an aligned triple removes from each of its cells (None if nothing).

    With ``v`` in one base cell, an excluder {v,a} forbids ``a`` in both other cells, an
    excluder {v,a,b} forbids them holding ``a`` and ``b``, and so does an excluder {a,b}
    without ``v``; a base cell that sees the one holding ``v`` cannot hold ``v``, and the
    other two cannot hold the same digit if they see each other. ``v`` goes when it
    rules out every pair of digits left for the other two (the pairs are bits of an
    81-bit set): the digits that go are those that rule out every pair, found pair by
    pair until none is left (mostly after the first pair).
    """
    free, partner, three = excluded
    first, second, third = cells
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
        pairs = _FIRST_IN[cell_masks[i]] & _SECOND_IN[cell_masks[j]] & free
        if see_ij:
            pairs &= _NOT_SAME
        going = cell_masks[k]
        while pairs and going:
            low = pairs & -pairs
            pairs ^= low
            index = low.bit_length() - 1
            a, b = divmod(index, 9)
            going &= (
                partner[a]
                | partner[b]
                | three.get(index, 0)
                | (1 << a if see_i else 0)
                | (1 << b if see_j else 0)
            )
        removed[k] = going
    return removed if removed[0] or removed[1] or removed[2] else None


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
