"""Puzzle banks: the commands that go through many puzzles, streamed, in parallel, resumable
(cli layer).

    solve|rate|steps|hint PUZZLE|FILE|-  [-o FILE.txt|.csv|.tsv|.jsonl] [--columns LIST]
                                         [--jobs N | --cluster [ADDRESS]] [--resume] [--force]
    generate -n N ...                    (the same options)

A command says what it does with one puzzle (a ``Job``: ``run(item) -> Outcome``, in any
process); ``run_bank`` does the rest: it reads the input as it goes (``Entry``s, each
naming its origin), sends chunks of it to the workers (``--jobs N`` local processes, or a
Dask cluster's workers with ``--cluster``), and writes each result as soon as the ones
before it are written: in input order, whatever finished first, so the output is the
same byte for byte however the work was shared. Memory stays flat: a bounded number of
puzzles is in flight at a time.

Output is the text form (what the commands print) or, by ``-o``'s suffix, a table with
named columns: ``.csv``, ``.tsv`` or ``.jsonl`` (one JSON object a line). A new ``-o``
file is written atomically (``xl_sudoku.helpers.atomic``): it appears when the run ends (an
interrupted run that was making a new file keeps what it did, ready for ``--resume``);
an existing one is replaced only with ``--force``. ``--resume`` appends instead: a file
with results of the same input gets the rest (a partial last line, left by a kill, is cut
first); a missing one is made, written as results come, so that a run started with
``--resume`` can be killed at any moment and started again.

Whatever stops a run, what was written stays whole and is said: Ctrl-C or SIGTERM (a new
``-o`` file keeps the results done, counted exactly), a full disk (the file is cut to its
last whole result and kept), a worker killed (its chunk is run again in a new one; a chunk
that kills its worker every time stops the run, keeping every result before it). An
``-o`` file that replaces another (``--force``) is replaced only when the run ends.
``--jobs`` is capped at what can help: the cores, and the puzzles when they are known.

Progress (done of total, rate, ETA, failures) goes to stderr: on a terminal one line
redrawn in place, elsewhere (a log) a line of its own every few seconds; a one-line summary
at the end on a terminal, or when the results went to a file. The workers, the
order of the results, the progress line and SIGTERM are ``xl_sudoku.helpers.runner``'s.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import IO, Any, Protocol

from .. import PROG
from ..core import PuzzleError, format_line
from ..helpers import atomic
from ..helpers.runner import (
    Pending,
    Progress,
    Submit,
    WorkerLostError,
    cores,
    in_order,
    per_second,
    sigterm_as_interrupt,
    took,
    useful_jobs,
    worker_pool,
)
from .arguments import positive
from .errors import CommandError, UsageError, counted, interrupted, say
from .inputs import Entry, Source, Tally, describe, error_message, location, notify

TABLES = {".csv": "csv", ".tsv": "tsv", ".jsonl": "jsonl"}
#: the columns a table may have, in the order they come (each command has some of them)
COLUMNS = (
    "origin",
    "number",
    "puzzle",
    "solution",
    "count",
    "rating",
    "label",
    "hardest",
    "clues",
    "steps",
    "guesses",
    "hint",
    "ms",
    "status",
)
MAX_CHUNK = 2000  # puzzles a chunk at most
SLOW_PUZZLE = 0.001  # seconds: a puzzle this slow (rating, not solving)...
SLOW_CHUNK = 4  # ...goes in chunks of this many at most
RECENT = 64  # the puzzles whose times size the next chunk: the last ones done
AHEAD = 16_000  # puzzles sent to the workers and not yet written, at most (memory)
AHEAD_CHUNKS = 16  # chunks a worker, at most
CHUNK_SECONDS = 0.1  # the work a chunk aims at: long enough to pay for sending it
CLUSTER_CHUNK_SECONDS = 0.25  # a cluster's scheduler costs more a task (a few ms)
RETRIES = 2  # a chunk whose worker died is run again, this many times at most
WRITE_BLOCK = 1 << 16  # characters an output file is written in, a whole number of results
#: the schemes a Dask scheduler's address may have (distributed's own list)
CLUSTER_SCHEMES = ("tcp", "tls", "inproc", "ucx", "ws", "wss")


@dataclass(slots=True)
class Outcome:
    """One puzzle's result, made in a worker: what the text form prints for it, its
    table values, and what to say about it."""

    text: str = ""
    values: dict[str, object] | None = None
    notice: str | None = None  # said on stderr (``2 or more solutions; showing the first``)
    error: str | None = None  # it failed: a PuzzleError's message (or generate's)
    error_line: int | None = None  # the error's own line, when it names one
    error_cells: tuple[int, ...] = ()  # the cells it names (a workbook's grid shows them)
    answered: bool = False  # failed, but its text stands (``--count``'s 0, a proof)
    fatal: bool = False  # nothing after it can be done (generate gave up)
    seconds: float = 0.0


class Job(Protocol):
    """What a command does with one item (a grid; for generate, a number), in any process:
    a job is pickled to the workers, so it holds only plain values."""

    def run(self, item: Any) -> Outcome: ...


def failure(
    error: PuzzleError,
    text: str = "",
    values: dict[str, object] | None = None,
    *,
    answered: bool = False,
) -> Outcome:
    """The outcome of a puzzle that failed with ``error`` (``text``: printed before)."""
    return Outcome(
        text,
        values,
        error=error.message,
        error_line=error.line,
        error_cells=error.cells,
        answered=answered,
    )


def run_chunk(job: Job, items: Sequence[object]) -> list[Outcome | None]:
    """A chunk's outcomes, timed one by one (None for an item that could not be read)."""
    return [None if item is None else timed(job, item) for item in items]


