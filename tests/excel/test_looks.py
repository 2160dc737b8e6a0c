"""The workbook looks finished: what a person sees on screen and gets on paper (issue 23).

On screen (the Sudoku sheet printed as seen at 100%, buttons included, by
``lo_render.py``): every button's label whole on one line, and narrow enough for its
button as Excel draws it; every line of the Colours legend whole. On paper (the workbook
as LibreOffice prints it, ``soffice --convert-to pdf``): the Sudoku sheet on one page,
Steps and Functions one page wide with their first row on every page, nothing else. And
the work grid, a text-formatted range, does not flag typed digits as numbers stored as
text. LibreOffice draws Calibri with Carlito, whose letters are Calibri's widths.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest

from tests.buttons.standin import StandInBook
from tests.buttons.test_setup import WORKS
from tests.excel.render import ROOT, seen_batch, seen_state, to_pdf
from xl_sudoku.buttons.settings import SETTINGS
from xl_sudoku.buttons.setup import report
from xl_sudoku.core.steps import Family
from xl_sudoku.excel import xl_solve
from xl_sudoku.paint import LEGEND
from xl_sudoku.workbook.layout import BUTTONS, STATUS_LABELS

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
TOOLS = ("soffice", "pdftoppm", "pdftotext", "uno", "carlito")
WORKBOOK = ROOT / "workbook" / "sudoku.xlsm"
#: the inset of a VML text box, a side (its default: 0.1 inch), in points
INSET = 7.2
STEPS_HEADER = "Step Technique Cells Explanation Level"


# --- the work grid: text, without Excel's green triangles ----------------------------------


def test_the_work_grid_does_not_flag_typed_digits_as_numbers_stored_as_text() -> None:
    """The work grid is text (``@``), so that a candidates string stays a string; a digit
    typed there is text too, and Excel would mark each with a green triangle."""
    with zipfile.ZipFile(WORKBOOK) as archive:
        sheet = ElementTree.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    ignored = {
        area: error.get("numberStoredAsText")
        for error in sheet.iter(f"{MAIN}ignoredError")
        for area in (error.get("sqref") or "").split()
    }
    assert ignored.get("L4:T12") == "1", ignored


# --- reading a PDF's words -------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    text: str
    left: float
    top: float
    right: float


def words(pdf: Path, page: int = 1) -> list[list[Word]]:
    """The words of a PDF page (poppler's ``pdftotext -bbox``), as lines left to right."""
    done = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    found = [
        Word(text, float(left), float(top), float(right))
        for left, top, right, text in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
            done.stdout,
        )
    ]
    lines: dict[float, list[Word]] = {}
    for word in found:
        line = next((top for top in lines if abs(top - word.top) < 0.5), word.top)
        lines.setdefault(line, []).append(word)
    return [sorted(line, key=lambda w: w.left) for _, line in sorted(lines.items())]


def label_width(lines: list[list[Word]], caption: str) -> float | None:
    """The width of ``caption`` where its words stand together on one line (None: they do
    not, as a label wrapped or cut short)."""
    wanted = caption.split()
    for line in lines:
        texts = [w.text for w in line]
        for i in range(len(line) - len(wanted) + 1):
            if texts[i : i + len(wanted)] == wanted:
                return line[i + len(wanted) - 1].right - line[i].left
    return None


def page_text(pdf: Path, page: int | None = None) -> str:
    """A PDF's text (one page's, or all), its white space made single spaces."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    done = subprocess.run(
        ["pdftotext", *pages, str(pdf), "-"], capture_output=True, text=True, check=True
    )
    return " ".join(done.stdout.split())


def page_count(pdf: Path) -> int:
    done = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    found = re.search(r"^Pages:\s+(\d+)", done.stdout, re.MULTILINE)
    assert found, done.stdout
    return int(found.group(1))


def fonts(pdf: Path) -> str:
    return subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout


# --- on screen: the buttons and the legend ---------------------------------------------------


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory, require_tool: Callable[..., None]) -> Path:
    """The built workbook's Sudoku sheet as seen at 100%, buttons included."""
    require_tool(*TOOLS)
    return seen_state([], tmp_path_factory.mktemp("seen"))


def button_widths() -> dict[str, float]:
    """Each button's width in points as Excel draws it: the VML shape's, by caption."""
    with zipfile.ZipFile(WORKBOOK) as archive:
        vml = archive.read("xl/drawings/vmlDrawing1.vml").decode("utf-8")
    shapes = re.findall(r'<v:shape [^>]*?style="([^"]*)".*?<font [^>]*>([^<]*)</font>', vml, re.S)
    widths = {}
    for style, caption in shapes:
        width = re.search(r"(?:^|;)width:([\d.]+)pt", style)
        assert width, style
        widths[caption] = float(width.group(1))
    return widths


@pytest.mark.slow
def test_every_button_label_is_whole_and_fits_its_button(seen: Path) -> None:
    """Each label stands whole on one line of its button (LibreOffice wraps a label too
    long for its button, "Candi/dates", or cuts it, "puzzl"); and measured in Calibri's
    widths at its 11 points, it fits the button's width as Excel draws it, less the text
    box's inset either side."""
    assert "Carlito" in fonts(seen), "the labels must be measured in Calibri's widths"
    lines = words(seen)
    widths = button_widths()
    assert sorted(widths) == sorted(caption for _, caption in BUTTONS)
    for _, caption in BUTTONS:
        width = label_width(lines, caption)
        assert width is not None, f"{caption!r} is not whole on one line"
        assert width + 2 * INSET <= widths[caption], (caption, width, widths[caption])


