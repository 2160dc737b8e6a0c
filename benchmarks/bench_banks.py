"""Benchmark: puzzle banks (issue 14) - streaming, ``--jobs``, a Dask cluster.

    python benchmarks/bench_banks.py [--lines 1000000] [--rate-first 200] [--generate 10000]
                                     [--skip solve,rate,cluster,generate]

1. ``solve`` of a big file (the kaggle set repeated to ``--lines`` lines) as a user runs
   it, in a child process: ``xl-sudoku solve FILE -o out.txt -q``, its CPU time and peak
   memory (ru_maxrss) from ``wait4``; against the core in this process on the same puzzles
   parsed beforehand (the first solution, and whether there is a second, which is what
   ``solve`` prints and says), on the first 100,000 of them, both ways the core offers:
   ``solutions`` (grids) and ``solution_lines`` (lines, the faster). Target: throughput
   within 10% of the faster, peak under 200 MB.
2. ``rate --jobs 2`` against ``--jobs 1`` on the first ``--rate-first`` puzzles of the
   SE-rated set, wall time (a speed-up is wall time; the machine's load is printed beside
   it). Target 1.8x on 2 cores. The outputs must be the same bytes.
3. The same through a ``LocalCluster`` of 2 worker processes (one thread each). Target 1.6x.
4. ``generate -n N --difficulty Expert --jobs 2`` against ``--jobs 1``: target 1.8x; every
   puzzle checked: one solution (``count_solutions``), rated Expert by ``rate``.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xl_sudoku.core import (  # noqa: E402
    Grid,
    count_solutions,
    format_line,
    parse_puzzle,
    rate,
    solution_lines,
    solutions,
)

DATA = ROOT / "tests" / "data"
REFERENCE_LINES = 100_000


def load() -> str:
    return (
        f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} on {os.cpu_count()} cores"
    )


#: runs the command line, then says its peak resident memory (the new program's own: a
#: forked child's ru_maxrss would count the parent's pages, this one's grids included)
PEAK = (
    "import sys; from xl_sudoku.cli import main; status = main(sys.argv[1:]); "
    "peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')]; "
    "sys.stderr.write(f'\\nPEAK {peak[0] if peak else 0}\\n'); sys.exit(status)"
)


def child(argv: Sequence[str]) -> tuple[float, float, int, int]:
    """Run the command line in a child: wall s, CPU s (user + system), peak KiB, status."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", PEAK, *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    err = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if process.returncode not in (0, 1):
        sys.stderr.write(err)
    peak = int(err.rsplit("PEAK ", 1)[-1]) if "PEAK " in err else 0
    return wall, usage.ru_utime + usage.ru_stime, peak, process.returncode


def _spin(_: object) -> float:
    started = time.process_time()
    while time.process_time() - started < 2.0:
        pass
    return time.process_time() - started


