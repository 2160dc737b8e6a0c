"""HoDoKu's single-digit techniques that come after Sudoku Explainer's rules: every Empty
Rectangle of every box, every finned fish of a digit (so two on the same base lines,
HoDoKu's Siamese fish, are both found), Franken and Mutant fish, Multi-Colours, Templates.
Hand-made positions, each step worked out by hand; near-misses where nothing may fire."""

from __future__ import annotations

import pytest

from tests.core.pencil import Pencil, cells
from tests.puzzles import load
from xl_sudoku.core import Grid, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.techniques.colouring import multi_colours_1, multi_colours_2
from xl_sudoku.core.techniques.empty_rectangles import empty_rectangles
from xl_sudoku.core.techniques.fish import finned_swordfish, finned_x_wings
from xl_sudoku.core.techniques.franken import (
    finned_franken_swordfish,
    finned_franken_x_wings,
    finned_mutant_x_wings,
    franken_x_wings,
    mutant_x_wings,
)
from xl_sudoku.core.techniques.templates import templates_delete, templates_set

# box 1's 5s lie in row 1 and column 1; column 5's and column 8's 5s are conjugate pairs
# with an end in row 1
TWO_ERS = Pencil().only(5, "b1", "r1c2 r1c3 r2c1").only(5, "c5", "r1c5 r7c5")
TWO_ERS = TWO_ERS.only(5, "c8", "r1c8 r5c8")


def test_every_empty_rectangle_of_a_box() -> None:
    # r1c5 not 5: r7c5 is, and r7c1 loses it; r1c5 is 5: row 1 has it, box 1's 5 is in
    # column 1, and r7c1 loses it again. The same with r1c8 = r5c8 for r5c1 (a Dual ER).
    steps = list(empty_rectangles(TWO_ERS.board()))
    assert [s.explanation for s in steps] == [
        "Empty Rectangle 5 in box 1 (r1c2, r1c3, r2c1): its 5s lie in row 1 and column 1, "
        "and r1c5 = r7c5 is a conjugate pair: removes 5 from r7c1",
        "Empty Rectangle 5 in box 1 (r1c2, r1c3, r2c1): its 5s lie in row 1 and column 1, "
        "and r1c8 = r5c8 is a conjugate pair: removes 5 from r5c1",
    ]
    assert [s.eliminations for s in steps] == [((54, 5),), ((36, 5),)]
    assert all(s.technique.name == "Empty Rectangle" for s in steps)


def test_no_empty_rectangle_where_the_box_is_not_a_cross() -> None:
    # box 1's 5s in r1c2, r2c3, r3c1: no row and column of the box hold them all
    position = Pencil().only(5, "b1", "r1c2 r2c3 r3c1").only(5, "c5", "r1c5 r7c5")
    assert list(empty_rectangles(position.board())) == []


def test_every_finned_fish_of_a_digit() -> None:
    # two finned X-Wings of 3, the second once hidden behind the first (one a digit)
    position = (
        Pencil()
        .only(3, "r1", "r1c2 r1c7 r1c3")
        .only(3, "r5", "r5c2 r5c7")
        .only(3, "r8", "r8c4 r8c9 r8c8")
        .only(3, "r4", "r4c4 r4c9")
    )
    assert [s.explanation for s in finned_x_wings(position.board())] == [
        "Finned X-Wing 3 in rows 1, 5 (columns 2, 7), fin r1c3: removes 3 from r2c2, r3c2",
        "Finned X-Wing 3 in rows 4, 8 (columns 4, 9), fin r8c8: removes 3 from r7c9, r9c9",
    ]


# rows 1 and 2 hold their 1s in columns 1 and 5 (an X-Wing): one takes box 1, the other
# box 2, so row 3's 1 lies in box 3
def x_wing_1() -> Pencil:
    return Pencil().only(1, "r1", "r1c1 r1c5").only(1, "r2", "r2c1 r2c5")


def test_template_set() -> None:
    position = x_wing_1().only(1, "r3", "r3c1 r3c8")
    step = next(templates_set(position.board()))
    assert step.explanation == (
        "Template Set 1: every template of 1 that fits takes r3c8, so r3c8 is 1"
    )
    assert step.placements == ((25, 1),) and not step.eliminations
    assert step.technique.name == "Template Set" and step.difficulty == 7.5


