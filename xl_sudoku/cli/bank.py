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
with results of the same input gets the rest (checked first: a text form's every line
against its puzzle, a table's columns and last origin; then a partial last line, left
by a kill, is cut); a missing one is made, written as results come, so that a run started with
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

Here is the run and its progress line; ``bank_jobs`` has a job and its outcome,
``bank_options`` the options and the ``Plan`` made of them, ``bank_output`` where the
results go.
"""

from __future__ import annotations

import contextlib
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from .. import PROG
from ..helpers.runner import (
    Pending,
    Progress,
    Submit,
    cores,
    in_order,
    per_second,
    sigterm_as_interrupt,
    took,
    useful_jobs,
    worker_pool,
)
from .bank_jobs import Job, Outcome, error_of, run_chunk, timed
from .bank_options import Plan
from .bank_output import Sink, not_ours, origin, ours, sink_for, whole_lines
from .errors import CommandError, UsageError, counted, say
from .inputs import Entry, Source, Tally, describe, notify

MAX_CHUNK = 2000  # puzzles a chunk at most
SLOW_PUZZLE = 0.001  # seconds: a puzzle this slow (rating, not solving)...
SLOW_CHUNK = 4  # ...goes in chunks of this many at most
RECENT = 64  # the puzzles whose times size the next chunk: the last ones done
AHEAD = 16_000  # puzzles sent to the workers and not yet written, at most (memory)
AHEAD_CHUNKS = 16  # chunks a worker, at most
CHUNK_SECONDS = 0.1  # the work a chunk aims at: long enough to pay for sending it
CLUSTER_CHUNK_SECONDS = 0.25  # a cluster's scheduler costs more a task (a few ms)
RETRIES = 2  # a chunk whose worker died is run again, this many times at most


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
    with sigterm_as_interrupt(), sink_for(plan, source) as sink:
        skipped = _skip(job, entries, sink, plan)
        try:
            plain = sink.stream.write if plan.form == "text" else None
            showing = progress.enabled
            # a puzzle given on the command line is one; generate's count is its total
            pieces = 1 if source.single and total is None else total
            for entry, outcome in outcomes(job, entries, plan, pieces):
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
            say(describe(source, error_of(outcome), entry))
    elif outcome.notice:
        notify(source, entry, outcome.notice)


def _skip(job: Job, entries: Iterator[Entry], sink: Sink, plan: Plan) -> int:
    """Pass over the entries whose results the output holds (``--resume``), once they are
    known to be this command's for this input: a text form's every line (``ours``), a
    table's columns and its last row's origin. Only then is a partial last line cut."""
    done, last_origin = sink.done, sink.last_origin
    if not done:
        sink.cut_partial()
        return 0
    last: Entry | None = None
    count = 0
    assert plan.output is not None
    with contextlib.closing(whole_lines(plan.output)) as lines:
        for entry in islice(entries, done):
            count += 1
            last = entry
            if plan.form == "text" and not ours(sink.source, entry, next(lines), job):
                raise not_ours(plan, count, f"for {_named(sink.source, entry)}")
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
    sink.cut_partial()
    return done


def _named(source: Source, entry: Entry) -> str:
    """The puzzle an output's line is for, in ``--resume``'s refusal: ``bank.txt:12``,
    ``the puzzle`` (the argument), ``puzzle 3`` (generate's)."""
    if entry.grid is None and entry.error is None:
        return f"puzzle {entry.line:,}"
    return "the puzzle" if source.single else origin(source, entry)


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
