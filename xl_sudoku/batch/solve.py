"""The pipeline's solve stage: what a workbook holds solved, and where each answer goes
recorded as edits for the patch stage (batch layer).

Grids get a solved work grid beside them (to the right if the cells there are empty,
else below, else on a new sheet), painted as the live workbook paints it: givens
plain, found digits in their technique's colour, guesses yellow; and a ``Steps`` sheet
with every grid's steps. Lists get five columns beside them: solution, status, rating,
hardest technique, milliseconds. Our template is solved by the Solve button's own code.

The sheets we add carry our mark (``marks.py``); a rerun writes anew in the same
places: an answer grid under its title, a list's answers under our headers, our rows of
the marked ``Steps`` sheet (a user's cells there kept), the answers on the sheet marked
for their puzzles.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openpyxl.utils import get_column_letter

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
    proper_solution,
    rate,
    require_proper,
    solve,
)
from ..core.colours import hex_code
from ..core.rating import rate_trace
from ..paint import Painting, paint_progress, paint_solution
from .edits import Edits, Look
from .find import (
    BLANK,
    DIGIT,
    LIST_HEADERS,
    MIN_GIVENS,
    STATUSES,
    STEPS_HEADERS,
    Cells,
    Finding,
    FoundGrid,
    FoundList,
    Result,
    answer_grids,
    kind,
    list_puzzle,
)
from .marks import GRIDS, LIST, STEPS, Mark, grids_reference, list_reference, steps_reference
from .options import Options
from .room import Room
from .scan import WorkbookScan

TICK = 100  # list entries between progress reports
LIST_WIDTHS = (84, 22, 8, 24, 10)
LIST_LOOKS = (None, None, Look(number="0.0"), None, None)  # a rating shows as 3.0, not 3
BOLD = Look(bold=True)
TITLE = Look(italic=True)


@dataclass
class PuzzleResult:
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
    note: str = ""  # where the answer went, when not where it usually goes

    @property
    def result(self) -> Result:
        return next(r for r in Result if self.status.startswith(r))

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


class Answer(NamedTuple):
    """A list entry's answer (``solve_text``): made in any process, a plain tuple."""

    status: str  # a Result, and what more there is to say: "invalid: why"
    solution: str  # 81 digits, or "" if there is none
    rating: float | None  # None without a rating (``--no-rate``, or no solution)
    label: str
    hardest: str  # the hardest technique's name
    ms: float


#: solves a list's entries (texts), telling ``tick`` as it goes; rated or not (``--no-rate``)
Solver = Callable[[Sequence[object], Callable[[int], None], bool], list[Answer]]


def solve_text(text: object, rated: bool = True) -> Answer:
    """A list entry's answer (status, solution, rating, label, hardest technique, ms); without
    ``rated``, solved and proven unique only (no rating, no hardest technique: a hard
    puzzle's rating takes seconds, its solution milliseconds). Pure and picklable, so
    large lists can be shared among processes."""
    started = time.perf_counter()
    if not rated:
        try:
            solution = format_line(proper_solution(list_puzzle(text)))
        except (PuzzleError, ValueError) as error:
            return Answer(_status(error), "", None, "", "", (time.perf_counter() - started) * 1000)
        return Answer(Result.SOLVED, solution, None, "", "", (time.perf_counter() - started) * 1000)
    try:
        grid = list_puzzle(text)
        rating = rate(grid)
        assert rating.solution is not None  # rate refuses a puzzle that is not proper
        solution = format_line(rating.solution)
    except (PuzzleError, ValueError) as error:
        return Answer(_status(error), "", None, "", "", (time.perf_counter() - started) * 1000)
    hardest = rating.hardest.name if rating.hardest else ""
    ms = (time.perf_counter() - started) * 1000
    return Answer(Result.SOLVED, solution, rating.value, rating.label, hardest, ms)


