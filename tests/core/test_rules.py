"""Validation and the independent checker."""

from __future__ import annotations

import pytest

from tests.puzzles import INKALA_2010
from xl_sudoku.core import (
    Duplicate,
    DuplicateError,
    find_duplicates,
    is_solution,
    parse_puzzle,
    solve,
    validate,
)


def grid_with(*placed: tuple[str, int]) -> tuple[int, ...]:
    """An empty grid with digits at cells named like r3c2."""
    grid = [0] * 81
    for name, digit in placed:
        row, col = name[1:].split("c")
        grid[9 * (int(row) - 1) + int(col) - 1] = digit
    return tuple(grid)


def test_duplicate_in_a_row_names_every_cell() -> None:
    grid = grid_with(("r3c2", 5), ("r3c8", 5))
    with pytest.raises(DuplicateError) as caught:
        validate(grid)
    assert str(caught.value) == "duplicate 5 in row 3: r3c2, r3c8"
    assert caught.value.cells == (19, 25)


def test_duplicates_in_column_and_box_and_several_at_once() -> None:
    assert [str(d) for d in find_duplicates(grid_with(("r1c4", 7), ("r9c4", 7)))] == [
        "duplicate 7 in column 4: r1c4, r9c4"
    ]
    assert [str(d) for d in find_duplicates(grid_with(("r1c1", 2), ("r3c3", 2)))] == [
        "duplicate 2 in box 1: r1c1, r3c3"
    ]
    grid = grid_with(("r1c1", 1), ("r1c5", 1), ("r1c9", 1), ("r5c5", 4), ("r6c6", 4))
    duplicates = find_duplicates(grid)
    assert duplicates == (Duplicate(1, 0, (0, 4, 8)), Duplicate(4, 22, (40, 50)))
    with pytest.raises(DuplicateError) as caught:
        validate(grid)
    assert str(caught.value) == "duplicate 1 in row 1: r1c1, r1c5, r1c9 (and 1 more)"
    assert caught.value.cells == (0, 4, 8, 40, 50)


def test_a_pair_in_one_row_and_box_is_reported_once() -> None:
    assert [str(d) for d in find_duplicates(grid_with(("r1c1", 3), ("r1c2", 3)))] == [
        "duplicate 3 in row 1: r1c1, r1c2"
    ]


def test_valid_givens_pass() -> None:
    validate(parse_puzzle(INKALA_2010))
    assert find_duplicates((0,) * 81) == ()


def test_is_solution_accepts_only_complete_valid_grids_keeping_the_givens() -> None:
    puzzle = parse_puzzle(INKALA_2010)
    answer = solve(puzzle)
    assert is_solution(answer, puzzle) and is_solution(answer)
    assert not is_solution(answer[:80], puzzle)
    assert not is_solution((0, *answer[1:]), puzzle)
    swapped = (answer[1], answer[0], *answer[2:])  # two cells of a row exchanged
    assert not is_solution(swapped)
    other_given = (answer[0] % 9 + 1, *puzzle[1:])
    assert not is_solution(answer, other_given)
    shifted = tuple(answer[(c + 1) % 81] for c in range(81))
    assert not is_solution(shifted)
    assert not is_solution([float(v) for v in answer])  # type: ignore[misc]
