"""The SUDOKU_* worksheet functions: values on good input, messages (never exceptions) on bad."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.puzzles import HARD1, INKALA_2010
from xl_sudoku.buttons import functions
from xl_sudoku.core import (
    count_solutions,
    format_line,
    grid_from_rows,
    is_solution,
    parse_puzzle,
    solve,
)
from xl_sudoku.core.deadline import OutOfTime
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.errors import GenerationError
from xl_sudoku.core.generate import rating_range
from xl_sudoku.core.hints import hint
from xl_sudoku.core.rating import LABELS, NEEDS_GUESSING, label_of, rate
from xl_sudoku.core.steps import Step
from xl_sudoku.excel import udfs
from xl_sudoku.excel.udfs import (
    SUDOKU_CANDIDATES,
    SUDOKU_COUNT,
    SUDOKU_HINT,
    SUDOKU_NEW,
    SUDOKU_RATE,
    SUDOKU_SOLVE,
    SUDOKU_TARGET,
    SUDOKU_VALID,
)
from xl_sudoku.puzzles import bundled


def rows(puzzle: str) -> list[list[object]]:
    """As Excel hands a range to a UDF: floats for numbers, None for empty cells."""
    grid = parse_puzzle(puzzle)
    return [[float(v) if v else None for v in grid[9 * r : 9 * r + 9]] for r in range(9)]


def test_solve_returns_nine_rows_of_digits() -> None:
    answer = SUDOKU_SOLVE(rows(INKALA_2010))
    assert isinstance(answer, list) and len(answer) == 9 and all(len(r) == 9 for r in answer)
    assert is_solution(tuple(v for r in answer for v in r), parse_puzzle(INKALA_2010))


def test_candidates_are_placeholder_strings_and_givens() -> None:
    shown = SUDOKU_CANDIDATES(rows(INKALA_2010))
    assert isinstance(shown, list)
    assert shown[0][0] == "8" and shown[0][1] == "120406000"


#: time enough for any search these tests ask for
PLENTY = 600.0


@pytest.fixture(autouse=True)
def afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with nothing known of any grid (``functions._KNOWN``), and every
    search has the time it needs (the answers must not depend on the machine's load) but
    where a test says otherwise."""
    functions.forget()
    monkeypatch.setattr(functions, "SECONDS", PLENTY)


#: top1465's first: rated 9.0, its first steps easier
MIDDLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_count_marks_a_count_that_stopped() -> None:
    """A capped count is never read as "unique": ``N+`` where it stopped at the limit."""
    assert SUDOKU_COUNT(rows(INKALA_2010)) == 1
    assert SUDOKU_COUNT(rows(INKALA_2010), 1) == "1+"
    assert SUDOKU_COUNT(rows(HARD1), 5, PLENTY) == "5+"
    assert SUDOKU_COUNT(rows(HARD1), 2) == "2+"
    assert SUDOKU_COUNT(rows(HARD1), 1.0) == "1+"
    assert SUDOKU_COUNT(rows("." * 81), 1) == "1+"
    assert SUDOKU_COUNT(rows("12345678." + "........9" + "." * 63)) == 0
    few = EASY[:-2] + ".."  # a handful of solutions
    assert SUDOKU_COUNT(rows(few), 1000, PLENTY) == count_solutions(parse_puzzle(few), 1000)


@pytest.mark.parametrize(
    ("limit", "message"),
    [
        (0, "limit must be a whole number from 1, got 0"),
        (-5, "limit must be a whole number from 1, got -5"),
        (2.5, "limit must be a whole number from 1, got 2.5"),
        ("x", "limit must be a number, got 'x'"),
        (float("inf"), "limit must be a whole number from 1, got inf"),
        (float("nan"), "limit must be a number, got nan"),
        (True, "limit must be a number, got True"),
    ],
)
def test_count_refuses_a_limit_below_1_in_words(limit: object, message: str) -> None:
    assert SUDOKU_COUNT(rows(INKALA_2010), limit) == message


def test_a_huge_limit_stops_at_the_time_it_was_given() -> None:
    """``SUDOKU_COUNT(Givens, 10^12)`` on an empty grid used to never return."""
    answer = SUDOKU_COUNT(rows("." * 81), 1e12, 0.05)
    assert isinstance(answer, str)
    count, stop = answer.split("+ ", 1)
    assert int(count) > 0
    assert stop == "(stopped after 0.05 s (a last argument gives more seconds))"


