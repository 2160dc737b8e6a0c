"""Time limits (``core.deadline``): a search stops at its deadline, and stopping loses
nothing that was proven."""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice, pairwise

import pytest

from tests.puzzles import INKALA_2010, load
from xl_sudoku.core import EMPTY_GRID, Grid, LogicSolver, is_solution, parse_puzzle, solutions
from xl_sudoku.core.board import Board, Memory
from xl_sudoku.core.deadline import OutOfTime, checkpoint, remaining, ticking, within
from xl_sudoku.core.steps import Family
from xl_sudoku.core.target import best_score
from xl_sudoku.core.techniques import FINDERS, TECHNIQUES

#: top1465's first: rated 9.0 in 0.4 s, steps of many families on the way
MIDDLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_no_deadline_outside_within() -> None:
    checkpoint()
    assert remaining() == math.inf


def test_a_checkpoint_past_the_deadline_raises_out_of_time(clock: Clock) -> None:
    # the standing clock: a pause of the machine between entering and asking took the
    # whole millisecond once (CI, 2026-12-08: remaining() -0.0006); at 0, exact sums
    clock.now = 0.0
    with within(0.001):
        assert 0 < remaining() <= 0.001
        clock.now += 0.002
        with pytest.raises(OutOfTime, match=r"^stopped after 0\.001 s$") as stop:
            checkpoint()
    assert stop.value.seconds == 0.001
    checkpoint()  # the deadline went with the block


def test_an_outer_deadline_that_comes_sooner_holds() -> None:
    with within(0.001), within(60):
        assert remaining() <= 0.001
        time.sleep(0.002)
        with pytest.raises(OutOfTime):
            checkpoint()
    with within(60), within(None):
        assert 59 < remaining() <= 60


@pytest.mark.parametrize("seconds", [0, -1, math.nan])
def test_a_time_limit_is_more_than_zero(seconds: float) -> None:
    with (
        pytest.raises(ValueError, match="a time limit must be more than 0 seconds"),
        within(seconds),
    ):
        pass


def test_the_fast_solver_stops() -> None:
    """Listing the empty grid's solutions would take forever."""
    with pytest.raises(OutOfTime), within(0.01):
        for _ in islice(solutions(EMPTY_GRID), 10**9):
            pass


def test_the_target_search_stops_with_the_best_so_far() -> None:
    found = best_score(EMPTY_GRID, seconds=0.05)
    assert not found.proven and found.grid is not None and is_solution(found.grid)
    with within(0.05):
        assert not best_score(EMPTY_GRID).proven  # a deadline around it holds too


def test_a_logical_solve_stopped_again_and_again_ends_as_one_never_stopped() -> None:
    """Stopping loses nothing proven: a solve cut short at ever later deadlines, its board's
    memory forgotten each time, takes the very steps of a solve left alone."""
    alone = LogicSolver(MIDDLE).run_logic()
    solver = LogicSolver(MIDDLE)
    seconds, stops = 0.0005, 0
    while True:
        try:
            with within(seconds):
                while solver.step(guess=False) is not None:
                    pass
            break
        except OutOfTime:
            stops += 1
            solver.board.memory.clear()
            seconds *= 1.5
    assert stops >= 3
    cut = solver.trace()
    assert cut.status == alone.status
    assert [(s.technique, s.placements, s.eliminations) for s in cut.steps] == [
        (s.technique, s.placements, s.eliminations) for s in alone.steps
    ]
    assert is_solution(cut.grid, parse_puzzle(MIDDLE))


def open_grids() -> list[Grid]:
    """Grids with 10 and 18 givens: every slow search has the most to look at there."""
    rng = random.Random(5)
    grids = []
    for puzzle in load("magictour_top1465")[:2]:
        cells = [c for c in range(81) if puzzle[c]]
        rng.shuffle(cells)
        for keep in (10, 18):
            kept = set(cells[:keep])
            grids.append(tuple(d if c in kept else 0 for c, d in enumerate(puzzle)))
    return grids


#: how far past its deadline a finder may run (the longest stretch without a checkpoint,
#: measured at 15 ms with the machine loaded: 5 on 2 cores)
LATE = 0.25