def timed(job: Job, item: object) -> Outcome:
    """One item's outcome, with the time it took."""
    started = time.perf_counter()
    try:
        outcome = job.run(item)
    except PuzzleError as error:  # refused before anything was printed for it
        values: dict[str, object] = {}
        if isinstance(item, tuple):
            values["puzzle"] = format_line(item)
        outcome = failure(error, values=values)
    outcome.seconds = time.perf_counter() - started
    return outcome


# --- options ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """Where the results go and how the work is shared, as the options say."""

    command: str
    output: Path | None = None
    form: str = "text"  # or csv, tsv, jsonl
    columns: tuple[str, ...] = ()
    jobs: int = 1
    cluster: str | None = None
    resume: bool = False
    force: bool = False
    quiet: bool = False
    one_line: bool = True  # a line a result (a table, or a text form that can be resumed)

    @property
    def table(self) -> bool:
        return self.form != "text"

    @property
    def resumable(self) -> bool:
        return self.table or self.one_line


def add_bank_arguments(
    parser: argparse.ArgumentParser, columns: Sequence[str], *, output: str = ""
) -> None:
    """``-o``, ``--columns``, ``--jobs``, ``--cluster``, ``--resume``, ``--force``, ``-q``
    (``output``: what more ``-o`` takes, for its help)."""
    group = parser.add_argument_group("many puzzles (banks)")
    group.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help=f"write the results to FILE: {output}.csv, .tsv or .jsonl for a table with named "
        "columns, any other name for the text form (an existing FILE only with --force)",
    )
    group.add_argument(
        "--columns",
        type=_column_list(columns),
        metavar="LIST",
        help=f"a table's columns, comma-separated (default all: {', '.join(columns)})",
    )
    group.add_argument(
        "--jobs", type=positive, default=1, metavar="N", help="work in N processes (default 1)"
    )
    add_cluster_argument(group)
    group.add_argument(
        "--resume",
        action="store_true",
        help="append to the -o FILE, going on after the results it holds (it is made if "
        "missing; a partial last line is cut): start a long run with it, and run the same "
        "command again if it is interrupted",
    )
    group.add_argument(
        "--force", action="store_true", help="replace the -o FILE if it exists (atomically)"
    )
    group.add_argument("-q", "--quiet", action="store_true", help="no progress line and no summary")


def _column_list(allowed: Sequence[str]) -> Callable[[str], tuple[str, ...]]:
    def columns(text: str) -> tuple[str, ...]:
        names = tuple(name.strip().lower() for name in text.split(",") if name.strip())
        unknown = [name for name in names if name not in allowed]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"{', '.join(unknown) or text!r}: the columns are {', '.join(allowed)}"
            )
        twice = next((name for name in names if names.count(name) > 1), None)
        if twice is not None:
            raise argparse.ArgumentTypeError(f"{twice!r} is named twice (a column comes once)")
        return names

    return columns


def plan_of(
    command: str, args: argparse.Namespace, columns: Sequence[str], *, one_line: bool
) -> Plan:
    """The ``Plan`` the arguments ask for; ``UsageError`` for what cannot go together.
    ``one_line``: the text form gives every puzzle one line (so it can be resumed)."""
    output: Path | None = args.output
    form = TABLES.get(output.suffix.lower(), "text") if output else "text"
    if args.columns and form == "text":
        raise UsageError("--columns is for a table: -o FILE.csv, .tsv or .jsonl")
    if args.resume and output is None:
        raise UsageError("--resume goes on with an -o FILE")
    if args.resume and args.force:
        raise UsageError("--resume and --force exclude each other")
    if args.resume and form == "text" and not one_line:
        raise UsageError(
            "--resume needs a line a puzzle: this text form has more (use -o FILE.jsonl or .csv)"
        )
    if output is not None:
        if output.is_dir():
            raise UsageError(f"{output} is a folder")
        if output.exists() and not (args.force or args.resume):
            raise UsageError(f"{output} exists: --force replaces it, --resume goes on with it")
    cluster = cluster_address(args)
    return Plan(
        command=command,
        output=output,
        form=form,
        columns=args.columns or tuple(columns),
        jobs=args.jobs,
        cluster=cluster,
        resume=args.resume,
        force=args.force,
        quiet=args.quiet,
        one_line=one_line,
    )


def cluster_address(args: argparse.Namespace) -> str | None:
    """``--cluster``'s scheduler address (or ``DASK_SCHEDULER_ADDRESS``'s), if asked."""
    cluster: str | None = args.cluster
    if cluster is None:
        return None
    if args.jobs != 1:
        raise UsageError("--jobs and --cluster exclude each other (a cluster has its workers)")
    cluster = cluster or os.environ.get("DASK_SCHEDULER_ADDRESS", "")
    if not cluster:
        raise UsageError("--cluster needs an address, or DASK_SCHEDULER_ADDRESS set")
    scheme, found, _ = cluster.partition("://")
    if ":" not in cluster or (found and scheme.lower() not in CLUSTER_SCHEMES):
        raise UsageError(
            f"--cluster: {cluster!r} is not a scheduler's address (tcp://HOST:8786; the "
            f"schemes: {', '.join(CLUSTER_SCHEMES)})"
        )
    return cluster


def add_cluster_argument(group: argparse._ArgumentGroup | argparse.ArgumentParser) -> None:
    group.add_argument(
        "--cluster",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="work on a Dask cluster: its scheduler's address (tcp://HOST:8786), or none "
        "to take DASK_SCHEDULER_ADDRESS (needs the 'distributed' package)",
    )


# --- the run ---------------------------------------------------------------------------------


def run_bank(
    job: Job,
    entries: Iterator[Entry],
    plan: Plan,
    *,
    source: Source,
    total: int | None = None,
) -> Tally:
    """Run ``job`` on every entry, writing each result in input order (see the module's
    text); returns how it went. ``total``: the lines (or puzzles) the input has, if
    known, for the progress line. A job works on an entry's grid (generate's entries have
    none: it works on their number). Raises ``CommandError`` if an outcome is fatal, or
    if the run stopped (a full disk, a worker lost), saying what the output holds."""
    # on a terminal the line is redrawn in place; in a log, a line of its own every few
    # seconds (a long run there would otherwise look hung), but not for one puzzle given
    # on the command line: its one line would come as it ends, saying nothing new
    plain = not sys.stderr.isatty()
    shown = not plan.quiet and not (plain and source.single)
    progress = Progress(enabled=shown, plain=plain, label=PROG)
    finish = getattr(entries, "close", None)  # an input file left unread is closed now
    with contextlib.ExitStack() as stack:
        if finish is not None:
            stack.callback(finish)
        return _run(job, source, entries, plan, progress, total)
    raise AssertionError("unreachable")  # pragma: no cover - the block returns


