"""Sudoku Explainer's rating rule for chains (core layer, logic techniques): a step's rating
is its rule's plus 0.1 for each threshold its *complexity* (how many potentials its chains
hold) passes: 4, 6, 8, 12, 16, 24, 32, 48, 64, ... (after the 2 potentials every chain
has).
"""

from __future__ import annotations

from typing import Final


def longest_for(base: int, tenths: int, complexity: int) -> int:
    """The most potentials a hint rated from ``base`` may hold and still come before one
    rated ``tenths`` with ``complexity`` potentials (no limit: 1 << 30)."""
    if tenths >= 1 << 30:
        return 1 << 30
    allowed = tenths - base  # tenths of length bonus
    if allowed < 0:
        return 0
    longest = _MOST_FOR_BONUS[allowed - 1] if allowed > 0 else 0
    if allowed < len(_MOST_FOR_BONUS):
        longest = max(longest, min(complexity, _MOST_FOR_BONUS[allowed]))
    else:
        longest = 1 << 30
    return longest


def length_tenths(complexity: int) -> int:
    """Sudoku Explainer's length bonus, in tenths: one for each threshold passed."""
    length = complexity - 2
    ceiling, odd, added = 4, False, 0
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


def _most_for_bonus(bonuses: int) -> tuple[int, ...]:
    """The most potentials a chain may hold for each length bonus below ``bonuses`` (the
    bonus never falls as a chain grows: one pass)."""
    most = [0] * bonuses
    complexity = 2
    while (bonus := length_tenths(complexity)) < bonuses:
        most[bonus] = complexity
        complexity += 1
    return tuple(most)


#: the most potentials a chain may hold for each length bonus (in tenths): 6, 8, 10, 14, ...
_MOST_FOR_BONUS: Final[tuple[int, ...]] = _most_for_bonus(20)