def stop_after(monkeypatch: pytest.MonkeyPatch, steps: int) -> None:
    """Every logical solve stops (as at its deadline) when it has taken ``steps`` steps."""
    real = LogicSolver.step

    def step(self: LogicSolver, guess: bool = True) -> Step | None:
        if len(self.steps) >= steps:
            raise OutOfTime(functions.SECONDS)
        return real(self, guess)

    monkeypatch.setattr(LogicSolver, "step", step)


def test_rate_gives_the_rating_and_stopped_a_lower_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    assert SUDOKU_RATE(rows(EASY), PLENTY) == str(rate(EASY))
    assert SUDOKU_RATE(rows(HARD1)) == "2 or more solutions"
    functions.forget()
    steps = LogicSolver(MIDDLE).run_logic().steps
    hardest = max(steps[:6], key=lambda s: s.difficulty)
    assert hardest.difficulty < rate(MIDDLE).value  # (so that the test can tell)
    stop_after(monkeypatch, 6)
    assert SUDOKU_RATE(rows(MIDDLE)) == (
        f"at least {hardest.difficulty:.1f} {label_of(hardest.difficulty)} "
        f"({hardest.technique.name}); stopped after {functions.SECONDS:g} s "
        "(a last argument gives more seconds)"
    )
    stop_after(monkeypatch, 0)
    functions.forget()
    assert SUDOKU_RATE(rows(MIDDLE)) == (
        f"stopped after {functions.SECONDS:g} s (a last argument gives more seconds)"
    )


@pytest.mark.slow  # rates Inkala's puzzle: 2-4 s
def test_a_last_argument_gives_a_rating_the_time_it_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(functions, "SECONDS", 0.06)
    assert "stopped after" in SUDOKU_RATE(rows(INKALA_2010))
    rated = SUDOKU_RATE(rows(INKALA_2010), PLENTY)  # goes on from where it stopped
    assert rated == str(rate(INKALA_2010)) and " Nightmare (" in rated
    assert SUDOKU_HINT(rows(INKALA_2010), 1, PLENTY) == "Look for a Dynamic Forcing Chain (+)"
    assert SUDOKU_HINT(rows(INKALA_2010), 3, PLENTY) == hint(INKALA_2010, 3).text


def test_hint_levels_and_what_is_not_a_puzzle() -> None:
    for level in (1, 2, 3):
        assert SUDOKU_HINT(rows(EASY), level, PLENTY) == hint(EASY, level).text
        assert SUDOKU_HINT(rows(EASY), float(level)) == hint(EASY, level).text
    assert SUDOKU_HINT(rows(HARD1)) == "2 or more solutions"
    assert SUDOKU_HINT(rows("." * 81)) == "2 or more solutions"
    solved = format_line(solve(parse_puzzle(EASY)))
    assert SUDOKU_HINT(rows(solved)) == "the puzzle is already solved"


def test_hint_stopped_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    stop_after(monkeypatch, 0)
    assert SUDOKU_HINT(rows(MIDDLE)) == (
        f"no step found yet: stopped after {functions.SECONDS:g} s "
        "(a last argument gives more seconds)"
    )


