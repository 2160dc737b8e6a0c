"""Reading and writing puzzles: every format round-trips, every error names its cell and line."""

from __future__ import annotations

import pytest

from tests.puzzles import INKALA_2010, load
from xl_sudoku.core import (
    Grid,
    ParseError,
    format_grid,
    format_line,
    grid_from_rows,
    parse_puzzle,
    read_puzzles,
)

INKALA: Grid = tuple(int(ch) for ch in INKALA_2010)


def error_of(text: str) -> str:
    with pytest.raises(ParseError) as caught:
        parse_puzzle(text)
    return str(caught.value)


# --- one line of 81 cells ---------------------------------------------------------


@pytest.mark.parametrize("blank", [".", "0", "-", "_", "*", " "])
def test_line_with_every_blank_character(blank: str) -> None:
    assert parse_puzzle(format_line(INKALA, blank)) == INKALA


def test_line_with_a_comment_and_surrounding_space() -> None:
    assert parse_puzzle("  " + INKALA_2010 + "   # Inkala 2010, SE 11.0\n") == INKALA


def test_line_in_readalps_groups() -> None:
    groups = " ".join(INKALA_2010[i : i + 3] for i in range(0, 81, 3))
    assert groups.startswith("800 000 000 003 600 000")
    assert parse_puzzle(groups) == INKALA


def test_line_of_full_width_digits() -> None:
    # typed with a Chinese input method: U+FF10..U+FF19 are decimal digits too
    full_width = INKALA_2010.translate({ord("0") + d: chr(0xFF10 + d) for d in range(10)})
    assert parse_puzzle(full_width) == INKALA


def test_every_line_of_a_data_set_round_trips() -> None:
    for grid in load("norvig_top95"):
        assert parse_puzzle(format_line(grid)) == grid
        assert parse_puzzle(format_line(grid, "0")) == grid


# --- nine-line grids ----------------------------------------------------------------


@pytest.mark.parametrize("style", ["pretty", "compact", "ss", "sdk"])
def test_grid_styles_round_trip(style: str) -> None:
    for grid in load("norvig_hardest"):
        assert parse_puzzle(format_grid(grid, style)) == grid  # type: ignore[arg-type]


def test_grid_styles_look_as_documented() -> None:
    assert format_grid(INKALA, "pretty").splitlines()[:4] == [
        "8 . . | . . . | . . .",
        ". . 3 | 6 . . | . . .",
        ". 7 . | . 9 . | 2 . .",
        "------+-------+------",
    ]
    assert format_grid(INKALA, "compact").splitlines()[0] == "800 000 000"
    assert format_grid(INKALA, "ss").splitlines()[:5] == [
        "*-----------*",
        "|8..|...|...|",
        "|..3|6..|...|",
        "|.7.|.9.|2..|",
        "|---+---+---|",
    ]
    assert format_grid(INKALA, "sdk").splitlines()[1] == "..36....."


def test_sdk_with_header_lines_and_sections() -> None:
    text = "\n".join(
        [
            "#ARuud",
            "#DA random puzzle created by SudoCue",
            "#LEasy",
            "[Puzzle]",
            format_grid(INKALA, "sdk"),
            "[State]",  # SadMan's work in progress: not the puzzle
            "812753649",
            *["........."] * 8,
        ]
    )
    assert [r.grid for r in read_puzzles(text)] == [INKALA]


def test_norvig_style_grid_with_trailing_spaces() -> None:
    text = "\n".join(
        line.replace(" | ", " |") + " " for line in format_grid(INKALA, "pretty").splitlines()
    )
    assert parse_puzzle(text) == INKALA


def test_hodoku_grid_of_givens() -> None:
    # as HoDoKu copies the givens (Edit, Copy givens): its pencil-mark grid's rules, with
    # corners '.', ':' and "'" where other layouts have '+'
    text = """\
.---------.---------.---------.
| 8  .  . | .  .  . | .  .  . |
| .  .  3 | 6  .  . | .  .  . |
| .  7  . | .  9  . | 2  .  . |
:---------+---------+---------:
| .  5  . | .  .  7 | .  .  . |
| .  .  . | .  4  5 | 7  .  . |
| .  .  . | 1  .  . | .  3  . |
:---------+---------+---------:
| .  .  1 | .  .  . | .  6  8 |
| .  .  8 | 5  .  . | .  1  . |
| .  9  . | .  .  . | 4  .  . |
'---------'---------'---------'
"""
    assert parse_puzzle(text) == INKALA
    assert [r.grid for r in read_puzzles(text + "\n" + text.replace("---------", "-------"))] == [
        INKALA,
        INKALA,
    ]


