"""Undo, run against the recording stand-in on the real workbook: every change the
buttons make is taken back, level by level, exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.buttons.standin import StandInBook
from tests.buttons.test_actions import NOT_UNIQUE, fills_at, grid_at, named, status, type_givens
from xl_sudoku.buttons import history as hist
from xl_sudoku.buttons import (
    on_candidates,
    on_check,
    on_clear,
    on_hint,
    on_new,
    on_solve,
    on_step,
    on_undo,
)
from xl_sudoku.buttons.history import LEVELS, PREFIX


def state(book: StandInBook) -> dict[str, Any]:
    """Everything Undo restores: the grids, their fills, the status cells but the message,
    and the step log."""
    sudoku = book.workbook["Sudoku"]
    log = [
        row
        for row in book.workbook["Steps"].iter_rows(min_row=2, max_col=5, values_only=True)
        if any(v is not None for v in row)
    ]
    return {
        "givens": grid_at(book, "B4"),
        "work": grid_at(book, "L4"),
        "work fills": fills_at(book, "L4"),
        "givens fills": fills_at(book, "B4"),
        "status": [sudoku[f"C{row}"].value for row in range(16, 21)],
        "log": log,
    }


def history_cells(book: StandInBook) -> list[object]:
    """The values of the History block (the name ``History``)."""
    sheet, block = next(iter(book.workbook.defined_names["History"].destinations))
    return [c.value for row in book.workbook[sheet][block.replace("$", "")] for c in row]


@pytest.mark.slow
def test_undo_takes_back_each_change_in_turn_and_steps_over_hint_and_check(
    book: StandInBook,
) -> None:
    states = [state(book)]
    sudoku = book.workbook["Sudoku"]
    for action in (on_solve, on_clear, on_step, on_step, on_candidates):
        action(book)
        states.append(state(book))
    sudoku["L5"] = "5"  # a typed entry (r2c1 of the example is 8): part of the next level
    states[-1] = state(book)
    named(book, "Difficulty").value = "Easy"
    on_new(book, random.Random(5))
    assert str(status(book)).startswith("New Easy puzzle")
    assert grid_at(book, "B4") != states[-1]["givens"]
    on_hint(book)
    on_hint(book)  # lights cells up: a view, not a move
    on_check(book)  # the same
    names = ["Candidates", "Step", "Step", "Clear", "Solve"]
    for number, before in enumerate(reversed(states[1:]), 1):
        # the first Undo takes back New puzzle, then each action in turn
        on_undo(book)
        undone = "New puzzle" if number == 1 else names[number - 2]
        assert status(book) == f"Undid {undone} ({6 - number} more to undo)"
        assert state(book) == before, undone
    on_undo(book)
    assert status(book) == "Undid Solve (0 more to undo)"
    assert state(book) == states[0]
    on_undo(book)
    assert status(book) == "Nothing to undo" and state(book) == states[0]


@pytest.mark.slow
def test_undo_keeps_the_last_levels_and_truncates_the_step_log(book: StandInBook) -> None:
    seen = []
    for _ in range(LEVELS + 3):
        seen.append(state(book))
        on_step(book)
    for _ in range(LEVELS):
        on_undo(book)
    assert state(book) == seen[3]
    assert book.workbook["Sudoku"]["C17"].value == 3 and len(state(book)["log"]) == 3
    on_undo(book)
    assert status(book) == "Nothing to undo" and state(book) == seen[3]
    on_step(book)  # numbering goes on from the log that is left
    assert [row[0] for row in state(book)["log"]] == [1, 2, 3, 4]


@pytest.mark.slow  # a long log: a minute
def test_undo_brings_back_a_long_log_and_red_givens(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A level longer than a cell holds is cut into several (a cell holds 2,000
    characters here, 8,000 in Excel); a given an error left red is red again after
    Undo."""
    monkeypatch.setattr(hist, "CHUNK", 2_000)
    type_givens(book, NOT_UNIQUE)  # a solve with guesses: over a hundred steps
    on_solve(book)
    long_log = state(book)
    assert sum(len(str(v)) for row in long_log["log"] for v in row) > 3 * hist.CHUNK
    sudoku = book.workbook["Sudoku"]
    sudoku["B4"], sudoku["C4"] = 9, 9  # r1c1, r1c2: a duplicate
    on_solve(book)
    assert str(status(book)).startswith("duplicate 9 in row 1")
    red = state(book)
    assert red["givens fills"][:2] == ["FF5050", "FF5050"]
    sudoku["C4"] = None  # the typo mended
    on_clear(book)
    texts = [v for v in history_cells(book) if v is not None]
    assert all(isinstance(v, str) and v.startswith(PREFIX) for v in texts)
    assert all(len(str(v)) <= hist.CHUNK for v in texts) and len(texts) > 3
    on_undo(book)
    after = state(book)
    assert after["givens fills"] == red["givens fills"]
    assert after["log"] == long_log["log"] and after["work"] == long_log["work"]


