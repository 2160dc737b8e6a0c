"""The buttons' code, run against the recording stand-in on the real workbook."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.buttons.engines import WINDOWS
from tests.buttons.standin import StandInApp, StandInBook, shown_fills
from tests.puzzles import INKALA_2010, load
from xl_sudoku.buttons import (
    on_candidates,
    on_check,
    on_clear,
    on_count,
    on_hint,
    on_new,
    on_solve,
    on_step,
    on_undo,
)
from xl_sudoku.buttons.settings import SWITCHES
from xl_sudoku.core import (
    candidates,
    cell_name,
    format_line,
    is_solution,
    parse_puzzle,
    placeholder,
    solve,
)
from xl_sudoku.core.steps import GUESS
from xl_sudoku.core.techniques import BY_KEY, TECHNIQUES
from xl_sudoku.workbook.build import EXAMPLE

ROOT = Path(__file__).resolve().parents[2]
#: calls into Excel an action may make, besides the status bar's timer (the colours of both
#: grids are one of them: a value write of their codes)
CALL_BUDGET = 15
TIMER = re.compile(r"App\.status_bar = '[\w ]+… \d+\.\d s'")
#: Inkala's puzzle without its r1c1: two solutions
NOT_UNIQUE = "...........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
PE_GRID_1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def grid_at(book: StandInBook, top_left: str) -> list[object]:
    sheet = book.workbook["Sudoku"]
    start = sheet[top_left]
    return [sheet.cell(start.row + r, start.column + c).value for r in range(9) for c in range(9)]


def fills_at(book: StandInBook, top_left: str) -> list[str | None]:
    """The fills the grid at ``top_left`` shows (its codes through the sheet's own rules)."""
    return shown_fills(book.workbook["Sudoku"], top_left)


def hex_of(rgb: tuple[int, int, int]) -> str:
    return "{:02X}{:02X}{:02X}".format(*rgb)


def status(book: StandInBook) -> object:
    return book.workbook["Sudoku"]["C15"].value


def named(book: StandInBook, name: str) -> Any:
    """The cell a one-cell defined name names."""
    sheet, where = next(iter(book.workbook.defined_names[name].destinations))
    return book.workbook[sheet][where.replace("$", "")]


def type_givens(book: StandInBook, puzzle: str) -> None:
    sheet = book.workbook["Sudoku"]
    for cell, ch in enumerate(puzzle):
        sheet.cell(4 + cell // 9, 2 + cell % 9).value = (
            int(ch) if ch.isdigit() and ch != "0" else None
        )


@pytest.mark.slow
def test_solve_fills_the_work_grid_colours_by_technique_and_logs_the_steps(
    book: StandInBook,
) -> None:
    on_solve(book)
    puzzle = parse_puzzle(EXAMPLE)
    work = grid_at(book, "L4")
    assert is_solution(tuple(int(v) for v in work), puzzle)  # type: ignore[call-overload]
    fills = fills_at(book, "L4")
    assert all(fills[c] is None for c in range(81) if puzzle[c]), "givens stay plain"
    singles = {hex_of(BY_KEY[k].colour) for k in ("full-house", "hidden-single", "naked-single")}
    assert all(fills[c] in singles for c in range(81) if not puzzle[c])
    assert str(status(book)).startswith("Solved in ") and str(status(book)).endswith(
        "guesses, unique"
    )
    steps = book.workbook["Steps"]
    logged = [row for row in steps.iter_rows(min_row=2, values_only=True) if row[0] is not None]
    assert logged and [row[0] for row in logged] == list(range(1, len(logged) + 1))
    assert str(logged[0][3]).startswith(str(logged[0][1]))  # the explanation starts so
    sudoku = book.workbook["Sudoku"]
    assert (
        sudoku["C17"].value == len(logged) and sudoku["C18"].value == 0 and sudoku["C19"].value == 1
    )
    assert status_bar_given_back(book, busy="Solving…")


def status_bar_given_back(book: StandInBook, busy: str | None = None) -> bool:
    """Where the engine has a status bar the action gave it back to Excel at its end (and
    showed ``busy`` first); the remote engine's was never touched."""
    shown = book.app.status_history
    if not book.engine.status_bar:
        return shown == []
    return shown[-1] is False and (busy is None or shown[0] == busy)


@pytest.mark.slow  # a minute
def test_a_solve_with_guesses_paints_them_yellow(book: StandInBook) -> None:
    # every proper puzzle is solved by logic; a puzzle with two solutions needs guesses
    type_givens(book, NOT_UNIQUE)
    on_solve(book)
    fills = fills_at(book, "L4")
    assert hex_of(GUESS.colour) in fills
    assert is_solution(tuple(int(v) for v in grid_at(book, "L4")), parse_puzzle(NOT_UNIQUE))  # type: ignore[call-overload]
    assert str(status(book)).endswith("not unique")


#: a step's explanation starts with its technique's name
A_STEP = "(?:" + "|".join(re.escape(t.name) for t in TECHNIQUES) + ")(?: Type \\d)?: .+"
#: each action of the call-budget test, and the status text it must end with
FINAL_STATUS: list[tuple[Callable[[StandInBook], None], str]] = [
    (on_solve, r"Solved in \d+ ms — \d+ steps, 0 guesses, unique"),
    (on_clear, r"None"),
    (on_step, A_STEP),
    (on_step, A_STEP),
    (on_hint, r"Hint 1 of 3: Look for an? .+"),
    (on_hint, r"Hint 2 of 3: .+"),
    (on_hint, r"Hint 3 of 3: .+"),
    (on_candidates, r"Candidates shown for \d+ open cells"),
    (on_check, r"All \d+ of your entries are right|The work grid holds no entry of yours to check"),
    (on_count, r"1 solution: the puzzle is proper"),
    (on_undo, r"Undid Candidates \(4 more to undo\)"),
    (on_undo, r"Undid Step \(3 more to undo\)"),
]


def status_writes(calls: list[str]) -> list[str]:
    """The status texts an action wrote, as the recorder logged them."""
    found = []
    for call in calls:
        if call.startswith("Range('Status').value = "):
            found.append(call.removeprefix("Range('Status').value = "))
        elif call.startswith("Range('StatusCells').value = [["):
            found.append(repr(ast.literal_eval(call.split(" = ", 1)[1])[0][0]))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    "puzzle", [PE_GRID_1, INKALA_2010, EXAMPLE], ids=["easy", "inkala", "example"]
)
def test_actions_make_a_bounded_number_of_calls(book: StandInBook, puzzle: str) -> None:
    type_givens(book, puzzle)
    for action, final in FINAL_STATUS:
        book.reset()
        action(book)
        calls = [c for c in book.calls if not TIMER.fullmatch(c)]
        assert len(calls) <= CALL_BUDGET, (action.__name__, calls)
        assert_values_to_rectangles(book.calls)
        written = status_writes(book.calls)
        assert written, (action.__name__, calls)
        text = ast.literal_eval(written[-1])
        assert re.fullmatch(final, str(text)), (action.__name__, text)
        assert text == status(book)  # what the recorder saw is what the sheet holds
        assert not any("internal error" in call for call in book.calls)