class Writer:
    """Where a workbook's answers go: the edits for the package writer, and each sheet's
    free room (from the sheets as ``find`` read them); ``marks``, the sheets an earlier
    run added; ``remarks``, what the run has to say about the file."""

    def __init__(
        self, workbook: WorkbookScan, finding: Finding, marks: Sequence[Mark] = ()
    ) -> None:
        self.workbook = workbook
        self.finding = finding
        self.edits = Edits(workbook.sheetnames)
        self.marks = [m for m in marks if m.sheet in workbook.sheetnames]
        self.remarks: list[str] = []
        self._rooms: dict[str, Room] = {}
        self._answers: dict[str, list[tuple[int, int]]] = {}
        self._added: dict[tuple[str, str, int], str] = {}  # (kind, sheet, column) -> sheet
        # the sheets and columns of an earlier run's list answers, written anew in this one
        self.list_columns: set[tuple[str, int]] = set()

    def answers(self, sheet: str) -> list[tuple[int, int]]:
        """The answer grids an earlier run wrote on ``sheet`` (``find.answer_grids``)."""
        if sheet not in self._answers:
            self._answers[sheet] = answer_grids(self.values(sheet))
        return self._answers[sheet]

    def answer_sheet(self, kind: str, source: str, column: int = 0) -> str | None:
        """The sheet marked (or added in this run) for the answers of ``source``'s grids
        (``GRIDS``) or of its list in ``column`` (``LIST``)."""
        added = self._added.get((kind, source, column))
        if added is not None:
            return added
        for mark in self.marks:
            if (
                mark.kind == kind
                and mark.target == source
                and (kind == GRIDS or mark.area[1] == column == mark.area[3])
            ):
                return mark.sheet
        return None

    def add_answer_sheet(self, kind: str, source: str, column: int = 0) -> str:
        """A new sheet for answers, named ``SOURCE solved``, with our mark."""
        name = self.edits.add_sheet(f"{source} solved")
        if kind == GRIDS:
            self.edits.mark(GRIDS, name, grids_reference(source))
        else:
            self.edits.mark(LIST, name, list_reference(source, get_column_letter(column)))
        self._added[(kind, source, column)] = name
        return name

    def room(self, sheet: str) -> Room:
        if sheet not in self._rooms:
            scan = self.finding.sheets.get(sheet)
            # a sheet we added is all ours
            self._rooms[sheet] = Room(scan) if scan is not None else Room.empty()
        return self._rooms[sheet]

    def values(self, sheet: str) -> Cells:
        return self.finding.values.get(sheet, {})


@dataclass
class Solved:
    """A workbook's puzzles solved: each one's outcome, the edits that write the answers
    (for ``patch``), and what the run has to say about the file."""

    outcomes: list[PuzzleResult]
    edits: Edits
    remarks: list[str]

    @property
    def any_ok(self) -> bool:
        return any(o.ok for o in self.outcomes)


def solve_puzzles(
    workbook: WorkbookScan,
    finding: Finding,
    options: Options,
    solve_many: Solver | None = None,
    progress: Callable[[int], None] | None = None,
) -> Solved:
    """The solve stage: everything ``finding`` names in ``workbook`` solved as ``options``
    ask (``process``); ``solve_many`` and ``progress`` as there."""
    writer = Writer(workbook, finding, finding.marks)
    outcomes = process(
        writer,
        solve_many,
        progress,
        logic_only=options.logic_only,
        techniques=options.techniques,
        rated=options.rated,
    )
    return Solved(outcomes, writer.edits, writer.remarks)


def process(  # noqa: PLR0913 - keyword-only options, each named where it is used
    writer: Writer,
    solve_many: Solver | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    logic_only: bool = False,
    techniques: Sequence[str] | None = None,
    rated: bool = True,
) -> list[PuzzleResult]:
    """Solve everything ``writer.finding`` names and record the answers in ``writer.edits``.

    ``solve_many`` solves a list's entries (in parallel, if the caller wishes);
    ``progress`` hears how many puzzles were just done; with ``logic_only`` a grid is
    taken only as far as logic goes, its open cells showing their candidates; with
    ``techniques`` a grid's logic uses only those (a guess takes over where they end);
    without ``rated`` a list's puzzles are solved, not rated (a grid is always solved
    step by step: its digits are painted by the technique that found them)."""
    tick = progress or (lambda _: None)
    finding = writer.finding
    outcomes: list[PuzzleResult] = []
    if finding.template:
        outcomes.append(_template(writer))
        tick(1)
    steps_log: list[list[object]] = []
    for grid in finding.grids:
        outcomes.append(_grid(writer, grid, steps_log, logic_only, techniques))
        tick(1)
    if steps_log:
        _write_steps_sheet(writer, steps_log)
    for place in finding.lists:
        outcomes += _list(writer, place, solve_many or solve_all, tick, rated)
    return outcomes


