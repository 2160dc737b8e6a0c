"""The step engine, hints and ratings."""

from __future__ import annotations

import re

import pytest

from tests.puzzles import DATA, INKALA_2010, load
from xl_sudoku.core import (
    DuplicateError,
    NoSolutionError,
    count_solutions,
    format_line,
    is_solution,
    parse_puzzle,
)
from xl_sudoku.core.engine import LogicSolver, solve_logically
from xl_sudoku.core.errors import MultipleSolutionsError, PuzzleError
from xl_sudoku.core.grid import cell_name
from xl_sudoku.core.hints import hint, hint_text, next_step
from xl_sudoku.core.rating import label_of, rate
from xl_sudoku.core.steps import BACKTRACK, CONTRADICTION, GUESS, Family, Role, Step
from xl_sudoku.core.techniques import BY_KEY, NOT_IN_SUKAKU, TECHNIQUES, name_key, select_techniques
from xl_sudoku.core.techniques.singles import HIDDEN_SINGLE

PE_GRID_1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
GUESS_TEXT = re.compile(r"^Guess r\dc\d = \d \(level (\d+), (\d) of (\d)\)$")
BACKTRACK_TEXT = re.compile(r"^Backtrack to level (\d+): r\dc\d = \d$")


def test_an_easy_puzzle_is_solved_by_singles_alone() -> None:
    trace = solve_logically(PE_GRID_1)
    assert trace.status == "solved" and trace.unique
    assert is_solution(trace.grid, parse_puzzle(PE_GRID_1))
    assert {s.technique.family for s in trace.steps} == {Family.SINGLES}
    assert trace.guesses == 0 and trace.max_level == 0
    assert len(trace.steps) == parse_puzzle(PE_GRID_1).count(0)  # one placement a step


def test_limited_to_singles_inkala_needs_guesses_recorded_with_levels() -> None:
    trace = solve_logically(INKALA_2010, ["singles", "intersections"])
    assert trace.status == "solved" and trace.unique
    assert is_solution(trace.grid, parse_puzzle(INKALA_2010))
    guesses = [s for s in trace.steps if s.technique is GUESS]
    assert trace.steps[0].technique is GUESS  # no such technique applies at the start
    assert guesses and trace.max_level > 1
    for step in guesses:
        match = GUESS_TEXT.match(step.explanation)
        assert match, step.explanation
        assert int(match.group(1)) == step.level
        assert 1 <= int(match.group(2)) <= int(match.group(3))
    contradictions = [s for s in trace.steps if s.technique is CONTRADICTION]
    backtracks = [s for s in trace.steps if s.technique is BACKTRACK]
    assert contradictions and backtracks
    assert all(s.explanation.startswith("Contradiction: ") for s in contradictions)
    for step in backtracks:
        match = BACKTRACK_TEXT.match(step.explanation)
        assert match and int(match.group(1)) == step.level
    # a contradiction is always followed by a backtrack or by the next guess of its cell
    for before, after in zip(trace.steps, trace.steps[1:], strict=False):
        if before.technique is CONTRADICTION:
            assert after.technique in (BACKTRACK, GUESS)
            assert after.level <= before.level


@pytest.mark.slow  # some seconds
def test_inside_a_guess_the_slow_searches_are_left_out() -> None:
    """An empty grid: every technique at the start (nothing fires), then guesses, inside
    which only the quick families are tried (chains, Franken and Mutant fish, ALS,
    templates and aligned exclusion took 50 s here with them, 4 s without)."""
    slow = {
        Family.CHAINS,
        Family.FORCING_CHAINS,
        Family.FRANKEN_AND_MUTANT_FISH,
        Family.ALS,
        Family.TEMPLATES,
        Family.EXCLUSION,
    }
    trace = solve_logically("." * 81)
    assert trace.status == "solved" and not trace.unique and is_solution(trace.grid, (0,) * 81)
    inside = [s for s in trace.steps if s.level > 0 and s.technique not in (GUESS, BACKTRACK)]
    assert inside and trace.guesses > 1
    assert not [s for s in inside if s.technique.family in slow]
    # the same in a puzzle with two solutions, where at the start slow ones fire
    two = "...........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    trace = solve_logically(two)
    assert trace.status == "solved" and is_solution(trace.grid, parse_puzzle(two))
    assert not [s for s in trace.steps if s.level > 0 and s.technique.family in slow]


