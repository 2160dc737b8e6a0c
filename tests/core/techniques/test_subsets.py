"""Naked and hidden subsets (``techniques/subsets.py``): where each must fire, with the exact
step (worked out by hand from the pattern), and near-misses where it must not.
"""

from __future__ import annotations

import pytest

from tests.core.pencil import Pencil, cells
from tests.core.techniques.cases import (
    Fires,
    Misses,
    candidates,
    check_fires,
    check_misses,
    fires_ids,
    misses_ids,
)
from xl_sudoku.core.techniques.subsets import (
    hidden_pairs,
    hidden_quads,
    hidden_triples,
    naked_pairs,
    naked_quads,
    naked_triples,
)

FIRES: list[Fires] = [
    Fires(
        naked_pairs,
        Pencil().keep("r1c1 r1c2", "47"),
        "Naked Pair 4/7 in row 1 (r1c1, r1c2): removes 4 from r1c3, r1c4, r1c5, r1c6, r1c7, "
        "r1c8, r1c9; 7 from r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9",
        removes=candidates(4, "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9")
        | candidates(7, "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"),
    ),
    Fires(
        hidden_pairs,
        Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c5"),
        "Hidden Pair 1/9 in row 1 (r1c1, r1c5): removes 2 from r1c1, r1c5; 3 from r1c1, r1c5; "
        "4 from r1c1, r1c5; 5 from r1c1, r1c5; 6 from r1c1, r1c5; 7 from r1c1, r1c5; "
        "8 from r1c1, r1c5",
        removes={(c, d) for c in cells("r1c1 r1c5") for d in range(2, 9)},
    ),
    Fires(
        naked_triples,
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "13"),
        "Naked Triple 1/2/3 in row 1 (r1c1, r1c2, r1c3): removes 1 from r1c4, r1c5, r1c6, "
        "r1c7, r1c8, r1c9; 2 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9; 3 from r1c4, r1c5, "
        "r1c6, r1c7, r1c8, r1c9",
        removes={(c, d) for c in cells("r1c4 r1c5 r1c6 r1c7 r1c8 r1c9") for d in (1, 2, 3)},
    ),
    Fires(
        hidden_triples,
        Pencil().only(1, "r1", "r1c1 r1c2").only(2, "r1", "r1c2 r1c3").only(3, "r1", "r1c1 r1c3"),
        "Hidden Triple 1/2/3 in row 1 (r1c1, r1c2, r1c3): removes 4 from r1c1, r1c2, r1c3; "
        "5 from r1c1, r1c2, r1c3; 6 from r1c1, r1c2, r1c3; 7 from r1c1, r1c2, r1c3; "
        "8 from r1c1, r1c2, r1c3; 9 from r1c1, r1c2, r1c3",
        removes={(c, d) for c in cells("r1c1 r1c2 r1c3") for d in range(4, 10)},
    ),
    Fires(
        naked_quads,
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "34").keep("r1c4", "14"),
        "Naked Quad 1/2/3/4 in row 1 (r1c1, r1c2, r1c3, r1c4): removes 1 from r1c5, r1c6, "
        "r1c7, r1c8, r1c9; 2 from r1c5, r1c6, r1c7, r1c8, r1c9; 3 from r1c5, r1c6, r1c7, "
        "r1c8, r1c9; 4 from r1c5, r1c6, r1c7, r1c8, r1c9",
        removes={(c, d) for c in cells("r1c5 r1c6 r1c7 r1c8 r1c9") for d in (1, 2, 3, 4)},
    ),
    Fires(
        hidden_quads,
        Pencil()
        .only(1, "r1", "r1c1 r1c2")
        .only(2, "r1", "r1c2 r1c3")
        .only(3, "r1", "r1c3 r1c4")
        .only(4, "r1", "r1c1 r1c4"),
        "Hidden Quad 1/2/3/4 in row 1 (r1c1, r1c2, r1c3, r1c4): removes 5 from r1c1, r1c2, "
        "r1c3, r1c4; 6 from r1c1, r1c2, r1c3, r1c4; 7 from r1c1, r1c2, r1c3, r1c4; 8 from "
        "r1c1, r1c2, r1c3, r1c4; 9 from r1c1, r1c2, r1c3, r1c4",
        removes={(c, d) for c in cells("r1c1 r1c2 r1c3 r1c4") for d in range(5, 10)},
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    Misses(naked_pairs, Pencil().keep("r1c1", "47").keep("r1c2", "48")),
    Misses(hidden_pairs, Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c6")),
    Misses(naked_triples, Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "14")),
    Misses(
        hidden_triples,
        Pencil().only(1, "r1", "r1c1 r1c2").only(2, "r1", "r1c2 r1c3").only(3, "r1", "r1c1 r1c4"),
    ),
    Misses(
        naked_quads,
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "34").keep("r1c4", "15"),
    ),
    Misses(
        hidden_quads,
        Pencil()
        .only(1, "r1", "r1c1 r1c2")
        .only(2, "r1", "r1c2 r1c3")
        .only(3, "r1", "r1c3 r1c4")
        .only(4, "r1", "r1c1 r1c5"),
    ),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)
