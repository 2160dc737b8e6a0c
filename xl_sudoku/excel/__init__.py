"""The xlwings glue (edge layer): what the workbook's buttons and ribbon run.

Each button's VBA Sub calls ``RunPython "import xl_sudoku.excel as x; x.xl_<verb>()"``;
the entry points live in ``actions`` and are re-exported here. Importing this package
does not import xlwings: that happens when an action asks Excel for its workbook.
"""

from .actions import (
    xl_candidates,
    xl_check,
    xl_clear,
    xl_count,
    xl_hint,
    xl_new,
    xl_solve,
    xl_step,
)

__all__ = [
    "xl_candidates",
    "xl_check",
    "xl_clear",
    "xl_count",
    "xl_hint",
    "xl_new",
    "xl_solve",
    "xl_step",
]