@pytest.mark.slow
def test_every_step_is_taken_at_its_level() -> None:
    trace = solve_logically(load("forum_hardest_1106")[0], ["singles", "subsets"])
    level = 0
    for step in trace.steps:
        if step.technique is GUESS:
            assert step.level <= level + 1
        else:
            assert step.level <= level
        level = step.level


@pytest.mark.slow
def test_an_unsolvable_puzzle_ends_proven_so() -> None:
    # a wrong given added to Inkala's unique puzzle: no duplicate, but no solution
    answer = LogicSolver(INKALA_2010).run().grid
    grid = list(parse_puzzle(INKALA_2010))
    cell = grid.index(0)
    grid[cell] = next(
        d for d in range(1, 10) if d != answer[cell] and d not in _peers_digits(grid, cell)
    )
    assert count_solutions(grid) == 0
    solver = LogicSolver(grid)
    trace = solver.run()
    assert trace.status == "no solution"
    assert trace.steps[-1].technique is CONTRADICTION
    assert solver.step() is None
    with pytest.raises(NoSolutionError):
        rate(grid)


def _peers_digits(grid: list[int], cell: int) -> set[int]:
    from xl_sudoku.core import PEERS

    return {grid[p] for p in PEERS[cell]}


#: Project Euler's first grid less its first six givens: 1,152 solutions
MANY = ".................1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.slow  # 10-15 s of CPU (Norvig's hard1, with millions of solutions: 1-2 min)
def test_a_puzzle_with_many_solutions_is_solved_without_uniqueness_techniques() -> None:
    assert count_solutions(parse_puzzle(MANY)) == 1152
    solver = LogicSolver(MANY)
    assert solver.solutions == 2  # counted no further
    assert not any(t.uniqueness for t in solver.techniques)
    trace = solver.run()
    assert trace.status == "solved" and not trace.unique and trace.guesses > 0
    assert is_solution(trace.grid, parse_puzzle(MANY))
    with pytest.raises(MultipleSolutionsError, match=r"^2 or more solutions$"):
        rate(MANY)


def test_duplicates_are_refused_up_front() -> None:
    with pytest.raises(DuplicateError):
        LogicSolver("55" + "." * 79)


def test_step_by_step_and_run_until() -> None:
    solver = LogicSolver(PE_GRID_1)
    first = solver.step()
    assert first is not None and first.technique is HIDDEN_SINGLE
    trace = solver.run_until(10)
    assert len(trace.steps) == 10 and trace.status == "solving"
    assert trace.grid.count(0) == parse_puzzle(PE_GRID_1).count(0) - 10
    rest = solver.run()
    assert rest.status == "solved" and rest.steps[:10] == trace.steps
    assert solver.step() is None


def test_selected_techniques_only() -> None:
    singles_only = LogicSolver(load("norvig_top95")[0], ["singles"])
    assert {t.family for t in singles_only.techniques} == {Family.SINGLES}
    trace = singles_only.run()
    assert trace.guesses > 0  # the puzzle needs pointing; without it, a guess
    assert {s.technique.family for s in trace.steps} <= {Family.SINGLES, Family.GUESSES}
    assert is_solution(trace.grid, load("norvig_top95")[0])
    chosen = select_techniques(["x-wing", "Naked Pair", "hidden_single", BY_KEY["full-house"]])
    assert [t.key for t in chosen] == ["full-house", "hidden-single", "naked-pair", "x-wing"]
    with pytest.raises(ValueError, match="unknown technique 'x-wong'"):
        select_techniques(["x-wong"])


