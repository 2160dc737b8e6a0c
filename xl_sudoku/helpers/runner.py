"""Many items in worker processes (helpers layer; the standard library only).

    with sigterm_as_interrupt(), worker_pool(jobs) as submit:
        sent = ((item, submit(function, item)) for item in items)   # read as room is made
        for item, result in in_order(sent, window=4 * jobs):        # in the items' order
            progress.show([...]) if progress.due() else None

The puzzle banks (``cli/bank.py``: solve, rate, steps, hint and generate with ``--jobs``
or ``--cluster``) and batch mode (``batch/run.py``: many workbooks, or a long list, with
``--jobs``) run their work through it; a Dask cluster's ``submit`` (``cli/cluster.py``)
goes through ``in_order`` as a pool's does.

Stopping. Ctrl-C reaches every process of the terminal's group: workers ignore it and
the parent stops them, so that an interrupted run ends with one message, not one
traceback a worker. In the parent, ``sigterm_as_interrupt`` turns SIGTERM into
``Terminated``, a ``KeyboardInterrupt``: the run stops as for Ctrl-C and says so.

Orphans, one rule: a worker is stopped with SIGTERM, whether its parent stops it (an
error, Ctrl-C, SIGTERM) or the parent is gone (killed, crashed). On Linux the kernel
sends it when the parent dies (``prctl(PR_SET_PDEATHSIG)``); everywhere, and as a second
line, a thread in the worker notices its parent's pid change and sends it. In a worker
SIGTERM raises ``Terminated`` inside the task, whose ``finally`` blocks run, and the
worker then exits; between tasks it exits at once. SIGTERM rather than SIGKILL, because
SIGKILL cannot be caught: batch mode's workers write workbooks, and a worker killed
mid-write would leave its temporary file beside the user's (``atomic`` removes it on the
way out of a SIGTERM). The banks' workers write nothing: for them the two are the same.
A worker still there ``GRACE`` seconds after its SIGTERM is killed.

A worker that dies (the out-of-memory killer's SIGKILL, a crash) breaks a
``ProcessPoolExecutor``: every task under way fails. With ``retries``, ``worker_pool``
starts a new pool and sends it the tasks still awaited, in order, so the run goes on
with nothing lost; a task whose pool broke more than ``retries`` times (a puzzle that
kills every worker it is given) raises ``WorkerLostError``, and the caller keeps what it had.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import IO, TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:  # loaded when a pool is made: it brings multiprocessing
    from concurrent.futures import ProcessPoolExecutor

#: on a terminal, the progress line is redrawn this often at most (seconds)
PROGRESS_SECONDS = 0.2
#: without a terminal (a log, a pipe, a CI job), a progress line this often at most
PLAIN_SECONDS = 10.0
#: how long a terminal's progress line may stand still before the ticker shows the time
TICK_SECONDS = 2.0
#: how often a worker checks that its parent is still there (the portable way)
WATCH_SECONDS = 0.5
#: seconds a worker has, after its SIGTERM, to clean up and go before it is killed
GRACE = 5.0
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class WorkerLostError(Exception):
    """A worker process died (``how``: killed by a signal, or its exit status) while its
    task ran, again after the task was run anew as often as allowed: the run stops."""

    def __init__(self, how: str, tries: int) -> None:
        super().__init__(f"a worker process died ({how}) {tries} times at the same work")
        self.how = how
        self.tries = tries


def cores() -> int:
    """The processors this process may run on (its affinity, where the system says)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def useful_jobs(asked: int, work: int | None = None) -> int:
    """How many worker processes can help: no more than asked, than ``cores()``, or than
    the pieces of ``work`` there are (if known); at least 1."""
    return max(1, min(asked, cores(), work if work is not None else asked))


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that a run stops as for Ctrl-C (workers
    stopped, what was written kept): exit status 143."""


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM stops the run as Ctrl-C does: ``Terminated`` is raised where the run is,
    so its ``finally`` blocks run (workers stopped, temporary files removed). Where
    signals cannot be caught (not the main thread), nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


# --- workers ---------------------------------------------------------------------------------


class Pending(Protocol[R_co]):
    """A result on its way: a ``concurrent.futures.Future``, a Dask future, ``Ready``."""

    def result(self) -> R_co: ...


class Ready:
    """A result there already (an item that needed no worker), as ``in_order`` takes it."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


#: runs ``function(*arguments)`` elsewhere: what ``worker_pool`` gives
Submit = Callable[..., Pending[Any]]


