"""Cell references as spreadsheets write them, ``B4`` (helpers layer; standard library only).

Columns are named by letters: ``column_letters(28) == "AB"``, ``column_number("AB") == 28``
(1-based, as in A1 references). The one place this arithmetic is written: the buttons,
batch mode, the workbook builder and ``ooxml`` use it, and the Lite workbook's Python
(the core and the buttons) carries it.
"""

from __future__ import annotations

import functools


def column_number(letters: str) -> int:
    """A column's number from its letters (upper case): ``"AB"`` -> 28."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number


@functools.lru_cache(maxsize=4096)
def column_letters(number: int) -> str:
    """A column's letters from its number: 28 -> ``"AB"``."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters
