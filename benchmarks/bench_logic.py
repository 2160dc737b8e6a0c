"""Benchmark: the logic engine's speed, its reach (no guessing), and its ratings.

    python benchmarks/bench_logic.py [--data DIR] [--step K] [--hardest-step K] [--quick]
        [--tenplus-step K] [--jobs N] [--se CLASSPATH [--se-step K] [--se-tenplus]]
        [--hodoku CLASSPATH]

Prints, for Inkala's puzzle (best of 3; the first of DATA's inkala.txt), norvig_top95,
magictour_top1465, forum_hardest_1106 and the SE-rated set: how many puzzles the engine
solved by logic alone (no Guess step; every final grid checked by ``is_solution``),
that every step of every trace is sound (no elimination removes the digit of the
solution the fast solver finds, no placement differs from it), and the time of the full
logical trace per puzzle in CPU time (mean, then the distribution: median, 90th and 99th
percentile, slowest). Then, on the SE-rated set (5,008 puzzles rated 2.5-9.3 by
Sukaku Explainer), how our ratings agree with Sudoku Explainer's: Spearman's rank
correlation, the share equal to the tenth and within 0.5, the same family of hardest
technique, and all of it per band of SE's rating.

``--step K`` takes every K-th SE-rated puzzle, ``--hardest-step K`` every K-th of the
forum's hardest (default 25: rated the way Sudoku Explainer rates them, the forum's hardest
take seconds each), ``--quick`` skips top1465 and the forum's hardest.

The 10+ sample (``se_serate_10plus.tsv``: puzzles rated here by Sukaku Explainer 1.18.1's
``serate`` itself, with the CPU seconds each took; ``--tenplus-step K`` takes every K-th):
how many of our ratings equal SE's to the tenth, are within 0.1, 0.3 and 0.5, the mean
difference, and our CPU time per puzzle beside the recorded SE time.

``--se CLASSPATH`` (a Sukaku Explainer build: its classes directory or jar; Java on the
path) runs ``serate`` beside the engine in the same run: on every ``--se-step``-th puzzle
(default 50) of the SE-rated set and of top1465, all in one ``serate`` process per set
(CPU time of that process: its start-up is a fraction of a second), giving the speed
ratio and, on the SE-rated set, how many of our ratings equal ``serate``'s own; with
``--se-tenplus`` also on the 10+ sample, one process per puzzle as the reference was made,
each right after the engine's run of the same puzzle, so that the two run in the same
minutes (hours in all). ``--jobs N`` shares the 10+ sample among N worker processes (the
longest by serate's recorded time first), each running a puzzle through the engine and then
``serate``: both programs always have the same neighbours, so their ratio holds, and the
49 take about half the hours on two cores. Times are CPU times either way.

``--hodoku CLASSPATH`` (a HoDoKu build: its classes directory or jar; Java on the path) runs
HoDoKu's batch solver (``sudoku.Main /bs``) on the same puzzles as the engine, one process
per set right after the engine's run of the set: Inkala's two, norvig_top95, and (without
``--quick``) magictour_top1465 and the forum's hardest. It prints each program's CPU time
per puzzle and the ratio, HoDoKu's CPU time with its start-up (a batch of no puzzle, in the
same run) left out beside it, and on how many puzzles HoDoKu guessed (its "bf", brute
force: we never guess). HoDoKu is GPL: build it outside this repository (benchmarks/README.md
says how).

SE publishes a rating, not the technique behind it, so its family is read off its
scale (Sukaku Explainer's defaults); a rating several rules share counts as matched by
any of them (``tests/se_scale.py``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.se_scale import se_families  # noqa: E402
from tests.sound import unsound  # noqa: E402
from xl_sudoku.cli.arguments import positive  # noqa: E402
from xl_sudoku.core import is_solution, parse_puzzle  # noqa: E402
from xl_sudoku.core.engine import LogicSolver, Trace  # noqa: E402
from xl_sudoku.core.rating import rate_trace  # noqa: E402
from xl_sudoku.core.steps import GUESS, Family  # noqa: E402

BANDS = (
    (1.0, 2.0),
    (2.0, 4.0),
    (4.0, 6.0),
    (6.0, 7.0),
    (7.0, 8.0),
    (8.0, 9.0),
    (9.0, 10.0),
    (10.0, 12.0),
)


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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def distribution(times: list[float]) -> str:
    """``mean 12.3 ms; median 8.1, p90 30, p99 210, slowest 950``."""
    ms = [1000 * t for t in times]
    return (
        f"mean {statistics.fmean(ms):.1f} ms; median {statistics.median(ms):.1f}, "
        f"p90 {percentile(ms, 0.9):.0f}, p99 {percentile(ms, 0.99):.0f}, "
        f"slowest {max(ms):.0f}"
    )


def trace_of(puzzle: str) -> tuple[Trace, float]:
    """The full trace and the CPU time it took (this process's: on a shared machine the
    wall clock measures the neighbours too)."""
    started = time.process_time()
    trace = LogicSolver(puzzle).run()
    seconds = time.process_time() - started
    assert trace.status == "solved" and is_solution(trace.grid, parse_puzzle(puzzle)), puzzle
    return trace, seconds


def run_set(name: str, puzzles: list[str]) -> tuple[list[Trace], list[float], int]:
    """The traces of a set of puzzles, their CPU times, and how many of their steps were
    unsound."""
    traces, times = [], []
    for puzzle in puzzles:
        trace, seconds = trace_of(puzzle)
        traces.append(trace)
        times.append(seconds)
    by_logic = [not any(s.technique is GUESS for s in t.steps) for t in traces]
    steps = sum(len(t.steps) for t in traces)
    wrong = [w for t, p in zip(traces, puzzles, strict=True) for w in unsound(t, p)]
    report_set(name, by_logic, steps, wrong, times)
    return traces, times, len(wrong)


def report_set(
    name: str, by_logic: list[bool], steps: int, wrong: list[str], times: list[float]
) -> None:
    """A set's lines: how many puzzles logic alone solved, the times' distribution, the
    steps sound."""
    print(f"  {name:<26} {sum(by_logic):5} of {len(by_logic):<5} by logic; {distribution(times)}")
    print(f"  {'':<26} {steps - len(wrong)} of {steps} steps sound")
    for line in wrong:
        print(f"  UNSOUND {line}")


def serate(classpath: Path, puzzles: list[str]) -> tuple[list[float], float]:
    """Sukaku Explainer's ratings of the puzzles, all in one ``serate`` process, and the
    CPU seconds (user + system) that process took."""
    with tempfile.TemporaryDirectory(prefix="bench-logic-") as tmp:
        source = Path(tmp) / "puzzles.txt"
        source.write_text("\n".join(puzzles) + "\n")
        command = ["java", "-cp", str(classpath), "diuf.sudoku.test.serate", "--threads=1"]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(
            [*command, "--format=%r", f"--input={source}"],
            capture_output=True,
            text=True,
            check=True,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    ratings = [float(line) for line in done.stdout.split()]
    if len(ratings) != len(puzzles):
        raise SystemExit(f"serate rated {len(ratings)} of {len(puzzles)} puzzles")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return ratings, cpu


def hodoku(classpath: Path, puzzles: list[str]) -> tuple[float, int]:
    """HoDoKu's batch solve of the puzzles, all in one process: the CPU seconds (user +
    system) the process took, and on how many puzzles it guessed ("bf" in its output)."""
    with tempfile.TemporaryDirectory(prefix="bench-logic-") as tmp:
        source = Path(tmp) / "puzzles.txt"
        source.write_text("".join(p + "\n" for p in puzzles))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            # a relative name: HoDoKu reads an argument that starts with "/" as an option
            ["java", "-cp", str(classpath.resolve()), "sudoku.Main", "/bs", source.name],
            capture_output=True,
            text=True,
            check=True,
            cwd=tmp,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = Path(tmp) / "puzzles.txt.out.txt"
        lines = out.read_text().splitlines() if puzzles else []  # (none written for none)
    if len(lines) != len(puzzles):
        raise SystemExit(f"HoDoKu solved {len(lines)} of {len(puzzles)} puzzles")
    guessed = sum(1 for line in lines if line.split()[-1] == "bf")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, guessed


class HoDoKu:
    """HoDoKu run beside the engine on each set (``--hodoku``): its start-up once (a batch
    of no puzzle), then each set right after ours."""

    def __init__(self, classpath: Path) -> None:
        self.classpath = classpath
        self.startup = hodoku(classpath, [])[0]
        self.rows: list[str] = []

    def beside(self, name: str, puzzles: list[str], times: list[float]) -> None:
        cpu, guessed = hodoku(self.classpath, puzzles)
        n = len(puzzles)
        ours, theirs = sum(times) / n, cpu / n
        net = max(cpu - self.startup, 0.0) / n
        self.rows.append(
            f"  {name:<30} ours {1000 * ours:9.1f} ms  HoDoKu {1000 * theirs:9.1f} ms "
            f"({1000 * net:9.1f} ms without start-up): {theirs / ours:5.2f}x "
            f"({net / ours:5.2f}x); HoDoKu guessed on {guessed} of {n}"
        )

    def report(self) -> None:
        print(
            f"\nbeside HoDoKu ({self.classpath}): CPU time a puzzle, HoDoKu's process "
            f"per set right after ours; its start-up {1000 * self.startup:.0f} ms a process"
        )
        for row in self.rows:
            print(row)


def agreement(label: str, pairs: list[tuple[float, float]]) -> None:
    """How our ratings (first) agree with SE's (second)."""
    n = len(pairs)
    near = {
        limit: sum(1 for a, b in pairs if abs(a - b) <= limit + 1e-9) for limit in (0.1, 0.3, 0.5)
    }
    exact = sum(1 for a, b in pairs if round(a, 1) == round(b, 1))
    diff = statistics.fmean(a - b for a, b in pairs)
    print(
        f"  {label}: equal {exact} of {n} ({exact / n:.0%}), within 0.1 {near[0.1]} "
        f"({near[0.1] / n:.0%}), within 0.3 {near[0.3]} ({near[0.3] / n:.0%}), within 0.5 "
        f"{near[0.5]} ({near[0.5] / n:.0%}); mean difference {diff:+.2f}"
    )