def test_what_one_grid_taught_is_kept_and_asked_again_only_with_more_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hint's first step is the rating's first step (one solve of the grid, kept); a search
    that stopped is not made again unless a call gives it more time."""
    first = SUDOKU_HINT(rows(EASY), 3, PLENTY)
    known = functions._KNOWN[parse_puzzle(EASY)]
    assert known.solver is not None and len(known.solver.steps) == 1
    SUDOKU_RATE(rows(EASY), PLENTY)
    assert known.solver.status == "solved" and SUDOKU_HINT(rows(EASY), 3) == first
    rated, hinted = str(rate(MIDDLE)), hint(MIDDLE, 3).text
    # the default time is less than PLENTY, but long enough that a loaded machine never
    # runs out of it before the stand-in says the time is spent (at the fourth step)
    monkeypatch.setattr(functions, "SECONDS", 60.0)
    real = LogicSolver.step
    taken: list[int] = []

    def step(self: LogicSolver, guess: bool = True) -> Step | None:
        taken.append(len(self.steps))
        if len(self.steps) >= 3 and sum(1 for t in taken if t == 3) == 1:
            functions._KNOWN[parse_puzzle(MIDDLE)].logic_used = functions.SECONDS
            raise OutOfTime(functions.SECONDS)  # as if the time were all spent
        return real(self, guess)

    monkeypatch.setattr(LogicSolver, "step", step)
    stopped = SUDOKU_RATE(rows(MIDDLE))
    assert stopped.startswith("at least") and len(taken) == 4
    assert SUDOKU_RATE(rows(MIDDLE)) == stopped  # the same time: not searched again
    assert SUDOKU_HINT(rows(MIDDLE), 3) == hinted  # a step it had
    assert len(taken) == 4
    assert SUDOKU_RATE(rows(MIDDLE), PLENTY) == rated  # more time: on from there
    assert taken[4] == 3  # went on from the fourth step, not from the start


def test_valid() -> None:
    assert SUDOKU_VALID(rows(INKALA_2010)) is True
    assert SUDOKU_VALID(rows(HARD1)) == "2 or more solutions"


def test_solve_shows_no_digit_of_a_puzzle_that_is_not_proper() -> None:
    """A digit in front of a person is a proven digit: one of many solutions is not."""
    assert SUDOKU_SOLVE(rows(HARD1)) == "2 or more solutions"
    assert SUDOKU_SOLVE(rows("." * 81)) == "2 or more solutions"


def test_bad_input_gives_the_message() -> None:
    bad = rows(INKALA_2010)
    bad[2][6] = "x"
    expected = "r3c7: 'x' is not a digit 1-9"
    assert SUDOKU_SOLVE(bad) == expected
    assert SUDOKU_CANDIDATES(bad) == expected
    assert SUDOKU_COUNT(bad) == expected
    assert SUDOKU_RATE(bad) == expected
    assert SUDOKU_HINT(bad) == expected
    assert SUDOKU_VALID(bad) == expected
    duplicate = rows(INKALA_2010)
    duplicate[0][1] = 8.0
    assert SUDOKU_SOLVE(duplicate) == "duplicate 8 in row 1: r1c1, r1c2"
    no_solution = rows("12345678." + "........9" + "." * 63)
    assert SUDOKU_SOLVE(no_solution) == "no solution"
    assert SUDOKU_VALID(no_solution) == "no solution"
    assert SUDOKU_SOLVE([[1, 2, 3]]) == "expected 9 rows of 9 cells, got 1x3"
    assert SUDOKU_HINT(rows(INKALA_2010), 7) == (
        "hint level must be a whole number from 1 to 3, got 7"
    )
    assert SUDOKU_HINT(rows(INKALA_2010), "x") == "hint level must be a number, got 'x'"
    assert SUDOKU_HINT(rows(INKALA_2010), float("inf")) == (
        "hint level must be a whole number from 1 to 3, got inf"
    )
    error = rows(INKALA_2010)
    error[0][1] = "#N/A"  # an error cell, as xlwings reads it with err_to_str
    assert SUDOKU_SOLVE(error) == "r1c2: '#N/A' is not a digit 1-9"


@pytest.mark.parametrize(
    ("seconds", "message"),
    [
        ("x", "seconds must be a number, got 'x'"),
        (0, "seconds must be more than 0 and at most 3600, got 0"),
        (-1.0, "seconds must be more than 0 and at most 3600, got -1.0"),
        (float("inf"), "seconds must be more than 0 and at most 3600, got inf"),
        (float("nan"), "seconds must be a number, got nan"),
        (1e12, "seconds must be more than 0 and at most 3600, got 1000000000000.0"),
    ],
)
def test_a_bad_time_is_refused_in_words(seconds: object, message: str) -> None:
    for function in (SUDOKU_SOLVE, SUDOKU_RATE, SUDOKU_VALID):
        assert function(rows(INKALA_2010), seconds) == message
    assert SUDOKU_COUNT(rows(INKALA_2010), 2, seconds) == message
    assert SUDOKU_HINT(rows(INKALA_2010), 1, seconds) == message
    assert SUDOKU_TARGET(rows(INKALA_2010), False, seconds) == message


def test_an_empty_cell_as_an_argument_means_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """An argument that refers to an empty cell reaches the function as None (Excel's
    empty string too): each optional argument then means its default, as the seconds, the
    limit and the seed already did, never "hint level must be a number, got None"."""
    for empty in (None, ""):
        assert SUDOKU_HINT(rows(EASY), empty, PLENTY) == hint(EASY, 1).text
    asked: list[tuple[str, str]] = []

    def generate(rng: object, *, difficulty: str, symmetry: str, seconds: float) -> object:
        asked.append((difficulty, symmetry))
        return SimpleNamespace(puzzle=parse_puzzle(EASY))

    monkeypatch.setattr(functions, "generate", generate)
    for empty in (None, ""):
        assert SUDOKU_NEW(empty, 7, empty) == SUDOKU_NEW("Medium", 7, "none")
    assert asked == [("Medium", "none")] * 4


def test_a_bad_seed_is_refused_in_words() -> None:
    assert SUDOKU_NEW("Easy", "x") == "seed must be a number, got 'x'"
    assert SUDOKU_NEW("Easy", 1.5) == ("seed must be a whole number from 0 to 9.22337e+18, got 1.5")


def test_the_difficulty_help_names_exactly_the_difficulties_sudoku_new_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Excel's function dialog (fx) lists the difficulties: each rating label it names is
    one SUDOKU_NEW takes, and each it takes is named (it named Needs guessing, which the
    generator refuses: no proper puzzle needs guessing)."""

    def generate(rng: object, *, difficulty: str, symmetry: str, seconds: float) -> object:
        rating_range(difficulty, None)  # the generator's own check, before any work
        return SimpleNamespace(puzzle=parse_puzzle(EASY))

    monkeypatch.setattr(functions, "generate", generate)
    shown = functions.HELP["difficulty"]
    for label in [name for name, _ in LABELS] + [NEEDS_GUESSING]:
        taken = isinstance(SUDOKU_NEW(label, 7), list)
        assert (label in shown) == taken, (label, SUDOKU_NEW(label, 7))
    assert shown.startswith("Optional: ")  # it has a default, as the other arguments say


def test_sudoku_new_past_its_budget_gives_a_bundled_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/making.md: New puzzle and SUDOKU_NEW use the generator for 2 seconds, then one
    of the bundled puzzles. SUDOKU_NEW answered "no Hard puzzle found in 46 attempts (2.2
    s)" instead: for 4 of the seeds 0-5 of Hard, 5 of Nightmare, on a busy 2-core machine.
    A seed or a symmetry still says so: a bundled puzzle would be neither that seed's
    puzzle (the same seed must give the same puzzle) nor symmetric."""

    def generate(rng: object, *, difficulty: str, symmetry: str, seconds: float) -> object:
        raise GenerationError(f"no {difficulty} puzzle found in 46 attempts (2.2 s)")

    monkeypatch.setattr(functions, "generate", generate)
    for rows in (SUDOKU_NEW("hard"), SUDOKU_NEW("Hard", "", "none")):
        assert isinstance(rows, list) and len(rows) == 9 and all(len(row) == 9 for row in rows)
        puzzle = grid_from_rows(rows)
        assert puzzle in bundled()["Hard"]
        assert count_solutions(puzzle, limit=2) == 1
    assert SUDOKU_NEW("Hard", 7) == "no Hard puzzle found in 46 attempts (2.2 s)"
    assert SUDOKU_NEW("Hard", None, "rot180") == "no Hard puzzle found in 46 attempts (2.2 s)"


@pytest.mark.slow
def test_sudoku_new_is_unique_and_reproducible_from_a_seed() -> None:
    rows = SUDOKU_NEW("Expert", 7)
    assert isinstance(rows, list) and len(rows) == 9 and all(len(row) == 9 for row in rows)
    puzzle = grid_from_rows(rows)
    assert count_solutions(puzzle, limit=2) == 1
    assert rate(puzzle).label == "Expert"
    assert SUDOKU_NEW("expert", 7.0) == rows  # Excel passes numbers as floats
    assert SUDOKU_NEW("Expert", 8) != rows
    assert SUDOKU_NEW("Easy", 1, "rot180") != rows
    assert str(SUDOKU_NEW("Impossible")).startswith("unknown difficulty 'Impossible'")
    assert str(SUDOKU_NEW("Easy", 1, "spiral")).startswith("unknown symmetry 'spiral'")


def test_sudoku_target() -> None:
    noip = "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12"
    assert SUDOKU_TARGET(rows(noip), False, PLENTY) == 2829  # the NOIP 2009 sample
    grid = SUDOKU_TARGET(rows(noip), True, PLENTY)
    assert isinstance(grid, list)
    assert is_solution(tuple(d for row in grid for d in row), parse_puzzle(noip))
    found = SUDOKU_TARGET(rows(INKALA_2010), False, PLENTY)  # one solution: its score
    assert isinstance(found, int) and found > 0
    assert SUDOKU_TARGET(rows("12345678." + "........9" + "." * 63)) == -1
    assert str(SUDOKU_TARGET(rows("55" + "." * 79))).startswith("duplicate 5 in row 1")


def test_target_reads_its_grid_argument_as_excel_reads_a_truth_value() -> None:
    """TRUE or FALSE may come as text (a cell holding "FALSE", a formula's result): read
    as Excel's IF reads it; other text is refused in words. The text "FALSE" gave the
    grid, as every non-empty text did."""
    noip = "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12"
    for false in (False, 0.0, "FALSE", " false "):
        assert SUDOKU_TARGET(rows(noip), false, PLENTY) == 2829
    for true in (True, 1.0, "TRUE", "true"):
        grid = SUDOKU_TARGET(rows(noip), true, PLENTY)
        assert isinstance(grid, list)
        assert is_solution(tuple(d for row in grid for d in row), parse_puzzle(noip))
    assert SUDOKU_TARGET(rows(noip), "yes") == "grid must be TRUE or FALSE, got 'yes'"


def test_target_on_an_empty_grid_answers_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Excel waits for a UDF: an empty grid (hours of exact search) gets a bounded
    search and says its number is a lower bound."""
    monkeypatch.setattr(functions, "SECONDS", 0.06)
    found = SUDOKU_TARGET(rows("." * 81))
    assert isinstance(found, str) and found.startswith("at least ")
    stop = f"(stopped after {functions.SECONDS:g} s (a last argument gives more seconds))"
    assert found.endswith(stop)
    assert int(found.split()[2]) > 0


#: run in a process of its own (xlwings' Windows decorators need stubbed Windows modules):
#: for each UDF as xlwings' UDF server sees it, the converter pipelines xlwings builds for
#: its arguments and its result (``conversion.read``/``write`` build them the same way
#: before they touch Excel), on a result the function really gives
CONVERTERS = """
import json
from xl_sudoku.workbook.udf_wrappers import decorated
from xlwings import conversion

module = decorated()
examples = json.loads({examples!r})
failures = []
for name, args in examples.items():
    info = getattr(module, name).__xlfunc__
    for arg in info["args"]:
        convert = arg["options"].get("convert")
        try:
            conversion.accessors.get(convert, convert).reader(arg["options"])
        except Exception as error:
            failures.append(f"{{name}}({{arg['name']}}): {{convert!r}}: {{error!r}}")
    result = getattr(module, name)(*args)
    options = info["ret"]["options"]
    convert = options.get("convert")
    try:
        conversion.accessors.get(convert, convert).router(result, None, options).writer(options)
    except Exception as error:
        failures.append(f"{{name}} -> {{type(result).__name__}}: {{convert!r}}: {{error!r}}")
print(json.dumps(failures))
"""


@pytest.mark.slow
def test_xlwings_can_convert_every_argument_and_result() -> None:
    """xlwings' Windows UDF server converts a UDF's arguments and result by the converters
    its type hints name (``xlwings.udfs.xlfunc`` reads them): a hint that is a union
    (``-> Rows | str``) names no converter, so the call would fail in Excel
    (``AttributeError: type object 'types.UnionType' has no attribute 'router'``)."""
    import json
    import subprocess
    import sys

    good, bad = rows(INKALA_2010), rows(INKALA_2010)
    bad[0][0] = "x"
    examples = {
        "SUDOKU_SOLVE": [good],
        "SUDOKU_CANDIDATES": [bad],
        "SUDOKU_COUNT": [good, 2.0],
        "SUDOKU_RATE": [bad],
        "SUDOKU_HINT": [good, 1.0],
        "SUDOKU_VALID": [good],
        "SUDOKU_NEW": ["Easy", 7.0],
        "SUDOKU_TARGET": [bad],
    }
    assert set(examples) == {n for n in dir(udfs) if n.startswith("SUDOKU_")}
    script = CONVERTERS.format(examples=json.dumps(examples))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
