"""A puzzle bank's job (cli layer): what a command does with one puzzle, in any process
(a ``Job``), and what comes of it (an ``Outcome``); ``run_chunk`` runs a chunk of them in
a worker. ``bank`` runs the jobs over a whole input."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import PuzzleError, format_line


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

    def wrote(self, item: Any, line: str) -> bool:
        """True if ``line`` (no line end) reads as the text ``run`` gives for ``item``:
        ``--resume`` checks each line an output file holds so before going on with it."""
        ...


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


def error_of(outcome: Outcome) -> PuzzleError:
    """The error a failed outcome carries, made again (an error pickled loses nothing)."""
    assert outcome.error is not None
    return PuzzleError(outcome.error, outcome.error_cells, outcome.error_line)
