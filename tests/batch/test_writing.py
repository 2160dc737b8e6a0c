"""Batch mode's promises on the writing side (issue 24): our own sheets known by a mark we
write (never by their header), reruns that write anew in the same places, the file
compared at the rename, a lock for the run, one run's outputs kept apart, reports that
follow the output rules and carry no formulas, formulas that read our cells recalculated
on open, styles reused, sheet names cut as Excel counts, part names compared as Excel
compares them, and Excel's quoting in ``--range``.

Each test is a recipe from the issue's table (its row named in the test's docstring).
"""

from __future__ import annotations

import csv
import json
import os
import shlex
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import IO

import openpyxl
import pytest
from lxml import etree

from tests.batch.fixtures import MEDIUM
from tests.batch.helpers import ROOT, digest, list_workbook, user_grid_workbook, write_grid
from tests.puzzles import load
from xl_sudoku.cli import main
from xl_sudoku.core import format_line, is_solution, parse_puzzle

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STEPS = ("Step", "Technique", "Cells", "Explanation", "Level")


def batch(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["batch", "--quiet", *argv])
    return status, capsys.readouterr().err


def grid_at(path: Path, sheet: str, top: int, left: int) -> tuple[object, ...]:
    ws = openpyxl.load_workbook(path)[sheet]
    return tuple(ws.cell(top + r, left + c).value for r in range(9) for c in range(9))


def solved(path: Path, sheet: str, top: int, left: int, puzzle: str) -> bool:
    return is_solution(grid_at(path, sheet, top, left), parse_puzzle(puzzle))  # type: ignore[arg-type]


def sheet_values(path: Path, sheet: str) -> dict[str, object]:
    ws = openpyxl.load_workbook(path)[sheet]
    return {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}


def part(path: Path, name: str) -> bytes:
    with zipfile.ZipFile(path) as package:
        return package.read(name)


def workbook_xml(path: Path) -> etree._Element:
    return etree.fromstring(part(path, "xl/workbook.xml"))


def sheet_names(path: Path) -> list[str]:
    return [s.get("name", "") for s in workbook_xml(path).iter(f"{{{MAIN}}}sheet")]


def grid_book(path: Path, puzzle: str = EASY, title: str = "Sudoku", **where: int) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title
    write_grid(sheet, puzzle, where.get("top", 2), where.get("left", 2))
    book.save(path)
    return path


# --- rows 1, 2, 12: our own sheets, known by our mark, written anew in the same places ---------


def test_a_users_sheet_with_our_steps_header_is_left_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 1: a user's log with our Steps header (and two more columns, 29 rows)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sudoku"
    write_grid(sheet, EASY, 2, 2)
    log = book.create_sheet("Steps")
    log.append([*STEPS, "Date", "Mark"])
    for number in range(1, 30):
        log.append([number, "mine", f"r{number % 9 + 1}c1", "my own words", 1, "2024-05-01", "x"])
    source = tmp_path / "log.xlsx"
    book.save(source)
    before = sheet_values(source, "Steps")
    assert batch(capsys, str(source), "--in-place") == (0, "")
    assert sheet_values(source, "Steps") == before  # all 29 rows and both columns
    names = openpyxl.load_workbook(source).sheetnames
    assert names == ["Sudoku", "Steps", "Steps 2"]
    ours = openpyxl.load_workbook(source)["Steps 2"]
    assert tuple(c.value for c in ours[1][:5]) == STEPS
    assert solved(source, "Sudoku", 2, 12, EASY)
    # a second run knows its own sheet by its mark, and the user's still by nothing
    assert batch(capsys, str(source), "--in-place") == (0, "")
    assert sheet_values(source, "Steps") == before
    assert openpyxl.load_workbook(source).sheetnames == names


