"""Positions with candidates as other tools write them, and puzzle formats, both ways."""

from __future__ import annotations

import random

import pytest

from tests.puzzles import DATA, INKALA_2010, load
from xl_sudoku.core import (
    ParseError,
    candidates,
    find_duplicates,
    format_grid,
    format_line,
    parse_puzzle,
    read_puzzles,
)
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.marks import (
    Position,
    read_link,
    read_pencilmarks,
    read_position,
    read_s9b,
    sudokuwiki_link,
    write_pencilmarks,
    write_s9b,
)

FORMATS = DATA / "formats"
EULER = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def midway(puzzle: str, steps: int) -> Position:
    """A position part-way through a logical solve: placed digits and eliminations."""
    grid = parse_puzzle(puzzle)
    solver = LogicSolver(grid)
    solver.run_until(steps)
    board = solver.board
    return Position(
        grid, board.grid(), tuple(0 if board.grid()[c] else board.masks[c] for c in range(81))
    )


def filled_as_marks_show(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Digits and masks as a pencil-mark grid shows them: an open cell with one candidate
    left looks like a filled cell."""
    digits = tuple(
        d or (m.bit_length() if m.bit_count() == 1 else 0)
        for d, m in zip(position.digits, position.masks, strict=True)
    )
    masks = tuple(0 if digits[c] else position.masks[c] for c in range(81))
    return digits, masks


def test_a_pencil_mark_grid_as_sudopedia_prints_it() -> None:
    position = read_pencilmarks((FORMATS / "sudopedia_pm.txt").read_text())
    assert position.entry(0) == "19" and position.entry(1) == "7"
    assert position.entry(9 * 4 + 2) == "12367"  # written against the '|'
    assert format_line(position.digits).startswith(".7.2.3.8.345798126")
    assert not find_duplicates(position.digits)
    possible = candidates(position.digits)
    assert all(position.masks[c] & ~possible[c] == 0 for c in range(81))
    # Simple Sudoku's frame around the same candidates reads the same
    assert read_pencilmarks((FORMATS / "simple_sudoku_pm.txt").read_text()) == position


@pytest.mark.slow
@pytest.mark.parametrize("style", ["hodoku", "ss"])
def test_pencil_marks_round_trip(style: str) -> None:
    for position in (
        midway(INKALA_2010, 5),
        midway(EULER, 20),
        Position.from_puzzle(parse_puzzle(EULER)),
    ):
        text = write_pencilmarks(position, style)  # type: ignore[arg-type]
        back = read_pencilmarks(text)
        assert (back.digits, back.masks) == filled_as_marks_show(position)
    assert write_pencilmarks(position, "hodoku").splitlines()[0].startswith(".---")
    assert write_pencilmarks(position, "ss").splitlines()[0].startswith("*---")


def test_sudokuwiki_strings_encode_as_the_site_describes() -> None:
    givens = parse_puzzle("5" + "." * 80)
    digits = (5,) + (0,) * 79 + (9,)  # r9c9 placed later, not a given
    masks = (0,) + (0b11,) + (0x1FF,) * 78 + (0,)
    text = write_s9b(Position(givens, digits, masks))
    assert len(text) == 162
    assert text[:2] == "11"  # 5 is bit 16; shifted left with the given flag: 33 = "11"
    assert text[2:4] == "06"  # {1, 2} = 3; shifted: 6
    assert text[4:6] == "vu"  # all nine: 511; shifted: 1022 = 31 * 32 + 30
    assert text[-2:] == "g0"  # 9 is bit 256; shifted, no flag: 512 = 16 * 32
    back = read_s9b(text.upper())  # base 32 read in either case
    assert back == Position(givens, digits, masks)


@pytest.mark.slow
def test_sudokuwiki_round_trips_and_links() -> None:
    position = midway(INKALA_2010, 12)
    assert filled_as_marks_show(position) == (position.digits, position.masks)  # no lone mark
    assert read_s9b(write_s9b(position)) == position
    link = sudokuwiki_link(position)
    assert link.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=")
    assert read_link(link) == position
    plain = read_link(
        "https://www.sudokuwiki.org/sudoku.htm?bd=" + format_line(parse_puzzle(EULER), "0")
    )
    assert plain == Position.from_puzzle(parse_puzzle(EULER))


def test_any_of_them_is_recognised() -> None:
    position = midway(EULER, 10)
    for text in (sudokuwiki_link(position), write_s9b(position)):
        found = read_position(text)
        assert (found.digits, found.masks) == filled_as_marks_show(position)
        assert found.givens == position.givens
    marks = read_position(write_pencilmarks(position))
    assert (marks.digits, marks.masks) == filled_as_marks_show(position)
    assert read_position(EULER) == Position.from_puzzle(parse_puzzle(EULER))
    assert read_position(format_grid(parse_puzzle(EULER), "ss")).givens == parse_puzzle(EULER)


def test_bad_pencil_marks_and_strings_are_named() -> None:
    lines = (FORMATS / "sudopedia_pm.txt").read_text().splitlines()
    with pytest.raises(ParseError, match="9 rows of cells, this text has 8"):
        read_pencilmarks("\n".join(line for i, line in enumerate(lines) if i != 2))
    extra = list(lines)
    extra[1] = extra[1].replace("|", "| 7 ", 1)
    with pytest.raises(ParseError, match="row 1 has 10 entries, not 9"):
        read_pencilmarks("\n".join(extra))
    zero = list(lines)
    zero[2] = zero[2].replace("| 3 ", "| 30 ", 1)
    with pytest.raises(ParseError, match="r2c1: '30' is not a set of digits 1-9"):
        read_pencilmarks("\n".join(zero))
    with pytest.raises(ParseError, match="r1c1: '00' is no digit or candidates"):
        read_s9b("00" * 81)
    with pytest.raises(ParseError, match="162 characters 0-9 and a-v, got 5"):
        read_s9b("abcde")
    with pytest.raises(ParseError, match="no bd= board"):
        read_link("https://www.sudokuwiki.org/sudoku.htm")


def test_puzzle_formats_round_trip() -> None:
    rng = random.Random(1)
    for grid in rng.sample(load("magictour_top1465"), 20):
        for style in ("pretty", "compact", "ss", "sdk"):
            records = list(read_puzzles(format_grid(grid, style)))
            assert [r.grid for r in records] == [grid], style
        assert parse_puzzle(format_line(grid)) == grid


def test_puzzle_files_as_other_tools_write_them() -> None:
    euler = parse_puzzle(EULER)
    assert [r.grid for r in read_puzzles((FORMATS / "puzzle.sdk").read_text())] == [euler]
    assert [r.grid for r in read_puzzles((FORMATS / "puzzle.ss").read_text())] == [euler]
    collection = [r.grid for r in read_puzzles((FORMATS / "puzzles.sdm").read_text())]
    assert collection[0] == euler and len(collection) == 3
    assert collection[2] == parse_puzzle(INKALA_2010)
