"""What each of the workbook's buttons does, on any book (buttons layer).

``on_solve(book)``, ``on_step(book)`` ...: each reads the sheet (one range read a
block), calls the core, and writes back in batches: one ``.value`` write for the 81 work
cells, one for the colours of both grids (a code a cell, in the hidden ``Colours`` block,
which conditional formats show as fills: ``press``), values only and each to one
rectangle, so that every host reads them alike (``host``). The status bar shows
progress where the host has one (the remote engine has none). Cells are found by the
workbook's defined names (``Givens``, ``Work``, ``StatusCells``, ``Settings``,
``History`` ...), never by fixed addresses; the Sudoku and Steps sheets by their names,
or, renamed, by their defined names. A bad puzzle or a bad setting never ends in a Python
traceback: the status cell says what and where, the cells named turn red, and nothing
else changes.

Every button that changes what the grids hold (Solve, Step, Candidates, Clear, New
puzzle) first saves the grids, their colours, the status cells and the step log on the
hidden ``History`` sheet (``history``); Undo puts the last saved state back. Hint's and
Check's marks are views of the grid, not moves: Undo steps over them.

The book is anything that answers the few xlwings calls of ``protocol``: Excel's own
(the ``excel`` layer's ``xl_*`` entry points pass ``xlwings.Book.caller()``), or a
workbook file opened with openpyxl (``openpyxl_book``: batch mode, and the tests).

A button that may search for long (Solve, Step, Hint, New puzzle, Count solutions) says
so in the status bar (``BUSY``) as it starts, and loads the logic engine only then: on
Windows each click is a new interpreter (issue 52: the first status within 0.5 s of any
press). Where writes wait for the script's end (xlwings Lite), ``show_busy`` writes the
same words into the Status cell, for the script to send before the work starts.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Concatenate, ParamSpec

from ..core import cell_name, is_solution, require_proper
from ..core.colours import RGB, WRONG
from ..helpers.a1 import column_letters
from .history import colour_of
from .host import host_of
from .press import (
    Press,
    SheetMissingError,
    coloured,
    pressing,
    read_givens,
    read_work,
    sudoku_sheet,
    values_of,
    write_painting,
)
from .protocol import BookLike, RangeLike
from .sheet import (
    STATUS_CELLS,
    cell_text,
    check_board,
    flat_values,
    grid_rows,
    read_board,
    steps_sheet,
    top_left,
    truncate_log,
    undone,
)

if TYPE_CHECKING:
    from ..core.board import Board
    from ..core.engine import Trace
    from ..core.steps import Step
    from .setup import Facts

COUNT_LIMIT = 100
P = ParamSpec("P")
#: what the status says while a button that may search for long works
BUSY = {
    "Solve": "Solving",
    "Step": "Finding the next step",
    "Hint": "Finding a hint",
    "New puzzle": "Generating",
    "Count solutions": "Counting",
}
#: what the status bar says the moment each button (by its caption) is pressed, before
#: Python starts: the workbook's VBA shows it (``workbook.build`` writes these words into
#: it), Python's start-up included; a long button's words are Python's first status too
PRESSED = {
    **BUSY,
    "Undo": "Undoing",
    "Candidates": "Filling in candidates",
    "Check": "Checking the entries",
    "Clear": "Clearing the work grid",
    "Check set-up": "Checking the set-up",
}


def show_busy(book: BookLike, action: str) -> None:
    """The Status cell says what ``action`` is doing (``BUSY``): for a host without a
    status bar whose writes reach Excel when the script sends them (xlwings Lite's
    ``await book.flush()``), before the long work. One value write; the action's own
    status replaces it when it ends. Nothing in a workbook without its Sudoku sheet (the
    action says so)."""
    try:
        sheet = sudoku_sheet(book)
    except SheetMissingError:
        return
    sheet.range("Status").value = f"{BUSY[action]}…"


def _on_the_sheet(
    action: Callable[Concatenate[BookLike, P], None],
) -> Callable[Concatenate[BookLike, P], None]:
    """An action that, in a workbook without its Sudoku sheet, says so in the status bar
    (where the host has one; elsewhere the error is the host's to show), never in a
    traceback box."""

    @functools.wraps(action)
    def run(book: BookLike, /, *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            action(book, *args, **kwargs)
        except SheetMissingError as error:
            app = book.app
            if not host_of(app).status_bar:
                raise
            app.status_bar = str(error)

    return run


@_on_the_sheet
def on_solve(book: BookLike) -> None:
    """Solve: the whole logical solve into the work grid, its steps into the Steps sheet,
    with the techniques the settings switch on."""
    with pressing(book, STATUS_CELLS, BUSY["Solve"]) as press:
        from ..core.engine import LogicSolver  # noqa: PLC0415 - once "Solving…" shows
        from ..paint import paint_solution  # noqa: PLC0415
        from . import settings  # noqa: PLC0415

        puzzle = read_givens(press)
        families = settings.techniques(press.settings())
        solver = LogicSolver(puzzle, families)
        require_proper(solver.solutions, unique=False)
        while solver.step() is not None:
            press.progress("Solving")
        trace = solver.trace()
        painting = coloured(press, paint_solution(puzzle, trace))
        work = press.range("Work")
        press.save("Solve", work, log=True)
        write_painting(press, work, painting)
        _write_steps(press, trace.steps, start=0, clear=True)
        press.record.log_rows = len(trace.steps)
        press.record.hint = ""
        _summary(press, trace, limited=families is not None)


def _summary(press: Press, trace: Trace, limited: bool) -> None:
    """The six status cells: message, time, steps, guesses, solutions, rating. The rating
    is the solve's: with families of techniques switched off (``limited``) it is not the
    puzzle's rating on Sudoku Explainer's scale, and says so."""
    from ..core.rating import rate_trace  # noqa: PLC0415 - loaded with the engine

    unique = {0: "no solution", 1: "unique", 2: "not unique"}[trace.solutions]
    ms = trace.seconds * 1000
    done = f"{_count(len(trace.steps), 'step')}, {_count(trace.guesses, 'guess')}"
    message = f"Solved in {ms:.0f} ms — {done}, {unique}"
    press.status(
        message,
        Elapsed=f"{ms:.0f} ms",
        StepCount=len(trace.steps),
        Guesses=trace.guesses,
        Solutions={1: 1, 2: "2 or more"}.get(trace.solutions, 0),
        Rating=(
            f"{rate_trace(trace)}{' (with the techniques switched on)' if limited else ''}"
            if trace.unique
            else "not rated (not unique)"
        ),
    )


def _count(number: int, noun: str) -> str:
    """``1 step``, ``2 steps``, ``1 guess``, ``0 guesses``."""
    plural = noun + ("es" if noun.endswith("ss") else "s")
    return f"{number} {noun if number == 1 else plural}"


def _write_steps(press: Press, steps: Sequence[Step], start: int, clear: bool) -> None:
    """The steps as rows of the Steps sheet: number, technique, cells, explanation, level.

    A fresh log is written from the first cell of ``StepLog`` (a value write fills as
    many rows as it has); later steps go below the ``start`` rows already there."""
    log = steps_sheet(press.book).range("StepLog")
    if clear:
        log.clear_contents()
    if not steps:
        return
    rows = [
        [start + i + 1, s.technique.name, " ".join(map(cell_name, s.cells)), s.explanation, s.level]
        for i, s in enumerate(steps)
    ]
    if start == 0:
        log.value = rows
        return
    top, left = top_left(log.address)
    steps_sheet(press.book).range(f"{column_letters(left)}{top + start}").value = rows


def _next_step(press: Press, work: RangeLike) -> tuple[Board, Step] | None:
    """The work grid as a board and the step the engine takes next from it, with the
    techniques the settings switch on; None (the status says why) if the grid is solved.
    The grid must agree with the solution (a full grid too: a digit typed wrong fills it)."""
    from ..core.hints import next_step  # noqa: PLC0415 - once the status shows
    from ..core.solver import proper_solution  # noqa: PLC0415
    from . import settings  # noqa: PLC0415

    puzzle = read_givens(press)
    board = read_board(puzzle, read_work(press, work))
    if board.is_solved() and is_solution(board.digits, puzzle):
        press.status("The work grid is solved")
        return None
    check_board(board, proper_solution(puzzle))
    step = next_step(puzzle, settings.techniques(press.settings()), board=board)
    if step is None:  # pragma: no cover - an unsolved board always has a step
        return None
    return board, step


@_on_the_sheet
def on_step(book: BookLike) -> None:
    """Step: take the next logical step in the work grid and show why."""
    with pressing(book, ("Status", "StepCount"), BUSY["Step"]) as press:
        done = press.step_count()  # 0: the log starts again
        press.keep(StepCount=done or None)  # the log's steps: a failed step adds none
        work = press.range("Work")
        found = _next_step(press, work)
        if found is None:
            return
        board, step = found
        from ..core.steps import GUESS  # noqa: PLC0415 - loaded with the engine

        if step.technique is GUESS:  # nothing proven: the work grid stays as it is
            press.status(step.explanation)
            return
        from ..paint import paint_board  # noqa: PLC0415 - loaded with the engine

        after = board.copy()
        after.apply(step)
        painting = coloured(press, paint_board(after, step))
        press.save("Step", work, log=done == 0)  # a log started again: keep the old one
        write_painting(press, work, painting)
        _write_steps(press, [step], start=done, clear=done == 0)
        press.record.log_rows = done + 1
        press.record.hint = ""
        press.status(step.explanation, StepCount=done + 1)


@_on_the_sheet
def on_hint(book: BookLike) -> None:
    """Hint: the next step's technique; pressed again, where to look; again, the whole step.
    The work grid's values never change; from the second press the cells light up."""
    with pressing(book, busy=BUSY["Hint"]) as press:
        from ..core.hints import hint_text  # noqa: PLC0415 - loaded with the engine
        from ..paint import paint_board  # noqa: PLC0415

        work = press.range("Work")
        found = _next_step(press, work)
        if found is None:
            return
        board, step = found
        key = _board_key(board)
        previous = press.record.hint
        level = 1
        if previous.startswith(key + ":"):
            level = min(3, int(previous.rsplit(":", 1)[1]) + 1)
        press.record.hint = f"{key}:{level}"
        if level >= 2:
            highlight = paint_board(board, step if level == 3 else _look_here(step))
            write_painting(press, work, highlight, values=False)
        press.status(f"Hint {level} of 3: {hint_text(step, level)}")


def _look_here(step: Step) -> Step:
    """The step reduced to where to look: its pattern, without what it changes (a single's
    cell, which has no pattern, is where to look), as level 2's text names it."""
    from ..core.steps import Step  # noqa: PLC0415 - loaded with the engine

    where = step.pattern + step.alternate or step.placements
    return Step(step.technique, step.explanation, pattern=where)


def _board_key(board: Board) -> str:
    """A short fingerprint of a board, to tell a repeated hint press from a new position."""
    import hashlib  # noqa: PLC0415 - Hint's alone

    text = ",".join(f"{d}/{m}" for d, m in zip(board.digits, board.masks, strict=True))
    return hashlib.sha1(text.encode()).hexdigest()[:12]


@_on_the_sheet
def on_candidates(book: BookLike) -> None:
    """Candidates: every open work cell shows its candidates as a placeholder string."""
    with pressing(book) as press:
        from ..paint import paint_board  # noqa: PLC0415 - what the action needs, no more

        puzzle = read_givens(press)
        work = press.range("Work")
        board = read_board(puzzle, read_work(press, work))
        press.save("Candidates", work)
        press.write_grid("work", work, paint_board(board).values)
        left = sum(1 for d in board.digits if not d)
        press.status(f"Candidates shown for {left} open cells")


@_on_the_sheet
def on_check(book: BookLike) -> None:
    """Check: mark the work grid's wrong entries red, never showing the right ones."""
    with pressing(book) as press:
        from ..core.solver import proper_solution  # noqa: PLC0415 - what it needs, no more
        from ..paint import Painting  # noqa: PLC0415

        puzzle = read_givens(press)
        solution = proper_solution(puzzle)
        work = press.range("Work")
        flat = read_work(press, work)
        texts = {c: cell_text(v) for c, v in enumerate(flat) if not puzzle[c]}
        entries = {c: int(t) for c, t in texts.items() if len(t) == 1 and t in "123456789"}
        wrong = sorted(c for c, d in entries.items() if d != solution[c])
        write_painting(press, work, Painting((), {WRONG: tuple(wrong)}), values=False)
        if wrong:
            where = ", ".join(cell_name(c) for c in wrong[:10]) + (
                " ..." if len(wrong) > 10 else ""
            )
            if len(entries) == 1:
                press.status(f"Your 1 entry is wrong: {where}")
            else:
                verb = "is" if len(wrong) == 1 else "are"
                press.status(f"{len(wrong)} of your {len(entries)} entries {verb} wrong: {where}")
        elif not entries:
            press.status("The work grid holds no entry of yours to check")
        else:
            press.status(
                "Your 1 entry is right"
                if len(entries) == 1
                else f"All {len(entries)} of your entries are right"
            )


@_on_the_sheet
def on_clear(book: BookLike) -> None:
    """Clear: empty the work grid, the status cells and the step log (Undo brings them
    back)."""
    with pressing(book, STATUS_CELLS) as press:
        press.save("Clear", press.range("Work"), log=True)
        _clear(press)
        press.status(None)


def _clear(press: Press) -> None:
    """Empty the work grid, its colours, the givens' red and the step log (the status
    cells are the action's to write)."""
    press.write_grid("work", press.range("Work"), None)
    steps_sheet(press.book).range("StepLog").clear_contents()
    press.record.work_fills = {}
    press.record.red_givens = []
    press.record.hint = ""
    press.record.log_rows = 0


@_on_the_sheet
def on_new(book: BookLike, rng: random.Random | None = None) -> None:
    """New puzzle: a puzzle of the difficulty the settings choose, that the techniques
    they switch on solve, into Givens (Undo brings the old givens back)."""
    with pressing(book, STATUS_CELLS, BUSY["New puzzle"]) as press:
        from ..puzzles import new_puzzle  # noqa: PLC0415 - the generator, loaded only now
        from . import settings  # noqa: PLC0415

        wanted = settings.difficulty(press.settings())
        families = settings.techniques(press.settings())
        puzzle, rating, generated = new_puzzle(wanted, rng or random.Random(), techniques=families)
        rows = [[v or None for v in puzzle[9 * r : 9 * r + 9]] for r in range(9)]
        press.save("New puzzle", press.range("Work"), log=True)
        _clear(press)
        press.write_grid("givens", press.range("Givens"), rows)
        source = "" if generated else " from the bundled set"
        clues = sum(1 for d in puzzle if d)
        using = "" if families is None else f", solved by {settings.described(families)}"
        press.status(
            f"New {rating.label} puzzle{source}, rated {rating.value:.1f} ({rating.hardest}), "
            f"{clues} clues{using}"
        )


@_on_the_sheet
def on_count(book: BookLike) -> None:
    """Count solutions: 0, 1, or "N or more"."""
    with pressing(book, ("Status", "Solutions"), BUSY["Count solutions"]) as press:
        from ..core.solver import count_solutions  # noqa: PLC0415 - once "Counting…" shows

        puzzle = read_givens(press)
        count = count_solutions(puzzle, limit=COUNT_LIMIT)
        shown: object = f"{COUNT_LIMIT} or more" if count == COUNT_LIMIT else count
        text = {0: "no solution", 1: "1 solution: the puzzle is proper"}.get(
            count, f"{shown} solutions"
        )
        press.status(text.capitalize() if count == 0 else text, Solutions=shown)


@_on_the_sheet
def on_undo(book: BookLike) -> None:
    """Undo: put back the givens, the work grid, their colours, the status cells and the
    step log as they were before the last Solve, Step, Candidates, Clear or New puzzle;
    a cell typed into since that action keeps what was typed (``undone``)."""
    with pressing(book, STATUS_CELLS) as press:
        press.keep(**dict(zip(STATUS_CELLS, press.record.status, strict=True)))
        if not press.history.available:
            press.status("Undo needs the History sheet of a newer workbook")
            return
        snapshot = press.history.pop()
        if snapshot is None:
            press.status("Nothing to undo")
            return
        from ..paint import Painting  # noqa: PLC0415 - what Undo needs, no more

        now = press.record.log_rows
        givens_block, work = press.range("Givens"), press.range("Work")
        givens, values, typed = snapshot.givens, snapshot.work, ""
        if snapshot.after is not None:  # what was typed since the action stays
            shown = flat_values(values_of(givens_block))
            givens, kept_givens = undone(givens, snapshot.after["givens"], shown)
            shown = flat_values(values_of(work))
            values, kept_work = undone(values, snapshot.after["work"], shown)
            typed = _typed_since(kept_givens, kept_work)
        givens_block.value = grid_rows(givens)
        fills: dict[RGB | None, tuple[int, ...]] = {
            colour_of(code): tuple(cells) for code, cells in snapshot.record.work_fills.items()
        }
        write_painting(press, work, Painting(tuple(map(tuple, grid_rows(values))), fills))
        if snapshot.log is not None:
            log = steps_sheet(press.book).range("StepLog")
            if now:
                log.clear_contents()
            if snapshot.log:
                log.value = snapshot.log
        else:
            truncate_log(press.book, snapshot.record.log_rows, now)
        press.history.record = snapshot.record.copy()
        press.record.hint = ""
        left = len(press.history.levels)
        status = list(snapshot.record.status)
        status[0] = f"Undid {snapshot.action} ({left} more to undo){typed}"
        press.status(*status[:1], **dict(zip(STATUS_CELLS[1:], status[1:], strict=True)))


def _typed_since(givens: Sequence[int], work: Sequence[int]) -> str:
    """``; kept what was typed since: work grid r2c1, r3c4``: the cells Undo left as they
    are (``undone``), at most ``SHOWN`` of a grid's named."""
    places = [
        f"{where} {_names(cells)}"
        for where, cells in (("givens", givens), ("work grid", work))
        if cells
    ]
    return f"; kept what was typed since: {'; '.join(places)}" if places else ""


SHOWN = 4


def _names(cells: Sequence[int]) -> str:
    names = ", ".join(cell_name(c) for c in cells[:SHOWN])
    return f"{names} and {len(cells) - SHOWN} more" if len(cells) > SHOWN else names


@_on_the_sheet
def on_check_setup(book: BookLike, facts: Facts) -> None:
    """Check set-up: the status says which Python runs the buttons, that xl-sudoku imports,
    the xlwings versions on both sides, and what to do about a problem (``setup``)."""
    from .setup import report  # noqa: PLC0415 - Check set-up's alone

    with pressing(book) as press:
        press.status(report(facts))


ACTIONS: dict[str, Callable[..., None]] = {
    "Solve": on_solve,
    "Step": on_step,
    "Hint": on_hint,
    "Candidates": on_candidates,
    "Check": on_check,
    "Clear": on_clear,
    "New puzzle": on_new,
    "Count solutions": on_count,
    "Undo": on_undo,
    "Check set-up": on_check_setup,
}
