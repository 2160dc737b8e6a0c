"""The SUDOKU_* worksheet functions: values on good input, messages (never exceptions) on bad."""

from __future__ import annotations

import pytest

from tests.puzzles import HARD1, INKALA_2010
from xl_sudoku.buttons import functions
from xl_sudoku.core import count_solutions, grid_from_rows, is_solution, parse_puzzle
from xl_sudoku.core.hints import hint
from xl_sudoku.core.rating import rate
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


@pytest.mark.slow  # rates hard puzzles: 20-45 s
def test_count_rate_hint_valid() -> None:
    assert SUDOKU_COUNT(rows(INKALA_2010)) == 1
    assert SUDOKU_COUNT(rows(HARD1), 5) == 5
    rated = SUDOKU_RATE(rows(INKALA_2010))
    assert rated == str(rate(INKALA_2010)) and " Nightmare (" in rated
    assert SUDOKU_RATE(rows(HARD1)) == "2 or more solutions"
    assert SUDOKU_HINT(rows(INKALA_2010)) == "Look for a Dynamic Forcing Chain (+)"
    assert SUDOKU_HINT(rows(INKALA_2010), 3) == hint(INKALA_2010, 3).text
    assert SUDOKU_VALID(rows(INKALA_2010)) is True
    assert SUDOKU_VALID(rows(HARD1)) == "2 or more solutions"


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
    assert SUDOKU_HINT(rows(INKALA_2010), 7) == "hint level must be 1, 2 or 3, got 7"


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
    assert SUDOKU_TARGET(rows(noip)) == 2829  # the NOIP 2009 sample
    grid = SUDOKU_TARGET(rows(noip), True)
    assert isinstance(grid, list)
    assert is_solution(tuple(d for row in grid for d in row), parse_puzzle(noip))
    found = SUDOKU_TARGET(rows(INKALA_2010))  # one solution: its score
    assert isinstance(found, int) and found > 0
    assert SUDOKU_TARGET(rows("12345678." + "........9" + "." * 63)) == -1
    assert str(SUDOKU_TARGET(rows("55" + "." * 79))).startswith("duplicate 5 in row 1")


def test_target_on_an_empty_grid_answers_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Excel waits for a UDF: an empty grid (hours of exact search) gets a bounded
    search and says its number is a lower bound."""
    monkeypatch.setattr(functions, "TARGET_SECONDS", 0.2)
    found = SUDOKU_TARGET(rows("." * 81))
    assert isinstance(found, str) and found.startswith("at least ")
    assert "(not proven: too few givens to search in time)" in found


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
