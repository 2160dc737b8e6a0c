"""The example files (cli layer).

``xl-sudoku examples [FOLDER]``: the puzzle files and workbooks that the examples of every
command's ``--help`` and of the documentation read (``examples/puzzles.txt``, ...), copied
from the installed package into FOLDER (default ``examples``), so that those examples run
as shown where xl-sudoku was installed from a wheel, with no repository beside it. Then
what to run next. As setup-workbook: a file already there is kept unless it is the same
bytes or ``--force`` is given (then replaced atomically); nothing else in FOLDER is
touched.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

from .errors import CommandError, ExitStatus, UsageError
from .workbook import make_folder, print_steps, shipped_places, write_all

#: the example files, by their ends: pyproject.toml's package-data of xl_sudoku.examples
#: (examples/make_examples.py, the script that made the workbooks, is not one)
SUFFIXES = (".txt", ".xlsx")
#: the folder the --help examples name
DEFAULT = "examples"


def configure_examples(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Copy the example files (puzzles in text files, workbooks for batch mode) into "
        "FOLDER, and print what to run next. The examples of every command's --help read "
        f"them from {DEFAULT}/ (the default FOLDER) in the folder they are run in. A file "
        "already in FOLDER is kept: --force replaces it."
    )
    parser.add_argument(
        "folder",
        metavar="FOLDER",
        nargs="?",
        default=DEFAULT,
        help=f"where the files go (made if missing; default: {DEFAULT})",
    )
    parser.add_argument(
        "--force", action="store_true", help="replace a file of the same name already in FOLDER"
    )


def run_examples(args: argparse.Namespace) -> ExitStatus:
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder} is not a folder")
    files = {folder / name: data for name, data in example_files().items()}
    make_folder(folder)
    for path, action in write_all(files, force=args.force).items():
        print(f"{action} {path} ({len(files[path]):,} bytes)")
    here = folder.resolve() == Path(DEFAULT).resolve()
    print_steps(
        [
            f"Solve the example puzzles: xl-sudoku solve {quoted(folder / 'puzzles.txt')}",
            f"Solve the example workbooks: xl-sudoku batch {quoted(folder)} -o solved",
            f"The examples of xl-sudoku COMMAND --help read these files from {DEFAULT}/: "
            + ("run them in this folder." if here else f"write {quoted(folder)} in its place."),
        ]
    )
    return ExitStatus.OK


def example_files(package: str = "xl_sudoku.examples") -> dict[str, bytes]:
    """The example files the package carries, by name: from the first of its places that
    is a folder (``workbook.shipped_places``: the installed package, then a clone's)."""
    places = shipped_places(package, DEFAULT)
    folder = next((place for place in places if place.is_dir()), None)
    entries = [] if folder is None else sorted(folder.iterdir(), key=lambda entry: entry.name)
    found = {e.name: e.read_bytes() for e in entries if e.name.endswith(SUFFIXES) and e.is_file()}
    if not found:
        where = folder or places[-1]
        raise CommandError(f"this copy of xl-sudoku has no example files ({where}): reinstall it")
    return found


def quoted(path: Path) -> str:
    """A path as the user's shell takes it, a space in it quoted: in double quotes on
    Windows (cmd.exe reads no single quotes; PowerShell reads both), else as a POSIX
    shell reads it."""
    if sys.platform == "win32":
        return subprocess.list2cmdline([str(path)])
    return shlex.quote(str(path))
