"""The pipeline's first stage, open: the file taken for the run and read (batch layer).

A file that is not a workbook we can read (not a zip, truncated, password-protected, an
old ``.xls``, a binary ``.xlsb``, an OpenDocument ``.ods``, a CSV renamed ``.xlsx``, a
zip with no workbook in it, an XML or zip bomb, a part past the size limits) raises
``WorkbookError`` with the reason in words. A workbook is opened without being loaded:
its sheets are read as streams when its puzzles are looked for (``scan``).

Before any work, the output's place is chosen and checked (``save.writable``: a file we
may not replace is refused now, not after the solving); with ``--in-place`` the file is
locked for the run and fingerprinted as read (``save.Lock``, ``save.Fingerprint``), so
that ``save`` replaces only the file that was read. A workbook signed as a document is
not written into in place without ``--force`` (its signature would break: a copy is
written, and says so, ``signature_broken``).
"""

from __future__ import annotations

import codecs
import io
import os
import shlex
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from ..helpers.atomic import name_max
from .archive import Limits, Package, PackageError, WorkbookError, check_limits
from .options import Options
from .save import Fingerprint, Lock, output_path, writable
from .scan import WorkbookScan

CFB_SIGNATURE: Final = bytes.fromhex("D0CF11E0A1B11AE1")
ODF_MIMETYPE: Final = b"application/vnd.oasis.opendocument."


@dataclass
class Opened:
    """A file taken for the run: the workbook read, where its output goes (checked), and,
    with ``--in-place``, the file as it was read (``save`` replaces only that file)."""

    source: Source
    target: Path
    read: Fingerprint | None
    remarks: list[str]  # what to say of the output when it is written (a name cut)


@contextmanager
def opened(path: Path, options: Options) -> Iterator[Opened]:
    """The open stage: ``path`` refused if the run's plan refused it or it is empty; with
    ``--in-place`` locked for the run (released on leaving) and fingerprinted; read
    (``open_workbook``); its output's place chosen and checked before any work."""
    refusal = options.refusal(path)
    if refusal is not None:
        raise WorkbookError(refusal)
    if path.is_file() and path.stat().st_size == 0:
        raise WorkbookError("it is empty (0 bytes): there is nothing in it to solve")
    lock = Lock(path) if options.in_place else None
    read = None
    if lock is not None:  # the file read is the file replaced: ours for the run
        writable(path, replace=True)
        lock.acquire()
    try:
        if lock is not None:
            read = Fingerprint.of(path)
        source = open_workbook(path, options.limits)
        if read is not None and not read.same_status(path):
            raise WorkbookError(f"{path} changed while it was being read: run again")
        if options.in_place and not options.force and source.package.signed:
            raise WorkbookError(
                f"{SIGNED}: writing into it would break the signature: write a copy (without "
                "--in-place), or add --force"
            )
        suffix = source.package.suffix
        target = output_path(path, options.output, options.in_place, suffix, options.stem(path))
        if not options.in_place and target.resolve() == path.resolve():
            raise WorkbookError("the output would replace the input: use --in-place for that")
        writable(target, replace=options.may_replace)  # before any work
        remarks = []
        whole = f"{options.stem(path) or path.stem}.solved{suffix}"
        if not options.in_place and options.output != target and target.name != whole:
            size, most = len(os.fsencode(whole)), name_max(target.parent)
            remarks.append(
                f"written as {target} (its name cut: {size} bytes would be longer than the "
                f"{most} a file name may have)"
            )
        yield Opened(source, target, read, remarks)
    finally:
        if lock is not None:
            lock.release()


SIGNED: Final = "it is signed (a digital signature, _xmlsignatures/)"


def signature_broken(in_place: bool) -> str:
    """What a run says of a signed workbook it wrote: its signature kept, byte for byte,
    no longer matches what it signs (only its signer can sign it again)."""
    whose = "the signature" if in_place else "the copy's signature"
    return (
        f"{SIGNED}: {whose} no longer matches what it signs; Excel will show it as "
        "invalid: sign it again if you need it"
    )


@dataclass
class Source:
    """A workbook as read: its bytes, its package, and the package read as batch mode
    reads it (``scan.WorkbookScan``: its sheets as streams, to find the puzzles)."""

    path: Path
    data: bytes
    package: Package
    workbook: WorkbookScan


def defused() -> bool:
    """True when openpyxl parses with defusedxml (it then refuses XML bombs)."""
    from openpyxl.xml import DEFUSEDXML  # noqa: PLC0415 - read at call time, set by openpyxl

    return bool(DEFUSEDXML)


