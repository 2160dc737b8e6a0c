"""Every technique on hand-made positions: where it must fire, with the exact step, and
near-misses where it must not. Expected steps were worked out by hand from the pattern.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.core.pencil import Pencil, cells
from tests.core.techniques.cases import (
    Fires,
    Misses,
    check_fires,
    check_misses,
    fires_ids,
    misses_ids,
    removes,
)
from xl_sudoku.core import (
    UNITS,
    candidates,
    digits_of,
    parse_puzzle,
    solve,
)
from xl_sudoku.core.board import Board, board_from_candidates
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques import FINDERS
from xl_sudoku.core.techniques.colouring import simple_colouring
from xl_sudoku.core.techniques.fish import jellyfish, swordfish, x_wings
from xl_sudoku.core.techniques.intersections import claiming, pointing
from xl_sudoku.core.techniques.singles import full_houses, hidden_singles, naked_singles
from xl_sudoku.core.techniques.subsets import (
    hidden_pairs,
    hidden_quads,
    hidden_triples,
    naked_pairs,
    naked_quads,
    naked_triples,
)
from xl_sudoku.core.techniques.wings import w_wings, xy_wings, xyz_wings

Finder = Callable[[Board], Iterator[Step]]
PE_GRID_1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def first(finder: Finder, board: Board) -> Step:
    found = next(finder(board), None)
    assert found is not None, f"{finder.__name__} found nothing"
    return found


# --- positions where the technique fires: (finder, position, explanation, eliminations) --

FIRES: list[Fires] = [
    Fires(
        pointing,
        Pencil().only(3, "b1", "r1c1 r1c2"),
        "Pointing: in box 1, 3 lies only in row 1 (r1c1, r1c2): "
        "removes 3 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9",
        removes=removes(3, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"),
    ),
    Fires(
        claiming,
        Pencil().only(3, "r1", "r1c1 r1c2"),
        "Claiming: in row 1, 3 lies only in box 1 (r1c1, r1c2): "
        "removes 3 from r2c1, r2c2, r2c3, r3c1, r3c2, r3c3",
        removes=removes(3, "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"),
    ),
    Fires(
        naked_pairs,
        Pencil().keep("r1c1 r1c2", "47"),
        "Naked Pair 4/7 in row 1 (r1c1, r1c2): removes 4 from r1c3, r1c4, r1c5, r1c6, r1c7, "
        "r1c8, r1c9; 7 from r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9",
        removes=removes(4, "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9")
        | removes(7, "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"),
    ),
    Fires(
        x_wings,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c8"),
        "X-Wing 5 in rows 2, 7 (columns 3, 8): removes 5 from r1c3, r1c8, r3c3, r3c8, r4c3, "
        "r4c8, r5c3, r5c8, r6c3, r6c8, r8c3, r8c8, r9c3, r9c8",
        removes=removes(5, "c3 c8") - removes(5, "r2c3 r2c8 r7c3 r7c8"),
    ),
    Fires(
        hidden_pairs,
        Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c5"),
        "Hidden Pair 1/9 in row 1 (r1c1, r1c5): removes 2 from r1c1, r1c5; 3 from r1c1, r1c5; "
        "4 from r1c1, r1c5; 5 from r1c1, r1c5; 6 from r1c1, r1c5; 7 from r1c1, r1c5; "
        "8 from r1c1, r1c5",
        removes={(c, d) for c in cells("r1c1 r1c5") for d in range(2, 9)},
    ),
    Fires(
        naked_triples,
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "13"),
        "Naked Triple 1/2/3 in row 1 (r1c1, r1c2, r1c3): removes 1 from r1c4, r1c5, r1c6, "
        "r1c7, r1c8, r1c9; 2 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9; 3 from r1c4, r1c5, "
        "r1c6, r1c7, r1c8, r1c9",
        removes={(c, d) for c in cells("r1c4 r1c5 r1c6 r1c7 r1c8 r1c9") for d in (1, 2, 3)},
    ),
    Fires(
        swordfish,
        Pencil().only(5, "r1", "r1c1 r1c4").only(5, "r4", "r4c4 r4c7").only(5, "r7", "r7c1 r7c7"),
        "Swordfish 5 in rows 1, 4, 7 (columns 1, 4, 7): removes 5 from r2c1, r2c4, r2c7, "
        "r3c1, r3c4, r3c7, r5c1, r5c4, r5c7, r6c1, r6c4, r6c7, r8c1, r8c4, r8c7, r9c1, "
        "r9c4, r9c7",
        removes=removes(5, "c1 c4 c7") - removes(5, "r1 r4 r7"),
    ),
    Fires(
        hidden_triples,
        Pencil().only(1, "r1", "r1c1 r1c2").only(2, "r1", "r1c2 r1c3").only(3, "r1", "r1c1 r1c3"),
        "Hidden Triple 1/2/3 in row 1 (r1c1, r1c2, r1c3): removes 4 from r1c1, r1c2, r1c3; "
        "5 from r1c1, r1c2, r1c3; 6 from r1c1, r1c2, r1c3; 7 from r1c1, r1c2, r1c3; "
        "8 from r1c1, r1c2, r1c3; 9 from r1c1, r1c2, r1c3",
        removes={(c, d) for c in cells("r1c1 r1c2 r1c3") for d in range(4, 10)},
    ),
    Fires(
        xy_wings,
        Pencil().keep("r1c1", "12").keep("r1c5", "13").keep("r5c1", "23"),
        "XY-Wing 1/2/3 with pivot r1c1, wings r1c5 and r5c1: removes 3 from r5c5",
        removes=removes(3, "r5c5"),
    ),
    Fires(
        xyz_wings,
        Pencil().keep("r1c1", "123").keep("r1c5", "13").keep("r2c2", "23"),
        "XYZ-Wing 1/2/3 with pivot r1c1, wings r1c5 and r2c2: removes 3 from r1c2, r1c3",
        removes=removes(3, "r1c2 r1c3"),
    ),
    Fires(
        naked_quads,
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "34").keep("r1c4", "14"),
        "Naked Quad 1/2/3/4 in row 1 (r1c1, r1c2, r1c3, r1c4): removes 1 from r1c5, r1c6, "
        "r1c7, r1c8, r1c9; 2 from r1c5, r1c6, r1c7, r1c8, r1c9; 3 from r1c5, r1c6, r1c7, "
        "r1c8, r1c9; 4 from r1c5, r1c6, r1c7, r1c8, r1c9",
        removes={(c, d) for c in cells("r1c5 r1c6 r1c7 r1c8 r1c9") for d in (1, 2, 3, 4)},
    ),
    Fires(
        jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c7"),
        "Jellyfish 5 in rows 1, 3, 5, 7 (columns 1, 3, 5, 7): removes 5 from r2c1, r2c3, "
        "r2c5, r2c7, r4c1, r4c3, r4c5, r4c7, r6c1, r6c3, r6c5, r6c7, r8c1, r8c3, r8c5, "
        "r8c7, r9c1, r9c3, r9c5, r9c7",
        removes=removes(5, "c1 c3 c5 c7") - removes(5, "r1 r3 r5 r7"),
    ),
    Fires(
        simple_colouring,
        Pencil()
        .only(3, "r1", "r1c1 r1c5")
        .only(3, "b2", "r1c5 r3c6")
        .only(3, "c6", "r3c6 r7c6")
        .only(3, "r7", "r7c1 r7c6"),
        "Simple Colouring 3: r1c1, r7c1 have the same colour and see each other, so that "
        "colour is false: removes 3 from r1c1, r3c6, r7c1",
        removes=removes(3, "r1c1 r3c6 r7c1"),
    ),
    Fires(
        hidden_quads,
        Pencil()
        .only(1, "r1", "r1c1 r1c2")
        .only(2, "r1", "r1c2 r1c3")
        .only(3, "r1", "r1c3 r1c4")
        .only(4, "r1", "r1c1 r1c4"),
        "Hidden Quad 1/2/3/4 in row 1 (r1c1, r1c2, r1c3, r1c4): removes 5 from r1c1, r1c2, "
        "r1c3, r1c4; 6 from r1c1, r1c2, r1c3, r1c4; 7 from r1c1, r1c2, r1c3, r1c4; 8 from "
        "r1c1, r1c2, r1c3, r1c4; 9 from r1c1, r1c2, r1c3, r1c4",
        removes={(c, d) for c in cells("r1c1 r1c2 r1c3 r1c4") for d in range(5, 10)},
    ),
    Fires(
        w_wings,
        Pencil().keep("r1c1 r9c9", "46").only(6, "r5", "r5c1 r5c9"),
        "W-Wing 4/6 in r1c1 and r9c9, linked by 6 in row 5 (r5c1, r5c9): removes 4 from r1c9, r9c1",
        removes=removes(4, "r1c9 r9c1"),
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


# --- near-misses: almost the pattern, and nothing must be found -----------------------

MISSES: list[Misses] = [
    Misses(pointing, Pencil().only(3, "b1", "r1c1 r2c2")),  # two rows, two columns
    Misses(
        pointing, Pencil().only(3, "b1", "r1c1 r1c2").only(3, "r1", "r1c1 r1c2")
    ),  # nothing to remove
    Misses(claiming, Pencil().only(3, "r1", "r1c1 r1c4")),  # two boxes
    Misses(naked_pairs, Pencil().keep("r1c1", "47").keep("r1c2", "48")),
    Misses(x_wings, Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c9")),
    Misses(hidden_pairs, Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c6")),
    Misses(naked_triples, Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "14")),
    Misses(
        swordfish,
        Pencil().only(5, "r1", "r1c1 r1c4").only(5, "r4", "r4c4 r4c7").only(5, "r7", "r7c1 r7c8"),
    ),
    Misses(
        hidden_triples,
        Pencil().only(1, "r1", "r1c1 r1c2").only(2, "r1", "r1c2 r1c3").only(3, "r1", "r1c1 r1c4"),
    ),
    Misses(xy_wings, Pencil().keep("r1c1", "12").keep("r1c5", "13").keep("r5c1", "24")),
    Misses(xyz_wings, Pencil().keep("r1c1", "123").keep("r1c5", "13").keep("r2c2", "24")),
    Misses(
        naked_quads,
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "34").keep("r1c4", "15"),
    ),
    Misses(
        jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c8"),
    ),
    Misses(simple_colouring, Pencil().only(3, "r1", "r1c1 r1c5").only(3, "b2", "r1c5 r3c6")),
    Misses(
        hidden_quads,
        Pencil()
        .only(1, "r1", "r1c1 r1c2")
        .only(2, "r1", "r1c2 r1c3")
        .only(3, "r1", "r1c3 r1c4")
        .only(4, "r1", "r1c1 r1c5"),
    ),
    Misses(w_wings, Pencil().keep("r1c1 r9c9", "46").only(6, "r5", "r5c1 r5c8")),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


@pytest.mark.parametrize(
    "finder", list(FINDERS.values()), ids=[f.__name__ for f in FINDERS.values()]
)
def test_no_technique_fires_on_an_empty_grid(finder: Finder) -> None:
    board = board_from_candidates([0] * 81, [0x1FF] * 81)
    assert list(finder(board)) == []


# --- singles: checked against the independent candidates() -----------------------------


def test_singles_on_a_real_position() -> None:
    puzzle = parse_puzzle(PE_GRID_1)
    board = Board.from_grid(puzzle)
    masks = candidates(puzzle)
    naked = {
        (c, digits_of(masks[c])[0])
        for c in range(81)
        if not puzzle[c] and len(digits_of(masks[c])) == 1
    }
    assert {s.placements[0] for s in naked_singles(board)} == naked
    hidden = set()
    for unit in UNITS:
        for digit in range(1, 10):
            places = [c for c in unit if not puzzle[c] and digit in digits_of(masks[c])]
            if len(places) == 1:
                hidden.add((places[0], digit))
    assert {s.placements[0] for s in hidden_singles(board)} == hidden
    step = first(hidden_singles, board)
    assert step.explanation == "Hidden Single: in box 1, 6 fits only r2c2"
    assert step.difficulty == 1.2
    assert next(s for s in hidden_singles(board) if s.houses[0] < 18).difficulty == 1.5


def test_full_house() -> None:
    answer = solve(PE_GRID_1)
    grid = list(answer)
    grid[4] = 0  # r1c5
    step = first(full_houses, Board.from_grid(tuple(grid)))
    assert (
        step.explanation == f"Full House: r1c5 is the last open cell in box 2, so it is {answer[4]}"
    )
    assert step.placements == ((4, answer[4]),)
    for cell in cells("r1c1 r1c2 r2c1 r2c2"):
        grid[cell] = 0
    grid[4] = answer[4]
    assert list(full_houses(Board.from_grid(tuple(grid)))) == []  # two open cells in every unit
