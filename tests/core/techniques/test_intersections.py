"""Locked candidates (``techniques/intersections.py``): where Pointing and Claiming must
fire, with the exact step, near-misses where they must not, and the order the steps
come in (their direct forms' too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

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
from tests.puzzles import load
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques.direct import (
    direct_claiming,
    direct_pointing,
)
from xl_sudoku.core.techniques.intersections import claiming, pointing

Finder = Callable[[Board], Iterator[Step]]


def _locked_order(finder: Finder, step: Step) -> tuple[int, ...]:
    """Where a locked-candidates step comes in its technique's order, read off the step:
    pointing box by box, then digit, a row before a column; claiming line by line (rows,
    then columns), then digit; the direct forms column lines first, then digit by digit,
    then the box (or line) and the other one."""
    digit = step.pattern[0][1]
    houses = step.houses
    if finder is pointing:
        return (houses[0] - 18, digit, 0 if houses[1] < 9 else 1)
    if finder is claiming:
        return (houses[0], digit)
    if finder is direct_pointing:
        return (0 if houses[1] >= 9 else 1, digit, houses[0] - 18, houses[2] - 18)
    return (0 if houses[0] >= 9 else 1, digit, houses[0] % 9, houses[2] % 9)


@pytest.mark.slow
def test_locked_candidates_come_in_their_order_across_digits() -> None:
    """Each digit's steps are remembered apart and merged: on real positions with steps
    of several digits, every step comes in the technique's order (box or line before
    digit)."""
    mixed = 0
    for puzzle in load("norvig_top95")[:30]:
        solver = LogicSolver(puzzle)
        for _ in range(40):
            board = solver.board.copy()
            for finder in (pointing, claiming, direct_pointing, direct_claiming):
                found = list(finder(board))
                keys = [_locked_order(finder, step) for step in found]
                assert keys == sorted(keys), finder.__name__
                assert len(set(keys)) == len(keys)
                mixed += len({step.pattern[0][1] for step in found}) > 1
            if solver.step() is None:
                break
    assert mixed > 20  # many positions had steps of two digits or more


FIRES: list[Fires] = [
    Fires(
        pointing,
        Pencil().only(3, "b1", "r1c1 r1c2"),
        "Pointing: in box 1, 3 lies only in row 1 (r1c1, r1c2): "
        "removes 3 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9",
        removes=candidates(3, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"),
    ),
    Fires(
        claiming,
        Pencil().only(3, "r1", "r1c1 r1c2"),
        "Claiming: in row 1, 3 lies only in box 1 (r1c1, r1c2): "
        "removes 3 from r2c1, r2c2, r2c3, r3c1, r3c2, r3c3",
        removes=candidates(3, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"),
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    Misses(pointing, Pencil().only(3, "b1", "r1c1 r2c2")),  # two rows, two columns,
    Misses(
        pointing, Pencil().only(3, "b1", "r1c1 r1c2").only(3, "r1", "r1c1 r1c2")
    ),  # nothing to remove,
    Misses(claiming, Pencil().only(3, "r1", "r1c1 r1c4")),  # two boxes,
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)
