"""The settings on the sheet, through the buttons on the real workbook: which technique
families Solve, Step, Hint and New puzzle may use, whether the work grid is coloured,
and what a bad value says."""

from __future__ import annotations

import random
import re

import pytest

from tests.buttons.standin import StandInBook
from tests.buttons.test_actions import fills_at, grid_at, named, status
from xl_sudoku.buttons import on_hint, on_new, on_solve, on_step
from xl_sudoku.buttons import settings as st
from xl_sudoku.core import is_solution, parse_puzzle, solve
from xl_sudoku.core.steps import SEARCH_STEPS
from xl_sudoku.core.techniques import FAMILIES, TECHNIQUES
from xl_sudoku.workbook.build import EXAMPLE

ALLOWED = ("singles", "intersections")


def allow_only(book: StandInBook, families: tuple[str, ...]) -> None:
    for setting in st.SWITCHES:
        named(book, setting.name).value = "Yes" if setting.family in families else "No"


def logged_techniques(book: StandInBook) -> set[str]:
    rows = book.workbook["Steps"].iter_rows(min_row=2, values_only=True)
    return {str(row[1]) for row in rows if row[0] is not None}


def names_of(families: tuple[str, ...]) -> set[str]:
    return {t.name for t in TECHNIQUES if t.family in families}


@pytest.mark.slow
def test_the_sheet_offers_every_family_and_the_builder_writes_the_defaults(
    book: StandInBook,
) -> None:
    assert [s.family for s in st.SWITCHES] == list(FAMILIES)
    for setting in st.SETTINGS:
        assert named(book, setting.name).value == setting.default
    assert st.techniques(book.sheets["Sudoku"].range("Settings").value) is None  # all on


@pytest.mark.slow
def test_solve_uses_only_the_families_switched_on(book: StandInBook) -> None:
    on_solve(book)
    everything = logged_techniques(book)
    assert everything - names_of(ALLOWED)  # the example needs more than these two
    assert named(book, "Rating").value == "3.2 Hard (X-Wing)"  # the puzzle's, on SE's scale
    allow_only(book, ALLOWED)
    on_solve(book)
    # the solve's rating, not the puzzle's: it says so (the example is not 12.1)
    assert str(named(book, "Rating").value).endswith(" (with the techniques switched on)")
    used = logged_techniques(book)
    assert used <= names_of(ALLOWED) | {t.name for t in SEARCH_STEPS}
    assert "Guess" in used  # where they run out, Solve guesses (yellow), as it says
    work = grid_at(book, "L4")
    assert is_solution(tuple(int(v) for v in work), parse_puzzle(EXAMPLE))  # type: ignore[call-overload]


@pytest.mark.slow
def test_step_and_hint_use_only_the_families_switched_on_and_never_guess(
    book: StandInBook,
) -> None:
    allow_only(book, ALLOWED)
    answer = solve(parse_puzzle(EXAMPLE))
    for _ in range(100):
        on_hint(book)
        hinted = str(status(book))
        on_step(book)
        text = str(status(book))
        work = grid_at(book, "L4")
        assert all(v == answer[c] for c, v in enumerate(work) if isinstance(v, int))
        if text.startswith("No technique applies"):
            assert hinted.startswith("Hint 1 of 3: No technique")
            break
        technique = text.split(":", 1)[0]
        assert technique in names_of(ALLOWED), text
        assert hinted == f"Hint 1 of 3: Look for a {technique}"
    else:
        pytest.fail("two families solved the example: choose a harder puzzle")
    assert logged_techniques(book) <= names_of(ALLOWED)


@pytest.mark.slow
def test_new_puzzle_gives_a_puzzle_the_families_switched_on_solve(book: StandInBook) -> None:
    allow_only(book, ALLOWED)
    named(book, "Difficulty").value = "medium"  # any case
    on_new(book, random.Random(2))
    text = str(status(book))
    assert re.fullmatch(
        r"New Medium puzzle(?: from the bundled set)?, rated 2\.\d \(.+\), \d+ clues, "
        r"solved by singles, intersections",
        text,
    ), text
    allow_only(book, ("singles",))
    named(book, "Difficulty").value = "Expert"
    on_new(book, random.Random(2))
    assert str(status(book)).startswith("no Expert puzzle found that singles solve by logic")


@pytest.mark.slow
def test_colouring_off_leaves_the_work_grid_without_fills(book: StandInBook) -> None:
    named(book, "Colouring").value = "no"
    on_solve(book)
    assert str(status(book)).startswith("Solved in ") and not any(fills_at(book, "L4"))
    on_step(book)
    assert not any(fills_at(book, "L4"))
    named(book, "Colouring").value = True  # Excel's TRUE reads as Yes
    on_solve(book)
    assert any(fills_at(book, "L4"))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("UseFish", "maybe", "setting 'Fish' holds 'maybe': choose Yes or No"),
        ("Colouring", 3, "setting 'Colour the work grid' holds '3': choose Yes or No"),
    ],
)
def test_a_bad_setting_says_which_and_changes_nothing(
    book: StandInBook, name: str, value: object, message: str
) -> None:
    named(book, name).value = value
    before = grid_at(book, "L4")
    on_solve(book)
    assert status(book) == message
    assert grid_at(book, "L4") == before


@pytest.mark.slow
def test_no_family_switched_on_is_a_message_and_a_bad_difficulty_stops_only_new(
    book: StandInBook,
) -> None:
    named(book, "Difficulty").value = "Impossible"
    on_solve(book)  # Solve does not use the difficulty
    assert str(status(book)).startswith("Solved in ")
    allow_only(book, ())
    on_solve(book)
    assert str(status(book)).startswith("no technique family is switched on: set at least")


def test_an_empty_setting_means_its_default() -> None:
    column: list[object] = [None] * len(st.SETTINGS)
    assert st.difficulty(column) == "Medium" and st.colouring(column)
    assert st.techniques(column) is None
    assert st.techniques(["Easy", "Yes", "YES", " no "]) == tuple(
        f for f in FAMILIES if f != "intersections"
    )
