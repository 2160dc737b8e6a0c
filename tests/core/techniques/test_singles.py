"""Singles (``techniques/singles.py``): checked against the independent ``candidates()``
on a real position, and Sudoku Explainer's house order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tests.core.pencil import Pencil, cells
from tests.puzzles import load
from xl_sudoku.core import (
    HOUSES,
    candidates,
    digits_of,
    parse_puzzle,
    solve,
)
from xl_sudoku.core.board import Board
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques.singles import full_houses, hidden_singles, naked_singles

Finder = Callable[[Board], Iterator[Step]]
PE_GRID_1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def first(finder: Finder, board: Board) -> Step:
    found = next(finder(board), None)
    assert found is not None, f"{finder.__name__} found nothing"
    return found


def test_hidden_singles_come_box_then_column_then_row() -> None:
    # 4 has one place in row 1 (r1c9) and one in column 2 (r5c2), none alone in a box
    board = Pencil().only(4, "r1", "r1c9").only(4, "c2", "r5c2").board()
    found = [step.explanation for step in hidden_singles(board)]
    assert found[:2] == [
        "Hidden Single: in column 2, 4 fits only r5c2",
        "Hidden Single: in row 1, 4 fits only r1c9",
    ]
    # r2c1 is the last open cell of column 1, r1c2 of row 1: columns come first
    answer = solve(load("norvig_top95")[0])
    grid = list(answer)
    grid[1] = grid[9] = 0
    assert first(full_houses, Board.from_grid(tuple(grid))).explanation == (
        f"Full House: r2c1 is the last open cell in column 1, so it is {answer[9]}"
    )


def test_singles_on_a_real_position() -> None:
    puzzle = parse_puzzle(PE_GRID_1)
    board = Board.from_grid(puzzle)
    masks = candidates(puzzle)
    naked = {
        (c, digits_of(masks[c])[0])
        for c in range(81)
        if not puzzle[c] and len(digits_of(masks[c])) == 1
    }
    assert {s.placements[0] for s in naked_singles(board)} == naked
    hidden = set()
    for unit in HOUSES:
        for digit in range(1, 10):
            places = [c for c in unit if not puzzle[c] and digit in digits_of(masks[c])]
            if len(places) == 1:
                hidden.add((places[0], digit))
    assert {s.placements[0] for s in hidden_singles(board)} == hidden
    step = first(hidden_singles, board)
    assert step.explanation == "Hidden Single: in box 1, 6 fits only r2c2"
    assert step.difficulty == 1.2
    assert next(s for s in hidden_singles(board) if s.houses[0] < 18).difficulty == 1.5


def test_full_house() -> None:
    answer = solve(PE_GRID_1)
    grid = list(answer)
    grid[4] = 0  # r1c5
    step = first(full_houses, Board.from_grid(tuple(grid)))
    assert (
        step.explanation == f"Full House: r1c5 is the last open cell in box 2, so it is {answer[4]}"
    )
    assert step.placements == ((4, answer[4]),)
    for cell in cells("r1c1 r1c2 r2c1 r2c2"):
        grid[cell] = 0
    grid[4] = answer[4]
    assert list(full_houses(Board.from_grid(tuple(grid)))) == []  # two open cells in every unit
