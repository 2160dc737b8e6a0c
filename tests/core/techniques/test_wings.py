"""XY-, XYZ- and W-Wings (``techniques/wings.py``): where each must fire, with the exact
step (worked out by hand from the pattern), and near-misses where it must not. The
larger wings (WXYZ to TUVWXYZ) are in ``test_als.py``.
"""

from __future__ import annotations

import pytest

from tests.core.pencil import Pencil
from tests.core.techniques.cases import (
    Fires,
    Misses,
    candidates,
    check_fires,
    check_misses,
    fires_ids,
    misses_ids,
)
from xl_sudoku.core.techniques.wings import w_wings, xy_wings, xyz_wings

FIRES: list[Fires] = [
    Fires(
        xy_wings,
        Pencil().keep("r1c1", "12").keep("r1c5", "13").keep("r5c1", "23"),
        "XY-Wing 1/2/3 with pivot r1c1, wings r1c5 and r5c1: removes 3 from r5c5",
        removes=candidates(3, "r5c5"),
    ),
    Fires(
        xyz_wings,
        Pencil().keep("r1c1", "123").keep("r1c5", "13").keep("r2c2", "23"),
        "XYZ-Wing 1/2/3 with pivot r1c1, wings r1c5 and r2c2: removes 3 from r1c2, r1c3",
        removes=candidates(3, "r1c2 r1c3"),
    ),
    Fires(
        w_wings,
        Pencil().keep("r1c1 r9c9", "46").only(6, "r5", "r5c1 r5c9"),
        "W-Wing 4/6 in r1c1 and r9c9, linked by 6 in row 5 (r5c1, r5c9): removes 4 from r1c9, r9c1",
        removes=candidates(4, "r1c9 r9c1"),
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    Misses(xy_wings, Pencil().keep("r1c1", "12").keep("r1c5", "13").keep("r5c1", "24")),
    Misses(xyz_wings, Pencil().keep("r1c1", "123").keep("r1c5", "13").keep("r2c2", "24")),
    Misses(w_wings, Pencil().keep("r1c1 r9c9", "46").only(6, "r5", "r5c1 r5c8")),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)
