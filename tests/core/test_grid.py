"""The board's tables agree with the plain definitions."""

from __future__ import annotations

from xl_sudoku.core import (
    BOXES,
    COLS,
    PEERS,
    ROWS,
    UNITS,
    UNITS_OF,
    box_of,
    cell_name,
    col_of,
    house_name,
    row_of,
)


def test_units_partition_the_board() -> None:
    for kind in (ROWS, COLS, BOXES):
        assert sorted(c for unit in kind for c in unit) == list(range(81))
    assert len(UNITS) == 27 and all(len(u) == 9 for u in UNITS)


def test_each_cell_is_in_its_row_column_and_box() -> None:
    for cell in range(81):
        row, col, box = UNITS_OF[cell]
        assert (
            row == ROWS[row_of(cell)] and col == COLS[col_of(cell)] and box == BOXES[box_of(cell)]
        )
        assert cell in row and cell in col and cell in box


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
