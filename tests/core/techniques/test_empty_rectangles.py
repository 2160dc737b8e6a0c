"""HoDoKu's Empty Rectangles (``techniques/empty_rectangles.py``): every Empty Rectangle
of every box, and none where the box's candidates are not a cross. Hand-made positions,
each step worked out by hand.
"""

from __future__ import annotations

from tests.core.pencil import Pencil
from xl_sudoku.core.techniques.empty_rectangles import empty_rectangles

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
