"""Reading a workbook's sheets as streams, keeping only what finding and placing need
(batch layer).

A sheet is read once, row by row (lxml's ``iterparse`` over its part, through the
package's counted stream: see ``package.Package.open``), and what is kept stays small
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
number format, booleans, errors, a formula by its cached value, else as ``=formula``),
so that a message quotes what a person sees. ISO 29500 Strict workbooks (their own
namespaces) read the same as transitional ones.
"""

from __future__ import annotations

import datetime
import re
from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import pairwise
from typing import TYPE_CHECKING, Final, NamedTuple

from lxml import etree
from openpyxl.formula.translate import Translator, TranslatorError
from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format
from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900, from_excel

from ..core.formats import BLANKS
from ..helpers.a1 import column_number
from .drawings import Anchor, Measures, anchors, rows_measured, vml_areas
from .package import (
    MAIN,
    MAX_COLUMN,
    MAX_ROW,
    REL,
    STRICT_MAIN,
    STRICT_REL,
    Package,
    PackageError,
    Styles,
    parse,
    rel_kind,
    transitional,
)

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

Cells = dict[tuple[int, int], object]  # (row, column) -> value, 1-based; only cells kept
Area = tuple[int, int, int, int]  # top, left, bottom, right (1-based, inclusive)


class CellKind(IntEnum):
    """How a cell's value counts in a grid (``kind``)."""

    BLANK = 0
    DIGIT = 1
    TYPO = 2
    OTHER = 3


BLANK, DIGIT, TYPO, OTHER = CellKind
MIN_GIVENS: Final = 17
FEW_GIVENS: Final = 8  # a bordered block of digits, or one whose digits reach its four edges
MAX_TYPOS: Final = 3
ERRORS: Final = (
    "#NULL!",
    "#DIV/0!",
    "#VALUE!",
    "#REF!",
    "#NAME?",
    "#NUM!",
    "#N/A",
    "#GETTING_DATA",
)
_PUZZLE_LINE: Final = re.compile(r"\s*[1-9.0\-_* ]{81}\s*")
_ROW_LINE: Final = re.compile(r"\s*[1-9.0\-_* ]{9}\s*")


