"""Soundness and reach: every step of the engine on the hard puzzle sets.

While the board still holds the true solution (every placed digit right, every open
cell keeping its true digit), no step may remove a true digit or place a wrong one, and
with every technique on no proper puzzle may need a guess: each ends solved by logic,
its grid checked by ``is_solution``.

What runs here, to keep the suite short: all of norvig_top95; every 20th puzzle of
magictour_top1465 and of the SE-rated set; of the forum's hardest (SE 10 and
above, where a puzzle takes the engine 2 s to 7 minutes), the five of the 10+ sample it
rates fastest, whose ratings must also equal those Sukaku Explainer's ``serate`` gave
(``tests/data/se_serate_10plus.tsv``).
``benchmarks/bench_logic.py`` runs every puzzle of every set and the whole 10+ sample,
checks each one is solved by logic and every step of each against the solution; its
numbers are in benchmarks/README.md.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

from tests.puzzles import DATA, load
from xl_sudoku.core import Grid, is_solution, parse_puzzle, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver, Trace
from xl_sudoku.core.rating import rate_trace
from xl_sudoku.core.steps import GUESS, SEARCH_STEPS, Step
from xl_sudoku.core.techniques.colouring import multi_colours_1, multi_colours_2
from xl_sudoku.core.techniques.direct import (
    direct_claiming,
    direct_hidden_pairs,
    direct_hidden_triples,
    direct_pointing,
)
from xl_sudoku.core.techniques.empty_rectangles import (
    empty_rectangles as hodoku_empty_rectangles,
)
from xl_sudoku.core.techniques.fish import (
    finned_jellyfish,
    finned_swordfish,
    finned_x_wings,
    sashimi_jellyfish,
    sashimi_swordfish,
    sashimi_x_wings,
)
from xl_sudoku.core.techniques.franken import (
    finned_franken_swordfish,
    finned_franken_x_wings,
    finned_mutant_x_wings,
    franken_x_wings,
    mutant_x_wings,
)
from xl_sudoku.core.techniques.strong_links import (
    empty_rectangles,
    grouped_turbot_fish,
    skyscrapers,
    turbot_fish,
    two_string_kites,
    x_chains_3,
    x_chains_4,
)
from xl_sudoku.core.techniques.templates import templates_delete, templates_set


def holds(board: Board, answer: Grid) -> bool:
    """True if the board is still on the way to ``answer``."""
    return all(
        board.digits[c] == answer[c] if board.digits[c] else board.has(c, answer[c])
        for c in range(81)
    )


def check_every_step(puzzle: Grid) -> int:
    """Run the engine on a puzzle, checking each step; returns the number of steps."""
    return len(checked_trace(puzzle).steps)


def checked_trace(puzzle: Grid) -> Trace:
    """The engine's trace of a puzzle, each step checked on the way (``check_every_step``)."""
    answer = solve(puzzle)
    solver = LogicSolver(puzzle)
    while True:
        on_track = holds(solver.board, answer)
        step = solver.step()
        if step is None:
            break
        assert step.technique is not GUESS, f"a guess in {puzzle}"
        if on_track and step.technique not in SEARCH_STEPS:
            for cell, digit in step.eliminations:
                assert answer[cell] != digit, f"{step} removes the true digit of {puzzle}"
            for cell, digit in step.placements:
                assert answer[cell] == digit, f"{step} places a wrong digit in {puzzle}"
    trace = solver.trace()
    assert trace.steps and trace.status == "solved" and trace.unique and trace.guesses == 0
    assert is_solution(trace.grid, puzzle)
    return trace


def se_rated() -> list[Grid]:
    lines = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    return [parse_puzzle(line.split("\t")[0]) for line in lines]


#: (set, every how many-th puzzle, in how many tests, cut small enough for -n to share)
SAMPLES = [("norvig_top95", 1, 2), ("magictour_top1465", 20, 2)]

#: the five puzzles of the 10+ sample the engine rates fastest (2-7 s each, where
#: ``serate`` took 48-131 s; the sample's level-4 puzzles take the engine minutes)
FAST_TENPLUS = (
    "forum_hardest_1106.txt:89",
    "forum_hardest_1106.txt:3",
    "forum_hardest_1106.txt:73",
    "forum_hardest_1106.txt:228",
    "forum_hardest_1106.txt:290",
)


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
@pytest.mark.parametrize("where", FAST_TENPLUS)
def test_a_puzzle_rated_10_or_more_is_sound_and_rated_as_serate_rates_it(where: str) -> None:
    rows = (DATA / "se_serate_10plus.tsv").read_text().splitlines()
    _, puzzle, serate, _ = next(r.split("\t") for r in rows if r.startswith(where + "\t"))
    assert float(serate) >= 10
    assert rate_trace(checked_trace(parse_puzzle(puzzle))).value == float(serate)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(2))
