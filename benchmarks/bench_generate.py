"""Benchmark: the generator and target sudoku, beside references in the same run.

    python benchmarks/bench_generate.py [--n N] [--quick]

Generator: N puzzles of each kind from fixed seeds — rotational symmetry; minimal (no
clue can go, no symmetry); Expert (SE 4.0-6.0); one that needs an X-Wing — timed one by
one (median, slowest, puzzles/s). Every puzzle is checked: one solution
(``count_solutions``), symmetric and minimal when asked, rated as asked. The reference
is the seed slides' method on the Norvig-style solver (``references.reference_generate``).

Target sudoku: the two NOIP 2009 samples, and inputs as NOIP's are made — a random full
grid with 24, 27 or 30 of its digits kept, so most have many solutions — timed one by
one. The reference is the plain way: every solution enumerated by xl-sudoku's own fast
solver, the best score kept (capped at 20 s an input). Every answer is checked against
the reference where it finished.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.references import reference_generate  # noqa: E402
from xl_sudoku.core import count_solutions, is_solution, read_puzzles, solutions  # noqa: E402
from xl_sudoku.core.generate import (  # noqa: E402
    Generated,
    full_grid,
    generate,
    is_minimal,
    is_symmetric,
)
from xl_sudoku.core.target import best_score, score  # noqa: E402

CAP = 20.0
T = TypeVar("T")


def timed(make: Callable[[], T], n: int) -> tuple[list[float], list[T]]:
    times: list[float] = []
    made: list[T] = []
    for _ in range(n):
        started = time.perf_counter()
        made.append(make())
        times.append(time.perf_counter() - started)
    return times, made


def row(name: str, times: list[float]) -> str:
    median = statistics.median(times) * 1000
    return (
        f"{name:<34} {len(times):>4} {len(times) / sum(times):>9,.1f}/s "
        f"{median:>9.1f} ms {max(times) * 1000:>9.1f} ms"
    )


def brute(puzzle: tuple[int, ...]) -> tuple[int, float, int]:
    """The best score by enumerating every solution (score, seconds, solutions); score
    None-like -2 if the cap was reached."""
    started = time.perf_counter()
    best, count = -1, 0
    for grid in solutions(puzzle):
        count += 1
        best = max(best, score(grid))
        if time.perf_counter() - started > CAP:
            return -2, CAP, count
    return best, time.perf_counter() - started, count


def target_inputs(n: int) -> dict[str, list[tuple[int, ...]]]:
    """NOIP's two samples, and ``n`` inputs made as NOIP's are for 24, 27 and 30 givens."""
    samples = [
        r.grid for r in read_puzzles((ROOT / "tests" / "data" / "noip2009_target.txt").read_text())
    ]
    inputs: dict[str, list[tuple[int, ...]]] = {"NOIP 2009 samples": [g for g in samples if g]}
    rng = random.Random(9)
    for givens in (24, 27, 30):
        cases = []
        for _ in range(n):
            answer = full_grid(rng)
            kept = set(rng.sample(range(81), givens))
            cases.append(tuple(d if c in kept else 0 for c, d in enumerate(answer)))
        inputs[f"{givens} givens (random)"] = cases
    return inputs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=30, help="puzzles or inputs of each kind (30)")
    parser.add_argument("--quick", action="store_true", help="skip the references")
    options = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)
    n = options.n
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs\n")
    print(f"{'generator':<34} {'n':>4} {'rate':>11} {'median':>12} {'slowest':>12}")
    targets: list[tuple[str, bool]] = []

    def kind(name: str, seed: int, check: Callable[[Generated], bool], **ask: Any) -> list[float]:
        rng = random.Random(seed)
        times, made = timed(lambda: generate(rng, **ask), n)
        assert all(check(m) for m in made), name
        print(row(name, times))
        return times

    def unique(made: Generated) -> bool:
        one = count_solutions(made.puzzle, limit=2) == 1
        return one and is_solution(made.solution, made.puzzle)

    symmetric = kind(
        "rot180", 1, lambda m: unique(m) and is_symmetric(m.puzzle, "rot180"), symmetry="rot180"
    )
    minimal = kind("minimal", 2, lambda m: unique(m) and is_minimal(m.puzzle), minimal=True)
    expert = kind(
        "Expert (SE 4.0-6.0)",
        3,
        lambda m: unique(m) and 4.0 <= m.rating.value <= 6.0,
        difficulty="Expert",
    )
    kind("needs an X-Wing", 4, unique, technique="x-wing")
    if not options.quick:
        rng = random.Random(5)
        times, made = timed(lambda: reference_generate(rng), min(n, 10))
        assert all(count_solutions(p, limit=2) == 1 for p in made)
        print(row("reference: seed slides' method", times))
    targets += [
        (
            f"rot180 median {statistics.median(symmetric) * 1000:.1f} ms < 100 ms",
            statistics.median(symmetric) < 0.1,
        ),
        (
            f"minimal median {statistics.median(minimal) * 1000:.1f} ms < 300 ms",
            statistics.median(minimal) < 0.3,
        ),
        (
            f"Expert median {statistics.median(expert) * 1000:.0f} ms < 2 s",
            statistics.median(expert) < 2.0,
        ),
    ]

    print(f"\n{'target sudoku':<34} {'n':>4} {'rate':>11} {'median':>12} {'slowest':>12}")
    slowest = 0.0
    for name, cases in target_inputs(n).items():
        pending = iter(cases)
        times, found = timed(lambda: best_score(next(pending)), len(cases))  # noqa: B023
        slowest = max(slowest, *times)
        line = row(name, times)
        if not options.quick:
            plain = [brute(case) for case in cases]
            finished = [(p, f) for p, f in zip(plain, found, strict=True) if p[0] != -2]
            assert all(p[0] == f.score for p, f in finished), name
            capped = len(cases) - len(finished)
            seconds = [p[1] for p in plain]
            counts = [p[2] for p in plain]
            line += (
                f"   reference: median {statistics.median(seconds) * 1000:,.0f} ms, "
                f"slowest {max(seconds):.1f} s{' (capped)' if capped else ''}, "
                f"median {statistics.median(counts):,.0f} solutions"
            )
        print(line)
    targets.append((f"target sudoku, 24-30 givens: slowest {slowest:.2f} s < 1 s", slowest < 1.0))
    print("\nTargets of issue 6:")
    for text, met in targets:
        print(f"  {'met   ' if met else 'MISSED'} {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