def _run(  # noqa: PLR0913, PLR0917 - run_bank's arguments, passed on
    job: Job,
    source: Source,
    entries: Iterator[Entry],
    plan: Plan,
    progress: Progress,
    total: int | None,
) -> Tally:
    command = plan.command
    counts = Counts()
    with sigterm_as_interrupt(), _sink(plan, source) as sink:
        skipped = _skip(entries, sink, plan)
        try:
            plain = sink.stream.write if plan.form == "text" else None
            showing = progress.enabled
            for entry, outcome in outcomes(job, entries, plan, 1 if source.single else total):
                if plain is not None and outcome is not None and outcome.error is None:
                    plain(outcome.text)  # the common case, without a call per step
                    counts.puzzles += 1
                    if outcome.notice:
                        notify(source, entry, outcome.notice)
                else:
                    sink.write(entry, outcome)
                    _report(source, entry, outcome, counts)
                if showing:
                    show_progress(
                        progress, command, entry.line or counts.puzzles + skipped, total, counts
                    )
                if outcome is not None and outcome.fatal:
                    break
        except KeyboardInterrupt as interrupt:
            progress.clear()
            sink.interrupted(interrupt, command, counts.puzzles + skipped)
            interrupt.said = True  # type: ignore[attr-defined] # (main says no more)
            raise
        finally:
            progress.clear()
    if counts.fatal is not None:
        raise CommandError(counts.fatal)
    if counts.puzzles + skipped == 0 and not source.single:
        say(f"{source.name}: no puzzle found")
    if not plan.quiet and (not progress.plain or plan.output is not None):
        say(counts.summary(command, progress.elapsed(), skipped, plan.output))
    return Tally(counts.puzzles + skipped, counts.failed)


@dataclass
class Counts:
    puzzles: int = 0
    failed: int = 0
    fatal: str | None = None

    def summary(self, command: str, seconds: float, skipped: int, output: Path | None) -> str:
        rate = (
            f", {per_second(self.puzzles, seconds)} puzzles/s"
            if seconds > 0 and self.puzzles
            else ""
        )
        text = (
            f"{command}: {self.puzzles:,} puzzle{'s' * (self.puzzles != 1)} in {took(seconds)}"
            f"{rate}: {self.puzzles - self.failed:,} done, {self.failed:,} failed"
        )
        if skipped:
            text += f"; {skipped:,} done before"
        return text + (f"; results in {output}" if output is not None else "")


def _report(source: Source, entry: Entry, outcome: Outcome | None, counts: Counts) -> None:
    """Say on stderr what went wrong with a puzzle, or what there is to notice."""
    counts.puzzles += 1
    if outcome is None:
        assert entry.error is not None
        counts.failed += 1
        say(describe(source, entry.error, entry))
    elif outcome.error is not None:
        counts.failed += 1
        if outcome.fatal:
            counts.fatal = outcome.error
        else:
            say(describe(source, _error_of(outcome), entry))
    elif outcome.notice:
        notify(source, entry, outcome.notice)


def _error_of(outcome: Outcome) -> PuzzleError:
    assert outcome.error is not None
    return PuzzleError(outcome.error, outcome.error_cells, outcome.error_line)


def origin(source: Source, entry: Entry) -> str:
    """Where a puzzle came from, for a table: ``puzzles.txt:12``, ``book.xlsx:Sheet1!A2``,
    ``puzzle`` (given as the argument)."""
    if source.single:
        return "puzzle"
    return f"{source.name}:{entry.place or entry.line}"


def _skip(entries: Iterator[Entry], sink: Sink, plan: Plan) -> int:
    """Pass over the entries whose results the output holds (``--resume``)."""
    done, last_origin = sink.done, sink.last_origin
    if not done:
        return 0
    last: Entry | None = None
    count = 0
    for entry in islice(entries, done):
        count += 1
        last = entry
    if count < done:
        raise UsageError(
            f"{plan.output} holds {counted(done, 'result')}; "
            f"the input has {counted(count, 'puzzle')}"
        )
    key = "number" if "number" in plan.columns else "origin"
    if last_origin is not None and last is not None:
        expected = str(last.line) if key == "number" else origin(sink.source, last)
        if expected != last_origin:
            raise UsageError(
                f"{plan.output} is not this input's: its last result is {last_origin}'s, "
                f"the input's {done:,}th puzzle is {expected}"
            )
    return done