def test_the_technique_table_is_consistent() -> None:
    assert len({t.key for t in TECHNIQUES}) == len(TECHNIQUES)
    # Sukaku Explainer's rule order: by rating, except that a rule with several ratings is
    # tried whole before the next (Skyscraper to Empty Rectangle, 4.0-4.3, before the
    # XY-Wing, 4.2); then HoDoKu's techniques that Sukaku lacks
    assert TECHNIQUES[-len(NOT_IN_SUKAKU) :] == NOT_IN_SUKAKU
    ratings = [t.rating for t in TECHNIQUES[: -len(NOT_IN_SUKAKU)]]
    assert all(r >= max(ratings[:i]) - 0.3 for i, r in enumerate(ratings) if i)
    assert all(len(t.colour) == 3 and all(0 <= v <= 255 for v in t.colour) for t in TECHNIQUES)
    assert BY_KEY["naked-single"].colour == (255, 0, 255)  # the seed VBA's magenta
    assert BY_KEY["hidden-single"].colour == (0, 255, 255)  # cyan
    assert BY_KEY["pointing"].colour == BY_KEY["naked-pair"].colour  # light purple
    assert GUESS.colour == (255, 255, 0)  # yellow


def test_steps_name_their_candidates_by_role() -> None:
    trace = solve_logically(load("norvig_top95")[0])
    pointing = next(s for s in trace.steps if s.technique.key == "pointing")
    roles = {role for _, _, role in pointing.highlights()}
    assert roles == {Role.PATTERN, Role.REMOVED}
    single = trace.steps[0]
    assert [role for _, _, role in single.highlights()] == [Role.PLACED]
    assert set(pointing.cells) == {c for c, _ in pointing.pattern + pointing.eliminations}


# --- hints ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", [PE_GRID_1, load("norvig_top95")[0], INKALA_2010])
def test_hints_in_three_levels_and_the_third_is_the_next_step(puzzle: object) -> None:
    grid = parse_puzzle(puzzle) if isinstance(puzzle, str) else puzzle
    before = format_line(grid)  # type: ignore[arg-type]
    texts = [hint(grid, level).text for level in (1, 2, 3)]  # type: ignore[arg-type]
    assert format_line(grid) == before  # type: ignore[arg-type]
    solver = LogicSolver(grid)  # type: ignore[arg-type]
    step = solver.step(guess=False)
    if step is None:  # only a guess is left: the hint names it and places nothing
        assert solver.status == "stuck"
        step = next_step(grid)  # type: ignore[arg-type]
        assert step is not None and step.technique is GUESS and not step.placements
        where = solver.next_guess()
        assert where is not None and cell_name(where[0]) in texts[1]
    assert texts[2] == step.explanation
    assert hint(grid, 3).step == step == next_step(grid)  # type: ignore[arg-type]
    assert step.technique.name in texts[0] or step.technique is GUESS


def test_stop_before_guess_leaves_the_board_as_it_was_before_the_first_guess() -> None:
    """run_logic() stops where logic runs out; the full run's board before its first
    guess is the same, for puzzles that need guessing with singles only."""
    stuck = 0
    for puzzle in load("norvig_top95")[:30]:
        logic = LogicSolver(puzzle, ["singles"])
        trace = logic.run_logic()
        full = LogicSolver(puzzle, ["singles"])
        while True:
            before = full.board.copy()
            step = full.step()
            assert step is not None
            if step.technique is GUESS:
                break
        assert trace.stuck and logic.status == "stuck"
        assert logic.board == before
        assert all(s.technique is not GUESS for s in trace.steps)
        assert logic.step() is not None and logic.steps[-1].technique is GUESS  # goes on
        stuck += 1
    assert stuck == 30


