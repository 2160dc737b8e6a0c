"""Opening workbooks safely and saving results without losing anything (batch layer).

A file that is not a workbook we can read (not a zip, truncated, password-protected, an
old ``.xls``, a CSV renamed ``.xlsx``, an XML bomb) raises ``WorkbookError`` with the
reason in words. Results never overwrite the input unless asked (``in_place``), and every
write goes to a temporary file in the target's folder first, then replaces the target:
a crash leaves the old file whole. ``.xlsm`` files keep their VBA and their ribbon.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Final

import openpyxl
from openpyxl.workbook.workbook import Workbook

from .. import atomic, ooxml

MACRO_SUFFIXES: Final = (".xlsm", ".xltm")
SUFFIXES: Final = (".xlsx", ".xlsm", ".xltx", ".xltm")
CFB_SIGNATURE: Final = bytes.fromhex("D0CF11E0A1B11AE1")


class WorkbookError(Exception):
    """A file that cannot be read as a workbook; the message says why."""


def defused() -> bool:
    """True when openpyxl parses with defusedxml (it then refuses XML bombs)."""
    from openpyxl.xml import DEFUSEDXML  # noqa: PLC0415 - read at call time, set by openpyxl

    return bool(DEFUSEDXML)


def open_workbook(path: Path) -> tuple[Workbook, bytes]:
    """The workbook at ``path`` and its bytes (kept to restore what openpyxl drops)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise WorkbookError(f"cannot read it: {error.strerror}") from None
    if data[:8] == CFB_SIGNATURE:
        if b"E\x00n\x00c\x00r\x00y\x00p\x00t\x00i\x00o\x00n\x00I\x00n\x00f\x00o" in data:
            raise WorkbookError("it is password-protected: save a copy without a password")
        raise WorkbookError("it is an old .xls workbook: save it as .xlsx (Excel or LibreOffice)")
    if data[:2] != b"PK":
        sample = data[:512]
        if sample and all(32 <= b < 127 or b in b"\t\r\n" for b in sample):
            if path.suffix.lower() in (".csv", ".txt"):
                raise WorkbookError(
                    "it is a text file: open it in Excel or LibreOffice, save as .xlsx"
                )
            raise WorkbookError("it is text, not a workbook (a CSV file renamed?)")
        raise WorkbookError("it is not a workbook (not a zip file)")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            broken = archive.testzip()
            if broken is not None:
                raise WorkbookError(f"it is damaged (bad data in {broken})")
            if "[Content_Types].xml" not in archive.namelist():
                raise WorkbookError("it is a zip file, not a workbook")
    except zipfile.BadZipFile:
        raise WorkbookError("it is truncated or damaged (not a readable zip file)") from None
    keep_vba = path.suffix.lower() in MACRO_SUFFIXES
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), keep_vba=keep_vba)
    except WorkbookError:
        raise
    except Exception as error:
        if _refused_by_defusedxml(error):
            raise WorkbookError("refused: it declares XML entities (an XML bomb?)") from None
        raise WorkbookError(f"it is damaged ({type(error).__name__}: {error})") from None
    return workbook, data


def _refused_by_defusedxml(error: BaseException | None) -> bool:
    """True if ``error``, or what caused it (openpyxl wraps parse errors), is defusedxml's."""
    seen = 0
    while error is not None and seen < 10:
        if type(error).__module__.startswith("defusedxml"):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def output_path(source: Path, output: Path | None, in_place: bool) -> Path:
    """Where the results of ``source`` go: the input itself with ``in_place``, else ``output``
    (a file if it ends .xlsx or .xlsm, else a folder), else ``NAME.solved.xlsx`` beside it
    (``.xlsm`` for macro files)."""
    if in_place:
        return source
    suffix = source.suffix.lower() if source.suffix.lower() in SUFFIXES else ".xlsx"
    name = f"{source.stem}.solved{suffix}"
    if output is None:
        return source.with_name(name)
    if output.is_dir() or output.suffix.lower() not in SUFFIXES:
        return output / name  # a folder, made if need be
    return output


def save(workbook: Workbook, original: bytes, target: Path, *, replace: bool) -> None:
    """Write ``workbook`` to ``target`` atomically, with the ribbon the original had.

    ``replace`` allows replacing an existing file (the input itself, or ``--force``)."""
    if target.exists() and not replace:
        raise _taken(target)
    buffer = io.BytesIO()
    workbook.save(buffer)
    data = ooxml.with_ribbons(buffer.getvalue(), ooxml.ribbons(original))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WorkbookError(f"cannot write in {target.parent}: {error.strerror}") from None
    try:
        atomic.write_bytes(target, data, replace=replace)
    except FileExistsError:  # made by someone else while we wrote
        raise _taken(target) from None
    except OSError as error:
        raise WorkbookError(
            f"cannot write {target}: {error.strerror} (is it open in another program?)"
        ) from None


def _taken(target: Path) -> WorkbookError:
    return WorkbookError(f"{target} exists: use --force to replace it (or -o elsewhere)")