def band_table(pairs: list[tuple[float, float]]) -> None:
    """Our ratings (first) against SE's (second), per band of SE's rating."""
    print(f"  {'SE band':<10} {'puzzles':>8} {'equal':>7} {'within 0.5':>11} {'mean diff':>10}")
    for band in BANDS:
        rows = [(a, b) for a, b in pairs if band[0] <= b < band[1]]
        if not rows:
            continue
        eq = sum(1 for a, b in rows if round(a, 1) == round(b, 1))
        near = sum(1 for a, b in rows if abs(a - b) <= 0.5 + 1e-9)
        diff = statistics.fmean(a - b for a, b in rows)
        label = f"{band[0]:.0f}-{band[1]:.0f}" if band[1] < 12 else f"{band[0]:.0f}+"
        print(
            f"  {label:<10} {len(rows):8} {eq / len(rows):7.0%} {near / len(rows):11.0%} "
            f"{diff:+10.2f}"
        )


@dataclass(frozen=True)
class TenplusRun:
    """One puzzle of the 10+ sample: our rating, CPU seconds, steps, whether logic alone
    solved it and its unsound steps; ``serate``'s rating and CPU seconds if it ran."""

    rating: float
    seconds: float
    steps: int
    by_logic: bool
    wrong: tuple[str, ...]
    se: tuple[float, float] | None


