"""Benchmark: the logic engine's speed and the quality of its ratings.

    python benchmarks/bench_logic.py [--data DIR] [--step K]

Prints:
* the time of a full logical trace (guesses included) for Inkala's puzzle (best of 3),
  and averaged over magictour top1465 and the SE-rated set;
* on the SE-rated set (Sudoku Explainer ratings 2.5-9.3): the Spearman rank
  correlation between our rating and SE's, how often our hardest technique is in the
  family SE's rating stands for, and for each technique how many puzzles use it, how
  many need it as their hardest step, and how many of those finish without guessing.

SE gives a rating, not the technique behind it, so SE's family is read off its published
scale: 2.6-2.8 intersections; 3.0, 3.4, 3.6, 4.0, 5.0, 5.4 subsets; 3.2, 3.8, 5.2 fish;
4.2, 4.4 wings; 4.5-4.9 and 5.5-6.1 uniqueness (rectangles and BUGs); 4.1, 4.3 and
6.3-7.0 chains (Sukaku Explainer's turbot fish, X- and Y-chains); 6.2 and 7.5 aligned
exclusions; 7.1 and up forcing chains and Nishio, which we count as matched by guessing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xl_sudoku.core import is_solution, parse_puzzle  # noqa: E402
from xl_sudoku.core.engine import solve_logically  # noqa: E402
from xl_sudoku.core.rating import rate_trace  # noqa: E402
from xl_sudoku.core.steps import SEARCH_STEPS  # noqa: E402

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"

# our families, grouped as SE's scale groups them
OURS = {
    "singles": "singles",
    "intersections": "intersections",
    "subsets": "subsets",
    "fish": "fish",
    "wings": "wings",
    "uniqueness": "uniqueness",
    "single-digit chains": "chains",
    "chains": "chains",
    "guesses": "forcing chains / guessing",
}


#: the families Sudoku Explainer's single ratings stand for
SE_RATINGS = {
    **dict.fromkeys((2.6, 2.8, 1.7, 1.9), "intersections"),
    **dict.fromkeys((2.0, 2.5, 3.0, 3.4, 3.6, 4.0, 5.0, 5.4), "subsets"),
    **dict.fromkeys((3.2, 3.8, 5.2), "fish"),
    **dict.fromkeys((4.2, 4.4), "wings"),
    **dict.fromkeys((4.1, 4.3), "chains"),
    **dict.fromkeys((6.2, 7.5), "aligned exclusion"),
}


def se_family(rating: float) -> str:
    """The technique family Sudoku Explainer's rating stands for (see the module text)."""
    r = round(rating, 1)
    if r <= 2.3:
        return "singles"
    if r in SE_RATINGS:
        return SE_RATINGS[r]
    if 4.5 <= r <= 4.9 or 5.5 <= r <= 6.1:
        return "uniqueness"
    if 6.3 <= r <= 7.0:
        return "chains"
    return "forcing chains / guessing"


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var = sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)
    return cov / math.sqrt(var)


def summary(times: list[float]) -> str:
    """``13.9 ms a puzzle on average (median 10.3, max 160), 1465 puzzles``."""
    mean, median, worst = (1000 * f(times) for f in (statistics.fmean, statistics.median, max))
    return (
        f"{mean:.1f} ms a puzzle on average (median {median:.1f}, max {worst:.0f}), "
        f"{len(times)} puzzles"
    )


def timed_traces(puzzles: list[str]) -> list[float]:
    times = []
    for puzzle in puzzles:
        started = time.perf_counter()
        trace = solve_logically(puzzle)
        times.append(time.perf_counter() - started)
        assert trace.status == "solved" and is_solution(trace.grid, parse_puzzle(puzzle))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--step", type=int, default=1, help="take every K-th SE-rated puzzle")
    args = parser.parse_args()

    print("full logical traces, guesses included")
    best = min(timed_traces([INKALA])[0] for _ in range(3))
    print(f"  inkala (2010):          {best * 1000:8.1f} ms (best of 3)")
    top1465 = (args.data / "magictour_top1465.txt").read_text().split()
    times = timed_traces(top1465)
    print(f"  magictour_top1465:       {summary(times)}")

    rows = [
        line.split("\t")
        for line in (args.data / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    ]
    rows = rows[:: args.step]
    ours: list[float] = []
    theirs: list[float] = []
    used: Counter[str] = Counter()
    hardest: Counter[str] = Counter()
    used_clean: Counter[str] = Counter()
    by_se: defaultdict[float, Counter[str]] = defaultdict(Counter)
    family_match = 0
    se_times = []
    no_guess_upto_6 = [0, 0]
    for puzzle, se_text in rows:
        se = float(se_text)
        started = time.perf_counter()
        trace = solve_logically(puzzle)
        se_times.append(time.perf_counter() - started)
        rating = rate_trace(trace)
        ours.append(rating.value)
        theirs.append(se)
        for name in {s.technique.name for s in trace.steps if s.technique not in SEARCH_STEPS}:
            used[name] += 1
            used_clean[name] += not rating.needs_guessing
        top = rating.hardest.name if rating.hardest else "none"
        hardest[top] += 1
        by_se[se][top] += 1
        family = OURS[rating.hardest.family] if rating.hardest else "singles"
        family_match += family == se_family(se)
        if se <= 6.0:
            no_guess_upto_6[0] += 1
            no_guess_upto_6[1] += not rating.needs_guessing
    n = len(rows)
    print(f"  se_rated_sudokuexchange: {summary(se_times)}")

    print(f"\nratings against Sudoku Explainer's, {n} puzzles rated 2.5-9.3")
    print(f"  Spearman rank correlation: {spearman(ours, theirs):.3f}")
    print(f"  same hardest-technique family: {family_match} of {n} ({family_match / n:.0%})")
    easy, clean = no_guess_upto_6
    print(f"  rated <= 6.0 by SE and finished without guessing: {clean} of {easy}")
    print_techniques(used, used_clean, hardest, by_se)
    return 0


def print_techniques(
    used: Counter[str],
    used_clean: Counter[str],
    hardest: Counter[str],
    by_se: defaultdict[float, Counter[str]],
) -> None:
    """How often each technique was used (and with no guess), how often it was the
    hardest; and the hardest techniques at each of SE's ratings."""
    print("\ntechniques on the SE-rated set")
    print(f"  {'':<26} {'used in':>8} {'no guess':>9} {'hardest':>8}")
    for name, count in sorted(used.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<26} {count:8} {used_clean[name]:9} {hardest[name]:8}")
    print(f"  {'Guess':<26} {'':8} {'':9} {hardest['Guess']:8}")
    print("\nour hardest technique, by SE rating")
    for se in sorted(by_se):
        top = ", ".join(f"{name} {k}" for name, k in by_se[se].most_common(3))
        print(f"  {se:4.1f} ({sum(by_se[se].values()):3}): {top}")


if __name__ == "__main__":
    raise SystemExit(main())
