"""The fast solver: every answer checked by the independent ``is_solution``."""

from __future__ import annotations

import itertools
import time

import pytest

from tests.puzzles import HARD1, INKALA_2010, load
from tests.references import backtrack_solutions
from xl_sudoku.core import (
    DuplicateError,
    Grid,
    NoSolutionError,
    ParseError,
    SearchStats,
    candidates,
    count_solutions,
    digits_of,
    format_line,
    is_solution,
    parse_puzzle,
    solution_lines,
    solutions,
    solve,
)

SETS = [
    ("norvig_top95", None),
    ("norvig_hardest", None),
    ("norvig_easy49", None),
    ("inkala", None),
    ("magictour_top1465", None),
    ("forum_hardest_1106", None),
    ("royle_17clue_first5000", None),
    ("kaggle1m_first9999", 2000),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "limit"), SETS)
def test_every_puzzle_of_the_set_is_solved_and_unique(name: str, limit: int | None) -> None:
    for puzzle in load(name, limit):
        found = list(itertools.islice(solutions(puzzle), 2))
        assert len(found) == 1, f"{name}: {len(found)} solutions for {puzzle}"
        assert is_solution(found[0], puzzle)


def test_solve_accepts_text_grid_and_rows() -> None:
    grid = parse_puzzle(INKALA_2010)
    rows = [list(grid[9 * r : 9 * r + 9]) for r in range(9)]
    answer = solve(INKALA_2010)
    assert is_solution(answer, grid)
    assert solve(grid) == answer
    assert solve(list(grid)) == answer
    assert solve(rows) == answer
    assert solve([[float(v) if v else None for v in row] for row in rows]) == answer


def test_inkala_is_solved_and_proven_unique() -> None:
    stats = SearchStats()
    assert count_solutions(INKALA_2010, limit=2, stats=stats) == 1
    assert stats.solutions == 1
    assert stats.nodes > stats.guesses > 0
    assert stats.max_level > 0


def test_a_puzzle_singles_solve_needs_no_guess() -> None:
    stats = SearchStats()
    answer = solve(load("norvig_easy49")[0], stats)
    assert is_solution(answer, load("norvig_easy49")[0])
    assert (stats.nodes, stats.guesses, stats.max_level, stats.dead_ends) == (1, 0, 0, 0)


def test_a_full_grid_is_its_own_solution() -> None:
    full = solve(INKALA_2010)
    assert list(solutions(full)) == [full]


def wrong_givens(puzzle: Grid) -> list[Grid]:
    """The puzzle plus one given that breaks no rule yet differs from the unique solution.

    Every solution of such a puzzle would solve the unique-solution puzzle too, so it
    has none: an independent argument, not the solver's word.
    """
    answer = solve(puzzle)
    masks = candidates(puzzle)
    return [
        (*puzzle[:cell], digit, *puzzle[cell + 1 :])
        for cell in range(81)
        if not puzzle[cell]
        for digit in digits_of(masks[cell])
        if digit != answer[cell]
    ]


def needs_search(puzzle: Grid) -> bool:
    stats = SearchStats()
    count_solutions(puzzle, stats=stats)
    return stats.guesses > 0


@pytest.mark.parametrize("index", range(10))
def test_no_solution_found_only_by_search(index: int) -> None:
    puzzle = next(p for p in wrong_givens(load("forum_hardest_1106")[index]) if needs_search(p))
    stats = SearchStats()
    assert count_solutions(puzzle, stats=stats) == 0
    assert stats.guesses > 0, "the contradiction was visible without search"
    assert stats.solutions == 0
    with pytest.raises(NoSolutionError, match=r"^no solution$"):
        solve(puzzle)


def test_no_solution_found_by_propagation() -> None:
    # r1c9 can only be 9, but column 9 already has a 9: no duplicate, no candidate
    puzzle = parse_puzzle("12345678." + "........9" + "." * 63)
    stats = SearchStats()
    assert count_solutions(puzzle, stats=stats) == 0
    assert (stats.nodes, stats.guesses, stats.dead_ends) == (1, 0, 1)


def deadly_rectangles(answer: Grid) -> list[tuple[int, int, int, int]]:
    """Cells (a, b, c, d) in two rows, two columns, two boxes holding x y / y x."""
    found = []
    for r1, r2 in itertools.combinations(range(9), 2):
        if r1 // 3 != r2 // 3:
            continue
        for c1, c2 in itertools.combinations(range(9), 2):
            if c1 // 3 == c2 // 3:
                continue
            a, b, c, d = 9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2
            if answer[a] == answer[d] and answer[b] == answer[c]:
                found.append((a, b, c, d))
    return found


def blank(grid: Grid, cells: set[int]) -> Grid:
    return tuple(0 if cell in cells else v for cell, v in enumerate(grid))