def kind(value: object) -> CellKind:
    """BLANK, DIGIT, TYPO or OTHER: how a cell's value counts in a grid. A typo is a short
    value that is no digit ('x', 10, '5.'), or a single odd value (a date, TRUE, an error
    such as #N/A, a formula without a value): a few of them inside a grid are mistakes to
    report, not a sign that the block is something else."""
    if value is None:
        return BLANK
    if isinstance(value, str):
        return _text_kind(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _number_kind(value)
    return TYPO  # a date, a time, TRUE or FALSE


def _number_kind(value: float) -> CellKind:
    if value == 0:
        return BLANK
    if float(value).is_integer() and 1 <= value <= 9:
        return DIGIT
    return TYPO if -100 < value < 100 else OTHER


def _text_kind(text: str) -> CellKind:
    if not text or text in BLANKS:
        return BLANK
    if len(text) == 1 and text in "123456789":
        return DIGIT
    if text in ERRORS or (text.startswith("=") and len(text) <= 40):
        return TYPO
    return TYPO if len(text) <= 2 else OTHER


def is_row_text(value: object) -> bool:
    """True for a grid's row typed into one cell as text: 9 digits and blanks, or all but
    two of them (a typo: reported by its cell if the rows make a grid)."""
    if not isinstance(value, str):
        return False
    text = value.strip()
    if len(text) != 9 or not any(ch in "123456789" for ch in text):
        return False
    return bool(_ROW_LINE.fullmatch(text)) or sum(ch in _ROW_CHARS for ch in text) >= 7


_ROW_CHARS: Final = frozenset("123456789.0-_* ")


def is_puzzle_text(value: object) -> bool:
    """True for a list's entry: a string of 81 digits and blanks."""
    return isinstance(value, str) and bool(_PUZZLE_LINE.fullmatch(value))


# --- sets of cells, compact -------------------------------------------------------------------

_COLUMN_BITS: Final = 14  # 16,384 columns


def cell_key(row: int, column: int) -> int:
    """A cell as one number, row-major: neighbours in a row are consecutive numbers."""
    return (row << _COLUMN_BITS) | (column - 1)


def cell_of(key: int) -> tuple[int, int]:
    return key >> _COLUMN_BITS, (key & (MAX_COLUMN - 1)) + 1


class Runs:
    """A set of numbers kept as sorted runs (first, last): a sheet's cells in a few bytes
    per run of neighbours, not per cell. Numbers are added in order (as a sheet is read);
    any out of order are sorted in by ``finish``."""

    __slots__ = ("_firsts", "_lasts", "_unsorted")

    def __init__(self) -> None:
        self._firsts: array[int] = array("q")
        self._lasts: array[int] = array("q")
        self._unsorted = False

    def add(self, number: int) -> None:
        lasts = self._lasts
        if lasts:
            last = lasts[-1]
            if number == last + 1:
                lasts[-1] = number
                return
            if number <= last:
                if number >= self._firsts[-1]:
                    return  # in the last run already
                self._unsorted = True
        self._firsts.append(number)
        lasts.append(number)

    def finish(self) -> None:
        """Sort in what came out of order (rows or cells written out of order)."""
        if not self._unsorted:
            return
        numbers = sorted({n for first, last in self.runs() for n in range(first, last + 1)})
        self._firsts, self._lasts, self._unsorted = array("q"), array("q"), False
        for number in numbers:
            self.add(number)

    def runs(self) -> Iterator[tuple[int, int]]:
        return zip(self._firsts, self._lasts, strict=True)

    def any_between(self, low: int, high: int) -> bool:
        """True if a number ``low <= n <= high`` is in the set."""
        index = bisect_right(self._firsts, high) - 1
        return index >= 0 and self._lasts[index] >= low

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.any_between(number, number)

    def __iter__(self) -> Iterator[int]:
        for first, last in self.runs():
            yield from range(first, last + 1)

    def __len__(self) -> int:
        return sum(last - first + 1 for first, last in self.runs())

    def __bool__(self) -> bool:
        return bool(self._firsts)


class CellSet:
    """Cells of a sheet, (row, column): runs of what was read, and a few more added."""

    def __init__(self, runs: Runs | None = None) -> None:
        self.runs = runs or Runs()
        self.extra: set[tuple[int, int]] = set()

    def add(self, cell: tuple[int, int]) -> None:
        self.extra.add(cell)

    def update(self, cells: Iterable[tuple[int, int]]) -> None:
        self.extra.update(cells)

    def __contains__(self, cell: object) -> bool:
        if cell in self.extra:
            return True
        return isinstance(cell, tuple) and cell_key(*cell) in self.runs

    def __iter__(self) -> Iterator[tuple[int, int]]:
        yield from (cell_of(key) for key in self.runs)
        yield from self.extra

    def __len__(self) -> int:
        return len(self.runs) + len(self.extra)

    def any_in(self, top: int, left: int, bottom: int, right: int) -> bool:
        """True if a cell of the block is in the set."""
        if any(top <= r <= bottom and left <= c <= right for r, c in self.extra):
            return True
        return any(
            self.runs.any_between(cell_key(r, left), cell_key(r, right))
            for r in range(top, bottom + 1)
        )

    def last_column(self) -> int:
        """The rightmost column of a cell in the set (0 if none)."""
        columns = [c for _, c in self.extra]
        columns += [cell_of(last)[1] for _, last in self.runs.runs()]
        # a run ends on its rightmost cell unless it wraps a row (a full row): then 16,384
        columns += [MAX_COLUMN for first, last in self.runs.runs() if last >> 14 != first >> 14]
        return max(columns, default=0)


# --- the workbook ---------------------------------------------------------------------------

_MAINS: Final = (MAIN, STRICT_MAIN)


def _tags(*names: str) -> tuple[str, ...]:
    return tuple(f"{{{ns}}}{name}" for name in names for ns in _MAINS)


@dataclass(frozen=True)
class StyleFacts:
    """What a cell's format number tells the reader: plain (looks like format 0),
    bordered (a side drawn), a date or time, a duration."""

    plain: frozenset[int] = frozenset({0})
    bordered: frozenset[int] = frozenset()
    dates: frozenset[int] = frozenset()
    durations: frozenset[int] = frozenset()

    @classmethod
    def of(cls, data: bytes | None) -> StyleFacts:
        if data is None:
            return cls()
        styles = Styles(transitional(data))
        root = styles.root
        main = f"{{{MAIN}}}"
        borders = root.find(f"{main}borders")
        drawn = set()
        for number, border in enumerate(borders if borders is not None else ()):
            if any(
                side.get("style") not in (None, "", "none")
                for side in border
                if etree.QName(side).localname in ("left", "right", "top", "bottom", "start", "end")
            ):
                drawn.add(number)
        custom = {
            int(f.get("numFmtId", "-1")): f.get("formatCode", "")
            for f in root.iterfind(f"{main}numFmts/{main}numFmt")
        }
        bordered, dates, durations = set(), set(), set()
        xfs = root.find(f"{main}cellXfs")
        for index, xf in enumerate(xfs if xfs is not None else ()):
            if _int(xf.get("borderId")) in drawn:
                bordered.add(index)
            number = _int(xf.get("numFmtId"))
            code = custom.get(number, BUILTIN_FORMATS.get(number))
            if is_date_format(code):
                dates.add(index)
            if is_timedelta_format(code):
                durations.add(index)
        return cls(styles.plain(), frozenset(bordered), frozenset(dates), frozenset(durations))


def _int(text: str | None, default: int = 0) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


class SharedStrings:
    """The shared strings table, compact: its text in one buffer, and what each string
    is to the reader (its kind, a puzzle line, a text to keep)."""

    PUZZLE: Final = 4
    KEEP: Final = 8
    EMPTY: Final = 16
    ROW: Final = 32  # a grid's row as one string: "530070000"

    def __init__(self, package: Package, name: str | None, keep: Callable[[str], bool]) -> None:
        self._text = bytearray()
        self._ends: array[int] = array("q")
        self.flags = bytearray()
        if name is None:
            return
        tags = _tags("si")
        t_tags, r_tags = _tags("t"), _tags("r")
        with package.open(name) as stream:
            for _, element in etree.iterparse(
                stream, events=("end",), tag=tags, resolve_entities=False, no_network=True
            ):
                pieces = []
                for child in element:
                    if child.tag in t_tags:
                        pieces.append(child.text or "")
                    elif child.tag in r_tags:
                        for run_text in child:
                            if run_text.tag in t_tags:
                                pieces.append(run_text.text or "")
                text = "".join(pieces).replace("x005F_", "")
                self._text += text.encode("utf-8", "surrogatepass")
                self._ends.append(len(self._text))
                flags = int(_text_kind(text.strip()))
                if is_puzzle_text(text):
                    flags |= self.PUZZLE
                if keep(text):
                    flags |= self.KEEP
                if not text:
                    flags |= self.EMPTY
                if is_row_text(text):
                    flags |= self.ROW
                self.flags.append(flags)
                _clear(element)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, index: int) -> str:
        start = self._ends[index - 1] if index else 0
        return self._text[start : self._ends[index]].decode("utf-8", "surrogatepass")


