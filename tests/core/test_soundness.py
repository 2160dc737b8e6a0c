"""Soundness and reach: every step of the engine on the hard puzzle sets.

While the board still holds the true solution (every placed digit right, every open
cell keeping its true digit), no step may remove a true digit or place a wrong one, and
with every technique on no proper puzzle may need a guess: each ends solved by logic,
its grid checked by ``is_solution``.

What runs here, to keep the suite short: all of norvig_top95; every 5th puzzle of
magictour_top1465, every 10th of the SE-rated set and every 25th of forum_hardest_1106.
``benchmarks/bench_logic.py`` runs every puzzle of every set, checks each one is solved
by logic and every step of each against the solution; its numbers are in
benchmarks/README.md.
"""

from __future__ import annotations

import pytest

from tests.puzzles import DATA, load
from xl_sudoku.core import Grid, is_solution, parse_puzzle, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.steps import GUESS, SEARCH_STEPS


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
        assert step.technique is not GUESS, f"a guess in {puzzle}"
        if on_track and step.technique not in SEARCH_STEPS:
            for cell, digit in step.eliminations:
                assert answer[cell] != digit, f"{step} removes the true digit of {puzzle}"
            for cell, digit in step.placements:
                assert answer[cell] == digit, f"{step} places a wrong digit in {puzzle}"
    trace = solver.trace()
    assert trace.status == "solved" and trace.unique and trace.guesses == 0
    assert is_solution(trace.grid, puzzle)
    return count


def se_rated() -> list[Grid]:
    lines = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    return [parse_puzzle(line.split("\t")[0]) for line in lines]


#: (set, every how many-th puzzle, in how many tests)
SAMPLES = [("norvig_top95", 1, 2), ("magictour_top1465", 5, 6), ("forum_hardest_1106", 25, 3)]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "every", "part", "parts"),
    [(name, every, part, parts) for name, every, parts in SAMPLES for part in range(parts)],
)
def test_every_step_is_sound_and_every_puzzle_is_solved_by_logic(
    name: str, every: int, part: int, parts: int
) -> None:
    puzzles = load(name)[::every]
    for puzzle in puzzles[part::parts]:
        assert check_every_step(puzzle) > 0


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_the_se_rated_set_is_solved_by_logic(part: int) -> None:
    puzzles = se_rated()[::10]
    for puzzle in puzzles[part::4]:
        assert check_every_step(puzzle) > 0
