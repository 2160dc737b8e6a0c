"""Batch mode (edge layer, openpyxl): solve the puzzles in .xlsx and .xlsm files offline."""