@pytest.mark.slow
def test_the_colours_legend_is_whole_on_screen(seen: Path) -> None:
    text = page_text(seen)
    assert "Colours" in text
    for name, _ in LEGEND:
        assert " ".join(name.split()) in text, name


@pytest.mark.slow
def test_the_batch_pictures_caption_is_whole(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    """The caption batch mode writes above its solved grid runs on past the grid's last
    column: the picture shows it to its end."""
    require_tool(*TOOLS)
    pdf = seen_batch(tmp_path)
    sheet = openpyxl.load_workbook(tmp_path / "grids.solved.xlsx").worksheets[0]
    captions = [
        str(c.value)
        for row in sheet.iter_rows()
        for c in row
        if str(c.value).startswith("Solved by xl-sudoku")
    ]
    assert len(captions) == 1
    assert captions[0] in page_text(pdf)


def only_singles_and_intersections(book: StandInBook) -> None:
    """A teacher's settings: every family of techniques but two switched off."""
    for setting in SETTINGS:
        if setting.family:
            where = next(iter(book.workbook.defined_names[setting.name].destinations))[1]
            allowed = setting.family in (Family.SINGLES, Family.INTERSECTIONS)
            book.workbook["Sudoku"][where.replace("$", "")] = "Yes" if allowed else "No"


@pytest.mark.slow
def test_a_long_rating_is_whole_on_screen(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    """The Rating cell of a solve with techniques switched off says so, as docs/excel.md
    shows it: ``12.1 Needs guessing (Guess) (with the techniques switched on)``, whole."""
    require_tool(*TOOLS)
    seen = seen_state([xl_solve], tmp_path, edit=only_singles_and_intersections)
    book = openpyxl.load_workbook(tmp_path / "sudoku.xlsm")
    sheet, cell = next(iter(book.defined_names["Rating"].destinations))
    rating = book[sheet][cell.replace("$", "")].value
    assert str(rating).endswith("Needs guessing (Guess) (with the techniques switched on)")
    assert str(rating) in page_text(seen)


@pytest.mark.slow
def test_a_long_status_message_is_whole_on_screen(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    """Check set-up's message on Windows, from a virtual environment no xlwings.conf
    names, is a few hundred characters, its advice ("To do: ...") last: all of it shows."""
    require_tool(*TOOLS)
    facts = replace(
        WORKS,
        python=r"C:\Users\Anna Lindqvist\Documents\xl-sudoku\.venv\Scripts\python.exe",
        virtual=True,
    )
    message = report(facts)
    assert "To do: " in message and len(message) > 400

    def status(book: StandInBook) -> None:
        sheet, cell = next(iter(book.workbook.defined_names["Status"].destinations))
        book.workbook[sheet][cell.replace("$", "")] = message

    seen = seen_state([], tmp_path, edit=status)
    assert " ".join(message.split()) in page_text(seen)


# --- on paper: the pages ---------------------------------------------------------------------


def printed(workbook: Path, folder: Path) -> tuple[Path, list[tuple[str, str]]]:
    """The workbook printed by LibreOffice: the PDF, and each page's sheet (known by its
    text) and text."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "sudoku.xlsm"
    if workbook != path:
        shutil.copy(workbook, path)
    pdf = to_pdf(path, folder)
    pages = []
    for page in range(1, page_count(pdf) + 1):
        text = page_text(pdf, page)
        lines = words(pdf, page)
        if "Work grid" in text:
            sheet = "Sudoku"
        elif lines and [w.text for w in lines[0]] == STEPS_HEADER.split():
            sheet = "Steps"
        elif text.startswith("The SUDOKU_* worksheet functions"):
            sheet = "Functions"
        else:
            sheet = "?"
        pages.append((sheet, text))
    return pdf, pages


@pytest.mark.slow
def test_the_workbook_prints_the_sudoku_sheet_on_one_page_and_nothing_empty(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool(*TOOLS)
    _, pages = printed(WORKBOOK, tmp_path)
    # the Steps sheet's header alone (its log is empty); xlwings.conf not at all
    assert [sheet for sheet, _ in pages] == ["Sudoku", "Steps", "Functions"], pages
    sudoku = pages[0][1]
    for label in (*STATUS_LABELS, "Settings", *(s.label for s in SETTINGS), "Colours"):
        assert label in sudoku, label
    for name, _ in LEGEND:
        assert " ".join(name.split()) in sudoku, name
    functions = pages[2][1]
    # one page wide: the first array and the one beside it on the same page
    assert "=SUDOKU_SOLVE(Givens)" in functions and "=SUDOKU_CANDIDATES(Givens)" in functions
    assert "UDF Modules" not in " ".join(text for _, text in pages)


@pytest.mark.slow
def test_a_long_step_log_prints_one_page_wide_with_its_header_on_every_page(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool(*TOOLS)
    path = tmp_path / "sudoku.xlsm"
    shutil.copy(WORKBOOK, path)
    book = StandInBook(path)
    xl_solve(book)
    book.save(path)
    logged = [row[0].value for row in book.workbook["Steps"].iter_rows(min_row=2) if row[0].value]
    pdf, pages = printed(path, tmp_path)
    sheets = [sheet for sheet, _ in pages]
    steps = [page + 1 for page, sheet in enumerate(sheets) if sheet == "Steps"]
    assert sheets == ["Sudoku"] + ["Steps"] * len(steps) + ["Functions"], pages
    assert len(steps) >= 2, "the log must run over a page for this test to mean anything"
    numbers = []
    for page in steps:
        lines = words(pdf, page)  # the first, the header (by which the page was known)
        numbers += [int(line[0].text) for line in lines[1:] if line[0].text.isdigit()]
    assert numbers == logged  # every step once, in order, none cut off at a page's side
