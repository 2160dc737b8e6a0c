"""A batch run's report (batch layer): every puzzle, file error, skipped grid and note,
as CSV, TSV or JSON (``--report``), checked before any file is read and written
atomically when the run ends."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from .archive import WorkbookError
from .pipeline import FileResult
from .save import atomic_write, check_replaceable, folder_may_hold

REPORT_FIELDS = (
    "file",
    "sheet",
    "where",
    "status",
    "puzzle",
    "solution",
    "rating",
    "label",
    "hardest",
    "ms",
    "output",
)


# what makes a spreadsheet read a field as a formula (OWASP, "CSV Injection")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(value: object) -> object:
    """A CSV or TSV field that no spreadsheet takes for a formula: text starting with one
    of ``FORMULA_STARTS`` gets a single quote before it (as OWASP advises); numbers and
    other text are as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def report_writable(path: Path, *, replace: bool) -> None:
    """Refuse, before any file is read, a report that could not be written as the output
    rules say: one that exists (without ``--force``), one we must not replace, a folder,
    one in a folder we cannot write in."""
    if path.is_dir():
        raise WorkbookError(f"{path} is a folder")
    if path.exists() and not replace:
        raise WorkbookError(f"{path} exists: use --force to replace it")
    check_replaceable(path, instead="name another report file")
    folder_may_hold(path)


def write_report(path: Path, results: Sequence[FileResult], *, replace: bool) -> None:
    """Every puzzle (and every file error, skipped grid, note on a sheet or remark) as CSV,
    TSV or JSON, by the suffix; in CSV and TSV no field can start a formula (``neutral``).
    An existing file is replaced only with ``replace`` (and never one we must not
    replace)."""
    rows: list[dict[str, object]] = []
    for result in results:
        if result.error:
            rows.append({"file": result.path, "status": f"error: {result.error}"})
        for sheet, note in result.notes:
            rows.append({"file": result.path, "sheet": sheet, "status": f"skipped: {note}"})
        for remark in result.remarks:
            rows.append({"file": result.path, "status": f"note: {remark}"})
        for outcome in result.outcomes:
            rows.append(
                {
                    "file": result.path,
                    **asdict(outcome),
                    "ms": round(outcome.ms, 2),
                    "output": result.output,
                }
            )
    rows = [{key: row.get(key, "") for key in REPORT_FIELDS} for row in rows]
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = json.dumps(rows, indent=1) + "\n"
    else:
        buffer = io.StringIO(newline="")
        dialect = "excel-tab" if suffix == ".tsv" else "excel"
        writer = csv.DictWriter(buffer, fieldnames=REPORT_FIELDS, dialect=dialect)
        writer.writeheader()
        writer.writerows({key: neutral(value) for key, value in row.items()} for row in rows)
        text = buffer.getvalue()
    if not replace and path.exists():
        raise WorkbookError(f"{path} exists: use --force to replace it")
    check_replaceable(path, instead="name another report file")
    atomic_write(path, lambda file: file.write(text.encode("utf-8")), replace=replace)
