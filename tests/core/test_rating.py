"""Ratings, in the fast tier: values against Sukaku Explainer's, each label's bounds, the
needs-guessing formula, ``str``, a solved board, and ``rate_trace`` equal to ``rate`` on
every kind of trace (logic alone, with guesses, stuck). The whole sets are slow
(``test_engine.py``)."""

from __future__ import annotations

import pytest

from tests.core.test_solver import deadly_rectangles
from tests.puzzles import DATA, INKALA_2010, load
from xl_sudoku.core import SearchStats, count_solutions, is_solution, parse_puzzle, solve
from xl_sudoku.core.engine import LogicSolver, solve_logically
from xl_sudoku.core.rating import Rating, label_of, rate, rate_trace
from xl_sudoku.core.steps import GUESS
from xl_sudoku.core.techniques import lowest_rating
from xl_sudoku.core.techniques.singles import HIDDEN_SINGLE, NAKED_SINGLE

PE_GRID_1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: a puzzle of forum_hardest_1106 whose search takes 1,084 guesses (limit 2): over 2**10
MANY_GUESSES = "1...56....5718...66...7.....9.3............9.8....5..35...17..8..2....1.......4.."

#: each label's highest value and the tenth above it, as rating.py's text gives them
BOUNDS = [
    (0.0, "Easy"),
    (2.4, "Easy"),
    (2.5, "Medium"),
    (2.9, "Medium"),
    (3.0, "Hard"),
    (3.9, "Hard"),
    (4.0, "Expert"),
    (6.0, "Expert"),
    (6.1, "Extreme"),
    (6.9, "Extreme"),
    (7.0, "Diabolical"),
    (8.9, "Diabolical"),
    (9.0, "Nightmare"),
    (11.9, "Nightmare"),
    (12.0, "Needs guessing"),
    (13.0, "Needs guessing"),
]


@pytest.mark.parametrize(("value", "label"), BOUNDS)
def test_each_label_covers_the_values_up_to_its_top(value: float, label: str) -> None:
    assert label_of(value) == label


def se_puzzle(line: int) -> tuple[str, float]:
    """A puzzle of the Sukaku-Explainer-rated set and its rating there (line from 0)."""
    lines = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    puzzle, rating = lines[line].split("\t")
    return puzzle, float(rating)


#: (line of se_rated_sudokuexchange.tsv, label, the technique Sukaku Explainer rates so):
#: a puzzle of each label but Nightmare, its value Sukaku Explainer's
RATED = [
    (0, "Medium", "Direct Hidden Triple"),  # 2.5
    (100, "Medium", "Pointing"),  # 2.6
    (400, "Hard", "X-Wing"),  # 3.2
    (700, "Hard", "Swordfish"),  # 3.8
    (1000, "Expert", "XY-Wing"),  # 4.2
    (2328, "Extreme", "VWXYZ-Wing"),  # 6.2
    (3028, "Diabolical", "Continuous Nice Loop"),  # 7.0
    (4138, "Diabolical", "Cell Forcing Chain"),  # 8.3
]  # Nightmare's puzzles take a second or more: test_engine.py's slow test rates one


@pytest.mark.parametrize(("line", "label", "technique"), RATED)
def test_a_puzzle_of_each_label_is_rated_as_sukaku_explainer_rates_it(
    line: int, label: str, technique: str
) -> None:
    puzzle, se = se_puzzle(line)
    rating = rate(puzzle)
    assert (rating.value, rating.label, rating.guesses) == (se, label, 0)
    assert rating.hardest is rating.hardest_logic and rating.hardest is not None
    assert rating.hardest.name == technique
    assert not rating.needs_guessing
    assert str(rating) == f"{se:.1f} {label} ({technique})"
    assert rating.solution is not None and is_solution(rating.solution, parse_puzzle(puzzle))


def test_an_easy_puzzle_needs_box_singles_only() -> None:
    rating = rate(PE_GRID_1)  # box singles (1.2) are always found first: all it needs
    assert rating == Rating(1.2, "Easy", HIDDEN_SINGLE, HIDDEN_SINGLE, 0)
    assert str(rating) == "1.2 Easy (Hidden Single)"


def test_a_solved_board_is_rated_zero_with_no_technique() -> None:
    solution = solve(INKALA_2010)
    rating = rate(solution)
    assert rating == Rating(0.0, "Easy", None, None, 0)
    assert str(rating) == "0.0 Easy (nothing)"
    assert rating.solution == solution