def test_rows_separated_by_tabs_commas_or_semicolons() -> None:
    rows = [INKALA[9 * r : 9 * r + 9] for r in range(9)]
    for delimiter in ("\t", ",", ";"):
        text = "\n".join(delimiter.join(str(v) if v else "" for v in row) for row in rows)
        assert parse_puzzle(text) == INKALA


def test_spaces_as_blanks_in_a_nine_character_row() -> None:
    text = "\n".join(format_line(INKALA[9 * r : 9 * r + 9], " ") for r in range(9))
    assert parse_puzzle(text) == INKALA


def test_rows_of_dashes_are_empty_rows_not_rules() -> None:
    grid = (0,) * 9 + INKALA[9:]
    text = "---------\n" + "\n".join(format_grid(grid, "sdk").splitlines()[1:])
    assert parse_puzzle(text) == grid


def test_many_grids_with_titles_like_project_euler() -> None:
    grids = load("norvig_easy49")[:3]
    text = "".join(
        f"Grid {i:02}\n{format_grid(g, 'sdk').replace('.', '0')}\n" for i, g in enumerate(grids, 1)
    )
    records = list(read_puzzles(text))
    assert [r.grid for r in records] == list(grids)
    assert [r.line for r in records] == [2, 12, 22]


def test_a_file_of_lines_with_comments_and_blank_lines() -> None:
    grids = load("norvig_top95")[:3]
    text = "# top95, first three\n\n" + "\n".join(format_line(g) + "  # ok" for g in grids) + "\n\n"
    records = list(read_puzzles(text))
    assert [r.grid for r in records] == list(grids)
    assert [r.line for r in records] == [3, 4, 5]


# --- errors, word for word -----------------------------------------------------------


def test_a_bad_character_names_the_cell() -> None:
    bad = INKALA_2010[:60] + "x" + INKALA_2010[61:]
    assert error_of(bad) == "r7c7: 'x' is not a digit 1-9"


def test_a_short_line_says_how_many_cells() -> None:
    assert error_of(INKALA_2010[:80]) == "expected 81 cells or a row of 9, got 80"


def test_errors_in_a_grid_name_the_line_and_the_cell() -> None:
    lines = format_grid(INKALA, "ss").splitlines()
    lines[6] = "|..1|.x.|.68|"  # row 5 of the puzzle, line 7 of the text
    assert error_of("\n".join(lines)) == "line 7: r5c5: 'x' is not a digit 1-9"


def test_a_grid_with_too_few_rows() -> None:
    text = "\n".join(format_grid(INKALA, "sdk").splitlines()[:8])
    assert error_of(text) == "line 1: grid has 8 rows, expected 9 (the text ends)"


@pytest.mark.parametrize(("gap", "why"), [("", "an empty line"), ("# next", "a comment line")])
def test_a_short_grid_ends_at_a_gap_and_the_next_grid_is_read(gap: str, why: str) -> None:
    # issue 15: 8 rows, a gap, a whole grid: the short one was glued to the next one
    # (a duplicate blamed, both puzzles lost)
    rows = format_grid(INKALA, "sdk").splitlines()
    text = "\n".join([*rows[:8], gap, *rows])
    records = list(read_puzzles(text))
    assert [r.line for r in records] == [1, 10]
    assert str(records[0].error) == f"line 1: grid has 8 rows, expected 9 ({why} ends it)"
    assert records[1].grid == INKALA


