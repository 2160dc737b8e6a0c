"""Masks, placeholder strings and candidates."""

from __future__ import annotations

import pytest

from tests.puzzles import INKALA_2010
from xl_sudoku.core import (
    PEERS,
    ParseError,
    bit,
    candidates,
    digits_of,
    mask_of,
    parse_placeholder,
    parse_puzzle,
    placeholder,
    placeholder_grid,
    read_placeholder_grid,
)


def test_the_seed_example() -> None:
    mask = mask_of([1, 2, 4, 6, 7, 9])
    assert placeholder(mask) == "120406709"
    assert parse_placeholder("120406709") == mask
    assert digits_of(mask) == (1, 2, 4, 6, 7, 9)
    assert bit(1) == 1 and bit(9) == 256


def test_every_mask_round_trips() -> None:
    for mask in range(512):
        text = placeholder(mask)
        assert len(text) == 9
        assert parse_placeholder(text) == mask
        assert mask_of(digits_of(mask)) == mask


@pytest.mark.parametrize("text", ["12040670", "1204067090", "210000000", "12x406709", " 20406709"])
def test_bad_placeholders(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_placeholder(text)
    assert (
        str(caught.value)
        == f"{text!r} is not a placeholder string (digit d at position d, 0 elsewhere)"
    )


def test_candidates_are_the_digits_no_peer_holds() -> None:
    grid = parse_puzzle(INKALA_2010)
    masks = candidates(grid)
    for cell in range(81):
        if grid[cell]:
            assert digits_of(masks[cell]) == (grid[cell],)
        else:
            seen = {grid[p] for p in PEERS[cell]}
            assert set(digits_of(masks[cell])) == set(range(1, 10)) - seen


def test_a_whole_grid_of_placeholders_round_trips() -> None:
    grid = parse_puzzle(INKALA_2010)
    shown = placeholder_grid(grid)
    assert shown[0] == "8"
    assert shown[1] == "120406000"  # r1c2: 1, 2, 4, 6 are left
    assert read_placeholder_grid(shown) == (grid, candidates(grid))


def test_placeholders_that_a_spreadsheet_turned_into_numbers() -> None:
    grid = parse_puzzle(INKALA_2010)
    shown: list[object] = list(placeholder_grid(grid))
    shown[1] = 120406000  # kept its leading digit
    shown[2] = 400009.0  # "000400009": Excel dropped the zeros
    shown[0] = 8.0
    digits, masks = read_placeholder_grid(shown)
    assert digits == grid
    assert digits_of(masks[1]) == (1, 2, 4, 6) and digits_of(masks[2]) == (4, 9)


def test_a_bad_work_cell_is_named() -> None:
    shown: list[object] = list(placeholder_grid(parse_puzzle(INKALA_2010)))
    shown[10] = "abc"
    with pytest.raises(ParseError) as caught:
        read_placeholder_grid(shown)
    assert str(caught.value) == (
        "r2c2: 'abc' is not a placeholder string (digit d at position d, 0 elsewhere)"
    )
    assert caught.value.cells == (10,)
    with pytest.raises(ParseError, match=r"^expected 81 cells, got 80$"):
        read_placeholder_grid(shown[:80])
