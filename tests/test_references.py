"""The seeds' solvers in ``tests/references.py``: RDSS and the numpy blog's method solve
easy puzzles, and the numpy method's known failure is caught as one, not trusted."""

from __future__ import annotations

import itertools

import pytest

from tests.puzzles import load
from tests.references import (
    BLOG_CYCLE_CAP,
    PEERS,
    first_solution_ok,
    norvig_solve,
    numpy_blog_run,
    numpy_blog_solve,
    rdss_order,
    rdss_solutions,
    rdss_solve,
)
from xl_sudoku.core import count_solutions, is_solution

pytest.importorskip("numpy", reason="the numpy blog's method needs numpy: pip install -e '.[dev]'")

EASY = load("norvig_easy49", 4)
INKALA = load("inkala")[0]


def candidates(grid: tuple[int, ...], cell: int) -> set[int]:
    return set(range(1, 10)) - {grid[p] for p in PEERS[cell]}


@pytest.mark.parametrize("solver", [rdss_solve, numpy_blog_solve, norvig_solve])
def test_each_reference_solves_easy_puzzles(solver: object) -> None:
    for grid in EASY:
        answer = solver(grid)  # type: ignore[operator]
        assert answer is not None and is_solution(answer, grid)


def test_rdss_orders_the_empty_cells_once_most_constrained_first() -> None:
    grid = EASY[0]
    order = rdss_order(grid)
    empty = [cell for cell in range(81) if not grid[cell]]
    assert sorted(order) == empty
    fewest = min(len(candidates(grid, cell)) for cell in empty)
    assert len(candidates(grid, order[0])) == fewest


def test_rdss_finds_every_solution() -> None:
    grid = list(EASY[1])
    for cell in [c for c in range(81) if grid[c]][:12]:  # fewer givens: many solutions
        grid[cell] = 0
    found = list(itertools.islice(rdss_solutions(grid), 60))
    assert len(found) == len(set(found)) == count_solutions(grid, limit=60)
    assert all(is_solution(s, tuple(grid)) for s in found)
    assert list(rdss_solutions([5, 5] + [0] * 79)) == []  # a repeated given: no solution


@pytest.mark.slow
def test_numpy_blog_reproduces_the_posts_run_on_inkala() -> None:
    """The post: Inkala's puzzle solved in 644 cycles with 90 tests."""
    run = numpy_blog_run(INKALA)
    assert (run.cycles, run.tests, run.crashed) == (644, 90, False)
    assert is_solution(run.grid, INKALA)


@pytest.mark.slow
def test_numpy_blog_failure_on_top95_is_caught_not_trusted() -> None:
    """top95's 64th puzzle: the method leaves a cell without candidates, never notices,
    and runs to its cycle cap; the grid it prints is no solution, and the benchmark's
    check says so."""
    grid = load("norvig_top95")[63]
    run = numpy_blog_run(grid)
    assert run.capped and run.cycles == BLOG_CYCLE_CAP and not run.crashed
    printed = run.grid
    assert not is_solution(printed, grid)
    assert not first_solution_ok(printed, grid)
    dead = [c for c in range(81) if not printed[c] and not candidates(printed, c)]
    assert dead  # the cell with no candidate it did not notice


def test_numpy_blog_crash_counts_as_no_answer() -> None:
    """A duplicate with no trial to go back to stops the post's program with an error."""
    run = numpy_blog_run([5, 5] + [0] * 79)
    assert run.crashed
    assert numpy_blog_solve([5, 5] + [0] * 79) is None
