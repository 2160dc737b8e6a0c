"""One colour table: every colour the product shows is named in ``core/colours.py``."""

from __future__ import annotations

import re
from pathlib import Path

import xl_sudoku
from xl_sudoku.core import TECHNIQUES, colours
from xl_sudoku.core.steps import SEARCH_STEPS
from xl_sudoku.paint import LEGEND

PACKAGE = Path(xl_sudoku.__file__).parent
TABLE = {value for name, value in vars(colours).items() if name.isupper()}


def test_every_colour_comes_from_the_table() -> None:
    assert {t.colour for t in TECHNIQUES + SEARCH_STEPS} <= TABLE
    assert {colour for _, colour in LEGEND} <= TABLE


def test_no_other_module_writes_a_colour_down() -> None:
    triple = re.compile(r"\(\s*\d{1,3},\s*\d{1,3},\s*\d{1,3}\s*\)")
    hex_colour = re.compile(r"['\"]#[0-9A-Fa-f]{6}['\"]")
    about_colour = re.compile(r"RGB|colou?r|fill|Rect\(|ink", re.IGNORECASE)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "colours.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = hex_colour.search(line) or (triple.search(line) and about_colour.search(line))
            assert not found, f"{path.relative_to(PACKAGE)}:{number}: {line}"


def test_hex_codes() -> None:
    assert colours.hex_code(colours.MAGENTA) == "FF00FF"
    assert colours.hex_code(colours.NAVY) == "1F3864"


def test_the_legend_names_each_technique_once() -> None:
    """The catalogue holds some names twice (an Empty Rectangle of a box and HoDoKu's
    dual ones, Unique Rectangles with missing candidates): the legend says each once."""
    names = [name for line, _ in LEGEND for name in line.split(", ")]
    assert len(names) == len(set(names))
    assert {t.name for t in TECHNIQUES} <= set(names)


def test_every_colour_a_grid_shows_has_a_code() -> None:
    """The workbook's grids show their fills through codes (``FILLS``): every colour of the
    legend has one, each its own, and no fill is code 0."""
    assert {colour for _, colour in LEGEND} <= set(colours.FILLS)
    assert len(set(colours.FILLS)) == len(colours.FILLS)
    assert [colours.fill_code(c) for c in colours.FILLS] == list(range(1, len(colours.FILLS) + 1))
    assert colours.fill_code(None) == 0
