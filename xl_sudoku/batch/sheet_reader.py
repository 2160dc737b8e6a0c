"""Reading one worksheet as a stream, keeping only what finding and placing need
(batch layer; ``scan.WorkbookScan.scan`` builds the reader).

A sheet is read once, row by row (lxml's ``iterparse`` over its part, through the
package's counted stream: see ``archive.Package.open``), and what is kept stays small
whatever the sheet's size:

* **values that can matter**: the digits and typos of every 9x9 block that could be a
  grid — decided as the rows go by, nine rows at a time: a block needs at least
  ``FEW_GIVENS`` digits, at most ``MAX_TYPOS`` typos and nothing else but blanks —; the
  columns of puzzle strings (lists); the text a caller asks to keep (our own titles,
  headers and statuses); the cells of a named ``--column`` or ``--range``;
* **where answers may not go** (``room.Room``): every cell with a value or a format of its
  own, as runs of neighbouring cells; formatted rows and columns; merged ranges,
  validations, conditional formats (the extension-list kinds too), hyperlinks, tables,
  pivot tables, notes; the cells under drawings — charts, pictures, shapes and form
  controls (``xl/drawings``), and the boxes of shown notes (legacy VML) —; whether the
  sheet is protected.

Values read as openpyxl reads them (shared strings, numbers, dates and times by their
number format, booleans, errors, a formula by its cached value, else as ``=formula``:
``cells.Uncalculated``, counted), so that a message quotes what a person sees; but as a
person sees them, a formula whose saved value is an empty string is an empty cell, and a
number a hair from a whole one (``5.000000000001``) is that whole number. ISO 29500
Strict workbooks (their own namespaces) read the same as transitional ones.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final, Protocol

from lxml import etree
from openpyxl.formula.translate import Translator, TranslatorError

from ..helpers.a1 import column_number
from .archive import MAX_COLUMN, MAX_ROW, REL, STRICT_REL, Package, PackageError, parse, rel_kind
from .blocks import Blocks, Row
from .book_parts import SharedStrings, StyleFacts, clear, main_tags, to_int
from .cells import (
    DIGIT,
    LOST_PUZZLE,
    MIN_HEIGHT,
    MIN_WIDTH,
    OTHER,
    TYPO,
    Area,
    CellKind,
    DateNumber,
    Keeping,
    ListColumn,
    SheetScan,
    Uncalculated,
    is_puzzle_text,
    is_row_text,
    number_kind,
    read_date,
    read_number,
    text_kind,
    value_of,
)
from .drawings import Anchor, Measures, anchors, rows_measured, vml_areas

STACK = 9  # the rows of a grid typed one a cell
UNCALCULATED_SHOWN = 3  # formulas without a value: the cells a note names


@dataclass
class _Stack:
    """A run of row strings in one column, being read: where it starts and its values."""

    top: int
    last: int
    values: list[object]


_DIGIT_TEXT: Final = {str(d): (d, DIGIT) for d in range(1, 10)}
_C_TAGS: Final = main_tags("c")
_V_TAGS: Final = main_tags("v")
_F_TAGS: Final = main_tags("f")
_IS_TAGS: Final = main_tags("is")
_T_TAGS: Final = main_tags("t")
_R_TAGS: Final = main_tags("r")


class Book(Protocol):
    """What the reader takes from its workbook (``scan.WorkbookScan``, which builds it)."""

    package: Package
    styles: StyleFacts
    epoch: datetime.datetime

    def strings(self, keep: Callable[[str], bool]) -> SharedStrings: ...


class SheetReader:
    """Reads one worksheet part into a ``SheetScan``."""

    def __init__(self, book: Book, name: str, keeping: Keeping) -> None:
        self.book = book
        self.package = book.package
        self.part = self.package.sheet_parts[name]
        self.sheet = SheetScan(name)
        self.keep = keeping.text
        self.keep_column = keeping.column
        self.keep_areas = keeping.areas
        self.everything = keeping.everything
        self.strings = book.strings(keeping.text)
        self.blocks = Blocks(self.sheet)
        self.shared_formulas: dict[str, Translator] = {}
        self.measures = Measures()  # column widths and row heights, for drawings' sizes
        self.heights_until = 0  # row heights are kept up to here (drawings need them)
        self.drawing_ids: list[str] = []
        self.columns_of: dict[str, int] = {}  # a cell reference's letters -> its column
        self.legacy_ids: list[str] = []
        self.stacking: dict[int, _Stack] = {}  # column -> the run of row strings in it

    def _stack(self, column: int, row: int, value: object) -> None:
        """A cell holding a grid's row as one value (``value``), or another value (None)."""
        run = self.stacking.get(column)
        if run is not None and (value is None or run.last != row - 1):
            self._stacked(column, run)
            run = None
        if value is None:
            return
        if run is None:
            self.stacking[column] = _Stack(row, row, [value])
        else:
            run.last = row
            if len(run.values) <= STACK:
                run.values.append(value)

    def _stacked(self, column: int, run: _Stack) -> None:
        """A run of row strings ended: nine of them are a grid's rows."""
        del self.stacking[column]
        if len(run.values) == STACK:
            self.sheet.stacks.append((run.top, column))
            for offset, value in enumerate(run.values):
                self.sheet.values[(run.top + offset, column)] = value

    def read(self) -> SheetScan:
        rels = self.package.relationships(self.part)
        drawings = self._drawings(rels)
        self._stream()
        sheet = self.sheet
        self.blocks.finish()
        sheet.taken.runs.finish()
        sheet.rows.finish()
        sheet.unseen_rows.finish()
        sheet.seen_rows.finish()
        for kind_, target in rels.values():
            if target not in self.package.names:
                continue
            what = rel_kind(kind_)
            if what == "table":
                sheet.areas += _areas(_root_attribute(self.package, target, "ref"))
            elif what == "pivotTable":
                for element in _elements(self.package, target, "location"):
                    sheet.areas += _areas([element.get("ref", "")])
            elif what == "comments":
                for element in _elements(self.package, target, "comment"):
                    sheet.areas += _areas([element.get("ref", "")])
        wanted = {rels[i][1] for i in self.legacy_ids if i in rels}
        for kind_, target in rels.values():
            if (
                rel_kind(kind_) == "vmlDrawing"
                and target in wanted
                and target in self.package.names
            ):
                sheet.areas += vml_areas(self.package.read(target, keep=False))
        drawn = {rels[i][1] for i in self.drawing_ids if i in rels}
        for target, found in drawings.items():
            if target in drawn:
                sheet.areas += [self.measures.cells_under(anchor) for anchor in found]
        return sheet

    def _drawings(self, rels: dict[str, tuple[str, str]]) -> dict[str, list[Anchor]]:
        """The anchors of the sheet's drawing parts, read before the sheet: an anchor given
        by a size needs the heights of the rows it lies over."""
        out: dict[str, list[Anchor]] = {}
        for kind_, target in rels.values():
            if rel_kind(kind_) == "drawing" and target in self.package.names:
                out[target] = anchors(parse(self.package.read(target, keep=False), target))
                self.heights_until = max(self.heights_until, rows_measured(out[target]))
        return out

    # --- the sheet's XML --------------------------------------------------------------------

    def _stream(self) -> None:
        """Read the sheet's rows, and what it says outside them (see ``_other``)."""
        sheet = self.sheet
        row_tags = main_tags("row")
        sqref = "{http://schemas.microsoft.com/office/excel/2006/main}sqref"
        others = (
            *main_tags("mergeCell", "conditionalFormatting", "dataValidation", "hyperlink", "col"),
            *main_tags("sheetFormatPr", "sheetProtection", "drawing", "legacyDrawing"),
            sqref,
        )
        row_number = 0
        with self.package.open(self.part) as stream:
            for _, element in etree.iterparse(
                stream,
                events=("end",),
                tag=(*row_tags, *others),
                resolve_entities=False,
                no_network=True,
            ):
                if element.tag in row_tags:
                    number = element.get("r")
                    row_number = int(number) if number else row_number + 1
                    self._row(element, row_number)
                else:
                    self._other(element, sqref)
                clear(element)
        lists = sheet.lists
        for column, found in list(lists.items()):
            if not found.puzzles:
                del lists[column]
        for column, run in list(self.stacking.items()):
            self._stacked(column, run)

    def _row(self, element: etree._Element, row_number: int) -> None:
        """One row: every cell's kind, what is kept of it, and whether it is taken. (One
        loop on purpose: a call per cell is paid a million times in a large sheet.)"""
        sheet = self.sheet
        styles = self.book.styles
        plain, bordered, dates = styles.plain, styles.bordered, styles.dates
        durations = styles.durations
        flags = self.strings.flags
        strings_count = len(flags)
        taken = sheet.taken.runs
        lists = sheet.lists
        stacking = self.stacking
        keep_column, keep_areas = self.keep_column, self.keep_areas
        everything = self.everything
        c_tags, v_tags, f_tags = _C_TAGS, _V_TAGS, _F_TAGS
        columns_of = self.columns_of
        row = Row(row_number)
        if element.get("customFormat") in ("1", "true") and to_int(element.get("s")) not in plain:
            sheet.rows.add(row_number)
        if _unseen_row(element):
            sheet.unseen_rows.add(row_number)
        elif sheet.rows_unseen:
            sheet.seen_rows.add(row_number)
        if row_number <= self.heights_until:
            self._height(element, row_number)
        column = rightmost = 0
        # the row's taken cells as runs of keys, added to ``taken`` when a run ends
        base = row_number << 14
        first = last = -2
        for cell in element:
            if cell.tag not in c_tags:
                continue
            reference = cell.get("r")
            if reference:
                letters = reference.rstrip("0123456789")
                found = columns_of.get(letters)
                if found is None:
                    found = columns_of[letters] = column_number(letters)
                column = found
            else:
                column += 1
            if column > rightmost:  # noqa: PLR1730 - not max(): a call per cell adds up
                rightmost = column
            key = base | (column - 1)
            style_text = cell.get("s")
            style = int(style_text) if style_text else 0
            if style not in plain:
                if key == last + 1:
                    last = key
                elif key != last:
                    if last >= 0:
                        taken.add_run(first, last)
                    first = last = key
            if style in bordered:
                row.bordered.append(column)
            if not len(cell):
                continue
            text = formula = None
            for child in cell:
                child_tag = child.tag
                if child_tag in v_tags:
                    text = child.text
                elif child_tag in f_tags:
                    formula = child
            data_type = cell.get("t")
            value: object = text  # a number's text, or a shared string's index, until needed
            number = shared = puzzle = kept = False
            row_value: object = None  # a grid's row as one value ("530070000")
            if formula is None and (data_type is None or data_type == "n"):
                if not text:
                    continue
                if 3 <= len(text) <= STACK and text[0] != "0" and text.isdigit():
                    row_value = int(text)
                digit = _DIGIT_TEXT.get(text)
                if style in dates:  # a date or a time: a typo in a grid, read if kept
                    value, found_kind = DateNumber(text, self.book.epoch, style in durations), TYPO
                elif digit is not None:
                    value, found_kind = digit
                elif text[0] != "0" and text[:3].isdigit() and "E" not in text and "e" not in text:
                    found_kind, number = OTHER, True  # 100 or more: read if kept
                else:
                    value = read_number(text)
                    found_kind = number_kind(value)
                    if abs(value) >= LOST_PUZZLE:
                        self._lost_puzzle((row_number, column))
            elif formula is None and data_type == "s" and text:
                index = int(text)
                bits = flags[index] if index < strings_count else self._no_string(text)
                if bits & SharedStrings.EMPTY:
                    continue
                found_kind = CellKind(bits & 3)
                puzzle = bool(bits & SharedStrings.PUZZLE)
                kept = bool(bits & SharedStrings.KEEP)
                if bits & SharedStrings.ROW:
                    row_value = self.strings[index]
                if found_kind != OTHER:
                    value = self.strings[index]
                else:
                    shared = True  # read if kept
            else:
                odd = self._odd(cell, style, (row_number, column))
                if odd is None:
                    continue
                value, found_kind, puzzle, kept = odd
                if is_row_text(value):
                    row_value = value
            if row_value is not None:
                run = stacking.get(column)
                if run is not None and run.last == row_number - 1:
                    run.last = row_number  # a run of row strings goes on (the common case)
                    if len(run.values) <= STACK:
                        run.values.append(row_value)
                else:
                    self._stack(column, row_number, row_value)
            elif column in stacking:
                self._stack(column, row_number, None)
            if key == last + 1:
                last = key
            elif key != last:
                if last >= 0:
                    taken.add_run(first, last)
                first = last = key
            if found_kind == DIGIT:
                row.digits.append((column, value))
            elif found_kind == TYPO:
                row.typos.append((column, value))
            elif found_kind == OTHER:
                row.others.append(column)
            keep_value = (
                kept
                or everything
                or column == keep_column
                or (keep_areas and any(_inside(area, row_number, column) for area in keep_areas))
            )
            listed = lists.get(column)
            if not keep_value and listed is not None and not listed.puzzles and not puzzle:
                listed.filled += 1  # a column that holds no puzzle so far: only counted
                continue
            if shared:
                value = self.strings[int(text or 0)]
            elif number:
                value = read_number(str(text))
            else:
                value = value_of(value)
            if keep_value:
                sheet.values[(row_number, column)] = value
            self._list_cell(lists, (row_number, column), value, puzzle)
        if last >= 0:
            taken.add_run(first, last)
        if column:  # the row has cells
            sheet.last_row = max(sheet.last_row, row_number)
            sheet.last_column = max(sheet.last_column, rightmost)
        self.blocks.row(row)

    def _odd(
        self, cell: etree._Element, style: int, position: tuple[int, int]
    ) -> tuple[object, CellKind, bool, bool] | None:
        """A cell that is not a plain number or shared string: (value, kind, a puzzle
        line?, a text to keep?); None if it is empty."""
        text = formula = inline = None
        saved = False  # a value is saved beside the formula, if there is one
        for child in cell:
            if child.tag in _V_TAGS:
                text, saved = child.text, True
            elif child.tag in _F_TAGS:
                formula = child
            elif child.tag in _IS_TAGS:
                inline = child
        data_type = cell.get("t")
        value: object = text
        if formula is not None and not text and data_type != "inlineStr":
            if data_type == "str" and saved:
                return None  # its value is an empty string: a blank, as a person sees it
            value = Uncalculated(self._formula(formula, cell.get("r"), position))
            sheet = self.sheet
            sheet.uncalculated += 1
            if len(sheet.uncalculated_cells) < UNCALCULATED_SHOWN:
                sheet.uncalculated_cells.append(position)
        elif data_type == "inlineStr":
            value = "" if inline is None else _inline_text(inline)
        elif not text:
            return None
        elif (data_type is None or data_type == "n") and style in self.book.styles.dates:
            value = read_date(text, self.book.epoch, style in self.book.styles.durations)
        elif data_type is None or data_type == "n":  # a formula's number
            number = read_number(text)
            return number, number_kind(number), False, False
        elif data_type == "s":
            value = self.strings[int(text)]
        elif data_type == "b":
            value = text.strip() not in ("0", "false")
        elif data_type == "d":
            value = _iso_date(text)
        if value == "" or value is None:
            return None
        if not isinstance(value, str):
            return value, TYPO, False, False
        return value, text_kind(value.strip()), is_puzzle_text(value), self.keep(value)

    def _lost_puzzle(self, position: tuple[int, int]) -> None:
        """A number of 60 digits or more: a puzzle, perhaps, read as a number."""
        sheet = self.sheet
        sheet.lost_puzzles += 1
        if len(sheet.lost_puzzle_cells) < UNCALCULATED_SHOWN:
            sheet.lost_puzzle_cells.append(position)

    def _no_string(self, text: str) -> int:
        raise PackageError(
            f"it is damaged ({self.part}: a cell names shared string {text}, of "
            f"{len(self.strings)})"
        )

    def _height(self, element: etree._Element, row_number: int) -> None:
        """A row's height, for the drawings measured by their size."""
        if element.get("hidden") in ("1", "true"):
            self.measures.heights[row_number] = 0.0
        elif element.get("ht") is not None:
            self.measures.heights[row_number] = float(element.get("ht") or 0)

    @staticmethod
    def _list_cell(
        lists: dict[int, ListColumn], position: tuple[int, int], value: object, puzzle: bool
    ) -> None:
        """A filled cell, for the columns of puzzle strings (lists)."""
        row, column = position
        found = lists.get(column)
        if found is None:
            lists[column] = found = ListColumn((row, value))
        if puzzle and not found.puzzles and found.filled > 1:
            found.complete = False  # filled cells between the first and this were let go
        if puzzle:
            found.puzzles += 1
        if found.puzzles or found.filled == 0:
            found.rows.append((row, value))
        found.filled += 1

    def _formula(
        self, formula: etree._Element, reference: str | None, position: tuple[int, int]
    ) -> str:
        """A formula without a cached value, as openpyxl shows it: ``=SUM(A1:A3)``."""
        text = "=" + (formula.text or "")
        if formula.get("t") == "shared":
            index = formula.get("si", "")
            where = reference or f"{_letters(position[1])}{position[0]}"
            if index in self.shared_formulas:
                try:
                    return str(self.shared_formulas[index].translate_formula(where))
                except TranslatorError:
                    return text
            if text != "=":
                self.shared_formulas[index] = Translator(text, where)
        return text

    def _other(self, element: etree._Element, sqref: str) -> None:
        """What the sheet says outside its rows."""
        sheet = self.sheet
        local = etree.QName(element).localname
        if element.tag == sqref:
            sheet.areas += _areas((element.text or "").split())
        elif local in ("mergeCell", "hyperlink"):
            sheet.areas += _areas([element.get("ref", "")])
        elif local in ("conditionalFormatting", "dataValidation"):
            sheet.areas += _areas(element.get("sqref", "").split())
        elif local == "col":
            low, high = to_int(element.get("min"), 1), to_int(element.get("max"), 1)
            if to_int(element.get("style")) not in self.book.styles.plain:
                sheet.columns.append((low, high))
            width = element.get("width")
            hidden = element.get("hidden") in ("1", "true")
            if hidden or (width is not None and float(width) < MIN_WIDTH):
                sheet.unseen_columns.append((low, high))
            elif width is not None or not sheet.columns_unseen:
                sheet.seen_columns.append((low, high))
            if width is not None or hidden:
                size = 0.0 if hidden else float(width or 0)
                for number in range(low, min(high, MAX_COLUMN, low + 1024) + 1):
                    self.measures.widths[number] = size
        elif local == "sheetFormatPr":
            self.measures.default_height = float(element.get("defaultRowHeight") or 15)
            width = element.get("defaultColWidth")
            if width is not None:
                self.measures.default_width = float(width)
            elif element.get("baseColWidth") is not None:
                self.measures.default_width = float(element.get("baseColWidth", 8)) + 0.43
            sheet.columns_unseen = self.measures.default_width < MIN_WIDTH
            sheet.rows_unseen = element.get("zeroHeight") in ("1", "true") or (
                self.measures.default_height < MIN_HEIGHT
            )
        elif local == "sheetProtection":
            sheet.protected = element.get("sheet") in ("1", "true")
        elif local in ("drawing", "legacyDrawing"):
            identifier = element.get(f"{{{REL}}}id", element.get(f"{{{STRICT_REL}}}id", ""))
            (self.drawing_ids if local == "drawing" else self.legacy_ids).append(identifier)