def test_empty_lines_between_the_bands_of_one_grid() -> None:
    rows = format_grid(INKALA, "sdk").splitlines()
    banded = "\n\n".join("\n".join(rows[i : i + 3]) for i in (0, 3, 6))
    records = list(read_puzzles(banded + "\n\n" + banded + "\n"))
    assert [(r.line, r.grid) for r in records] == [(1, INKALA), (13, INKALA)]
    # six rows, a gap, then a whole grid: the gap is no band break, the six rows are reported
    records = list(read_puzzles("\n".join([*rows[:6], "", *rows])))
    assert str(records[0].error) == "line 1: grid has 6 rows, expected 9 (an empty line ends it)"
    assert records[1].grid == INKALA


def test_lines_read_as_they_come_give_what_the_whole_text_gives() -> None:
    # the command line streams files: a file's lines (with their line ends, some CRLF)
    # must read exactly as the whole text does, band breaks and short grids included
    rows = format_grid(INKALA, "sdk").splitlines()
    banded = "\n\n".join("\n".join(rows[i : i + 3]) for i in (0, 3, 6))
    good = format_line(INKALA)
    # an empty grid, its blanks written two ways (no rule): looked ahead at after the
    # gap, and read as it comes after the comment
    blanks = "-*" * 40 + "-"
    lines = [banded, "", *rows[:6], "", blanks, *rows, "# c", blanks, good[:70], "[State]", good]
    text = "\n".join([*lines, "[Puzzle]", *rows[:8], "", banded, good])
    whole = [(r.line, r.grid, str(r.error)) for r in read_puzzles(text)]
    for ending in ("\n", "\r\n"):
        given = iter([line + ending for line in text.split("\n")])
        assert [(r.line, r.grid, str(r.error)) for r in read_puzzles(given)] == whole
    assert len(whole) == 9
    assert [line for line, grid, _ in whole if grid == (0,) * 81] == [20, 31]


def test_a_row_with_the_wrong_number_of_cells() -> None:
    lines = format_grid(INKALA, "sdk").splitlines()
    lines[3] = "12345678"
    assert error_of("\n".join(lines)) == "line 4: expected 81 cells or a row of 9, got 8"


def test_a_bad_puzzle_does_not_stop_the_rest() -> None:
    good = format_line(INKALA)
    text = "\n".join([good, good[:40] + "?" + good[41:], good[:70], good])
    records = list(read_puzzles(text))
    assert [r.line for r in records] == [1, 2, 3, 4]
    assert records[0].grid == records[3].grid == INKALA
    assert str(records[1].error) == "line 2: r5c5: '?' is not a digit 1-9"
    assert records[1].error is not None and records[1].error.cells == (40,)
    assert str(records[2].error) == "line 3: expected 81 cells or a row of 9, got 70"


def test_no_puzzle_and_two_puzzles() -> None:
    assert error_of("# nothing here\n") == "no puzzle found"
    assert error_of(INKALA_2010 + "\n" + INKALA_2010) == "expected one puzzle, found 2"


# --- rows as a spreadsheet gives them ------------------------------------------------


def rows_of(grid: Grid) -> list[list[object]]:
    return [list(grid[9 * r : 9 * r + 9]) for r in range(9)]


def test_spreadsheet_values_of_every_kind() -> None:
    rows = rows_of(INKALA)
    rows[0][0] = 8.0  # a number cell
    rows[1][2] = " 3 "  # text with spaces
    rows[1][3] = "6"
    rows[0][1] = None  # an empty cell
    rows[0][2] = ""
    rows[0][3] = " "
    rows[0][4] = float("nan")  # pandas' empty
    assert grid_from_rows(rows) == INKALA


def test_one_row_or_one_column_of_81() -> None:
    assert grid_from_rows([list(INKALA)]) == INKALA
    assert grid_from_rows([[v] for v in INKALA]) == INKALA
    assert grid_from_rows(list(INKALA)) == INKALA


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("x", "r3c7: 'x' is not a digit 1-9"),
        (10, "r3c7: 10 is not a digit 1-9"),
        (-1, "r3c7: -1 is not a digit 1-9"),
        (5.5, "r3c7: 5.5 is not a whole number"),
        ("12", "r3c7: '12' is not a digit 1-9"),
        (True, "r3c7: True is not a digit 1-9"),
    ],
)
def test_spreadsheet_errors_name_the_cell(value: object, message: str) -> None:
    rows = rows_of(INKALA)
    rows[2][6] = value
    with pytest.raises(ParseError) as caught:
        grid_from_rows(rows)
    assert str(caught.value) == message
    assert caught.value.cells == (24,)