@dataclass
class Names:
    """The workbook's defined names that apply to the whole workbook: name ->
    destinations ``(sheet, reference)``."""

    destinations: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        return name in self.destinations

    def __getitem__(self, name: str) -> list[tuple[str, str]]:
        return self.destinations[name]


def _nothing(text: str) -> bool:
    return False


@dataclass(frozen=True)
class Keeping:
    """Which values a sheet's read keeps, besides those of its possible grids and lists:
    strings ``text`` accepts wherever they are, every value of ``column`` (a
    ``--column``) and of ``areas`` (``--range``s), or every value (``everything``: a small
    sheet of ours)."""

    text: Callable[[str], bool] = _nothing
    column: int | None = None
    areas: tuple[Area, ...] = ()
    everything: bool = False


class WorkbookScan:
    """A workbook package as batch mode reads it: its sheets' names, its defined names,
    its formats and shared strings, and each worksheet read as a stream (``scan``)."""

    def __init__(self, package: Package) -> None:
        from openpyxl.workbook.defined_name import DefinedName  # noqa: PLC0415

        self.package = package
        name = package.workbook_part
        root = parse(package.read(name), name)
        self.sheetnames = [
            sheet.get("name", "") for sheet in root.iter(*_tags("sheet")) if sheet.get("name")
        ]
        self.worksheets = [n for n in self.sheetnames if n in package.sheet_parts]
        properties = next(root.iter(*_tags("workbookPr")), None)
        date1904 = properties is not None and properties.get("date1904") in ("1", "true")
        self.epoch = CALENDAR_MAC_1904 if date1904 else CALENDAR_WINDOWS_1900
        self.defined_names = Names()
        for element in root.iter(*_tags("definedName")):
            if element.get("localSheetId") is not None or not element.text:
                continue
            try:
                defined = DefinedName(element.get("name", ""), attr_text=element.text)
                destinations = list(defined.destinations)
            except (ValueError, TypeError):  # a name that is not a range: a formula, a value
                continue
            if destinations:
                self.defined_names.destinations[defined.name] = destinations
        rels = package.relationships(name)
        self._parts = {rel_kind(kind): target for kind, target in rels.values()}
        styles = self._parts.get("styles")
        self.styles = StyleFacts.of(
            package.read(styles) if styles and styles in package.names else None
        )
        self._strings: SharedStrings | None = None
        self._template: Workbook | None = None

    def strings(self, keep: Callable[[str], bool]) -> SharedStrings:
        if self._strings is None:
            name = self._parts.get("sharedStrings")
            present = name if name and name in self.package.names else None
            self._strings = SharedStrings(self.package, present, keep)
        return self._strings

    def template(self) -> Workbook:
        """The workbook loaded by openpyxl, for our template's Solve button (a copy of
        ``sudoku.xlsm`` is small)."""
        if self._template is None:
            import io  # noqa: PLC0415
            import warnings  # noqa: PLC0415

            import openpyxl  # noqa: PLC0415

            try:
                with warnings.catch_warnings():  # it only reads: what it would drop is kept
                    warnings.simplefilter("ignore")
                    self._template = openpyxl.load_workbook(io.BytesIO(self.package.data))
            except Exception as error:
                raise PackageError(f"it is damaged ({type(error).__name__}: {error})") from None
        return self._template

    def scan(self, name: str, keeping: Keeping | None = None) -> SheetScan:
        """One worksheet, read as a stream (see the module's text), keeping the values
        ``keeping`` names."""
        try:
            return _SheetReader(self, name, keeping or Keeping()).read()
        except PackageError:
            raise
        except (etree.XMLSyntaxError, ValueError, IndexError) as error:
            part = self.package.sheet_parts.get(name, name)
            raise PackageError(f"it is damaged ({part}: {error})") from None

    def values(self, name: str) -> Cells:
        """Every value of a worksheet (for a sheet known to be small)."""
        return self.scan(name, Keeping(everything=True)).values