def outcomes(
    job: Job, entries: Iterator[Entry], plan: Plan, total: int | None = None
) -> Iterator[tuple[Entry, Outcome | None]]:
    """Every entry with its outcome, in input order, shared among workers as ``plan``
    says (``run_bank`` writes them; generate's workbook writes them itself). ``total``:
    how many entries there are at most, if known (no more workers than that)."""
    jobs = jobs_for(plan.jobs, total)
    if plan.cluster is not None:
        from .cluster import cluster_pool  # noqa: PLC0415 - needs the 'cluster' extra

        with cluster_pool(plan.cluster) as (submit, width):
            yield from _ordered(submit, width, job, entries, Pace(CLUSTER_CHUNK_SECONDS))
    elif jobs > 1:
        with worker_pool(jobs, retries=RETRIES, renewed=_renewed) as submit:
            yield from _ordered(submit, jobs, job, entries, Pace(CHUNK_SECONDS))
    else:
        for entry in entries:
            if entry.error is not None:
                yield entry, None
            else:
                outcome = timed(job, _item(entry))
                yield entry, outcome
                if outcome.fatal:
                    return


def _renewed(how: str) -> None:
    say(f"a worker process died ({how}): its work is run again in a new one")


def jobs_for(asked: int, total: int | None) -> int:
    """The processes ``--jobs N`` gets: no more than the cores, nor than the puzzles
    (``total``, if known); a line says so when that is fewer than asked."""
    jobs = useful_jobs(asked, total)
    if jobs < asked:
        why = counted(cores(), "core")
        if total is not None and total < cores():
            why += f", {counted(total, 'puzzle')}"
        say(
            f"--jobs {asked:,}: working in {jobs} process{'es' * (jobs != 1)} "
            f"({why}: more would not help)"
        )
    return jobs


def _item(entry: Entry) -> object:
    """What a job works on: an entry's grid (generate's entries have none: their number)."""
    return entry.line if entry.grid is None else entry.grid


