"""Time limits for the searches a caller cannot wait on (core layer).

A worksheet function answers on every typed digit, and Excel waits for it: a search there
must stop in time, whatever the grid. ``within(seconds)`` sets a deadline for whatever
runs inside it; the long searches (the fast solver's, the target search's, and the
finders of the slow techniques: fish of many houses, templates, ALS, aligned exclusion,
chains, loops and forcing chains) call ``checkpoint()`` as they go, which raises
``OutOfTime`` once the deadline has passed. Outside ``within`` nothing changes: a
checkpoint costs a clock read and a comparison, and never raises.

Stopping loses nothing that was proven: a finder never changes the board (the step
engine applies a step only once it is found), so a ``LogicSolver`` whose step ran out of
time stands where it stood and may be asked again, with more time; only the finders'
memory of the last position must be forgotten (``Memory.clear``: it saves time, it never
changes an answer), since a search cut short may have written part of it.

A button has no time limit, but a person waits on it: ``ticking(every, tick)`` calls
``tick()`` from the checkpoints, at most every ``every`` seconds, for whatever runs inside
it (the status bar's timer, "Solving… 1.4 s", during a search of many seconds). Both ride
on one comparison: the time a checkpoint next acts is the sooner of the deadline and the
next tick.

The deadline is a context variable: each thread (and each asyncio task) has its own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

#: the innermost ``within``'s deadline
_LIMIT: ContextVar[float] = ContextVar("xl_sudoku_limit", default=math.inf)
#: when a checkpoint next acts: the deadline, or the next tick of ``ticking`` if sooner
_DEADLINE: ContextVar[float] = ContextVar("xl_sudoku_deadline", default=math.inf)
_now = time.perf_counter  # monotonic, and fine-grained on Windows too
_deadline = _DEADLINE.get


@dataclass
class _Ticker:
    """The innermost ``ticking``: what it calls, how often, and when next."""

    every: float
    tick: Callable[[], None]
    due: float


_TICKER: ContextVar[_Ticker | None] = ContextVar("xl_sudoku_ticker", default=None)


class OutOfTime(Exception):  # noqa: N818 - said as it reads: "out of time"
    """A search passed the deadline ``within`` set; ``seconds`` is the time it was given."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"stopped after {seconds:g} s")
        self.seconds = seconds


#: the time each ``within`` gave, innermost last (for OutOfTime's message)
_GIVEN: ContextVar[tuple[float, ...]] = ContextVar("xl_sudoku_given", default=())


def checkpoint() -> None:
    """Raise ``OutOfTime`` if the deadline of the innermost ``within`` has passed; call
    the tick of the innermost ``ticking`` if it is due."""
    if _now() > _deadline():
        _act()


def _act() -> None:
    now = _now()
    if now > _LIMIT.get():
        given = _GIVEN.get()
        raise OutOfTime(given[-1] if given else 0.0)
    ticker = _TICKER.get()
    if ticker is not None and now >= ticker.due:
        ticker.due = now + ticker.every
        _DEADLINE.set(min(_LIMIT.get(), ticker.due))
        ticker.tick()
    else:  # a tick's time that a ``within`` just ended put back: the next one's
        _DEADLINE.set(min(_LIMIT.get(), math.inf if ticker is None else ticker.due))


def remaining() -> float:
    """Seconds left before the deadline (``math.inf`` outside ``within``)."""
    return _LIMIT.get() - _now()


@contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Run the block with a deadline ``seconds`` from now (None: no new limit). An outer
    deadline that comes sooner still holds."""
    if seconds is None:
        yield
        return
    if not seconds > 0:  # NaN too
        raise ValueError(f"a time limit must be more than 0 seconds, got {seconds}")
    limit = min(_LIMIT.get(), _now() + seconds)
    ticker = _TICKER.get()
    limit_token = _LIMIT.set(limit)
    token = _DEADLINE.set(min(limit, math.inf if ticker is None else ticker.due))
    given = _GIVEN.set((*_GIVEN.get(), seconds))
    try:
        yield
    finally:
        _GIVEN.reset(given)
        _DEADLINE.reset(token)
        _LIMIT.reset(limit_token)


@contextmanager
def ticking(every: float, tick: Callable[[], None]) -> Iterator[None]:
    """Run the block with ``tick()`` called from its checkpoints, the first time after
    ``every`` seconds and then at most every ``every`` seconds (while a search runs: a
    block that searches nothing never ticks). What ``tick`` raises stops the search, as
    ``OutOfTime`` does."""
    ticker = _Ticker(every, tick, _now() + every)
    ticker_token = _TICKER.set(ticker)
    token = _DEADLINE.set(min(_LIMIT.get(), ticker.due))
    try:
        yield
    finally:
        _DEADLINE.reset(token)
        _TICKER.reset(ticker_token)
