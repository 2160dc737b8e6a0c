"""Benchmark: batch mode on real files, beside a plain openpyxl script in the same run.

    python benchmarks/bench_batch.py [--data DIR] [--grids N] [--quick] [--no-big]

Makes the workbooks in a temporary folder — the kaggle set (9,999 puzzles, 10,000 rows
with the header) and forum_hardest_1106 as puzzle lists, and N single-grid workbooks in
a user's layout (the first N of magictour_top1465) — then times ``xl-sudoku batch`` on
each, every run in a new process (so its peak memory is its own): the lists with
``--jobs 1``, the grid workbooks with ``--jobs 1`` and ``--jobs 2``. Then the untrusted
and the large (issue 12): a list of 100,000 puzzles written by XlsxWriter (the kaggle
puzzles, each relabelled and reshuffled into a new puzzle of the same difficulty, from
a fixed seed) with ``--jobs 2``; a 5 KB workbook with one cell on the last row; and a
zip bomb (2 MB expanding to 2 GiB), which must be refused. ``--no-big`` skips the
100,000 puzzles (the longest case).

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
import random
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
# its own and its worker processes' — and its wall time. Its own is the high-water mark
# of its own memory (VmHWM): ru_maxrss would count the benchmark's memory before exec.
CHILD = """
import resource, sys, time
started = time.perf_counter()
from {module} import main
status = main({argv!r})
seconds = time.perf_counter() - started
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
try:
    with open("/proc/self/status") as status_file:
        for line in status_file:
            if line.startswith("VmHWM:"):
                own = int(line.split()[1]) / 1024
except OSError:
    pass
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


def variant(puzzle: str, rng: random.Random) -> str:
    """A new puzzle of the same difficulty: digits relabelled, bands, stacks, rows within a
    band and columns within a stack shuffled, maybe transposed."""
    digits = rng.sample("123456789", 9)
    relabel = {str(d + 1): digits[d] for d in range(9)} | {".": "."}
    rows = [3 * b + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    columns = [3 * s + c for s in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    flip = rng.random() < 0.5
    return "".join(
        relabel[puzzle[9 * c + r] if flip else puzzle[9 * r + c]] for r in rows for c in columns
    )


def big_list(path: Path, puzzles: list[str], count: int) -> list[str]:
    """``count`` puzzles made from ``puzzles``, as a list XlsxWriter writes."""
    import xlsxwriter

    rng = random.Random(count)
    made = [variant(puzzles[i % len(puzzles)], rng) for i in range(count)]
    book = xlsxwriter.Workbook(str(path), {"constant_memory": True})
    sheet = book.add_worksheet("Puzzles")
    sheet.write(0, 0, "Puzzle")
    for row, puzzle in enumerate(made, 1):
        sheet.write_string(row, 0, puzzle)
    book.close()
    return made


def stray_cell(path: Path) -> None:
    """A small workbook (a grid, a title) with one cell on row 1,048,576."""
    import openpyxl

    user_grid_workbook(
        path, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    )
    book = openpyxl.load_workbook(path)
    book["My puzzle"].cell(1_048_576, 1).value = "the last row"
    book.save(path)


def zip_bomb(path: Path, source: Path) -> None:
    """A workbook with one more part: 2 GiB of zeros, 2 MB compressed."""
    import zipfile

    with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info, old.read(info))
        with new.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
            block = b"\0" * 2**24
            for _ in range(128):
                part.write(block)


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
    parser.add_argument("--no-big", action="store_true", help="skip the 100,000-puzzle list")
    options = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    rows: list[tuple[str, ...]] = []
    targets: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as name:
        work = Path(name)
        for label, set_name, limit, seconds in (
            ("kaggle list", "kaggle1m_first9999", 10_000, 8.0),
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
                targets.append((f"{label}: peak memory {own:.0f} MB < 150 MB", own < 150))
                solving = sum(row["ms"] for row in json.loads(report.read_text())) / 1000
                targets.append(
                    (f"{label}: of which solving and rating {solving:.1f} s (not a target)", True)
                )
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
        if not options.no_big:
            kaggle = load(options.data, "kaggle1m_first9999")
            source = work / "list100k.xlsx"
            made = big_list(source, kaggle, 100_000)
            report = work / "list100k.json"
            argv = [str(source), "--jobs", "2", "--report", str(report)]
            status, took, own, workers = batch(argv, work)
            assert status == 0
            checked_list(work / "list100k.solved.xlsx", made)
            median, slowest = medians(report)
            solving = sum(row["ms"] for row in json.loads(report.read_text())) / 1000
            peak = max(own, workers)
            rows.append(
                (
                    "XlsxWriter list (100,000)",
                    "--jobs 2",
                    f"{took:.1f} s",
                    f"{100_000 / took:,.0f}/s",
                    f"{median:.2f} ms",
                    f"{slowest:.0f} ms",
                    f"{peak:.0f} MB",
                    "",
                )
            )
            targets.append((f"100,000-row list: {took:.1f} s < 60 s", took < 60))
            targets.append((f"100,000-row list: peak memory {peak:.0f} MB < 500 MB", peak < 500))
            targets.append(
                (
                    f"100,000-row list: solving and rating {solving:.1f} s of CPU (not a target)",
                    True,
                )
            )
        stray = work / "stray.xlsx"
        stray_cell(stray)
        status, took, own, _ = batch([str(stray)], work)
        assert status == 0
        size = stray.stat().st_size / 1024
        rows.append(
            (
                f"one cell on the last row ({size:.0f} KB)",
                "--jobs 1",
                f"{took:.2f} s",
                "",
                "",
                "",
                f"{own:.0f} MB",
                "",
            )
        )
        targets.append((f"a cell on the last row: {took:.2f} s < 2 s", took < 2))
        targets.append((f"a cell on the last row: peak memory {own:.0f} MB < 100 MB", own < 100))
        bomb = work / "bomb.xlsx"
        zip_bomb(bomb, stray)
        status, took, own, _ = batch([str(bomb)], work)
        assert status == 1 and not (work / "bomb.solved.xlsx").exists()
        size = bomb.stat().st_size / 2**20
        rows.append(
            (
                f"zip bomb ({size:.1f} MB -> 2 GiB), refused",
                "--jobs 1",
                f"{took:.2f} s",
                "",
                "",
                "",
                f"{own:.0f} MB",
                "",
            )
        )
        targets.append((f"zip bomb refused: {took:.2f} s < 2 s", took < 2))
        targets.append((f"zip bomb refused: peak memory {own:.0f} MB < 200 MB", own < 200))
    header = ("case", "jobs", "batch", "rate", "median/puzzle", "slowest", "peak RSS", "reference")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
    print(f"\nload average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs at the end")
    print("\nTargets of issues 5 and 12:")
    for text, met in targets:
        print(f"  {'met   ' if met else 'MISSED'} {text}")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    raise SystemExit(status)
