"""A batch run's progress line (batch layer): puzzles done of the total as files are
read, files done of all, the rate and the time left (``COUNT`` counts, ``PROGRESS`` shows).

One of each for the process: ``run`` restarts them for each run; a file's pipeline hears
its puzzles through ``COUNT`` (``pipeline.Tally``)."""

from __future__ import annotations

from .. import PROG
from ..helpers.runner import Progress, duration, per_second

#: the progress line: puzzles done of total (files, when there are several), rate, ETA;
#: redrawn on a terminal, a line every few seconds in a log (``helpers.runner.Progress``)
PROGRESS = Progress(enabled=False, label=PROG)
#: a run with more than this many seconds left, rating its lists, says what --no-rate does
SLOW_SECONDS = 60.0
NO_RATE = "--no-rate skips the lists' ratings, the slow part"


class Count:
    """What the progress line counts, as the work goes (``PROGRESS`` shows it): puzzles
    done and known (the total grows as files are read), files done of all."""

    def __init__(self) -> None:
        self.start(files=0)

    def start(self, files: int, *, rated: bool = False) -> None:
        """A run of ``files`` files begins (``rated``: its lists are rated)."""
        self.done = self.total = self.files_done = self.listed = 0
        self.files = files
        self.rated = rated
        self.reading = True  # a file is being read (its puzzles not counted yet)

    def expect(self, puzzles: int, listed: int = 0) -> None:
        """A file was read: its puzzles join the total (``listed`` of them a list's)."""
        self.total += puzzles
        self.listed += listed
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
            position, whole = self.files_done, self.files
        else:
            position, whole = self.done, total
        left = PROGRESS.left(position, whole)
        eta = None if left is None else f"ETA {duration(left)}"
        if left is not None and left > SLOW_SECONDS and self.rated and self.listed:
            eta = f"ETA {duration(left)} · {NO_RATE}"  # hard puzzles: a rating takes seconds
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
