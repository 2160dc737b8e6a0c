"""``xl-sudoku build-workbook``: workbook/sudoku.xlsm from its text sources, or with
``--lite`` workbook/sudoku-lite.xlsx, the xlwings Lite workbook (cli layer)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .errors import CommandError, ExitStatus, UsageError, extra_hint, needs_extra


def configure_build_workbook(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Build the macro-enabled workbook from its text sources (VBA modules, "
        "ribbon XML, sheet layout), or with --lite the xlwings Lite workbook (the same "
        f"layout, no macros). Needs {extra_hint('workbook')}."
    )
    parser.add_argument(
        "--lite",
        action="store_true",
        help="the xlwings Lite workbook (default path workbook/sudoku-lite.xlsx)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="where to write it (workbook/sudoku.xlsm, or workbook/sudoku-lite.xlsx)",
    )


def run_build_workbook(args: argparse.Namespace) -> ExitStatus:
    try:
        from ..workbook.build import write  # noqa: PLC0415 - needs the 'workbook' extra
        from ..workbook.lite import write_lite  # noqa: PLC0415
    except ImportError as error:
        raise needs_extra(f"building the workbook ({error.name})", "workbook") from None
    default = "workbook/sudoku-lite.xlsx" if args.lite else "workbook/sudoku.xlsm"
    target = Path(args.output or default)
    if args.output is not None:  # (only the default folder is made, where it is missing)
        if target.is_dir():
            raise UsageError(f"{target} is a folder: name the workbook to write")
        if not target.parent.is_dir():
            raise CommandError(f"cannot write {target}: there is no folder {target.parent}")
    try:
        path = (write_lite if args.lite else write)(target)
    except OSError as error:
        raise CommandError(f"cannot write {target}: {error.strerror}") from None
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return ExitStatus.OK
