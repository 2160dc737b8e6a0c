"""Target sudoku: the best score, checked against every solution where that is cheap."""

from __future__ import annotations

import random

import pytest

from tests.puzzles import DATA, INKALA_2010
from xl_sudoku.core import (
    DuplicateError,
    is_solution,
    parse_puzzle,
    read_puzzles,
    solutions,
    solve,
    target,
)
from xl_sudoku.core.generate import full_grid
from xl_sudoku.core.target import best_score


def ring_score(grid: tuple[int, ...]) -> int:
    """The score, written out as the problem states it: 6 on the outer ring ... 10 in the
    centre."""
    total = 0
    for cell, digit in enumerate(grid):
        r, c = divmod(cell, 9)
        ring = min(r, c, 8 - r, 8 - c)  # 0 on the edge, 4 in the centre
        total += (6 + ring) * digit
    return total


def brute_force(puzzle: tuple[int, ...]) -> int:
    return max((ring_score(s) for s in solutions(puzzle)), default=-1)


def noip_samples() -> list[tuple[int, ...]]:
    records = read_puzzles((DATA / "noip2009_target.txt").read_text())
    return [r.grid for r in records if r.grid is not None]


def test_the_noip_samples() -> None:
    first, second = noip_samples()
    for puzzle, expected in ((first, 2829), (second, 2852)):
        found = best_score(puzzle)
        assert found.score == expected == brute_force(puzzle)
        assert found.grid is not None and is_solution(found.grid, puzzle)
        assert ring_score(found.grid) == expected


@pytest.mark.slow
@pytest.mark.parametrize("listed", [0, target.ENUMERATE], ids=["searched", "listed"])
@pytest.mark.parametrize("givens", [30, 33, 36])
def test_against_every_solution(givens: int, listed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(target, "ENUMERATE", listed)  # 0: always the bounded search
    rng = random.Random(givens)
    for _ in range(6):
        answer = full_grid(rng)
        kept = set(rng.sample(range(81), givens))
        puzzle = tuple(d if c in kept else 0 for c, d in enumerate(answer))
        found = best_score(puzzle)
        assert found.score == brute_force(puzzle)
        assert found.grid is not None and is_solution(found.grid, puzzle)
        assert ring_score(found.grid) == found.score


def test_one_solution_and_none() -> None:
    puzzle = parse_puzzle(INKALA_2010)
    assert best_score(puzzle).score == ring_score(solve(puzzle))
    stuck = parse_puzzle("12345678." + "........9" + "." * 63)  # r1c9 has no digit left
    found = best_score(stuck)
    assert (found.score, found.grid) == (-1, None)
    with pytest.raises(DuplicateError):
        best_score(parse_puzzle("55" + "." * 79))


def test_a_full_grid_scores_itself() -> None:
    grid = full_grid(random.Random(1))
    assert best_score(grid).score == ring_score(grid)


def test_a_time_limit_gives_a_real_solution_not_proven_best() -> None:
    """An empty grid takes the exact search hours: with a limit it stops, and what it
    gives is a real solution with its true score, marked unproven; an easy case is still
    proven within the same limit."""
    found = best_score((0,) * 81, seconds=0.2)
    assert not found.proven
    assert found.grid is not None and is_solution(found.grid)
    assert found.score == ring_score(found.grid)
    noip = best_score(parse_puzzle(INKALA_2010), seconds=0.2)
    assert noip.proven and noip.score == ring_score(solve(parse_puzzle(INKALA_2010)))
