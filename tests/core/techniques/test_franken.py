"""HoDoKu's Franken and Mutant fish (``techniques/franken.py``): hand-made positions, each
step worked out by hand, and a near-miss where nothing may fire.
"""

from __future__ import annotations

from tests.core.pencil import Pencil
from xl_sudoku.core.techniques.franken import (
    finned_franken_x_wings,
    franken_x_wings,
    mutant_x_wings,
)

# row 1's 1s in columns 2 and 5, box 5's in column 5: one of them takes column 5, so
# row 1's is r1c2 and box 5's is in column 5
FRANKEN = Pencil().only(1, "r1", "r1c2 r1c5").only(1, "b5", "r4c5 r6c5")


def test_franken_x_wing() -> None:
    step = next(franken_x_wings(FRANKEN.board()))
    assert step.explanation == (
        "Franken X-Wing 1 in row 1, box 5 (column 2, column 5): removes 1 from r2c2, r2c5, "
        "r3c2, r3c5, r4c2, r5c2, r6c2, r7c2, r7c5, r8c2, r8c5, r9c2, r9c5"
    )
    assert step.difficulty == 4.5


def test_finned_franken_x_wing() -> None:
    # the same with a fin r1c3: a cover place that sees it loses 1 either way
    position = Pencil().only(1, "r1", "r1c2 r1c5 r1c3").only(1, "b5", "r4c5 r6c5")
    step = next(finned_franken_x_wings(position.board()))
    assert step.explanation == (
        "Finned Franken X-Wing 1 in row 1, box 5 (column 2, column 5), fin r1c3: "
        "removes 1 from r2c2, r3c2"
    )


def test_mutant_x_wing() -> None:
    # row 1's 1s in box 3, column 9's in box 3 or row 5: box 3 holds one of them, row 5
    # the other (rows and columns mixed in the base: a Mutant fish)
    position = Pencil().only(1, "r1", "r1c7 r1c8").only(1, "c9", "r2c9 r5c9")
    step = next(mutant_x_wings(position.board()))
    assert step.explanation == (
        "Mutant X-Wing 1 in row 1, column 9 (row 5, box 3): removes 1 from r2c7, r2c8, "
        "r3c7, r3c8, r5c1, r5c2, r5c3, r5c4, r5c5, r5c6, r5c7, r5c8"
    )


def test_no_franken_fish_where_the_box_spreads_over_two_columns() -> None:
    position = Pencil().only(1, "r1", "r1c2 r1c5").only(1, "b5", "r4c4 r6c5")
    assert list(franken_x_wings(position.board())) == []