def test_template_delete() -> None:
    step = next(templates_delete(x_wing_1().board()))
    gone = cells("r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 c1 c5")
    expected = {(c, 1) for c in gone} - {(c, 1) for c in cells("r1c1 r1c5 r2c1 r2c5")}
    assert set(step.eliminations) == expected
    assert step.explanation.startswith("Template Delete 1: no template of 1 that fits takes ")


def test_no_template_set_where_every_cell_has_two_templates() -> None:
    assert list(templates_set(x_wing_1().board())) == []


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


# two colour groups of 1: box 1's pair r1c1 / r3c3 and box 7's pair r7c1 / r9c3
def two_groups(b1: str, b2: str) -> Pencil:
    return Pencil().only(1, "b1", "r1c1 r3c3").only(1, "b7", f"{b1} {b2}")


def test_multi_colours_1() -> None:
    # r1c1 and r7c1 share column 1: not both 1, so r3c3 or r9c3 is, and column 3's
    # other cells lose 1; the same the other way round for column 1
    steps = list(multi_colours_1(two_groups("r7c1", "r9c3").board()))
    assert [s.explanation for s in steps] == [
        "Multi-Colours 1 1: r1c1 and r7c1 (colours of two groups) see each other, so r3c3 "
        "or r9c3 hold it: removes 1 from r4c3, r5c3, r6c3",
        "Multi-Colours 1 1: r3c3 and r9c3 (colours of two groups) see each other, so r1c1 "
        "or r7c1 hold it: removes 1 from r4c1, r5c1, r6c1",
    ]
    assert steps[0].difficulty == 5.6 and steps[0].technique.name == "Multi-Colours 1"


def test_no_multi_colours_where_no_cell_sees_both_others() -> None:
    # r3c3 sees r9c3, but no cell with a 1 sees both r1c1 and r8c2
    position = two_groups("r8c2", "r9c3")
    assert list(multi_colours_1(position.board())) == []
    assert list(multi_colours_2(position.board())) == []


def test_multi_colours_2() -> None:
    # r4c1 = r1c1 = r1c5 (column 1, row 1); box 5's 1 is r4c6 or r5c5: r4c1 sees the
    # first, r1c5 the second, so their colour is false
    position = (
        Pencil().only(1, "c1", "r1c1 r4c1").only(1, "r1", "r1c1 r1c5").only(1, "b5", "r4c6 r5c5")
    )
    steps = list(multi_colours_2(position.board()))
    assert [s.explanation for s in steps] == [
        "Multi-Colours 2 1: r1c5, r4c1 (one colour) see both colours of r4c6 / r5c5, so "
        "that colour is false: removes 1 from r1c5, r4c1"
    ]
    assert steps[0].difficulty == 5.5


def test_no_multi_colours_2_where_a_colour_sees_one_colour_only() -> None:
    position = (
        Pencil().only(1, "c1", "r1c1 r4c1").only(1, "r1", "r1c1 r1c4").only(1, "b5", "r4c6 r5c5")
    )
    assert list(multi_colours_2(position.board())) == []


@pytest.mark.parametrize("puzzle", load("norvig_top95")[1:8:2])
def test_every_step_on_real_positions_is_sound(puzzle: Grid) -> None:
    """Each finder of this module on two positions the engine reaches on a hard puzzle:
    every step removes no true digit and places none wrong."""
    answer = solve(puzzle)
    solver = LogicSolver(puzzle)
    positions: list[Board] = []
    while solver.step() is not None and len(positions) < 2:
        if len(solver.steps) in (15, 30):
            positions.append(solver.board.copy())
    finders = (
        empty_rectangles,
        finned_x_wings,
        finned_swordfish,
        franken_x_wings,
        finned_franken_x_wings,
        finned_franken_swordfish,
        mutant_x_wings,
        finned_mutant_x_wings,
        multi_colours_1,
        multi_colours_2,
        templates_set,
        templates_delete,
    )
    fired = 0
    for board in positions:
        assert all(board.digits[c] or board.has(c, answer[c]) for c in range(81))
        for finder in finders:
            for found in finder(board):
                fired += 1
                assert all(answer[c] != d for c, d in found.eliminations), found
                assert all(answer[c] == d for c, d in found.placements), found
    assert fired, "no finder fired: the test proves nothing"