def solve_all(
    texts: Sequence[object], tick: Callable[[int], None], rated: bool = True
) -> list[Answer]:
    answers = []
    for number, text in enumerate(texts, 1):
        answers.append(solve_text(text, rated))
        if number % TICK == 0:
            tick(TICK)
    tick(len(texts) % TICK)
    return answers


# --- our template ------------------------------------------------------------------------


def _template(writer: Writer) -> PuzzleResult:
    """Our workbook: the Solve button's own code paints it; the report's facts come from
    the core."""
    workbook = writer.workbook.template()
    sheet_name, reference = next(iter(workbook.defined_names["Givens"].destinations))
    where = reference.replace("$", "")
    edits = writer.edits
    book = OpenpyxlBook(
        workbook,
        on_value=edits.set,
        on_fill=lambda sheet, row, column, colour: edits.set(
            sheet, row, column, look=Look(fill=colour)
        ),
    )
    rows = book.sheets[sheet_name].range("Givens").value
    started = time.perf_counter()
    on_solve(book)
    try:
        puzzle = grid_from_rows(rows)
        rating = rate(puzzle)
        solution = format_line(solve(puzzle))
    except (PuzzleError, ValueError) as error:
        return PuzzleResult(sheet_name, where, _text(rows), _status(error), ms=_ms(started))
    hardest = rating.hardest.name if rating.hardest else ""
    ms = _ms(started)
    return PuzzleResult(
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
    writer: Writer,
    place: FoundGrid,
    steps_log: list[list[object]],
    logic_only: bool,
    techniques: Sequence[str] | None = None,
) -> PuzzleResult:
    values = writer.values(place.sheet)
    rows = place.rows(values)
    started = time.perf_counter()
    try:
        puzzle = place.grid(values)
        solver = LogicSolver(puzzle, techniques)
        require_proper(solver.solutions)
        trace = solver.run_logic() if logic_only else solver.run()
    except (PuzzleError, ValueError) as error:
        status = _status(error)
        if isinstance(error, PuzzleError) and error.cells and status.startswith(Result.INVALID):
            names = ", ".join(place.cell_address(cell) for cell in error.cells)
            status += f" (cell{'s' if len(error.cells) > 1 else ''} {names})"
        givens = sum(1 for row in rows for value in row if kind(value) == DIGIT)
        if isinstance(error, MultipleSolutionsError) and givens < MIN_GIVENS:
            status += f" ({givens} givens: a sudoku needs at least {MIN_GIVENS})"
        return PuzzleResult(place.sheet, place.address, _text(rows), status, ms=_ms(started))
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
    note = _write_grid(writer, place, puzzle, painting, title)
    steps_log.append([f"{place.sheet}!{place.address}", f"{rating}", f"{len(steps)} steps"])
    for number, step in enumerate(steps, 1):
        cells = " ".join(map(cell_name, step.cells))
        steps_log.append([number, step.technique.name, cells, step.explanation, step.level])
    steps_log.append([])
    hardest = rating.hardest.name if rating.hardest else ""
    solution = format_line(trace.grid) if not logic_only else format_line(solve(puzzle))
    return PuzzleResult(
        place.sheet,
        place.address,
        format_line(puzzle),
        status,
        solution,
        rating.value,
        rating.label,
        hardest,
        ms,
        note,
    )


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


