"""Worker processes for the command line's ``--jobs N`` (cli layer).

    with local_pool(jobs) as pool:       # a concurrent.futures executor
        future = pool.submit(function, *arguments)

A worker dies with the command that started it, however that command ends: on Linux
the kernel kills it when its parent goes (``prctl(PR_SET_PDEATHSIG)``); everywhere, and
as a second line, a thread in the worker notices its parent's pid change and ends it.
Workers ignore Ctrl-C (the terminal sends it to them too): the parent stops them, so
that an interrupted run ends with one message, not one traceback a worker. When the
block ends with an error or an interruption the workers are killed, not waited for.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

#: how often a worker checks that its parent is still there (the portable way)
WATCH_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


@contextlib.contextmanager
def local_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes that end with the run (see the module's text)."""
    pool = ProcessPoolExecutor(jobs, initializer=_follow_parent, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        stop(pool)
        raise
    pool.shutdown(wait=True)


def stop(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's workers now (their work is thrown away) and let the pool go."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(5)


def _follow_parent(parent: int) -> None:
    """In a new worker: ignore Ctrl-C, die at once on SIGTERM (not as the parent, which
    a forked worker takes after, stops), and die when ``parent`` does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            import ctypes  # noqa: PLC0415 - Linux only

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it went before we could ask to follow it
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)  # orphaned: adopted by init (or a subreaper), so the pid changed
