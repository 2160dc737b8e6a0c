"""Solving what a workbook holds and writing the answers into it (batch layer).

Grids get a solved work grid beside them (to the right if the cells there are empty,
else below, else on a new sheet), painted as the live workbook paints it: givens
plain, found digits in their technique's colour, guesses yellow; and a ``Steps`` sheet
with every grid's steps. Lists get five columns beside them: solution, status, rating,
hardest technique, milliseconds. Our template is solved by the Solve button's own code.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from copy import copy
from dataclasses import dataclass
from enum import StrEnum

from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.proxy import StyleProxy
from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from ..buttons import on_solve
from ..buttons.openpyxl_book import OpenpyxlBook
from ..core import (
    LogicSolver,
    MultipleSolutionsError,
    NoSolutionError,
    PuzzleError,
    cell_name,
    format_line,
    grid_from_rows,
    parse_puzzle,
    rate,
    require_proper,
    solve,
)
from ..core.colours import hex_code
from ..core.rating import rate_trace
from ..paint import Painting, paint_progress, paint_solution
from .find import BLANK, DIGIT, Finding, FoundGrid, FoundList, kind

TICK = 100  # list entries between progress reports
LIST_HEADERS = ("Solution", "Status", "Rating", "Hardest technique", "Time (ms)")
LIST_WIDTHS = (84, 22, 8, 24, 10)
THIN = Side(style="thin")
THICK = Side(style="medium")
CENTRE = Alignment(horizontal="center", vertical="center")
SHRINK = Alignment(horizontal="center", vertical="center", shrink_to_fit=True)


class Result(StrEnum):
    """What became of one puzzle. A status starts with it, and may say more after a
    colon: ``stuck: 12 cells open, logic needs a guess``, ``invalid: r1c1: 'x' is ...``."""

    SOLVED = "solved"
    STUCK = "stuck"  # --logic-only: taken as far as logic goes
    NO_SOLUTION = "no solution"
    MULTIPLE = "2 or more solutions"
    INVALID = "invalid"


@dataclass
class Outcome:
    """One puzzle's result, as the report shows it."""

    sheet: str
    where: str  # a range for grids, a cell for list entries
    puzzle: str  # 81 characters, or the text found if it is not a puzzle
    status: str  # a Result, and what more there is to say: "invalid: why"
    solution: str = ""
    rating: float | None = None
    label: str = ""
    hardest: str = ""
    ms: float = 0.0

    @property
    def result(self) -> Result:
        return Result(self.status.partition(":")[0])

    @property
    def ok(self) -> bool:
        """Solved, or (with --logic-only) taken as far as logic goes."""
        return self.result in (Result.SOLVED, Result.STUCK)


def _status(error: Exception) -> str:
    if isinstance(error, NoSolutionError):
        return Result.NO_SOLUTION
    if isinstance(error, MultipleSolutionsError):
        return Result.MULTIPLE
    return f"{Result.INVALID}: {error}"


Answer = tuple[str, str, float | None, str, str, float]
Solver = Callable[[Sequence[object], Callable[[int], None]], list[Answer]]


def solve_text(text: object) -> Answer:
    """A list entry: (status, solution, rating, label, hardest technique, ms). Pure and
    picklable, so large lists can be shared among processes."""
    started = time.perf_counter()
    try:
        if not isinstance(text, str) or not any(ch.isdigit() for ch in text):
            raise PuzzleError(f"{text!r} is not a puzzle (81 cells)")
        grid = parse_puzzle(text)
        rating = rate(grid)
        solution = format_line(solve(grid))
    except (PuzzleError, ValueError) as error:
        return _status(error), "", None, "", "", (time.perf_counter() - started) * 1000
    hardest = rating.hardest.name if rating.hardest else ""
    ms = (time.perf_counter() - started) * 1000
    return Result.SOLVED, solution, rating.value, rating.label, hardest, ms


def process(
    workbook: Workbook,
    finding: Finding,
    solve_many: Solver | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    logic_only: bool = False,
) -> list[Outcome]:
    """Solve everything ``finding`` names and write the answers into ``workbook``.

    ``solve_many`` solves a list's entries (in parallel, if the caller wishes);
    ``progress`` hears how many puzzles were just done; with ``logic_only`` a grid is
    taken only as far as logic goes, its open cells showing their candidates."""
    tick = progress or (lambda _: None)
    outcomes: list[Outcome] = []
    if finding.template:
        outcomes.append(_template(workbook))
        tick(1)
    steps_log: list[list[object]] = []
    for grid in finding.grids:
        outcomes.append(_grid(workbook, grid, steps_log, logic_only))
        tick(1)
    if steps_log:
        _write_steps_sheet(workbook, steps_log)
    for place in finding.lists:
        outcomes += _list(workbook, place, solve_many or solve_all, tick)
    return outcomes


