"""Render workbooks to PNG with LibreOffice headless and poppler, to look at them.

    python -m tests.excel.render docs/

writes the README's pictures: the example solved, one step taken, and an error, each
produced by running the buttons' Python side on the built workbook through the stand-in,
then printing the Sudoku sheet as a person sees it at 100%, its buttons included
(``lo_render.py``); the batch mode's output the same way; and the pictures of ``render``
and ``latex``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from tests.buttons.standin import StandInBook
from tests.conftest import SYSTEM_PYTHON, missing

ROOT = Path(__file__).resolve().parents[2]


def to_pdf(workbook: Path, folder: Path) -> Path:
    """Convert a workbook to PDF with LibreOffice headless (a profile of its own)."""
    profile = Path(tempfile.mkdtemp(prefix="lo-profile-"))
    try:
        subprocess.run(
            [
                "soffice",
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                str(folder),
                str(workbook),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return folder / (workbook.stem + ".pdf")


#: the README's pictures: the sheet at 100% shown at 72 dots an inch (a point a pixel)
PICTURE_DPI = 72


def as_seen(workbook: Path, pdf: Path, extra_columns: int = 0) -> Path:
    """The workbook's first sheet printed as a person sees it at 100%, buttons included
    (``lo_render.py``, LibreOffice through UNO); a sheet without a print area shows its
    used area and ``extra_columns`` more, for text that runs on past its last column."""
    script = ROOT / "tests" / "excel" / "lo_render.py"
    subprocess.run(
        [SYSTEM_PYTHON, str(script), str(workbook), str(pdf), str(extra_columns)],
        check=True,
        capture_output=True,
        timeout=240,
    )
    return pdf


def to_png(pdf: Path, png: Path, dpi: int = PICTURE_DPI) -> Path:
    """The first page of a PDF as a PNG, trimmed to what is drawn on it, and a margin."""
    from PIL import Image, ImageOps

    base = png.with_suffix("")
    page = ["-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile"]
    subprocess.run(["pdftoppm", *page, str(pdf), str(base)], check=True, timeout=60)
    with Image.open(png) as image:
        ink = ImageOps.invert(image.convert("L")).point(lambda v: 255 if v > 8 else 0)
        box = ink.getbbox()
        if box is None:
            raise ValueError(f"{pdf}: its first page is blank")
        pad = 8
        left, top, right, bottom = box
        crop = (
            max(left - pad, 0),
            max(top - pad, 0),
            min(right + pad, image.width),
            min(bottom + pad, image.height),
        )
        # flat colours and grey text: a palette of 256 keeps the picture, at a third the size
        image.crop(crop).convert("RGB").quantize(256).save(png, optimize=True)
    return png


def seen_state(
    actions: list[Callable[[StandInBook], None]],
    folder: Path,
    edit: Callable[[StandInBook], None] | None = None,
) -> Path:
    """Run some actions on a fresh copy of the built workbook in ``folder``, then print
    its Sudoku sheet as seen (``as_seen``); the PDF's path."""
    path = folder / "sudoku.xlsm"
    shutil.copy(ROOT / "workbook" / "sudoku.xlsm", path)
    book = StandInBook(path)
    if edit:
        edit(book)
    for action in actions:
        action(book)
    book.save(path)
    return as_seen(path, folder / "seen.pdf")


def render_state(
    actions: list[Callable[[StandInBook], None]],
    png: Path,
    edit: Callable[[StandInBook], None] | None = None,
) -> Path:
    """Run some actions on a fresh copy of the built workbook, then render it to ``png``."""
    with tempfile.TemporaryDirectory() as folder:
        return to_png(seen_state(actions, Path(folder), edit), png)


