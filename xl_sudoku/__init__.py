"""xl-sudoku: a sudoku solver that lives in Excel, with a pure-Python core and a command line.

Layers, imports pointing down only (``tests/test_layers.py`` checks every rule):

    cli/                    the command line
    excel/  batch/  workbook/    the edges: xlwings, openpyxl files, the workbook builder
    buttons/                what each button does, on any book
    render  latex  puzzles  pictures, print, new puzzles for a click
    paint                   what each work cell shows
    core/                   the use cases, standard library only
    atomic  ooxml           helpers any edge may use (standard library only)
"""

__version__ = "0.1.0"  # the one place: pyproject.toml reads it from here
PROG = "xl-sudoku"  # the program's name, as messages start