@pytest.mark.slow
def test_a_level_too_long_for_its_cells_keeps_the_grids_and_starts_a_new_log(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hist, "CHUNK", 200)  # 3,200 characters a level: the log does not fit
    on_solve(book)
    solved = state(book)
    on_clear(book)
    on_undo(book)
    after = state(book)
    assert after["work"] == solved["work"] and after["work fills"] == solved["work fills"]
    assert after["log"] == [] and after["status"][1] is None  # no log, no count
    on_step(book)
    assert status(book) == "The work grid is solved"


@pytest.mark.slow
def test_undo_in_a_workbook_without_a_history_says_so_and_the_rest_works(
    book: StandInBook,
) -> None:
    """An older workbook (batch mode meets them): no History sheet, no Settings."""
    workbook = book.workbook
    del workbook["History"]
    for name in ("History", "Settings"):
        del workbook.defined_names[name]
    on_solve(book)
    assert str(status(book)).startswith("Solved in ")
    on_undo(book)
    assert status(book) == "Undo needs the History sheet of a newer workbook"
    on_step(book)
    assert status(book) == "The work grid is solved"


def test_a_damaged_history_counts_as_empty() -> None:
    assert hist.read(None).levels == [] and hist.read("x").levels == []
    assert hist.read([["h:{not json"], [PREFIX + "[1]"]]).record == hist.Record()
    rows = hist.rows(hist.History(hist.Record(hint="k:2"), []))
    assert len(rows) == LEVELS + 1 and rows[0][0] == PREFIX + (
        '{"work_fills":{},"red_givens":[],"status":[null,null,null,null,null,null],"hint":"k:2",'
        '"log_rows":0}'
    )
    assert hist.read(rows).record.hint == "k:2"


@pytest.mark.parametrize("text", ["=1+1", "12", "1/2", "TRUE", "#N/A"])
def test_no_history_cell_reads_as_anything_but_text(text: str) -> None:
    """Excel turns a string that looks like a number, a date, a formula or an error into
    one when it is written to a cell; every piece starts with PREFIX."""
    snapshot = hist.Snapshot([text] * 81, [None] * 81, hist.Record(), [[text] * 5] * 1000)
    rows = hist.rows(hist.History(hist.Record(), [snapshot]))
    pieces = [cell for cell in rows[1] if cell is not None]
    assert len(pieces) > 1 and all(p.startswith(PREFIX) for p in pieces)
    assert hist.read(rows).levels[0].givens == [text] * 81


@pytest.mark.slow
def test_a_step_that_starts_the_log_again_keeps_the_old_log_for_undo(book: StandInBook) -> None:
    on_solve(book)
    solved_log = state(book)["log"]
    sudoku = book.workbook["Sudoku"]
    sudoku["B4"], sudoku["C4"] = 9, 9
    on_solve(book)  # fails: the Steps status cell is emptied, the log stays
    assert sudoku["C17"].value is None and state(book)["log"] == solved_log
    sudoku["C4"] = 7  # the typo mended
    on_clear(book)
    on_undo(book)
    assert state(book)["log"] == solved_log
    sudoku["N4"] = None  # room for a step: r1c3 emptied by hand
    before = state(book)
    on_candidates(book)
    on_step(book)  # the count is empty: the log starts again at 1
    assert [row[0] for row in state(book)["log"]] == [1]
    on_undo(book)
    on_undo(book)
    assert state(book) == before