def test_the_first_spreadsheet_error_is_at_r1c1() -> None:
    rows = rows_of(INKALA)
    rows[0][0] = 10
    with pytest.raises(ParseError, match=r"^r1c1: 10 is not a digit 1-9$"):
        grid_from_rows(rows)
    rows[0][0] = 1
    rows[1][1] = 5.5
    with pytest.raises(ParseError, match=r"^r2c2: 5\.5 is not a whole number$"):
        grid_from_rows(rows)


def test_spreadsheet_shape_errors() -> None:
    with pytest.raises(ParseError) as caught:
        grid_from_rows([row[:8] for row in rows_of(INKALA)])
    assert str(caught.value) == "expected 9 rows of 9 cells, got 9x8"
    ragged = rows_of(INKALA)
    ragged[2] = ragged[2][:8]
    with pytest.raises(ParseError) as caught:
        grid_from_rows(ragged)
    assert str(caught.value) == (
        "expected 9 rows of 9 cells, got rows of different lengths (row 1 has 9 cells, row 3 has 8)"
    )
    with pytest.raises(ParseError, match=r"^expected 9 rows of 9 cells, got nothing$"):
        grid_from_rows([])


# --- every record of a text, word for word ---------------------------------------------

ROWS = format_grid(INKALA, "sdk").splitlines()
GOOD = format_line(INKALA)
CELLS = [str(d) if d else "" for d in INKALA]  # as a spreadsheet saves them: empty is ""


def records(text: str) -> list[tuple[int, str]]:
    """Each record of a text: its line, and its grid as a line or its error's words."""
    return [
        (r.line, format_line(r.grid) if r.grid is not None else str(r.error))
        for r in read_puzzles(text)
    ]


def short(line: int, rows: int, why: str) -> tuple[int, str]:
    plural = "row" if rows == 1 else "rows"
    return line, f"line {line}: grid has {rows} {plural}, expected 9 ({why})"


EMPTY = "an empty line ends it"
#: texts whose grids are cut into bands by gaps, or not, and what read_puzzles gives
BANDS = [
    ([*ROWS[:3], "", *ROWS[3:]], [(1, GOOD)]),
    ([*ROWS[:6], "", *ROWS[6:]], [(1, GOOD)]),
    ([*ROWS[:3], "", *ROWS[3:6], "", "", *ROWS[6:]], [(1, GOOD)]),  # two empty lines
    ([*ROWS[:3], "# band 2", *ROWS[3:6], "   ", *ROWS[6:]], [(1, GOOD)]),  # comment, spaces
    ([*ROWS[:3], "", "---+---+---", *ROWS[3:6], "", *ROWS[6:]], [(1, GOOD)]),  # a rule
    ([*ROWS[:3], "", *ROWS[3:6], "", ROWS[6] + "  # 7", *ROWS[7:]], [(1, GOOD)]),
    ([*ROWS[:3], "", *ROWS[3:], "", *ROWS], [(1, GOOD), (12, GOOD)]),  # the next grid
    ([*ROWS[:3], "", ROWS[3] + " # 4 # of 9", *ROWS[4:]], [(1, GOOD)]),  # two #: one comment
    ([*ROWS[:3], "", ROWS[3].replace(".", " "), *ROWS[4:]], [(1, GOOD)]),  # blanks as spaces
    (  # a bad last row, looked at ahead from the first gap
        [*ROWS[:3], "", *ROWS[3:6], "", *ROWS[6:8], "..1....6X"],
        [(1, "line 11: r9c9: 'X' is not a digit 1-9")],
    ),
    (  # a bad row after the gap, then six: no band break (the bad row is no row of 9)
        [*ROWS[:3], "", "12345678", *ROWS[3:]],
        [
            short(1, 3, EMPTY),
            (5, "line 5: expected 81 cells or a row of 9, got 8"),
            short(6, 6, "the text ends"),
        ],
    ),
    (  # a row of 9 cells after the gap, the first of them two letters: a bad row, no title
        [*ROWS[:3], "", "NA,5,,,,7,,,", *ROWS[4:]],
        [(1, "line 5: r4c1: 'NA' is not a digit 1-9")],
    ),
    (  # ten rows: the bands are not one grid's
        [*ROWS[:3], "", *ROWS[3:6], "", *ROWS[6:], ROWS[0]],
        [short(1, 3, EMPTY), short(5, 3, EMPTY), short(9, 4, "the text ends")],
    ),
    (  # eight rows
        [*ROWS[:3], "", *ROWS[3:6], "", *ROWS[6:8]],
        [short(1, 3, EMPTY), short(5, 3, EMPTY), short(9, 2, "the text ends")],
    ),
    ([*ROWS[:4], "", *ROWS[4:]], [short(1, 4, EMPTY), short(6, 5, "the text ends")]),
    ([*ROWS[:6], "", GOOD], [short(1, 6, EMPTY), (8, GOOD)]),  # a whole line, not a band
    ([*ROWS[:3], "", "Grid 02", *ROWS], [short(1, 3, EMPTY), (6, GOOD)]),  # a title
    (  # a row of 8 after the gap
        [*ROWS[:3], "", ROWS[3][:8], *ROWS[4:]],
        [
            short(1, 3, EMPTY),
            (5, "line 5: expected 81 cells or a row of 9, got 8"),
            short(6, 5, "the text ends"),
        ],
    ),
]


