"""The xlwings glue (edge layer): what the workbook's buttons, ribbon and formulas run.

Each button's VBA Sub calls ``RunPython "import xl_sudoku.excel as x; x.xl_<verb>()"``;
the entry points live in ``entry_points`` and are re-exported here (what they do lives in
``xl_sudoku.buttons``). The worksheet functions ``SUDOKU_*`` live in ``udfs``, the
module the workbook's ``xlwings.conf`` names. Importing this package does not import
xlwings: that happens when an action asks Excel for its workbook, or on ``import udfs``.
"""

from .entry_points import (
    xl_candidates,
    xl_check,
    xl_check_setup,
    xl_clear,
    xl_count,
    xl_hint,
    xl_new,
    xl_solve,
    xl_step,
    xl_undo,
)

__all__ = [
    "xl_candidates",
    "xl_check",
    "xl_check_setup",
    "xl_clear",
    "xl_count",
    "xl_hint",
    "xl_new",
    "xl_solve",
    "xl_step",
    "xl_undo",
]