@contextlib.contextmanager
def worker_pool(
    jobs: int, *, retries: int = 0, renewed: Callable[[str], None] | None = None
) -> Iterator[Submit]:
    """``jobs`` worker processes that end with the run (see the module's text):
    ``submit(function, *arguments)`` runs a picklable function in one of them. When the
    block ends with an error or an interruption the workers are stopped, not waited for.
    With ``retries``, a task whose worker died is run again in a new pool, up to that many
    times (see the module's text); ``renewed`` hears how the worker died, each time."""
    pool = _Pool(jobs, retries, renewed)
    try:
        yield pool.submit
    except BaseException:
        stop(pool.executor)
        raise
    pool.executor.shutdown(wait=True)


def _executor(jobs: int) -> ProcessPoolExecutor:
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - see above

    return ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(os.getpid(),))


class _Pool:
    """A process pool that, with ``retries``, is made anew when a worker dies, the tasks
    still awaited sent to the new one in the order they were sent."""

    def __init__(self, jobs: int, retries: int, renewed: Callable[[str], None] | None) -> None:
        self.jobs = jobs
        self.retries = retries
        self.renewed = renewed
        self.executor = _executor(jobs)
        self.generation = 0  # how many pools broke before this one
        self.awaited: dict[_Task, None] = {}  # tasks sent and not yet taken, in order

    def submit(self, function: Callable[..., Any], *arguments: Any) -> Pending[Any]:
        task = _Task(self, function, arguments)
        if self.retries:
            self.awaited[task] = None
        task.send()
        return task

    def renew(self, task: _Task) -> None:
        """``task``'s pool broke: if it is the pool in use, stop it and send every task
        still awaited to a new one (``WorkerLostError`` for a task tried too often)."""
        if task.generation != self.generation:
            return  # sent to the new pool already
        how = _death_of(self.executor)
        self.generation += 1
        self.executor = _executor(self.jobs)
        for waiting in self.awaited:
            waiting.tries += 1
            if waiting.tries > self.retries:
                raise WorkerLostError(how, waiting.tries)
        if self.renewed is not None:
            self.renewed(how)
        for waiting in self.awaited:
            waiting.send()


class _Task:
    """A task sent to a ``_Pool``: its result, waited for (and sent again, if its worker
    died and the pool allows)."""

    def __init__(
        self, pool: _Pool, function: Callable[..., Any], arguments: tuple[Any, ...]
    ) -> None:
        self.pool = pool
        self.function = function
        self.arguments = arguments
        self.tries = 0
        self.generation = 0
        self.future: Any = None

    def send(self) -> None:
        from concurrent.futures import Future  # noqa: PLC0415 - see above
        from concurrent.futures.process import BrokenProcessPool  # noqa: PLC0415

        self.generation = self.pool.generation
        try:
            self.future = self.pool.executor.submit(_task, self.function, *self.arguments)
        except BrokenProcessPool as broken:  # it broke before this was sent: as if after
            self.future = Future()
            self.future.set_exception(broken)

    def result(self) -> Any:
        from concurrent.futures.process import BrokenProcessPool  # noqa: PLC0415

        while True:
            try:
                value = _result(self.future, self.pool.executor)
            except BrokenProcessPool:
                if not self.pool.retries:
                    raise WorkerLostError(_death_of(self.pool.executor), 1) from None
                self.pool.renew(self)
                continue
            self.pool.awaited.pop(self, None)
            return value


def _result(future: Any, executor: ProcessPoolExecutor) -> Any:
    """``future.result()``, or ``BrokenProcessPool`` where the executor cannot say it broke.

    A worker killed while it sends a result dies holding the result queue's lock, or
    with half a message in its pipe: the other workers then wait for the lock and the
    executor's thread for the rest of the message, for ever (CPython's
    ``ProcessPoolExecutor``; seen here about once in 12 runs of a worker killed mid-run
    on a loaded machine). The executor marks a pool broken as soon as a worker dies,
    so a worker gone and this result still not there ``WATCH_SECONDS`` on is that: this
    process's end of the result pipe is closed (before a new pool is forked with it), so
    that once the caller stops the pool (``_death_of``) the executor's thread reads to
    the end of the pipe and stops too, or the interpreter would wait for it on the way
    out; then the pool is broken as if the executor had said so."""
    from concurrent.futures import TimeoutError as NotYet  # noqa: PLC0415 - see above
    from concurrent.futures.process import BrokenProcessPool  # noqa: PLC0415

    gone_at: float | None = None
    while True:
        try:
            return future.result(timeout=WATCH_SECONDS)
        except NotYet:
            pass
        processes = (getattr(executor, "_processes", None) or {}).values()
        if gone_at is None:
            if any(process.exitcode is not None for process in processes):
                gone_at = time.monotonic()
        elif time.monotonic() - gone_at >= WATCH_SECONDS:
            queue = getattr(executor, "_result_queue", None)
            writer = getattr(queue, "_writer", None)
            if writer is not None:
                writer.close()
            raise BrokenProcessPool("a worker died while it sent a result")


