"""Uniqueness techniques (core layer, logic techniques).

Every technique here assumes the puzzle has exactly one solution; the engine uses them
only once ``count_solutions`` has proved it. Each avoids a *deadly pattern*: a set of
cells whose digits could be swapped without breaking a rule, which would give a second
solution.

Sudoku Explainer's rule "Unique Rectangle / Loop" (Sukaku Explainer's
``UniqueLoops.java``): two digits x/y in a loop of 4, 6, 8, ... cells, consecutive cells
sharing a house, every house holding none of the loop's cells or two of them (one at an
even place, one at an odd place). If every cell of such a loop held just x/y, x and y
could be swapped around it: so the cells with more candidates ("extra" cells) keep the
puzzle unique, and one of them takes an extra digit. Types 1-4 by what the extra cells
hold; a 4-cell loop is a Unique Rectangle. Ratings as SE: 4.5 for a rectangle, 4.6 for
a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3 adds 0.1 per digit of its naked set
beyond the first (a pair: 0.1), or per digit of its hidden set beyond the second (a
pair: nothing). SE sorts the rule's steps by rating, then type, then as its search met
them; ``unique_loop_steps`` gives them in that order, and the rule's techniques form one
group whose finder yields them so. On 6,000 positions from real puzzles, the first step
here and Sukaku Explainer's first hint of the rule were the same (eliminations
included), and so for the BUG rule on 3,000.

Sudoku Explainer's rule "Bivalue Universal Grave" (``BivalueUniversalGrave.java``):
every open cell with two candidates, and every digit with two places or none in every
house, is a BUG, a deadly pattern. The cells with more candidates ("BUG cells") and the
digits that break the count in their houses ("BUG digits"): at least one BUG cell holds
its BUG digit. Type 1 (BUG+1): one BUG cell, which keeps only its BUG digits, 5.6. Type
2: one BUG digit: it leaves every cell that sees all BUG cells, 5.7. Type 4: two BUG
cells in a house that share one other digit, 5.7. Type 3: the BUG digits act as one cell
of a naked set in a house the BUG cells share, 5.7 + 0.1 per digit of the set beyond the
first. SE tries them in the order 1, 2, 4, 3 and takes the first step found.

HoDoKu's further rectangles, which SE does not have (ratings proposed on SE's scale):
Unique Rectangle Type 5 (two diagonal or three cells of a rectangle with the same one
extra digit) is SE's type 2 and rated so; Type 6 (two diagonal cells x/y, and x only in
the rectangle in both its rows or both its columns), Hidden Unique Rectangle (one corner
x/y, and x only in the rectangle in the row and the column of the opposite corner), and
Avoidable Rectangles, which need to know the givens (``Board.givens``): a deadly pattern
made of digits the solver placed (no givens) is as impossible as one of candidates.
They come last in the engine's order: placed right after SE's rule, they stood in for
harder steps SE takes and rated the SE-rated set lower than SE (exact agreement on
SE 4.4-6.2: 755 of 1,228 right after the rule, 763 without them; above 6.2, on every
8th puzzle: 220 of 323 against 229).

The modules: ``patterns`` (what the three share), ``loops`` (SE's rule), ``bug`` (SE's
BUG rule), ``rectangles`` (HoDoKu's).
"""

from .bug import bug_plus_one, bug_type_2, bug_type_3, bug_type_4
from .loops import loop_rating, unique_loop_steps, unique_rectangles_and_loops
from .rectangles import (
    RECTANGLES,
    avoidable_rectangles,
    avoidable_rectangles_2,
    hidden_unique_rectangles,
    unique_rectangles_6,
    unique_rectangles_missing,
)

__all__ = [
    "RECTANGLES",
    "avoidable_rectangles",
    "avoidable_rectangles_2",
    "bug_plus_one",
    "bug_type_2",
    "bug_type_3",
    "bug_type_4",
    "hidden_unique_rectangles",
    "loop_rating",
    "unique_loop_steps",
    "unique_rectangles_6",
    "unique_rectangles_and_loops",
    "unique_rectangles_missing",
]
