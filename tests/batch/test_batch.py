"""Batch mode on real files: finding, solving, writing, and never losing the input."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import stat
import subprocess
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from msoffcrypto.format.ooxml import OOXMLFile
from openpyxl.workbook.defined_name import DefinedName

from tests.batch.helpers import (
    ROOT,
    digest,
    libreoffice_convert,
    list_workbook,
    user_grid_workbook,
    write_grid,
)
from tests.buttons.standin import StandInBook
from tests.puzzles import HARD1, INKALA_2010, load
from xl_sudoku.batch.find import find
from xl_sudoku.batch.open import open_workbook
from xl_sudoku.cli import main
from xl_sudoku.core import (
    count_solutions,
    find_duplicates,
    format_line,
    is_solution,
    parse_puzzle,
    read_placeholder_grid,
    solve,
)
from xl_sudoku.core.techniques import BY_KEY
from xl_sudoku.excel import xl_solve
from xl_sudoku.helpers import ooxml

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD_LOGIC = format_line(load("norvig_top95")[10])  # 10 digits by logic, then a guess


def batch(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["batch", "--quiet", *argv])
    return status, capsys.readouterr().err


def cells(path: Path, sheet: str, top: int, left: int) -> list[object]:
    ws = openpyxl.load_workbook(path)[sheet]
    return [ws.cell(top + r, left + c).value for r in range(9) for c in range(9)]


def fills(path: Path, sheet: str, top: int, left: int) -> list[str | None]:
    ws = openpyxl.load_workbook(path)[sheet]
    out = []
    for r in range(9):
        for c in range(9):
            fill = ws.cell(top + r, left + c).fill
            out.append(None if fill.fill_type is None else str(fill.fgColor.rgb)[-6:])
    return out


def no_leftovers(folder: Path) -> bool:
    return not any(p.name.endswith(".tmp") for p in folder.iterdir())


# --- grids in a user's layout --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"as_text": True},
        {"blank": " "},
        {"blank": 0},
        {"as_text": True, "blank": "0", "borders": False},
    ],
    ids=["numbers", "text", "spaces", "zeros", "text-zeros-no-borders"],
)
def test_a_grid_in_a_users_layout_is_solved_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: dict[str, object]
) -> None:
    source = user_grid_workbook(tmp_path / "saturday.xlsx", INKALA_2010, **options)
    before = digest(source)
    status, err = batch(capsys, str(source))
    assert (status, err) == (0, "")
    assert digest(source) == before, "the input must not change"
    output = tmp_path / "saturday.solved.xlsx"
    solved = cells(output, "My puzzle", 4, 13)  # M4: right of the grid, one column apart
    assert is_solution(tuple(solved), parse_puzzle(INKALA_2010))  # type: ignore[arg-type]
    painted = fills(output, "My puzzle", 4, 13)
    puzzle = parse_puzzle(INKALA_2010)
    assert all(painted[c] is None for c in range(81) if puzzle[c])
    guessed = "{:02X}{:02X}{:02X}".format(*BY_KEY["guess"].colour)
    assert guessed not in painted  # Inkala's puzzle is solved by logic: nothing yellow
    assert all(painted[c] for c in range(81) if not puzzle[c])  # each by its technique
    book = openpyxl.load_workbook(output)
    assert str(book["My puzzle"]["M3"].value).startswith("Solved by xl-sudoku: ")
    assert book["My puzzle"]["C2"].value == "Saturday's sudoku"  # the user's title stays
    steps = book["Steps"]
    assert steps["A1"].value == "Step" and str(steps["A2"].value) == "My puzzle!C4:K12"
    assert no_leftovers(tmp_path)


@pytest.mark.slow
def test_logic_limited_to_some_techniques_stops_where_they_end_and_shows_candidates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    write_grid(sheet, EASY, 2, 2)  # singles solve it
    write_grid(sheet, HARD_LOGIC, 14, 2)  # singles place some digits, then need a guess
    source = tmp_path / "two.xlsx"
    book.save(source)
    report = tmp_path / "two.json"
    limited = ["--techniques", "singles,intersections"]
    assert main(["batch", str(source), "--logic-only", *limited, "--report", str(report)]) == 0
    shown = capsys.readouterr().err
    assert f"2 puzzles: 1 solved, 1 stuck, 0 failed; 1 written and the report {report};" in shown
    first, second = json.loads(report.read_text())
    assert first["status"] == "solved"
    assert second["status"].startswith("stuck: ")
    assert second["status"].endswith("logic needs a guess")
    output = tmp_path / "two.solved.xlsx"
    assert is_solution(tuple(cells(output, "Sheet", 2, 12)), parse_puzzle(EASY))  # type: ignore[arg-type]
    work = cells(output, "Sheet", 14, 12)
    digits, masks = read_placeholder_grid(work)
    answer, puzzle = solve(HARD_LOGIC), parse_puzzle(HARD_LOGIC)
    found = [c for c in range(81) if digits[c] and not puzzle[c]]
    open_cells = [c for c in range(81) if not digits[c]]
    assert found and open_cells and second["status"].startswith(f"stuck: {len(open_cells)} cells")
    assert all(digits[c] == answer[c] for c in range(81) if digits[c])
    assert all(masks[c] >> (answer[c] - 1) & 1 for c in open_cells)  # no true candidate lost
    painted = fills(output, "Sheet", 14, 12)
    assert all(painted[c] for c in found) and not any(painted[c] for c in open_cells)
    title = openpyxl.load_workbook(output)["Sheet"]["L13"].value
    assert str(title).startswith("Logic only, stopped")


def test_a_grid_with_no_room_beside_goes_below(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "crowded.xlsx", EASY)
    book = openpyxl.load_workbook(source)
    book["My puzzle"]["P6"] = "my notes"
    book.save(source)
    assert batch(capsys, str(source))[0] == 0
    solved = cells(tmp_path / "crowded.solved.xlsx", "My puzzle", 15, 3)  # C15: below
    assert is_solution(tuple(solved), parse_puzzle(EASY))  # type: ignore[arg-type]


@pytest.mark.slow
def test_several_grids_on_one_sheet_and_puzzles_on_others(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    write_grid(sheet, EASY, 2, 2)
    write_grid(sheet, INKALA_2010, 2, 12)  # side by side, one column apart
    write_grid(sheet, format_line(load("norvig_top95")[0]), 14, 2)
    notes = book.create_sheet("Notes")
    notes["A1"] = "nothing to solve here"
    source = tmp_path / "many.xlsx"
    book.save(source)
    finding = find(open_workbook(source).workbook)
    assert [(g.top, g.left) for g in finding.grids] == [(2, 2), (2, 12), (14, 2)]
    assert finding.notes == [("Notes", "no puzzle on this sheet")]
    assert batch(capsys, str(source)) == (0, "")  # --quiet: the sheet without a puzzle is fine
    assert main(["batch", "--force", str(source)]) == 0
    err = capsys.readouterr().err  # not said as a problem: counted in the summary
    assert "Notes" not in err and "; 1 sheet without a puzzle; " in err


def empty_last_column(text: str) -> list[int]:
    """A unique puzzle like ``text`` whose last column is empty: givens from the solution
    are added, left to right, until one solution remains."""
    puzzle = list(parse_puzzle(text))
    answer = solve(text)
    for row in range(9):
        puzzle[9 * row + 8] = 0
    for cell in range(81):
        if count_solutions(tuple(puzzle), limit=2) == 1:
            break
        if cell % 9 != 8 and not puzzle[cell]:
            puzzle[cell] = answer[cell]
    assert count_solutions(tuple(puzzle), limit=2) == 1
    return puzzle


def test_an_ambiguous_grid_is_skipped_with_a_note(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the last column of this puzzle is empty, and nothing marks where the grid ends
    puzzle = empty_last_column(EASY)
    source = user_grid_workbook(
        tmp_path / "ambiguous.xlsx", format_line(tuple(puzzle)), borders=False
    )
    status, err = batch(capsys, str(source))
    assert status == 1
    assert "could sit in" in err and "--range" in err
    assert not (tmp_path / "ambiguous.solved.xlsx").exists()
    # with borders drawn around it, the grid's place is clear
    bordered = user_grid_workbook(tmp_path / "bordered.xlsx", format_line(tuple(puzzle)))
    assert batch(capsys, str(bordered))[0] == 0
    # and --range names it outright
    assert batch(capsys, str(source), "--range", "My puzzle!C4:K12")[0] == 0


# --- our template --------------------------------------------------------------------------


@pytest.mark.slow
def test_a_filled_copy_of_the_workbook_gives_what_the_solve_button_gives(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "mine.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", source)
    book = openpyxl.load_workbook(source, keep_vba=True)
    write_grid(book["Sudoku"], INKALA_2010, 4, 2, borders=False)
    book.save(source)
    original = source.read_bytes()
    status, err = batch(capsys, str(source))
    assert (status, err) == (0, "")
    output = tmp_path / "mine.solved.xlsm"
    # the button, through the stand-in, on another copy
    button_copy = tmp_path / "button.xlsm"
    shutil.copy(source, button_copy)
    stand_in = StandInBook(button_copy)
    xl_solve(stand_in)
    stand_in.save(button_copy)
    assert cells(output, "Sudoku", 4, 12) == cells(button_copy, "Sudoku", 4, 12)
    assert fills(output, "Sudoku", 4, 12) == fills(button_copy, "Sudoku", 4, 12)
    assert is_solution(tuple(cells(output, "Sudoku", 4, 12)), parse_puzzle(INKALA_2010))  # type: ignore[arg-type]
    solved = openpyxl.load_workbook(output, keep_vba=True)
    assert str(solved["Sudoku"]["C15"].value).startswith("Solved in ")
    assert solved["Steps"]["A2"].value == 1
    # the VBA project and the ribbon survive
    with zipfile.ZipFile(output) as package, zipfile.ZipFile(io.BytesIO(original)) as before:
        assert package.read("xl/vbaProject.bin") == before.read("xl/vbaProject.bin")
        assert package.read("customUI/customUI14.xml") == before.read("customUI/customUI14.xml")
    assert ooxml.ribbons(output.read_bytes()) == ooxml.ribbons(original)


def test_openpyxl_alone_would_lose_the_ribbon(tmp_path: Path) -> None:
    # why save() puts it back: openpyxl keeps the part but drops its relationship
    book = openpyxl.load_workbook(ROOT / "workbook" / "sudoku.xlsm", keep_vba=True)
    buffer = io.BytesIO()
    book.save(buffer)
    assert ooxml.ribbons(buffer.getvalue()) == {}
    assert ooxml.ribbons((ROOT / "workbook" / "sudoku.xlsm").read_bytes())


# --- lists -------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_list_gets_answers_in_new_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = format_line(parse_puzzle(EASY))[:40] + "x" + format_line(parse_puzzle(EASY))[41:]
    no_solution = "12345678." + "........9" + "." * 63
    duplicate = "55" + "." * 79
    puzzles = [format_line(p) for p in load("norvig_top95")[:10]] + [
        bad,
        no_solution,
        duplicate,
        HARD1,
    ]
    source = list_workbook(tmp_path / "list.xlsx", puzzles)
    status, err = batch(capsys, str(source), "--report", str(tmp_path / "report.csv"))
    assert status == 1
    assert f"{source}: Puzzles!A12: invalid: r5c5: 'x' is not a digit 1-9" in err
    assert f"{source}: Puzzles!A13: no solution" in err
    assert f"{source}: Puzzles!A14: invalid: duplicate 5 in row 1: r1c1, r1c2" in err
    assert f"{source}: Puzzles!A15: 2 or more solutions" in err
    sheet = openpyxl.load_workbook(tmp_path / "list.solved.xlsx")["Puzzles"]
    assert [sheet.cell(1, c).value for c in range(1, 7)] == [
        "Puzzle",
        "Solution",
        "Status",
        "Rating",
        "Hardest technique",
        "Time (ms)",
    ]
    for row, puzzle in enumerate(load("norvig_top95")[:10], 2):
        assert sheet.cell(row, 3).value == "solved"
        assert is_solution(parse_puzzle(str(sheet.cell(row, 2).value)), puzzle)
        assert isinstance(sheet.cell(row, 4).value, int | float) and sheet.cell(row, 5).value
    assert sheet.cell(15, 3).value == "2 or more solutions" and sheet.cell(15, 2).value is None
    with open(tmp_path / "report.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 14 and rows[0]["status"] == "solved" and rows[11]["status"] == "no solution"


@pytest.mark.slow
def test_a_big_list_and_the_same_answers_with_two_jobs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    puzzles = [format_line(p) for p in load("kaggle1m_first9999")]
    source = list_workbook(tmp_path / "kaggle.xlsx", puzzles)  # 10,000 rows with the header
    assert (
        batch(
            capsys,
            str(source),
            "-o",
            str(tmp_path / "one.xlsx"),
            "--report",
            str(tmp_path / "one.json"),
        )[0]
        == 0
    )
    assert (
        batch(
            capsys,
            str(source),
            "-o",
            str(tmp_path / "two.xlsx"),
            "--jobs",
            "2",
            "--report",
            str(tmp_path / "two.json"),
        )[0]
        == 0
    )
    one = json.loads((tmp_path / "one.json").read_text())
    two = json.loads((tmp_path / "two.json").read_text())
    assert len(one) == 9999 and all(r["status"] == "solved" for r in one)
    strip = [{k: v for k, v in r.items() if k not in ("ms", "output")} for r in one]
    assert strip == [{k: v for k, v in r.items() if k not in ("ms", "output")} for r in two]
    written = openpyxl.load_workbook(tmp_path / "one.xlsx", read_only=True)
    for row in written["Puzzles"].iter_rows(min_row=2, max_row=10000, max_col=2, values_only=True):
        assert is_solution(parse_puzzle(str(row[1])), parse_puzzle(str(row[0])))
    written.close()


def test_column_option_names_a_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Data"
    sheet["A1"], sheet["B1"] = "name", "sudoku"
    sheet["A2"], sheet["B2"] = "monday", format_line(parse_puzzle(EASY))
    sheet["C2"] = "my comment"  # the answers must not land on it
    source = tmp_path / "cols.xlsx"
    book.save(source)
    assert batch(capsys, str(source), "--column", "Data!B")[0] == 0
    out = openpyxl.load_workbook(tmp_path / "cols.solved.xlsx")["Data"]
    assert out["C2"].value == "my comment"
    assert out["D1"].value == "Solution" and is_solution(
        parse_puzzle(str(out["D2"].value)), parse_puzzle(EASY)
    )
    assert batch(capsys, str(source), "--column", "Nope!B", "--force") == (
        2,
        f"xl-sudoku: {source}: --column 'Nope!B': there is no sheet 'Nope' (the workbook has "
        "'Data'): --column 'Data!B'\n",
    )


# --- nothing the user had is lost ------------------------------------------------------------


def test_formulas_sheets_styles_and_names_survive(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "rich.xlsx", EASY)
    book = openpyxl.load_workbook(source)
    sheet = book["My puzzle"]
    sheet["A20"], sheet["A21"] = 40, "=A20+2"
    sheet["A20"].font = openpyxl.styles.Font(italic=True, color="FF0000")
    extra = book.create_sheet("Budget")
    extra["B2"] = "=SUM(1,2,3)"
    book.defined_names["Total"] = DefinedName("Total", attr_text="Budget!$B$2")
    book.save(source)
    assert batch(capsys, str(source))[0] == 0
    out = openpyxl.load_workbook(tmp_path / "rich.solved.xlsx")
    assert out["My puzzle"]["A21"].value == "=A20+2"
    assert (
        out["My puzzle"]["A20"].font.italic and out["My puzzle"]["A20"].font.color.rgb == "00FF0000"
    )
    assert out["Budget"]["B2"].value == "=SUM(1,2,3)"
    assert out.defined_names["Total"].attr_text == "Budget!$B$2"


def test_never_overwrite_unless_asked_and_then_atomically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    assert batch(capsys, str(source))[0] == 0
    output = tmp_path / "mine.solved.xlsx"
    first = digest(output)
    status, err = batch(capsys, str(source))
    assert status == 1 and "mine.solved.xlsx exists: use --force to replace it" in err
    assert digest(output) == first
    assert batch(capsys, str(source), "--force")[0] == 0
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(output.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0600
    before = digest(source)
    source.chmod(0o640)
    assert batch(capsys, str(source), "--in-place")[0] == 0
    assert digest(source) != before  # asked for, so the input changed
    assert stat.S_IMODE(source.stat().st_mode) == 0o640  # and kept its permissions
    assert is_solution(tuple(cells(source, "My puzzle", 4, 13)), parse_puzzle(EASY))  # type: ignore[arg-type]
    assert no_leftovers(tmp_path)


def test_an_output_that_cannot_be_written_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)

    def locked(*_: object, **__: object) -> None:  # as Windows answers when Excel has it open
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("xl_sudoku.helpers.atomic.os.replace", locked)  # over a file
    monkeypatch.setattr("xl_sudoku.helpers.atomic.os.link", locked)  # a new file, never over one
    status, err = batch(capsys, str(source))
    assert status == 1
    assert f"{tmp_path / 'mine.solved.xlsx'}: Permission denied (is it open in another" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.xlsx"]  # nothing left behind
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.undo()
    status, err = batch(capsys, str(source), "-o", str(blocker / "out"))
    assert status == 1 and f"cannot write in {blocker / 'out'}" in err


# --- broken files and bad puzzles ---------------------------------------------------------------


def test_broken_files_are_named_and_the_rest_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = user_grid_workbook(tmp_path / "good.xlsx", EASY)
    (tmp_path / "random.xlsx").write_bytes(os.urandom(2000))
    whole = good.read_bytes()
    (tmp_path / "truncated.xlsx").write_bytes(whole[: len(whole) // 2])
    (tmp_path / "renamed.xlsx").write_text("5,3,,,7,,,,\n6,,,1,9,5,,,\n")
    (tmp_path / "table.csv").write_text("5,3,,,7\n")
    (tmp_path / "empty.xlsx").write_bytes(b"")
    zip_only = tmp_path / "notes.xlsx"
    with zipfile.ZipFile(zip_only, "w") as archive:
        archive.writestr("readme.txt", "hello")
    blank = openpyxl.Workbook()
    blank.save(tmp_path / "blank.xlsx")
    names = ["random", "truncated", "renamed", "empty", "notes", "blank"]
    argv = [str(tmp_path / f"{n}.xlsx") for n in names] + [
        str(tmp_path / "table.csv"),
        str(good),
        str(tmp_path / "missing.xlsx"),
    ]
    status, err = batch(capsys, *argv)
    assert status == 1
    expected = {
        "random.xlsx": "it is not a workbook (not a zip file)",
        "truncated.xlsx": "it is truncated or damaged (not a readable zip file)",
        "renamed.xlsx": "it is text, not a workbook (a CSV file renamed?)",
        "empty.xlsx": "it is empty (0 bytes): there is nothing in it to solve",
        "notes.xlsx": "it is a zip file, not a workbook",
        "blank.xlsx": "no puzzle found in any sheet",
        "table.csv": "it is a text file: batch mode reads workbooks; for the puzzles in a text "
        "file, use xl-sudoku solve ",
        "missing.xlsx": "no such file or folder",
    }
    for name, message in expected.items():
        assert f"{tmp_path / name}: {message}" in err, name
    assert (tmp_path / "good.solved.xlsx").exists()
    assert not any((tmp_path / f"{n}.solved.xlsx").exists() for n in names)
    assert no_leftovers(tmp_path)


def wrong_digit(text: str) -> str:
    """``text`` with one more given that breaks no rule, but is not the solution's digit."""
    puzzle, answer = list(parse_puzzle(text)), solve(text)
    for cell in range(81):
        for digit in range(1, 10):
            if not puzzle[cell] and digit != answer[cell]:
                trial = [*puzzle[:cell], digit, *puzzle[cell + 1 :]]
                if not find_duplicates(tuple(trial)):
                    return format_line(tuple(trial))
    raise AssertionError("no such digit")


def test_bad_grids_name_their_cells_and_the_good_one_is_still_solved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    easy = format_line(parse_puzzle(EASY))
    typo = easy[:40] + "x" + easy[41:]  # r5c5, at G8 when the grid sits at C4
    duplicate = "55" + easy[2:]  # r1c1 and r1c2 are both 5
    no_solution = wrong_digit(EASY)
    several = "." * 9 + easy[9:]  # the first row emptied
    book = openpyxl.Workbook()
    for name, puzzle in [
        ("typo", typo),
        ("duplicate", duplicate),
        ("none", no_solution),
        ("several", several),
        ("good", easy),
    ]:
        write_grid(book.create_sheet(name), puzzle, 4, 3)
    del book["Sheet"]
    source = tmp_path / "mixed.xlsx"
    book.save(source)
    assert count_solutions(several, limit=2) == 2 and count_solutions(no_solution, limit=1) == 0
    status, err = batch(capsys, str(source), "--report", str(tmp_path / "mixed.json"))
    assert status == 1
    assert f"{source}: typo!C4:K12: invalid: r5c5: 'x' is not a digit 1-9 (cell G8)\n" in err
    assert (
        f"{source}: duplicate!C4:K12: invalid: duplicate 5 in row 1: r1c1, r1c2 (cells C4, D4)\n"
        in err
    )
    assert f"{source}: none!C4:K12: no solution\n" in err
    assert f"{source}: several!C4:K12: 2 or more solutions\n" in err
    output = tmp_path / "mixed.solved.xlsx"
    assert is_solution(tuple(cells(output, "good", 4, 13)), parse_puzzle(EASY))  # type: ignore[arg-type]
    assert all(
        value is None for value in cells(output, "typo", 4, 13)
    )  # nothing written for a bad grid
    report = json.loads((tmp_path / "mixed.json").read_text())
    assert [r["status"].split(":")[0] for r in report] == [
        "invalid",
        "invalid",
        "no solution",
        "2 or more solutions",
        "solved",
    ]
    # when nothing in a file can be solved, no output is written at all
    del book["good"]
    book.save(source)
    status, err = batch(capsys, str(tmp_path / "mixed.xlsx"), "-o", str(tmp_path / "nothing.xlsx"))
    assert status == 1 and "typo!C4:K12: invalid" in err
    assert not (tmp_path / "nothing.xlsx").exists() and no_leftovers(tmp_path)


def test_column_numbers_above_a_grid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a header of 1..9 above the grid makes two blocks of digits fit: the header is not a row
    source = user_grid_workbook(tmp_path / "numbered.xlsx", EASY)
    book = openpyxl.load_workbook(source)
    sheet = book["My puzzle"]
    for column in range(9):
        sheet.cell(3, 3 + column).value = column + 1
    for row in range(9):
        sheet.cell(4 + row, 2).value = "ABCDEFGHI"[row]
    book.save(source)
    assert [(g.top, g.left) for g in find(open_workbook(source).workbook).grids] == [(4, 3)]
    assert batch(capsys, str(source))[0] == 0
    # without the borders, the header of 1..9 is still known for what it is
    for line in sheet.iter_rows(min_row=4, max_row=12, min_col=3, max_col=11):
        for cell in line:
            cell.border = openpyxl.styles.Border()
    book.save(source)
    assert [(g.top, g.left) for g in find(open_workbook(source).workbook).grids] == [(4, 3)]
    assert batch(capsys, str(source), "--force")[0] == 0


@pytest.mark.slow
def test_a_progress_line_on_a_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    puzzles = [format_line(p) for p in load("kaggle1m_first9999")[:600]]
    source = list_workbook(tmp_path / "list.xlsx", puzzles)
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setattr("xl_sudoku.batch.progress.PROGRESS.stream", terminal)
    assert main(["batch", str(source)]) == 0
    shown = terminal.getvalue()
    assert (
        "\r0/600 puzzles" in shown
        and "600/600 puzzles" in shown
        and "/s" in shown
        and "ETA" in shown
    )
    assert (
        shown.rstrip().endswith("s")
        and "1 file, 600 puzzles: 600 solved, 0 failed; 1 written" in shown
    )
    # not a terminal, or --quiet: no progress line
    quiet = Terminal()
    monkeypatch.setattr("sys.stderr", quiet)
    monkeypatch.setattr("xl_sudoku.batch.progress.PROGRESS.stream", quiet)
    assert main(["batch", "--quiet", "--force", str(source)]) == 0
    assert quiet.getvalue() == ""


