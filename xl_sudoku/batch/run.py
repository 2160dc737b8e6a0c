"""Batch runs: many files, progress, parallel jobs, a report, an exit status (batch layer).

    xl-sudoku batch FILE|DIR... [-o OUT] [--in-place] [--force] [--jobs N]
                    [--range 'Sheet!B3:J11'] [--column 'Sheet!A'] [--report report.csv|.json]

Each file is read, its puzzles found and solved, and the answers written to a new file
(``NAME.solved.xlsx`` by default; never the input unless ``--in-place``, and then
atomically, under our lock, and only if the file is still the one read). A file or
puzzle that fails is reported with its file, sheet and cell or row, and the rest goes
on; the exit status is 1 if anything failed. One run's outputs are told apart before
any is written: a file named twice is read once, two inputs of one name writing into one
folder get ``club.solved.xlsx`` and ``club (2).solved.xlsx``, an output that would
replace another input is refused.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, replace
from pathlib import Path

from .. import PROG, __version__
from ..helpers.runner import (
    Progress,
    Terminated,
    in_order,
    per_second,
    sigterm_as_interrupt,
    took,
    worker_pool,
)
from .archive import WorkbookError
from .find import NO_PUZZLE, Result, skips
from .open import defused
from .options import Options
from .pipeline import FileResult
from .pipeline import handle_file as handle
from .save import (
    SUFFIXES,
    Fingerprint,
    Lock,
    atomic_write,
    check_replaceable,
    folder_may_hold,
    output_path,
    writable,
)
from .solve import TICK, Answer, Solver, solve_all, solve_text

PARALLEL_LIST = 400  # a list this long is shared among the jobs


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


def _ours(arguments: Iterable[str]) -> str:
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


def handle_file(path: Path, options: Options, share_lists: bool = False) -> FileResult:
    """One file through the pipeline (``pipeline.handle_file``), telling this run's
    puzzle count; ``share_lists``: a long list's puzzles shared among the jobs."""
    solve_many = _parallel_solver(options.jobs) if share_lists and options.jobs > 1 else None
    return handle(path, options, COUNT, solve_many)


def handle_remotely(name: str, data: bytes, options: Options) -> tuple[FileResult, bytes]:
    """``handle_file`` on a file's bytes where the file is not (a cluster's worker): the
    file is solved in a temporary folder; returns its result and the output's bytes (none
    if nothing was written). The caller writes them where they go (``write_remote``)."""
    with tempfile.TemporaryDirectory(prefix="xl-sudoku-") as folder:
        path = Path(folder) / "in" / name
        path.parent.mkdir()
        path.write_bytes(data)
        out = Path(folder) / "out"
        local = Options(
            output=out,
            force=True,
            named_range=options.named_range,
            column=options.column,
            logic_only=options.logic_only,
            techniques=options.techniques,
            limits=options.limits,
        )
        result = handle_file(path, local, share_lists=False)
        written = Path(result.output).read_bytes() if result.output else b""
        if result.output:
            result.output = Path(result.output).name
    return result, written


# files sent elsewhere with --in-place: our lock on each, and the file as it was read
_REMOTE: dict[str, tuple[Lock, Fingerprint]] = {}


def prepare_remote(path: Path, options: Options) -> tuple[bytes | None, str | None]:
    """What ``handle_remotely`` needs of a file, read here, or why it cannot be done (the
    output checked as ``handle_file`` checks it, before any work). With ``--in-place``
    the file is locked until ``write_remote`` (or ``release_remote``)."""
    try:
        refusal = options.refusal(path)
        if refusal is not None:
            raise WorkbookError(refusal)
        target = output_path(path, options.output, options.in_place, stem=options.stem(path))
        if not options.in_place and target.resolve() == path.resolve():
            raise WorkbookError("the output would replace the input: use --in-place for that")
        writable(target, replace=options.in_place or options.force)
        if path.is_file() and path.stat().st_size == 0:
            raise WorkbookError("it is empty (0 bytes): there is nothing in it to solve")
        if options.in_place:
            lock = Lock(path)
            lock.acquire()
            try:
                read = Fingerprint.of(path)
            except WorkbookError:
                lock.release()
                raise
            _REMOTE[str(path)] = (lock, read)
    except WorkbookError as error:
        return None, str(error)
    try:
        data = path.read_bytes()
    except OSError as error:
        release_remote(path)
        return None, f"cannot read it: {error.strerror}"
    if str(path) in _REMOTE and hashlib.sha256(data).digest() != _REMOTE[str(path)][1].digest:
        release_remote(path)
        return None, f"{path} changed while it was being read: run again"
    return data, None


