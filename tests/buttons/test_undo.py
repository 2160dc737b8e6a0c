"""Undo, run against the recording stand-in on the real workbook: every change the
buttons make is taken back, level by level, exactly, and what was typed since stays."""

from __future__ import annotations

import random
from collections.abc import Mapping
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
from xl_sudoku.buttons.sheet import same_entry, undone
from xl_sudoku.core import cell_name


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


def with_typed(seen: dict[str, Any], work: Mapping[int, object]) -> dict[str, Any]:
    """A state with entries typed into the work grid."""
    grid = list(seen["work"])
    for cell, value in work.items():
        grid[cell] = value
    return {**seen, "work": grid}


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
    on_undo(book)  # New puzzle: back to the candidates, the typed 5 with them
    assert status(book) == "Undid New puzzle (5 more to undo)"
    assert state(book) == states[-1]
    # each earlier action taken back in turn; the 5, typed after them all, stays
    names = ["Candidates", "Step", "Step", "Clear", "Solve"]
    for number, before in enumerate(reversed(states[:-1]), 1):
        on_undo(book)
        assert status(book) == (
            f"Undid {names[number - 1]} ({5 - number} more to undo); "
            "kept what was typed since: work grid r2c1"
        )
        assert state(book) == with_typed(before, {9: "5"}), names[number - 1]
    on_undo(book)
    assert status(book) == "Nothing to undo" and state(book) == with_typed(states[0], {9: "5"})


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


@pytest.mark.slow
def test_undo_keeps_what_was_typed_since_the_action(book: StandInBook) -> None:
    """Step, then entries typed by hand: one in a cell the step left alone, one over the
    digit the step placed, a given changed; Undo takes the step back and keeps all three,
    and says where."""
    sudoku = book.workbook["Sudoku"]
    on_candidates(book)
    before = state(book)
    on_step(book)
    stepped = state(book)
    changed = [c for c in range(81) if before["work"][c] != stepped["work"][c]]
    left = [c for c in range(81) if len(str(before["work"][c])) > 1 and c not in changed]
    assert changed and left
    mine, over = left[-1], changed[0]
    cell = sudoku["L4"]
    for work_cell, typed in ((mine, "7"), (over, 4)):
        sudoku.cell(cell.row + work_cell // 9, cell.column + work_cell % 9).value = typed
    given = next(c for c in range(81) if before["givens"][c])
    top = sudoku["B4"]
    sudoku.cell(top.row + given // 9, top.column + given % 9).value = None
    on_undo(book)
    names = sorted((mine, over))
    assert status(book) == (
        f"Undid Step (1 more to undo); kept what was typed since: givens {cell_name(given)}; "
        f"work grid {cell_name(names[0])}, {cell_name(names[1])}"
    )
    after = state(book)
    expected = with_typed(before, {mine: "7", over: 4})
    expected["givens"] = [None if c == given else v for c, v in enumerate(before["givens"])]
    assert after == expected


@pytest.mark.slow
def test_undo_of_a_level_an_older_version_saved_puts_the_grids_back_whole(
    book: StandInBook,
) -> None:
    """A level without what its action wrote (saved before Undo kept typing): Undo puts
    back the grids as they were, as it always did."""
    before = state(book)
    on_step(book)
    sheet, block = next(iter(book.workbook.defined_names["History"].destinations))
    cells = book.workbook[sheet][block.replace("$", "")]
    history = hist.read([[c.value for c in row] for row in cells])
    assert history.levels[0].after is not None
    history.levels[0].after = None
    for row, values in zip(cells, hist.rows(history), strict=True):
        for c, value in zip(row, values, strict=True):
            c.value = value
    book.workbook["Sudoku"]["T12"] = "7"  # typed since: lost, as Undo always did
    on_undo(book)
    assert status(book) == "Undid Step (0 more to undo)"
    assert state(book) == before


@pytest.mark.parametrize(
    ("left", "shown", "same"),
    [
        (5, 5.0, True),
        ("5", 5.0, True),
        (" 5", "5", True),
        ("020406709", 20406709.0, True),
        ("120406709", 120406709, True),
        (None, "", True),
        (None, 0, False),
        ("5", 6, False),
        ("120406709", "120406700", False),
    ],
)
def test_an_entry_read_back_as_excel_gives_it_is_the_one_written(
    left: object, shown: object, same: bool
) -> None:
    assert same_entry(left, shown) is same


def test_undone_restores_the_actions_cells_and_keeps_the_typed_ones() -> None:
    before = [None, 1, None, "2", None]
    changed = {0: 3, 2: "120406709"}  # what the action wrote
    now = [3.0, 1, "9", "2", "6"]  # r1c3 typed over, r1c5 typed into
    assert undone(before, changed, now) == ([None, 1, "9", "2", "6"], [2, 4])
    assert undone(before, changed, [3, 1, "120406709", "2", None]) == (before, [])


@pytest.mark.slow
def test_undo_names_four_kept_cells_and_counts_the_rest(book: StandInBook) -> None:
    on_solve(book)
    solved = state(book)
    on_clear(book)
    sudoku = book.workbook["Sudoku"]
    # row 1 typed afresh, each digit other than the solve's
    typed = {cell: str(int(solved["work"][cell]) % 9 + 1) for cell in range(6)}
    for cell, value in typed.items():
        sudoku.cell(4, 12 + cell).value = value
    on_undo(book)
    assert status(book) == (
        "Undid Clear (1 more to undo); kept what was typed since: "
        "work grid r1c1, r1c2, r1c3, r1c4 and 2 more"
    )
    assert state(book)["work"] == with_typed(solved, typed)["work"]
