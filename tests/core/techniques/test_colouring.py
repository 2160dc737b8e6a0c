"""Colouring (``techniques/colouring.py``): Simple Colouring and HoDoKu's Multi-Colours
where each must fire, with the exact step (worked out by hand from the pattern), and
near-misses where they must not.
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
from xl_sudoku.core.techniques.colouring import multi_colours_1, multi_colours_2, simple_colouring

FIRES: list[Fires] = [
    Fires(
        simple_colouring,
        Pencil()
        .only(3, "r1", "r1c1 r1c5")
        .only(3, "b2", "r1c5 r3c6")
        .only(3, "c6", "r3c6 r7c6")
        .only(3, "r7", "r7c1 r7c6"),
        "Simple Colouring 3: r1c1, r7c1 have the same colour and see each other, so that "
        "colour is false: removes 3 from r1c1, r3c6, r7c1",
        removes=candidates(3, "r1c1 r3c6 r7c1"),
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    Misses(simple_colouring, Pencil().only(3, "r1", "r1c1 r1c5").only(3, "b2", "r1c5 r3c6")),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


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
