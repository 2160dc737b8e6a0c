"""``explore``: the engine's search going on past each solution, with readalps' levels."""

from __future__ import annotations

import random

import pytest

from xl_sudoku.core import count_solutions, is_solution, parse_puzzle, solutions
from xl_sudoku.core.engine import LogicSolver, Status
from xl_sudoku.core.session import Found, Kind, Move, explore

READALPS_2 = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
TWO = "...3.....8..6...2..7..1.5..4....53...1..7...6..32...81.6.5....9..4....3....8.97.."
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
BASIC = ("singles", "intersections", "subsets")


def events(puzzle: str, techniques: tuple[str, ...] | None = BASIC) -> list[Move | Found]:
    return list(explore(LogicSolver(puzzle, techniques)))


@pytest.mark.slow
@pytest.mark.parametrize("techniques", [("singles", "subsets"), ("singles", "intersections")])
def test_every_solution_once_then_the_end(techniques: tuple[str, ...]) -> None:
    # readalps' second puzzle with a few givens taken out: a handful of solutions each
    rng = random.Random(5)
    base = list(parse_puzzle(READALPS_2))
    for _ in range(2):
        puzzle = base[:]
        for cell in rng.sample([c for c in range(81) if puzzle[c]], 3):
            puzzle[cell] = 0
        expected = set(solutions(puzzle))
        if len(expected) > 40:
            continue
        found = [e for e in explore(LogicSolver(puzzle, techniques)) if isinstance(e, Found)]
        assert all(is_solution(f.grid, puzzle) for f in found)
        assert len({f.grid for f in found}) == len(found)  # each once
        assert {f.grid for f in found} == expected
        assert [f.count for f in found] == list(range(1, len(expected) + 1))


def test_two_solutions_one_at_a_time_and_the_solver_waits_between() -> None:
    assert count_solutions(TWO) == 2
    solver = LogicSolver(TWO, BASIC)
    search = explore(solver)
    first = next(e for e in search if isinstance(e, Found))
    assert solver.status is Status.SOLVED and solver.board.grid() == first.grid
    second = next(e for e in search if isinstance(e, Found))
    assert {first.grid, second.grid} == set(solutions(TWO))
    assert second.count == 2 and second.number > first.number
    assert list(search) == []  # nothing more: the search is over
    assert solver.trace().status is Status.NO_SOLUTION


def test_a_unique_puzzle_solved_by_logic_has_nothing_after_its_solution() -> None:
    found = events(EASY)  # singles solve it
    assert [type(e) for e in found[-1:]] == [Found]
    assert not any(isinstance(e, Move) and e.kind is not Kind.LOGIC for e in found)


def test_readalps_levels_count_guesses_standing() -> None:
    depth = 0
    standing: list[int] = []
    for event in events(READALPS_2, ("singles", "subsets")):
        if not isinstance(event, Move):
            continue
        cell = event.step.placements[0][0] if event.step.placements else -1
        if event.kind is Kind.GUESS:
            assert event.depth == depth + 1 and event.choice == 1 and event.choices >= 2
            standing.append(cell)
        elif event.kind is Kind.FORWARD:
            assert event.depth == depth and standing[-1] == cell
        elif event.kind is Kind.UPWARD:
            assert event.depth < depth and standing[event.depth - 1] == cell
            del standing[event.depth :]
        else:
            assert event.depth == depth
        if event.kind in (Kind.FORWARD, Kind.UPWARD):
            assert 2 <= event.choice <= event.choices
        depth = event.depth
    assert depth > 0


def test_go_on_only_at_a_solution() -> None:
    solver = LogicSolver(READALPS_2, BASIC)
    assert not solver.go_on()
    solver.run()
    assert solver.go_on() and solver.status is Status.SOLVING