def tenplus_run(classpath: Path | None, puzzle: str) -> TenplusRun:
    """The engine on a puzzle, then (``classpath`` given) ``serate`` on it right after: the
    two run in the same minutes (this machine's speed moves 20-40% within the hour)."""
    trace, seconds = trace_of(puzzle)
    se = None
    if classpath is not None:
        (rating,), cpu = serate(classpath, [puzzle])
        se = (rating, cpu)
    return TenplusRun(
        rate_trace(trace).value,
        seconds,
        len(trace.steps),
        not any(s.technique is GUESS for s in trace.steps),
        tuple(unsound(trace, puzzle)),
        se,
    )


def tenplus(data: Path, step: int, classpath: Path | None, jobs: int = 1) -> int:
    """The 10+ sample: our ratings and times beside those ``serate`` recorded (or, with
    ``classpath``, gives now), in ``jobs`` worker processes; the number of unsound steps."""
    rows = [line.split("\t") for line in (data / "se_serate_10plus.tsv").read_text().splitlines()]
    rows = rows[::step]
    puzzles = [row[1] for row in rows]
    recorded = [float(row[3]) for row in rows]
    run = partial(tenplus_run, classpath)
    if jobs == 1:
        runs = [run(p) for p in puzzles]
    else:
        # the longest first, so that no worker is left with one long puzzle at the end
        order = sorted(range(len(rows)), key=lambda i: -recorded[i])
        spawn = multiprocessing.get_context("spawn")  # fresh workers: no forked threads
        with ProcessPoolExecutor(jobs, mp_context=spawn) as pool:
            done = dict(zip(order, pool.map(run, [puzzles[i] for i in order]), strict=True))
        runs = [done[i] for i in range(len(rows))]
    times = [r.seconds for r in runs]
    wrong = [w for r in runs for w in r.wrong]
    name = f"10+ sample ({len(rows)})" + (f", {jobs} workers" if jobs > 1 else "")
    report_set(name, [r.by_logic for r in runs], sum(r.steps for r in runs), wrong, times)
    ours = [r.rating for r in runs]
    theirs = [float(row[2]) for row in rows]
    se_times = recorded[:]
    source = "recorded"
    if classpath is not None:
        source = "measured now"
        theirs = [r.se[0] for r in runs if r.se is not None]
        se_times = [r.se[1] for r in runs if r.se is not None]
    print(f"\n10+ sample against Sukaku Explainer's serate ({source})")
    agreement("ratings", list(zip(ours, theirs, strict=True)))
    mine = statistics.fmean(times)
    se_mean = statistics.fmean(se_times)
    print(
        f"  time per puzzle (CPU): ours {mine:.1f} s, serate {se_mean:.1f} s ({source}): "
        f"{se_mean / mine:.1f}x; slowest ours {max(times):.1f} s"
    )
    if classpath is not None:
        # how fast the machine runs serate now against the hour its times were recorded
        print(
            f"  serate's recorded times for these: {statistics.fmean(recorded):.1f} s a puzzle; "
            f"now {sum(se_times) / sum(recorded):.2f} of them"
        )
    print("  puzzle                        ours    SE   ours s    SE s   ratio   SE rec s")
    for row, a, b, t, se, rec in zip(rows, ours, theirs, times, se_times, recorded, strict=True):
        mark = "" if f"{a:.1f}" == f"{b:.1f}" else "  <- differs"
        print(
            f"  {row[0]:<28} {a:5.1f} {b:5.1f} {t:8.1f} {se:7.1f} {se / t:6.1f}x {rec:9.1f}{mark}"
        )
    return len(wrong)


