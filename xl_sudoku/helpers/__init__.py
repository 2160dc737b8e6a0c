"""Helpers for the layers above the core (helpers layer; the standard library only):

    atomic    a file written whole or not at all: every file the package writes
    ooxml     the parts of an Office Open XML package (a zip), read and written
    a1        cell references: a column's letters from its number, and back

Nothing is imported here, so that each layer loads only the helper it uses.
"""