@pytest.mark.parametrize(
    "action",
    [on_solve, on_step, on_hint, on_candidates, on_check, on_count],
    ids=lambda action: action.__name__,
)
def test_a_press_checks_the_givens_once(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch, action: Callable[[StandInBook], None]
) -> None:
    """The givens are read and checked once a click, not again by the solver."""
    from xl_sudoku.core import rules

    checks: list[int] = []
    find_duplicates = rules.find_duplicates

    def counted(grid: Any) -> Any:
        checks.append(1)
        return find_duplicates(grid)

    monkeypatch.setattr(rules, "find_duplicates", counted)
    type_givens(book, PE_GRID_1)
    action(book)
    assert not any("internal error" in call for call in book.calls)
    assert len(checks) == 1, action


def test_the_recorder_sees_an_internal_error(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above can fail: a forced internal error shows in the calls recorded."""
    from xl_sudoku.core import hints

    def broken(*args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(hints, "next_step", lambda *args, **kwargs: broken())
    on_step(book)
    assert status_writes(book.calls) == [repr("internal error: RuntimeError('boom')")]
    assert any("internal error" in call for call in book.calls)


def test_errors_go_to_the_status_cell_and_colour_the_cells(book: StandInBook) -> None:
    sheet = book.workbook["Sudoku"]
    sheet["H6"] = "x"  # r3c7
    before = grid_at(book, "L4")
    on_solve(book)
    assert status(book) == "r3c7: 'x' is not a digit 1-9"
    assert fills_at(book, "B4")[24] == "FF5050" and fills_at(book, "B4").count("FF5050") == 1
    assert grid_at(book, "L4") == before  # nothing else changed
    assert status_bar_given_back(book)
    sheet["H6"] = 10
    on_solve(book)
    assert status(book) == "r3c7: 10 is not a digit 1-9"
    sheet["H6"] = None
    sheet["B4"], sheet["C4"] = 9, 9  # r1c1 is already 9 in the example
    on_solve(book)
    assert status(book) == "duplicate 9 in row 1: r1c1, r1c2"
    assert [i for i, f in enumerate(fills_at(book, "B4")) if f] == [0, 1]


def test_no_solution_and_several_solutions(book: StandInBook) -> None:
    type_givens(book, "12345678." + "........9" + "." * 63)
    on_solve(book)
    assert status(book) == "no solution"
    on_count(book)
    assert status(book) == "No solution"
    type_givens(book, "1" + "." * 80)
    on_count(book)
    assert (
        status(book) == "100 or more solutions"
        and book.workbook["Sudoku"]["C19"].value == "100 or more"
    )
    on_step(book)
    assert status(book) == "2 or more solutions: the puzzle needs more givens"


def test_count_solutions_shows_a_count_below_its_limit_as_the_ribbon_and_docs_say(
    book: StandInBook,
) -> None:
    """The example without its r1c9 has 10 solutions: the button counts them, and what
    the ribbon's tip and docs/excel.md say it shows leaves room for that count."""
    from xl_sudoku.buttons.actions import COUNT_LIMIT

    ten = "97.3.6.4.8.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............1..847..3"
    type_givens(book, ten)
    on_count(book)
    assert status(book) == "10 solutions" and book.workbook["Sudoku"]["C19"].value == 10
    ribbon = (ROOT / "xl_sudoku" / "workbook" / "src" / "customUI14.xml").read_text()
    tip = re.search(r'supertip="(Count the givens[^"]*)"', ribbon)
    docs = (ROOT / "docs" / "excel.md").read_text()
    row = re.search(r"^\| \*\*Count solutions\*\* \|.*$", docs, re.MULTILINE)
    assert tip and row
    for said in (tip.group(1), row.group(0)):
        assert f"{COUNT_LIMIT - 1}," in said and f"{COUNT_LIMIT} or more" in said, said


def test_an_unexpected_failure_is_a_message_not_a_traceback(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    from xl_sudoku import paint

    def broken(*args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(paint, "paint_solution", broken)
    on_solve(book)
    assert status(book) == "internal error: RuntimeError('boom')"
    assert status_bar_given_back(book)


@pytest.mark.slow
def test_step_takes_one_step_and_shows_candidates(book: StandInBook) -> None:
    puzzle = parse_puzzle(EXAMPLE)
    on_step(book)
    work = grid_at(book, "L4")
    placed = [c for c in range(81) if not puzzle[c] and isinstance(work[c], int)]
    assert len(placed) == 1  # the first step of the example is a single
    assert str(status(book)).startswith("Hidden Single: ")
    answer = solve(puzzle)
    assert work[placed[0]] == answer[placed[0]]
    masks = candidates(puzzle)
    open_cells = [c for c in range(81) if not puzzle[c] and c != placed[0]]
    assert all(isinstance(work[c], str) and len(work[c]) == 9 for c in open_cells)  # type: ignore[arg-type]
    assert all(set(str(work[c])) - {"0"} <= set(placeholder(masks[c])) for c in open_cells)
    assert fills_at(book, "L4")[placed[0]] is not None  # the placed cell lights up
    on_step(book)
    assert book.workbook["Sudoku"]["C17"].value == 2
    assert [
        r[0] for r in book.workbook["Steps"].iter_rows(min_row=2, max_row=3, values_only=True)
    ] == [1, 2]


@pytest.mark.slow
def test_stepping_to_the_end_solves_the_puzzle(book: StandInBook) -> None:
    puzzle = parse_puzzle(EXAMPLE)
    for _ in range(200):
        on_step(book)
        if status(book) == "The work grid is solved":
            break
    assert is_solution(tuple(int(v) for v in grid_at(book, "L4")), puzzle)  # type: ignore[call-overload]


#: a long walk through the logic, not through an engine: Windows alone (every engine's
#: painting of each kind of step is compared in test_engines.py)
ONE_ENGINE = pytest.mark.parametrize("engine", [WINDOWS], ids=str)


@pytest.mark.slow
@ONE_ENGINE
def test_step_never_writes_an_unproven_digit(book: StandInBook) -> None:
    """Where no enabled technique applies, Step says where a guess would start and
    changes nothing; pressed again, it says the same. Every digit it writes is right."""
    type_givens(book, INKALA_2010)
    answer = solve(parse_puzzle(INKALA_2010))
    for _ in range(300):
        on_step(book)
        work = grid_at(book, "L4")
        assert all(v == answer[c] for c, v in enumerate(work) if isinstance(v, int))
        text = str(status(book))
        if text == "The work grid is solved":
            break
        if text.startswith("No technique applies"):
            assert "a guess would start at r" in text
            on_step(book)
            assert grid_at(book, "L4") == work and status(book) == text
            break
    else:
        pytest.fail("Step neither solved the grid nor stopped before a guess")


@pytest.mark.slow
def test_hint_levels_never_change_the_work_values(book: StandInBook) -> None:
    on_candidates(book)
    before = grid_at(book, "L4")
    texts = []
    for _ in range(4):
        on_hint(book)
        texts.append(str(status(book)))
        assert grid_at(book, "L4") == before
    assert texts[0].startswith("Hint 1 of 3: Look for a ")
    assert texts[1].startswith("Hint 2 of 3: ") and "look at" in texts[1]
    assert texts[2].startswith("Hint 3 of 3: ") and texts[3] == texts[2]
    assert any(fills_at(book, "L4"))  # from the second press the cells light up


#: top95's second puzzle: its first step places a digit beside its pattern (a Direct Hidden
#: Triple in row 1, so in row 1, 3 fits only r1c4)
DIRECT_FIRST = "..8.9.1...6.5...2......6....3.1.7.5.........9..4...3...5....2...7...3.8.2..7....4"


def test_hint_2_lights_the_cells_its_text_names_not_the_answer(book: StandInBook) -> None:
    """Where to look is the pattern: the cell the step fills is level 3's to show."""
    type_givens(book, DIRECT_FIRST)
    on_hint(book)
    on_hint(book)
    text = str(status(book))
    assert text == "Hint 2 of 3: Direct Hidden Triple: look at row 1 (r1c1, r1c8, r1c9)"
    fills = fills_at(book, "L4")
    lit = {f"r{c // 9 + 1}c{c % 9 + 1}" for c in range(81) if fills[c]}
    assert lit == {"r1c1", "r1c8", "r1c9"}
    on_hint(book)
    assert str(status(book)).endswith("so in row 1, 3 fits only r1c4")
    assert fills_at(book, "L4")[3]  # the whole step: now r1c4 lights up too
    puzzle = parse_puzzle(DIRECT_FIRST)
    answer = solve(puzzle)
    assert is_solution(answer, puzzle) and answer[3] == 3  # and the hint was right


def test_check_counts_the_wrong_entries_in_words_that_agree(book: StandInBook) -> None:
    """One entry of one wrong, two of three, one of two: never "1 of your 1 entries are"."""
    puzzle = parse_puzzle(EXAMPLE)
    answer = solve(puzzle)
    assert is_solution(answer, puzzle)
    sheet = book.workbook["Sudoku"]
    first, second, third = [c for c in range(81) if not puzzle[c]][:3]

    def enter(cell: int, right: bool) -> None:
        digit = answer[cell] if right else answer[cell] % 9 + 1
        sheet.cell(4 + cell // 9, 12 + cell % 9).value = str(digit)

    enter(first, right=False)
    on_check(book)
    assert status(book) == f"Your 1 entry is wrong: {cell_name(first)}"
    enter(second, right=False)
    enter(third, right=True)
    on_check(book)
    assert status(book) == f"2 of your 3 entries are wrong: {cell_name(first)}, {cell_name(second)}"
    enter(first, right=True)
    on_check(book)
    assert status(book) == f"1 of your 3 entries is wrong: {cell_name(second)}"


@pytest.mark.slow
def test_check_marks_wrong_entries_only(book: StandInBook) -> None:
    puzzle = parse_puzzle(EXAMPLE)
    answer = solve(puzzle)
    sheet = book.workbook["Sudoku"]
    open_cells = [c for c in range(81) if not puzzle[c]]
    right, wrong = open_cells[0], open_cells[1]
    sheet.cell(4 + right // 9, 12 + right % 9).value = str(answer[right])
    sheet.cell(4 + wrong // 9, 12 + wrong % 9).value = answer[wrong] % 9 + 1
    on_check(book)
    fills = fills_at(book, "L4")
    assert fills[wrong] == "FF5050" and fills[right] is None
    assert status(book) == f"1 of your 2 entries is wrong: r{wrong // 9 + 1}c{wrong % 9 + 1}"
    assert sum(1 for v in grid_at(book, "L4") if v is not None) == 2  # nothing revealed
    on_step(book)  # a wrong entry stops Step, with a pointer to Check
    assert "is not right (press Check" in str(status(book))


@pytest.mark.slow
def test_clear_and_new_puzzle(book: StandInBook, monkeypatch: pytest.MonkeyPatch) -> None:
    from xl_sudoku import puzzles

    monkeypatch.setattr(puzzles, "BUDGET", 120.0)  # generated, however busy the machine
    on_solve(book)
    on_clear(book)
    assert all(v is None for v in grid_at(book, "L4")) and not any(fills_at(book, "L4"))
    assert status(book) is None
    named(book, "Difficulty").value = "Hard"
    on_new(book, random.Random(3))
    givens = grid_at(book, "B4")
    puzzle = tuple(int(v) if v else 0 for v in givens)  # type: ignore[call-overload]
    assert re.match(r"New Hard puzzle, rated 3\.", str(status(book)))
    assert is_solution(solve(puzzle), puzzle)
    named(book, "Difficulty").value = "Impossible"
    on_new(book)
    assert str(status(book)).startswith("setting 'New puzzle' holds 'Impossible': choose one of")


def test_candidates_read_back_numbers_excel_made_of_placeholders(book: StandInBook) -> None:
    on_candidates(book)
    sheet = book.workbook["Sudoku"]
    texts = grid_at(book, "L4")
    cell = next(c for c, v in enumerate(texts) if isinstance(v, str) and v.startswith("0"))
    sheet.cell(4 + cell // 9, 12 + cell % 9).value = int(str(texts[cell]))
    on_candidates(book)
    assert grid_at(book, "L4")[cell] == texts[cell]


#: a write of the buttons: a value (or contents cleared) to a defined name or a rectangle
WRITE = re.compile(
    r"Range\('(?:[A-Za-z]+|[A-Z]+\d+(?::[A-Z]+\d+)?)'\)\.(?:value = |clear_contents\(\))"
)


def assert_values_to_rectangles(calls: list[str]) -> None:
    """Every write is values, each to one defined name or one rectangle: what every engine
    reads whole (``tests/buttons/engines.py``); never a fill, never a union of areas."""
    for call in calls:
        if " = " in call or call.endswith("clear_contents()"):
            if call.startswith("App.status_bar = "):
                continue
            assert WRITE.match(call), call


def test_every_write_check_can_fail() -> None:
    """The check above refuses a fill and a union (what the buttons wrote before)."""
    for bad in ("Range('L4:N4,P5').color = (255, 0, 255)", "Range('L4:N4,P5').value = 1"):
        with pytest.raises(AssertionError):
            assert_values_to_rectangles([bad])
    assert_values_to_rectangles(["Range('Colours').value = [[None]]", "Range('A5:E7').value = 1"])


def step_to_the_end(book: StandInBook, puzzle: str) -> int:
    """Press Step until the work grid is solved; every digit written must be the
    solution's. Returns the number of presses."""
    type_givens(book, puzzle)
    on_clear(book)
    answer = solve(parse_puzzle(puzzle))
    for presses in range(1, 400):
        on_step(book)
        work = grid_at(book, "L4")
        wrong = [c for c, v in enumerate(work) if isinstance(v, int) and v != answer[c]]
        assert not wrong, (puzzle, presses, status(book))
        if status(book) == "The work grid is solved":
            assert is_solution(tuple(int(v) for v in work), parse_puzzle(puzzle))  # type: ignore[call-overload]
            return presses
        assert not str(status(book)).startswith("No technique applies"), (puzzle, status(book))
    pytest.fail(f"Step did not solve {puzzle}")


@pytest.mark.slow
@ONE_ENGINE
@pytest.mark.parametrize("part", range(2))
def test_step_solves_top95_puzzles_by_logic(book: StandInBook, part: int) -> None:
    """Step, pressed until the grid is solved, on every 10th puzzle of norvig_top95 (the
    engine's own sweep in tests/core/test_soundness.py takes all 95); no press writes a
    digit that differs from the solution, none stops before a guess."""
    for puzzle in load("norvig_top95")[::10][part::2]:
        book.reset()
        assert step_to_the_end(book, format_line(puzzle)) > 0


def status_cells(book: StandInBook) -> list[object]:
    return [book.workbook["Sudoku"][f"C{row}"].value for row in range(15, 21)]


@pytest.mark.slow
def test_a_failed_solve_leaves_nothing_of_the_last_solve_beside_its_error(
    book: StandInBook,
) -> None:
    on_solve(book)
    assert all(v is not None for v in status_cells(book))
    book.workbook["Sudoku"]["B4"], book.workbook["Sudoku"]["C4"] = 9, 9
    on_solve(book)
    assert status_cells(book) == ["duplicate 9 in row 1: r1c1, r1c2", None, None, None, None, None]


#: the status cells each action speaks for (Status, Elapsed, StepCount, Guesses,
#: Solutions, Rating are C15:C20)
OWNED = {
    "on_solve": "C15:C20",
    "on_step": "C15,C17",
    "on_hint": "C15",
    "on_candidates": "C15",
    "on_check": "C15",
    "on_clear": "C15:C20",
    "on_new": "C15:C20",
    "on_count": "C15,C19",
    "on_undo": "C15:C20",
}
STALE = "left by an earlier action"


@pytest.mark.slow
@pytest.mark.parametrize("fails", [False, True], ids=["succeeds", "fails"])
@pytest.mark.parametrize(
    "action",
    [on_solve, on_step, on_hint, on_candidates, on_check, on_clear, on_new, on_count, on_undo],
    ids=lambda a: a.__name__,
)
def test_every_action_writes_every_status_cell_it_owns_and_no_other(
    book: StandInBook, action: Callable[..., None], fails: bool
) -> None:
    sheet = book.workbook["Sudoku"]
    on_solve(book)  # every status cell set, and the history's record of them
    solved = status_cells(book)
    for row in range(15, 21):
        sheet[f"C{row}"] = STALE
    if fails:
        sheet["B4"], sheet["C4"] = 9, 9  # a duplicate in row 1
        named(book, "Difficulty").value = "Impossible"  # New puzzle's error
    if action is on_new:
        action(book, random.Random(1))
    else:
        action(book)
    owned = {
        f"C{row}"
        for part in OWNED[action.__name__].split(",")
        for row in range(int(part.split(":")[0][1:]), int(part.split(":")[-1][1:]) + 1)
    }
    after = {f"C{row}": sheet[f"C{row}"].value for row in range(15, 21)}
    for cell, value in after.items():
        if cell in owned:
            assert value != STALE, (cell, after)
        else:
            assert value == STALE, (cell, after)
    if fails and action not in (on_clear, on_undo):
        assert after["C15"] and not str(after["C15"]).startswith("internal error"), after
        if action is on_step:
            assert after["C17"] == solved[2]  # a failed step adds no step to the log
        elif "C17" in owned:
            assert after["C17"] is None


def test_an_unreadable_work_cell_turns_red_in_the_work_grid_not_in_the_givens(
    book: StandInBook,
) -> None:
    on_candidates(book)
    book.workbook["Sudoku"]["N4"] = "x1"  # r1c3 of the work grid
    on_step(book)
    assert status(book) == "r1c3: 'x1' is neither a digit nor candidates"
    assert [i for i, f in enumerate(fills_at(book, "L4")) if f] == [2]
    assert fills_at(book, "L4")[2] == "FF5050" and not any(fills_at(book, "B4"))


@pytest.mark.parametrize("action", [on_step, on_hint], ids=["Step", "Hint"])
def test_a_wrong_entry_is_named_not_the_cell_whose_candidates_it_took(
    book: StandInBook, action: Callable[[StandInBook], None]
) -> None:
    """A wrong digit typed into the work grid takes its digit from its peers' candidates:
    the status names the typed cell, not a peer (that comes first) the user never touched."""
    puzzle = parse_puzzle(EXAMPLE)
    answer = solve(puzzle)
    assert (answer[18], answer[10], puzzle[10]) == (3, 6, 0)  # r3c1 is 3; r2c2, its box's, 6
    book.workbook["Sudoku"]["L6"] = "6"  # r3c1 of the work grid
    action(book)
    assert status(book) == "r3c1: 6 is not right (press Check to see every wrong entry)"
    assert grid_at(book, "L4") == [None] * 18 + ["6"] + [None] * 62


@pytest.mark.parametrize("action", [on_step, on_hint], ids=["Step", "Hint"])
def test_a_full_work_grid_with_a_wrong_digit_is_not_called_solved(
    book: StandInBook, action: Callable[[StandInBook], None]
) -> None:
    """A person who fills the grid and presses Hint to learn if they are done hears of
    their wrong digit, not "The work grid is solved"."""
    answer = solve(parse_puzzle(EXAMPLE))
    sheet = book.workbook["Sudoku"]
    for cell, digit in enumerate(answer):
        sheet.cell(4 + cell // 9, 12 + cell % 9).value = str(digit)
    assert answer[2] == 1
    sheet["N4"] = "2"  # r1c3
    action(book)
    assert status(book) == "r1c3: 2 is not right (press Check to see every wrong entry)"
    sheet["N4"] = "1"
    action(book)
    assert status(book) == "The work grid is solved"


def test_one_guess_and_one_entry_are_said_in_the_singular(book: StandInBook) -> None:
    """The example, solved with singles only, takes one guess: "1 guess", not "1 guesses";
    Check counts no entry or one as it reads."""
    on_check(book)
    assert status(book) == "The work grid holds no entry of yours to check"
    book.workbook["Sudoku"]["N4"] = "1"  # r1c3, right
    on_check(book)
    assert status(book) == "Your 1 entry is right"
    for setting in SWITCHES:
        named(book, setting.name).value = "Yes" if setting.family == "singles" else "No"
    on_solve(book)
    assert re.fullmatch(r"Solved in \d+ ms — \d+ steps, 1 guess, unique", str(status(book)))
    assert named(book, "Guesses").value == 1


def rename_sheet(book: StandInBook, old: str, new: str) -> None:
    """Rename a sheet as Excel does: its defined names go with it."""
    workbook = book.workbook
    workbook[old].title = new
    for name in list(workbook.defined_names):
        defined = workbook.defined_names[name]
        defined.attr_text = defined.attr_text.replace(f"{old}!", f"'{new}'!")


def test_a_renamed_sudoku_sheet_works_through_its_names(book: StandInBook) -> None:
    """Excel's names follow a renamed sheet: the buttons find the grids there (before, a
    traceback box: the sheet was looked up by its name, outside the guard)."""
    rename_sheet(book, "Sudoku", "My puzzle")
    on_solve(book)
    sheet = book.workbook["My puzzle"]
    assert str(sheet["C15"].value).startswith("Solved in ")
    work = [str(sheet.cell(4 + c // 9, 12 + c % 9).value) for c in range(81)]
    assert is_solution(tuple(int(v) for v in work), parse_puzzle(EXAMPLE))
    assert any(shown_fills(sheet, "L4"))


def test_a_renamed_steps_sheet_keeps_the_log_through_its_name(book: StandInBook) -> None:
    """The step log is found as the grids are, by its defined name (``StepLog``) on a
    renamed sheet: every button that writes the log said "internal error: KeyError('Steps')"
    after it had changed the grids."""
    rename_sheet(book, "Steps", "My log")
    log = book.workbook["My log"]
    on_solve(book)
    assert str(status(book)).startswith("Solved in ")
    assert log["A2"].value == 1 and log["A3"].value == 2
    on_undo(book)
    assert status(book) == "Undid Solve (0 more to undo)" and log["A2"].value is None
    on_step(book)
    on_step(book)
    assert [log["A2"].value, log["A3"].value] == [1, 2]
    on_clear(book)
    assert status(book) is None and log["A2"].value is None
    on_undo(book)
    assert status(book) == "Undid Clear (2 more to undo)" and log["A3"].value == 2


def test_a_workbook_without_its_sudoku_sheet_says_so_in_the_status_bar(
    book: StandInBook,
) -> None:
    for name in ("Givens", "Work"):
        del book.workbook.defined_names[name]
    rename_sheet(book, "Sudoku", "Other")
    if not book.engine.status_bar:  # the remote engine: its own error display
        with pytest.raises(LookupError, match="this workbook has no Sudoku sheet"):
            on_solve(book)
        return
    on_solve(book)  # no exception: no traceback box
    assert str(book.app.status_history[-1]).startswith(
        "xl-sudoku: this workbook has no Sudoku sheet"
    )


def test_an_error_cell_among_the_givens_is_named_not_read_as_empty(book: StandInBook) -> None:
    """xlwings reads a cell holding an error (``=NA()``) as an empty cell unless asked
    (``err_to_str``): Solve would solve another puzzle than the one shown."""
    cell = book.workbook["Sudoku"]["C4"]  # r1c2 of the example: a given, 7
    cell.value, cell.data_type = "#N/A", "e"
    on_solve(book)
    assert status(book) == "r1c2: '#N/A' is not a digit 1-9"
    assert [i for i, f in enumerate(fills_at(book, "B4")) if f] == [1]
    assert not any(grid_at(book, "L4"))


@pytest.mark.parametrize(
    "action", [on_step, on_hint, on_candidates], ids=["Step", "Hint", "Candidates"]
)
def test_an_error_cell_in_the_work_grid_is_named_not_filled_in(
    book: StandInBook, action: Callable[[StandInBook], None]
) -> None:
    """A work cell holding an error (a formula the user typed, ``=NA()``) is not an empty
    cell to write candidates over: it is named and turns red, as an unreadable entry."""
    cell = book.workbook["Sudoku"]["N4"]  # r1c3 of the work grid
    cell.value, cell.data_type = "#N/A", "e"
    action(book)
    assert status(book) == "r1c3: '#N/A' is neither a digit nor candidates"
    assert grid_at(book, "L4") == [None, None, "#N/A"] + [None] * 78
    assert [i for i, f in enumerate(fills_at(book, "L4")) if f] == [2]


def test_undo_brings_back_an_error_cell_the_solve_wrote_over(book: StandInBook) -> None:
    cell = book.workbook["Sudoku"]["N4"]
    cell.value, cell.data_type = "#N/A", "e"
    on_solve(book)
    assert grid_at(book, "L4")[2] == 1
    on_undo(book)
    assert grid_at(book, "L4") == [None, None, "#N/A"] + [None] * 78


#: the buttons that may search for long, each with where its long work starts
#: (module, function or method) and the status it must show before (``BUSY``)
LONG_WORK: list[tuple[Callable[[StandInBook], None], str, str, str]] = [
    (on_solve, "xl_sudoku.core.engine", "LogicSolver.step", "Solving…"),
    (on_step, "xl_sudoku.core.hints", "next_step", "Finding the next step…"),
    (on_hint, "xl_sudoku.core.hints", "next_step", "Finding a hint…"),
    (on_new, "xl_sudoku.puzzles", "new_puzzle", "Generating…"),
    (on_count, "xl_sudoku.core.solver", "count_solutions", "Counting…"),
]


@pytest.mark.parametrize(
    ("action", "module", "work", "busy"), LONG_WORK, ids=[a.__name__ for a, *_ in LONG_WORK]
)
def test_a_long_button_says_what_it_is_doing_before_its_work_starts(
    book: StandInBook,
    monkeypatch: pytest.MonkeyPatch,
    action: Callable[[StandInBook], None],
    module: str,
    work: str,
    busy: str,
) -> None:
    """Issue 52: the status bar says what the button is doing before the search starts
    (and so before the logic engine loads: ``test_entry_points``); the remote engine has
    no status bar (``show_busy``: the Status cell, for xlwings Lite to send)."""
    import importlib

    target: Any = importlib.import_module(module)
    owner, _, name = work.rpartition(".")
    if owner:
        target = getattr(target, owner)
    real = getattr(target, name)
    seen: list[list[object]] = []

    def watched(*args: Any, **kwargs: Any) -> Any:
        seen.append(list(book.app.status_history))
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, watched)
    type_givens(book, PE_GRID_1)
    action(book)
    assert seen, f"{work} never ran"
    assert seen[0] == ([busy] if book.engine.status_bar else [])
    assert not str(status(book)).startswith("internal error"), status(book)


@pytest.mark.parametrize("action", ["Solve", "Step", "Hint", "New puzzle", "Count solutions"])
def test_show_busy_writes_the_status_cell_alone(book: StandInBook, action: str) -> None:
    from xl_sudoku.buttons.actions import BUSY, show_busy

    show_busy(book, action)
    assert status(book) == f"{BUSY[action]}…"
    assert book.calls == [f"Range('Status').value = '{BUSY[action]}…'"]
    assert_values_to_rectangles(book.calls)


@ONE_ENGINE
def test_a_long_step_shows_its_timer_while_it_searches(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Inkala's first step (a Dynamic Forcing Chain (+), a tenth of a second and more) is
    one search: the status bar's timer ticks from inside it (``core.deadline.ticking``),
    here every 10 ms; every tick's text says what and how long."""
    monkeypatch.setattr("xl_sudoku.buttons.press.PROGRESS_EVERY", 0.01)
    type_givens(book, INKALA_2010)
    on_step(book)
    shown = book.app.status_history
    assert str(status(book)).startswith("Dynamic Forcing Chain (+)")
    assert shown[0] == "Finding the next step…" and shown[-1] is False
    ticks = shown[1:-1]
    assert len(ticks) >= 3, shown
    assert all(TIMER.fullmatch(f"App.status_bar = {t!r}") for t in ticks), ticks
    assert all(str(t).startswith("Finding the next step… ") for t in ticks)


@ONE_ENGINE
def test_a_failing_status_bar_stops_the_timer_not_the_action(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Excel may refuse a call while a dialog is open: the timer stops, the step is
    taken."""
    app = book.app

    class Refusing(StandInApp):
        """Excel refusing the timer's calls."""

        @property
        def status_bar(self) -> object:
            return StandInApp.status_bar.fget(self)  # type: ignore[attr-defined]

        @status_bar.setter
        def status_bar(self, value: object) -> None:
            if isinstance(value, str) and value.endswith(" s"):
                raise OSError("Call was rejected by callee.")
            StandInApp.status_bar.fset(self, value)  # type: ignore[attr-defined]

    monkeypatch.setattr(app, "__class__", Refusing)
    monkeypatch.setattr("xl_sudoku.buttons.press.PROGRESS_EVERY", 0.001)
    type_givens(book, INKALA_2010)
    on_step(book)
    assert str(status(book)).startswith("Dynamic Forcing Chain (+)"), status(book)
    assert app.status_history[-1] is False