@pytest.mark.parametrize(("lines", "expected"), BANDS)
def test_a_gap_is_a_band_break_only_where_the_rows_after_it_make_the_grid_whole(
    lines: list[str], expected: list[tuple[int, str]]
) -> None:
    assert records("\n".join(lines)) == expected


#: titles, sections and whole lines among grids, and what read_puzzles gives
TEXTS = [
    (["Puzzle 01", *ROWS, "Puzzle 02", *ROWS], [(2, GOOD), (12, GOOD)]),  # 9-character titles
    (["Grid 0001", *ROWS[:5], "Grid 0002", *ROWS], [short(2, 5, "a title starts"), (8, GOOD)]),
    ([*ROWS[:8], GOOD], [short(1, 8, "line 9 holds a whole puzzle"), (9, GOOD)]),
    (
        [*ROWS[:2], ",".join(CELLS)],  # 81 cells, comma-separated
        [short(1, 2, "line 3 holds a whole puzzle"), (3, GOOD)],
    ),
    ([ROWS[0]], [short(1, 1, "the text ends")]),
    ([*ROWS[:4], "[Puzzle]", *ROWS], [short(1, 4, "a section starts"), (6, GOOD)]),
    (["[]", *ROWS, "[ PUZZLE ]", GOOD, "[State]", GOOD, *ROWS], [(2, GOOD), (12, GOOD)]),
    (  # a bad row in the middle of a grid, then another: the first is reported
        [*ROWS[:4], "1234", "12x456789", *ROWS[6:], GOOD],
        [(1, "line 5: expected 81 cells or a row of 9, got 4"), (10, GOOD)],
    ),
    (
        [*ROWS[:4], "12x456789", "1234", *ROWS[6:]],
        [(1, "line 5: r5c3: 'x' is not a digit 1-9")],
    ),
    (["12x456789", *ROWS[1:]], [(1, "line 1: r1c3: 'x' is not a digit 1-9")]),
    (["1234", *ROWS], [(1, "line 1: expected 81 cells or a row of 9, got 4"), (2, GOOD)]),
    ([*ROWS, *ROWS], [(1, GOOD), (10, GOOD)]),  # two grids, nothing between them
    (["ID 000042", *ROWS], [(2, GOOD)]),  # a 9-character title, its third a space
    ([*ROWS[:4], "NA,5,,,,7,,,", *ROWS[5:]], [(1, "line 5: r5c1: 'NA' is not a digit 1-9")]),
    ([*ROWS[:8], "..1....6X"], [(1, "line 9: r9c9: 'X' is not a digit 1-9")]),
    ([GOOD, " " * 81, GOOD], [(1, GOOD), (3, GOOD)]),  # 81 spaces: an empty line
    ([GOOD, ROWS[0] + " # r1 # c1", *ROWS[1:]], [(1, GOOD), (2, GOOD)]),
    (
        [
            GOOD + "5",
            ";".join([*CELLS[:60], "x", *CELLS[61:]]),
            "\t".join([*CELLS[:40], "12", *CELLS[41:]]),
            ",".join(CELLS[:80]),
        ],
        [
            (1, "line 1: expected 81 cells or a row of 9, got 82"),
            (2, "line 2: r7c7: 'x' is not a digit 1-9"),
            (3, "line 3: r5c5: '12' is not a digit 1-9"),
            (4, "line 4: expected 81 cells or a row of 9, got 100"),  # its characters
        ],
    ),
]


