"""HoDoKu's Templates (``techniques/templates.py``): Template Set and Template Delete on
hand-made positions, each step worked out by hand, and a near-miss.
"""

from __future__ import annotations

import pytest

from tests.core.pencil import Pencil, cells
from xl_sudoku.core.techniques.templates import templates_delete, templates_set


# rows 1 and 2 hold their 1s in columns 1 and 5 (an X-Wing): one takes box 1, the other
# box 2, so row 3's 1 lies in box 3
def x_wing_1() -> Pencil:
    return Pencil().only(1, "r1", "r1c1 r1c5").only(1, "r2", "r2c1 r2c5")


@pytest.mark.slow
def test_template_set() -> None:
    position = x_wing_1().only(1, "r3", "r3c1 r3c8")
    step = next(templates_set(position.board()))
    assert step.explanation == (
        "Template Set 1: every template of 1 that fits takes r3c8, so r3c8 is 1"
    )
    assert step.placements == ((25, 1),) and not step.eliminations
    assert step.technique.name == "Template Set" and step.difficulty == 7.5


@pytest.mark.slow
def test_template_delete() -> None:
    step = next(templates_delete(x_wing_1().board()))
    gone = cells("r3c1 r3c2 r3c3 r3c4 r3c5 r3c6 c1 c5")
    expected = {(c, 1) for c in gone} - {(c, 1) for c in cells("r1c1 r1c5 r2c1 r2c5")}
    assert set(step.eliminations) == expected
    assert step.explanation.startswith("Template Delete 1: no template of 1 that fits takes ")


def test_no_template_set_where_every_cell_has_two_templates() -> None:
    assert list(templates_set(x_wing_1().board())) == []
