"""``xl-sudoku setup-workbook``: from an installed package to a workbook ready to open, its
``xlwings.conf`` naming this Python on Windows and macOS (run here with ``sys.platform``
and ``sys.executable`` set as there: Excel itself runs nowhere here), nothing of the
user's ever lost. The same command from a wheel installed outside the repository:
tests/smoke_wheel.py, which .ci/run runs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import xl_sudoku
from tests.cli.helpers import run
from xl_sudoku.cli.workbook import conf_text, lite_requirement_note, shipped

ROOT = Path(__file__).resolve().parents[2]
WORKBOOK = (ROOT / "workbook" / "sudoku.xlsm").read_bytes()
LITE = (ROOT / "workbook" / "sudoku-lite.xlsx").read_bytes()
WINDOWS_PYTHON = r"C:\Users\you\xl-sudoku\.venv\Scripts\python.exe"
MAC_PYTHON = "/Users/you/xl sudoku/.venv/bin/python"


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "executable", WINDOWS_PYTHON)


@pytest.fixture
def mac(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """macOS, with a home of its own (where xlwings' AppleScript goes)."""
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(sys, "executable", MAC_PYTHON)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def test_on_windows_the_workbook_and_its_conf_name_this_python(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, windows: None
) -> None:
    folder = tmp_path / "my sudoku"  # made, with a space in its name
    status, out, err = run(capsys, "setup-workbook", str(folder))
    assert (status, err) == (0, "")
    assert sorted(p.name for p in folder.iterdir()) == ["sudoku.xlsm", "xlwings.conf"]
    assert (folder / "sudoku.xlsm").read_bytes() == WORKBOOK
    # the line xlwings' VBA reads (Input #: "KEY","value"), with Windows' line end
    assert (folder / "xlwings.conf").read_bytes() == (
        b'"INTERPRETER_WIN","' + WINDOWS_PYTHON.encode() + b'"\r\n'
    )
    assert f'wrote {folder / "xlwings.conf"}: "INTERPRETER_WIN","{WINDOWS_PYTHON}"' in out
    steps = " ".join(out.split())  # the steps, unwrapped
    assert f"1. Open {folder / 'sudoku.xlsm'} in Excel." in steps
    assert "Enable Content" in steps and "Properties, tick Unblock" in steps
    assert "Press Check set-up" in steps
    assert "runpython" not in out  # a Mac's step only


def test_on_macos_the_conf_says_interpreter_mac_and_the_applescript_step_is_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, mac: Path
) -> None:
    import xlwings

    folder = tmp_path / "sudoku"
    status, out, err = run(capsys, "setup-workbook", str(folder))
    assert (status, err) == (0, "")
    assert (folder / "xlwings.conf").read_bytes() == f'"INTERPRETER_MAC","{MAC_PYTHON}"\n'.encode()
    steps = " ".join(out.split())
    # the environment's own xlwings, quoted for the shell (the path has a space)
    assert "1. Once on this Mac" in steps
    assert "'/Users/you/xl sudoku/.venv/bin/xlwings' runpython install" in steps
    assert "Enable Macros" in steps and "Unblock" not in steps  # Windows' words
    # once the AppleScript is where Excel for Mac looks, the step says so instead
    scripts = mac / "Library" / "Application Scripts" / "com.microsoft.Excel"
    scripts.mkdir(parents=True)
    (scripts / f"xlwings-{xlwings.__version__}.applescript").write_text("on run\nend run\n")
    status, out, _ = run(capsys, "setup-workbook", str(folder))
    assert status == 0 and "runpython install" not in out
    assert "AppleScript is in place" in out
    assert f"kept {folder / 'sudoku.xlsm'}" in out and f"kept {folder / 'xlwings.conf'}" in out


def test_on_linux_the_workbook_alone_and_it_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    status, out, err = run(capsys, "setup-workbook", str(tmp_path))
    assert (status, err) == (0, "")
    assert [p.name for p in tmp_path.iterdir()] == ["sudoku.xlsm"]
    assert (tmp_path / "sudoku.xlsm").read_bytes() == WORKBOOK
    said = " ".join(out.split())
    assert "Excel does not run on this system (linux): no xlwings.conf written" in said


def test_a_copy_already_there_is_kept_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, windows: None
) -> None:
    mine = tmp_path / "sudoku.xlsm"
    mine.write_bytes(b"my own puzzles")
    status, out, err = run(capsys, "setup-workbook", str(tmp_path))
    assert status == 2 and out == ""
    assert err == f"xl-sudoku: error: {mine} exists: use --force to replace it\n"
    assert mine.read_bytes() == b"my own puzzles"
    assert not (tmp_path / "xlwings.conf").exists()  # checked before anything is written
    # and an xlwings.conf of one's own the same way, the workbook not written either
    mine.unlink()
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes(b'"INTERPRETER_WIN","C:\\Python311\\python.exe"\r\n')
    status, _, err = run(capsys, "setup-workbook", str(tmp_path))
    # --force keeps the file's other lines (the next test): the message says so
    why = "exists: --force writes its interpreter line and keeps the others"
    assert (status, err) == (2, f"xl-sudoku: error: {conf} {why}\n")
    assert not mine.exists()


