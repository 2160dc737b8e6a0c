"""Benchmark: batch mode on real files, beside a plain openpyxl script in the same run.

    python benchmarks/bench_batch.py [--data DIR] [--grids N] [--quick]

Makes the workbooks in a temporary folder — the kaggle set (9,999 puzzles, 10,000 rows
with the header) and forum_hardest_1106 as puzzle lists, and N single-grid workbooks in
a user's layout (the first N of magictour_top1465) — then times ``xl-sudoku batch`` on
each, every run in a new process (so its peak memory is its own): the lists with
``--jobs 1``, the grid workbooks with ``--jobs 1`` and ``--jobs 2``.

The reference, in the same run, is what one would write by hand: openpyxl opens the
workbook, the Norvig-style solver (``references.py``) solves each puzzle, the answers
are written beside it, the workbook is saved — no rating, no colours, no checks.
Per-puzzle medians come from batch mode's own report (``--report``). Every answer is
checked with ``is_solution`` after the clock stops. ``--quick`` skips the reference.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.batch.helpers import list_workbook, user_grid_workbook  # noqa: E402
from xl_sudoku.core import format_line, is_solution, parse_puzzle  # noqa: E402

# Runs a command's main() in this new process, then prints its peak memory (MB) —
# its own and its worker processes' — and its wall time.
CHILD = """
import resource, sys, time
started = time.perf_counter()
from {module} import main
status = main({argv!r})
seconds = time.perf_counter() - started
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(status, seconds, own, workers)
"""

REFERENCE = """
import sys
from pathlib import Path
import openpyxl
from benchmarks.references import norvig_solve
from xl_sudoku.core import format_line, parse_puzzle