def solve_all(texts: Sequence[object], tick: Callable[[int], None]) -> list[Answer]:
    answers = []
    for number, text in enumerate(texts, 1):
        answers.append(solve_text(text))
        if number % TICK == 0:
            tick(TICK)
    tick(len(texts) % TICK)
    return answers


# --- our template ------------------------------------------------------------------------


def _template(workbook: Workbook) -> Outcome:
    """Our workbook: the Solve button's own code paints it; the report's facts come from
    the core."""
    sheet_name, reference = next(iter(workbook.defined_names["Givens"].destinations))
    where = reference.replace("$", "")
    book = OpenpyxlBook(workbook)
    rows = book.sheets[sheet_name].range("Givens").value
    started = time.perf_counter()
    on_solve(book)
    try:
        puzzle = grid_from_rows(rows)
        rating = rate(puzzle)
        solution = format_line(solve(puzzle))
    except (PuzzleError, ValueError) as error:
        return Outcome(sheet_name, where, _text(rows), _status(error), ms=_ms(started))
    hardest = rating.hardest.name if rating.hardest else ""
    ms = _ms(started)
    return Outcome(
        sheet_name,
        where,
        format_line(puzzle),
        Result.SOLVED,
        solution,
        rating.value,
        rating.label,
        hardest,
        ms,
    )


# --- grids --------------------------------------------------------------------------------


def _grid(
    workbook: Workbook, place: FoundGrid, steps_log: list[list[object]], logic_only: bool
) -> Outcome:
    sheet = workbook[place.sheet]
    rows = [[sheet.cell(place.top + r, place.left + c).value for c in range(9)] for r in range(9)]
    started = time.perf_counter()
    try:
        puzzle = grid_from_rows(rows)
        solver = LogicSolver(puzzle)
        require_proper(solver.solutions)
        trace = solver.run_logic() if logic_only else solver.run()
    except (PuzzleError, ValueError) as error:
        status = _status(error)
        if isinstance(error, PuzzleError) and error.cells and status.startswith(Result.INVALID):
            names = ", ".join(_address(place, cell) for cell in error.cells)
            status += f" (cell{'s' if len(error.cells) > 1 else ''} {names})"
        return Outcome(place.sheet, place.address, _text(rows), status, ms=_ms(started))
    rating = rate_trace(trace)
    steps = trace.steps
    if logic_only:
        painting = paint_progress(puzzle, steps)
        open_cells = sum(1 for row in painting.values for value in row if isinstance(value, str))
    else:
        painting, open_cells = paint_solution(puzzle, trace), 0
    status = f"{Result.STUCK}: {open_cells} cells open, logic needs a guess"
    if not open_cells:
        status = Result.SOLVED
    title = f"Solved by xl-sudoku: {rating}, {len(steps)} steps"
    if open_cells:
        title = f"Logic only, stopped where a guess is needed ({open_cells} cells open): {rating}"
    ms = _ms(started)
    _write_grid(workbook, place, puzzle, painting, title)
    steps_log.append([f"{place.sheet}!{place.address}", f"{rating}", f"{len(steps)} steps"])
    for number, step in enumerate(steps, 1):
        cells = " ".join(map(cell_name, step.cells))
        steps_log.append([number, step.technique.name, cells, step.explanation, step.level])
    steps_log.append([])
    hardest = rating.hardest.name if rating.hardest else ""
    solution = format_line(trace.grid) if not logic_only else format_line(solve(puzzle))
    return Outcome(
        place.sheet,
        place.address,
        format_line(puzzle),
        status,
        solution,
        rating.value,
        rating.label,
        hardest,
        ms,
    )


def _address(place: FoundGrid, cell: int) -> str:
    """The sheet address of one of a grid's cells."""
    return f"{get_column_letter(place.left + cell % 9)}{place.top + cell // 9}"


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _text(rows: Sequence[Sequence[object]]) -> str:
    """A grid as text for the report: digits, '.' for blanks, '?' for anything else."""
    out = []
    for row in rows:
        for value in row:
            found = kind(value)
            out.append(
                "."
                if found == BLANK
                else str(int(float(str(value).strip())))
                if found == DIGIT
                else "?"
            )
    return "".join(out)


def _free(sheet: Worksheet, top: int, left: int, height: int, width: int) -> bool:
    return all(
        sheet.cell(r, c).value in (None, "")
        for r in range(top, top + height)
        for c in range(left, left + width)
    )


