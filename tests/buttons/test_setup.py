"""Check set-up: the report a person reads when the buttons do not work, and the facts
it is made of, gathered as Excel's Python would gather them."""

from __future__ import annotations

import locale
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import xlwings

from tests.buttons.standin import StandInBook
from tests.buttons.test_actions import status
from xl_sudoku import __version__
from xl_sudoku.buttons import on_check_setup
from xl_sudoku.buttons.setup import Facts, config_value, report
from xl_sudoku.cli.workbook import conf_text
from xl_sudoku.excel.entry_points import setup_facts, xl_check_setup

WORKS = Facts(
    python=r"C:\Python312\python.exe",
    python_version="3.12.1",
    platform="win32",
    virtual=False,
    xl_sudoku="0.1.0",
    xlwings_python="0.37.8",
    xlwings_workbook="0.37.8",
    interpreter_key="INTERPRETER_WIN",
    interpreter_source="",
)


def test_a_working_set_up_says_what_runs() -> None:
    assert report(WORKS) == (
        r"Set-up works: Python 3.12.1 at C:\Python312\python.exe (INTERPRETER_WIN: not set, "
        "so xlwings started 'python' from the PATH); xl-sudoku 0.1.0 imports; xlwings "
        "0.37.8 in Python, the same as in the workbook"
    )


def test_a_version_mismatch_says_how_to_mend_it() -> None:
    text = report(replace(WORKS, xlwings_python="0.37.9"))
    assert text.startswith("Set-up: Python 3.12.1")
    assert (
        r"To do: xlwings 0.37.9 in Python but 0.37.8 in the workbook: run "
        r"'C:\Python312\python.exe -m pip install xlwings==0.37.8'" in text
    )


def test_a_virtual_environment_on_windows_needs_interpreter_win_for_the_udfs() -> None:
    text = report(replace(WORKS, virtual=True))
    assert "'xl-sudoku setup-workbook FOLDER' writes it" in text  # the command that does it
    assert "the SUDOKU_* functions need INTERPRETER_WIN set to it" in text
    named = replace(WORKS, virtual=True, interpreter_source=r"x.conf says C:\venv\python.exe")
    assert report(named).startswith("Set-up works")
    assert report(replace(WORKS, virtual=True, platform="darwin")).startswith("Set-up works")


def test_config_files_read_as_xlwings_reads_them() -> None:
    text = '"INTERPRETER_WIN","C:\\venv\\Scripts\\pythonw.exe"\n"UDF MODULES",""\n'
    assert config_value(text, "interpreter_win") == "C:\\venv\\Scripts\\pythonw.exe"
    assert config_value(text, "INTERPRETER_MAC") is None
    assert config_value("", "INTERPRETER_WIN") is None


def test_the_facts_come_from_this_python_and_the_config_files(
    book: StandInBook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(tmp_path / "user" / "xlwings.conf"))
    monkeypatch.setattr(StandInBook, "fullname", str(book.path), raising=False)
    key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    facts = setup_facts(book)
    assert facts.python == sys.executable and facts.xl_sudoku == __version__
    assert facts.xlwings_python == facts.xlwings_workbook == xlwings.__version__
    assert facts.interpreter_key == key and facts.interpreter_source == ""
    (tmp_path / "user").mkdir()
    (tmp_path / "user" / "xlwings.conf").write_text(f'"{key}","/opt/py/bin/python"\n')
    assert setup_facts(book).interpreter_source.endswith("xlwings.conf says /opt/py/bin/python")
    beside = book.path.parent / "xlwings.conf"
    beside.write_text(f'"{key}","/srv/py/bin/python"\n')  # beside the workbook: it wins
    assert setup_facts(book).interpreter_source == f"{beside} says /srv/py/bin/python"
    book.workbook["xlwings.conf"]["A2"], book.workbook["xlwings.conf"]["B2"] = key, "/w/python"
    assert "xlwings.conf sheet says /w/python" in setup_facts(book).interpreter_source


def test_the_facts_read_the_xlwings_conf_that_setup_workbook_writes(
    book: StandInBook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """setup-workbook writes xlwings.conf in the system's code page, as xlwings' VBA reads
    it (cp1252 on a western Windows); Check set-up read it as UTF-8, and showed the path
    of a user named José as ``Jos\ufffd``."""
    monkeypatch.setattr(locale, "getencoding", lambda: "cp1252")
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    monkeypatch.setattr(StandInBook, "fullname", str(book.path), raising=False)
    key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    python = r"C:\Users\José\xl-sudoku\.venv\Scripts\python.exe"
    beside = book.path.parent / "xlwings.conf"
    beside.write_bytes(conf_text(None, key, python, windows=True))
    assert setup_facts(book).interpreter_source == f"{beside} says {python}"


def test_check_set_up_reports_a_workbook_xlwings_cannot_find_on_disk(
    book: StandInBook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """xlwings' ``Book.fullname`` maps a OneDrive or SharePoint address to the local file,
    and raises where it cannot find one; the other buttons never ask for it, and Check
    set-up, the button for when something is off, ended in a traceback box. xlwings' VBA
    reads no xlwings.conf beside such a workbook: neither does the report."""

    def unmapped(self: StandInBook) -> str:
        raise xlwings.XlwingsError("Couldn't find your local OneDrive file")

    monkeypatch.setattr(StandInBook, "fullname", property(unmapped), raising=False)
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    (book.path.parent / "xlwings.conf").write_text('"INTERPRETER_WIN","C:\\py\\python.exe"\n')
    xl_check_setup(book)
    assert str(status(book)).startswith("Set-up works: Python ")
    assert "not set, so xlwings started 'python'" in str(status(book))


def test_the_facts_read_xlwings_old_interpreter_key_where_the_new_one_is_not_set(
    book: StandInBook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """xlwings starts the ``INTERPRETER`` of an older xlwings.conf where neither file sets
    ``INTERPRETER_WIN`` (or ``_MAC``), for the buttons and the functions alike, as the
    workbook's own Check set-up VBA says; the report said "not set, so xlwings started
    'python' from the PATH", and, in a virtual environment on Windows, to set it."""
    user = tmp_path / "xlwings.conf"
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(user))
    key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    user.write_text('"INTERPRETER","C:\\venv\\Scripts\\python.exe"\n')
    facts = setup_facts(book)
    assert facts.interpreter_source == (
        f"{user} says C:\\venv\\Scripts\\python.exe (as INTERPRETER, xlwings' old key)"
    )
    assert report(replace(facts, platform="win32", virtual=True)).startswith("Set-up works")
    user.write_text(f'"INTERPRETER","/old/python"\n"{key}","/new/python"\n')
    assert setup_facts(book).interpreter_source == f"{user} says /new/python"


def test_check_set_up_writes_its_report_to_the_status_cell(
    book: StandInBook, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(tmp_path / "none.conf"))
    xl_check_setup(book)
    assert str(status(book)).startswith("Set-up works: Python ")
    on_check_setup(book, replace(WORKS, xlwings_workbook="0.30.0"))
    assert "0.37.8 in Python but 0.30.0 in the workbook" in str(status(book))
