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

Then the scale of issue 24, each file beside openpyxl's own ``load_workbook`` of it in
the same run, each in a new process (time, CPU time and peak memory): a workbook of
1,000,000 cells (a grid at B2:J10 over a table of 100,000 rows x 10 columns: ids, names
from 500 shared strings, dates, amounts, counts) and one of about 50 MB (the same table
over 1,000,000 rows, 10,000,000 cells: its sheet expands to 330 MiB, so batch mode runs
with ``--max-part-mib 512 --max-file-mib 1024``, and is timed refusing it without them).
openpyxl reads each file twice: ``read_only`` (every row's values, the reference for
time) and a normal load (capped at 4 GiB of address space: past it, it stops with
``MemoryError``). ``--scale-only`` runs only these; ``--no-scale`` skips them;
``--no-fifty`` skips the 50 MB workbook (about ten minutes on a shared machine);
``--no-load`` skips openpyxl's normal load of both (the 50 MB one takes 4 GiB and twenty
minutes). Each workbook's line of targets gives batch mode's CPU time as a ratio of
openpyxl's ``read_only`` pass in the same run, and both peaks (issue 51: at most 1.2x).

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
usage = resource.getrusage(resource.RUSAGE_SELF)
print(status, seconds, own, workers, usage.ru_utime + usage.ru_stime)
"""

# openpyxl's own reading of a workbook, measured as CHILD measures a run: a read_only
# pass over every row's values, or a normal load (its address space capped: a model of
# ten million cells would take a machine's memory)
OPENPYXL = """
import resource, sys, time
if {cap}:
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
started = time.perf_counter()
import openpyxl
status = 0
try:
    book = openpyxl.load_workbook({path!r}, read_only={read_only})
    if {read_only}:
        for sheet in book.worksheets:
            for row in sheet.iter_rows(values_only=True):
                pass
except MemoryError:
    status = 1
seconds = time.perf_counter() - started
own = 0.0
with open("/proc/self/status") as status_file:
    for line in status_file:
        if line.startswith("VmHWM:"):
            own = int(line.split()[1]) / 1024
usage = resource.getrusage(resource.RUSAGE_SELF)
print(status, seconds, own, 0, usage.ru_utime + usage.ru_stime)
"""
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

REFERENCE = """
import sys
from pathlib import Path
import openpyxl
from tests.references import norvig_solve
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


