"""Positions with candidates, as other sudoku tools write them (core layer).

A ``Position`` is a puzzle part-way: its givens, the digits placed since, and the
candidates left in the open cells. Two kinds of text carry one:

* a **pencil-mark grid** (a "PM grid"), the form HoDoKu copies to the clipboard and
  forums post, and Simple Sudoku's candidate grid: nine rows of nine entries, each the
  digits still possible in a cell (one digit: a filled cell), with ``|`` between boxes
  and rule lines between bands (``.---``, ``:---+``, ``'---`` for HoDoKu,
  ``*---*`` and ``|---+`` for Simple Sudoku). A pencil-mark grid cannot tell a given
  from a digit placed later: every filled cell is read as a given;
* **SudokuWiki's 162-character string** (its ``bd=`` links since 2023): per cell, in
  two base-32 characters (``0-9``, ``a-v``), the cell's digit or candidates as bits
  (digit d = 2 to the power d-1), shifted left by one, plus 1 for a given. A link may
  also carry a plain 81-character puzzle.

In both, an open cell with a single candidate left looks like a filled cell, and is
read as one.

Every error names the row or cell: ``row 3 has 8 entries``,
``r2c5: '0' is not a set of digits 1-9``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal
from urllib.parse import parse_qs, urlparse

from .candidates import candidates
from .errors import ParseError
from .formats import parse_puzzle
from .glossary import DIGITS_OF, Grid, Mask, bit, mask_of
from .grid import cell_name
from .rules import validate

PencilStyle = Literal["hodoku", "ss"]
SUDOKUWIKI: Final = "https://www.sudokuwiki.org/sudoku.htm"
_BASE32: Final = "0123456789abcdefghijklmnopqrstuv"
_ENTRY: Final = re.compile(r"[^\s|:.'*+\-=#]+")
_S9B: Final = re.compile(r"[0-9a-v]{162}", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Position:
    """Givens, digits placed since, candidates of the open cells."""

    givens: Grid  # the puzzle's clues, 0 elsewhere
    digits: Grid  # every filled cell: givens and placed digits
    masks: tuple[Mask, ...]  # an open cell's candidates; 0 for a filled cell

    def __post_init__(self) -> None:
        validate(self.digits)  # a digit twice in a house: DuplicateError naming the cells

    @classmethod
    def from_puzzle(cls, puzzle: Grid) -> Position:
        """A puzzle with nothing placed yet: every open cell's candidates from its peers."""
        masks = candidates(puzzle)
        return cls(puzzle, puzzle, tuple(0 if puzzle[c] else masks[c] for c in range(81)))

    def entry(self, cell: int) -> str:
        """What a pencil-mark grid shows for a cell: its digit, or its candidates."""
        if self.digits[cell]:
            return str(self.digits[cell])
        return "".join(map(str, DIGITS_OF[self.masks[cell]]))


# --- pencil-mark grids ---------------------------------------------------------------


def read_pencilmarks(text: str) -> Position:
    """A position from a pencil-mark grid (HoDoKu's or Simple Sudoku's, or any text with
    nine rows of nine entries)."""
    rows = []
    for line in text.splitlines():
        entries = _ENTRY.findall(line)
        if entries and any(ch.isdigit() for ch in line):
            rows.append((line, entries))
    if len(rows) != 9:
        raise ParseError(f"a pencil-mark grid has 9 rows of cells, this text has {len(rows)}")
    digits: list[int] = []
    masks: list[Mask] = []
    for r, (_, entries) in enumerate(rows):
        if len(entries) != 9:
            raise ParseError(f"row {r + 1} has {len(entries)} entries, not 9")
        for c, entry in enumerate(entries):
            cell = 9 * r + c
            if not entry.isdigit() or "0" in entry or len(set(entry)) != len(entry):
                message = f"{cell_name(cell)}: {entry!r} is not a set of digits 1-9"
                raise ParseError(message, (cell,))
            if len(entry) == 1:
                digits.append(int(entry))
                masks.append(0)
            else:
                digits.append(0)
                masks.append(mask_of(int(ch) for ch in entry))
    grid = tuple(digits)
    return Position(grid, grid, tuple(masks))


