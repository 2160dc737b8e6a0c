"""Reference solvers: the tests' cross-check on xl-sudoku's answers, and what the benchmarks
run beside it (``benchmarks/bench.py``, ``bench_references.py``).

* ``backtrack_solutions``: plain recursive backtracking, first empty cell, digits 1-9.
* ``norvig_solve`` / ``norvig_solutions``: propagate-and-search in the style of Peter
  Norvig's well-known essay: a dict of candidate strings, assign/eliminate with naked
  and hidden singles, search on the cell with the fewest candidates, copying the dict
  at every guess. Written for this benchmark, not copied.
* ``norvig_propagate``: that propagation alone, to where it stops, and with
  ``row_intersections`` the box-line intersections along rows too (what the fast
  solver's propagation does before it guesses).
* ``rdss_solutions`` / ``rdss_solve``: "Regular DFS for Solving Sudoku" as the seed slides
  (``004_*``) describe it: the empty cells put in order once, by repeatedly taking the one
  with the fewest candidates and lowering its empty peers' counts, then a depth-first
  search in that fixed order with a bit mask of free digits per row, column and box.
* ``numpy_blog_run`` / ``numpy_blog_solve``: the method of the numpy blog post (``003_*``),
  re-implemented from its description, failures included: candidate strings, singles
  found by how often a digit occurs in a row, column or box, a trial on the cell with the
  fewest candidates with a history to go back to, at most 1,000 cycles; it notices a
  duplicate digit but never a cell left with no candidate, and whatever grid it has when
  it stops is the one it prints under its success banner.
* ``py_sudoku_solve``: the PyPI package ``py-sudoku`` (import name ``sudoku``), if installed.
* ``reference_generate``: a generator as the seed slides describe one, on the
  Norvig-style solver.
* ``first_solution_ok``: the benchmarks' judge of an answer: a grid that solves the puzzle
  (``is_solution``), not merely one printed.

All take a puzzle as 81 ints (0 = empty) and return or yield tuples of 81 ints.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xl_sudoku.core import is_solution

if TYPE_CHECKING:  # numpy is a dev dependency, imported where the blog's method runs
    import numpy as np
    import numpy.typing as npt

ROWS = [[9 * r + c for c in range(9)] for r in range(9)]
COLS = [[9 * r + c for r in range(9)] for c in range(9)]
BOXES = [
    [9 * (3 * br + r) + 3 * bc + c for r in range(3) for c in range(3)]
    for br in range(3)
    for bc in range(3)
]
HOUSES_OF = [(cell // 9, 9 + cell % 9, 18 + 3 * (cell // 27) + cell % 9 // 3) for cell in range(81)]
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


def norvig_propagate(puzzle: Sequence[int], row_intersections: bool = False) -> Candidates | None:
    """The candidates naked and hidden singles leave from the givens, as Norvig's
    propagation finds them; None on a contradiction. With ``row_intersections``, box-line
    intersections along rows too, until nothing changes: a digit whose places in a box
    all lie in one row leaves the rest of that row (pointing), a digit whose places in a
    row all lie in one box leaves the rest of that box (claiming). A placed cell is a
    place of its digit: its peers have lost the digit already."""
    found: Candidates | None = dict.fromkeys(range(81), "123456789")
    for cell, digit in enumerate(puzzle):
        if digit and found is not None:
            found = _assign(found, cell, str(digit))
    changed = row_intersections
    while changed and found is not None:
        values, changed = found, False
        crossing = [(row, box) for row in ROWS for box in BOXES if set(row) & set(box)]
        for (row, box), d in itertools.product(crossing, "123456789"):
            out: list[int] = []
            box_places = [c for c in box if d in values[c]]
            if box_places and all(c in row for c in box_places):
                out += [c for c in row if c not in box]
            row_places = [c for c in row if d in values[c]]
            if row_places and all(c in box for c in row_places):
                out += [c for c in box if c not in row]
            for cell in out:
                if d in values[cell]:
                    changed = True
                    if _eliminate(values, cell, d) is None:
                        return None
    return found


# --- RDSS -----------------------------------------------------------------------------------

ALL_DIGITS = 0b111111111  # a house's free digits: bit d-1 set while d is not placed there


def _free_masks(puzzle: Sequence[int]) -> tuple[list[int], list[int], list[int]] | None:
    """Each row's, column's and box's free digits (1 = not yet placed); None if a given
    repeats a digit in a house."""
    rows, cols, boxes = [ALL_DIGITS] * 9, [ALL_DIGITS] * 9, [ALL_DIGITS] * 9
    for cell, digit in enumerate(puzzle):
        if digit:
            r, c = divmod(cell, 9)
            b, bit = 3 * (r // 3) + c // 3, 1 << (digit - 1)
            if not rows[r] & cols[c] & boxes[b] & bit:
                return None
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
    return rows, cols, boxes


def rdss_order(puzzle: Sequence[int]) -> list[int]:
    """The empty cells in RDSS's search order, fixed before the search. The slides: count
    each empty cell's candidates, bring the most constrained cell to the front ("bubble
    sort", not a plain sort: a cell placed early constrains the later ones), then lower the
    counts of the cells it constrains by a constant ("I lazily used 1") and repeat. The
    cells it constrains are its empty peers. Ties go to the first cell in reading order."""
    masks = _free_masks(puzzle)
    if masks is None:
        return [cell for cell in range(81) if not puzzle[cell]]
    rows, cols, boxes = masks
    count = {
        cell: (
            rows[cell // 9] & cols[cell % 9] & boxes[3 * (cell // 27) + cell % 9 // 3]
        ).bit_count()
        for cell in range(81)
        if not puzzle[cell]
    }
    order = []
    while count:
        cell = min(count, key=lambda c: (count[c], c))
        order.append(cell)
        del count[cell]
        for peer in PEERS[cell]:
            if peer in count:
                count[peer] -= 1
    return order


def rdss_solutions(puzzle: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every solution, by RDSS: depth-first in ``rdss_order``'s fixed order, a cell's
    candidates the AND of its row's, column's and box's free digits, taken lowest bit
    first (``x & -x``). No propagation and no reordering during the search."""
    masks = _free_masks(puzzle)
    if masks is None:
        return
    rows, cols, boxes = masks
    order = rdss_order(puzzle)
    places = [(cell // 9, cell % 9, 3 * (cell // 27) + cell % 9 // 3) for cell in order]
    depth_of_last = len(order) - 1
    grid = list(puzzle)
    if depth_of_last < 0:
        yield tuple(grid)
        return
    untried = [0] * len(order)  # each depth's candidates not yet tried
    placed = [0] * len(order)  # each depth's digit, as a bit (0: none)
    r, c, b = places[0]
    untried[0] = rows[r] & cols[c] & boxes[b]
    depth = 0
    while depth >= 0:
        r, c, b = places[depth]
        bit = placed[depth]
        if bit:  # take back the digit tried here before
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            placed[depth] = 0
        free = untried[depth]
        if not free:
            depth -= 1
            continue
        bit = free & -free
        untried[depth] = free ^ bit
        rows[r] ^= bit
        cols[c] ^= bit
        boxes[b] ^= bit
        placed[depth] = bit
        if depth == depth_of_last:
            for at, cell in enumerate(order):
                grid[cell] = placed[at].bit_length()
            yield tuple(grid)
            continue
        depth += 1
        r, c, b = places[depth]
        untried[depth] = rows[r] & cols[c] & boxes[b]


def rdss_solve(puzzle: Sequence[int]) -> tuple[int, ...] | None:
    """RDSS's first solution, or None."""
    return next(rdss_solutions(puzzle), None)


# --- the numpy blog's method ----------------------------------------------------------------

BLOG_CYCLE_CAP = 1000  # the post's loop: "while stepIndex < 1000"


@dataclass(frozen=True)
class BlogRun:
    """How a run of the numpy blog's method ended, as the post's program would print it.

    ``grid`` is the grid it prints: the post prints its success banner ("解题时长",
    "计算周期", "解题结果") whenever the loop stops, at the cycle cap too, so ``grid`` may
    be unsolved or may break the rules; only ``is_solution`` can tell. ``crashed``: a
    duplicate found with no trial to go back to, where the post's program stops with a
    Python error (its restore function returns nothing) and prints no grid."""

    grid: tuple[int, ...]
    cycles: int  # 计算周期: passes of the main loop
    tests: int  # 测试次数: duplicates found, each followed by a restore
    crashed: bool = False

    @property
    def capped(self) -> bool:
        return self.cycles >= BLOG_CYCLE_CAP


def _blog_candidates(data: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.str_], int]:
    """The post's candidate pass: a string of candidates per empty cell ('' for a filled
    cell, and - unnoticed - for an empty cell with none left); its singles by frequency
    (``_blog_singles``); and the cell to try: the first, in reading order, of those with
    the fewest candidates, counting only cells that have some (r1c1 if none has)."""
    import numpy as np

    used_in: list[set[str]] = [set() for _ in range(27)]  # rows 0-8, columns 9-17, boxes 18-26
    for cell, digit in enumerate(data.flat):
        if digit:
            for house in HOUSES_OF[cell]:
                used_in[house].add(str(digit))
    candidates = np.full((9, 9), "", dtype="<U9")
    for cell, digit in enumerate(data.flat):
        if not digit:
            seen = set().union(*(used_in[house] for house in HOUSES_OF[cell]))
            candidates[divmod(cell, 9)] = "".join(d for d in "123456789" if d not in seen)
    _blog_singles(candidates)
    fewest, chosen = 10, 0
    for cell in range(81):
        size = len(str(candidates[divmod(cell, 9)]))
        if 0 < size < fewest:
            fewest, chosen = size, cell
    return candidates, chosen


def _blog_singles(candidates: npt.NDArray[np.str_]) -> None:
    """House by house - rows, then columns, then boxes, each seeing what the one before
    changed - a digit that occurs once in the house's candidate strings becomes its cell's
    only candidate (the cell's first such digit, if it has two)."""
    for house in ROWS + COLS + BOXES:
        places = [divmod(cell, 9) for cell in house]
        strings = [str(candidates[place]) for place in places]
        joined = "".join(strings)
        once = {d for d in "123456789" if joined.count(d) == 1}
        for place, text in zip(places, strings, strict=True):
            alone = [d for d in text if d in once]
            if len(text) > 1 and alone:
                candidates[place] = alone[0]


def _blog_duplicate(data: npt.NDArray[np.int64]) -> bool:
    """The post's check: a digit twice in a row, column or box (and nothing else)."""
    flat = data.reshape(81)
    for house in ROWS + COLS + BOXES:
        placed = [int(flat[cell]) for cell in house if flat[cell]]
        if len(placed) != len(set(placed)):
            return True
    return False


@dataclass
class _Trial:
    cell: int
    untried: str  # the candidates not yet tried, in order
    before: npt.NDArray[np.int64]  # the grid before the trial, to go back to


def numpy_blog_run(puzzle: Sequence[int]) -> BlogRun:
    """The numpy blog's method on one puzzle (see the module's text), cycle by cycle:

    each cycle makes the candidate strings, writes every cell with one candidate, and
    checks for a duplicate digit. A duplicate sends it back to the grid before its latest
    open trial; a full grid ends the run; otherwise it tries a digit: on the chosen cell,
    unless that cell is already in the trial history, in which case the history's latest
    trial moves on to its next digit. A trial whose digits run out leaves the history (its
    last digit stays in the grid). A cell with no candidate is never noticed: such a grid
    goes on until a duplicate turns up, or until the cycle cap."""
    import numpy as np

    data = np.array(puzzle, dtype=np.int64).reshape(9, 9)
    history: list[_Trial] = []
    cycles = tests = 0
    while cycles < BLOG_CYCLE_CAP:
        candidates, chosen = _blog_candidates(data)
        singles = np.char.str_len(candidates) == 1
        data = np.where(
            (data == 0) & singles, np.where(singles, candidates, "0").astype(np.int64), data
        )
        if _blog_duplicate(data):
            if not history:
                return BlogRun(tuple(int(v) for v in data.flat), cycles, tests, crashed=True)
            data = history[-1].before.copy()
            tests += 1
        elif np.all(data):
            break
        else:
            if all(trial.cell != chosen for trial in history):
                history.append(_Trial(chosen, str(candidates[divmod(chosen, 9)]), data))
            trial = history[-1]
            if not trial.untried:
                history.pop()
            else:
                digit, trial.untried = trial.untried[0], trial.untried[1:]
                data = trial.before.copy()
                data[divmod(trial.cell, 9)] = int(digit)
                if not trial.untried:
                    history.pop()
        cycles += 1
    return BlogRun(tuple(int(v) for v in data.flat), cycles, tests)


def numpy_blog_solve(puzzle: Sequence[int]) -> tuple[int, ...] | None:
    """The grid the numpy blog's program prints as its result (None where it crashes).
    Not necessarily a solution: check it."""
    run = numpy_blog_run(puzzle)
    return None if run.crashed else run.grid


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


def first_solution_ok(answer: object, grid: Sequence[int]) -> bool:
    """True if ``answer`` is a grid (a tuple of 81 ints) that solves ``grid``."""
    return isinstance(answer, tuple) and is_solution(answer, tuple(grid))
