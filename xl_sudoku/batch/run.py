"""Batch runs: many files, parallel jobs, the summary, an exit status (batch layer).

    xl-sudoku batch FILE|DIR... [-o OUT] [--in-place] [--force] [--jobs N]
                    [--range 'Sheet!B3:J11'] [--column 'Sheet!A'] [--report report.csv|.json]

Each file is read, its puzzles found and solved, and the answers written to a new file
(``NAME.solved.xlsx`` by default; never the input unless ``--in-place``, and then
atomically, under our lock, and only if the file is still the one read): the pipeline's
``handle_file``. A file or puzzle that fails is reported with its file, sheet and cell or
row, and the rest goes on; the exit status is 1 if anything failed. The run's parts:
``files`` (the arguments to files, their outputs told apart before any is written),
``progress`` (the progress line), ``report`` (``--report``), ``remote`` (the files of a
cluster's workers).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import closing
from pathlib import Path

from .. import PROG, __version__
from ..helpers.runner import Terminated, in_order, sigterm_as_interrupt, took, worker_pool
from .archive import WorkbookError
from .files import passed_over, plan, workbook_files
from .find import NO_PUZZLE, Result, skips
from .open import defused
from .options import Options
from .pipeline import FileResult, handle_file
from .progress import COUNT, PROGRESS
from .remote import release_remote
from .report import write_report
from .save import SUFFIXES
from .solve import TICK, Answer, Solver, solve_all, solve_text

PARALLEL_LIST = 400  # a list this long is shared among the jobs


def _parallel_solver(jobs: int) -> Solver:
    """Solves a long list in ``jobs`` processes, in order, reporting as answers arrive."""

    def solve_many(
        texts: Sequence[object], tick: Callable[[int], None], rated: bool = True
    ) -> list[Answer]:
        if len(texts) < PARALLEL_LIST:
            return solve_all(texts, tick, rated)
        answers: list[Answer] = []
        size = max(1, min(TICK, len(texts) // (jobs * 8)))
        chunks = [texts[start : start + size] for start in range(0, len(texts), size)]
        with worker_pool(jobs) as submit:
            sent = ((chunk, submit(_solve_chunk, chunk, rated)) for chunk in chunks)
            for _, done in in_order(sent, window=len(chunks)):
                answers += done
                tick(len(done))
        return answers

    return solve_many


def _solve_chunk(texts: Sequence[object], rated: bool) -> list[Answer]:
    """A worker's share of a long list."""
    return [solve_text(text, rated) for text in texts]


#: files handled elsewhere (a cluster's workers), their results in order: ``map_files``
FileMap = Callable[[Sequence[Path], Options], Iterator[FileResult]]


def run(
    arguments: Sequence[str],
    options: Options,
    report: Path | None,
    quiet: bool,
    map_files: FileMap | None = None,
) -> int:
    """The batch command: returns the exit status. ``map_files`` handles the files
    elsewhere instead of here (``handle_remotely`` is what it runs there)."""
    if not defused():
        print(
            f"{PROG}: batch: batch mode (defusedxml) needs the 'batch' extra "
            f'(pip install "{PROG}[batch]=={__version__}" in xl-sudoku\'s environment)',
            file=sys.stderr,
        )
        return 2
    files, missing = workbook_files(arguments)
    for name in missing:
        print(f"{PROG}: {name}: no such file or folder", file=sys.stderr)
    if not files:
        print(
            f"{PROG}: batch: no workbook to read (.xlsx, .xlsm){passed_over(arguments)}",
            file=sys.stderr,
        )
        return 2 if missing else 1
    files, options = plan(files, options)
    if options.output and len(files) > 1 and options.output.suffix.lower() in SUFFIXES:
        print(f"{PROG}: batch: -o must be a folder when there are several files", file=sys.stderr)
        return 2

    started = time.perf_counter()
    terminal = sys.stderr.isatty()
    PROGRESS.restart(enabled=not quiet, plain=not terminal)
    COUNT.start(len(files), rated=options.rated)
    results: list[FileResult] = []
    try:
        with sigterm_as_interrupt(), closing(_handled(files, options, map_files)) as handled:
            for result in handled:
                _report_file(result, PROG, quiet)
                results.append(result)
                COUNT.file_done()
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM (Terminated)
        PROGRESS.clear()
        print(_stopped(interrupt, files, results), file=sys.stderr)
        return 143 if isinstance(interrupt, Terminated) else 130
    finally:
        release_remote()
    PROGRESS.clear()
    seconds = time.perf_counter() - started
    report_failed = False
    if report:
        try:
            write_report(report, results, replace=options.force)
        except WorkbookError as error:
            print(f"{PROG}: --report: {error}", file=sys.stderr)
            report_failed = True
    failed = sum(r.failed for r in results)
    broken = sum(1 for r in results if r.error)
    skipped = sum(r.skipped for r in results)
    if not quiet:
        written_report = report if report and not report_failed else None
        print(f"{_summary(results, skipped, written_report)}; {took(seconds)}", file=sys.stderr)
    if any(r.usage for r in results):  # a --range or --column that names nothing
        return 2
    return 1 if failed or broken or skipped or missing or report_failed else 0