@pytest.mark.parametrize(("lines", "expected"), TEXTS)
def test_titles_sections_and_bad_rows_word_for_word(
    lines: list[str], expected: list[tuple[int, str]]
) -> None:
    assert records("\n".join(lines)) == expected


# --- tables: CSV, TSV, JSON Lines -----------------------------------------------------

BAD = GOOD[:40] + "x" + GOOD[41:]
#: tables with a header (or JSON objects), blank and comment lines, short and bad rows
TABLES = [
    (
        [
            "id,Puzzle,rating",
            "",
            "# a comment",
            f"1,{GOOD},1.2",
            "2,,3",
            "3",
            f"4,{BAD},2",
            "   # indented",
            f"5, {GOOD} ,1.2",
        ],
        [
            (4, GOOD),
            (5, "no puzzle in column 'Puzzle'"),  # an empty cell
            (6, "no puzzle in column 'Puzzle'"),  # a short row
            (7, "r5c5: 'x' is not a digit 1-9"),  # a bad row in the middle: no line of its own
            (9, GOOD),
        ],
    ),
    (
        ["", "", "puzzle\trating", f"{GOOD}\t1.2", f"{GOOD[:80]}\t1"],
        [(4, GOOD), (5, "expected 81 cells or a row of 9, got 80")],
    ),
    (
        [" n ; PUZZLE ;EXPLAINER", f"1;{GOOD};1.2", "# 2;" + GOOD, f"3;{GOOD}"],
        [(2, GOOD), (4, GOOD)],
    ),
    (
        [
            f'  {{"puzzle": "{GOOD}", "id": 1}}',
            "not json",
            "[1, 2]",
            '{"puzzle": 5}',
            '{"puzzle": "  "}',
            "",
            '{"id": 3}',
            f'  {{"puzzle": "{BAD}"}}',
            "# a comment",
            f'{{"puzzle": "{GOOD}"}}',
        ],
        [
            (1, GOOD),
            (2, "not a JSON object"),
            (3, "not a JSON object"),
            (4, "no 'puzzle' in this JSON object"),
            (5, "no 'puzzle' in this JSON object"),
            (7, "no 'puzzle' in this JSON object"),
            (8, "r5c5: 'x' is not a digit 1-9"),
            (10, GOOD),
        ],
    ),
]


@pytest.mark.parametrize(("lines", "expected"), TABLES, ids=["csv", "tsv", "semicolons", "jsonl"])
def test_a_tables_rows_word_for_word(lines: list[str], expected: list[tuple[int, str]]) -> None:
    """Each row's line is the table's; an error in a puzzle names its cell, not a line."""
    assert records("\n".join(lines)) == expected
    found = list(read_puzzles(iter(line + "\n" for line in lines)))  # a file, as it is read
    assert [(r.line, r.grid, str(r.error)) for r in found] == [
        (r.line, r.grid, str(r.error)) for r in read_puzzles("\n".join(lines))
    ]
    assert all(r.error is None or r.error.line is None for r in found)
    for record in found:  # a cell's error names its cell
        if record.error is not None and "r5c5" in str(record.error):
            assert record.error.cells == (40,)


def test_an_empty_text_holds_no_puzzle() -> None:
    assert records("") == []
    assert list(read_puzzles([])) == []
    assert error_of("") == "no puzzle found"


def test_a_header_without_a_puzzle_column_is_not_a_table() -> None:
    rows = [",".join(CELLS[9 * r : 9 * r + 9]) for r in range(9)]
    assert records("\n".join(rows)) == [(1, GOOD)]  # a grid's rows, comma-separated
    # a header of other names is not a table's: the line after it says which to rename
    assert records("\n".join(["id,grid", f"1,{GOOD}"])) == [
        (
            2,
            "line 2: a table needs a column named 'puzzle' (its header names 'id', "
            "'grid': rename 'grid' to puzzle)",
        )
    ]


