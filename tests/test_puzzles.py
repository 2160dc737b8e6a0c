"""New puzzles for the New-puzzle button: generated, or bundled when that takes too long."""

from __future__ import annotations

import random

import pytest

from xl_sudoku import puzzles
from xl_sudoku.core import count_solutions, is_solution, solve
from xl_sudoku.core.generate import DIFFICULTIES, GenerationError
from xl_sudoku.core.rating import rate


@pytest.mark.slow
def test_a_new_puzzle_is_generated_as_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzles, "BUDGET", 60.0)  # a loaded machine must not make it a stand-in
    puzzle, rating, generated = puzzles.new_puzzle("Hard", random.Random(1))
    assert generated and rating.label == "Hard" and rating == rate(puzzle)
    assert count_solutions(puzzle, limit=2) == 1 and is_solution(solve(puzzle), puzzle)


def test_the_bundled_puzzles_stand_in_when_the_generator_runs_out_of_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def too_slow(*_: object, **__: object) -> None:
        raise GenerationError("no Extreme puzzle found in 5 attempts (2.0 s)")

    monkeypatch.setattr(puzzles, "generate", too_slow)
    puzzle, rating, generated = puzzles.new_puzzle("extreme", random.Random(1))
    assert not generated and rating.label == "Extreme" and puzzle in puzzles.bundled()["Extreme"]


@pytest.mark.slow
def test_every_difficulty_has_bundled_puzzles_rated_as_labelled() -> None:
    bundled = puzzles.bundled()
    assert set(bundled) == set(DIFFICULTIES)
    for label, grids in bundled.items():
        assert grids and all(rate(grid).label == label for grid in grids[:5])