def open_workbook(path: Path, limits: Limits | None = None) -> Source:
    """The workbook at ``path``, read with ``limits`` (see ``package.check_limits``): its
    package checked (a zip, a workbook's, within the limits, no XML part declaring
    entities), its sheets ready to be read as streams."""
    limits = limits or Limits()
    try:
        with path.open("rb") as file:
            head = file.read(4096)
            if head[:2] != b"PK":
                raise WorkbookError(_not_a_zip(head, file, path))
            _check_sizes(file, limits)  # from the zip's directory: a refusal reads no more
            file.seek(0)
            data = file.read()
    except OSError as error:
        raise WorkbookError(f"cannot read it: {error.strerror}") from None
    package = _package(data, limits)
    try:
        workbook = WorkbookScan(package)
    except PackageError as error:
        raise WorkbookError(str(error)) from None
    return Source(path, data, package, workbook)


def _check_sizes(file: IO[bytes], limits: Limits) -> None:
    """Refuse a zip whose parts would expand past ``limits``, by its directory alone (a
    file that is not a readable zip is left to ``_package`` to name)."""
    try:
        with zipfile.ZipFile(file) as archive:
            if "[Content_Types].xml" in archive.namelist():  # else not a workbook: said so
                check_limits(archive, limits)
    except zipfile.BadZipFile:
        return
    except PackageError as error:
        raise WorkbookError(str(error)) from None


ENCRYPTED: Final = "EncryptionInfo".encode("utf-16-le")  # the stream of a password's file


def _not_a_zip(head: bytes, file: IO[bytes], path: Path) -> str:
    """Why the file that starts with ``head``, not a zip file, is not a workbook, in words
    (an old or encrypted workbook's directory is looked for in the rest, piece by piece)."""
    data = head
    if head[:8] == CFB_SIGNATURE:
        while True:
            if ENCRYPTED in data:
                return "it is password-protected: save a copy without a password"
            piece = file.read(2**20)
            if not piece:
                break
            data = data[-len(ENCRYPTED) :] + piece
        return "it is an old .xls workbook: save it as .xlsx (Excel or LibreOffice)"
    if _web_page(head):
        return (
            "it is a web page (HTML), not a workbook: open it in Excel or LibreOffice and "
            "save it as .xlsx"
        )
    if _text(head[:512]):
        if path.suffix.lower() in (".csv", ".txt"):
            return (
                "it is a text file: batch mode reads workbooks; for the puzzles in a text "
                f"file, use xl-sudoku solve {shlex.quote(str(path))} (or rate, steps, hint)"
            )
        return "it is text, not a workbook (a CSV file renamed?)"
    return "it is not a workbook (not a zip file)"


def _text(sample: bytes) -> bool:
    """True if ``sample`` starts a text file of printable characters, tabs and line ends:
    UTF-8, with or without a byte-order mark (Excel's "CSV UTF-8" has one), or UTF-16 with
    its mark (Excel's "Unicode Text")."""
    utf16 = sample.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    decoder = codecs.getincrementaldecoder("utf-16" if utf16 else "utf-8-sig")()
    try:
        text = decoder.decode(sample)  # a character cut off at the sample's end is left out
    except UnicodeDecodeError:
        return False
    return bool(text) and all(ch.isprintable() or ch in "\t\r\n" for ch in text)


def _web_page(head: bytes) -> bool:
    """True if ``head`` starts an HTML page (a report or a table saved as a web page, Excel's
    own "Web Page" among them), in UTF-8, with or without a byte-order mark, or in UTF-16."""
    for encoding in ("utf-8-sig", "utf-16"):
        text = head.decode(encoding, "ignore").lstrip().lower()
        if text.startswith(("<!doctype html", "<html")) or (
            text.startswith("<?xml") and "<html" in text
        ):
            return True
    return False


def _package(data: bytes, limits: Limits) -> Package:
    """The package of a zip file, checked: a workbook's, within the limits, undamaged."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if "[Content_Types].xml" not in archive.namelist():
                raise WorkbookError(_other_zip(archive))
        package = Package(data, limits)  # the limits are checked before anything is expanded
        broken = package.archive.testzip()
        if broken is not None:
            raise WorkbookError(f"it is damaged (bad data in {broken})")
        package.check_prologs()
    except zipfile.BadZipFile:
        raise WorkbookError("it is truncated or damaged (not a readable zip file)") from None
    except NotImplementedError as error:  # a zip compression Python cannot read (deflate64)
        raise WorkbookError(f"it cannot be read ({error}): save it again in Excel") from None
    except PackageError as error:
        raise WorkbookError(str(error)) from None
    return package


def _other_zip(archive: zipfile.ZipFile) -> str:
    """What a zip file without content types (not Office Open XML) is, in words."""
    if "mimetype" in archive.namelist():
        kind = archive.read("mimetype")[:100].strip()
        if kind == ODF_MIMETYPE + b"spreadsheet":
            return (
                "it is an OpenDocument spreadsheet (.ods): save it as .xlsx "
                "(LibreOffice: File, Save As, Excel 2007-365)"
            )
        if kind.startswith(ODF_MIMETYPE):
            return "it is an OpenDocument file, not a workbook"
    return "it is a zip file, not a workbook"