@pytest.mark.parametrize(
    ("rated", "listed", "seconds", "hinted"),
    [
        (True, 100, 30.0, True),  # 10 of 100 in 30 s: 270 s left
        (True, 100, 5.0, False),  # 45 s left: not worth a word
        (False, 100, 30.0, False),  # --no-rate given
        (True, 0, 30.0, False),  # grids only: --no-rate would change nothing
    ],
)
def test_a_long_rated_list_says_what_no_rate_skips(
    monkeypatch: pytest.MonkeyPatch, rated: bool, listed: int, seconds: float, hinted: bool
) -> None:
    """A list of hard puzzles rates for seconds a puzzle (minutes for a few): the progress
    line says what --no-rate skips when much is left."""
    from xl_sudoku.batch import progress

    line = io.StringIO()
    monkeypatch.setattr(progress.PROGRESS, "stream", line)
    progress.PROGRESS.restart(enabled=True)  # as on a terminal
    count = progress.Count()
    count.start(1, rated=rated)
    count.expect(100, listed)
    monkeypatch.setattr(progress.PROGRESS, "started", time.perf_counter() - seconds)
    count.done = 10
    count.show(force=True)
    progress.PROGRESS.clear()
    shown = line.getvalue().split("\r")[-3]  # (the last: the line taken away)
    assert "10/100 puzzles" in shown and "ETA" in shown
    assert (progress.NO_RATE in shown) is hinted
    progress.PROGRESS.restart(enabled=False)