def test_a_rerun_rewrites_only_our_rows_of_the_steps_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 2: a note typed into our Steps sheet (F2, and a row at 500) survives a rerun."""
    source = grid_book(tmp_path / "notes.xlsx")
    assert batch(capsys, str(source), "--in-place") == (0, "")
    first = sheet_values(source, "Steps")
    book = openpyxl.load_workbook(source)  # the user types two notes and saves
    book["Steps"]["F2"] = "my note"
    book["Steps"]["A500"] = "keep me"
    book.save(source)
    assert batch(capsys, str(source), "--in-place") == (0, "")
    again = sheet_values(source, "Steps")
    assert again == {**first, "F2": "my note", "A500": "keep me"}
    assert openpyxl.load_workbook(source).sheetnames == ["Sudoku", "Steps"]


@pytest.mark.slow
def test_a_longer_log_that_would_reach_a_users_cell_goes_to_a_new_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 2: our rows would grow into a user's cell: that sheet is left alone."""
    source = grid_book(tmp_path / "grow.xlsx", EASY)
    assert batch(capsys, str(source), "--in-place") == (0, "")
    rows = openpyxl.load_workbook(source)["Steps"].max_row
    book = openpyxl.load_workbook(source)
    book["Steps"].cell(rows + 1, 1).value = "my note, just below"
    for r in range(9):  # a harder puzzle typed over the grid: a longer log
        for c in range(9):
            char = format_line(parse_puzzle(MEDIUM))[9 * r + c]
            book["Sudoku"].cell(2 + r, 2 + c).value = int(char) if char != "." else None
    book.save(source)
    before = sheet_values(source, "Steps")
    status, err = main(["batch", str(source), "--in-place"]), capsys.readouterr().err
    assert status == 0
    assert "steps on sheet 'Steps 2' (sheet 'Steps' has cells of yours below ours)" in err
    assert sheet_values(source, "Steps") == before
    assert openpyxl.load_workbook(source).sheetnames == ["Sudoku", "Steps", "Steps 2"]
    assert solved(source, "Sudoku", 2, 12, MEDIUM)


@pytest.mark.slow
@pytest.mark.parametrize("protected", [True, False], ids=["new-sheet", "beside"])
def test_a_rerun_with_range_writes_anew_in_the_same_places(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, protected: bool
) -> None:
    """Row 12: ``--in-place --range 'Puzzle!B3:J11'`` twice: no ``Puzzle solved 2``, no
    second answer below the first."""
    source = tmp_path / "range.xlsx"
    grid_book(source, title="Puzzle", top=3, left=2)
    if protected:
        book = openpyxl.load_workbook(source)
        book["Puzzle"].protection.sheet = True
        book.save(source)
    outputs = []
    for _ in range(3):
        status = main(["batch", str(source), "--in-place", "--range", "Puzzle!B3:J11"])
        capsys.readouterr()
        assert status == 0
        outputs.append((sheet_names(source), openpyxl.load_workbook(source)))
    if protected:
        for names, _book in outputs:
            assert names == ["Puzzle", "Puzzle solved", "Steps"]
        assert solved(source, "Puzzle solved", 4, 2, EASY)
        assert outputs[-1][1]["Puzzle solved"].max_row == 12
    else:
        for names, book in outputs:
            assert names == ["Puzzle", "Steps"]
            assert book["Puzzle"].max_row == 11 and book["Puzzle"].max_column == 20
        assert solved(source, "Puzzle", 3, 12, EASY)


