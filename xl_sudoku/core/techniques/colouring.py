"""Simple Colouring (core layer, logic techniques; HoDoKu's, not one of Sudoku Explainer's rules).

A digit's *conjugate pairs* (its only two places in a house) link its cells; colouring a
connected group of them in two colours, one colour holds the digit in every cell and the
other in none. A colour seen twice in one house is false (*colour wrap*); a cell that
sees both colours cannot hold the digit (*colour trap*). Sudoku Explainer finds the same
eliminations as X-Chains and X-Cycles; so the engine tries Simple Colouring only after
every Sudoku Explainer rule (see ``steps.TECHNIQUES``), and it is there to choose.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ..board import PEER_BITS, UNIT_BITS, CellSet, cell_list
from ..steps import SIMPLE_COLOURING, Step, names, removals_text
from .memory import by_digit


def _conjugates_of(cells: CellSet) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for each unit where a digit with these places has two."""
    out = []
    for unit, bits in enumerate(UNIT_BITS):
        places = cells & bits
        if places.bit_count() == 2:
            low = places & -places
            out.append((unit, low.bit_length() - 1, (places ^ low).bit_length() - 1))
    return out


def _sees(a: int, b: int) -> bool:
    return bool(PEER_BITS[a] >> b & 1)


def _simple_colouring(digit: int, cells: CellSet) -> Iterator[Step]:
    links: dict[int, list[int]] = {}
    for _, a, b in _conjugates_of(cells):
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set[int] = set()
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for other in links[cell]:
                if other not in colour:
                    colour[other] = 1 - colour[cell]
                    queue.append(other)
        seen |= colour.keys()
        if len(colour) < 3:
            continue
        groups = [[c for c, k in sorted(colour.items()) if k == side] for side in (0, 1)]
        bits = [sum(1 << c for c in g) for g in groups]
        # colour wrap: two cells of one colour see each other -> that colour is false
        for side in (0, 1):
            clash = next(
                (
                    (a, b)
                    for i, a in enumerate(groups[side])
                    for b in groups[side][i + 1 :]
                    if _sees(a, b)
                ),
                None,
            )
            if clash:
                eliminations = tuple((c, digit) for c in groups[side])
                yield Step(
                    SIMPLE_COLOURING,
                    f"Simple Colouring {digit}: {names(clash)} have the same colour and see "
                    f"each other, so that colour is false: {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple((c, digit) for c in groups[1 - side]),
                    alternate=tuple((c, digit) for c in groups[side]),
                )
        # colour trap: a cell outside that sees both colours
        removed = 0
        for cell in cell_list(cells & ~(bits[0] | bits[1])):
            if PEER_BITS[cell] & bits[0] and PEER_BITS[cell] & bits[1]:
                removed |= 1 << cell
        if removed:
            eliminations = tuple((c, digit) for c in cell_list(removed))
            yield Step(
                SIMPLE_COLOURING,
                f"Simple Colouring {digit}: {names(groups[0])} or {names(groups[1])} hold it; "
                f"cells that see both colours lose it: {removals_text(eliminations)}",
                eliminations=eliminations,
                pattern=tuple((c, digit) for c in groups[0]),
                alternate=tuple((c, digit) for c in groups[1]),
            )


simple_colouring = by_digit(_simple_colouring)
