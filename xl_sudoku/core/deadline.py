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

The deadline is a context variable: each thread (and each asyncio task) has its own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_DEADLINE: ContextVar[float] = ContextVar("xl_sudoku_deadline", default=math.inf)
_now = time.perf_counter  # monotonic, and fine-grained on Windows too
_deadline = _DEADLINE.get


class OutOfTime(Exception):  # noqa: N818 - said as it reads: "out of time"
    """A search passed the deadline ``within`` set; ``seconds`` is the time it was given."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"stopped after {seconds:g} s")
        self.seconds = seconds


#: the time each ``within`` gave, innermost last (for OutOfTime's message)
_GIVEN: ContextVar[tuple[float, ...]] = ContextVar("xl_sudoku_given", default=())


def checkpoint() -> None:
    """Raise ``OutOfTime`` if the deadline of the innermost ``within`` has passed."""
    if _now() > _deadline():
        given = _GIVEN.get()
        raise OutOfTime(given[-1] if given else 0.0)


def remaining() -> float:
    """Seconds left before the deadline (``math.inf`` outside ``within``)."""
    return _deadline() - _now()


@contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Run the block with a deadline ``seconds`` from now (None: no new limit). An outer
    deadline that comes sooner still holds."""
    if seconds is None:
        yield
        return
    if not seconds > 0:  # NaN too
        raise ValueError(f"a time limit must be more than 0 seconds, got {seconds}")
    deadline = min(_deadline(), _now() + seconds)
    token = _DEADLINE.set(deadline)
    given = _GIVEN.set((*_GIVEN.get(), seconds))
    try:
        yield
    finally:
        _GIVEN.reset(given)
        _DEADLINE.reset(token)
