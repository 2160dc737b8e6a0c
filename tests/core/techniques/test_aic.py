"""HoDoKu's chains (techniques/aic/): XY-Chains, Remote Pairs, nice loops and AICs, plain
and grouped, on hand-made positions: where each must fire, with the exact step (worked
out by hand from the pattern), and near-misses where it must not; then every step of
every finder on real positions checked against the solution."""

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
from xl_sudoku.core import Grid, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques.aic import (
    grouped_nice_loops,
    length_tenths,
    nice_loops,
    remote_pairs,
    xy_chains,
)

Finder = Callable[[Board], Iterator[Step]]


XY_LOOP = Pencil().keep("r1c1", "12").keep("r1c9", "23").keep("r9c9", "34").keep("r9c1", "41")
# an ALS {1,2,3} in r5c5-r5c6, entered by 2 from the bivalue r1c5; its 1 (only in r5c6)
# takes the 1 of r5c2, whose column leaves it to r2c2
ALS_AIC = Pencil().keep("r1c5", "12").keep("r5c5", "23").keep("r5c6", "13")
ALS_AIC = ALS_AIC.only(1, "c2", "r5c2 r2c2")

FIRES: list[Fires] = [
    Fires(
        # four bivalue cells: r1c1 not 1 -> 2, r1c5 not 2 -> 3, r5c5 -> 4, r5c2 -> 1
        xy_chains,
        Pencil().keep("r1c1", "12").keep("r1c5", "23").keep("r5c5", "34").keep("r5c2", "41"),
        "XY-Chain 1: (1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c2 => "
        "removes 1 from r1c2, r2c2, r3c2, r4c1, r5c1, r6c1",
        removes=candidates(1, "r1c2 r2c2 r3c2 r4c1 r5c1 r6c1"),
    ),
    Fires(
        # 4/7 in r1c1, r1c5, r5c5, r5c9 (each sees the next): r1c1 and r5c9 take
        # different digits, three links apart
        remote_pairs,
        Pencil().keep("r1c1 r1c5 r5c5 r5c9", "47"),
        "Remote Pair 4/7: r1c1, r5c5 against r1c5, r5c9 => "
        "removes 4 from r1c9, r5c1; 7 from r1c9, r5c1",
        removes=candidates(4, "r1c9 r5c1") | candidates(7, "r1c9 r5c1"),
    ),
    Fires(
        # an XY loop of four bivalue cells: each weak link holds exactly one of its ends
        nice_loops,
        XY_LOOP,
        "Continuous Nice Loop: (1)r1c1-(1=4)r9c1-(4=3)r9c9-(3=2)r1c9-(2=1)r1c1 => "
        "removes 1 from r2c1, r3c1, r4c1, r5c1, r6c1, r7c1, r8c1; "
        "2 from r1c2, r1c3, r1c4, r1c5, r1c6, r1c7, r1c8; "
        "3 from r2c9, r3c9, r4c9, r5c9, r6c9, r7c9, r8c9; "
        "4 from r9c2, r9c3, r9c4, r9c5, r9c6, r9c7, r9c8",
        removes=candidates(1, "r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1")
        | candidates(2, "r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8")
        | candidates(3, "r2c9 r3c9 r4c9 r5c9 r6c9 r7c9 r8c9")
        | candidates(4, "r9c2 r9c3 r9c4 r9c5 r9c6 r9c7 r9c8"),
    ),
    Fires(
        # r1c1 = 1 -> r1c5 = 4 -> r5c5 = 6 -> r5c1 = 1, which sees r1c1: r1c1 is not 1
        nice_loops,
        Pencil().keep("r1c1", "123").keep("r1c5", "14").keep("r5c5", "46").keep("r5c1", "61"),
        "Discontinuous Nice Loop: (1)r1c1-(1=6)r5c1-(6=4)r5c5-(4=1)r1c5-(1)r1c1 => "
        "removes 1 from r1c1",
        removes=candidates(1, "r1c1"),
    ),
    Fires(
        # 1 in column 1 only in r1c1 and the group r78c1; r2c4 or r3c4 in box 2; row 9's
        # two 1s join them: r1c1 or r2c4 is 1, and cells seeing both lose it
        grouped_nice_loops,
        Pencil()
        .only(1, "c1", "r1c1 r7c1 r8c1")
        .only(1, "r9", "r9c3 r9c4")
        .only(1, "b2", "r2c4 r3c4"),
        "Grouped AIC: (1)r1c1=(1)r78c1-(1)r9c3=(1)r9c4-(1)r3c4=(1)r2c4 => "
        "removes 1 from r2c2, r2c3",
        removes=candidates(1, "r2c2 r2c3"),
    ),
    Fires(
        # r1c5 is 1, or 2 and then the ALS r5c5-r5c6 is locked on 1/3: r5c2 is not 1 and
        # r2c2 is: r1c5 or r2c2 is 1
        grouped_nice_loops,
        ALS_AIC,
        "Grouped AIC: (1=2)r1c5-(2=1)ALS[r5c5,r5c6 {1,2,3}]-(1)r5c2=(1)r2c2 => "
        "removes 1 from r1c1, r1c3, r2c4, r2c5, r2c6",
        removes=candidates(1, "r1c1 r1c3 r2c4 r2c5 r2c6"),
    ),
    Fires(
        # a loop through a group: 1 in column 1 in r1c1 or r45c1, in column 3 in r5c3 or
        # r2c3; boxes 1 and 4 hold the weak links
        grouped_nice_loops,
        Pencil().only(1, "c1", "r1c1 r4c1 r5c1").only(1, "c3", "r5c3 r2c3"),
        "Grouped Continuous Nice Loop: (1)r1c1=(1)r45c1-(1)r5c3=(1)r2c3-(1)r1c1 => "
        "removes 1 from r1c2, r2c2, r3c2, r4c2, r5c2, r6c2",
        removes=candidates(1, "r1c2 r2c2 r3c2 r4c2 r5c2 r6c2"),
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


def test_a_discontinuous_nice_loop_that_places() -> None:
    # r1c1 not 1: row 1's other 1 is r1c5, so it is not 4, column 5's other 4 is r5c5, so
    # it is not 6, row 5's other 6 is r5c1, so it is not 1, and column 1's other 1 is
    # r1c1: r1c1 is 1 either way
    board = (
        Pencil()
        .keep("r1c5", "14")
        .keep("r5c5", "469")
        .keep("r5c1", "16")
        .only(1, "r1", "r1c1 r1c5")
        .only(4, "c5", "r1c5 r5c5")
        .only(6, "r5", "r5c5 r5c1")
        .only(1, "c1", "r1c1 r5c1")
        .board()
    )
    step = next(s for s in nice_loops(board) if s.placements)
    assert step.technique.name == "Discontinuous Nice Loop"
    assert step.placements == ((0, 1),) and not step.eliminations
    assert step.explanation == (
        "Discontinuous Nice Loop: (1)r1c1=(1-6)r5c1=(6-4)r5c5=(4-1)r1c5=(1)r1c1 => r1c1 is 1"
    )


MISSES: list[Misses] = [
    # the chain's last cell lacks 1
    Misses(
        xy_chains,
        Pencil().keep("r1c1", "12").keep("r1c5", "23").keep("r5c5", "34").keep("r5c2", "45"),
    ),
    Misses(remote_pairs, Pencil().keep("r1c1 r1c5 r5c5", "47")),  # three cells: a pair's business
    # the loop's last cell lacks 1: nothing comes back
    Misses(
        nice_loops,
        Pencil().keep("r1c1", "12").keep("r1c9", "23").keep("r9c9", "34").keep("r9c1", "45"),
    ),
    Misses(
        nice_loops,
        Pencil().keep("r1c1", "123").keep("r1c5", "14").keep("r5c5", "46").keep("r5c1", "67"),
    ),
    # no group: the column's 1s are in three boxes
    Misses(grouped_nice_loops, Pencil().only(1, "c1", "r1c1 r4c1 r7c1").only(1, "c3", "r5c3 r2c3")),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


def test_ratings_are_on_se_scale_with_its_length_bonus() -> None:
    # Sudoku Explainer's thresholds past the first two potentials: 4, 6, 8, 12, 16, ...
    assert [length_tenths(n) for n in (4, 6, 7, 8, 10, 11, 14, 15)] == [0, 0, 1, 1, 2, 3, 3, 4]
    loop = next(nice_loops(XY_LOOP.board()))
    assert loop.difficulty == 7.1  # eight candidates, two digits or more: 7.0 + 0.1
    assert next(grouped_nice_loops(ALS_AIC.board())).difficulty == 7.5  # with an ALS


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", load("norvig_top95")[:6:2])
def test_every_chain_found_on_real_positions_is_sound(puzzle: Grid) -> None:
    grid = puzzle
    answer = solve(grid)
    solver = LogicSolver(grid)
    positions: list[Board] = []
    while (step := solver.step()) is not None and len(positions) < 2:
        if len(solver.steps) in (20, 35):
            positions.append(solver.board.copy())
    found = 0
    for board in positions:
        assert all(board.digits[c] or board.has(c, answer[c]) for c in range(81))
        for finder in (xy_chains, remote_pairs, nice_loops, grouped_nice_loops):
            for step in finder(board):
                found += 1
                assert all(answer[c] != d for c, d in step.eliminations), step
                assert all(answer[c] == d for c, d in step.placements), step
    assert found
