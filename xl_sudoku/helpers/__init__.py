"""Helpers for the layers above the core (helpers layer; the standard library only):

    atomic    a file written whole or not at all: every file the package writes
    ooxml     the parts of an Office Open XML package (a zip), read and written
    a1        cell references: a column's letters from its number, and back
    runner    many items in worker processes: results in order, a progress line,
              SIGTERM as Ctrl-C, workers that die with their parent

Nothing is imported here, so that each layer loads only the helper it uses.
"""
