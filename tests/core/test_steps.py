"""Techniques and steps (``steps``): what a step involves and how it is worded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from xl_sudoku.core.steps import (
    GUESS,
    Family,
    Role,
    Step,
    digits_text,
    names,
    removals_text,
)
from xl_sudoku.core.techniques import FAMILIES, TECHNIQUES
from xl_sudoku.core.techniques.fish import X_WING
from xl_sudoku.core.techniques.singles import HIDDEN_SINGLE

STEP = Step(
    X_WING,
    "X-Wing: 4 in rows 2 and 5",
    placements=((9, 1),),
    eliminations=((7, 3), (1, 3)),
    pattern=((5, 1), (3, 1)),
    alternate=((3, 2), (7, 2)),
)


def test_every_technique_is_of_a_family_and_every_family_has_a_technique() -> None:
    """A family is a ``Family``, never a string that could be misspelt and match nothing."""
    assert all(type(t.family) is Family for t in (*TECHNIQUES, GUESS))
    assert set(FAMILIES) | {GUESS.family} == set(Family)


def test_a_step_names_its_cells_once_pattern_first() -> None:
    assert STEP.cells == (5, 3, 7, 9, 1)
    assert str(STEP) == "X-Wing: 4 in rows 2 and 5"


def test_a_steps_candidates_with_their_roles_pattern_other_side_removed_placed() -> None:
    assert STEP.highlights() == (
        (5, 1, Role.PATTERN),
        (3, 1, Role.PATTERN),
        (3, 2, Role.ALTERNATE),
        (7, 2, Role.ALTERNATE),
        (7, 3, Role.REMOVED),
        (1, 3, Role.REMOVED),
        (9, 1, Role.PLACED),
    )


def test_a_steps_difficulty_is_its_own_rating_or_its_techniques() -> None:
    assert STEP.difficulty == 3.2
    assert Step(X_WING, "", rating=3.5).difficulty == 3.5
    assert str(HIDDEN_SINGLE) == "Hidden Single"


@pytest.mark.parametrize(
    ("words", "given", "expected"),
    [
        (names, [0, 80, 13], "r1c1, r9c9, r2c5"),
        (names, [], ""),
        (digits_text, {7, 4}, "4/7"),
        (digits_text, [9, 1, 5], "1/5/9"),
        (removals_text, [(50, 7), (50, 4), (48, 4)], "removes 4 from r6c4, r6c6; 7 from r6c6"),
        (removals_text, [(80, 2)], "removes 2 from r9c9"),
    ],
)
def test_the_communitys_wording(words: Callable[[Any], str], given: object, expected: str) -> None:
    assert words(given) == expected
