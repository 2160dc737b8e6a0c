"""Every colour xl-sudoku shows, in one table (core layer).

The techniques' colours are the seed VBA's for the basics — magenta naked singles and
full houses, cyan hidden singles, light purple locked candidates and naked subsets,
yellow guesses — and one colour per family beyond them, fish and Franken fish sharing
one, wings and ALS another (each technique's ``Technique``, beside its finder in
``techniques``, names its colour). Then the colours of a step and of the checks, shared by the
workbook, batch mode and the pictures (``paint``); the pictures' inks (``render``); and
the workbook's own chrome (``workbook.layout``). The workbook's legend is drawn from
this table (``paint.LEGEND``).
"""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]

# the techniques, by family
MAGENTA: Final[RGB] = (255, 0, 255)  # full house, naked single
CYAN: Final[RGB] = (0, 255, 255)  # hidden single
LIGHT_PURPLE: Final[RGB] = (204, 153, 255)  # locked candidates, naked subsets
LAVENDER: Final[RGB] = (230, 220, 250)  # hidden subsets
ORANGE: Final[RGB] = (255, 204, 153)  # fish, Franken and Mutant fish
GREEN: Final[RGB] = (198, 239, 206)  # wings, ALS
BLUE: Final[RGB] = (189, 215, 238)  # single-digit chains
PINK: Final[RGB] = (255, 199, 206)  # chains
TAN: Final[RGB] = (226, 208, 170)  # uniqueness
CORAL: Final[RGB] = (244, 176, 132)  # forcing chains
GREY: Final[RGB] = (217, 217, 217)  # aligned exclusion
MINT: Final[RGB] = (204, 236, 224)  # templates
YELLOW: Final[RGB] = (255, 255, 0)  # guesses

# a step, and the checks
REMOVED: Final[RGB] = (255, 150, 150)  # a cell that loses candidates in a step
ALTERNATE: Final[RGB] = (255, 230, 153)  # the other side of a chain or colouring
WRONG: Final[RGB] = (255, 80, 80)  # an entry that disagrees with the solution
ERROR: Final[RGB] = WRONG  # a given an error message names; a repeated given as typed

# the pictures' inks
INK: Final[RGB] = (0, 0, 0)  # givens, thick lines
FOUND: Final[RGB] = (24, 56, 140)  # digits placed since the givens
MARK: Final[RGB] = (90, 90, 90)  # pencil marks
STRUCK: Final[RGB] = (200, 0, 0)  # a candidate the step removes
THIN_LINE: Final[RGB] = (150, 150, 150)

# the workbook's own chrome
NAVY: Final[RGB] = (0x1F, 0x38, 0x64)  # titles, messages, formulas shown
DARK_GREY: Final[RGB] = (0x59, 0x59, 0x59)  # notes
PALE_BLUE: Final[RGB] = (0xD9, 0xE1, 0xF2)  # table headers
WHITE: Final[RGB] = (255, 255, 255)


#: every fill a grid shows, numbered by its place (code 1 is the first; 0 is no fill): the
#: buttons write a cell's code as a value into the hidden block beside its grid, and the
#: workbook's conditional formats turn each code into its fill. Append only: a workbook
#: built before keeps its rules.
FILLS: Final[tuple[RGB, ...]] = (
    MAGENTA,
    CYAN,
    LIGHT_PURPLE,
    LAVENDER,
    ORANGE,
    GREEN,
    BLUE,
    PINK,
    TAN,
    CORAL,
    GREY,
    MINT,
    YELLOW,
    REMOVED,
    ALTERNATE,
    WRONG,
)


def fill_code(colour: RGB | None) -> int:
    """A fill's code (``FILLS``); 0 for no fill. ValueError for a colour not there."""
    return 0 if colour is None else FILLS.index(colour) + 1


def hex_code(colour: RGB) -> str:
    """``FF00FF``: a colour as openpyxl and (with a ``#``) XlsxWriter and SVG write it."""
    return "{:02X}{:02X}{:02X}".format(*colour)