def write_remote(path: Path, options: Options, result: FileResult, data: bytes) -> FileResult:
    """A file handled elsewhere: its output written here, atomically, where ``handle_file``
    would have written it (in place: only if the file is still the one read); the result
    names this file and that output."""
    result.path = str(path)
    held = _REMOTE.get(str(path))
    try:
        if result.output is None:
            return result
        suffix = Path(result.output).suffix.lower()
        target = output_path(path, options.output, options.in_place, suffix, options.stem(path))
        try:
            atomic_write(
                target,
                lambda file: file.write(data),
                replace=options.in_place or options.force,
                check=None if held is None else lambda: held[1].check(target),
            )
        except WorkbookError as error:
            result.error, result.output = str(error), None
        else:
            result.output = str(target)
        return result
    finally:
        release_remote(path)


def release_remote(path: Path | None = None) -> None:
    """Let go of the lock ``prepare_remote`` took on ``path`` (None: on every file)."""
    for name in [str(path)] if path is not None else list(_REMOTE):
        held = _REMOTE.pop(name, None)
        if held is not None:
            held[0].release()


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


#: the progress line: puzzles done of total (files, when there are several), rate, ETA;
#: redrawn on a terminal, a line every few seconds in a log (``helpers.runner.Progress``)
PROGRESS = Progress(enabled=False, label=PROG)


class Count:
    """What the progress line counts, as the work goes (``PROGRESS`` shows it): puzzles
    done and known (the total grows as files are read), files done of all."""

    def __init__(self) -> None:
        self.start(files=0)

    def start(self, files: int) -> None:
        """A run of ``files`` files begins."""
        self.done = self.total = self.files_done = 0
        self.files = files
        self.reading = True  # a file is being read (its puzzles not counted yet)

    def expect(self, puzzles: int) -> None:
        """A file was read: its puzzles join the total."""
        self.total += puzzles
        self.reading = False
        self.show(force=True)

    def add(self, puzzles: int) -> None:
        self.done += puzzles
        self.show()

    def file_done(self) -> None:
        self.files_done += 1
        self.reading = True
        self.show(force=True)

    def show(self, *, force: bool = False) -> None:
        if not PROGRESS.due(force=force):
            return
        total = max(self.total, self.done)
        parts = [f"{self.done:,}/{total:,} puzzles"]
        if self.done:
            parts.append(f"{per_second(self.done, PROGRESS.elapsed())}/s")
        if self.files > 1:  # puzzles are counted as files are read: the ETA goes by files
            parts.insert(0, f"file {min(self.files_done + 1, self.files)}/{self.files}")
            eta = PROGRESS.eta(self.files_done, self.files)
        else:
            eta = PROGRESS.eta(self.done, total)
        if self.files_done >= self.files:
            eta = None  # all done: the summary follows
        elif self.total and self.reading:  # (a pool's files tell no total as they go)
            eta = "reading"
        elif self.total and self.done == total:
            eta = "writing"  # the file's puzzles are solved: it is being written
        if eta is not None:
            parts.append(eta)
        PROGRESS.show(parts)


COUNT = Count()


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
            f"{PROG}: batch: no workbook to read (.xlsx, .xlsm){_ours(arguments)}", file=sys.stderr
        )
        return 2 if missing else 1
    files, options = plan(files, options)
    if options.output and len(files) > 1 and options.output.suffix.lower() in SUFFIXES:
        print(f"{PROG}: batch: -o must be a folder when there are several files", file=sys.stderr)
        return 2

    started = time.perf_counter()
    terminal = sys.stderr.isatty()
    PROGRESS.restart(enabled=not quiet, plain=not terminal)
    COUNT.start(len(files))
    results: list[FileResult] = []
    try:
        with sigterm_as_interrupt():
            _run_files(files, options, results, quiet, map_files)
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


def _run_files(
    files: Sequence[Path],
    options: Options,
    results: list[FileResult],
    quiet: bool,
    map_files: FileMap | None,
) -> None:
    prog = PROG
    if map_files is not None:
        for result in map_files(files, options):
            COUNT.add(len(result.outcomes))
            _report_file(result, prog, quiet)
            results.append(result)
            COUNT.file_done()
    elif options.jobs > 1 and len(files) > 1:
        with worker_pool(options.jobs) as submit:
            sent = ((path, submit(handle_file, path, options)) for path in files)
            for _, result in in_order(sent, window=len(files)):
                COUNT.add(len(result.outcomes))
                _report_file(result, prog, quiet)
                results.append(result)
                COUNT.file_done()
    else:
        for path in files:
            result = handle_file(path, options, share_lists=True)
            _report_file(result, prog, quiet)
            results.append(result)
            COUNT.file_done()


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