def test_hint_wording() -> None:
    assert [hint(PE_GRID_1, level).text for level in (1, 2, 3)] == [
        "Look for a Hidden Single",
        "Hidden Single: look at box 1 (r2c2)",
        "Hidden Single: in box 1, 6 fits only r2c2",
    ]
    assert [hint(INKALA_2010, level).text for level in (1, 2, 3)] == [
        "Look for a Dynamic Forcing Chain (+)",
        "Dynamic Forcing Chain (+): look at r1c4, r5c2, r6c2, r6c5, r7c5, r8c2, r8c5",
        "Dynamic Forcing Chain (+): if r1c4=3, r6c2 would be both 8 and not 8, "
        "so r1c4<>3: removes 3 from r1c4",
    ]
    limited = ["singles", "intersections"]
    assert [hint(INKALA_2010, level, limited).text for level in (1, 2, 3)] == [
        "No technique applies: the next move would be a guess",
        "No technique applies: a guess would start at r8c7 (candidates 3, 9)",
        "No technique applies: no digit can be proven here; a guess would start at r8c7, "
        "which holds 3 or 9",
    ]
    with pytest.raises(ValueError, match="hint level must be 1, 2 or 3"):
        hint(PE_GRID_1, 4)
    with pytest.raises(PuzzleError, match="already solved"):
        hint(LogicSolver(PE_GRID_1).run().grid)


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("x-wing", "Look for an X-Wing"),
        ("xy-chain", "Look for an XY-Chain"),
        ("aic", "Look for an AIC"),
        ("als-xz", "Look for an ALS-XZ"),
        ("empty-rectangle", "Look for an Empty Rectangle"),
        ("aligned-pair-exclusion", "Look for an Aligned Pair Exclusion"),
        ("avoidable-rectangle", "Look for an Avoidable Rectangle Type 1"),
        ("unique-rectangle", "Look for a Unique Rectangle Type 1"),
        ("uvwxyz-wing", "Look for a UVWXYZ-Wing"),
        ("w-wing", "Look for a W-Wing"),
        ("y-cycle", "Look for a Y-Cycle"),
        ("bug", "Look for a BUG+1"),
        ("2-string-kite", "Look for a 2-String Kite"),
    ],
)
def test_hint_1_takes_the_article_its_technique_is_read_with(key: str, said: str) -> None:
    """An X-Wing is read 'an ex-wing': level 1 says 'an' before a vowel's sound."""
    assert hint_text(Step(BY_KEY[key], "the whole step"), 1) == said


# --- ratings --------------------------------------------------------------------------


@pytest.mark.slow
def test_ratings_and_labels() -> None:
    easy = rate(PE_GRID_1)
    # box singles (1.2) are always found first, and they are all this puzzle needs
    assert (easy.value, easy.label, easy.hardest, easy.guesses) == (1.2, "Easy", HIDDEN_SINGLE, 0)
    medium = rate(load("norvig_top95")[0])
    assert (medium.value, medium.label, medium.hardest and medium.hardest.key) == (
        2.6,
        "Medium",
        "pointing",
    )
    hardest = rate(INKALA_2010)  # logic alone, as Sudoku Explainer solves it
    assert not hardest.needs_guessing and hardest.label == "Nightmare"
    assert 9.0 <= hardest.value <= 11.9 and hardest.hardest is not GUESS
    limited = rate(INKALA_2010, ["singles", "intersections"])
    assert limited.needs_guessing and limited.label == "Needs guessing" and limited.hardest is GUESS
    assert limited.value >= 12.0 > max(t.rating for t in TECHNIQUES)
    values = (1.2, 2.3, 2.6, 3.2, 4.2, 6.0, 6.6, 6.9, 7.0, 8.9, 9.0, 11.9, 12.0)
    assert [label_of(v) for v in values] == [
        "Easy",
        "Easy",
        "Medium",
        "Hard",
        "Expert",
        "Expert",
        "Extreme",
        "Extreme",
        "Diabolical",
        "Diabolical",
        "Nightmare",
        "Nightmare",
        "Needs guessing",
    ]