def _place(writer: Writer, place: FoundGrid) -> tuple[str, int, int, str]:
    """Where a grid's answer goes (sheet, top, left of the 9x9 block, below its title line)
    and a note when it is not beside or below the grid: right of it, else below it, else on
    a new sheet. An answer of an earlier run in one of those places is replaced."""
    places = [(place.top, place.left + place.width + 1), (place.top + 11, place.left)]
    if place.top == 1:  # beside, there is no row for the title line
        places = places[1:]
    room = writer.room(place.sheet)
    for top, left in places:
        if (top, left) in writer.answers(place.sheet):
            return place.sheet, top, left, ""
    for top, left in places:
        if room.free(top - 1, left, 10, 9):
            return place.sheet, top, left, ""
    # a sheet of answers, the grid where it is on its own sheet (ours of an earlier run,
    # known by its mark, if there is one)
    top, left = place.top + 1, place.left
    name = writer.answer_sheet(GRIDS, place.sheet)
    if name is not None and (top, left) in writer.answers(name):
        return name, top, left, ""
    if name is None:
        name = writer.add_answer_sheet(GRIDS, place.sheet)
    room = writer.room(name)
    while not room.free(top - 1, left, 10, 9):
        top += 11
    why = "the sheet is protected" if writer.room(place.sheet).protected else "no free cells"
    return (
        name,
        top,
        left,
        f"answer on sheet {name!r} ({why} beside or below the grid)".replace(
            "protected beside or below the grid", "protected"
        ),
    )


def _write_grid(
    writer: Writer,
    place: FoundGrid,
    puzzle: tuple[int, ...],
    painting: Painting,
    title: str,
) -> str:
    """The solved work grid (see ``_place``), painted, with its title line above it."""
    sheet, top, left, note = _place(writer, place)
    writer.room(sheet).claim(top - 1, left, 10, 9)
    fill_of = {
        c: colour for colour, cells in painting.fills.items() for c in cells if colour is not None
    }
    for r in range(9):
        for c in range(9):
            value = painting.values[r][c]
            colour = fill_of.get(9 * r + c)
            candidates = isinstance(value, str)  # placeholder strings: small, to fit
            look = Look(
                bold=bool(puzzle[9 * r + c]),
                size=7 if candidates else None,
                fill=None if colour is None else hex_code(colour),
                border=(
                    "medium" if c % 3 == 0 else "thin",
                    "medium" if c % 3 == 2 else "thin",
                    "medium" if r % 3 == 0 else "thin",
                    "medium" if r % 3 == 2 else "thin",
                ),
                align="shrink" if candidates else "center",
            )
            writer.edits.set(sheet, top + r, left + c, value, look)
    writer.edits.set(sheet, top - 1, left, title, TITLE)
    return note


def _write_steps_sheet(writer: Writer, log: list[list[object]]) -> None:
    """Every grid's steps, on a ``Steps`` sheet: ours of an earlier run (known by its mark)
    has its rows written anew, a user's cells beside or below them kept; if ours would grow
    into a user's cell, that sheet is left alone and a new one used (a remark says so)."""
    rows = 1 + max((number for number, values in enumerate(log, 1) if values), default=0)
    name = clash = None
    marked = [mark for mark in writer.marks if mark.kind == STEPS]
    if marked:
        old = marked[-1]
        top, left, bottom, right = old.area

        def ours(cell: tuple[int, int]) -> bool:
            return top <= cell[0] <= bottom and left <= cell[1] <= right

        # what is there: ours within the marked area, the user's outside it
        taken = writer.room(old.sheet).taken
        if any(not ours(cell) and cell[0] <= rows and cell[1] <= 5 for cell in taken):
            clash = old.sheet
        else:
            name = old.sheet
            for cell in writer.workbook.values(name):  # all of them: find keeps a few
                if ours(cell):
                    writer.edits.set(name, *cell, None)
    if name is None:
        name = writer.edits.add_sheet("Steps")
    if clash is not None:
        writer.remarks.append(
            f"steps on sheet {name!r} (sheet {clash!r} has cells of yours below ours)"
        )
    writer.edits.mark(STEPS, name, steps_reference(name, rows))
    for column, header in enumerate(STEPS_HEADERS, 1):
        writer.edits.set(name, 1, column, header, BOLD)
    for row, values in enumerate(log, 2):
        for column, value in enumerate(values, 1):
            writer.edits.set(name, row, column, value)
    for column, width in enumerate((24, 24, 22, 100, 6), 1):
        writer.edits.width(name, column, width)