def test_exactly_two_solutions() -> None:
    answer = solve(load("norvig_top95")[0])
    rectangle = deadly_rectangles(answer)[0]
    puzzle = blank(answer, set(rectangle))
    found = list(solutions(puzzle))
    assert len(found) == count_solutions(puzzle) == 2
    assert all(is_solution(s, puzzle) for s in found) and found[0] != found[1]
    assert sorted(found) == sorted(backtrack_solutions(puzzle))


@pytest.mark.parametrize("index", range(4))
def test_a_few_solutions_match_brute_force(index: int) -> None:
    answer = solve(load("magictour_top1465")[index])
    rectangles = deadly_rectangles(answer)
    cells = {c for r in rectangles[:3] for c in r}
    puzzle = blank(answer, cells)
    found = list(solutions(puzzle))
    reference = sorted(backtrack_solutions(puzzle))
    assert 2 <= len(found) == len(set(found)) == count_solutions(puzzle)
    assert sorted(found) == reference
    assert all(is_solution(s, puzzle) for s in found)


@pytest.mark.parametrize("puzzle", ["." * 81, "1" + "." * 80], ids=["empty", "one clue"])
def test_very_many_solutions_to_the_limit(puzzle: str) -> None:
    started = time.perf_counter()
    found = list(itertools.islice(solutions(puzzle), 1000))
    assert count_solutions(puzzle, limit=1000) == 1000
    # a guard against a pathological search, far above the benchmark's < 1 s target
    assert time.perf_counter() - started < 10
    assert len(set(found)) == 1000
    assert all(is_solution(s, parse_puzzle(puzzle)) for s in found)


def test_hard1_has_at_least_two_solutions() -> None:
    first, second = itertools.islice(solutions(HARD1), 2)
    assert first != second
    assert is_solution(first, parse_puzzle(HARD1)) and is_solution(second, parse_puzzle(HARD1))
    assert count_solutions(HARD1, limit=2) == 2


def test_solutions_continue_where_the_previous_one_stopped() -> None:
    # the seed's repeated "run": each next() finds the next solution until none is left
    puzzle = blank(solve(INKALA_2010), set(deadly_rectangles(solve(INKALA_2010))[0]))
    search = solutions(puzzle)
    one, two = next(search), next(search)
    with pytest.raises(StopIteration):
        next(search)
    assert one != two


def test_stats_add_up_across_solutions() -> None:
    stats = SearchStats()
    assert count_solutions("1" + "." * 80, limit=50, stats=stats) == 50
    assert stats.solutions == 50
    assert stats.nodes >= stats.guesses + stats.solutions - 1
    assert stats.seconds > 0


@pytest.mark.parametrize("index", range(4))
def test_solution_lines_are_the_solutions_as_lines(index: int) -> None:
    """The bank's way (a line a solution, read from the bits) against the grids, on
    puzzles with one, several and no solutions, and checked independently."""
    proper = load("magictour_top1465")[index]
    answer = solve(proper)
    several = blank(answer, {c for r in deadly_rectangles(answer)[:3] for c in r})
    cell = proper.index(0)
    wrong = next(d for d in digits_of(candidates(proper)[cell]) if d != answer[cell])
    none = (*proper[:cell], wrong, *proper[cell + 1 :])
    assert count_solutions(none) == 0
    for puzzle in (proper, several, none):
        lines = list(solution_lines(puzzle))
        assert lines == ["".join(map(str, grid)) for grid in solutions(puzzle)]
        assert all(is_solution(parse_puzzle(line), puzzle) for line in lines)
    assert len(list(solution_lines(several))) >= 2
    with pytest.raises(DuplicateError):
        next(solution_lines(parse_puzzle("5.......5" + "." * 72)))
    text = format_line(proper)  # not a grid: read as solutions reads it
    assert list(solution_lines(text)) == list(solution_lines(proper))
    with pytest.raises(ParseError):
        next(solution_lines("12x"))


def test_duplicate_givens_are_named() -> None:
    puzzle = "5.......5" + "." * 72
    with pytest.raises(DuplicateError) as caught:
        solve(puzzle)
    assert str(caught.value) == "duplicate 5 in row 1: r1c1, r1c9"
    assert caught.value.cells == (0, 8)


def test_bad_inputs_are_parse_errors() -> None:
    with pytest.raises(ParseError, match=r"^expected 81 cells or a row of 9, got 80$"):
        solve("." * 80)
    with pytest.raises(ParseError, match=r"^expected 9 rows of 9 cells, got 80x1$"):
        solve([0] * 80)
    with pytest.raises(ParseError, match=r"^r1c1: 10 is not a digit 1-9$"):
        solve([10] + [0] * 80)
    with pytest.raises(ValueError, match="limit must be 1 or more"):
        count_solutions(INKALA_2010, limit=0)


def test_the_callers_time_between_solutions_is_not_counted() -> None:
    stats = SearchStats()
    search = solutions("1" + "." * 80, stats)
    next(search)
    time.sleep(0.3)
    next(search)
    time.sleep(0.3)
    search.close()  # stopped while holding a solution, as solve() and --count do
    assert stats.solutions == 2
    assert stats.seconds < 0.2
