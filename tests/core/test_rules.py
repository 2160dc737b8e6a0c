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


#: givens, and every duplicate as find_duplicates words it
DUPLICATES = [
    # another digit between the two, in the row (and box) they share
    ([("r1c1", 5), ("r1c2", 3), ("r1c3", 5)], ["duplicate 5 in row 1: r1c1, r1c3"]),
    ([("r2c4", 9), ("r5c4", 1), ("r6c4", 2), ("r8c4", 9)], ["duplicate 9 in column 4: r2c4, r8c4"]),
    ([("r4c7", 6), ("r5c8", 6), ("r5c9", 4)], ["duplicate 6 in box 6: r4c7, r5c8"]),
    # one digit repeated in two places: both reported
    (
        [("r1c1", 7), ("r1c9", 7), ("r5c5", 7), ("r6c6", 7)],
        ["duplicate 7 in row 1: r1c1, r1c9", "duplicate 7 in box 5: r5c5, r6c6"],
    ),
    (
        [("r2c1", 8), ("r2c5", 8), ("r7c3", 8), ("r9c3", 8)],
        ["duplicate 8 in row 2: r2c1, r2c5", "duplicate 8 in column 3: r7c3, r9c3"],
    ),
    # three in a row, two of them in one box: the row says it once
    ([("r9c7", 2), ("r9c8", 2), ("r9c1", 2)], ["duplicate 2 in row 9: r9c1, r9c7, r9c8"]),
]


@pytest.mark.parametrize(("placed", "expected"), DUPLICATES)
def test_every_duplicate_is_found_once(placed: list[tuple[str, int]], expected: list[str]) -> None:
    grid = grid_with(*placed)
    assert [str(d) for d in find_duplicates(grid)] == expected
    with pytest.raises(DuplicateError):
        validate(grid)


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