# --- one sheet --------------------------------------------------------------------------------


@dataclass
class Window:
    """A 9x9 block that could be a grid: its top-left cell, its digits and typos."""

    top: int
    left: int
    digits: int
    typos: int


@dataclass
class ListColumn:
    """A column holding puzzle strings: its filled rows from the first one on."""

    first: tuple[int, object]  # the first filled cell (row, value): the header, maybe
    filled: int = 0
    puzzles: int = 0
    rows: list[tuple[int, object]] = field(default_factory=list)
    complete: bool = True  # False: filled cells before its first puzzle were not kept


@dataclass
class SheetScan:
    """What one worksheet holds for finding and placing (see the module's text)."""

    title: str
    values: Cells = field(default_factory=dict)
    kinds: dict[tuple[int, int], CellKind] = field(default_factory=dict)  # digits, typos kept
    windows: list[Window] = field(default_factory=list)
    bordered: set[tuple[int, int]] = field(default_factory=set)  # in the windows
    lists: dict[int, ListColumn] = field(default_factory=dict)
    last_row: int = 0  # of the cells that exist (a value or not)
    last_column: int = 0
    # where answers may not go
    taken: CellSet = field(default_factory=CellSet)
    rows: Runs = field(default_factory=Runs)  # formatted rows
    columns: list[tuple[int, int]] = field(default_factory=list)  # formatted columns
    areas: list[Area] = field(default_factory=list)
    protected: bool = False
    # nine cells one below another, each a grid's row as a string or a number ("530070000"):
    # the top row and the column of each (their values are kept)
    stacks: list[tuple[int, int]] = field(default_factory=list)


