"""Pictures: the SVG is well-formed and shows what it should; the PNG agrees with it."""

from __future__ import annotations

import io
import random
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from xl_sudoku.cli import main
from xl_sudoku.core import parse_puzzle, solve
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.generate import generate
from xl_sudoku.pictures.render import (
    CELL,
    MARGIN,
    png,
    puzzle_picture,
    solution_picture,
    step_picture,
    svg,
)

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def texts(document: str) -> list[str]:
    root = ET.fromstring(document)
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def centre(cell: int, scale: float) -> tuple[int, int]:
    """A point inside a cell, clear of its digit (a quarter in from the top left)."""
    x = MARGIN + (cell % 9) * CELL + CELL // 6
    y = MARGIN + (cell // 9) * CELL + CELL // 6
    return round(x * scale), round(y * scale)


def test_the_puzzle_and_its_candidates() -> None:
    puzzle = parse_puzzle(TOP95_1)
    shown = texts(svg(puzzle_picture(puzzle)))
    assert sorted(shown) == sorted(str(d) for d in puzzle if d)
    marked = texts(svg(puzzle_picture(puzzle, candidates=True)))
    board = LogicSolver(puzzle).board
    assert len(marked) == 17 + sum(m.bit_count() for m in board.masks)


def test_the_solution_is_painted_like_the_workbook(tmp_path: Path) -> None:
    puzzle = parse_puzzle(TOP95_1)
    drawing = solution_picture(puzzle)
    digits = [t for t in texts(svg(drawing)) if len(t) == 1]
    assert "".join(digits) == "".join(map(str, solve(puzzle)))
    image = Image.open(io.BytesIO(png(drawing, scale=1.0))).convert("RGB")
    assert image.size == (round(drawing.width), round(drawing.height))
    trace = LogicSolver(puzzle).run()
    last: dict[int, tuple[int, int, int]] = {}
    for step in trace.steps:
        for cell, _ in step.placements:
            last[cell] = step.technique.colour
    for cell in range(81):
        expected = (255, 255, 255) if puzzle[cell] else last[cell]
        assert image.getpixel(centre(cell, 1.0)) == expected, cell


@pytest.mark.slow
def test_a_step_lights_its_pattern_and_strikes_what_it_removes() -> None:
    made = generate(random.Random(4), technique="xy-wing")
    trace = LogicSolver(made.puzzle).run()
    number = next(i for i, s in enumerate(trace.steps, 1) if s.technique.key == "xy-wing")
    step = trace.steps[number - 1]
    document = svg(step_picture(made.puzzle, number))
    root = ET.fromstring(document)
    struck = [
        t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("fill") == "#c80000"
    ]
    assert len(struck) == len(step.eliminations)
    caption = " ".join(t for t in texts(document) if len(t) > 9)
    assert caption.startswith(f"Step {number}: XY-Wing") and "removes 9" in caption.replace(
        "\n", " "
    )
    with pytest.raises(ValueError, match="steps, not 999"):
        step_picture(made.puzzle, 999)


def test_another_program_draws_the_svg_as_pillow_draws_the_png(
    tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool("rsvg-convert")
    drawing = solution_picture(parse_puzzle(TOP95_1))
    (tmp_path / "grid.svg").write_text(svg(drawing))
    subprocess.run(
        ["rsvg-convert", str(tmp_path / "grid.svg"), "-o", str(tmp_path / "rsvg.png")], check=True
    )
    with Image.open(tmp_path / "rsvg.png") as image:
        theirs = image.convert("RGB")
    ours = Image.open(io.BytesIO(png(drawing, scale=1.0))).convert("RGB")
    assert theirs.size == ours.size
    for cell in range(81):
        assert theirs.getpixel(centre(cell, 1.0)) == ours.getpixel(centre(cell, 1.0)), cell


def test_the_render_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "grid.png"
    assert main(["render", TOP95_1, "--solve", "-o", str(out)]) == 0
    with Image.open(out) as image:
        assert image.size == (2 * (9 * CELL + 2 * MARGIN), 2 * (9 * CELL + 2 * MARGIN + 26))
    assert main(["render", TOP95_1, "-o", str(out)]) == 2
    assert "exists: use --force" in capsys.readouterr().err
    assert main(["render", TOP95_1, "--step", "3"]) == 0
    assert capsys.readouterr().out.startswith("<svg")
    assert main(["render", TOP95_1, "-o", str(tmp_path / "grid.gif")]) == 2
    assert main(["render", "55" + "." * 79]) == 1
    assert "duplicate 5 in row 1" in capsys.readouterr().err
