"""One file through batch mode: open -> find -> solve -> patch -> save (batch layer).

``handle_file`` is the whole path of a file, one stage a module, each passed once::

    with opened(path, options) as taken:                    # open.py
        finding = find_puzzles(taken.source, options)       # find.py
        solved = solve_puzzles(workbook, finding, options)  # solve.py
        patched = patch_workbook(package, solved.edits)     # patch.py
        save(patched.fill, taken.target, ...)               # save.py

Many files, in parallel, with a progress line and a report, are ``run``'s.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from .archive import WorkbookError
from .find import NamedRangeError, find_puzzles, skips
from .open import opened, signature_broken
from .options import Options
from .patch import patch_workbook
from .save import save
from .solve import PuzzleResult, Solver, solve_puzzles
from .stages import stage, stage_of


class Tally(Protocol):
    """Hears how many puzzles a file holds, then how many were just done."""

    def expect(self, puzzles: int, listed: int = 0) -> None: ...

    def add(self, puzzles: int) -> None: ...


@dataclass
class FileResult:
    path: str
    output: str | None = None
    outcomes: list[PuzzleResult] = field(default_factory=list)
    error: str | None = None
    usage: bool = False  # the error is the command line's (a --range naming no sheet)
    notes: list[tuple[str, str]] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)  # about the file: not failures
    seconds: float = 0.0

    @property
    def failed(self) -> int:
        return sum(1 for o in self.outcomes if not o.ok)

    @property
    def skipped(self) -> int:
        """Grids passed over (their place unclear): not a sheet without a puzzle."""
        return sum(1 for _, note in self.notes if skips(note))


def handle_file(
    path: Path,
    options: Options,
    tally: Tally | None = None,
    solve_many: Solver | None = None,
) -> FileResult:
    """Open, find, solve, patch and save one file. Never raises: a failure is the result's
    ``error`` (an unexpected one names the stage it arose in: ``stages``). ``tally`` hears
    the puzzles found and done; ``solve_many`` solves a list's entries (in parallel, if
    the caller wishes)."""
    started = time.perf_counter()
    result = FileResult(str(path))
    try:
        with stage("opening"), opened(path, options) as taken:
            with stage("finding the puzzles"):
                finding = find_puzzles(taken.source, options)
                result.notes = finding.notes
                finding.require_puzzles()
                if tally is not None:
                    tally.expect(finding.count, sum(len(t.rows) for t in finding.lists))
            with stage("solving"):
                solved = solve_puzzles(
                    taken.source.workbook,
                    finding,
                    options,
                    solve_many,
                    tally.add if tally is not None else None,
                )
            result.outcomes, result.remarks = solved.outcomes, solved.remarks
            if solved.any_ok:
                with stage("patching"):
                    patched = patch_workbook(taken.source.package, solved.edits)
                result.remarks += patched.remarks
                with stage("saving"):  # the sheets are patched as they are written
                    save(
                        patched.fill,
                        taken.target,
                        replace=options.may_replace,
                        unchanged=taken.read,
                    )
                result.output = str(taken.target)
                result.remarks += taken.remarks
                if taken.source.package.signed:
                    result.remarks.append(signature_broken(options.in_place))
    except NamedRangeError as error:  # a --range or --column this workbook lacks
        result.usage, result.error = True, str(error)
    except WorkbookError as error:
        result.error = str(error)
    except Exception as error:  # the rest of the batch goes on; say it is ours to fix
        doing = stage_of(error)
        where = f" while {doing}" if doing else ""
        result.error = f"internal error{where}: {error!r} (please report it)"
    result.seconds = time.perf_counter() - started
    return result