def main(folder: str) -> None:
    from xl_sudoku.buttons.settings import SWITCHES
    from xl_sudoku.core.steps import Family
    from xl_sudoku.excel import xl_solve, xl_step, xl_undo

    absent = missing("soffice", "pdftoppm", "uno", "carlito")
    if absent:
        raise SystemExit(absent)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)

    def bad_givens(book: StandInBook) -> None:
        book.workbook["Sudoku"]["H6"] = "x"
        book.workbook["Sudoku"]["B4"], book.workbook["Sudoku"]["C4"] = 9, 9

    def teacher(book: StandInBook) -> None:
        """Only singles and intersections for Step; a digit typed that repeats a given."""
        sheet, _ = next(iter(book.workbook.defined_names["Settings"].destinations))
        for setting in SWITCHES:
            where = next(iter(book.workbook.defined_names[setting.name].destinations))[1]
            allowed = setting.family in (Family.SINGLES, Family.INTERSECTIONS)
            book.workbook[sheet][where.replace("$", "")] = "Yes" if allowed else "No"
        for _ in range(3):
            xl_step(book)
        xl_undo(book)  # the third step taken back: "Undid Step (2 more to undo)"
        book.workbook["Sudoku"]["N4"] = "9"  # typed in r1c3: the 9 of r1c1 again, red

    render_state([xl_solve], out / "excel-solved.png")
    render_state([xl_step, xl_step, xl_step, xl_step, xl_step, xl_step], out / "excel-step.png")
    render_state([xl_solve], out / "excel-error.png", edit=bad_givens)
    render_state([], out / "excel-undo.png", edit=teacher)
    render_batch(out / "batch-grid.png")
    render_lite(out / "lite-workbook.png")
    render_pictures(out)
    print(
        f"wrote {out}/excel-solved.png, excel-step.png, excel-error.png, excel-undo.png, "
        "batch-grid.png, lite-workbook.png, "
        "render-step.png, render-solved.png, latex-worked.png"
    )


#: README's picture of ``render --step``: the puzzle (generate(random.Random(4),
#: technique="xy-wing") made it) and the number of its XY-Wing step
RENDER_STEP_PUZZLE = (
    "..8...57..1......37...94.....27...1..4.18.6...9.5............2.....12..5.23.5..4."
)
RENDER_STEP = 35
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def render_pictures(out: Path) -> None:
    """The README's pictures of ``render`` (a step, a solution) and ``latex`` (a page)."""
    from xl_sudoku.core import parse_puzzle
    from xl_sudoku.pictures.latex import compile_pdf, document
    from xl_sudoku.pictures.render import png, solution_picture, step_picture

    puzzle = parse_puzzle(RENDER_STEP_PUZZLE)  # README names it: the picture can be made again
    (out / "render-step.png").write_bytes(png(step_picture(puzzle, RENDER_STEP), scale=1.25))
    (out / "render-solved.png").write_bytes(png(solution_picture(puzzle), scale=1.0))
    with tempfile.TemporaryDirectory() as name:
        pdf = Path(name) / "worked.pdf"
        tex = document(parse_puzzle(INKALA), ("worked",), "Inkala's puzzle")
        pdf.write_bytes(compile_pdf(tex))
        crop = ["-x", "60", "-y", "60", "-W", "820", "-H", "560"]
        page = ["-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile"]
        subprocess.run(
            ["pdftoppm", *page, *crop, str(pdf), str(out / "latex-worked")], check=True, timeout=60
        )


def render_lite(png: Path) -> Path:
    """The xlwings Lite workbook's Sudoku sheet as built, seen at 100%, its buttons too."""
    with tempfile.TemporaryDirectory() as name:
        pdf = as_seen(ROOT / "workbook" / "sudoku-lite.xlsx", Path(name) / "lite.pdf")
        return to_png(pdf, png)


def render_batch(png: Path) -> Path:
    """The example grid workbook's first sheet after batch mode, as seen at 100%."""
    with tempfile.TemporaryDirectory() as name:
        return to_png(seen_batch(Path(name)), png, dpi=110)


def seen_batch(folder: Path) -> Path:
    """Batch mode on the example grid workbook, its first sheet printed as seen (its
    caption runs on past the grid: room for it); the PDF's path."""
    from xl_sudoku.cli import main as cli

    if cli(["batch", "--quiet", str(ROOT / "examples" / "grids.xlsx"), "-o", str(folder)]):
        raise SystemExit("batch mode failed on examples/grids.xlsx")
    return as_seen(folder / "grids.solved.xlsx", folder / "seen.pdf", extra_columns=8)


if __name__ == "__main__":
    os.chdir(ROOT)
    main(sys.argv[1] if len(sys.argv) > 1 else "docs")
