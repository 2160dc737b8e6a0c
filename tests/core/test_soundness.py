"""Soundness: every step of every puzzle of top95, top1465 and forum_hardest_1106.

While the board still holds the true solution (every placed digit right, every open
cell keeping its true digit), no step may remove a true digit or place a wrong one. In
a guessed branch that went wrong anything may follow, and the engine must notice.
Every puzzle must end solved, its grid checked by ``is_solution``.
"""

from __future__ import annotations

import pytest

from tests.puzzles import load
from xl_sudoku.core import Grid, is_solution, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.steps import SEARCH_STEPS


def holds(board: Board, answer: Grid) -> bool:
    """True if the board is still on the way to ``answer``."""
    return all(
        board.digits[c] == answer[c] if board.digits[c] else board.has(c, answer[c])
        for c in range(81)
    )


def check_every_step(puzzle: Grid) -> int:
    """Run the engine on a puzzle, checking each step; returns the number of steps."""
    answer = solve(puzzle)
    solver = LogicSolver(puzzle)
    count = 0
    while True:
        on_track = holds(solver.board, answer)
        step = solver.step()
        if step is None:
            break
        count += 1
        if on_track and step.technique not in SEARCH_STEPS:
            for cell, digit in step.eliminations:
                assert answer[cell] != digit, f"{step} removes the true digit of {puzzle}"
            for cell, digit in step.placements:
                assert answer[cell] == digit, f"{step} places a wrong digit in {puzzle}"
    trace = solver.trace()
    assert trace.status == "solved" and trace.unique
    assert is_solution(trace.grid, puzzle)
    return count


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "chunk"),
    [("norvig_top95", 0)]
    + [("magictour_top1465", i) for i in range(6)]
    + [("forum_hardest_1106", i) for i in range(6)],
)
def test_every_step_is_sound_and_every_puzzle_ends_solved(name: str, chunk: int) -> None:
    puzzles = load(name)
    size = -(-len(puzzles) // 6) if name != "norvig_top95" else len(puzzles)
    for puzzle in puzzles[chunk * size : (chunk + 1) * size]:
        assert check_every_step(puzzle) > 0
