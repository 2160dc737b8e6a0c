"""A workbook package as batch mode reads it (batch layer): its sheets' names, its
defined names, its formats and shared strings, and each worksheet read as a stream
(``WorkbookScan.scan``: see ``sheet_reader``). ``open`` makes one; ``find`` and
``solve`` read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lxml import etree
from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900

from .archive import Package, PackageError, parse, rel_kind
from .book_parts import SharedStrings, StyleFacts, main_tags
from .cells import Cells, Keeping, SheetScan
from .sheet_reader import SheetReader

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook


@dataclass
class Names:
    """The workbook's defined names that apply to the whole workbook: name ->
    destinations ``(sheet, reference)``."""

    destinations: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        return name in self.destinations

    def __getitem__(self, name: str) -> list[tuple[str, str]]:
        return self.destinations[name]


class WorkbookScan:
    """A workbook package as batch mode reads it: its sheets' names, its defined names,
    its formats and shared strings, and each worksheet read as a stream (``scan``)."""

    def __init__(self, package: Package) -> None:
        from openpyxl.workbook.defined_name import DefinedName  # noqa: PLC0415

        self.package = package
        name = package.workbook_part
        root = parse(package.read(name), name)
        self.sheetnames = [
            sheet.get("name", "") for sheet in root.iter(*main_tags("sheet")) if sheet.get("name")
        ]
        self.worksheets = [n for n in self.sheetnames if n in package.sheet_parts]
        properties = next(root.iter(*main_tags("workbookPr")), None)
        date1904 = properties is not None and properties.get("date1904") in ("1", "true")
        self.epoch = CALENDAR_MAC_1904 if date1904 else CALENDAR_WINDOWS_1900
        self.defined_names = Names()
        for element in root.iter(*main_tags("definedName")):
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
        """One worksheet, read as a stream (see ``sheet_reader``), keeping the values
        ``keeping`` names."""
        try:
            return SheetReader(self, name, keeping or Keeping()).read()
        except PackageError:
            raise
        except (etree.XMLSyntaxError, ValueError, IndexError) as error:
            part = self.package.sheet_parts.get(name, name)
            raise PackageError(f"it is damaged ({part}: {error})") from None

    def values(self, name: str) -> Cells:
        """Every value of a worksheet (for a sheet known to be small)."""
        return self.scan(name, Keeping(everything=True)).values