def test_our_mark_is_a_hidden_name_of_the_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The mark: a hidden defined name scoped to the sheet, naming our rows; nothing a
    user types into a cell makes it."""
    source = grid_book(tmp_path / "mark.xlsx")
    assert batch(capsys, str(source), "--in-place") == (0, "")
    rows = openpyxl.load_workbook(source)["Steps"].max_row
    names = {
        n.get("name"): (n.get("localSheetId"), n.get("hidden"), n.text)
        for n in workbook_xml(source).iter(f"{{{MAIN}}}definedName")
    }
    assert names == {"_xlsudoku_steps": ("1", "1", f"Steps!$A$1:$E${rows}")}


# --- row 3: the file compared at the rename ------------------------------------------------------


@pytest.mark.parametrize("how", ["saved-anew", "same-size-and-time"])
def test_a_file_changed_while_being_solved_is_not_replaced(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    how: str,
) -> None:
    """Row 3: the user saves a newer version while the run works: it is kept."""
    source = grid_book(tmp_path / "busy.xlsx")
    (tmp_path / "newer").mkdir()
    newer = grid_book(tmp_path / "newer" / "busy.xlsx", MEDIUM)
    from xl_sudoku.batch import patch

    real_write = patch.write
    saved: list[bytes] = []  # what the user saved

    def write_then_user_saves(package: object, edits: object, out: IO[bytes]) -> None:
        real_write(package, edits, out)  # type: ignore[arg-type]
        if how == "saved-anew":  # as Excel saves: a new file renamed over the old one
            os.replace(newer, source)
        else:  # the same size and modification time, other bytes
            status = source.stat()
            data = bytearray(source.read_bytes())
            data[-30] ^= 0xFF
            with open(source, "r+b") as file:
                file.write(data)
            os.utime(source, ns=(status.st_atime_ns, status.st_mtime_ns))
        saved.append(source.read_bytes())

    monkeypatch.setattr(patch, "write", write_then_user_saves)
    status, err = batch(capsys, str(source), "--in-place")
    assert status == 1
    assert "busy.xlsx changed while it was being solved" in err and "nothing was written" in err
    assert source.read_bytes() == saved[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy.xlsx", "newer"]


# --- row 4: our own lock for the run ------------------------------------------------------------

SLOW = """
import os, sys, time
import xl_sudoku.batch.patch as patch
real_write = patch.write
def slow(package, edits, out):
    real_write(package, edits, out)
    out.flush()
    print("writing", flush=True)
    time.sleep(float(os.environ["SLEEP"]))
patch.write = slow
from xl_sudoku.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def slow_run(*argv: str, cwd: Path, sleep: float) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SLEEP": str(sleep)}
    return subprocess.Popen(
        [sys.executable, "-c", SLOW, "batch", "--quiet", *argv],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_writing(process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert "writing" in line, process.stderr.read() if process.stderr else ""


def locks(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".lock"))


def two_kinds_book(path: Path) -> Path:
    """A grid on one sheet, a list on another: two runs can each take one."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sudoku"
    write_grid(sheet, EASY, 2, 2)
    lists = book.create_sheet("List")
    lists.append(["Puzzle"])
    for puzzle in load("norvig_top95")[:3]:
        lists.append([format_line(puzzle)])
    book.save(path)
    return path


@pytest.mark.slow
def test_two_runs_in_place_on_one_file_take_turns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 4: two ``--in-place`` runs at once (``--column 'List!A'`` and a grid): the
    second waits for the first and reads what it wrote; both answers survive."""
    source = two_kinds_book(tmp_path / "shared.xlsx")
    with slow_run(str(source), "--in-place", "--column", "List!A", cwd=tmp_path, sleep=3) as first:
        wait_for_writing(first)  # it holds the file now
        status, err = batch(capsys, str(source), "--in-place", "--range", "Sudoku!B2:J10")
        assert first.wait(30) == 0, first.stderr.read() if first.stderr else ""
    assert (status, err) == (0, "")
    book = openpyxl.load_workbook(source)
    assert book["List"]["C2"].value == "solved" and book["List"]["B1"].value == "Solution"
    assert solved(source, "Sudoku", 2, 12, EASY)
    assert locks(tmp_path) == []


@pytest.mark.slow
def test_a_run_that_cannot_wait_for_the_lock_refuses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Row 4: the other run holds the file longer than we wait: refused, not written."""
    monkeypatch.setattr("xl_sudoku.batch.save.LOCK_WAIT", 0.5)
    source = two_kinds_book(tmp_path / "held.xlsx")
    with slow_run(str(source), "--in-place", cwd=tmp_path, sleep=60) as first:
        wait_for_writing(first)
        before = digest(source)
        status, err = batch(capsys, str(source), "--in-place")
        assert status == 1
        assert f"held.xlsx is being written by another run of xl-sudoku (process {first.pid})" in (
            err
        )
        assert digest(source) == before
        first.send_signal(signal.SIGTERM)
        assert first.wait(20) == 143
    assert locks(tmp_path) == []  # SIGTERM cleans up


@pytest.mark.slow
def test_a_lock_left_by_a_killed_run_does_not_stop_the_next(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 4: SIGKILL leaves the lock file; its process is gone, so it holds nothing."""
    source = two_kinds_book(tmp_path / "killed.xlsx")
    with slow_run(str(source), "--in-place", cwd=tmp_path, sleep=60) as first:
        wait_for_writing(first)
        first.kill()
        first.wait(20)
    assert locks(tmp_path) == [".killed.xlsx.xl-sudoku.lock"]
    started = time.perf_counter()
    assert batch(capsys, str(source), "--in-place") == (0, "")
    assert time.perf_counter() - started < 20  # it did not wait out the lock
    assert locks(tmp_path) == [] and solved(source, "Sudoku", 2, 12, EASY)


def test_no_lock_is_left_behind_by_a_run_that_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "text.xlsx"
    source.write_text("not a workbook\n")
    assert batch(capsys, str(source), "--in-place")[0] == 1
    no_puzzle = tmp_path / "empty.xlsx"
    openpyxl.Workbook().save(no_puzzle)
    assert batch(capsys, str(no_puzzle), "--in-place")[0] == 1
    assert locks(tmp_path) == []


# --- row 5: one run's outputs kept apart ---------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("force", [True, False], ids=["force", "no-force"])
def test_two_inputs_of_one_name_get_two_outputs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, force: bool
) -> None:
    """Row 5: ``in/a/club.xlsx`` and ``in/b/club.xlsx`` into one folder."""
    for folder, puzzle in (("a", EASY), ("b", MEDIUM)):
        (tmp_path / "in" / folder).mkdir(parents=True)
        user_grid_workbook(tmp_path / "in" / folder / "club.xlsx", puzzle)
    out = tmp_path / "out"
    extra = ["--force"] if force else []
    status = main(["batch", str(tmp_path / "in"), "-o", str(out), *extra])
    err = capsys.readouterr().err
    assert status == 0 and "2 written" in err
    assert sorted(p.name for p in out.iterdir()) == ["club (2).solved.xlsx", "club.solved.xlsx"]
    assert solved(out / "club.solved.xlsx", "My puzzle", 4, 13, EASY)
    assert solved(out / "club (2).solved.xlsx", "My puzzle", 4, 13, MEDIUM)
    # again: each output is the same file as before, replaced only with --force
    status, err = batch(capsys, str(tmp_path / "in"), "-o", str(out), *extra)
    if force:
        assert (status, err) == (0, "")
    else:
        assert status == 1 and err.count("exists: use --force to replace it") == 2
    assert sorted(p.name for p in out.iterdir()) == ["club (2).solved.xlsx", "club.solved.xlsx"]


