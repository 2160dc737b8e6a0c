"""Reference solvers the benchmark runs beside xl-sudoku (and the tests use as a cross-check).

* ``backtrack_solutions``: plain recursive backtracking, first empty cell, digits 1-9.
* ``norvig_solve`` / ``norvig_solutions``: propagate-and-search in the style of Peter
  Norvig's well-known essay: a dict of candidate strings, assign/eliminate with naked
  and hidden singles, search on the cell with the fewest candidates, copying the dict
  at every guess. Written for this benchmark, not copied.
* ``py_sudoku_solve``: the PyPI package ``py-sudoku`` (import name ``sudoku``), if installed.
* ``reference_generate``: a generator as the seed slides describe one, on the
  Norvig-style solver.

All take a puzzle as 81 ints (0 = empty) and return or yield tuples of 81 ints.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

ROWS = [[9 * r + c for c in range(9)] for r in range(9)]
COLS = [[9 * r + c for r in range(9)] for c in range(9)]
BOXES = [
    [9 * (3 * br + r) + 3 * bc + c for r in range(3) for c in range(3)]
    for br in range(3)
    for bc in range(3)
]
UNITS_OF = [[u for u in ROWS + COLS + BOXES if cell in u] for cell in range(81)]
PEERS = [sorted({p for u in UNITS_OF[cell] for p in u} - {cell}) for cell in range(81)]


def backtrack_solutions(puzzle: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every solution, by plain recursive backtracking (no propagation, no ordering)."""
    grid = list(puzzle)
    for cell in range(81):
        if grid[cell] and any(grid[p] == grid[cell] for p in PEERS[cell]):
            return

    def fill(cell: int) -> Iterator[tuple[int, ...]]:
        while cell < 81 and grid[cell]:
            cell += 1
        if cell == 81:
            yield tuple(grid)
            return
        used = {grid[p] for p in PEERS[cell]}
        for digit in range(1, 10):
            if digit not in used:
                grid[cell] = digit
                yield from fill(cell + 1)
        grid[cell] = 0

    yield from fill(0)


Candidates = dict[int, str]


def norvig_solutions(puzzle: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every solution, by Norvig-style constraint propagation and search."""
    values: Candidates | None = dict.fromkeys(range(81), "123456789")
    for cell, digit in enumerate(puzzle):
        if digit and values is not None:
            values = _assign(values, cell, str(digit))
    if values is not None:
        yield from _search(values)


def norvig_solve(puzzle: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution, or None."""
    return next(norvig_solutions(puzzle), None)


def _search(values: Candidates) -> Iterator[tuple[int, ...]]:
    if all(len(v) == 1 for v in values.values()):
        yield tuple(int(values[cell]) for cell in range(81))
        return
    _, cell = min((len(v), cell) for cell, v in values.items() if len(v) > 1)
    for digit in values[cell]:
        child = _assign(values.copy(), cell, digit)
        if child is not None:
            yield from _search(child)


def _assign(values: Candidates, cell: int, digit: str) -> Candidates | None:
    for other in values[cell].replace(digit, ""):
        if _eliminate(values, cell, other) is None:
            return None
    return values


def _eliminate(values: Candidates, cell: int, digit: str) -> Candidates | None:
    if digit not in values[cell]:
        return values
    values[cell] = values[cell].replace(digit, "")
    if not values[cell]:
        return None
    if len(values[cell]) == 1:  # naked single: remove it from the peers
        last = values[cell]
        for peer in PEERS[cell]:
            if _eliminate(values, peer, last) is None:
                return None
    for unit in UNITS_OF[cell]:  # hidden single: the digit has one place left in a unit
        places = [c for c in unit if digit in values[c]]
        if not places:
            return None
        if len(places) == 1 and _assign(values, places[0], digit) is None:
            return None
    return values


def py_sudoku_solve(puzzle: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution found by the PyPI package py-sudoku, or None."""
    from sudoku import Sudoku  # type: ignore[import-untyped]

    board = [[puzzle[9 * r + c] or None for c in range(9)] for r in range(9)]
    solved = Sudoku(3, 3, board=board).solve()
    if solved.board is None or any(v is None for row in solved.board for v in row):
        return None
    return tuple(int(v) for row in solved.board for v in row)


def reference_generate(rng: random.Random) -> tuple[int, ...]:
    """A puzzle made the way the seed slides make one: a random full grid (a Norvig-style
    search of the empty grid with shuffled digits), then each cell in random order
    blanked if the puzzle keeps one solution (counted to 2 by ``norvig_solutions``)."""
    values: Candidates | None = dict.fromkeys(range(81), "123456789")
    order = list(range(81))
    rng.shuffle(order)
    for cell in order:  # fill cell by cell with random digits, propagating
        assert values is not None
        if len(values[cell]) > 1:
            for digit in rng.sample(values[cell], len(values[cell])):
                trial = _assign(dict(values), cell, digit)
                if trial is not None and next(_search(trial), None) is not None:
                    values = trial
                    break
    assert values is not None
    grid = [int(values[c]) for c in range(81)]
    rng.shuffle(order)
    for cell in order:
        kept, grid[cell] = grid[cell], 0
        solutions = norvig_solutions(grid)
        if next(solutions, None) is None or next(solutions, None) is not None:
            grid[cell] = kept
    return tuple(grid)
