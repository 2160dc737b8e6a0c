"""Pictures of a grid: SVG with no dependency, PNG through Pillow (above the core).

One drawing serves both: ``picture()`` lays out a grid as rectangles, lines and text —
the givens bold, digits found by logic on their technique's colour (the workbook's
palette, ``paint.py``), candidates as small pencil marks in the corner of a 3x3 of each
cell, and a step's pattern, its other side, and the candidates it removes (struck out, on
red) — and ``svg()`` or ``png()`` turns it into a file.

Why Pillow for PNG: it ships wheels for every platform with FreeType inside, so a PNG
needs no system library (CairoSVG, the other choice, needs the Cairo C library
installed), and it draws the same rectangles, lines and text the SVG holds.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final
from xml.sax.saxutils import escape

from ..core import Grid, NoSolutionError
from ..core.board import Board
from ..core.colours import (
    ALTERNATE,
    FOUND,
    INK,
    MARK,
    REMOVED,
    RGB,
    STRUCK,
    THIN_LINE,
    WHITE,
    hex_code,
)
from ..core.engine import LogicSolver, Status
from ..core.glossary import DIGITS_OF
from ..core.rating import rate_trace
from ..core.steps import Step
from ..paint import paint_solution

CELL: Final = 48  # pixels a cell, at scale 1
MARGIN: Final = 12
CAPTION_WIDTH: Final = 62  # characters a caption line
CAPTION_LINE: Final = 20  # pixels


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: RGB


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: RGB
    width: float


@dataclass(frozen=True, slots=True)
class Text:
    x: float  # the centre of the text
    y: float
    text: str
    size: float
    colour: RGB
    bold: bool = False
    struck: bool = False


@dataclass
class Drawing:
    width: float
    height: float
    items: list[Rect | Line | Text] = field(default_factory=list)


def _hex(colour: RGB) -> str:
    return "#" + hex_code(colour).lower()


def picture(  # noqa: PLR0913 - keyword-only options, each named where it is used
    digits: Grid,
    givens: Grid,
    *,
    fills: dict[int, RGB] | None = None,
    marks: Sequence[int] | None = None,
    step: Step | None = None,
    caption: str = "",
) -> Drawing:
    """A grid: ``digits`` (the givens among them bold), cell ``fills``, pencil ``marks``
    (a mask per cell, shown in open cells), a ``step`` highlighted, a ``caption`` below."""
    side = 9 * CELL
    lines = textwrap.wrap(caption, CAPTION_WIDTH)
    drawing = Drawing(
        side + 2 * MARGIN, side + 2 * MARGIN + CAPTION_LINE * len(lines) + 6 * bool(lines)
    )
    items = drawing.items
    items.append(Rect(0, 0, drawing.width, drawing.height, WHITE))
    lit = _Lit(dict(fills or {}))
    if step is not None:
        lit.add(step)
    for cell, colour in lit.fills.items():
        x, y = _corner(cell)
        items.append(Rect(x, y, CELL, CELL, colour))
    for cell in range(81):
        x, y = _corner(cell)
        if digits[cell]:
            colour = INK if givens[cell] else FOUND
            bold = bool(givens[cell])
            items.append(
                Text(x + CELL / 2, y + CELL / 2, str(digits[cell]), CELL * 0.6, colour, bold=bold)
            )
        elif marks is not None:
            _draw_marks(items, cell, marks[cell], lit)
    for i in range(10):
        thick = i % 3 == 0
        width, colour = (3.0, INK) if thick else (1.0, THIN_LINE)
        offset = MARGIN + i * CELL
        items.append(Line(MARGIN, offset, MARGIN + side, offset, colour, width))
        items.append(Line(offset, MARGIN, offset, MARGIN + side, colour, width))
    for number, line in enumerate(lines):
        y = MARGIN + side + 6 + CAPTION_LINE * (number + 0.5)
        items.append(Text(drawing.width / 2, y, line, 13, INK))
    return drawing


@dataclass
class _Lit:
    """What a step lights up: cell fills, candidates highlighted, candidates struck out."""

    fills: dict[int, RGB]
    highlight: dict[tuple[int, int], RGB] = field(default_factory=dict)
    struck: set[tuple[int, int]] = field(default_factory=set)

    def add(self, step: Step) -> None:
        colour = step.technique.colour
        for cell, digit in step.pattern:
            self.highlight[cell, digit] = colour
        for cell, digit in step.alternate:
            self.highlight[cell, digit] = ALTERNATE
        for cell, digit in step.eliminations:
            self.struck.add((cell, digit))
            self.fills.setdefault(cell, REMOVED)
        for cell, _ in step.placements:
            self.fills[cell] = colour


def _draw_marks(items: list[Rect | Line | Text], cell: int, mask: int, lit: _Lit) -> None:
    """An open cell's pencil marks, each in its place of a 3x3, lit or struck as the step says."""
    x, y = _corner(cell)
    for digit in DIGITS_OF[mask]:
        cx = x + CELL * (0.5 + (digit - 1) % 3) / 3
        cy = y + CELL * (0.5 + (digit - 1) // 3) / 3
        key = (cell, digit)
        if key in lit.highlight:
            side = CELL * 2 / 7
            items.append(Rect(cx - CELL / 7, cy - CELL / 7, side, side, lit.highlight[key]))
        colour = STRUCK if key in lit.struck else MARK
        items.append(
            Text(
                cx,
                cy,
                str(digit),
                CELL * 0.24,
                colour,
                bold=key in lit.highlight,
                struck=key in lit.struck,
            )
        )


def _corner(cell: int) -> tuple[float, float]:
    return MARGIN + (cell % 9) * CELL, MARGIN + (cell // 9) * CELL


# --- what to draw ----------------------------------------------------------------------


def puzzle_picture(puzzle: Grid, *, candidates: bool = False) -> Drawing:
    """The puzzle as given, with every open cell's candidates if asked."""
    board = Board.from_grid(puzzle)
    return picture(puzzle, puzzle, marks=board.masks if candidates else None)


def solution_picture(puzzle: Grid) -> Drawing:
    """The solved work grid, each found digit on its technique's colour, as the workbook
    paints it; captioned with its rating, or, for a puzzle with several solutions, as one
    of them. ``NoSolutionError`` if there is none."""
    trace = LogicSolver(puzzle).run()
    if trace.status is Status.NO_SOLUTION:
        raise NoSolutionError()
    painting = paint_solution(puzzle, trace)
    fills = {c: colour for colour, cells in painting.fills.items() if colour for c in cells}
    caption = f"Solved: {rate_trace(trace)}"
    if not trace.unique:  # a rating is for a proper puzzle
        caption = f"Solved: one of {trace.solutions} or more solutions"
    return picture(trace.grid, puzzle, fills=fills, caption=caption)


def step_picture(puzzle: Grid, number: int) -> Drawing:
    """The position before step ``number`` (1 is the first) with that step lit up."""
    solver = LogicSolver(puzzle)
    solver.run_until(number - 1)
    if len(solver.steps) < number - 1:
        raise ValueError(f"the solve has {len(solver.steps)} steps, not {number}")
    before = solver.board.copy()
    step = solver.step()
    if step is None:
        raise ValueError(f"the solve has {number - 1} steps, not {number}")
    caption = f"Step {number}: {step.explanation}"
    return picture(before.grid(), puzzle, marks=before.masks, step=step, caption=caption)


# --- files -----------------------------------------------------------------------------


def svg(drawing: Drawing) -> str:
    """The drawing as an SVG document."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{drawing.width:g}" '
        f'height="{drawing.height:g}" viewBox="0 0 {drawing.width:g} {drawing.height:g}">',
        '<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif">',
    ]
    for item in drawing.items:
        if isinstance(item, Rect):
            out.append(
                f'<rect x="{item.x:g}" y="{item.y:g}" width="{item.w:g}" height="{item.h:g}" '
                f'fill="{_hex(item.fill)}"/>'
            )
        elif isinstance(item, Line):
            out.append(
                f'<line x1="{item.x1:g}" y1="{item.y1:g}" x2="{item.x2:g}" y2="{item.y2:g}" '
                f'stroke="{_hex(item.colour)}" stroke-width="{item.width:g}" '
                'stroke-linecap="square"/>'
            )
        else:
            # the baseline placed by hand (0.36 em below the centre puts a digit's middle
            # there): renderers disagree on dominant-baseline, and on text-decoration
            weight = ' font-weight="bold"' if item.bold else ""
            out.append(
                f'<text x="{item.x:.1f}" y="{item.y + 0.36 * item.size:.1f}" '
                f'font-size="{item.size:.1f}" fill="{_hex(item.colour)}" text-anchor="middle"'
                f"{weight}>{escape(item.text)}</text>"
            )
            if item.struck:
                half = 0.35 * item.size * len(item.text)
                out.append(
                    f'<line x1="{item.x - half:.1f}" y1="{item.y:.1f}" x2="{item.x + half:.1f}" '
                    f'y2="{item.y:.1f}" stroke="{_hex(item.colour)}" stroke-width="1.2"/>'
                )
    out.append("</g>\n</svg>\n")
    return "\n".join(out)


def png(drawing: Drawing, scale: float = 2.0) -> bytes:
    """The drawing as a PNG (needs Pillow: ``pip install Pillow``, the ``images`` extra)."""
    try:
        from PIL import Image, ImageDraw, ImageFont  # noqa: PLC0415 - optional
    except ImportError:
        raise ImportError("PNG output needs Pillow: pip install Pillow") from None
    image = Image.new("RGB", (round(drawing.width * scale), round(drawing.height * scale)), "white")
    draw = ImageDraw.Draw(image)
    fonts: dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}
    for item in drawing.items:
        if isinstance(item, Rect):
            box = [
                item.x * scale,
                item.y * scale,
                (item.x + item.w) * scale,
                (item.y + item.h) * scale,
            ]
            draw.rectangle(box, fill=item.fill)
        elif isinstance(item, Line):
            points = [item.x1 * scale, item.y1 * scale, item.x2 * scale, item.y2 * scale]
            draw.line(points, fill=item.colour, width=max(1, round(item.width * scale)))
        else:
            size = max(6, round(item.size * scale))
            font = fonts.get(size) or fonts.setdefault(size, ImageFont.load_default(size))
            x, y = item.x * scale, item.y * scale
            stroke = max(1, round(scale / 2)) if item.bold else 0
            draw.text(
                (x, y),
                item.text,
                fill=item.colour,
                font=font,
                anchor="mm",
                stroke_width=stroke,
                stroke_fill=item.colour,
            )
            if item.struck:
                left, _, right, _ = draw.textbbox((x, y), item.text, font=font, anchor="mm")
                draw.line(
                    [left - scale, y, right + scale, y],
                    fill=item.colour,
                    width=max(1, round(scale)),
                )
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
