"""xl-sudoku: a sudoku solver that lives in Excel, with a pure-Python core and a command line."""

__version__ = "0.1.0"