def write_pencilmarks(position: Position, style: PencilStyle = "hodoku") -> str:
    """The position as a pencil-mark grid, every column as wide as the widest entry."""
    entries = [position.entry(c) for c in range(81)]
    widths = [max(map(len, entries))] * 9
    stacks = [sum(widths[3 * s : 3 * s + 3]) + 2 * 3 + 1 for s in range(3)]

    def rule(left: str, middle: str, right: str) -> str:
        return left + middle.join("-" * width for width in stacks) + right

    if style == "ss":
        outer = "*" + "-" * (sum(stacks) + 2) + "*"
        top, between, bottom = outer, rule("|", "+", "|"), outer
    else:
        top, between, bottom = rule(".", ".", "."), rule(":", "+", ":"), rule("'", "'", "'")
    lines = [top]
    for r in range(9):
        parts = []
        for s in range(3):
            cells = [entries[9 * r + c].ljust(widths[c]) for c in range(3 * s, 3 * s + 3)]
            parts.append(" " + "  ".join(cells) + "  ")
        lines.append("|" + "|".join(parts) + "|")
        if r in (2, 5):
            lines.append(between)
    lines.append(bottom)
    return "\n".join(lines)


# --- SudokuWiki ----------------------------------------------------------------------


def write_s9b(position: Position) -> str:
    """SudokuWiki's 162-character string of a position."""
    out = []
    for cell in range(81):
        digit = position.digits[cell]
        bits = bit(digit) if digit else position.masks[cell]
        number = bits << 1 | (1 if position.givens[cell] else 0)
        out.append(_BASE32[number >> 5] + _BASE32[number & 31])
    return "".join(out)


def read_s9b(text: str) -> Position:
    """A position from SudokuWiki's 162-character string."""
    text = text.strip().lower()
    if len(text) != 162 or any(ch not in _BASE32 for ch in text):
        raise ParseError(
            f"a SudokuWiki string is 162 characters 0-9 and a-v, got {len(text)} characters"
        )
    givens: list[int] = []
    digits: list[int] = []
    masks: list[Mask] = []
    for cell in range(81):
        number = _BASE32.index(text[2 * cell]) * 32 + _BASE32.index(text[2 * cell + 1])
        given, bits = number & 1, number >> 1
        if not bits or bits > 0x1FF:
            pair = text[2 * cell : 2 * cell + 2]
            raise ParseError(f"{cell_name(cell)}: {pair!r} is no digit or candidates", (cell,))
        if bits.bit_count() == 1:
            digits.append(bits.bit_length())
            masks.append(0)
        else:
            digits.append(0)
            masks.append(bits)
        givens.append(digits[-1] if given else 0)  # a flag on candidates means nothing
    return Position(tuple(givens), tuple(digits), tuple(masks))


def sudokuwiki_link(position: Position) -> str:
    """A link that opens the position in SudokuWiki's solver."""
    return f"{SUDOKUWIKI}?bd={write_s9b(position)}"


def read_link(link: str) -> Position:
    """A position from a SudokuWiki link (``?bd=`` with 162 or 81 characters)."""
    query = parse_qs(urlparse(link.strip()).query)
    board = (query.get("bd") or [""])[0]
    if not board:
        raise ParseError("the link has no bd= board")
    if len(board) == 81:
        return Position.from_puzzle(parse_puzzle(board))
    return read_s9b(board)


def split_positions(text: str) -> list[tuple[int, str]]:
    """The texts of the positions in ``text``, each with the line it starts on: several
    as ``convert`` writes them (SudokuWiki strings or links one a line, pencil-mark grids
    one after another), else the whole text as one (``read_position`` reads each)."""
    lines = text.splitlines()
    filled = [n for n, line in enumerate(lines) if line.strip()]
    if len(filled) > 1 and all(_one_line_position(lines[n]) for n in filled):
        return [(n + 1, lines[n]) for n in filled]
    rows = [n for n in filled if len(_ENTRY.findall(lines[n])) == 9]  # not rule lines
    marked = any(len(e) > 1 for n in rows for e in _ENTRY.findall(lines[n]))
    if marked and len(rows) > 9 and len(rows) % 9 == 0:  # 9 rows a grid, rules between
        starts = [0, *rows[9::9]]
        ends = [*starts[1:], len(lines)]
        return [(a + 1, "\n".join(lines[a:b])) for a, b in zip(starts, ends, strict=True)]
    return [(1, text)]


def _one_line_position(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(("http://", "https://", "www.")) or bool(_S9B.fullmatch(stripped))


def read_position(text: str) -> Position:
    """A position from any of: a SudokuWiki link or string, a pencil-mark grid, or a
    puzzle ``parse_puzzle`` reads (its candidates then worked out from the givens)."""
    stripped = text.strip()
    if stripped.startswith(("http://", "https://", "www.")):
        return read_link(stripped if "://" in stripped else "https://" + stripped)
    if _S9B.fullmatch(stripped):
        return read_s9b(stripped)
    if (
        any(len(entry) > 1 for entry in _ENTRY.findall(stripped) if entry.isdigit())
        and len([line for line in stripped.splitlines() if any(ch.isdigit() for ch in line)]) == 9
    ):
        return read_pencilmarks(stripped)
    return Position.from_puzzle(parse_puzzle(stripped))
