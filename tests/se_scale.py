"""Sudoku Explainer's scale read backwards: which families of technique a rating SE
publishes can stand for (SE gives a puzzle's rating, not the technique behind it). Sukaku
Explainer's default ratings; a rating several rules share stands for any of them.
``benchmarks/bench_logic.py`` counts the puzzles whose hardest step is of one of them;
``tests/test_se_scale.py`` holds the table to the catalogue."""

from __future__ import annotations

from typing import Final

from xl_sudoku.core.steps import Family

#: (the ratings, the families each stands for); above 7.5 and below 10, forcing chains
SE_FAMILIES: Final[tuple[tuple[tuple[float, ...], frozenset[Family]], ...]] = tuple(
    (ratings, frozenset(families))
    for ratings, families in (
        ((1.0, 1.2, 1.5, 2.3), {Family.SINGLES}),
        ((1.7, 1.9, 2.6, 2.8), {Family.INTERSECTIONS}),
        ((2.0, 2.5, 3.0, 3.4, 3.6, 5.0), {Family.SUBSETS}),
        ((3.2, 3.8, 5.2), {Family.FISH}),
        ((4.0,), {Family.SUBSETS, Family.SINGLE_DIGIT_CHAINS}),
        ((4.1, 4.3), {Family.SINGLE_DIGIT_CHAINS}),
        ((4.2,), {Family.WINGS, Family.SINGLE_DIGIT_CHAINS}),
        ((4.4,), {Family.WINGS}),
        ((4.5, 4.6, 4.7, 4.8, 4.9), {Family.UNIQUENESS}),
        ((5.4,), {Family.SUBSETS, Family.SINGLE_DIGIT_CHAINS}),
        ((5.5, 5.6), {Family.WINGS, Family.UNIQUENESS, Family.SINGLE_DIGIT_CHAINS}),
        (
            (5.7, 5.8, 5.9, 6.0, 6.1),
            {Family.UNIQUENESS, Family.SINGLE_DIGIT_CHAINS, Family.WINGS},
        ),
        (
            (6.2, 6.3, 6.4),
            {Family.WINGS, Family.EXCLUSION, Family.CHAINS, Family.SINGLE_DIGIT_CHAINS},
        ),
        ((7.5,), {Family.WINGS, Family.EXCLUSION, Family.FORCING_CHAINS}),
    )
)
#: 6.5 to 7.4: the chains' ratings with their length added
LONG_CHAINS: Final = frozenset({Family.CHAINS, Family.SINGLE_DIGIT_CHAINS, Family.WINGS})


def se_families(rating: float) -> frozenset[Family]:
    """The families of technique Sudoku Explainer's rating can stand for."""
    r = round(rating, 1)
    for ratings, families in SE_FAMILIES:
        if r in ratings:
            return families
    if 6.5 <= r <= 7.4:
        return LONG_CHAINS
    return frozenset({Family.FORCING_CHAINS})
