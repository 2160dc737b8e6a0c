"""The arguments commands share, and their types (cli layer): a source, a workbook's
``--range``/``--column``, ``--techniques``, counts."""

from __future__ import annotations

import argparse

from ..core import (
    TECHNIQUES,
    Technique,
)
from ..core.techniques import FAMILIES, select_techniques


def add_source(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "source",
        metavar="PUZZLE|FILE|-",
        help="an 81-cell puzzle, a file of puzzles (text, or an .xlsx/.xlsm workbook), or -",
    )
    add_sheet_options(command)


def add_sheet_options(command: argparse.ArgumentParser) -> None:
    """``--range`` and ``--column``: where a workbook's puzzles are, as in batch mode."""
    command.add_argument(
        "--range",
        dest="named_range",
        action="append",
        metavar="'SHEET!B3:J11'",
        help="a workbook: read the 9x9 grid there, again for each grid (default: every grid "
        "and puzzle list found)",
    )
    command.add_argument(
        "--column", metavar="'SHEET!A'", help="a workbook: read the puzzle strings of this column"
    )


def add_techniques(command: argparse.ArgumentParser) -> None:
    """``--techniques LIST``, with every name it takes listed at the end of ``--help``."""
    command.add_argument(
        "--techniques",
        type=technique_list,
        metavar="LIST",
        help="only these techniques or families, comma-separated (e.g. singles,intersections; "
        "the names are listed below)",
    )
    command.epilog = f"{command.epilog}\n\n{TECHNIQUE_NAMES}" if command.epilog else TECHNIQUE_NAMES


def _technique_names() -> str:
    lines = ["technique names, by family (a family's name selects all of it):"]
    for family in FAMILIES:
        keys = ", ".join(t.key for t in TECHNIQUES if t.family == family)
        lines.append(f"  {family.replace(' ', '-')}: {keys}")  # wrapped by the formatter
    lines.append(
        "a name may also be written as the steps show it (X-Wing, 'Naked Pair'), in any "
        "case, with spaces, hyphens or underscores between its words"
    )
    return "\n".join(lines)


TECHNIQUE_NAMES = _technique_names()


def technique_list(text: str) -> tuple[Technique, ...]:
    names = [name for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError("names no technique (see the names in --help)")
    try:
        return select_techniques(names)
    except ValueError as error:  # the nearest name; --help lists them all
        raise argparse.ArgumentTypeError(f"{error} (--help lists every name)") from None


def solution_limit(text: str) -> int:
    """``--limit N``: a number of solutions, 0 for no limit."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) or more, got {value}")
    return value


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value
