"""Target sudoku (NOIP 2009, 靶形数独): among all solutions, the highest score (core layer).

Each cell has a score by its ring around the centre, like a target: 6 on the outer
ring, then 7, 8, 9, and 10 for the centre cell. A solution scores the sum of score x
digit over all 81 cells; the answer is the highest score of any solution of the givens,
or -1 if they have none.

The search is exact: depth first, with the fast solver's propagation (singles, locked
candidates) at every node, and a bound on what a node could still score: in each house,
the best assignment of its open cells' candidates (see ``_bound``). A node whose bound
is no better than the best solution found so far is dropped. Only the inner 7x7 cells
are branched on, fewest candidates first, highest digit first: the outer ring scores 6
everywhere and each row sums to 45, so once the inner cells are set, any way of filling
the ring scores the same and one completion is enough. A puzzle with a few hundred
solutions or fewer skips all that: they are simply listed and scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter, mul
from typing import Final

from .deadline import OutOfTime, checkpoint, within
from .fields import FIELD, FIELD_MASK
from .glossary import HOUSES, Grid, col_of, row_of, slot_of
from .rules import validate
from .solver import (
    Node,
    Puzzle,
    State,
    as_grid,
    child,
    decode,
    fields,
    propagate,
    solutions,
    start,
)

#: a cell's score: 6 on the outer ring ... 10 in the centre
SCORES: Final[tuple[int, ...]] = tuple(
    10 - max(abs(row_of(c) - 4), abs(col_of(c) - 4)) for c in range(81)
)


@dataclass(frozen=True, slots=True)
class Target:
    """The best solution of a target sudoku: its score and grid (score -1, no grid: none)."""

    score: int
    grid: Grid | None
    nodes: int  # search states visited
    #: False when the search ran out of time: ``score`` is that of a real solution, so
    #: the best is at least that, but a better one may exist
    proven: bool = True


def score(grid: Grid) -> int:
    """A solved grid's score: the sum of score x digit."""
    return sum(map(mul, SCORES, grid))


_HOUSE_SCORES: Final = tuple(tuple(SCORES[c] for c in house) for house in HOUSES)
_FIELDS_OF: Final = tuple(itemgetter(*house) for house in HOUSES)  # a house's 9 fields, at once
Cache = dict[tuple[int, tuple[int, ...]], int]  # (house, its fields) -> its best


def _house_best(house: int, fields: tuple[int, ...], cache: Cache) -> int:
    """The most a house's open cells can score: each takes one of its candidates, no digit
    twice (an exact assignment, by dynamic programming over the digits used so far; a
    large negative number if they cannot all be filled)."""
    key = (house, fields)
    found = cache.get(key)
    if found is None:
        open_cells = sorted(
            (mask.bit_count(), score_here, mask)
            for score_here, mask in zip(_HOUSE_SCORES[house], fields, strict=True)
            if mask  # a placed cell is counted with the placed digits
        )
        layer = {0: 0}  # digits used so far -> the best score with them
        for _, score_here, mask in open_cells:  # fewest candidates first: small layers
            following: dict[int, int] = {}
            get = following.get
            for used, value in layer.items():
                rest = mask & ~used
                while rest:
                    low = rest & -rest
                    rest ^= low
                    total = value + score_here * low.bit_length()
                    if get(used | low, -1) < total:
                        following[used | low] = total
            layer = following
        found = cache[key] = max(layer.values(), default=-(1 << 20))
    return found


def _bound(state: State, best: int, cache: Cache) -> int:
    """The most a state can score (or any value no more than ``best`` once it is clear
    that the state cannot beat it): the placed digits as they are, and in each house the
    best assignment of candidates to its open cells. Summed over the rows, the columns or
    the boxes, each is a bound: the lowest of the three is used."""
    masks = fields(state[0])
    fixed = score(decode(state[4]))  # open cells decode to 0: they add nothing
    bound = 1 << 30
    for first in (0, 9, 18):
        total = fixed
        for house in range(first, first + 9):
            total += _house_best(house, _FIELDS_OF[house](masks), cache)
        bound = min(bound, total)
        if bound <= best:
            break
    return bound


_INNER: Final = tuple(c for c in range(81) if SCORES[c] > min(SCORES))


def _branch(cells: int) -> int:
    """The open inner cell to branch on (-1 if none is open): fewest candidates, then the
    one whose choice moves the score most (its score times the gap between its two
    highest candidates). Outer-ring cells all score the same, and every row holds the
    digits 1-9, so how they are filled never changes a score: they are not branched on."""
    best, best_key = -1, (10, 0)
    for cell in _INNER:
        field = (cells >> (FIELD * cell)) & FIELD_MASK
        if field:
            top = field.bit_length()
            gap = top - (field ^ (1 << (top - 1))).bit_length()
            key = (field.bit_count(), -SCORES[cell] * gap)
            if key < best_key:
                best, best_key = cell, key
    return best


ENUMERATE: Final = 300  # with no more solutions than this, simply score them all


def best_score(puzzle: Puzzle, seconds: float | None = None) -> Target:
    """The highest-scoring solution of ``puzzle`` (see the module's text). A puzzle with
    few solutions is answered by scoring each (the fast solver lists them quicker than
    the bounded search proves a best); the others by the bounded search.

    With few givens the search can take very long (an empty grid: hours); ``seconds``
    bounds it (so does a ``deadline.within`` around the call): past that, the best
    solution found so far comes back with ``proven`` False (none yet: score -1)."""
    grid = as_grid(puzzle)
    validate(grid)
    best, best_grid = -1, None
    listed = nodes = 0
    try:
        with within(seconds):
            for listed, solution in enumerate(solutions(grid), 1):
                checkpoint()
                if listed > ENUMERATE:
                    break  # many solutions: the bounded search, from the best found so far
                if score(solution) > best:
                    best, best_grid = score(solution), solution
            else:
                return Target(best, best_grid, listed)
            cache: Cache = {}  # most houses are unchanged from a node to the next
            stack: list[Node] = [start(grid)]
            while stack:
                node = stack.pop()
                nodes += 1
                checkpoint()  # a node costs a bound of every house: tens of microseconds
                state = propagate(*node[:6])
                if state is None or _bound(state, best, cache) <= best:
                    continue
                cell = _branch(state[0])
                if cell < 0:  # solved, or the inner cells set: any ring filling will do
                    completed = next(solutions(decode(state[4])), None)  # it may not fit
                    if completed is not None and score(completed) > best:
                        best_grid, best = completed, score(completed)
                    continue
                field = (state[0] >> (FIELD * cell)) & FIELD_MASK
                for digit in range(1, 10):  # pushed low to high: the highest tried first
                    if field >> (digit - 1) & 1:
                        stack.append(child(state, slot_of(cell, digit), node.level + 1))
    except OutOfTime:
        return Target(best, best_grid, max(listed, nodes), proven=False)
    return Target(best, best_grid, nodes)
