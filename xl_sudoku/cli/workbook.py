"""``xl-sudoku build-workbook``: workbook/sudoku.xlsm from its text sources (cli layer)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .shared import ExitStatus, extra_hint, needs_extra


def configure_build_workbook(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Build the macro-enabled workbook from its text sources (VBA modules, "
        f"ribbon XML, sheet layout). Needs {extra_hint('workbook')}."
    )
    parser.add_argument(
        "-o", "--output", default="workbook/sudoku.xlsm", metavar="PATH", help="where to write it"
    )


def run_build_workbook(args: argparse.Namespace) -> ExitStatus:
    try:
        from ..workbook.build import write  # noqa: PLC0415 - needs the 'workbook' extra
    except ImportError as error:
        raise needs_extra(f"building the workbook ({error.name})", "workbook") from None
    path = write(Path(args.output))
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return ExitStatus.OK