def test_force_replaces_atomically_and_keeps_every_other_setting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, windows: None
) -> None:
    mine = tmp_path / "sudoku.xlsm"
    mine.write_bytes(b"an older copy")
    other = tmp_path / "elsewhere.xlsm"
    other.hardlink_to(mine)  # a rename leaves the old file whole under its other name
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes(
        b'"INTERPRETER_MAC","/usr/local/bin/python3"\r\n'
        b'"INTERPRETER_WIN","C:\\Python311\\python.exe"\r\n'
        b'"SHOW CONSOLE","True"\r\n'
    )
    status, out, err = run(capsys, "setup-workbook", str(tmp_path), "--force")
    assert (status, err) == (0, "")
    assert mine.read_bytes() == WORKBOOK and other.read_bytes() == b"an older copy"
    assert conf.read_bytes() == (
        b'"INTERPRETER_MAC","/usr/local/bin/python3"\r\n'
        b'"INTERPRETER_WIN","' + WINDOWS_PYTHON.encode() + b'"\r\n'
        b'"SHOW CONSOLE","True"\r\n'
    )
    assert f"replaced {mine}" in out and f"replaced {conf}" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "elsewhere.xlsm",
        "sudoku.xlsm",
        "xlwings.conf",
    ]  # no temporary file left


def test_the_conf_keeps_the_first_line_of_a_key_as_xlwings_reads_it() -> None:
    old = b'"interpreter_win","C:\\old.exe"\n"INTERPRETER_WIN","C:\\older.exe"\n'
    new = conf_text(old, "INTERPRETER_WIN", "C:\\new.exe", windows=True)
    assert new == b'"INTERPRETER_WIN","C:\\new.exe"\r\n"INTERPRETER_WIN","C:\\older.exe"\r\n'
    assert conf_text(None, "INTERPRETER_MAC", "/p", windows=False) == b'"INTERPRETER_MAC","/p"\n'


def test_without_xlwings_it_names_the_extra_in_a_form_any_shell_takes(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    windows: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "xlwings", None)  # as if not installed
    status, out, err = run(capsys, "setup-workbook", str(tmp_path))
    assert status == 2 and out == ""
    assert err == (
        "xl-sudoku: error: the workbook's buttons and functions (xlwings) needs the 'excel' "
        f'extra (pip install "xl-sudoku[excel]=={xl_sudoku.__version__}" in xl-sudoku\'s '
        "environment)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_cannot_be_made_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, windows: None
) -> None:
    (tmp_path / "a file").write_text("x")
    status, _, err = run(capsys, "setup-workbook", str(tmp_path / "a file"))
    assert (status, err) == (2, f"xl-sudoku: error: {tmp_path / 'a file'} is not a folder\n")
    status, _, err = run(capsys, "setup-workbook", str(tmp_path / "a file" / "sudoku"))
    assert status == 1  # an output that cannot be written (docs/command-line.md's table)
    assert err.startswith(f"xl-sudoku: cannot make the folder {tmp_path / 'a file'}")
    assert "Traceback" not in err


def test_lite_copies_the_lite_workbook_and_says_where_the_code_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, "setup-workbook", "--lite", str(tmp_path))
    assert (status, err) == (0, "")
    assert [p.name for p in tmp_path.iterdir()] == ["sudoku-lite.xlsx"]
    assert (tmp_path / "sudoku-lite.xlsx").read_bytes() == LITE
    steps = " ".join(out.split())
    main_py = shipped("xl_sudoku.lite", "lite", "main.py")
    assert main_py.read_bytes() == (ROOT / "lite" / "main.py").read_bytes()
    assert f"replace the sample code with the whole of {main_py}" in steps
    (requirement,) = (ROOT / "lite" / "requirements.txt").read_text().split()
    assert f"add this line: {requirement} " in steps
    # the line is never shown without what to know before using it
    assert "released from its public repository" in steps or "is this project's" in steps
    # a copy of one's own is kept there too
    (tmp_path / "sudoku-lite.xlsx").write_bytes(b"mine")
    status, _, err = run(capsys, "setup-workbook", "--lite", str(tmp_path))
    assert status == 2 and "use --force" in err
    assert (tmp_path / "sudoku-lite.xlsx").read_bytes() == b"mine"


def test_the_files_come_from_an_installed_package_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wheel's copy (importlib.resources) is taken before the repository's."""
    package = tmp_path / "elsewhere" / "xl_sudoku_fake_workbooks"
    package.mkdir(parents=True)
    (package / "sudoku.xlsm").write_bytes(b"from the wheel")
    monkeypatch.syspath_prepend(str(tmp_path / "elsewhere"))
    found = shipped("xl_sudoku_fake_workbooks", "workbook", "sudoku.xlsm")
    assert found.read_bytes() == b"from the wheel"
    # without such a package (a clone), the repository's own folder
    assert shipped("xl_sudoku_no_such_package", "workbook", "sudoku.xlsm").read_bytes() == WORKBOOK


def test_a_requirement_by_name_comes_with_what_to_check_first() -> None:
    """Should lite/requirements.txt name the package on PyPI (after a release there), the
    line is still never shown alone: the project page to check comes with it."""
    note = lite_requirement_note(f"xl-sudoku=={xl_sudoku.__version__}")
    assert f"https://pypi.org/project/xl-sudoku/{xl_sudoku.__version__}/" in note
    assert "is this project's before you use it" in note
    url = lite_requirement_note("https://example.org/xl_sudoku-0.2.0-py3-none-any.whl")
    assert "released from its public repository" in url and "(CORS)" in url