STACK = 9  # the rows of a grid typed one a cell


@dataclass
class _Stack:
    """A run of row strings in one column, being read: where it starts and its values."""

    top: int
    last: int
    values: list[object]


class _Date(NamedTuple):
    """A number in a date or time format, read as a date only if it is kept (a typo)."""

    text: str
    epoch: datetime.datetime
    duration: bool

    def value(self) -> object:
        return _date(self.text, self.epoch, self.duration)


def _value(found: object) -> object:
    return found.value() if isinstance(found, _Date) else found


class _Row:
    """One row's cells as the grid finder sees them."""

    __slots__ = ("bordered", "digits", "number", "others", "spread", "typo_columns", "typos")

    def __init__(self, number: int) -> None:
        self.number = number
        self.digits: list[tuple[int, object]] = []
        self.typos: list[tuple[int, object]] = []
        self.typo_columns: list[int] = []
        self.others: list[int] = []
        self.bordered: list[int] = []
        self.spread: dict[int, int] = {}  # left column of a 9-wide window -> digits in it

    def finish(self) -> None:
        """Sort what came out of order; count the digits of each 9-wide window that has
        no other value of this row in it (a window with one is no grid, whatever the rows
        above and below hold)."""
        if self.others:
            self.others.sort()
        if self.bordered:
            self.bordered.sort()
        if self.typos:
            if any(a[0] > b[0] for a, b in pairwise(self.typos)):
                self.typos.sort(key=lambda cell: cell[0])
            self.typo_columns = [column for column, _ in self.typos]
        if not self.digits:
            return
        if any(a[0] > b[0] for a, b in pairwise(self.digits)):
            self.digits.sort(key=lambda cell: cell[0])
        spread = self.spread
        others = self.others
        for column, _ in self.digits:
            for left in range(max(1, column - 8), column + 1):
                spread[left] = spread.get(left, 0) + 1
        if others:
            for left in [left for left in spread if _count(others, left)]:
                del spread[left]


def _count(columns: list[int], left: int) -> int:
    return bisect_right(columns, left + 8) - bisect_left(columns, left)


class _Blocks:
    """The 9x9 blocks that could be grids, found nine rows at a time: the rows read last
    are kept until every block they are part of is decided; then only the cells of the
    blocks that could be grids stay."""

    def __init__(self, sheet: SheetScan) -> None:
        self.sheet = sheet
        self.rows: deque[_Row] = deque()
        self.tops: set[int] = set()
        self.chosen: deque[Window] = deque()  # the recent windows, for keeping their cells

    def row(self, row: _Row) -> None:
        """A row was read (rows come in order)."""
        if row.digits or row.typos or row.others or row.bordered:
            row.finish()
            self.rows.append(row)
        if row.spread:
            self.tops.update(range(max(1, row.number - 8), row.number + 1))
        self._decide(row.number - 8)

    def finish(self) -> None:
        self._decide(MAX_ROW + 9)

    def _decide(self, upto: int) -> None:
        """Decide every block whose rows are all read (top <= upto), then let go of the
        rows no undecided block needs."""
        if self.tops:
            for top in sorted(t for t in self.tops if t <= upto):
                self.tops.discard(top)
                self._top(top)
        rows = self.rows
        while rows and rows[0].number <= upto:
            self._let_go(rows.popleft())

    def _top(self, top: int) -> None:
        rows = [row for row in self.rows if top <= row.number <= top + 8]
        sums: dict[int, int] = {}
        for row in rows:
            for left, count in row.spread.items():
                sums[left] = sums.get(left, 0) + count
        for left, digits in sorted(sums.items()):
            if digits < FEW_GIVENS:
                continue
            if any(row.others and _count(row.others, left) for row in rows):
                continue
            typos = sum(_count(row.typo_columns, left) for row in rows if row.typos)
            if typos > MAX_TYPOS:
                continue
            window = Window(top, left, digits, typos)
            self.sheet.windows.append(window)
            self.chosen.append(window)

    def _let_go(self, row: _Row) -> None:
        """Keep what a row holds inside the blocks that could be grids."""
        while self.chosen and self.chosen[0].top + 8 < row.number:
            self.chosen.popleft()
        spans = [(w.left, w.left + 8) for w in self.chosen if w.top <= row.number]
        if not spans:
            return
        sheet = self.sheet
        for cells, found in ((row.digits, DIGIT), (row.typos, TYPO)):
            for column, value in cells:
                if any(low <= column <= high for low, high in spans):
                    sheet.values[(row.number, column)] = _value(value)
                    sheet.kinds[(row.number, column)] = found
        for column in row.bordered:
            if any(low <= column <= high for low, high in spans):
                sheet.bordered.add((row.number, column))


