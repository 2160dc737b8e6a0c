"""The Lite edition under the model of xlwings Lite (``office``), in this interpreter: every
button of ``lite/main.py`` leaves the sheet the desktop path leaves, every function gives
the Windows UDF's answer. (``test_pyodide.py`` runs the same under Pyodide, on the wheel.)
The model's rules are checked against the installed xlwings' own code."""

from __future__ import annotations

import ast
import importlib.util
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.buttons.sequences import HARDER, differences
from tests.lite import office, xlwings_standin
from tests.lite.conftest import ALL_SEQUENCES, desktop_states
from tests.lite.inside import call_functions, run_sequence, seeded, unhurried
from tests.puzzles import INKALA_2010
from xl_sudoku.core import is_solution, parse_puzzle
from xl_sudoku.excel import udfs

WHEEL = Path(str(importlib.util.find_spec("xlwings").origin)).parent  # type: ignore[union-attr]


@pytest.mark.parametrize(("name", "line", "text"), office.QUOTED)
def test_the_model_quotes_the_installed_wheel(name: str, line: int, text: str) -> None:
    lines = (WHEEL / name).read_text(encoding="utf-8").splitlines()
    assert lines[line - 1].strip().startswith(text), (name, line, lines[line - 1])


def test_the_standin_decorators_have_xlwings_lite_signatures() -> None:
    """The stand-in's ``script``, ``func``, ``arg`` and ``ret`` take what xlwings' Office.js
    runtime's take (read from the wheel's source: importing it needs a licence key)."""
    tree = ast.parse((WHEEL / "pro" / "udfs_officejs.py").read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in xlwings_standin.SIGNATURES:
            args = node.args
            names = [a.arg for a in args.args]
            defaults = [ast.unparse(d) for d in args.defaults]
            shown = [
                n
                if i < len(names) - len(defaults)
                else f"{n}={defaults[i - len(names) + len(defaults)]}"
                for i, n in enumerate(names)
            ]
            if args.kwarg:
                shown.append(f"**{args.kwarg.arg}")
            found[node.name] = f"({', '.join(shown)})"
    assert found == xlwings_standin.SIGNATURES
    standin: dict[str, Callable[..., Any]] = {
        "script": xlwings_standin.script,
        "xlfunc": xlwings_standin.func,
        "xlarg": xlwings_standin.arg,
        "xlret": xlwings_standin.ret,
    }
    for name, function in standin.items():
        parameters = inspect.signature(function).parameters
        shown = [
            f"**{p.name}"
            if p.kind is p.VAR_KEYWORD
            else (p.name if p.default is p.empty else f"{p.name}={p.default}")
            for p in parameters.values()
        ]
        assert f"({', '.join(shown)})" == xlwings_standin.SIGNATURES[name], name


#: what the Status cell shows while each button that may search for long works
BUSY = {
    "Solve": "Solving…",
    "Step": "Finding the next step…",
    "Hint": "Finding a hint…",
    "New puzzle": "Generating…",
    "Count solutions": "Counting…",
}


@pytest.mark.parametrize("name", ["Solve", "Step", "Hint", "Count solutions", "Candidates"])
def test_a_long_button_sends_what_it_is_doing_before_it_searches(
    lite_workbook: dict[str, Any], main: Any, name: str
) -> None:
    """Issue 52: xlwings Lite has no status bar and sends a script's writes when it ends;
    a button that may search for long writes what it does into the Status cell and sends
    it first (``await book.flush()``), which Excel shows while the search runs; the
    button's own status replaces it at the end. A quick button sends nothing early."""
    excel = office.Excel.from_json(lite_workbook)
    run = office.run_script(excel, main, name)
    assert run.flushed == ([BUSY[name]] if name in BUSY else [])
    sheet, address = excel.names["Status"]
    shown = excel.values[sheet].get(office.cell_of(address.replace("$", "")))
    assert shown and shown != run.flushed[:1] and not str(shown).endswith("…")


def renamed(workbook: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The workbook with a sheet renamed as Excel renames it: its defined names go with it."""
    sheets = [{**s, "name": new if s["name"] == old else s["name"]} for s in workbook["sheets"]]
    names = {
        name: [new if sheet == old else sheet, address]
        for name, (sheet, address) in workbook["names"].items()
    }
    return {"sheets": sheets, "names": names}


def test_a_renamed_sheet_is_sent_to_the_buttons(lite_workbook: dict[str, Any], main: Any) -> None:
    """The buttons find a renamed Sudoku or Steps sheet by its defined names, as on the
    desktop; xlwings Lite sends a script only the sheets its ``include`` names, by name, so
    a renamed sheet's cells were read as empty: Solve wrote a guessed solution of an empty
    grid beside the givens, and Undo after Candidates or New puzzle emptied the givens."""
    excel = office.Excel.from_json(renamed(lite_workbook, "Sudoku", "My puzzle"))
    view = excel.view()
    puzzle = parse_puzzle(HARDER)
    view.sheets["My puzzle"].range("Givens").value = [
        [v or None for v in puzzle[9 * r : 9 * r + 9]] for r in range(9)
    ]
    reads = []
    for name in ("Solve", "Candidates", "Undo", "Undo", "New puzzle", "Undo"):
        with seeded(3):
            reads += office.run_script(excel, main, name).excluded_reads
        if name == "Solve":
            work = view.sheets["My puzzle"].range("Work").value
            assert is_solution(tuple(int(v) for row in work for v in row), puzzle)
    assert view.sheets["My puzzle"].range("Status").value == "Undid New puzzle (0 more to undo)"
    givens = view.sheets["My puzzle"].range("Givens").value
    assert tuple(v or 0 for row in givens for v in row) == puzzle
    assert reads == []
    excel = office.Excel.from_json(renamed(lite_workbook, "Steps", "My log"))
    view = excel.view()
    for name in ("Solve", "Clear", "Undo"):
        reads += office.run_script(excel, main, name).excluded_reads
    assert view.sheets["My log"].range("A2:A3").value == [1, 2]  # the log Clear saved
    assert reads == []


def test_the_sequences_press_every_script(main: Any) -> None:
    """Every ``@script`` of main.py is pressed in some sequence (here and under Pyodide),
    and every sequence presses only scripts main.py has."""
    pressed = {
        what for steps in ALL_SEQUENCES.values() for kind, what, _ in steps if kind == "press"
    }
    assert pressed == set(office.scripts(main))


#: the quick tier presses two sequences (every button but New puzzle, a step-log read);
#: the slow tier all of them (as test_pyodide does under Pyodide)
QUICK = ("check", "step after a failed solve")


@pytest.mark.parametrize(
    "name",
    [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in ALL_SEQUENCES],
)
def test_every_button_leaves_the_desktop_sheet(
    tmp_path: Path, lite_workbook: dict[str, Any], main: Any, name: str
) -> None:
    """Each sequence of presses and typing (``tests/buttons/sequences``, and three that read
    the step log) on the Lite
    workbook through ``lite/main.py``'s scripts, under xlwings Lite's rules, against the
    same on the VBA workbook through the buttons' code on the desktop: after every step the
    same values, fills, status cells and step log; no script reads a sheet it leaves out."""
    lite = run_sequence(lite_workbook, main, ALL_SEQUENCES[name])
    assert lite["excluded_reads"] == []
    for step, desktop, other in zip(
        ALL_SEQUENCES[name], desktop_states(tmp_path, name), lite["states"], strict=True
    ):
        assert not differences(desktop, other), (name, step, differences(desktop, other))


def excel_rows(puzzle: str, number: type = float) -> list[list[Any]]:
    """A 9x9 range as Excel hands it: numbers (floats on Windows; JavaScript numbers, whole
    ones ints, through Office.js), None for an empty cell."""
    grid = parse_puzzle(puzzle)
    return [[number(v) if v else None for v in grid[9 * r : 9 * r + 9]] for r in range(9)]


def function_cases() -> list[tuple[str, list[Any], list[Any]]]:
    """(function, arguments as Office.js sends them, as Windows sends them)."""
    bad = excel_rows(INKALA_2010, int)
    bad[2][6] = "x"
    duplicate = excel_rows(INKALA_2010, int)
    duplicate[0][1] = 8
    several = "...." + "." * 77
    none = "12345678." + "........9" + "." * 63
    noip = "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12"
    example = "97.3.6.428.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............1..847..3"
    cases: list[tuple[str, list[Any], list[Any]]] = []
    for puzzle in (HARDER, example, none, "1" * 2 + "." * 79):
        lite, windows = excel_rows(puzzle, int), excel_rows(puzzle)
        cases += [
            ("SUDOKU_SOLVE", [lite], [windows]),
            ("SUDOKU_CANDIDATES", [lite], [windows]),
            ("SUDOKU_COUNT", [lite, [[2]]], [windows, 2.0]),
            ("SUDOKU_RATE", [lite], [windows]),
            ("SUDOKU_HINT", [lite, [[3]]], [windows, 3.0]),
            ("SUDOKU_VALID", [lite], [windows]),
        ]
    for wrong in (bad, duplicate):
        windows = [[float(v) if isinstance(v, int) else v for v in row] for row in wrong]
        cases += [(n, [wrong], [windows]) for n in ("SUDOKU_SOLVE", "SUDOKU_RATE", "SUDOKU_VALID")]
    several_lite, several_windows = excel_rows(several, int), excel_rows(several)
    cases += [
        ("SUDOKU_COUNT", [several_lite], [several_windows]),  # the default limit
        ("SUDOKU_COUNT", [several_lite, [[5]]], [several_windows, 5.0]),
        ("SUDOKU_HINT", [excel_rows(example, int)], [excel_rows(example)]),
        ("SUDOKU_HINT", [excel_rows(example, int), [[7]]], [excel_rows(example), 7.0]),
        ("SUDOKU_TARGET", [excel_rows(noip, int)], [excel_rows(noip)]),
        ("SUDOKU_TARGET", [excel_rows(noip, int), [[True]]], [excel_rows(noip), True]),
        ("SUDOKU_TARGET", [excel_rows(none, int)], [excel_rows(none)]),
        ("SUDOKU_NEW", [[["Easy"]], [[7]]], ["Easy", 7.0]),
        ("SUDOKU_NEW", [[["expert"]], [[3]], [["rot180"]]], ["expert", 3.0, "rot180"]),
        ("SUDOKU_NEW", [[["Impossible"]]], ["Impossible"]),
    ]
    return cases


def desktop_answer(name: str, args: list[Any]) -> list[list[Any]]:
    """A Windows UDF's answer, as a matrix (xlwings hands Excel a scalar as 1x1)."""
    from xl_sudoku import puzzles

    budget, puzzles.BUDGET = puzzles.BUDGET, 120.0
    try:
        with unhurried():
            return office.to_matrix(getattr(udfs, name)(*args))
    finally:
        puzzles.BUDGET = budget


@pytest.mark.slow
def test_every_function_gives_the_windows_answer(main: Any) -> None:
    cases = function_cases()
    assert {c[0] for c in cases} == {n for n in dir(udfs) if n.startswith("SUDOKU_")}
    lite = call_functions(main, [[name, args] for name, args, _ in cases])
    for (name, _, windows), answer in zip(cases, lite, strict=True):
        assert answer == desktop_answer(name, windows), name