def test_the_se_rated_set_is_solved_by_logic(part: int) -> None:
    puzzles = se_rated()[::20]
    for puzzle in puzzles[part::2]:
        assert check_every_step(puzzle) > 0


Finder = Callable[[Board], Iterator[Step]]


# Sudoku Explainer's direct techniques, Sukaku's strong-linked fishes, HoDoKu's finned fish
BASIC_FINDERS: list[Finder] = [
    direct_pointing,
    direct_claiming,
    direct_hidden_pairs,
    direct_hidden_triples,
    skyscrapers,
    two_string_kites,
    turbot_fish,
    empty_rectangles,
    grouped_turbot_fish,
    x_chains_3,
    x_chains_4,
    finned_x_wings,
    sashimi_x_wings,
    finned_swordfish,
    sashimi_swordfish,
    finned_jellyfish,
    sashimi_jellyfish,
]


def sweep_basic_finders(puzzles: list[Grid]) -> dict[Finder, int]:
    """Every step the basic finders yield (not only the first) on every position the
    engine reaches on the way to each puzzle's solution, before any guess: how many
    steps each found."""
    fired = dict.fromkeys(BASIC_FINDERS, 0)
    for puzzle in puzzles:
        answer = solve(puzzle)
        solver = LogicSolver(puzzle)
        while solver.level == 0 and holds(solver.board, answer):
            for finder in BASIC_FINDERS:
                for step in finder(solver.board):
                    fired[finder] += 1
                    for cell, digit in step.eliminations:
                        assert answer[cell] != digit, f"{step} removes the true digit: {puzzle}"
                    for cell, digit in step.placements:
                        assert answer[cell] == digit, f"{step} places a wrong digit: {puzzle}"
            if solver.step() is None:
                break
    return fired


@pytest.mark.slow  # about a minute of CPU in all, in two parts (for the workers)
@pytest.mark.parametrize("part", [0, 1])
def test_every_step_of_these_finders_is_sound(part: int) -> None:
    """All of top95 and every sixth of top1465's first 300 (about 8,000 positions); all
    300 (22,000 positions, some minutes) with ``XL_SUDOKU_FULL_SWEEP`` set. Every finder
    fires somewhere in each half."""
    stride = 1 if os.environ.get("XL_SUDOKU_FULL_SWEEP") else 6
    puzzles = list(load("norvig_top95") + load("magictour_top1465", 300)[::stride])
    fired = sweep_basic_finders(puzzles[part::2])
    assert all(fired.values()), [f.__name__ for f, n in fired.items() if not n]


@pytest.mark.slow
def test_every_step_of_these_finders_is_sound_on_a_sample() -> None:
    """The sweep on two puzzles of top95, for the fast tier."""
    assert sum(sweep_basic_finders(list(load("norvig_top95")[:2])).values()) > 0


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", load("norvig_top95")[1:8:2])
def test_every_step_of_hodokus_single_digit_finders_is_sound(puzzle: Grid) -> None:
    """HoDoKu's single-digit finders (Empty Rectangles, finned, Franken and Mutant fish,
    Multi-Colours, Templates) on two positions the engine reaches on a hard puzzle: every
    step removes no true digit and places none wrong."""
    answer = solve(puzzle)
    solver = LogicSolver(puzzle)
    positions: list[Board] = []
    while solver.step() is not None and len(positions) < 2:
        if len(solver.steps) in (15, 30):
            positions.append(solver.board.copy())
    finders = (
        hodoku_empty_rectangles,
        finned_x_wings,
        finned_swordfish,
        franken_x_wings,
        finned_franken_x_wings,
        finned_franken_swordfish,
        mutant_x_wings,
        finned_mutant_x_wings,
        multi_colours_1,
        multi_colours_2,
        templates_set,
        templates_delete,
    )
    fired = 0
    for board in positions:
        assert all(board.digits[c] or board.has(c, answer[c]) for c in range(81))
        for finder in finders:
            for found in finder(board):
                fired += 1
                assert all(answer[c] != d for c, d in found.eliminations), found
                assert all(answer[c] == d for c, d in found.placements), found
    assert fired, "no finder fired: the test proves nothing"


@pytest.mark.parametrize("name", ["norvig_top95", "magictour_top1465"])
def test_every_step_is_sound_on_a_puzzle_of_each_set(name: str) -> None:
    """The first puzzle of two sets the slow sweeps above go through, for the fast tier
    (a puzzle of forum_hardest_1106 takes seconds to minutes: the slow tier alone has them)."""
    assert check_every_step(load(name)[0]) > 0


def test_a_puzzle_of_the_se_rated_set_is_solved_by_logic() -> None:
    """The first puzzle of the SE-rated set, for the fast tier."""
    assert check_every_step(se_rated()[0]) > 0