_DIGIT_TEXT: Final = {str(d): (d, DIGIT) for d in range(1, 10)}
_C_TAGS: Final = _tags("c")
_V_TAGS: Final = _tags("v")
_F_TAGS: Final = _tags("f")
_IS_TAGS: Final = _tags("is")
_T_TAGS: Final = _tags("t")
_R_TAGS: Final = _tags("r")


class _SheetReader:
    """Reads one worksheet part into a ``SheetScan``."""

    def __init__(self, book: WorkbookScan, name: str, keeping: Keeping) -> None:
        self.book = book
        self.package = book.package
        self.part = self.package.sheet_parts[name]
        self.sheet = SheetScan(name)
        self.keep = keeping.text
        self.keep_column = keeping.column
        self.keep_areas = keeping.areas
        self.everything = keeping.everything
        self.strings = book.strings(keeping.text)
        self.blocks = _Blocks(self.sheet)
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
        row_tags = _tags("row")
        sqref = "{http://schemas.microsoft.com/office/excel/2006/main}sqref"
        others = (
            *_tags("mergeCell", "conditionalFormatting", "dataValidation", "hyperlink", "col"),
            *_tags("sheetFormatPr", "sheetProtection", "drawing", "legacyDrawing"),
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
                _clear(element)
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
        taken = sheet.taken.runs
        lists = sheet.lists
        c_tags, v_tags, f_tags = _C_TAGS, _V_TAGS, _F_TAGS
        columns_of = self.columns_of
        row = _Row(row_number)
        if element.get("customFormat") in ("1", "true") and _int(element.get("s")) not in plain:
            sheet.rows.add(row_number)
        if row_number <= self.heights_until:
            self._height(element, row_number)
        column = rightmost = 0
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
            rightmost = max(rightmost, column)
            key = (row_number << 14) | (column - 1)
            style_text = cell.get("s")
            style = int(style_text) if style_text else 0
            if style not in plain:
                taken.add(key)
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
                    value, found_kind = _Date(text, self.book.epoch, style in durations), TYPO
                elif digit is not None:
                    value, found_kind = digit
                elif text[0] != "0" and text[:3].isdigit() and "E" not in text and "e" not in text:
                    found_kind, number = OTHER, True  # 100 or more: read if kept
                else:
                    value = _number(text)
                    found_kind = _number_kind(value)
            elif formula is None and data_type == "s" and text:
                bits = flags[int(text)] if int(text) < len(flags) else self._no_string(text)
                if bits & SharedStrings.EMPTY:
                    continue
                found_kind = CellKind(bits & 3)
                puzzle = bool(bits & SharedStrings.PUZZLE)
                kept = bool(bits & SharedStrings.KEEP)
                if bits & SharedStrings.ROW:
                    row_value = self.strings[int(text)]
                if found_kind != OTHER:
                    value = self.strings[int(text)]
                else:
                    shared = True  # read if kept
            else:
                odd = self._odd(cell, style, (row_number, column))
                if odd is None:
                    continue
                value, found_kind, puzzle, kept = odd
                if is_row_text(value):
                    row_value = value
            if row_value is not None or column in self.stacking:
                self._stack(column, row_number, row_value)
            taken.add(key)
            if found_kind == DIGIT:
                row.digits.append((column, value))
            elif found_kind == TYPO:
                row.typos.append((column, value))
            elif found_kind == OTHER:
                row.others.append(column)
            keep_value = (
                kept
                or self.everything
                or column == self.keep_column
                or any(_inside(area, row_number, column) for area in self.keep_areas)
            )
            listed = lists.get(column)
            if not keep_value and listed is not None and not listed.puzzles and not puzzle:
                listed.filled += 1  # a column that holds no puzzle so far: only counted
                continue
            if shared:
                value = self.strings[int(text or 0)]
            elif number:
                value = _number(str(text))
            else:
                value = _value(value)
            if keep_value:
                sheet.values[(row_number, column)] = value
            self._list_cell(lists, (row_number, column), value, puzzle)
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
        for child in cell:
            if child.tag in _V_TAGS:
                text = child.text
            elif child.tag in _F_TAGS:
                formula = child
            elif child.tag in _IS_TAGS:
                inline = child
        data_type = cell.get("t")
        value: object = text
        if formula is not None and not text and data_type != "inlineStr":
            value = self._formula(formula, cell.get("r"), position)
        elif data_type == "inlineStr":
            value = "" if inline is None else _inline_text(inline)
        elif not text:
            return None
        elif (data_type is None or data_type == "n") and style in self.book.styles.dates:
            value = _date(text, self.book.epoch, style in self.book.styles.durations)
        elif data_type is None or data_type == "n":  # a formula's number
            number = _number(text)
            return number, _number_kind(number), False, False
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
        return value, _text_kind(value.strip()), is_puzzle_text(value), self.keep(value)

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
            low, high = _int(element.get("min"), 1), _int(element.get("max"), 1)
            if _int(element.get("style")) not in self.book.styles.plain:
                sheet.columns.append((low, high))
            width = element.get("width")
            if width is not None or element.get("hidden") in ("1", "true"):
                size = 0.0 if element.get("hidden") in ("1", "true") else float(width or 0)
                for number in range(low, min(high, MAX_COLUMN, low + 1024) + 1):
                    self.measures.widths[number] = size
        elif local == "sheetFormatPr":
            self.measures.default_height = float(element.get("defaultRowHeight") or 15)
            width = element.get("defaultColWidth")
            if width is not None:
                self.measures.default_width = float(width)
            elif element.get("baseColWidth") is not None:
                self.measures.default_width = float(element.get("baseColWidth", 8)) + 0.43
        elif local == "sheetProtection":
            sheet.protected = element.get("sheet") in ("1", "true")
        elif local in ("drawing", "legacyDrawing"):
            identifier = element.get(f"{{{REL}}}id", element.get(f"{{{STRICT_REL}}}id", ""))
            (self.drawing_ids if local == "drawing" else self.legacy_ids).append(identifier)


def _clear(element: etree._Element) -> None:
    """Let go of an element read, and of those before it."""
    element.clear()
    parent = element.getparent()
    if parent is not None:
        while element.getprevious() is not None:
            del parent[0]


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


def _number(text: str) -> float:
    """A number as openpyxl reads it: an int unless it has a point or an exponent."""
    try:
        if "." in text or "E" in text or "e" in text:
            return float(text)
        return int(text)
    except ValueError:
        return float(text)


def _date(text: str, epoch: datetime.datetime, duration: bool) -> object:
    """A number in a date or time format, as the date, time or duration it shows."""
    try:
        return from_excel(_number(text), epoch, timedelta=duration)
    except (OverflowError, ValueError):
        return "#VALUE!"


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
            stream, events=("end",), tag=_tags(local), resolve_entities=False, no_network=True
        ):
            yield element
            _clear(element)


def _root_attribute(package: Package, part: str, name: str) -> list[str]:
    root = parse(package.read(part, keep=False), part)
    value = root.get(name)
    return [value] if value else []