def _summary(results: Sequence[FileResult], skipped: int, report: Path | None) -> str:
    """The last line of a run: files, puzzles, how they went, what was written (the
    workbooks counted, the report named: it is not one of them)."""
    puzzles = sum(len(r.outcomes) for r in results)
    failed = sum(r.failed for r in results)
    broken = sum(1 for r in results if r.error)
    written = sum(1 for r in results if r.output)
    stuck = sum(1 for r in results for o in r.outcomes if o.result is Result.STUCK)
    done = f"{puzzles - failed - stuck:,} solved" + (f", {stuck:,} stuck" if stuck else "")
    summary = (
        f"{PROG}: {_count(len(results), 'file')}, {_count(puzzles, 'puzzle')}: "
        f"{done}, {failed:,} failed; {written} written"
    )
    if report is not None:
        summary += f" and the report {report}"
    if broken:
        summary += f", {broken} with errors"
    if skipped:
        summary += f", {_count(skipped, 'grid')} skipped"
    empty = sum(1 for r in results for _, note in r.notes if not skips(note))
    if empty:
        summary += f"; {_count(empty, 'sheet')} without a puzzle"
    return summary


def _handled(
    files: Sequence[Path], options: Options, map_files: FileMap | None
) -> Generator[FileResult, None, None]:
    """Each file's result, in order, its puzzles counted: handled elsewhere
    (``map_files``), by ``--jobs`` workers a file each, or here one by one (a long list's
    puzzles then shared among the jobs)."""
    if map_files is not None:
        for result in map_files(files, options):
            COUNT.add(len(result.outcomes))
            yield result
    elif options.jobs > 1 and len(files) > 1:
        with worker_pool(options.jobs) as submit:
            sent = ((path, submit(handle_file, path, options)) for path in files)
            for _, result in in_order(sent, window=len(files)):
                COUNT.add(len(result.outcomes))
                yield result
    else:
        solve_many = _parallel_solver(options.jobs) if options.jobs > 1 else None
        for path in files:
            yield handle_file(path, options, COUNT, solve_many)


def _stopped(interrupt: BaseException, files: Sequence[Path], results: list[FileResult]) -> str:
    """What a stopped run leaves: the files written, and those that were not."""
    how = "SIGTERM" if isinstance(interrupt, Terminated) else "Ctrl-C"
    written = [r.output for r in results if r.output]
    left = len(files) - len(results)
    said = f"{PROG}: batch: stopped ({how}): "
    if written:
        names = ", ".join(str(w) for w in written[:3]) + (" ..." if len(written) > 3 else "")
        said += f"{_count(len(written), 'file')} written ({names}); "
    else:
        said += "nothing written; "
    said += f"{_count(left, 'file')} not solved, left as {'it was' if left == 1 else 'they were'}"
    return said + " (nothing half-written is left)"


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'s' * (number != 1)}"


def _report_file(result: FileResult, prog: str, quiet: bool) -> None:
    """A file's problems on stderr (and, unless quiet, its sheets without a puzzle)."""
    PROGRESS.clear()
    for sheet, note in result.notes:
        if note == NO_PUZZLE:  # not a problem: counted in the summary, listed in a report
            continue
        print(f"{prog}: {result.path}: {sheet}: {note}", file=sys.stderr)
    if result.error:
        print(f"{prog}: {result.path}: {result.error}", file=sys.stderr)
    if not quiet:
        for remark in result.remarks:
            print(f"{prog}: {result.path}: {remark}", file=sys.stderr)
    for outcome in result.outcomes:
        if outcome.note and not quiet:
            print(
                f"{prog}: {result.path}: {outcome.sheet}!{outcome.where}: {outcome.note}",
                file=sys.stderr,
            )
        if not outcome.ok:
            print(
                f"{prog}: {result.path}: {outcome.sheet}!{outcome.where}: {outcome.status}",
                file=sys.stderr,
            )
