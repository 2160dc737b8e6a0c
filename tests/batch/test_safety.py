"""Batch mode with users' files at stake: in-place writes, interruptions, limits, reruns.

Each case is a real file and, where a process must die, a real process: symlinks and
hard links, another user's file, read-only files, a workbook open in Excel, SIGTERM and
SIGKILL while writing, workers whose parent is killed, a full disk, a folder one cannot
enter, a zip bomb, a stray cell on the last row, and three runs in place in a row.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest
from openpyxl.comments import Comment
from openpyxl.styles import PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from tests.batch.fixtures import MEDIUM
from tests.batch.helpers import ROOT, digest, list_workbook, user_grid_workbook, write_grid
from tests.conftest import require
from tests.puzzles import load
from xl_sudoku.batch.archive import Package
from xl_sudoku.cli import main
from xl_sudoku.core import format_line, is_solution, parse_puzzle, solve

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def batch(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(["batch", "--quiet", *argv])
    return status, capsys.readouterr().err


def grid_at(path: Path, sheet: str, top: int, left: int) -> tuple[object, ...]:
    ws = openpyxl.load_workbook(path)[sheet]
    return tuple(ws.cell(top + r, left + c).value for r in range(9) for c in range(9))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# --- in place: links, owners, permissions, locks ------------------------------------------------


def test_in_place_through_a_symlink_updates_the_real_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real = user_grid_workbook(tmp_path / "real.xlsx", EASY)
    (tmp_path / "links").mkdir()
    link = tmp_path / "links" / "link.xlsx"
    link.symlink_to(real)
    assert batch(capsys, str(link), "--in-place") == (0, "")
    assert link.is_symlink() and link.resolve() == real  # still a link, to the same file
    assert is_solution(grid_at(real, "My puzzle", 4, 13), parse_puzzle(EASY))  # type: ignore[arg-type]
    assert leftovers(tmp_path) == [] and leftovers(tmp_path / "links") == []


def test_in_place_refuses_what_it_must_not_replace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    before = digest(source)
    # hard links: replacing the file would break them
    other = tmp_path / "other-name.xlsx"
    os.link(source, other)
    status, err = batch(capsys, str(source), "--in-place")
    assert status == 1 and "has 2 hard links: replacing it would break them" in err
    other.unlink()
    # read-only
    source.chmod(0o444)
    status, err = batch(capsys, str(source), "--in-place")
    assert status == 1 and "mine.xlsx is read-only: make it writable first" in err
    source.chmod(0o644)
    # open in Excel: its lock file ~$NAME; and in LibreOffice: .~lock.NAME#
    for lock in ("~$mine.xlsx", ".~lock.mine.xlsx#"):
        (tmp_path / lock).write_bytes(b"someone")
        status, err = batch(capsys, str(source), "--in-place")
        assert status == 1 and f"is open in Excel or LibreOffice (lock file {lock})" in err
        (tmp_path / lock).unlink()
    assert digest(source) == before
    # an output that is open is not replaced with --force either
    output = tmp_path / "mine.solved.xlsx"
    assert batch(capsys, str(source))[0] == 0
    (tmp_path / "~$mine.solved.xlsx").write_bytes(b"someone")
    status, err = batch(capsys, str(source), "--force")
    assert status == 1 and "lock file ~$mine.solved.xlsx" in err
    assert output.exists() and leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_in_place_keeps_the_owner_of_another_users_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "theirs.xlsx", EASY)
    os.chown(source, 12345, 23456)
    source.chmod(0o640)
    assert batch(capsys, str(source), "--in-place")[0] == 0
    status = source.stat()
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (12345, 23456, 0o640)


def as_nobody(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Batch mode run by an ordinary user (root may enter any folder)."""
    command = [sys.executable, "-m", "xl_sudoku", "batch", "--quiet", *argv]
    if os.geteuid() == 0:
        require("setpriv")
        command = NOBODY + command
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder anyone may enter (pytest's own are private to their user)."""
    folder = Path(tempfile.mkdtemp(prefix="xl-sudoku-open-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.slow
def test_an_output_folder_one_cannot_enter_is_named(open_folder: Path) -> None:
    tmp_path = open_folder
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    source.chmod(0o644)
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    done = as_nobody(str(source), "-o", str(closed / "deeper"), cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert f"cannot write in {closed}" in done.stderr and "Permission denied" in done.stderr
    assert "internal error" not in done.stderr
    # and another user's file, in place, when we cannot give it back
    if os.geteuid() == 0:
        shared = tmp_path / "shared"
        shared.mkdir(mode=0o777)
        shared.chmod(0o777)
        theirs = user_grid_workbook(shared / "theirs.xlsx", EASY)
        theirs.chmod(0o666)
        done = as_nobody(str(theirs), "--in-place", cwd=tmp_path)
        assert done.returncode == 1 and "belongs to another user" in done.stderr
        assert theirs.stat().st_uid == 0


# --- kinds of workbook --------------------------------------------------------------------------


@pytest.mark.slow
def test_macro_workbooks_keep_their_kind_and_templates_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.batch.fixtures import template_workbook

    source = template_workbook(tmp_path / "mine.xlsm", EASY)
    status, err = batch(capsys, str(source), "-o", str(tmp_path / "out.xlsx"))
    assert status == 1
    assert "out.xlsx: the workbook is .xlsm (it has macros): name the output out.xlsm" in err
    assert not (tmp_path / "out.xlsx").exists()
    # the reverse: a plain workbook is not written under a macro name
    plain = user_grid_workbook(tmp_path / "plain.xlsx", EASY)
    status, err = batch(capsys, str(plain), "-o", str(tmp_path / "out.xlsm"))
    assert status == 1 and "the workbook is .xlsx (it has no macros): name the output" in err
    # a macro workbook misnamed .xlsx is written as what it is
    misnamed = tmp_path / "misnamed.xlsx"
    shutil.copy(source, misnamed)
    assert batch(capsys, str(misnamed))[0] == 0
    assert (tmp_path / "misnamed.solved.xlsm").exists()
    # templates: .xltx and .xltm keep their content type, VBA and ribbon
    for suffix, kind in (
        (".xltm", "application/vnd.ms-excel.template.macroEnabled.main+xml"),
        (".xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml"),
    ):
        base = source if suffix == ".xltm" else plain
        template = tmp_path / f"form{suffix}"
        retyped(base, template, kind)
        assert batch(capsys, str(template))[0] == 0
        output = tmp_path / f"form.solved{suffix}"
        assert Package(output.read_bytes()).suffix == suffix  # the content type says template
        with zipfile.ZipFile(output) as package, zipfile.ZipFile(template) as before:
            if suffix == ".xltm":
                for name in ("xl/vbaProject.bin", "customUI/customUI14.xml", "_rels/.rels"):
                    assert package.read(name) == before.read(name)


def retyped(source: Path, target: Path, content_type: str) -> None:
    """``source`` with its workbook part's content type changed (a template)."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == "[Content_Types].xml":
                text = data.decode()
                start = text.index('PartName="/xl/workbook.xml"')
                end = text.index("/>", start)
                part = text[start:end]
                kind = part.split('ContentType="')[1].split('"')[0]
                text = text[:start] + part.replace(kind, content_type) + text[end:]
                data = text.encode()
            new.writestr(info, data)


# --- interruptions -------------------------------------------------------------------------------

SLOW_WRITE = """
import os, pathlib, sys, time
import xl_sudoku.batch.patch as patch
import xl_sudoku.helpers.atomic as atomic
if os.environ.get("NAMED_TEMPORARY"):  # as where the system has no unnamed files
    atomic._PROC_FD = pathlib.Path("/nonexistent/proc/fd")
real_write = patch.write
def slow(package, edits, out):
    real_write(package, edits, out)
    out.flush()
    print("writing", flush=True)
    time.sleep(60)
patch.write = slow
from xl_sudoku.batch.archive import Package
from xl_sudoku.cli import main
raise SystemExit(main(sys.argv[1:]))
"""
UNNAMED = hasattr(os, "O_TMPFILE") and Path("/proc/self/fd").is_dir()


@pytest.fixture(params=["unnamed", "named"])
def kind(request: pytest.FixtureRequest) -> str:
    """Both kinds of temporary file the atomic writer makes: unnamed (Linux's O_TMPFILE:
    nothing to leave behind) and named (elsewhere: ``.NAME.xl-sudoku-PID-RANDOM.tmp``)."""
    if request.param == "unnamed" and not UNNAMED:
        pytest.skip("no O_TMPFILE here")
    return str(request.param)


def slow_batch(*argv: str, cwd: Path, kind: str = "unnamed") -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if kind == "named":
        env["NAMED_TEMPORARY"] = "1"
    return subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITE, "batch", "--quiet", *argv],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_line(process: subprocess.Popen[str], text: str) -> None:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert text in line, (line, process.stderr.read() if process.stderr else "")


def being_written(process: subprocess.Popen[str], folder: Path, kind: str) -> list[str]:
    """The temporary files ``process`` is writing in ``folder``: by name, or (unnamed)
    the open files its /proc entry shows as ``FOLDER/#INODE (deleted)``."""
    if kind == "named":
        return leftovers(folder)
    found = []
    for entry in Path(f"/proc/{process.pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            link = os.readlink(entry)
            if link.startswith(f"{folder}/#") and link.endswith(" (deleted)"):
                found.append(link)
    return found


@pytest.mark.slow
def test_sigterm_while_writing_leaves_the_file_whole_and_nothing_behind(
    tmp_path: Path, kind: str
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    before = digest(source)
    with slow_batch(str(source), "--in-place", cwd=tmp_path, kind=kind) as process:
        wait_for_line(process, "writing")
        assert len(being_written(process, tmp_path, kind)) == 1  # our temporary file
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == 143
    assert leftovers(tmp_path) == [] and digest(source) == before


@pytest.mark.slow
def test_a_temporary_file_left_by_sigkill_is_removed_by_the_next_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    before = digest(source)
    with slow_batch(str(source), "--in-place", cwd=tmp_path, kind=kind) as process:
        wait_for_line(process, "writing")
        assert len(being_written(process, tmp_path, kind)) == 1
        process.kill()
        process.wait(20)
    assert digest(source) == before
    stale = leftovers(tmp_path)
    if kind == "unnamed":  # an unnamed file goes with its process: nothing to remove
        assert stale == []
    else:
        assert len(stale) == 1 and stale[0].startswith(".mine.xlsx.xl-sudoku-")
    assert batch(capsys, str(source), "--in-place")[0] == 0
    assert leftovers(tmp_path) == []
    # a temporary file of a run still going is not touched
    alive = tmp_path / f".mine.xlsx.xl-sudoku-{os.getpid()}-0abc.tmp"
    alive.write_bytes(b"in progress")
    # one left by an earlier version (mkstemp's name), an hour old, goes; a new one stays
    old, recent = tmp_path / ".mine.xlsx.k3j_x9q2.tmp", tmp_path / ".mine.xlsx.a1b2c3d4.tmp"
    for path in (old, recent):
        path.write_bytes(b"PK\x03\x04 half a workbook")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    assert batch(capsys, str(source), "--in-place")[0] == 0
    assert alive.exists() and recent.exists() and not old.exists()


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_workers_die_with_their_parent(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for number in range(4):
        user_grid_workbook(folder / f"grid{number}.xlsx", EASY)
    with slow_batch(
        str(folder), "--jobs", "2", "-o", str(tmp_path / "out"), cwd=tmp_path
    ) as process:
        wait_for_line(process, "writing")  # a worker is writing
        workers = children(process.pid)
        assert len(workers) >= 2
        process.kill()  # the parent, without a chance to clean up
        process.wait(20)
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(w) for w in workers)
    out = tmp_path / "out"
    assert not out.exists() or leftovers(out) == []  # they cleaned up as they went


def test_a_full_disk_is_named_and_leaves_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    before = digest(source)

    def full(_: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("xl_sudoku.batch.save.os.fsync", full)
    status, err = batch(capsys, str(source), "--in-place", "--report", str(tmp_path / "r.csv"))
    assert status == 1
    assert "mine.xlsx: no space left on the disk (nothing was changed)" in err
    assert "(is it open" not in err
    assert "--report: cannot write" in err and "r.csv: no space left on the disk" in err
    assert digest(source) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.xlsx"]


# --- untrusted files ------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_zip_bomb_is_refused_before_it_is_expanded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "mine.xlsx", EASY)
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info, old.read(info))
        with new.open("xl/sharedStrings2.xml", "w") as part:  # 300 MiB of zeros, ~300 KB
            block = b"0" * 2**20
            for _ in range(300):
                part.write(block)
    assert bomb.stat().st_size < 2 * 2**20
    started = time.perf_counter()
    status, err = batch(capsys, str(bomb))
    assert status == 1 and time.perf_counter() - started < 2
    assert "refused: part xl/sharedStrings2.xml would expand to 300.0 MiB" in err


def test_one_cell_on_the_last_row_costs_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "stray.xlsx", EASY)
    book = openpyxl.load_workbook(source)
    book["My puzzle"].cell(1_048_576, 16_384).value = "the end"
    book.save(source)
    started = time.perf_counter()
    assert batch(capsys, str(source))[0] == 0
    assert time.perf_counter() - started < 2
    output = tmp_path / "stray.solved.xlsx"
    assert output.stat().st_size < 3 * source.stat().st_size + 20_000


# --- reruns ---------------------------------------------------------------------------------------


@pytest.mark.slow
def test_three_runs_in_place_give_one_answer_and_one_steps_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    write_grid(sheet, EASY, 2, 2)
    write_grid(sheet, MEDIUM, 14, 2)
    lists = book.create_sheet("List")
    lists.append(["Puzzle"])
    for puzzle in load("norvig_top95")[:3]:
        lists.append([format_line(puzzle)])
    source = tmp_path / "again.xlsx"
    book.save(source)
    outputs = []
    for _ in range(3):
        report = ["--report", str(tmp_path / "r.json"), "--force"]  # replaced: --force
        status, err = batch(capsys, str(source), "--in-place", *report)
        assert (status, err) == (0, "")
        report = json.loads((tmp_path / "r.json").read_text())
        assert len(report) == 5  # two grids, three list entries: no answer found as a puzzle
        outputs.append(openpyxl.load_workbook(source))
    for solved in outputs:
        assert solved.sheetnames == ["Sheet", "List", "Steps"]
        assert solved["List"].max_column == 6
    sheet = outputs[-1]["Sheet"]
    assert is_solution(grid_at(source, "Sheet", 2, 12), parse_puzzle(EASY))  # type: ignore[arg-type]
    assert is_solution(grid_at(source, "Sheet", 14, 12), parse_puzzle(MEDIUM))  # type: ignore[arg-type]
    assert sheet.max_column == 20 and sheet.max_row == 22  # nothing written below or beyond


# --- where answers go, and what is found ---------------------------------------------------------


def test_formatted_noted_or_validated_empty_cells_are_not_free(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = user_grid_workbook(tmp_path / "layout.xlsx", EASY)
    book = openpyxl.load_workbook(source)
    sheet = book["My puzzle"]
    sheet["N6"].fill = PatternFill("solid", fgColor="FFEEAA")  # beside: one formatted cell
    sheet["E16"].comment = Comment("my note", "me")  # below: a note on an empty cell
    validation = DataValidation(type="whole", operator="between", formula1="1", formula2="9")
    validation.add("C30:K40")
    sheet.add_data_validation(validation)
    book.save(source)
    assert batch(capsys, str(source), "-q")[0] == 0
    solved = openpyxl.load_workbook(tmp_path / "layout.solved.xlsx")
    assert solved["My puzzle"]["N6"].value is None
    assert solved["My puzzle"]["N6"].fill.fgColor.rgb == "00FFEEAA"
    assert solved["My puzzle"]["E16"].value is None
    assert "My puzzle solved" in solved.sheetnames
    answer = grid_at(tmp_path / "layout.solved.xlsx", "My puzzle solved", 5, 3)
    assert is_solution(answer, parse_puzzle(EASY))  # type: ignore[arg-type]
    assert main(["batch", "--force", str(source)]) == 0
    assert "answer on sheet 'My puzzle solved' (no free cells beside or below" in (
        capsys.readouterr().err
    )


def test_a_merged_range_where_the_answer_would_go(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = openpyxl.Workbook()
    first = book.active
    assert first is not None
    first.title = "Merged"
    write_grid(first, EASY, 4, 3)
    first.merge_cells("N5:P6")  # beside
    first.merge_cells("D17:F18")  # below
    write_grid(book.create_sheet("Other"), MEDIUM, 4, 3)
    source = tmp_path / "merged.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source))
    assert (status, err) == (0, "")
    out = tmp_path / "merged.solved.xlsx"
    assert is_solution(grid_at(out, "Merged solved", 5, 3), parse_puzzle(EASY))  # type: ignore[arg-type]
    assert is_solution(grid_at(out, "Other", 4, 13), parse_puzzle(MEDIUM))  # type: ignore[arg-type]


def test_odd_values_in_a_grid_are_named_like_typos(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import datetime

    odd: dict[str, object] = {
        "date": datetime.datetime(2024, 3, 1),
        "true": True,
        "na": "=NA()",
        "div": "#DIV/0!",
    }
    book = openpyxl.Workbook()
    del book["Sheet"]
    for name, value in odd.items():
        sheet = book.create_sheet(name)
        write_grid(sheet, EASY, 4, 3)
        sheet["G8"] = value  # r5c5
    source = tmp_path / "odd.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source))
    assert status == 1
    assert "date!C4:K12: invalid: r5c5: '2024-03-01' is not a digit 1-9 (cell G8)" in err
    assert "true!C4:K12: invalid: r5c5: 'TRUE' is not a digit 1-9 (cell G8)" in err
    assert (  # openpyxl saves no value for it: the message says so (issue 51)
        "na!C4:K12: invalid: r5c5: '=NA()' is a formula without a saved value: open and "
        "save it in Excel or LibreOffice to calculate it (cell G8)"
    ) in err
    assert "div!C4:K12: invalid: r5c5: '#DIV/0!' is not a digit 1-9 (cell G8)" in err
    assert "no puzzle" not in err


def test_digits_made_by_formulas_count_by_their_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import xlsxwriter

    source = tmp_path / "formulas.xlsx"
    book = xlsxwriter.Workbook(str(source))
    sheet = book.add_worksheet("Grid")
    data = book.add_worksheet("Data")
    for cell, char in enumerate(format_line(parse_puzzle(EASY))):
        if char != ".":
            data.write_number(cell // 9, cell % 9, int(char))
            reference = f"Data!{'ABCDEFGHI'[cell % 9]}{cell // 9 + 1}"
            sheet.write_formula(3 + cell // 9, 2 + cell % 9, f"={reference}", None, int(char))
    book.close()
    status, err = batch(capsys, str(source), "-q")
    assert status == 0, err
    answer = grid_at(tmp_path / "formulas.solved.xlsx", "Grid", 4, 13)
    assert is_solution(answer, parse_puzzle(EASY))  # type: ignore[arg-type]


def test_a_grid_with_16_givens_is_found_and_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    answer = solve(EASY)
    givens = [0] * 81
    for cell in (0, 10, 20, 30, 40, 50, 60, 70, 80, 8, 16, 24, 56, 64, 72, 4):
        givens[cell] = answer[cell]
    source = user_grid_workbook(tmp_path / "sixteen.xlsx", format_line(tuple(givens)))
    status, err = batch(capsys, str(source))
    assert status == 1
    assert "My puzzle!C4:K12: 2 or more solutions (16 givens: a sudoku needs at least 17)" in err


def test_openpyxls_warnings_do_not_reach_the_user(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.batch.fixtures import xlsxwriter_workbook

    source = xlsxwriter_workbook(tmp_path / "club.xlsm")
    with pytest.warns(UserWarning):  # openpyxl warns about what it does not read ...
        openpyxl.load_workbook(io.BytesIO(source.read_bytes()))
    status, err = batch(capsys, str(source))  # ... batch mode, which keeps it all, does not
    assert status == 0 and "Warning" not in err and "not supported" not in err


def test_a_list_beside_a_protected_sheet_goes_to_a_new_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = list_workbook(
        tmp_path / "list.xlsx", [format_line(p) for p in load("norvig_top95")[:3]]
    )
    book = openpyxl.load_workbook(source)
    book["Puzzles"].protection.sheet = True
    book.save(source)
    assert main(["batch", str(source)]) == 0
    err = capsys.readouterr().err
    assert "answers on sheet 'Puzzles solved' (the sheet is protected)" in err
    solved = openpyxl.load_workbook(tmp_path / "list.solved.xlsx")["Puzzles solved"]
    assert solved["B1"].value == "Solution" and solved["C2"].value == "solved"
    assert solved["A2"].value == format_line(load("norvig_top95")[0])


def test_a_grid_that_could_sit_in_one_place_only_is_solved_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.batch.test_batch import empty_last_column

    puzzle = format_line(tuple(empty_last_column(EASY)))  # its last column is empty
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Edge"
    write_grid(sheet, puzzle, 1, 1, borders=False)  # A1:I9, nothing marks its right edge
    for row in range(1, 10):
        sheet.cell(row, 10).value = "a note"  # J: words, so it cannot reach further right
    for column in range(1, 10):
        sheet.cell(10, column).value = "total"  # and a row of words below it
    source = tmp_path / "edge.xlsx"
    book.save(source)
    status, err = batch(capsys, str(source))
    assert (status, err) == (0, "")
    answer = grid_at(tmp_path / "edge.solved.xlsx", "Edge", 12, 1)  # below, its title on 11
    assert is_solution(answer, parse_puzzle(puzzle))  # type: ignore[arg-type]