def ceiling() -> str:
    """How many cores two busy processes get here now (the most --jobs 2 can gain)."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        cpu = sum(pool.map(_spin, range(2)))
    return f"two spinning processes get {cpu / (time.perf_counter() - started):.2f} cores now"


def bench_solve(folder: Path, lines: int, rounds: int) -> None:
    kaggle = (DATA / "kaggle1m_first9999.txt").read_text().split()
    bank = folder / "bank.txt"
    with bank.open("w") as handle:
        for number in range(lines):
            handle.write(kaggle[number % len(kaggle)] + "\n")
    print(f"solve: {lines:,} puzzles ({bank.stat().st_size / 1e6:.0f} MB); {load()}")
    texts = [kaggle[n % len(kaggle)] for n in range(min(lines, REFERENCE_LINES))]
    grids = [parse_puzzle(text) for text in texts]
    cpu = core = fast = loop = float("inf")
    wall = peak = 0.0
    for _ in range(rounds):  # alternately, the best of each (CPU time: the machine is shared)
        core = min(core, cpu_seconds(lambda: _solve_grids(grids)))
        fast = min(fast, cpu_seconds(lambda: _solve_grids_to_lines(grids)))
        loop = min(loop, cpu_seconds(lambda: _solve_lines(texts)))
        run = child(["solve", str(bank), "-o", str(folder / "out.txt"), "--force", "-q"])
        assert run[3] == 0, run
        if run[1] < cpu:
            wall, cpu = run[0], run[1]
        peak = max(peak, run[2])
        written = sum(1 for _ in (folder / "out.txt").open())
        assert written == lines, written
    command_rate, loop_rate = lines / cpu, len(texts) / loop
    core_rate, fast_rate = len(grids) / core, len(grids) / fast
    print(
        f"  xl-sudoku solve -o:  {cpu:7.1f} s CPU (best of {rounds}; {wall:.1f} s wall), "
        f"{command_rate:,.0f} puzzles/s, {1e6 / command_rate:.1f} us a puzzle"
    )
    print(
        f"  core, parsed grids:  {core:7.1f} s CPU on {len(grids):,}, {core_rate:,.0f} puzzles/s, "
        f"{1e6 / core_rate:.1f} us a puzzle"
    )
    print(
        f"  core, lines out:     {fast:7.1f} s CPU on {len(grids):,}, {fast_rate:,.0f} puzzles/s, "
        f"{1e6 / fast_rate:.1f} us a puzzle"
    )
    print(
        f"  core, text in/out:   {loop:7.1f} s CPU on {len(texts):,}, {loop_rate:,.0f} puzzles/s, "
        f"{1e6 / loop_rate:.1f} us a puzzle"
    )
    ratio = command_rate / max(core_rate, fast_rate)
    print(
        f"  throughput {ratio:.0%} of the core's fastest (target >= 90%): {_verdict(ratio >= 0.9)}"
        f"; {command_rate / core_rate:.0%} of solutions()'s"
    )
    print(f"  ({command_rate / loop_rate:.0%} of a loop reading and printing lines itself)")
    print(f"  peak memory {peak / 1024:.0f} MB (target < 200 MB): {_verdict(peak < 200 * 1024)}")


def cpu_seconds(work: Callable[[], object]) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def _solve_grids(grids: Sequence[Grid]) -> None:
    """What ``solve`` works out: the first solution, and whether there is a second."""
    for grid in grids:
        found = solutions(grid)
        next(found)
        next(found, None)


def _solve_grids_to_lines(grids: Sequence[Grid]) -> None:
    """The same, each solution as a line (``solution_lines``: the core's fastest way)."""
    for grid in grids:
        found = solution_lines(grid)
        next(found)
        next(found, None)


def _solve_lines(texts: Sequence[str]) -> None:
    """The same from text lines to text lines, as a user's own loop would do it."""
    out = []
    for text in texts:
        found = solutions(parse_puzzle(text))
        out.append(format_line(next(found)) + "\n")
        next(found, None)


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def se_bank(folder: Path, first: int) -> Path:
    rows = (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
    puzzles = [row.split("\t")[0] for row in rows if row and not row.startswith("#")]
    puzzles = puzzles[:: max(1, len(puzzles) // first)][:first]  # every rating: the set is sorted
    path = folder / "se.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return path


def bench_rate(folder: Path, first: int, cluster: bool) -> None:
    bank = se_bank(folder, first)
    columns = ["--columns", "origin,puzzle,rating,label,hardest,guesses,status"]
    print(f"rate: {first} puzzles of the SE-rated set (every rating); {load()}; {ceiling()}")
    walls: dict[str, float] = {}
    outputs: dict[str, bytes] = {}
    runs: list[tuple[str, list[str]]] = [
        ("--jobs 1", ["--jobs", "1"]),
        ("--jobs 2", ["--jobs", "2"]),
    ]
    local = None
    if cluster:
        from distributed import LocalCluster

        start: Any = LocalCluster  # distributed's functions have no type hints
        local = start(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=40,
        )
        runs.append(("LocalCluster(2)", ["--cluster", local.scheduler_address]))
    try:
        for name, how in runs:
            out = folder / f"rate{len(walls)}.csv"
            wall, cpu, _, status = child(["rate", str(bank), *how, "-o", str(out), "-q", *columns])
            assert status == 0, status
            walls[name] = wall
            outputs[name] = out.read_bytes()
            print(
                f"  {name:<16} {wall:7.1f} s wall ({cpu:.1f} s CPU of the command and its own "
                f"workers: {cpu / wall:.2f} cores had), {load()}"
            )
    finally:
        if local is not None:
            local.close()
    base = walls["--jobs 1"]
    for name, target in (("--jobs 2", 1.8), ("LocalCluster(2)", 1.6)):
        if name in walls:
            same = outputs[name] == outputs["--jobs 1"]
            speedup = base / walls[name]
            print(
                f"  {name}: {speedup:.2f}x --jobs 1 (target {target}x): "
                f"{_verdict(speedup >= target)}; output the same: {same}"
            )


def bench_generate(folder: Path, count: int) -> None:
    print(f"generate -n {count} --difficulty Expert; {load()}; {ceiling()}")
    walls = {}
    outputs = {}
    for jobs in ("1", "2"):
        out = folder / f"made{jobs}.csv"
        argv = ["generate", "-n", str(count), "--difficulty", "Expert", "--seed", "1"]
        argv += ["--jobs", jobs, "-o", str(out), "-q", "--columns", "number,puzzle,rating,label"]
        wall, cpu, _, status = child(argv)
        assert status == 0, status
        walls[jobs], outputs[jobs] = wall, out.read_bytes()
        print(
            f"  --jobs {jobs}: {wall:7.1f} s wall, {count / wall:.1f} puzzles/s "
            f"({cpu:.1f} s CPU: {cpu / wall:.2f} cores had); {load()}"
        )
    speedup = walls["1"] / walls["2"]
    same = outputs["1"] == outputs["2"]
    print(
        f"  --jobs 2: {speedup:.2f}x --jobs 1 (target 1.8x): {_verdict(speedup >= 1.8)}; "
        f"the same output: {same}"
    )
    with (folder / "made2.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    proper = sum(1 for r in rows if count_solutions(parse_puzzle(r["puzzle"]), limit=2) == 1)
    expert = sum(1 for r in rows if rate(parse_puzzle(r["puzzle"])).label == "Expert")
    print(f"  {len(rows)} puzzles: {proper} with one solution, {expert} rated Expert by rate()")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=2, help="solve: best of R, alternating")
    parser.add_argument("--rate-first", type=int, default=200)
    parser.add_argument("--generate", type=int, default=10_000)
    parser.add_argument("--skip", default="", help="comma-separated: solve,rate,cluster,generate")
    args = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)
    skip = set(args.skip.split(","))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if "solve" not in skip:
            bench_solve(folder, args.lines, args.rounds)
        if "rate" not in skip:
            bench_rate(folder, args.rate_first, cluster="cluster" not in skip)
        if "generate" not in skip:
            bench_generate(folder, args.generate)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
