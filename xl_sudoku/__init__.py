"""xl-sudoku: a sudoku solver that lives in Excel, with a pure-Python core and a command line.

The package's layers, top to bottom (each a folder or a module of this one). A module
imports from its own layer and from layers below it only, those ``MAY_IMPORT`` in
``tests/test_layers.py`` names for it; that test checks every import, and that this
table and ``MAY_IMPORT`` agree:

    cli/                        the command line; nothing imports it
    excel/ batch/ workbook/     the edges: xlwings, files on disk, the workbook builder;
                                none imports another
    buttons/                    what each button does, on any book
    pictures/ puzzles           pictures and print; a new puzzle for a click
    paint                       what each work cell shows
    core/                       the use cases: the standard library only
    helpers/                    files written whole, OOXML parts, A1 names, the parallel
                                runner: the standard library only

This module (the program's name and version) and ``__main__`` stand outside the table.
"""

__version__ = "0.2.0"  # the one place: pyproject.toml reads it from here
PROG = "xl-sudoku"  # the program's name, as messages start
