"""The parallel runner (``xl_sudoku.helpers.runner``) on its own: results in order and
read lazily, the progress line, and the one rule for a worker whose parent goes (SIGTERM,
so that its task cleans up). The banks and batch mode test it at work
(``tests/test_banks.py``, ``tests/batch/test_safety.py``)."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import TimeoutError as NotYet
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from xl_sudoku.helpers import runner
from xl_sudoku.helpers.runner import Pending, Progress, Ready, in_order


def test_results_come_in_the_order_sent_and_the_work_is_read_as_room_is_made() -> None:
    read: list[int] = []

    def sent() -> Iterator[tuple[int, Pending[int]]]:
        for number in range(10):
            read.append(number)
            yield number, Ready(number * number)

    results = in_order(sent(), window=3)
    assert next(results) == (0, 0)
    assert read == [0, 1, 2]  # three awaited, no more read
    assert list(results) == [(n, n * n) for n in range(1, 10)]


def test_no_more_items_ahead_than_the_limit_by_weight() -> None:
    read: list[list[int]] = []

    def sent() -> Iterator[tuple[list[int], Pending[int]]]:
        for start in range(0, 20, 5):
            chunk = list(range(start, start + 5))
            read.append(chunk)
            yield chunk, Ready(sum(chunk))

    results = in_order(sent(), window=100, limit=10, weight=len)
    assert next(results) == ([0, 1, 2, 3, 4], 10)
    assert len(read) == 2  # 10 items ahead: the limit
    assert [total for _, total in results] == [35, 60, 85]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_line_is_redrawn_and_cleared() -> None:
    progress = Progress(enabled=True)
    progress.stream = Terminal()
    assert progress.due()  # the first at once
    progress.show(["10/100 puzzles", "5/s"])
    assert not progress.due()  # then every PROGRESS_SECONDS at most
    assert progress.due(force=True)
    progress.show(["9/9"])
    progress.clear()
    shown = progress.stream.getvalue()
    assert shown == "\r10/100 puzzles · 5/s\r9/9" + " " * 17 + "\r" + " " * 3 + "\r"


def test_without_a_terminal_a_line_of_its_own_every_few_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    progress = Progress(enabled=True, plain=True, label="xl-sudoku")
    progress.stream = io.StringIO()
    assert not progress.due(force=True)  # not at once: PLAIN_SECONDS first
    monkeypatch.setattr(runner, "PLAIN_SECONDS", 0.0)
    assert progress.due(force=True)
    progress.show(["1/2 puzzles"])
    progress.clear()  # a log keeps its lines
    assert progress.stream.getvalue() == "xl-sudoku: 1/2 puzzles\n"


def _until(found: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not found():
        assert time.monotonic() < deadline, "nothing came"
        time.sleep(0.01)


def test_a_line_standing_still_shows_the_time_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """One hard puzzle can take a minute: the line does not stand still meanwhile."""
    monkeypatch.setattr(runner, "TICK_SECONDS", 0.02)
    progress = Progress(enabled=True)
    stream = progress.stream = Terminal()
    progress.started -= 12  # the run began 12 s ago
    progress.show(["0/1 puzzles"])
    _until(lambda: "12 s" in stream.getvalue())
    progress.clear()
    shown = stream.getvalue()
    assert shown.startswith("\r0/1 puzzles\r0/1 puzzles · 12 s")
    assert shown.endswith("\r" + " " * len("0/1 puzzles · 12 s") + "\r")
    time.sleep(0.1)
    assert stream.getvalue() == shown  # cleared: the ticker has stopped
    assert not any(t.name == "progress" for t in threading.enumerate())


def test_in_a_log_no_ticker_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A log gets its line every PLAIN_SECONDS as the work goes, and no thread (it would be
    alive when a worker pool forks)."""
    monkeypatch.setattr(runner, "TICK_SECONDS", 0.02)
    monkeypatch.setattr(runner, "PLAIN_SECONDS", 0.0)
    progress = Progress(enabled=True, plain=True, label="xl-sudoku")
    stream = progress.stream = io.StringIO()
    progress.show(["0/1 puzzles"])
    assert not any(t.name == "progress" for t in threading.enumerate())
    time.sleep(0.1)
    progress.clear()
    assert stream.getvalue() == "xl-sudoku: 0/1 puzzles\n"


