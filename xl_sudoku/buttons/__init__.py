"""The workbook's buttons, on any book that answers like xlwings' (buttons layer).

Above the core and ``paint``, below the edges: the ``excel`` layer runs these on the
book Excel hands to RunPython; batch mode runs ``on_solve`` on a copy of the workbook
opened with openpyxl (``openpyxl_book``), so that a file solved offline looks exactly
as the Solve button would have left it. Nothing here imports xlwings; only
``openpyxl_book`` imports openpyxl.

The actions load when first used (PEP 562: the module's ``__getattr__``), and each loads
the logic engine only once its status shows (``actions``): a click's new interpreter
loads no more than its button needs, and loads it after the user sees that it started.
"""

import importlib
from typing import TYPE_CHECKING

from .protocol import AppLike, BookLike, RangeLike, SheetLike, SheetsLike

if TYPE_CHECKING:  # the names loaded when first used (``_LATER``), for the type checkers
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
        show_busy,
    )

#: each name loaded when first used, and its module
_LATER = dict.fromkeys(
    (
        "ACTIONS",
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
        "show_busy",
    ),
    "actions",
)


def __getattr__(name: str) -> object:
    """A name of ``_LATER``, from its module, loaded now (and kept: asked for once)."""
    try:
        module = _LATER[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


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
    "show_busy",
]
