"""Batch mode (edge layer, openpyxl): solve the puzzles in .xlsx and .xlsm files offline.

A file goes through one pipeline (``pipeline.handle_file``), one stage a module::

    open    open.py    refused, locked (--in-place), read with limits; output checked
    find    find.py    its grids (grids.py) and lists, as its sheets stream by (scan.py,
                       sheet_reader.py); what it finds (found.py)
    solve   solve.py   each puzzle solved; its answer recorded as edits (edits.py)
    patch   patch.py   the package written again, only our cells changed (worksheets.py,
                       styles.py; every other part copied byte for byte)
    save    save.py    written atomically; never the input unless --in-place

``run.py`` takes many files through it: jobs, progress, the report, the exit status.
``archive.py`` is the zip package the stages share.
"""