def test_the_eta_goes_by_the_pace_since_the_run_started() -> None:
    progress = Progress(enabled=True)
    progress.started -= 10  # 10 s ago
    assert progress.eta(0, 100) is None
    assert progress.eta(50, 100) == "ETA 10 s"
    progress.first = 40  # a resumed run: only what this run did counts
    assert progress.eta(50, 100) == "ETA 50 s"
    assert progress.eta(41, 1000) == "ETA 2.7 h"


def test_a_disabled_line_or_a_workers_copy_shows_nothing() -> None:
    assert not Progress(enabled=False).due(force=True)
    progress = Progress(enabled=True)
    progress._parent = os.getpid() + 1  # as in a forked worker
    assert not progress.due(force=True)
    progress.stream = io.StringIO()
    progress.show(["1/2"])
    progress.clear()
    assert progress.stream.getvalue() == ""


PARENT = """
import pathlib, sys, time
from xl_sudoku.helpers.runner import worker_pool

def task(folder):
    folder = pathlib.Path(folder)
    (folder / "started").write_text(str(__import__("os").getpid()))
    try:
        time.sleep(120)
    finally:
        (folder / "cleaned").write_text("yes")

if __name__ == "__main__":
    with worker_pool(1) as submit:
        submit(task, sys.argv[1]).result()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_worker_whose_parent_is_killed_cleans_up_and_goes(tmp_path: Path) -> None:
    # the one rule: the orphan gets SIGTERM (not SIGKILL), so its task's finally runs
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script), str(tmp_path)])
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "started").exists():
            assert parent.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(0.1)
        worker = int((tmp_path / "started").read_text())
        parent.send_signal(signal.SIGKILL)
        parent.wait(20)
        deadline = time.monotonic() + 20
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(worker)
        assert (tmp_path / "cleaned").read_text() == "yes"
    finally:
        if parent.poll() is None:
            parent.kill()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        return True
    return state != "Z"


class _Stuck:
    """A result that never comes: a future whose worker died while it sent it."""

    def __init__(self, arrives_after: int | None = None) -> None:
        self.asked = 0
        self.arrives_after = arrives_after

    def result(self, timeout: float | None = None) -> str:
        self.asked += 1
        if self.arrives_after is not None and self.asked > self.arrives_after:
            return "done"
        raise NotYet


class _Worker:
    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode


class _Writer:
    closed = False

    def close(self) -> None:
        self.closed = True


class _Executor:
    """What ``runner._result`` reads of a ``ProcessPoolExecutor``."""

    def __init__(self, *exitcodes: int | None) -> None:
        self._processes = {n: _Worker(code) for n, code in enumerate(exitcodes)}
        self._result_queue = type("Queue", (), {"_writer": _Writer()})()


def test_a_worker_that_died_sending_a_result_breaks_the_pool_not_hangs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # CPython's executor waits for ever there (the dead worker held the result queue's
    # lock, or left half a message): the run treats it as a broken pool, and closes its
    # own end of the result pipe so that the executor's thread can end
    monkeypatch.setattr(runner, "WATCH_SECONDS", 0.01)
    executor = _Executor(None, -signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        runner._result(_Stuck(), executor)  # type: ignore[arg-type]
    assert executor._result_queue._writer.closed
    # every worker alive: a slow result is waited for, the pipe left alone
    alive = _Executor(None, None)
    late = _Stuck(arrives_after=5)
    assert runner._result(late, alive) == "done"  # type: ignore[arg-type]
    assert late.asked == 6 and not alive._result_queue._writer.closed