# --- one puzzle, and the text of a grid ------------------------------------------------


def test_a_one_line_puzzle_among_empty_lines_names_no_line() -> None:
    with pytest.raises(ParseError) as caught:
        parse_puzzle("\n\n" + BAD + "\n")
    assert (str(caught.value), caught.value.cells, caught.value.line) == (
        "r5c5: 'x' is not a digit 1-9",
        (40,),
        None,
    )


#: INKALA in each style, as format_grid's text shows them
GRIDS = {
    "pretty": """\
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .""",
    "compact": """\
800 000 000
003 600 000
070 090 200
050 007 000
000 045 700
000 100 030
001 000 068
008 500 010
090 000 400""",
    "ss": """\
*-----------*
|8..|...|...|
|..3|6..|...|
|.7.|.9.|2..|
|---+---+---|
|.5.|..7|...|
|...|.45|7..|
|...|1..|.3.|
|---+---+---|
|..1|...|.68|
|..8|5..|.1.|
|.9.|...|4..|
*-----------*""",
    "sdk": """\
8........
..36.....
.7..9.2..
.5...7...
....457..
...1...3.
..1....68
..85...1.
.9....4..""",
}


@pytest.mark.parametrize("style", GRIDS)
def test_each_style_of_grid_text_exactly(style: str) -> None:
    assert format_grid(INKALA, style) == GRIDS[style]  # type: ignore[arg-type]


def test_a_line_with_any_blank() -> None:
    assert format_line(INKALA) == INKALA_2010.replace("0", ".")
    assert format_line(INKALA, "0") == INKALA_2010
    assert format_line(INKALA, "-") == INKALA_2010.replace("0", "-")


# --- more spreadsheet values -----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "digit"),
    [(" 5 ", 5), (".", 0), ("0", 0), ("\uff15", 5), (5.0, 5), (0.0, 0), (9, 9), (None, 0)],
    ids=["spaces", "dot", "zero text", "full-width", "5.0", "0.0", "9", "None"],
)
def test_a_spreadsheet_cells_digit(value: object, digit: int) -> None:
    rows = rows_of(INKALA)
    rows[8][8] = value
    assert grid_from_rows(rows)[80] == digit


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (b"5", "r9c9: b'5' is not a digit 1-9"),
        (9.5, "r9c9: 9.5 is not a whole number"),
        (10.0, "r9c9: 10 is not a digit 1-9"),
        (-1.0, "r9c9: -1 is not a digit 1-9"),
        (False, "r9c9: False is not a digit 1-9"),
        ("5 5", "r9c9: '5 5' is not a digit 1-9"),
    ],
)
def test_a_spreadsheet_cell_that_is_not_a_digit(value: object, message: str) -> None:
    rows = rows_of(INKALA)
    rows[8][8] = value
    with pytest.raises(ParseError) as caught:
        grid_from_rows(rows)
    assert (str(caught.value), caught.value.cells) == (message, (80,))


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("8" * 81, "expected 9 rows of 9 cells, got a string (use parse_puzzle)"),
        (b"8" * 81, "expected 9 rows of 9 cells, got a string (use parse_puzzle)"),
        ([[0] * 9] * 8, "expected 9 rows of 9 cells, got 8x9"),
        ([[0] * 81, [0] * 81], "expected 9 rows of 9 cells, got 2x81"),
        ([[0]] * 80, "expected 9 rows of 9 cells, got 80x1"),
        (
            [[0] * 9] * 8 + [[0] * 10],
            "expected 9 rows of 9 cells, got rows of different"
            " lengths (row 1 has 9 cells, row 9 has 10)",
        ),
    ],
    ids=["str", "bytes", "8 rows", "2 rows of 81", "80 of 1", "ragged"],
)
def test_spreadsheet_shapes_that_are_not_a_grid(rows: object, message: str) -> None:
    with pytest.raises(ParseError) as caught:
        grid_from_rows(rows)  # type: ignore[arg-type]
    assert str(caught.value) == message