# --- lists --------------------------------------------------------------------------------


def _list(
    writer: Writer,
    place: FoundList,
    solve_many: Solver,
    tick: Callable[[int], None],
    rated: bool = True,
) -> list[PuzzleResult]:
    values = writer.values(place.sheet)
    texts = [values.get((row, place.column)) for row in place.rows]
    results = solve_many(texts, tick, rated)
    sheet, first, note = _answer_column(writer, place)
    for offset, width in enumerate(LIST_WIDTHS):  # unless the user set widths there
        writer.edits.width(sheet, first + offset, width)
    if sheet != place.sheet:  # a new sheet: the puzzles too, to read the answers by
        if place.header is not None:
            writer.edits.set(
                sheet, place.header, first - 1, values.get((place.header, place.column)), BOLD
            )
        for row, text in zip(place.rows, texts, strict=True):
            writer.edits.set(
                sheet, row, first - 1, text if isinstance(text, str | int | float) else None
            )
    if place.header is not None:
        for offset, title in enumerate(LIST_HEADERS):
            writer.edits.set(sheet, place.header, first + offset, title, BOLD)
    outcomes = []
    letter = get_column_letter(place.column)
    answers: dict[int, tuple[object, ...]] = {}
    for row, text, (status, solution, rating, label, hardest, ms) in zip(
        place.rows, texts, results, strict=True
    ):
        answers[row] = (solution or None, status, rating, hardest or None, round(ms, 2))
        shown = text.strip() if isinstance(text, str) else repr(text)
        outcomes.append(
            PuzzleResult(
                place.sheet, f"{letter}{row}", shown, status, solution, rating, label, hardest, ms
            )
        )
    writer.edits.block(sheet, first, answers, LIST_LOOKS)
    if note and outcomes:
        outcomes[0].note = note
    return outcomes


def _answer_column(writer: Writer, place: FoundList) -> tuple[str, int, str]:
    """The sheet and first of five columns for the answers, and a note if they are on a new
    sheet: beside the list if those cells are free (or our answers of an earlier run),
    else after everything on the sheet, else on a new sheet."""
    values = writer.values(place.sheet)
    room = writer.room(place.sheet)
    rows = [r for r in (place.header, *place.rows) if r is not None]
    beside = place.column + 1
    for first in _answer_columns(values, place):  # an earlier run's, wherever it wrote them
        if (place.sheet, first) not in writer.list_columns:
            writer.list_columns.add((place.sheet, first))
            return place.sheet, first, ""
    last = room.taken.last_column() or place.column

    def free(first: int) -> bool:  # in rows a filter hides, as seen as the entries
        return all(room.free(r, first, 1, 5, rows_seen=False) for r in rows)

    for first in (beside, last + 1):
        if free(first):
            room.areas.append((min(rows), first, max(rows), first + 4))  # ours now
            return place.sheet, first, ""
    name = writer.answer_sheet(LIST, place.sheet, place.column)
    if name is not None:
        return name, 2, ""
    name = writer.add_answer_sheet(LIST, place.sheet, place.column)
    why = "the sheet is protected" if room.protected else "no free cells beside the list"
    return name, 2, f"answers on sheet {name!r} ({why})"


def _answer_columns(values: Cells, place: FoundList) -> list[int]:
    """The first of five columns right of the list that hold a run's answers for it (our
    headers on its header row, or a status of ours beside each entry), nearest first."""
    if place.header is not None:
        starts = sorted(
            c
            for (r, c), value in values.items()
            if r == place.header and c > place.column and value == LIST_HEADERS[0]
        )
        return [
            first
            for first in starts
            if all(
                values.get((place.header, first + o)) == title
                for o, title in enumerate(LIST_HEADERS)
            )
        ]
    top = place.rows[0]
    starts = sorted(
        c - 1
        for (r, c), value in values.items()
        if r == top and c - 1 > place.column and isinstance(value, str)
        if value.startswith(STATUSES)
    )
    return [
        first
        for first in starts
        if all(
            isinstance(status := values.get((row, first + 1)), str) and status.startswith(STATUSES)
            for row in place.rows
        )
    ]