def _unseen_row(row: etree._Element) -> bool:
    """True for a row nobody sees: hidden (in a collapsed outline group too), or too low to
    show a digit."""
    if row.get("hidden") in ("1", "true"):
        return True
    height = row.get("ht")
    try:
        return height is not None and float(height) < MIN_HEIGHT
    except ValueError:
        return False


def _inline_text(inline: etree._Element) -> str:
    """An inline string's text (its runs' text, not its phonetic guide)."""
    pieces = []
    for child in inline:
        if child.tag in _T_TAGS:
            pieces.append(child.text or "")
        elif child.tag in _R_TAGS:
            pieces += [t.text or "" for t in child if t.tag in _T_TAGS]
    return "".join(pieces)


def _inside(area: Area, row: int, column: int) -> bool:
    return area[0] <= row <= area[2] and area[1] <= column <= area[3]


def _iso_date(text: str) -> object:
    from openpyxl.utils.datetime import from_ISO8601  # noqa: PLC0415

    try:
        return from_ISO8601(text)  # type: ignore[no-untyped-call]
    except ValueError:
        return text


def _letters(column: int) -> str:
    from ..helpers.a1 import column_letters  # noqa: PLC0415

    return column_letters(column)


def _areas(references: Iterable[str]) -> list[Area]:
    """Ranges (``A1:C3``, ``B2``, ``A:A``, ``1:3``, ``Sheet1!A1``) as areas."""
    from openpyxl.utils import range_boundaries  # noqa: PLC0415

    out = []
    for reference in references:
        text = reference.split("!")[-1].replace("$", "").strip()
        if not text:
            continue
        try:
            left, top, right, bottom = range_boundaries(text)
        except (ValueError, TypeError):
            continue
        out.append((top or 1, left or 1, bottom or MAX_ROW, right or MAX_COLUMN))
    return out


def _elements(package: Package, part: str, local: str) -> Iterator[etree._Element]:
    """The elements named ``local`` (in either main namespace) of a part, streamed."""
    with package.open(part) as stream:
        for _, element in etree.iterparse(
            stream, events=("end",), tag=main_tags(local), resolve_entities=False, no_network=True
        ):
            yield element
            clear(element)


def _root_attribute(package: Package, part: str, name: str) -> list[str]:
    root = parse(package.read(part, keep=False), part)
    value = root.get(name)
    return [value] if value else []