def main(argv):
    out = Path(argv[0])
    out.mkdir(exist_ok=True)
    for name in argv[1:]:
        path = Path(name)
        book = openpyxl.load_workbook(path)
        if path.name.startswith("grid"):
            sheet = book["My puzzle"]
            cells = [sheet.cell(4 + c // 9, 3 + c % 9).value for c in range(81)]
            text = "".join(str(value or ".") for value in cells)
            answer = norvig_solve(parse_puzzle(text))
            for cell, digit in enumerate(answer or ()):
                sheet.cell(4 + cell // 9, 13 + cell % 9).value = digit
        else:
            sheet = book["Puzzles"]
            for row in range(2, sheet.max_row + 1):
                answer = norvig_solve(parse_puzzle(sheet.cell(row, 1).value))
                sheet.cell(row, 2).value = format_line(answer) if answer else "no solution"
        book.save(out / path.name)
    return 0
"""


def run(code: str, cwd: Path) -> tuple[int, float, float, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"a run failed:\n{done.stderr}")
    status, seconds, own, workers = done.stdout.split()
    return int(status), float(seconds), float(own), float(workers)


def batch(argv: list[str], cwd: Path) -> tuple[int, float, float, float]:
    return run(
        CHILD.format(module="xl_sudoku.cli", argv=["batch", "--quiet", "--force", *argv]), cwd
    )


def reference(files: list[str], cwd: Path) -> float:
    module = cwd / "reference_script.py"
    module.write_text(REFERENCE)
    argv = [str(cwd / "reference"), *files]
    return run(CHILD.format(module="reference_script", argv=argv), cwd)[1]


def load(data: Path, name: str, limit: int | None = None) -> list[str]:
    lines = [line.split("#")[0].strip() for line in (data / f"{name}.txt").read_text().splitlines()]
    return [format_line(parse_puzzle(line)) for line in lines if line][:limit]


def checked_list(path: Path, puzzles: list[str]) -> None:
    """Every answer in a solved list workbook is the solution of its puzzle."""
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    rows = list(book["Puzzles"].iter_rows(min_row=2, values_only=True))
    book.close()
    assert len(rows) == len(puzzles)
    for row, puzzle in zip(rows, puzzles, strict=True):
        assert row[0] == puzzle and is_solution(parse_puzzle(str(row[1])), parse_puzzle(puzzle)), (
            row
        )


def checked_grids(folder: Path, puzzles: list[str]) -> None:
    import openpyxl

    for number, puzzle in enumerate(puzzles):
        sheet = openpyxl.load_workbook(folder / f"grid{number:03}.solved.xlsx")["My puzzle"]
        answer = tuple(int(str(sheet.cell(4 + c // 9, 13 + c % 9).value)) for c in range(81))
        assert is_solution(answer, parse_puzzle(puzzle)), number


def medians(report: Path) -> tuple[float, float]:
    """Median and slowest milliseconds per puzzle, from batch mode's report."""
    times = [row["ms"] for row in json.loads(report.read_text())]
    return statistics.median(times), max(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "tests" / "data")
    parser.add_argument("--grids", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="skip the reference")
    options = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    rows: list[tuple[str, ...]] = []
    targets: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as name:
        work = Path(name)
        for label, set_name, limit, seconds in (
            ("kaggle list", "kaggle1m_first9999", 10_000, 15.0),
            ("forum_hardest_1106 list", "forum_hardest_1106", None, 10.0),
        ):
            puzzles = load(options.data, set_name, limit)
            source = list_workbook(work / f"{set_name}.xlsx", puzzles)
            report = work / f"{set_name}.json"
            status, took, own, _ = batch([str(source), "--report", str(report)], work)
            assert status == 0
            checked_list(work / f"{set_name}.solved.xlsx", puzzles)
            median, slowest = medians(report)
            ref = "" if options.quick else f"{reference([source.name], work):.1f} s"
            rows.append(
                (
                    f"{label} ({len(puzzles):,})",
                    "--jobs 1",
                    f"{took:.1f} s",
                    f"{len(puzzles) / took:,.0f}/s",
                    f"{median:.2f} ms",
                    f"{slowest:.0f} ms",
                    f"{own:.0f} MB",
                    ref,
                )
            )
            targets.append((f"{label}: {took:.1f} s < {seconds:.0f} s", took < seconds))
            if set_name.startswith("kaggle"):
                targets.append((f"{label}: peak memory {own:.0f} MB < 300 MB", own < 300))
        grids = load(options.data, "magictour_top1465", options.grids)
        folder = work / "grids"
        folder.mkdir()
        for number, puzzle in enumerate(grids):
            user_grid_workbook(folder / f"grid{number:03}.xlsx", puzzle)
        timings = {}
        for jobs in ("1", "2"):
            out = work / f"out{jobs}"
            report = work / f"grids{jobs}.json"
            argv = [str(folder), "-o", str(out), "--jobs", jobs, "--report", str(report)]
            status, took, own, workers = batch(argv, work)
            assert status == 0
            checked_grids(out, grids)
            timings[jobs] = took
            median, slowest = medians(report)
            ref = ""
            if jobs == "1" and not options.quick:
                names = [str(folder / f"grid{n:03}.xlsx") for n in range(len(grids))]
                ref = f"{reference(names, work):.1f} s"
            rows.append(
                (
                    f"{len(grids)} grid workbooks",
                    f"--jobs {jobs}",
                    f"{took:.1f} s",
                    f"{len(grids) / took:,.0f} files/s",
                    f"{median:.2f} ms",
                    f"{slowest:.0f} ms",
                    f"{max(own, workers):.0f} MB",
                    ref,
                )
            )
        speedup = timings["1"] / timings["2"]
        targets.append(
            (
                f"{len(grids)} grid workbooks: --jobs 2 is {speedup:.2f}x --jobs 1 (≥ 1.6x)",
                speedup >= 1.6,
            )
        )
    header = ("case", "jobs", "batch", "rate", "median/puzzle", "slowest", "peak RSS", "reference")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
    print("\nTargets of issue 5:")
    for text, met in targets:
        print(f"  {'met   ' if met else 'MISSED'} {text}")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    raise SystemExit(status)