@contextmanager
def no_collector() -> Iterator[None]:
    """The cycle collector off: a pause of its own is the interpreter's, not the code's
    stretch without a checkpoint that the deadline tests measure."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_every_finder_stops_soon_after_its_deadline() -> None:
    """On open grids, where the slow finders take seconds (Mutant Jellyfish: 6 s, Template
    Set: 1.5 s), each stops within ``LATE`` of a deadline 5 ms away.

    The cycle collector is off while a finder runs (``no_collector``): in one process after
    the rest of the fast tier, a full collection of the heap the earlier tests left paused
    Grouped Nice Loops 0.18-0.5 s past the deadline (gc callbacks), where this test alone
    sees 4 ms."""
    finders = list(dict.fromkeys(FINDERS[t] for t in TECHNIQUES))
    latest = 0.0
    for grid in open_grids():
        board = Board.from_grid(grid)
        for finder in finders:
            board.memory = Memory()
            started = time.perf_counter()
            try:
                with no_collector(), within(0.005):
                    next(finder(board), None)
            except OutOfTime:
                pass
            late = time.perf_counter() - started - 0.005
            assert late < LATE, (finder.__qualname__, late)
            latest = max(latest, late)
    print(f"latest: {latest * 1000:.1f} ms past the deadline")


def test_the_nested_chains_stop_soon_after_their_deadline() -> None:
    """Inkala's first step is a Dynamic Forcing Chain (+): seconds of nested chains."""
    board = Board.from_grid(parse_puzzle(INKALA_2010))
    stopped = []
    for technique in TECHNIQUES:
        if technique.family == Family.FORCING_CHAINS:
            board.memory = Memory()
            started = time.perf_counter()
            try:
                with no_collector(), within(0.005):
                    next(FINDERS[technique](board), None)
            except OutOfTime:
                stopped.append(technique.name)
            assert time.perf_counter() - started < 0.005 + LATE, technique.name
    assert "Dynamic Forcing Chain (+)" in stopped and "Nested Forcing Chain" in stopped


class Clock:
    """The deadline's clock, standing still until a test moves it: what ticks when is
    then the code's doing alone, never the machine's load."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    stand_in = Clock()
    monkeypatch.setattr("xl_sudoku.core.deadline._now", stand_in)
    return stand_in


def test_ticking_calls_its_tick_from_the_checkpoints_at_most_so_often(clock: Clock) -> None:
    ticks: list[float] = []
    started = clock.now
    with ticking(0.01, lambda: ticks.append(clock.now)):
        clock.now += 0.009
        checkpoint()
        assert ticks == []  # the first tick comes after ``every``
        for _ in range(60):  # 60 ms, a checkpoint every millisecond
            clock.now += 0.001
            checkpoint()
        assert len(ticks) in (5, 6)
        gaps = [b - a for a, b in pairwise([started, *ticks])]
        assert min(gaps) > 0.01 - 1e-9
        clock.now += 0.05  # no checkpoint, no tick
        assert len(ticks) in (5, 6)
        before = len(ticks)
    clock.now += 1
    checkpoint()
    assert len(ticks) == before and remaining() == math.inf  # the ticker went with the block


def test_a_deadline_holds_while_ticking_and_ticks_go_on_after_it(clock: Clock) -> None:
    ticks: list[float] = []
    with ticking(0.001, lambda: ticks.append(clock.now)):
        started = clock.now
        with within(0.005):
            assert remaining() == pytest.approx(0.005)
            with pytest.raises(OutOfTime):
                while True:
                    clock.now += 0.0004
                    checkpoint()
            stopped = clock.now - started
        assert 0.005 < stopped < 0.0055  # the ticks neither hastened nor put off the deadline
        assert len(ticks) == 4  # at 1.2, 2.4, 3.6 and 4.8 ms
        assert remaining() == math.inf
        inside = len(ticks)
        clock.now += 0.002
        checkpoint()
        assert len(ticks) == inside + 1


def test_what_a_tick_raises_stops_the_search() -> None:
    def stop() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt), ticking(0.001, stop):
        for _ in islice(solutions(EMPTY_GRID), 10**9):
            pass


def test_a_long_step_ticks_all_along() -> None:
    """Inkala's first step (a Dynamic Forcing Chain (+): a tenth of a second and more of
    nested chains) checks the clock often enough to tick at least every ``LATE``."""
    ticks: list[float] = []
    started = time.perf_counter()
    with ticking(0.005, lambda: ticks.append(time.perf_counter())):
        step = LogicSolver(INKALA_2010).step(guess=False)
    ended = time.perf_counter()
    assert step is not None and step.technique.name == "Dynamic Forcing Chain (+)"
    moments = [started, *ticks, ended]
    assert len(ticks) >= 3
    assert max(b - a for a, b in pairwise(moments)) < LATE
