"""The glossary's tables and helpers agree with the plain definitions."""

from __future__ import annotations

import random

from xl_sudoku.core import cell_name, house_name
from xl_sudoku.core.glossary import (
    ALL_CELLS,
    BOX_BITS,
    BOX_HOUSES,
    BOXES,
    COL_BITS,
    COL_HOUSES,
    COLS,
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES,
    HOUSES_OF,
    PEER_BITS,
    PEERS,
    ROW_BITS,
    ROW_HOUSES,
    ROWS,
    SE_HOUSES,
    SE_HOUSES_OF,
    bit,
    box_of,
    cell_list,
    cell_set,
    cells_in,
    col_of,
    digits_of,
    key_of,
    mask_of,
    member_list,
    row_of,
    slot_of,
    slots_in,
)


def test_units_partition_the_board() -> None:
    for kind in (ROWS, COLS, BOXES):
        assert sorted(c for unit in kind for c in unit) == list(range(81))
    assert len(HOUSES) == 27 and all(len(u) == 9 for u in HOUSES)


def test_each_cell_is_in_its_row_column_and_box() -> None:
    for cell in range(81):
        row, col, box = (HOUSES[h] for h in HOUSES_OF[cell])
        assert (
            row == ROWS[row_of(cell)] and col == COLS[col_of(cell)] and box == BOXES[box_of(cell)]
        )
        assert cell in row and cell in col and cell in box
        assert HOUSES_OF[cell] == (
            ROW_HOUSES[row_of(cell)],
            COL_HOUSES[col_of(cell)],
            BOX_HOUSES[box_of(cell)],
        )
        assert HOUSES_OF[cell] == (cell // 9, 9 + cell % 9, 18 + box_of(cell))
        # Sudoku Explainer's order: box, row, column
        assert SE_HOUSES_OF[cell] == (18 + box_of(cell), cell // 9, 9 + cell % 9)
    assert [h for kind in (ROW_HOUSES, COL_HOUSES, BOX_HOUSES) for h in kind] == list(range(27))
    assert (*range(18, 27), *range(9), *range(9, 18)) == SE_HOUSES


def test_the_cell_sets_are_the_cells_of_each_house_and_each_cells_peers() -> None:
    for house, cells in enumerate(HOUSES):
        assert HOUSE_BITS[house] == sum(1 << c for c in cells)
    assert HOUSE_BITS == ROW_BITS + COL_BITS + BOX_BITS
    for cell in range(81):
        assert PEER_BITS[cell] == sum(1 << p for p in PEERS[cell])
    assert sum(1 << c for c in range(81)) == ALL_CELLS


def test_the_helpers_take_sets_apart_and_make_them() -> None:
    rng = random.Random(53)
    for _ in range(200):
        cells = sorted(rng.sample(range(81), rng.randint(0, 81)))
        bits = sum(1 << c for c in cells)
        assert cell_set(cells) == bits
        assert list(cells_in(bits)) == cell_list(bits) == member_list(bits) == cells
        slots = sorted(rng.sample(range(810), rng.randint(0, 40)))
        assert list(slots_in(sum(1 << s for s in slots))) == slots
    for mask in range(512):
        digits = [d for d in range(1, 10) if mask & 1 << (d - 1)]
        assert list(DIGITS_OF[mask]) == list(digits_of(mask)) == digits
        assert mask_of(digits) == mask == sum(bit(d) for d in digits)


def test_a_candidate_has_one_slot_and_two_keys() -> None:
    slots = {slot_of(c, d) for c in range(81) for d in range(1, 10)}
    assert len(slots) == 729 and all(s % 10 < 9 and s < 810 for s in slots)
    keys = {key_of(c, d, on) for c in range(81) for d in range(1, 10) for on in (False, True)}
    assert keys == set(range(2 * 729))
    assert key_of(80, 9, True) == (81 * 8 + 80) << 1 | 1
    assert slot_of(22, 5) == 224


def test_peers_are_the_twenty_cells_sharing_a_unit() -> None:
    for cell in range(81):
        r, c = divmod(cell, 9)
        expected = {
            9 * r2 + c2
            for r2 in range(9)
            for c2 in range(9)
            if (r2 == r or c2 == c or (r2 // 3, c2 // 3) == (r // 3, c // 3)) and (r2, c2) != (r, c)
        }
        assert set(PEERS[cell]) == expected and len(PEERS[cell]) == 20


def test_names_are_one_based() -> None:
    assert cell_name(0) == "r1c1"
    assert cell_name(22) == "r3c5"
    assert cell_name(80) == "r9c9"
    assert [house_name(i) for i in (0, 8, 9, 17, 18, 26)] == [
        "row 1",
        "row 9",
        "column 1",
        "column 9",
        "box 1",
        "box 9",
    ]
    assert box_of(0) == 0 and box_of(80) == 8 and box_of(33) == 5