def _death_of(executor: ProcessPoolExecutor) -> str:
    """How a broken pool's worker died (``killed by SIGKILL``, ``exit status 1``); the
    pool is stopped (its other workers, which ``stop`` ends, are not the one)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    stop(executor)
    codes = [process.exitcode for process in processes]
    for code in codes:
        if code is not None and code < 0 and code != -signal.SIGTERM:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
    for code in codes:
        if code not in (None, 0, 143, -signal.SIGTERM):
            return f"exit status {code}"
    return "it went without a word"


def stop(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now (SIGTERM; their work is thrown away), kill any still
    there after ``GRACE`` seconds, and let the pool go."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(1)


def in_order(
    sent: Iterator[tuple[T, Pending[R]]],
    *,
    window: int,
    limit: int = sys.maxsize,
    weight: Callable[[T], int] = lambda _: 1,
) -> Iterator[tuple[T, R]]:
    """The results of work ``sent`` (each with a tag: the item, a chunk of items), in the
    order it was sent, whatever finished first. ``sent`` is read only as room is made:
    up to ``window`` results are awaited at a time, so that workers are not idle while a
    slow one holds up the output, and no more than ``limit`` items by ``weight``, so that
    memory stays flat. A generator that submits as it is read sends nothing beyond."""
    pending: deque[tuple[T, Pending[R]]] = deque()
    ahead = 0
    while True:
        while len(pending) < window and ahead < limit:
            following = next(sent, None)
            if following is None:
                break
            ahead += weight(following[0])
            pending.append(following)
        if not pending:
            return
        tag, result = pending.popleft()
        ahead -= weight(tag)
        yield tag, result.result()


_busy = False  # in a worker: a task is running (SIGTERM stops it), else SIGTERM exits
_stopping = False  # in a worker: a SIGTERM has stopped its task; later ones are ignored


def _task(function: Callable[..., R], *arguments: Any) -> R:
    """What a worker runs: ``function(*arguments)``; on SIGTERM the function's ``finally``
    blocks run on the way out, and the worker exits (its work is not wanted)."""
    global _busy  # noqa: PLW0603 - the worker's one piece of state, read by its handler
    _busy = True
    try:
        return function(*arguments)
    except Terminated:
        os._exit(143)
    finally:
        _busy = False


def _start_worker(parent: int) -> None:
    """In a new worker: ignore Ctrl-C, stop on SIGTERM (as ``_task`` says, not as the
    parent, which a forked worker takes after, does), and get SIGTERM when ``parent``
    goes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_terminated)
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            import ctypes  # noqa: PLC0415 - Linux only

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # it went before we could ask to follow it
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()


def _worker_terminated(signum: int, frame: FrameType | None) -> None:
    # One SIGTERM stops a task: an orphan on Linux gets two (the kernel's and the
    # watcher's), and the second must not cut the first one's ``finally`` short
    # (``_watch`` still ends the worker ``GRACE`` seconds on)
    global _stopping  # noqa: PLW0603 - read by this handler only
    if _stopping:
        return
    if _busy:
        _stopping = True
        raise Terminated()
    os._exit(143)