def _write_grid(
    workbook: Workbook,
    place: FoundGrid,
    puzzle: tuple[int, ...],
    painting: Painting,
    title: str,
) -> None:
    """The solved work grid: right of the input, else below it, else on a new sheet."""
    sheet = workbook[place.sheet]
    top, left = place.top, place.left + 10
    if not _free(sheet, max(1, top - 1), left, 10, 9):
        top, left = place.top + 11, place.left
        if not _free(sheet, top - 1, left, 10, 9):
            sheet = workbook.create_sheet(_unique(workbook, f"{place.sheet} solved"[:31]))
            top, left = place.top, place.left
    fill_of = {
        c: colour for colour, cells in painting.fills.items() for c in cells if colour is not None
    }
    styles: dict[tuple[int, int, bool, object, bool], StyleArray] = {}
    for r in range(9):
        for c in range(9):
            cell = sheet.cell(top + r, left + c)
            cell.value = painting.values[r][c]
            given, colour = bool(puzzle[9 * r + c]), fill_of.get(9 * r + c)
            candidates = isinstance(cell.value, str)  # placeholder strings: small, to fit
            key = (r % 3, c % 3, given, colour, candidates)
            if key in styles:  # a style made once is shared: openpyxl's setters are slow
                cell._style = copy(styles[key])  # type: ignore[union-attr]  # not in the stubs
                continue
            cell.alignment = SHRINK if candidates else CENTRE
            cell.font = _font(cell.font, bold=given, size=7 if candidates else None)
            cell.border = Border(
                left=THICK if c % 3 == 0 else THIN,
                right=THICK if c % 3 == 2 else THIN,
                top=THICK if r % 3 == 0 else THIN,
                bottom=THICK if r % 3 == 2 else THIN,
            )
            if colour is not None:
                cell.fill = PatternFill("solid", fgColor=hex_code(colour))
            styles[key] = copy(cell._style)  # type: ignore[union-attr]
    if top > 1 and sheet.cell(top - 1, left).value in (None, ""):
        sheet.cell(top - 1, left).value = title
        sheet.cell(top - 1, left).font = _font(sheet.cell(top - 1, left).font, italic=True)


def _font(
    base: Font | StyleProxy, *, bold: bool = False, italic: bool = False, size: float | None = None
) -> Font:
    """The workbook's font for a cell (its name, size, colour), bold or italic."""
    return Font(name=base.name, size=size or base.size, color=base.color, bold=bold, italic=italic)


def _unique(workbook: Workbook, name: str) -> str:
    taken = {s.lower() for s in workbook.sheetnames}
    candidate, number = name, 2
    while candidate.lower() in taken:
        suffix = f" {number}"
        candidate, number = name[: 31 - len(suffix)] + suffix, number + 1
    return candidate


def _write_steps_sheet(workbook: Workbook, log: list[list[object]]) -> None:
    sheet = workbook.create_sheet(_unique(workbook, "Steps"))
    sheet.append(["Step", "Technique", "Cells", "Explanation", "Level"])
    for cell in sheet[1]:
        cell.font = _font(cell.font, bold=True)
    for row in log:
        sheet.append(row)
    for column, width in zip("ABCDE", (24, 24, 22, 100, 6), strict=True):
        sheet.column_dimensions[column].width = width


# --- lists --------------------------------------------------------------------------------


def _list(
    workbook: Workbook, place: FoundList, solve_many: Solver, tick: Callable[[int], None]
) -> list[Outcome]:
    sheet = workbook[place.sheet]
    texts = [sheet.cell(row, place.column).value for row in place.rows]
    results = solve_many(texts, tick)
    first = _answer_column(sheet, place)
    for offset, width in enumerate(LIST_WIDTHS):  # unless the user set widths there
        letter = get_column_letter(first + offset)
        if letter not in sheet.column_dimensions:  # looking it up would make one
            sheet.column_dimensions[letter].width = width
    if place.header is not None:
        for offset, title in enumerate(LIST_HEADERS):
            cell = sheet.cell(place.header, first + offset)
            cell.value = title
            cell.font = _font(cell.font, bold=True)
    outcomes = []
    letter = get_column_letter(place.column)
    for row, text, (status, solution, rating, label, hardest, ms) in zip(
        place.rows, texts, results, strict=True
    ):
        values = (solution or None, status, rating, hardest or None, round(ms, 2))
        for offset, value in enumerate(values):
            sheet.cell(row, first + offset).value = value
        shown = text.strip() if isinstance(text, str) else repr(text)
        outcomes.append(
            Outcome(
                place.sheet, f"{letter}{row}", shown, status, solution, rating, label, hardest, ms
            )
        )
    return outcomes


def _answer_column(sheet: Worksheet, place: FoundList) -> int:
    """The first of five columns for the answers: beside the list if they are empty, else
    after everything on the sheet."""
    beside = place.column + 1
    last = sheet.max_column  # read first: looking at a cell makes openpyxl create it
    rows = [r for r in (place.header, *place.rows) if r is not None]
    columns = range(beside, min(beside + 5, last + 1))
    if all(sheet.cell(r, c).value in (None, "") for r in rows for c in columns):
        return beside
    return last + 1