def se_rated(rating: str, count: int) -> list[str]:
    """The first ``count`` puzzles of the SE-rated set with this rating, as they come."""
    lines = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    return [p for p, r in (line.split("\t") for line in lines) if r == rating][:count]


# Sudoku Explainer ratings of techniques we have; the puzzles are not chosen, so a few
# may take another road (SE's hardest step may be one we solve otherwise).
@pytest.mark.slow
@pytest.mark.parametrize(
    "se", ["2.6", "2.8", "3.0", "3.2", "3.4", "3.6", "3.8", "4.2", "4.4", "5.0", "5.2"]
)
def test_ratings_agree_with_sudoku_explainer_on_basic_techniques(se: str) -> None:
    puzzles = se_rated(se, 10)
    agree = sum(1 for p in puzzles if rate(p).value == float(se))
    assert agree >= 8, f"{agree} of 10 puzzles SE rates {se} are rated {se} here"


@pytest.mark.parametrize(
    "spelling",
    ["single-digit chains", "single-digit-chains", "Single Digit Chains", "single_digit_chains"],
)
def test_every_family_in_every_spelling(spelling: str) -> None:
    chosen = select_techniques([spelling])
    assert chosen and {t.family for t in chosen} == {Family.SINGLE_DIGIT_CHAINS}


def test_every_technique_by_its_key_and_its_name() -> None:
    for technique in TECHNIQUES:
        for spelling in (technique.key, technique.name, technique.name.upper()):
            chosen = select_techniques([spelling])
            assert technique in chosen, spelling
            # a spelling names more than one technique only where they share a name
            # (SE's chain rule's steps and HoDoKu's chains of the same name)
            shared = {name_key(t.name) for t in chosen}
            assert len(chosen) == 1 or len(shared) == 1, spelling


def test_a_name_two_techniques_share_selects_both() -> None:
    # HoDoKu's and SudokuWiki's users ask for an XY-Chain and get SE's chain rule's and
    # HoDoKu's every-chain search
    assert [t.key for t in select_techniques(["XY-Chain"])] == ["xy-chain", "hodoku-xy-chain"]
    assert [t.key for t in select_techniques(["aic"])] == ["aic", "alternating-inference-chain"]
    assert [t.key for t in select_techniques(["hodoku-xy-chain"])] == ["hodoku-xy-chain"]


def test_each_solver_keeps_its_finders_memory_to_itself() -> None:
    """What a finder remembers of the last position (here Aligned Pair Exclusion's last
    position without a pair) lives in the board's ``Memory``: shared by the boards of one
    solver (a guess's copy), never by two solvers, so solvers in threads cannot mix."""
    from xl_sudoku.core.techniques import exclusion

    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    first, second = LogicSolver(puzzle), LogicSolver(puzzle)
    assert first.board.memory is not second.board.memory
    assert first.board.copy().memory is first.board.memory
    assert list(exclusion.aligned_pair_exclusions(first.board)) == []
    assert first.board.memory.of(exclusion._Quiet).pairs  # remembered, by this solver
    assert not second.board.memory.of(exclusion._Quiet).pairs
    trace = second.run()
    assert trace.unique and is_solution(trace.grid)


def test_every_new_board_has_a_memory_of_its_own() -> None:
    """A board made from a grid, from pencil marks or by hand has an empty memory of its
    own, so a finder asked about it directly works and remembers for it alone."""
    from xl_sudoku.core.board import Board, board_from_candidates
    from xl_sudoku.core.techniques.chains.dynamic_search import Closures

    grid = tuple(int(c) for c in INKALA_2010.replace(".", "0"))
    made = [
        Board.from_grid(grid),
        board_from_candidates(grid, [0x1FF] * 81),
        Board(grid, [0x1FF] * 81),
    ]
    assert len({id(board.memory) for board in made}) == 3
    for board in made:
        assert Closures.following(board).before is None  # nothing remembered before