@pytest.mark.slow
def test_a_folder_with_two_jobs_gives_what_one_job_gives(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for number, puzzle in enumerate(load("norvig_top95")[:6]):
        user_grid_workbook(folder / f"grid{number}.xlsx", format_line(puzzle))
    list_workbook(folder / "list.xlsx", [format_line(p) for p in load("norvig_top95")[6:20]])
    (folder / "~$grid0.xlsx").write_bytes(b"Excel's lock file")  # passed over
    for jobs in ("1", "2"):
        argv = [
            str(folder),
            "-o",
            str(tmp_path / f"out{jobs}"),
            "--jobs",
            jobs,
            "--report",
            str(tmp_path / f"{jobs}.json"),
        ]
        assert batch(capsys, *argv) == (0, "")
    one, two = (json.loads((tmp_path / f"{jobs}.json").read_text()) for jobs in "12")
    assert len(one) == 6 + 14
    drop = ("ms", "output")
    assert [{k: v for k, v in r.items() if k not in drop} for r in one] == [
        {k: v for k, v in r.items() if k not in drop} for r in two
    ]
    assert sorted(p.name for p in (tmp_path / "out2").iterdir()) == sorted(
        [f"grid{n}.solved.xlsx" for n in range(6)] + ["list.solved.xlsx"]
    )
    for number, puzzle in enumerate(load("norvig_top95")[:6]):
        solved = cells(tmp_path / "out2" / f"grid{number}.solved.xlsx", "My puzzle", 4, 13)
        assert is_solution(tuple(solved), puzzle)  # type: ignore[arg-type]


def test_a_password_protected_workbook(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plain = user_grid_workbook(tmp_path / "plain.xlsx", EASY)
    secret = tmp_path / "secret.xlsx"
    with plain.open("rb") as clear, secret.open("wb") as out:
        OOXMLFile(clear).encrypt("hunter2", out)
    assert secret.read_bytes()[:4] == bytes.fromhex("D0CF11E0")  # encrypted: a compound file
    status, err = batch(capsys, str(secret))
    assert status == 1 and "it is password-protected: save a copy without a password" in err


def test_an_xml_bomb_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = user_grid_workbook(tmp_path / "bomb.xlsx", EASY)
    parts = ooxml.read_parts(source.read_bytes())
    lol = '<!ENTITY lol "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
        for i in range(1, 9)
    )
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    assert "<t>Saturday's sudoku</t>" in sheet
    sheet = sheet.replace("<t>Saturday's sudoku</t>", "<t>&lol8;</t>")  # a billion lols in C2
    parts["xl/worksheets/sheet1.xml"] = (
        f'<?xml version="1.0"?><!DOCTYPE worksheet [{lol}]>{sheet}'.encode()
    )
    bomb = tmp_path / "bomb.xlsx"
    bomb.write_bytes(ooxml.write_parts(parts))
    status, err = batch(capsys, str(bomb))
    assert status == 1
    assert "refused: xl/worksheets/sheet1.xml declares XML entities (an XML bomb?)" in err


# --- files written by another program ------------------------------------------------------------


@pytest.fixture
def libreoffice(require_tool: Callable[..., None]) -> None:
    require_tool("soffice", "uno")


@pytest.mark.slow
@pytest.mark.usefixtures("libreoffice")
def test_workbooks_written_by_libreoffice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = parse_puzzle(EASY)
    lines = [",".join(str(d) if d else "" for d in grid[9 * r : 9 * r + 9]) for r in range(9)]
    (tmp_path / "grid.csv").write_text("\n".join(lines) + "\n")
    xlsx = libreoffice_convert(
        tmp_path / "grid.csv", tmp_path / "lo.xlsx", "Calc MS Excel 2007 XML"
    )
    xls = libreoffice_convert(tmp_path / "grid.csv", tmp_path / "lo.xls", "MS Excel 97")
    status, err = batch(capsys, str(xlsx), str(xls))
    assert status == 1 and f"{xls}: it is an old .xls workbook: save it as .xlsx" in err
    # the grid starts on row 1: no row above the answer beside it for its title, so below
    solved = cells(tmp_path / "lo.solved.xlsx", "grid", 12, 1)
    assert is_solution(tuple(solved), grid)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.usefixtures("libreoffice")
def test_outputs_open_and_render_in_libreoffice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.excel.render import to_pdf
    from tests.excel.test_libreoffice import ppm_colours

    grid = user_grid_workbook(tmp_path / "view.xlsx", EASY)
    puzzles = [format_line(p) for p in load("norvig_top95")[:5]]
    listed = list_workbook(tmp_path / "list.xlsx", puzzles)
    template = tmp_path / "mine.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", template)
    book = openpyxl.load_workbook(template, keep_vba=True)
    write_grid(book["Sudoku"], EASY, 4, 2, borders=False)
    book.save(template)
    inputs = {path: digest(path) for path in (grid, listed, template)}
    assert batch(capsys, str(grid), str(listed), str(template)) == (0, "")
    assert inputs == {path: digest(path) for path in inputs}
    hidden_single = BY_KEY["hidden-single"].colour
    for output, sheet in (("view.solved.xlsx", "My puzzle"), ("mine.solved.xlsm", "Sudoku")):
        book = openpyxl.load_workbook(tmp_path / output, keep_vba=output.endswith("m"))
        for other in [s for s in book.sheetnames if s != sheet]:
            del book[other]  # the solved sheet alone, on one page
        page = book[sheet]
        page.page_setup.orientation = "landscape"
        page.sheet_properties.pageSetUpPr.fitToPage = True  # type: ignore[union-attr]
        page.page_setup.fitToWidth = page.page_setup.fitToHeight = 1
        viewed = tmp_path / f"viewed-{Path(output).stem}.xlsx"
        book.save(viewed)
        folder = tmp_path / viewed.stem
        folder.mkdir()
        colours = ppm_colours(to_pdf(viewed, folder), folder)
        assert colours.get(hidden_single, 0) > 100, output  # the painted cells, drawn
    # the list: LibreOffice reads the answers back out of the file
    pdf = to_pdf(tmp_path / "list.solved.xlsx", tmp_path)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    answers = openpyxl.load_workbook(tmp_path / "list.solved.xlsx")["Puzzles"]
    for row in range(2, 7):
        solution = str(answers.cell(row, 2).value)
        assert is_solution(parse_puzzle(solution), parse_puzzle(puzzles[row - 2]))
        assert solution[:40] in text.replace(" ", "").replace("\n", "")
