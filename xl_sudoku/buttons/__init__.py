"""The workbook's buttons, on any book that answers like xlwings' (buttons layer).

Above the core and ``paint``, below the edges: the ``excel`` layer runs these on the
book Excel hands to RunPython; batch mode runs ``on_solve`` on a copy of the workbook
opened with openpyxl (``openpyxl_book``), so that a file solved offline looks exactly
as the Solve button would have left it. Nothing here imports xlwings; only
``openpyxl_book`` imports openpyxl.
"""

from .actions import (
    ACTIONS,
    on_candidates,
    on_check,
    on_check_setup,
    on_clear,
    on_count,
    on_hint,
    on_new,
    on_solve,
    on_step,
    on_undo,
)
from .protocol import AppLike, BookLike, RangeLike, SheetLike, SheetsLike

__all__ = [
    "ACTIONS",
    "AppLike",
    "BookLike",
    "RangeLike",
    "SheetLike",
    "SheetsLike",
    "on_candidates",
    "on_check",
    "on_check_setup",
    "on_clear",
    "on_count",
    "on_hint",
    "on_new",
    "on_solve",
    "on_step",
    "on_undo",
]
