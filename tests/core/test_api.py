"""The public API: what ``xl_sudoku.core`` exports, pinned, and the documented example run
(docs/api.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import xl_sudoku
import xl_sudoku.core
from xl_sudoku.core import (
    GenerationError,
    MultipleSolutionsError,
    NoSolutionError,
    PuzzleError,
    parse_puzzle,
    proper_solution,
    require_proper,
)

ROOT = Path(__file__).resolve().parents[2]

PUBLIC = [
    # the board's vocabulary and tables
    "ALL_DIGITS",
    "BOXES",
    "CELLS",
    "COLS",
    "DIGITS",
    "EMPTY_GRID",
    "HOUSES",
    "HOUSES_OF",
    "PEERS",
    "ROWS",
    "TECHNIQUES",
    "Candidate",
    "Cell",
    "Digit",
    "Duplicate",
    "DuplicateError",
    "Generated",
    "GenerationError",
    "Grid",
    "Hint",
    "House",
    "LogicSolver",
    "Mask",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "PuzzleRecord",
    "Rating",
    "SearchStats",
    "Status",
    "Step",
    "Target",
    "Technique",
    "Trace",
    "best_score",
    "bit",
    "box_of",
    "candidates",
    "cell_name",
    "col_of",
    "count_solutions",
    "digits_of",
    "find_duplicates",
    "format_grid",
    "format_line",
    "generate",
    "grid_from_rows",
    "hint",
    "house_name",
    "is_solution",
    "mask_of",
    "next_step",
    "parse_placeholder",
    "parse_puzzle",
    "placeholder",
    "placeholder_grid",
    "proper_solution",
    "rate",
    "read_placeholder_grid",
    "read_puzzles",
    "require_proper",
    "row_of",
    "select_techniques",
    "solution_lines",
    "solutions",
    "solve",
    "validate",
]


def test_the_public_names_are_pinned() -> None:
    assert xl_sudoku.core.__all__ == PUBLIC, "a change to the public API: update PUBLIC here"
    for name in PUBLIC:
        assert getattr(xl_sudoku.core, name) is not None


def test_generate_is_the_function_whatever_was_imported_first() -> None:
    import xl_sudoku.core.generate  # the module of the same name

    assert callable(xl_sudoku.core.generate)
    assert xl_sudoku.core.generate.__module__ == "xl_sudoku.core.generate"


@pytest.mark.slow
def in_a_new_interpreter(code: str) -> object:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_importing_the_core_loads_its_vocabulary_and_each_name_when_first_used() -> None:
    """Issue 52: a click's new interpreter loads only what its button needs."""
    loaded = "sorted(m for m in sys.modules if m.startswith('xl_sudoku.core.'))"
    found = in_a_new_interpreter(
        f"import json, sys; import xl_sudoku.core as core; before = {loaded}; "
        f"solver = core.LogicSolver; after = {loaded}; "
        "print(json.dumps([before, solver.__module__, 'xl_sudoku.core.techniques' in after, "
        "'LogicSolver' in vars(core), 'LogicSolver' in dir(core)]))"
    )
    assert found == [
        [
            "xl_sudoku.core.candidates",
            "xl_sudoku.core.errors",
            "xl_sudoku.core.glossary",
            "xl_sudoku.core.grid",
        ],
        "xl_sudoku.core.engine",
        True,
        True,  # kept: asked for once
        True,
    ]
    with pytest.raises(AttributeError, match=r"^module 'xl_sudoku.core' has no attribute 'x'$"):
        xl_sudoku.core.x  # noqa: B018


@pytest.mark.parametrize(
    "first", ["import xl_sudoku.core.generate", "import xl_sudoku.core.generate as module"]
)
def test_generate_is_the_function_when_its_module_loads_first(first: str) -> None:
    """Importing the module ``core.generate`` before the name (as ``puzzles`` does) leaves
    the package's ``generate`` the function."""
    found = in_a_new_interpreter(
        f"import json; {first}; from xl_sudoku.core import generate; import xl_sudoku.core; "
        "print(json.dumps([callable(generate), generate.__module__, "
        "xl_sudoku.core.generate is generate]))"
    )
    assert found == [True, "xl_sudoku.core.generate", True]


def test_the_documented_python_example_runs_with_imports_from_core_only() -> None:
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", page, re.S)
    assert code is not None
    imports = re.findall(r"^\s*(?:from|import) (\S+)", code.group(1), re.M)
    assert set(imports) <= {"random", "xl_sudoku.core"}
    exec(compile(code.group(1), "docs/api.md", "exec"), {})


def test_one_version() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "version" in tomllib.loads(pyproject)["project"]["dynamic"]
    assert 'version = { attr = "xl_sudoku.__version__" }' in pyproject
    assert re.fullmatch(r"\d+\.\d+\.\d+", xl_sudoku.__version__)


INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_require_proper_is_the_one_test_of_a_proper_puzzle() -> None:
    require_proper(1)
    require_proper(2, unique=False)
    with pytest.raises(NoSolutionError, match=r"^no solution$"):
        require_proper(0, unique=False)
    with pytest.raises(MultipleSolutionsError, match=r"^2 or more solutions$"):
        require_proper(2)
    assert proper_solution(INKALA) == xl_sudoku.core.solve(INKALA)
    with pytest.raises(MultipleSolutionsError):
        proper_solution("." * 81)


def test_errors_are_value_errors_and_generation_is_not_a_puzzle_error() -> None:
    assert issubclass(PuzzleError, ValueError)
    assert issubclass(GenerationError, ValueError)
    assert not issubclass(GenerationError, PuzzleError)


def test_an_error_is_not_changed_after_it_is_made() -> None:
    """A one-line puzzle's error names no line; reading it does not alter a shared error."""
    with pytest.raises(PuzzleError) as caught:
        parse_puzzle("x" + INKALA[1:])
    assert str(caught.value) == "r1c1: 'x' is not a digit 1-9"
    assert caught.value.line is None