def measured(code: str, cwd: Path) -> tuple[int, float, float, float, float]:
    """Run ``code`` in a new process: (status, seconds, its peak MB, its workers' peak MB,
    CPU seconds)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"a run failed:\n{done.stderr}")
    status, seconds, own, workers, cpu = done.stdout.split()
    return int(status), float(seconds), float(own), float(workers), float(cpu)


def run(code: str, cwd: Path) -> tuple[int, float, float, float]:
    return measured(code, cwd)[:4]


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


def cells_workbook(path: Path, rows: int, columns: int = 10) -> int:
    """A workbook of cells as Excel writes one, streamed into the zip: one sheet, a
    bordered grid at B2:J10 (EASY), and from row 13 ``rows`` rows of ``columns`` columns
    of a table — an id, a name (shared strings, 500 of them), a date, amounts, counts.
    Returns the number of cells."""
    import zipfile

    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    names = [f"customer {n:03}" for n in range(500)]
    styles = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{main}">'
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill>'
        '<fill><patternFill patternType="gray125"/></fill></fills>'
        '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>'
        '<border><left style="thin"/><right style="thin"/><top style="thin"/>'
        '<bottom style="thin"/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
        '</cellStyleXfs><cellXfs count="3">'
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1"/>'
        '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
        "</cellStyles></styleSheet>"
    )
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://'
            'schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/><Override PartName='
            '"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
            'worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName='
            '"/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sharedStrings+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns='
            '"http://schemas.openxmlformats.org/package/2006/relationships"><Relationship '
            f'Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{main}" '
            f'xmlns:r="{rel}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets>'
            "</workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns='
            '"http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{rel}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId3" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
            "</Relationships>"
        ),
        "xl/styles.xml": styles,
        "xl/sharedStrings.xml": (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="{main}" '
            f'count="{rows}" uniqueCount="{len(names)}">'
            + "".join(f"<si><t>{name}</t></si>" for name in names)
            + "</sst>"
        ),
    }
    letters = [chr(65 + n) if n < 26 else "A" + chr(65 + n - 26) for n in range(columns)]
    # one row of the table, its numbers filled in by position
    template = (
        f'<row r="%d" spans="1:{columns}"><c r="A%d"><v>%d</v></c><c r="B%d" t="s"><v>%d</v>'
        '</c><c r="C%d" s="1"><v>%d</v></c><c r="D%d"><v>%.2f</v></c><c r="E%d"><v>%d</v></c>'
        + "".join(f'<c r="{letters[n]}%d"><v>%d</v></c>' for n in range(5, columns))
        + "</row>"
    ).encode()
    grid = b""
    for row in range(9):
        cells = b""
        for column in range(9):
            char = EASY[9 * row + column]
            reference = f"{chr(66 + column)}{row + 2}".encode()
            value = b"" if char == "." else b"<v>%s</v>" % char.encode()
            cells += b'<c r="%s" s="2">%s</c>' % (reference, value)
        grid += b'<row r="%d" spans="2:10">%s</row>' % (row + 2, cells)
    head = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{main}" '
        f'xmlns:r="{rel}"><dimension ref="A1:{letters[-1]}{rows + 12}"/><sheetViews>'
        '<sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15"/>'
        "<sheetData>"
    ).encode()
    tail = b'</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
    tail += b'header="0.3" footer="0.3"/></worksheet>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
        info = zipfile.ZipInfo("xl/worksheets/sheet1.xml", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with archive.open(info, "w", force_zip64=True) as part:
            part.write(head + grid)
            buffer = bytearray()
            for number in range(rows):
                row = 13 + number
                numbers: list[float] = [row, row, 10_000 + number, row, number * 7 % 500]
                numbers += [row, 44927 + number % 1000, row, 100 + number % 40 * 2.5]
                numbers += [row, number % 7 + 1]
                for n in range(5, columns):
                    numbers += [row, 1000 + number % 100 * (n + 3)]
                buffer += template % tuple(numbers)
                if len(buffer) > 2**20:
                    part.write(buffer)
                    buffer.clear()
            part.write(bytes(buffer) + tail)
    return rows * columns + sum(1 for char in EASY if char != ".")


def answer_beside(path: Path) -> tuple[int, ...]:
    """The answer batch mode wrote beside the grid at B2:J10 (at L2:T10)."""
    import openpyxl

    book = openpyxl.load_workbook(path, read_only=True)
    rows = list(book.worksheets[0].iter_rows(min_row=2, max_row=10, values_only=True))
    book.close()
    return tuple(int(str(rows[r][11 + c])) for r in range(9) for c in range(9))


#: each workbook of cells: its label, its table's rows, the flags batch mode needs for it
SCALE_CASES: list[tuple[str, int, list[str]]] = [
    ("1,000,000 cells", 100_000, []),
    ("10,000,000 cells", 1_000_000, ["--max-part-mib", "512"]),
]
#: batch mode's CPU time on a workbook of cells, at most this times openpyxl's read_only
#: pass over it (issue 51; issue 24 asked for 1.5x)
CPU_RATIO = 1.2


def scale(
    work: Path, cases: list[tuple[str, int, list[str]]], load: bool = True
) -> tuple[list[tuple[str, ...]], list[tuple[str, bool]]]:
    """Issue 24's workbooks of cells, batch mode beside openpyxl's own reading (its
    ``read_only`` pass, and, with ``load``, its normal load), each in a new process."""
    rows: list[tuple[str, ...]] = []
    targets: list[tuple[str, bool]] = []
    for label, table_rows, flags in cases:
        path = work / f"cells{table_rows}.xlsx"
        cells = cells_workbook(path, table_rows)
        size = path.stat().st_size / 2**20
        if flags:  # refused at once with the default limits, as the message says
            status, took, own, _, cpu = measured(
                CHILD.format(module="xl_sudoku.cli", argv=["batch", "--quiet", str(path)]), work
            )
            assert status == 1 and not path.with_name(f"{path.stem}.solved.xlsx").exists()
            rows.append(
                (
                    f"{label}, default limits: refused",
                    f"{size:.1f} MB",
                    f"{took:.1f} s",
                    f"{cpu:.1f} s",
                    f"{own:.0f} MB",
                    "",
                    "",
                    "",
                    "",
                )
            )
            targets.append(
                (
                    f"{label} ({size:.0f} MB) refused in {cpu:.1f} s of CPU, starting Python "
                    f"and openpyxl included (< 2 s; wall {took:.1f} s), peak {own:.0f} MB "
                    "(< 100 MB: the file is not read whole)",
                    cpu < 2 and own < 100,
                )
            )
            flags = [*flags, "--max-file-mib", "1024"]
        argv = ["batch", "--quiet", "--force", *flags, str(path)]
        status, took, own, _, cpu = measured(CHILD.format(module="xl_sudoku.cli", argv=argv), work)
        assert status == 0
        assert is_solution(
            answer_beside(path.with_name(f"{path.stem}.solved.xlsx")), parse_puzzle(EASY)
        )
        readers = {}
        for read_only, cap in ((True, 0), (False, 4 * 2**30))[: 2 if load else 1]:
            code = OPENPYXL.format(path=str(path), read_only=read_only, cap=cap)
            readers[read_only] = measured(code, work)
        _, ro_took, ro_own, _, ro_cpu = readers[True]
        loaded = ""
        if load:
            load_status, load_took, load_own, _, load_cpu = readers[False]
            loaded = f"{load_took:.1f} s / {load_cpu:.1f} s, {load_own:,.0f} MB"
            if load_status:
                loaded = f"stopped at 4 GiB after {load_took:.1f} s (MemoryError)"
        rows.append(
            (
                f"{label}, batch" + (" " + " ".join(flags) if flags else ""),
                f"{size:.1f} MB",
                f"{took:.1f} s",
                f"{cpu:.1f} s",
                f"{own:,.0f} MB",
                f"{ro_took:.1f} s",
                f"{ro_cpu:.1f} s",
                f"{ro_own:,.0f} MB",
                loaded,
            )
        )
        ratio = cpu / ro_cpu
        targets.append(
            (
                f"{label}: CPU {cpu:.1f} s = {ratio:.2f}x openpyxl's read_only pass "
                f"({ro_cpu:.1f} s; wall {took:.1f} s against {ro_took:.1f} s); peak "
                f"{own:.0f} MB (read_only {ro_own:.0f} MB)",
                ratio <= CPU_RATIO,
            )
        )
        if table_rows == 100_000:
            targets.append((f"{label}: peak memory {own:.0f} MB < 250 MB", own < 250))
        elif table_rows == 1_000_000:
            targets.append(
                (f"{label} ({size:.0f} MB): peak memory {own:.0f} MB < 500 MB", own < 500)
            )
        del cells
    return rows, targets


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
    parser.add_argument("--scale-only", action="store_true", help="only issue 24's workbooks")
    parser.add_argument("--no-scale", action="store_true", help="skip issue 24's workbooks")
    parser.add_argument("--no-fifty", action="store_true", help="skip the 50 MB workbook")
    parser.add_argument(
        "--no-load", action="store_true", help="skip openpyxl's normal load of those workbooks"
    )
    parser.add_argument(
        "--scale-rows",
        help="issue 24's workbooks with these table rows instead, comma-separated (10 cells a "
        "row: a check of the benchmark itself, tests/batch/test_seen.py)",
    )
    options = parser.parse_args()
    from benchmarks.header import run_header

    print(run_header(), flush=True)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    rows: list[tuple[str, ...]] = []
    targets: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as name:
        work = Path(name)
        if not options.no_scale:
            cases = SCALE_CASES[:1] if options.no_fifty else SCALE_CASES
            if options.scale_rows:
                sizes = [int(rows) for rows in options.scale_rows.split(",")]
                cases = [(f"{rows * 10:,} cells", rows, []) for rows in sizes]
            scale_rows, scale_targets = scale(work, cases, load=not options.no_load)
            scale_header = (
                "case",
                "file",
                "batch",
                "CPU",
                "peak RSS",
                "openpyxl read_only",
                "CPU",
                "peak RSS",
                "openpyxl load (time / CPU, peak)",
            )
            widths = [
                max(len(r[i]) for r in [scale_header, *scale_rows])
                for i in range(len(scale_header))
            ]
            for row in [scale_header, tuple("-" * w for w in widths), *scale_rows]:
                print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n")
            targets += scale_targets
            if options.scale_only:
                return _targets(targets)
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
    return _targets(targets)


def _targets(targets: list[tuple[str, bool]]) -> int:
    print("\nTargets of issues 5, 12, 24 and 51:")
    for text, met in targets:
        print(f"  {'met   ' if met else 'MISSED'} {text}")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    raise SystemExit(status)