#: (puzzle, techniques, the hardest technique before the first guess): logic limited to
#: singles runs out on each
GUESSING = [
    (MANY_GUESSES, None),  # guesses at once
    (INKALA_2010, None),
    (load("norvig_top95")[0], HIDDEN_SINGLE),  # singles first, then stuck
    (load("norvig_top95")[11], NAKED_SINGLE),  # a naked single (2.3) the hardest of them
]


@pytest.mark.parametrize(
    ("puzzle", "before"), GUESSING, ids=["many guesses", "inkala", "hidden", "naked"]
)
def test_needing_guesses_is_rated_by_the_count_of_the_searchs_guesses(
    puzzle: object, before: object
) -> None:
    """12.0 + 0.1 x the binary digits of the guesses the fast solver needs from where
    logic stops, at most 13.0 (rating.py's text); the count is the search's own."""
    stuck = LogicSolver(puzzle, ["singles"]).run_logic()  # type: ignore[arg-type]
    assert stuck.stuck
    stats = SearchStats()
    assert count_solutions(stuck.grid, limit=2, stats=stats) == 1
    value = min(13.0, round(12.0 + 0.1 * stats.guesses.bit_length(), 1))
    rating = rate(puzzle, ["singles"])  # type: ignore[arg-type]
    assert rating == Rating(value, "Needs guessing", GUESS, before, stats.guesses)  # type: ignore[arg-type]
    assert rating.needs_guessing
    assert str(rating) == f"{value:.1f} Needs guessing (Guess)"
    assert rating.solution is not None and is_solution(rating.solution, stuck.puzzle)
    if puzzle == MANY_GUESSES:
        assert stats.guesses > 2**10 and value == 13.0


@pytest.mark.parametrize(
    ("puzzle", "techniques", "guesses"),
    [
        (PE_GRID_1, None, False),
        (load("norvig_top95")[0], None, False),
        (load("norvig_top95")[0], ["singles"], True),
        (INKALA_2010, ["singles"], True),
        (load("norvig_top95")[11], ["singles"], True),
    ],
    ids=["easy", "medium", "singles then guesses", "guesses at once", "naked single"],
)
def test_a_traces_rating_is_its_puzzles(
    puzzle: str, techniques: list[str] | None, guesses: bool
) -> None:
    """A trace solved whole (its guesses, contradictions and backtracks included) and one
    stopped where logic runs out rate as their puzzle does."""
    whole = solve_logically(puzzle, techniques)
    stopped = LogicSolver(puzzle, techniques).run_logic()
    assert (whole.guesses > 0, stopped.stuck) == (guesses, guesses)
    assert rate_trace(whole) == rate_trace(stopped) == rate(puzzle, techniques)


def test_a_solve_of_a_board_with_several_solutions_is_graded_to_its_second() -> None:
    """``rate_trace`` rates any finished solve: a board that is not a proper puzzle (8
    solutions: three deadly rectangles emptied) needs guessing, graded by the guesses the
    fast solver makes up to its second solution, as ``Trace.solutions`` counts them."""
    answer = solve(load("magictour_top1465")[1])
    rectangles = deadly_rectangles(answer)[:3]
    puzzle = tuple(0 if any(c in r for r in rectangles) else d for c, d in enumerate(answer))
    stuck = LogicSolver(puzzle).run_logic()
    assert stuck.stuck and not stuck.steps
    stats = SearchStats()
    assert count_solutions(stuck.grid, limit=2, stats=stats) == 2
    assert count_solutions(stuck.grid) == 8
    value = round(12.0 + 0.1 * stats.guesses.bit_length(), 1)
    expected = Rating(value, "Needs guessing", GUESS, None, stats.guesses)
    assert rate_trace(solve_logically(puzzle)) == rate_trace(stuck) == expected


def test_no_step_rates_below_its_techniques_lowest_rating() -> None:
    """``generate`` refuses a technique whose lowest rating (``lowest_rating``) is above
    the range asked, before any attempt: every step of the engine's solves of every 300th
    puzzle of the SE-rated set (ordered by rating: 2.5 to 9.1; some 1,200 steps of 36
    techniques, half of them rated by their finder) rates at least its technique's lowest
    rating (as every step of the engine on 362 puzzles of top1465 did: 30,667 steps)."""
    rows = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    techniques = set()
    for row in rows[::300]:
        puzzle = parse_puzzle(row.split()[0])
        trace = LogicSolver(puzzle).run_logic()
        assert trace.status == "solved" and is_solution(trace.grid, puzzle)
        for step in trace.steps:
            assert step.difficulty >= lowest_rating(step.technique), (str(step), row)
            techniques.add(step.technique)
    assert len(techniques) > 30  # singles to forcing chains, wings, loops, BUGs
