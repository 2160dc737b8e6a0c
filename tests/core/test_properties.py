"""Properties: the solver commutes with the symmetries of sudoku and never breaks a rule."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.puzzles import load
from xl_sudoku.core import (
    DuplicateError,
    Grid,
    NoSolutionError,
    find_duplicates,
    is_solution,
    solutions,
    solve,
)

Transform = Callable[[Grid], Grid]

# unique puzzles of every difficulty: easy, hard, 17 clues
POOL = load("norvig_easy49")[:10] + load("norvig_top95")[:30] + load("royle_17clue_first5000", 30)


@st.composite
def transforms(draw: st.DrawFn) -> Transform:
    """A random symmetry: relabel digits, permute bands, stacks, rows and columns, transpose."""
    digits = draw(st.permutations(range(1, 10)))
    bands = draw(st.permutations(range(3)))
    stacks = draw(st.permutations(range(3)))
    rows = [3 * b + r for b in bands for r in draw(st.permutations(range(3)))]
    cols = [3 * s + c for s in stacks for c in draw(st.permutations(range(3)))]
    transpose = draw(st.booleans())
    relabel = (0, *digits)

    def apply(grid: Grid) -> Grid:
        out = []
        for r in range(9):
            for c in range(9):
                source_row, source_col = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
                out.append(relabel[grid[9 * source_row + source_col]])
        return tuple(out)

    return apply


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(POOL), transforms())
def test_a_transformed_puzzle_has_the_transformed_solution(
    puzzle: Grid, transform: Transform
) -> None:
    answer = solve(puzzle)
    moved = transform(puzzle)
    assert solve(moved) == transform(answer)
    assert is_solution(transform(answer), moved)


@st.composite
def partial_grids(draw: st.DrawFn) -> Grid:
    """Some cells of a solution kept, some others given a random digit (which may be wrong)."""
    answer = solve(draw(st.sampled_from(POOL)))
    keep = draw(st.sets(st.integers(0, 80), min_size=0, max_size=40))
    noise = draw(st.dictionaries(st.integers(0, 80), st.integers(1, 9), max_size=4))
    grid = [answer[c] if c in keep else 0 for c in range(81)]
    for cell, digit in noise.items():
        grid[cell] = digit
    return tuple(grid)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(partial_grids())
def test_the_solver_never_breaks_a_rule_or_a_given(puzzle: Grid) -> None:
    try:
        found = [s for s, _ in zip(solutions(puzzle), range(3), strict=False)]
    except DuplicateError:
        assert find_duplicates(puzzle)
        return
    assert not find_duplicates(puzzle)
    assert len(set(found)) == len(found)
    for solution in found:
        assert is_solution(solution, puzzle)
    if not found:
        try:
            solve(puzzle)
        except NoSolutionError:
            return
        raise AssertionError("solve found what solutions did not")