def test_a_file_named_twice_is_solved_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = grid_book(tmp_path / "twice.xlsx")
    link = tmp_path / "link.xlsx"
    link.symlink_to(source)
    status = main(
        [
            "batch",
            str(source),
            str(tmp_path / "." / "twice.xlsx"),
            str(link),
            "-o",
            str(tmp_path / "x"),
        ]
    )
    err = capsys.readouterr().err
    assert status == 0 and "1 file, 1 puzzle" in err
    assert main(["batch", "--quiet", str(source), str(link), "--in-place"]) == 0
    assert openpyxl.load_workbook(source).sheetnames == ["Sudoku", "Steps"]


def test_an_output_that_is_another_input_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = grid_book(tmp_path / "club.xlsx")
    other = grid_book(tmp_path / "club.solved.xlsx", MEDIUM)
    before = digest(other)
    status, err = batch(capsys, str(source), str(other), "--force")
    assert status == 1
    assert f"{source}: its output {other} is another input of this run" in err
    assert digest(other) == before  # solved into club.solved.solved.xlsx, not replaced
    assert solved(tmp_path / "club.solved.solved.xlsx", "Sudoku", 2, 12, MEDIUM)


# --- rows 6, 7: reports ----------------------------------------------------------------------


def test_a_report_follows_the_output_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 6: an existing report is replaced only with --force; a read-only one or one
    with hard links never."""
    source = grid_book(tmp_path / "book.xlsx")
    report = tmp_path / "notes.csv"
    report.write_text("my notes\n")
    status, err = batch(capsys, str(source), "--report", str(report))
    assert status == 2 and f"--report: {report} exists: use --force to replace it" in err
    assert report.read_text() == "my notes\n" and not (tmp_path / "book.solved.xlsx").exists()
    assert batch(capsys, str(source), "--report", str(report), "--force") == (0, "")
    assert report.read_text().startswith("file,sheet,where,status")
    report.chmod(0o444)
    status, err = batch(capsys, str(source), "--report", str(report), "--force")
    assert status == 2 and "notes.csv is read-only" in err
    report.chmod(0o644)
    linked = tmp_path / "linked.csv"
    os.link(report, linked)
    status, err = batch(capsys, str(source), "--report", str(report), "--force")
    assert status == 2 and "notes.csv has 2 hard links" in err
    assert os.path.samefile(report, linked)


@pytest.mark.parametrize(
    ("module", "name", "stage"),
    [
        ("pipeline", "find_puzzles", "finding the puzzles"),
        ("pipeline", "solve_puzzles", "solving"),
        ("patch", "patch_part", "patching Sudoku"),
        ("patch", "_copy_entry", "saving"),
    ],
)
def test_an_unexpected_failure_names_the_stage_it_arose_in(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    module: str,
    name: str,
    stage: str,
) -> None:
    """A bug of ours is reported as one, with where it happened, and the run goes on."""
    source = grid_book(tmp_path / "book.xlsx")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(f"xl_sudoku.batch.{module}.{name}", broken)
    status, err = batch(capsys, str(source), "-q")
    said = f"book.xlsx: internal error while {stage}: RuntimeError('boom') (please report it)"
    assert status == 1 and said in err, err
    assert not (tmp_path / "book.solved.xlsx").exists()


def test_the_last_line_names_the_report_it_wrote(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary counts the workbooks written and names the report beside them; a
    report not written after all (someone made the file during the run) is not named."""
    source = grid_book(tmp_path / "book.xlsx")
    report = tmp_path / "notes.csv"
    assert main(["batch", str(source), "--report", str(report)]) == 0
    last = capsys.readouterr().err.splitlines()[-1]
    assert f"; 1 written and the report {report};" in last
    assert report.read_text().startswith("file,sheet,where,status")
    from xl_sudoku.batch import pipeline, run

    real = pipeline.handle_file
    late = tmp_path / "late.csv"

    def handle_then_someone_writes(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        late.write_text("theirs\n")
        return result

    monkeypatch.setattr(run, "handle_file", handle_then_someone_writes)
    again = ["batch", str(source), "-o", str(tmp_path / "again"), "--report", str(late)]
    assert main(again) == 1
    last = capsys.readouterr().err.splitlines()[-1]
    assert "; 1 written;" in last and "the report" not in last
    assert late.read_text() == "theirs\n"


def test_a_report_file_made_while_the_run_works_is_not_replaced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Row 6: without --force, a report that appears during the run is kept."""
    source = grid_book(tmp_path / "book.xlsx")
    report = tmp_path / "late.json"
    from xl_sudoku.batch import pipeline, run

    real = pipeline.handle_file

    def handle_then_someone_writes(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        report.write_text("theirs\n")
        return result

    monkeypatch.setattr(run, "handle_file", handle_then_someone_writes)
    status, err = batch(capsys, str(source), "--report", str(report))
    assert status == 1 and "--report:" in err and "exists" in err
    assert report.read_text() == "theirs\n"


FORMULA_LIKE = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3"]
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")


def injected_book(path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "=1+1 sheet"
    sheet.append(["Puzzle"])
    for puzzle in load("norvig_top95")[:4]:
        sheet.append([format_line(puzzle)])
    for text in FORMULA_LIKE:
        sheet.append([text])
        sheet.cell(sheet.max_row, 1).data_type = "s"  # typed as text, not a formula
    book.save(path)
    return path


@pytest.mark.parametrize("suffix", [".csv", ".tsv"])
def test_report_fields_cannot_become_formulas(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    suffix: str,
) -> None:
    """Row 7: list cells, a sheet name and a file name a spreadsheet would take for
    formulas."""
    monkeypatch.chdir(tmp_path)
    injected_book(tmp_path / "=cmd.xlsx")
    report = tmp_path / f"report{suffix}"
    assert batch(capsys, "=cmd.xlsx", "--report", str(report))[0] == 1  # four are no puzzles
    with open(report, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file, delimiter="," if suffix == ".csv" else "\t"))
    assert len(rows) == 1 + 8
    fields = [field for row in rows for field in row]
    assert not [f for f in fields if f.startswith(DANGEROUS)]
    assert rows[1][:2] == ["'=cmd.xlsx", "'=1+1 sheet"]
    assert rows[1][-1] == "'=cmd.solved.xlsx"
    assert [row[4] for row in rows[5:]] == [f"'{text}" for text in FORMULA_LIKE]


def test_a_tab_or_a_carriage_return_at_the_start_of_a_field_is_neutralised(
    tmp_path: Path,
) -> None:
    """Row 7: OWASP's other two: a tab and a carriage return (a file name may hold them)."""
    from xl_sudoku.batch.pipeline import FileResult
    from xl_sudoku.batch.report import write_report

    results = [FileResult("\tbook.xlsx", error="\rnot a workbook"), FileResult("+1.xlsx")]
    for suffix in (".csv", ".tsv"):
        write_report(tmp_path / f"r{suffix}", results, replace=False)
        with open(tmp_path / f"r{suffix}", newline="", encoding="utf-8") as file:
            rows = list(csv.reader(file, delimiter="," if suffix == ".csv" else "\t"))
        assert [row[0] for row in rows[1:]] == ["'\tbook.xlsx"]
        assert rows[1][3] == "error: \rnot a workbook"  # not at the start: harmless


def test_a_json_report_keeps_the_text_as_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 7: JSON is data: nothing is prefixed."""
    source = injected_book(tmp_path / "plain.xlsx")
    report = tmp_path / "report.json"
    assert batch(capsys, str(source), "--report", str(report))[0] == 1
    rows = json.loads(report.read_text())
    assert rows[0]["sheet"] == "=1+1 sheet"
    assert [r["puzzle"] for r in rows[4:]] == FORMULA_LIKE


# --- row 9: formulas that read our cells -----------------------------------------------------


@pytest.mark.parametrize(
    ("where", "formula"),
    [
        ("Sudoku!A40", "=COUNT(L1:Z30)"),
        ("Other!A1", "=COUNT('Sudoku'!L5:L6)"),
        ("Other!A1", "=SUM(Sudoku!N:N)"),
        ("Other!A1", "=COUNT(Answers)"),
        ("Other!A1", "=COUNTA(Sudoku!$A$1:$U$1, 1)"),
    ],
    ids=["same-sheet", "other-sheet-quoted", "whole-column", "defined-name", "row-of-titles"],
)
def test_a_formula_over_the_answer_area_is_recalculated_on_open(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str, formula: str
) -> None:
    """Row 9: ``=COUNT(L1:Z30)`` beside a grid whose answer goes to L2:T10."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sudoku"
    write_grid(sheet, EASY, 2, 2)
    other = book.create_sheet("Other")
    from openpyxl.workbook.defined_name import DefinedName

    book.defined_names["Answers"] = DefinedName("Answers", attr_text="Sudoku!$L$2:$T$10")
    sheet_name, cell = where.split("!")
    (sheet if sheet_name == "Sudoku" else other)[cell] = formula
    book.calculation.fullCalcOnLoad = False  # as Excel writes it (openpyxl sets it)
    source = tmp_path / "count.xlsx"
    book.save(source)
    report = tmp_path / "r.json"
    status = main(["batch", str(source), "--report", str(report)])
    err = capsys.readouterr().err
    assert status == 0
    output = tmp_path / "count.solved.xlsx"
    calc = workbook_xml(output).find(f"{{{MAIN}}}calcPr")
    assert calc is not None and calc.get("fullCalcOnLoad") == "1"
    message = "formulas read cells this run wrote: marked to recalculate when opened"
    assert f"{source}: {message}" in err
    assert any(row["status"] == f"note: {message}" for row in json.loads(report.read_text()))


def test_formulas_elsewhere_leave_the_workbook_part_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sudoku"
    write_grid(sheet, EASY, 2, 2)
    sheet["A40"] = "=SUM(A100:A110)+COUNT(B2:J10)"
    sheet["A41"] = '="L1:Z30"'  # a reference in a string is no reference
    book.calculation.fullCalcOnLoad = False
    source = tmp_path / "far.xlsx"
    book.save(source)
    assert batch(capsys, str(source)) == (0, "")
    output = tmp_path / "far.solved.xlsx"
    calc = workbook_xml(output).find(f"{{{MAIN}}}calcPr")
    assert calc is not None and calc.get("fullCalcOnLoad") == "0"  # as it was


# --- row 11: styles found and reused -------------------------------------------------------------


@pytest.mark.slow
def test_reruns_add_nothing_to_the_styles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 11: ``--in-place`` again and again on its own output."""
    source = two_kinds_book(tmp_path / "styles.xlsx")
    styles = []
    for _ in range(4):
        assert batch(capsys, str(source), "--in-place") == (0, "")
        styles.append(part(source, "xl/styles.xml"))
    assert styles[1] == styles[2] == styles[3]
    assert styles[0] == styles[1]  # the second run found everything the first added


# --- rows 13, 14: names as Excel counts and compares them ----------------------------------------


def protected_grid_book(path: Path, title: str) -> Path:
    grid_book(path, title=title)
    book = openpyxl.load_workbook(path)
    book[title].protection.sheet = True
    book.save(path)
    return path


def utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def test_a_new_sheets_name_is_cut_by_utf16_units(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 13: a sheet name of 30 UTF-16 units with emoji; its answers on a new sheet."""
    title = "Grids " + "\U0001f600" * 12
    assert utf16_units(title) == 30
    source = protected_grid_book(tmp_path / "emoji.xlsx", title)
    assert main(["batch", "--quiet", str(source)]) == 0
    names = sheet_names(tmp_path / "emoji.solved.xlsx")
    added = names[1]
    assert all(utf16_units(name) <= 31 for name in names)
    added.encode("utf-16-le")  # no half of a surrogate pair
    assert added == "Grids " + "\U0001f600" * 11 + " 2"  # "NAME solved", cut: NAME, taken
    assert solved(tmp_path / "emoji.solved.xlsx", added, 3, 2, EASY)


def test_a_new_part_name_differs_from_the_others_in_more_than_case(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 14: ``xl/worksheets/Sheet3.xml`` exists: ``sheet3.xml`` is not added."""
    plain = protected_grid_book(tmp_path / "plain.xlsx", "Sudoku")
    book = openpyxl.load_workbook(plain)
    book.create_sheet("Notes")["A1"] = "words"
    book.save(plain)
    source = tmp_path / "capital.xlsx"
    with zipfile.ZipFile(plain) as old, zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            name = info.filename
            if name == "xl/worksheets/sheet2.xml":
                name = "xl/worksheets/Sheet3.xml"
            if name in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
                data = data.replace(b"sheet2.xml", b"Sheet3.xml")
            new.writestr(name, data)
    assert batch(capsys, str(source)) == (0, "")
    with zipfile.ZipFile(tmp_path / "capital.solved.xlsx") as package:
        names = [n.lower() for n in package.namelist()]
    assert len(names) == len(set(names))
    assert openpyxl.load_workbook(tmp_path / "capital.solved.xlsx")["Notes"]["A1"].value == "words"


# --- row 18: Excel's quoting in --range and --column ---------------------------------------------


def test_range_and_column_take_excels_quoting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Row 18: ``--range "'Bob''s grid'!C3:K11"``."""
    source = grid_book(tmp_path / "bob.xlsx", title="Bob's grid", top=3, left=3)
    status, err = batch(capsys, str(source), "--range", "'Bob''s grid'!C3:K11")
    assert (status, err) == (0, "")
    assert solved(tmp_path / "bob.solved.xlsx", "Bob's grid", 3, 13, EASY)
    lists = list_workbook(
        tmp_path / "list.xlsx", [format_line(p) for p in load("norvig_top95")[:2]]
    )
    book = openpyxl.load_workbook(lists)
    book["Puzzles"].title = "Bob's list"
    book.save(lists)
    status, err = batch(capsys, str(lists), "--column", "'Bob''s list'!$A")
    assert (status, err) == (0, "")
    assert openpyxl.load_workbook(tmp_path / "list.solved.xlsx")["Bob's list"]["C2"].value == (
        "solved"
    )
    # a sheet that is not there: named as the workbook has it, quoted for the shell
    status, err = batch(capsys, str(source), "--range", "'Bob''s'!C3:K11", "--force")
    assert status == 2 and 'there is no sheet "Bob\'s"' in err
    assert "--range " + shlex.quote("Bob's grid!C3:K11") in err


def test_what_a_formula_reads() -> None:
    """Row 9, the reading of formulas: references, not look-alikes."""
    from xl_sudoku.batch.formulas import EVERYWHERE, MAX_COLUMN, MAX_ROW, Names, reads

    names = Names(["Jan", "Feb", "Mar", "Bob's grid"])
    names.refers[(None, "answers")] = "Feb!$B$2:$C$3"
    names.refers[("Jan", "local")] = "Jan!D4"

    def areas(formula: str) -> list[tuple[str, tuple[int, int, int, int]]]:
        return [(r.sheet, r.area) for r in reads(formula, "Jan", names)]

    assert areas("=SUM(A1:B2)") == [("Jan", (1, 1, 2, 2))]
    assert areas("=LOG10(5)+1.5E10+E10") == [("Jan", (10, 5, 10, 5))]
    assert areas('="L1:Z30"&"x""A1"') == []
    assert areas("=COUNT('Bob''s grid'!$C$3:K11)") == [("Bob's grid", (3, 3, 11, 11))]
    assert areas("=SUM(N:N)+SUM($3:$5)") == [
        ("Jan", (1, 14, MAX_ROW, 14)),
        ("Jan", (3, 1, 5, MAX_COLUMN)),
    ]
    assert areas("=SUM(Jan:Mar!B2)") == [(s, (2, 2, 2, 2)) for s in ("Jan", "Feb", "Mar")]
    assert areas("=Answers*local") == [("Feb", (2, 2, 3, 3)), ("Jan", (4, 4, 4, 4))]
    assert areas("=Table1[Column 1]+SUM(x)") == []
    assert [r.sheet for r in reads("=INDIRECT(A1)+_xlfn.OFFSET(A1,1,1)", "Jan", names)] == [
        EVERYWHERE,
        "Jan",
        EVERYWHERE,
        "Jan",
    ]


def test_formulas_are_read_piece_by_piece() -> None:
    """A formula cut between two pieces of a large sheet is read once, whole."""
    from xl_sudoku.batch.formulas import sheet_formulas

    cells = "".join(
        f'<c r="A{n}"><f>SUM(B{n}:C{n})&amp;"x"</f><v>1</v></c>'
        f'<c r="D{n}"><f t="shared" ref="D{n}:D{n + 9}" si="{n}">E{n}</f></c>'
        f'<c r="D{n + 1}"><f t="shared" si="{n}"/></c>'
        for n in range(1, 200)
    )
    data = f"<worksheet><sheetData><row>{cells}</row></sheetData><x><f>Z9</f></x></worksheet>"
    whole = list(sheet_formulas([data.encode()]))
    assert len([f for f, _ in whole if f]) == 2 * 199 and whole[0] == ('SUM(B1:C1)&"x"', None)
    assert whole[1] == ("E1", (1, 4, 10, 4))
    raw = data.encode()
    for size in (1, 7, 64, 1000):
        pieces = [raw[i : i + size] for i in range(0, len(raw), size)]
        assert list(sheet_formulas(pieces)) == whole


def test_a_new_look_alone_needs_no_recalculation(tmp_path: Path) -> None:
    """Row 9: a fill changed (as our template's Solve clears a red one) changes no value."""
    from xl_sudoku.batch.archive import Package
    from xl_sudoku.batch.edits import Edits, Look
    from xl_sudoku.batch.formulas import formulas_read_ours

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"] = "=SUM(B2:C3)"
    book.save(tmp_path / "look.xlsx")
    package = Package((tmp_path / "look.xlsx").read_bytes())
    edits = Edits(["Sheet"])
    edits.set("Sheet", 2, 2, look=Look(fill=None))
    assert not formulas_read_ours(package, edits)
    edits.set("Sheet", 3, 3, 7)
    assert formulas_read_ours(package, edits)
