"""Where a puzzle bank's results go (cli layer): the text form or a table's rows, to
standard output or to an ``-o`` file (``Sink``, ``Output``): a new file written atomically,
an existing one replaced only with ``--force``, or appended to with ``--resume`` after its
last whole result; and the lines of an input, counted for the progress line."""

from __future__ import annotations

import contextlib
import csv
import json
import os
import signal
import sys
import threading
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import IO, Any, Protocol

from ..helpers import atomic
from ..helpers.runner import (
    WorkerLostError,
)
from .bank_jobs import Job, Outcome, error_of
from .bank_options import Plan
from .errors import CommandError, UsageError, counted, interrupted, say
from .inputs import Entry, Source, error_message, location

WRITE_BLOCK = 1 << 16  # characters an output file is written in, a whole number of results


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
        self.cut: int | None = None  # where its whole lines end, a partial one after them
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

    def cut_partial(self) -> None:
        """Cut the partial last line a kill left in the output (``--resume``): called once
        the whole lines before it are known to be this command's."""
        if self.cut is None:
            return
        assert self.output is not None
        say(f"{self.plan.output}: its last line was cut short (an interrupted run): removed")
        os.ftruncate(self.output.fd, self.cut)
        self.output.start, self.cut = self.cut, None

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


def origin(source: Source, entry: Entry) -> str:
    """Where a puzzle came from, for a table: ``puzzles.txt:12``, ``book.xlsx:Sheet1!A2``,
    ``puzzle`` (given as the argument)."""
    if source.single:
        return "puzzle"
    return f"{source.name}:{entry.place or entry.line}"


def _text(source: Source, entry: Entry, outcome: Outcome | None) -> str:
    """A puzzle's lines in the text form: a failure of a file's puzzle leaves a ``# line
    N: why`` comment in its place, so the answers line up with the puzzles."""
    if outcome is None:
        assert entry.error is not None
        error, text = entry.error, ""
    elif outcome.error is None or outcome.answered or outcome.fatal:
        return outcome.text
    else:
        error, text = error_of(outcome), outcome.text
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
        row["status"] = f"error: {error_message(error_of(outcome), entry)}"
    else:
        row["status"] = f"ok; {outcome.notice}" if outcome.notice else "ok"
    return row


def _one_line(text: str) -> str:
    return text.replace("\r", " ").replace("\n", " / ") if "\n" in text or "\r" in text else text


@contextlib.contextmanager
def sink_for(plan: Plan, source: Source) -> Iterator[Sink]:
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
        if _is_input(output, source):  # its puzzles would count as results, its last line cut
            raise UsageError(
                f"{output} is the input: --resume appends the results to the -o FILE; name another"
            )
        done, last_origin, empty, cut = _resumable(output, plan)
        try:
            handle = open(output, "ab")  # noqa: SIM115 - closed below
        except OSError as error:
            raise CommandError(f"cannot write {output}: {error.strerror}") from None
        with handle:
            written = Output(handle)
            sink = Sink(written, plan, source, header=empty, output=written)
            sink.done, sink.last_origin, sink.cut = done, last_origin, cut
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


def _is_input(path: Path, source: Source) -> bool:
    """True if ``path`` is the file the puzzles are read from (under any name)."""
    if source.single or not os.path.isfile(source.name):
        return False
    try:
        return os.path.samefile(path, source.name)
    except OSError:  # (not there yet)
        return False


def _resumable(path: Path, plan: Plan) -> tuple[int, str | None, bool, int | None]:
    """For ``--resume``: the results ``path`` holds (its whole lines: a partial last line
    is cut only once they are known to be this command's, ``Sink.cut_partial``), the last
    one's origin (None where it cannot be told), whether it holds nothing, and where its
    whole lines end if a partial line follows them. Text with no line end at all is not
    a run's: a run writes whole results."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return 0, None, True, None
    lines, end = _count_lines(path)
    cut = end if end < size else None
    if lines == 0:
        if cut is not None:
            raise not_ours(plan, 1, "(it has no line end)")
        return 0, None, True, None
    first, last = _first_and_last_line(path, end)
    key = next((c for c in ("origin", "number") if c in plan.columns), None)
    if plan.form in ("csv", "tsv"):
        delimiter = "," if plan.form == "csv" else "\t"
        header = next(csv.reader([first], delimiter=delimiter))
        if tuple(header) != plan.columns:
            raise _other_columns(path, header)
        origin = None
        if key is not None and lines > 1:
            origin = next(csv.reader([last], delimiter=delimiter))[plan.columns.index(key)]
        return lines - 1, origin, False, cut
    if plan.form == "jsonl":  # each row names its columns: the first and the last are read
        row: object = None
        for which, line in (("first", first), ("last", last)):
            try:
                row = json.loads(line)
            except (ValueError, RecursionError):
                row = None
            if not isinstance(row, dict):
                raise UsageError(f"{path}: its {which} line is not a JSON object")
            if tuple(row) != plan.columns:
                raise _other_columns(path, list(row))
        assert isinstance(row, dict)
        value = row.get(key) if key else None
        return lines, None if value is None else str(value), False, cut
    return lines, None, False, cut


def _other_columns(path: Path, names: list[str]) -> UsageError:
    return UsageError(
        f"{path} has other columns ({','.join(names)}): resume with --columns as the run "
        "that made it had them"
    )


def whole_lines(path: Path) -> Generator[str, None, None]:
    """The lines of ``path`` that end, without their line end (``--resume``)."""
    with open(path, "rb") as handle:
        for line in handle:
            if not line.endswith(b"\n"):
                return
            yield line[:-1].decode("utf-8", "replace")


def ours(source: Source, entry: Entry, line: str, job: Job) -> bool:
    """True if ``line`` of a text form can be what this command writes for ``entry``: the
    comment a failure leaves, naming its place (an unreadable puzzle's whole), or the
    job's text (``Job.wrote``)."""
    if entry.error is not None:
        return line + "\n" == _text(source, entry, None)
    if line.startswith("# ") and not source.single:
        return line.startswith(f"# {location(source, entry)}")
    return job.wrote(entry.line if entry.grid is None else entry.grid, line)


def not_ours(plan: Plan, number: int, why: str) -> UsageError:
    """``--resume``'s refusal of an output whose line ``number`` is not this run's
    (``why``: ``for bank.txt:12``, the puzzle it is not a result for)."""
    return UsageError(
        f"{plan.output}: line {number:,} is not {plan.command}'s result {why}: --resume goes "
        "on only with what this command wrote for this input (name another -o FILE)"
    )


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