def side_by_side(name: str, puzzles: list[str], classpath: Path, se_rated: list[float]) -> None:
    """The engine and ``serate`` on the same puzzles in the same run: CPU time per
    puzzle, and (``se_rated``: the ratings the data file lists, if any) how many of our
    ratings equal ``serate``'s."""
    started = time.process_time()
    ours = [rate_trace(LogicSolver(p).run()).value for p in puzzles]
    mine = (time.process_time() - started) / len(puzzles)
    ratings, cpu = serate(classpath, puzzles)
    theirs = cpu / len(puzzles)
    print(
        f"  {name:<26} ours {1000 * mine:.0f} ms, serate {1000 * theirs:.0f} ms a puzzle: "
        f"{theirs / mine:.1f}x"
    )
    pairs = list(zip(ours, ratings, strict=True))
    agreement("ratings against serate's", pairs)
    band_table(pairs)
    if se_rated:
        listed = sum(1 for a, b in zip(ratings, se_rated, strict=True) if f"{a:.1f}" == f"{b:.1f}")
        print(f"  serate itself equals the data file's rating on {listed} of {len(puzzles)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--step", type=positive, default=1, help="every K-th SE-rated puzzle")
    parser.add_argument("--hardest-step", type=positive, default=25, help="every K-th hardest")
    parser.add_argument(
        "--tenplus-step", type=positive, default=1, help="every K-th of the 10+ sample"
    )
    parser.add_argument("--jobs", type=positive, default=1, help="worker processes, 10+ sample")
    parser.add_argument("--se", type=Path, help="a Sukaku Explainer build to run beside")
    parser.add_argument("--se-step", type=positive, default=50, help="every K-th puzzle for --se")
    parser.add_argument("--se-tenplus", action="store_true", help="--se on the 10+ sample")
    parser.add_argument("--quick", action="store_true", help="skip top1465 and the hardest")
    parser.add_argument("--hodoku", type=Path, help="a HoDoKu build to run beside")
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)

    data: Path = args.data

    def load(name: str) -> list[str]:
        return (data / f"{name}.txt").read_text().split()

    side = HoDoKu(args.hodoku) if args.hodoku is not None else None

    def measured(name: str, puzzles: list[str]) -> int:
        """A set's traces, and HoDoKu's batch of it right after (``--hodoku``)."""
        _, times, wrong = run_set(name, puzzles)
        if side is not None:
            side.beside(name, puzzles, times)
        return wrong

    print("full logical traces (every step explained; solved by logic = no Guess step)")
    if (data / "inkala.txt").exists():  # its first puzzle: Inkala's of 2010
        best = min(trace_of(load("inkala")[0])[1] for _ in range(3))
        print(f"  {'inkala (2010)':<26} full trace {best * 1000:.0f} ms (best of 3)")
    else:
        print(f"  {'inkala (2010)':<26} not in {data}")
    unsound_steps = 0
    if side is not None:
        unsound_steps += measured("inkala (2)", load("inkala"))
    unsound_steps += measured("norvig_top95", load("norvig_top95"))
    if not args.quick:
        unsound_steps += measured("magictour_top1465", load("magictour_top1465"))
        hardest = load("forum_hardest_1106")[:: args.hardest_step]
        unsound_steps += measured(
            "forum_hardest_1106" + (f" (1 in {args.hardest_step})" * (args.hardest_step > 1)),
            hardest,
        )
    if side is not None:
        side.report()

    rows = [
        line.split("\t") for line in (data / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    ][:: args.step]
    traces, _, wrong = run_set("se_rated_sudokuexchange", [p for p, _ in rows])
    unsound_steps += wrong
    ours: list[float] = []
    theirs: list[float] = []
    family_match = 0
    band_rows: defaultdict[tuple[float, float], list[tuple[float, float]]] = defaultdict(list)
    hardest_by_se: defaultdict[float, Counter[str]] = defaultdict(Counter)
    for (_, se_text), trace in zip(rows, traces, strict=True):
        se = float(se_text)
        rating = rate_trace(trace)
        ours.append(rating.value)
        theirs.append(se)
        family = rating.hardest.family if rating.hardest else Family.SINGLES
        family_match += family in se_families(se)
        band = next(b for b in BANDS if b[0] <= se < b[1])
        band_rows[band].append((rating.value, se))
        hardest_by_se[se][rating.hardest.name if rating.hardest else "none"] += 1
    n = len(rows)
    exact = sum(1 for a, b in zip(ours, theirs, strict=True) if round(a, 1) == round(b, 1))
    close = sum(1 for a, b in zip(ours, theirs, strict=True) if abs(a - b) <= 0.5 + 1e-9)
    print(f"\nratings against Sudoku Explainer's ({n} puzzles rated 2.5-9.3)")
    print(f"  Spearman rank correlation:  {spearman(ours, theirs):.3f}")
    print(f"  equal to the tenth:         {exact} ({exact / n:.1%})")
    print(f"  within 0.5:                 {close} ({close / n:.1%})")
    print(f"  same hardest-technique family: {family_match} ({family_match / n:.1%})")
    print()
    band_table([pair for band in BANDS for pair in band_rows.get(band, [])])
    print("\nour hardest technique, by SE rating (the three most common)")
    for se in sorted(hardest_by_se):
        top = ", ".join(f"{name} {k}" for name, k in hardest_by_se[se].most_common(3))
        print(f"  {se:4.1f} ({sum(hardest_by_se[se].values()):3}): {top}")

    print()
    classpath = args.se if args.se_tenplus else None
    unsound_steps += tenplus(data, args.tenplus_step, classpath, args.jobs)
    if args.se is not None:
        print(f"\nbeside Sukaku Explainer's serate ({args.se}), every {args.se_step}-th puzzle")
        every = args.se_step
        rated = [
            line.split("\t")
            for line in (data / "se_rated_sudokuexchange.tsv").read_text().splitlines()
        ][::every]
        side_by_side(
            "se_rated_sudokuexchange",
            [p for p, _ in rated],
            args.se,
            [float(r) for _, r in rated],
        )
        side_by_side("magictour_top1465", load("magictour_top1465")[::every], args.se, [])
    return 1 if unsound_steps else 0


if __name__ == "__main__":
    raise SystemExit(main())
