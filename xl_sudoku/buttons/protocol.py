"""The few xlwings objects the glue uses, as protocols (edge layer).

The entry points touch xlwings through these members only, so a recording stand-in
can run them without Excel (tests/excel). A *call* is one property read or write or one
method on a ``Range`` or on the ``App``: each crosses into Excel. (Creating the Range or
Sheet object is one more COM round trip on Windows; the stand-in counts those apart.)
"""

from __future__ import annotations

from typing import Any, Protocol


class RangeLike(Protocol):
    value: Any
    color: Any

    @property
    def address(self) -> str: ...

    def clear_contents(self) -> Any: ...

    def options(self, **options: Any) -> RangeLike:
        """The same range, read with xlwings' options (``err_to_str=True``: a cell
        holding an error reads as its text, ``#N/A``, not as an empty cell)."""
        ...


class SheetLike(Protocol):
    def range(self, cell1: str) -> RangeLike: ...


class SheetsLike(Protocol):
    def __getitem__(self, name: str) -> SheetLike: ...


class AppLike(Protocol):
    status_bar: Any


class BookLike(Protocol):
    @property
    def sheets(self) -> SheetsLike: ...

    @property
    def app(self) -> AppLike: ...