class Pace:
    """How many puzzles a chunk gets: about ``seconds`` of work, judged by the last
    puzzles done (a bank sorted by rating gets slower as it goes: the latest times count,
    not the average so far)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.recent: deque[float] = deque(maxlen=RECENT)

    def size(self) -> int:
        if not self.recent:
            return 1  # the first chunks find out how long a puzzle takes
        each = sum(self.recent) / len(self.recent)
        if each > SLOW_PUZZLE:
            # puzzles that take milliseconds vary a hundredfold, and a chunk is sized
            # well before it runs: few of them to a chunk, so that no worker is left
            # with many slow ones at the end while the others wait
            return max(1, min(SLOW_CHUNK, int(self.seconds / each)))
        return max(1, min(MAX_CHUNK, int(self.seconds / max(each, 1e-6))))

    def add(self, outcomes: Sequence[Outcome | None]) -> None:
        self.recent.extend(outcome.seconds for outcome in outcomes[-RECENT:] if outcome is not None)


def _ordered(
    submit: Submit, width: int, job: Job, entries: Iterator[Entry], pace: Pace
) -> Iterator[tuple[Entry, Outcome | None]]:
    """The outcomes of chunks run by ``submit`` (``width`` at a time), in input order.
    Chunks well ahead of the one written next are sent, so that workers are not idle
    while a slow puzzle holds up the output (a rating can take 100 times another's), but
    no more than ``AHEAD`` puzzles: memory stays flat. A chunk is sized when it is sent,
    by the times of the puzzles done by then."""

    def chunks() -> Iterator[tuple[list[Entry], Pending[list[Outcome | None]]]]:
        while chunk := list(islice(entries, pace.size())):
            items = [None if e.error is not None else _item(e) for e in chunk]
            yield chunk, submit(run_chunk, job, items)

    for chunk, done in in_order(chunks(), window=AHEAD_CHUNKS * width, limit=AHEAD, weight=len):
        pace.add(done)
        for entry, outcome in zip(chunk, done, strict=True):
            yield entry, outcome
            if outcome is not None and outcome.fatal:
                return


# --- where the results go --------------------------------------------------------------------


class Writable(Protocol):
    def write(self, text: str, /) -> int: ...


class Sink:
    """Writes results: the text form, or a table's rows (to standard output, or to an
    ``-o`` file through an ``Output``, which knows what the file holds)."""

    def __init__(
        self,
        stream: Writable,
        plan: Plan,
        source: Source,
        *,
        header: bool,
        output: Output | None = None,
    ) -> None:
        self.stream = stream
        self.output = output
        self.plan = plan
        self.source = source
        self.done = 0  # results the output held before this run (--resume)
        self.last_origin: str | None = None
        self.keep_partial = False  # an interruption keeps what was written (a new file)
        self.headers = 0  # lines of this run's output that are not results (a header)
        self.table: Any = None
        if plan.form in ("csv", "tsv"):
            delimiter = "," if plan.form == "csv" else "\t"
            self.table = csv.writer(stream, delimiter=delimiter, lineterminator="\n")
            if header:
                self.table.writerow(plan.columns)
                self.headers = 1

    def write(self, entry: Entry, outcome: Outcome | None) -> None:
        if self.plan.form == "text":
            self.stream.write(_text(self.source, entry, outcome))
            return
        row = _row(self.source, entry, outcome)
        values = [row.get(column) for column in self.plan.columns]
        if self.table is not None:
            self.table.writerow(["" if v is None else _one_line(str(v)) for v in values])
        else:
            self.stream.write(json.dumps(dict(zip(self.plan.columns, values, strict=True))) + "\n")

    def held(self, *, flush: bool = True) -> int:
        """How many results the output file holds, this run's written out first (unless
        ``flush`` is false: a write failed), each whole."""
        assert self.output is not None
        if flush:
            with contextlib.suppress(OSError):  # (the file is cut to its last whole result)
                self.output.flush()
        return self.done + self.output.units - self.headers

    def interrupted(self, interrupt: BaseException, command: str, results: int) -> None:
        """Say what an interrupted run leaves (``results``: the puzzles done, if the
        output is not a file, which says itself how many it holds)."""
        how = interrupted(interrupt)
        output = self.plan.output
        if output is None or self.output is None:
            say(f"{command}: stopped ({how}) after {counted(results, 'puzzle')}")
        elif self.plan.resume or self.keep_partial:
            say(f"{command}: stopped ({how}): {output} holds {self._holding()}")
        else:
            say(f"{command}: stopped ({how}): {output} is left as it was")

    def _holding(self, *, flush: bool = True) -> str:
        """What the output file holds, and how to go on: ``1,234 results; run the same
        command with --resume to go on``."""
        held = self.held(flush=flush)
        if not self.plan.resumable:
            return f"the results of the first {counted(held, 'puzzle')}"
        return f"{counted(held, 'result')}; run the same command with --resume to go on"

    def stopped(self, error: BaseException) -> str:
        """What a run stopped by ``error`` (a full disk, a worker lost) leaves, kept."""
        command, output = self.plan.command, self.plan.output
        if isinstance(error, WorkerLostError):
            why = f"stopped: {error}"
            if output is None:
                return f"{command}: {why}; every result before that puzzle is printed"
            return f"{command}: {why}; {output} holds {self._holding()}"
        assert isinstance(error, OSError)
        return f"cannot write {output}: {error.strerror}; it holds {self._holding(flush=False)}"


class Output:
    """An output file's text, written in blocks that are whole results (``WRITE_BLOCK``
    characters or so): whatever stops a run (Ctrl-C, SIGTERM, a full disk), what the
    file holds is whole, and ``units`` (results and header lines) says how much it is.
    A write that fails cuts the file back to its last whole block."""

    def __init__(self, binary: IO[bytes]) -> None:
        self.fd = binary.fileno()
        self.start = os.lseek(self.fd, 0, os.SEEK_END)  # what it held (--resume)
        self.parts: list[str] = []  # results not yet in the file, each one write
        self.size = 0
        self.written = 0  # bytes this run has put in the file
        self.units = 0  # writes in the file (results, and a table's header)
        self.failed: OSError | None = None

    def write(self, text: str, /) -> int:
        self.parts.append(text)  # in, or not: one step, whenever a signal comes
        self.size += len(text)
        if self.size >= WRITE_BLOCK:
            self.flush()
        return len(text)

    def flush(self) -> None:
        """Put the results written so far in the file (Ctrl-C and SIGTERM wait until they
        are there and counted); a failure cuts the file back and is raised."""
        if not self.parts or self.failed is not None:
            return
        with _signals_deferred():
            parts = self.parts
            data = "".join(parts).encode()
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(self.fd, view) :]
            except OSError as error:
                self.failed = error
                with contextlib.suppress(OSError):
                    os.ftruncate(self.fd, self.start + self.written)
                raise
            self.written += len(data)
            self.units += len(parts)
            self.parts, self.size = [], 0


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while the block runs (an output's block written and
    counted), then raised as they would have been. In the main thread only (where
    Python runs its signal handlers); elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[signal.Signals] = []
    wanted = (signal.SIGINT, signal.SIGTERM)
    previous = {number: signal.getsignal(number) for number in wanted}
    try:
        for number in wanted:
            signal.signal(number, lambda number, _: caught.append(signal.Signals(number)))
        yield
    finally:
        try:
            signal.signal(signal.SIGINT, previous[signal.SIGINT])
        finally:
            signal.signal(signal.SIGTERM, previous[signal.SIGTERM])
    if caught:
        handler = previous[caught[0]]
        if callable(handler):
            handler(caught[0], None)
        elif handler == signal.SIG_DFL:
            os.kill(os.getpid(), caught[0])


def _text(source: Source, entry: Entry, outcome: Outcome | None) -> str:
    """A puzzle's lines in the text form: a failure of a file's puzzle leaves a ``# line
    N: why`` comment in its place, so the answers line up with the puzzles."""
    if outcome is None:
        assert entry.error is not None
        error, text = entry.error, ""
    elif outcome.error is None or outcome.answered or outcome.fatal:
        return outcome.text
    else:
        error, text = _error_of(outcome), outcome.text
    if source.single:
        return text
    return f"{text}# {location(source, entry, error.line)}{error_message(error, entry)}\n"


def _row(source: Source, entry: Entry, outcome: Outcome | None) -> dict[str, object]:
    row: dict[str, object] = {"origin": origin(source, entry), "number": entry.line}
    if outcome is None:
        assert entry.error is not None
        row["status"] = f"error: {entry.error}"
        return row
    row.update(outcome.values or {})
    row["ms"] = round(outcome.seconds * 1000, 3)
    if outcome.error is not None:
        row["status"] = f"error: {error_message(_error_of(outcome), entry)}"
    else:
        row["status"] = f"ok; {outcome.notice}" if outcome.notice else "ok"
    return row


def _one_line(text: str) -> str:
    return text.replace("\r", " ").replace("\n", " / ") if "\n" in text or "\r" in text else text


@contextlib.contextmanager
def _sink(plan: Plan, source: Source) -> Iterator[Sink]:
    """The sink the plan asks for, open for the run (see the module's text). A run
    stopped by a full disk or a worker lost keeps what it wrote, and says so
    (``CommandError``)."""
    output = plan.output
    if output is None:
        sink = Sink(sys.stdout, plan, source, header=True)
        try:
            yield sink
        except WorkerLostError as lost:
            raise CommandError(sink.stopped(lost)) from None
        sys.stdout.flush()
        return
    if plan.resume:
        done, last_origin, empty = _resumable(output, plan)
        try:
            handle = open(output, "ab")  # noqa: SIM115 - closed below
        except OSError as error:
            raise CommandError(f"cannot write {output}: {error.strerror}") from None
        with handle:
            written = Output(handle)
            sink = Sink(written, plan, source, header=empty, output=written)
            sink.done, sink.last_origin = done, last_origin
            try:
                yield sink
                written.flush()
            except (WorkerLostError, OSError) as error:
                if isinstance(error, OSError) and error is not written.failed:
                    raise
                raise CommandError(sink.stopped(error)) from None
        return
    with _new_file(plan, source, output) as sink:
        yield sink


@contextlib.contextmanager
def _new_file(plan: Plan, source: Source, output: Path) -> Iterator[Sink]:
    """The sink of an ``-o`` file written atomically: a new file keeps what was written
    if the run stops (for ``--resume``); one that replaces another (``--force``) is
    replaced only when the run ends."""
    existed = output.exists()
    stopped: BaseException | None = None  # a new file kept, cut short: why
    written: Output | None = None
    try:
        with atomic.writing(output, replace=plan.force) as binary:
            written = Output(binary)
            sink = Sink(written, plan, source, header=True, output=written)
            sink.keep_partial = not existed
            try:
                yield sink
                written.flush()
            except KeyboardInterrupt as interrupt:
                if existed:  # --force: the file it replaces stays whole unless the run ends
                    raise
                stopped = interrupt  # a new file: what was done is kept, for --resume
            except (WorkerLostError, OSError) as error:
                ours = not isinstance(error, OSError) or error is written.failed
                if existed or not ours:
                    raise
                stopped = error
                with contextlib.suppress(OSError):
                    written.flush()  # (a worker lost: the results before it)
    except FileExistsError:
        raise UsageError(
            f"{output} exists: --force replaces it, --resume goes on with it"
        ) from None
    except WorkerLostError as lost:  # (--force: the file it replaces stays whole)
        raise CommandError(
            f"{plan.command}: stopped: {lost}; {output} is left as it was (--force replaces "
            "it when a run ends)"
        ) from None
    except OSError as error:
        kept = ""
        if written is not None and error is written.failed:  # (--force, as above)
            kept = f"; {output} is left as it was (--force replaces it when a run ends)"
        raise CommandError(f"cannot write {output}: {error.strerror}{kept}") from None
    if isinstance(stopped, KeyboardInterrupt):
        raise stopped
    if stopped is not None:
        raise CommandError(sink.stopped(stopped))


def _resumable(path: Path, plan: Plan) -> tuple[int, str | None, bool]:
    """For ``--resume``: the results ``path`` holds (after cutting a partial last line),
    the last one's origin (None where it cannot be told), and whether it holds nothing."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return 0, None, True
    lines, end = _count_lines(path)
    if end < size:
        say(f"{path}: its last line was cut short (an interrupted run): removed")
        with open(path, "r+b") as handle:
            handle.truncate(end)
    if lines == 0:
        return 0, None, True
    first, last = _first_and_last_line(path, end)
    key = next((c for c in ("origin", "number") if c in plan.columns), None)
    if plan.form in ("csv", "tsv"):
        delimiter = "," if plan.form == "csv" else "\t"
        header = next(csv.reader([first], delimiter=delimiter))
        if tuple(header) != plan.columns:
            raise UsageError(
                f"{path} has other columns ({','.join(header)}): resume with --columns "
                "as the run that made it had them"
            )
        origin = None
        if key is not None and lines > 1:
            origin = next(csv.reader([last], delimiter=delimiter))[plan.columns.index(key)]
        return lines - 1, origin, False
    if plan.form == "jsonl":
        try:
            value = json.loads(last).get(key) if key else None
        except (ValueError, AttributeError):
            raise UsageError(f"{path}: its last line is not a JSON object") from None
        return lines, None if value is None else str(value), False
    return lines, None, False


def _count_lines(path: Path) -> tuple[int, int]:
    """How many whole lines ``path`` holds, and where the last one ends."""
    lines = end = offset = 0
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            count = block.count(b"\n")
            if count:
                lines += count
                end = offset + block.rindex(b"\n") + 1
            offset += len(block)
    return lines, end


def _first_and_last_line(path: Path, end: int) -> tuple[str, str]:
    with open(path, "rb") as handle:
        first = handle.readline()
        start = max(0, end - (1 << 16))
        handle.seek(start)
        tail = handle.read(end - start)
    last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return first.decode("utf-8", "replace").rstrip("\n"), last.decode("utf-8", "replace")


def count_lines(source: Source) -> int | None:
    """The lines of an input file, or the puzzles of a workbook (for the progress line);
    None if that is not known beforehand (standard input)."""
    if source.book is not None:
        return len(source.book)
    if source.single or not os.path.isfile(source.name):
        return None
    lines, end = _count_lines(Path(source.name))
    return lines + (os.path.getsize(source.name) > end)


# --- progress --------------------------------------------------------------------------------


def show_progress(
    progress: Progress, command: str, position: int, total: int | None, counts: Counts
) -> None:
    """The progress line after the puzzle at ``position`` (its line, or its number):
    done of total, rate, ETA, failures."""
    if progress.first is None:
        progress.first = position - 1
    if not progress.due():
        return
    parts = [
        f"{command}: {counted(counts.puzzles, 'puzzle')}",
        f"{per_second(counts.puzzles, progress.elapsed())}/s",
    ]
    if total:
        parts[0] += f" (line {position:,} of {total:,}, {100 * position / total:.0f}%)"
        eta = progress.eta(position, total)
        if eta is not None:
            parts.append(eta)
    if counts.failed:
        parts.append(f"{counts.failed:,} failed")
    progress.show(parts)