def _watch(parent: int) -> None:
    """End this process when ``parent`` is gone: SIGTERM, as the kernel sends on Linux,
    and after ``GRACE`` seconds an exit that nothing stops."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    # orphaned: adopted by init (or a subreaper), so the pid changed
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(GRACE)
    os._exit(1)


# --- progress --------------------------------------------------------------------------------


class Progress:
    """A progress line on stderr, its words the caller's (``show``): on a terminal it is
    redrawn in place, every ``PROGRESS_SECONDS`` at most; otherwise (``plain``) a line of
    its own, starting with ``label``, every ``PLAIN_SECONDS``, so that a long run in a log
    does not look hung. Disabled, or in a worker (a forked copy), it shows nothing.

    On a terminal, while nothing new comes (one hard puzzle can take a minute), a ticker
    thread shows the last line again with the time so far (``0/1 puzzles · 12 s``), every
    ``TICK_SECONDS``; ``clear`` stops it. Not in a log: there the thread would be alive
    when a worker pool forks (Python 3.12 warns of that), for a line every 10 s."""

    def __init__(self, *, enabled: bool, plain: bool = False, label: str = "") -> None:
        self.stream: IO[str] = sys.stderr
        self.label = label
        self._lock = threading.Lock()
        self._ticker: threading.Thread | None = None
        self._stop = threading.Event()
        self._parent = os.getpid()
        self.restart(enabled=enabled, plain=plain)

    def restart(self, *, enabled: bool, plain: bool = False) -> None:
        """Start timing anew (a line on a terminal at once, a plain one later)."""
        if os.getpid() == self._parent:
            self._halt()
        self.enabled = enabled
        self.plain = plain
        self.started = time.perf_counter()
        self.shown = self.started if plain else 0.0
        self.first: int | None = None  # where this run started (after what was resumed)
        self.width = 0
        self.parts: Sequence[str] = ()
        self._parent = os.getpid()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def due(self, *, force: bool = False) -> bool:
        """Whether a line is to be shown now (``force``: a terminal's, however recent the
        last one)."""
        if not self.enabled:
            return False
        since = time.perf_counter() - self.shown
        if not force and since < PROGRESS_SECONDS:
            return False
        if self.plain and since < PLAIN_SECONDS:
            return False
        return os.getpid() == self._parent

    def show(self, parts: Sequence[str]) -> None:
        """Show ``parts`` as the line (``due`` says when), joined by `` · ``."""
        if os.getpid() != self._parent:
            return  # a worker's copy (its lock may have been held when it was forked)
        with self._lock:
            self.parts = tuple(parts)
            self._write(self.parts)
        if self._ticker is None and not self.plain:
            self._stop.clear()
            self._ticker = threading.Thread(target=self._tick, name="progress", daemon=True)
            self._ticker.start()

    def _write(self, parts: Sequence[str]) -> None:
        self.shown = time.perf_counter()
        line = " · ".join(parts)
        if self.plain:
            self.stream.write(f"{self.label}: {line}\n" if self.label else line + "\n")
        else:
            self.stream.write("\r" + line + " " * max(0, self.width - len(line)))
            self.width = len(line)
        self.stream.flush()

    def _tick(self) -> None:
        """The ticker: the last line again, with the time so far, while nothing new
        comes."""
        while not self._stop.wait(TICK_SECONDS):
            with self._lock:
                if self.parts and time.perf_counter() - self.shown >= TICK_SECONDS:
                    self._write((*self.parts, duration(self.elapsed())))

    def _halt(self) -> None:
        """Stop the ticker (before the line is taken away, or a new run starts)."""
        ticker, self._ticker = self._ticker, None
        if ticker is not None:
            self._stop.set()
            ticker.join()

    def eta(self, position: float, total: float) -> str | None:
        """``ETA 3 min``: the time left at the pace since ``first`` (0 if not set), or
        None before any progress."""
        left = self.left(position, total)
        return None if left is None else f"ETA {duration(left)}"

    def left(self, position: float, total: float) -> float | None:
        """The seconds left at the pace since ``first`` (0 if not set), or None before any
        progress."""
        moved = position - (self.first or 0)
        if moved <= 0:
            return None
        return self.elapsed() * (total - position) / moved

    def clear(self) -> None:
        """Take the line away (on a terminal), before anything else is said; the ticker
        stops (the next ``show`` starts it again)."""
        if os.getpid() != self._parent:
            return
        self._halt()
        with self._lock:
            self.parts = ()
            if self.enabled and not self.plain and self.width:
                self.stream.write("\r" + " " * self.width + "\r")
                self.stream.flush()
                self.width = 0


def per_second(count: float, seconds: float) -> str:
    """``145``, ``2.5``, ``0.3``: how many a second, with a decimal under ten and two
    digits under one (a run of hard puzzles is not "0/s")."""
    rate = count / max(seconds, 1e-9)
    if rate >= 10:
        return f"{rate:,.0f}"
    if rate >= 1:
        return f"{rate:.1f}"
    return f"{rate:.2g}"


def took(seconds: float) -> str:
    """``12.3 s``, ``0.25 s``, ``4 ms``: a run's time (a short one not "0.0 s")."""
    if seconds < 0.1:
        return f"{1000 * seconds:.0f} ms"
    return f"{seconds:.{2 if seconds < 1 else 1}f} s"


def duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``2.5 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = seconds / 60
    if minutes < 90:
        return f"{minutes:.0f} min"
    return f"{minutes / 60:.1f} h"
