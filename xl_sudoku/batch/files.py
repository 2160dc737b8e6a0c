"""A batch run's files (batch layer): the arguments read as workbooks and folders, and
this run's outputs told apart before any file is read (``plan``).

A file named twice is read once; two inputs of one name writing into one folder get
``club.solved.xlsx`` and ``club (2).solved.xlsx``; an output that would replace another
input is refused.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from .archive import WorkbookError
from .options import Options
from .save import SUFFIXES, output_path


def workbook_files(arguments: Iterable[str]) -> tuple[list[Path], list[str]]:
    """The workbooks named, folders searched (not our own outputs, not Excel's lock files);
    and the arguments that name nothing."""
    files: list[Path] = []
    missing: list[str] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            for found in sorted(path.rglob("*")):
                if (
                    found.suffix.lower() in SUFFIXES
                    and not found.name.startswith(("~$", "."))
                    and ".solved." not in found.name
                ):
                    files.append(found)
        elif path.exists():
            files.append(path)
        else:
            missing.append(argument)
    return files, missing


def passed_over(arguments: Iterable[str]) -> str:
    """What a folder holding only our own outputs had: ``; 8 files passed over as our own
    outputs (NAME.solved.xlsx): name one to read it again`` (nothing if it had none)."""
    ours = sorted(
        found
        for argument in arguments
        if Path(argument).is_dir()
        for found in Path(argument).rglob("*")
        if found.suffix.lower() in SUFFIXES and ".solved." in found.name
    )
    if not ours:
        return ""
    files = f"{len(ours):,} file{'s' * (len(ours) != 1)}"
    return (
        f"; {files} passed over as our own outputs ({ours[0].name} ...): name one to read it again"
    )


def plan(files: Sequence[Path], options: Options) -> tuple[list[Path], Options]:
    """This run's files and outputs, told apart before anything is read: a file named twice
    (or through a link) is read once; two inputs whose outputs would share a name in one
    folder get ``NAME (2)`` ...; an output that would replace another input is refused."""
    unique: list[Path] = []
    seen: set[str] = set()
    for path in files:
        real = os.path.realpath(path)
        if real not in seen:
            seen.add(real)
            unique.append(path)
    if options.in_place or (options.output is not None and len(unique) == 1):
        return unique, options
    taken: set[tuple[str, str]] = set()
    stems: list[tuple[str, str]] = []
    refused: list[tuple[str, str]] = []
    for path in unique:
        try:
            folder = os.path.realpath(output_path(path, options.output, False).parent)
        except WorkbookError:
            continue  # said when the file is handled
        stem, number = path.stem, 1
        while (folder, stem.casefold()) in taken:
            number += 1
            stem = f"{path.stem} ({number})"
        taken.add((folder, stem.casefold()))
        if stem != path.stem:
            stems.append((str(path), stem))
        target = output_path(path, options.output, False, stem=stem)
        if os.path.realpath(target) in seen:
            refused.append(
                (
                    str(path),
                    f"its output {target} is another input of this run: "
                    "name another folder with -o",
                )
            )
    return unique, replace(options, stems=tuple(stems), refused=tuple(refused))
