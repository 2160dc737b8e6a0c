"""Sudoku Explainer's direct techniques (``techniques/direct.py``): where each must fire,
with the exact step and rating, on hand-made positions worked out by hand and on real
positions the engine reached on puzzles of the SE-rated set (frozen as SudokuWiki
strings), and near-misses where it must not.
"""

from __future__ import annotations

import pytest

from tests.core.pencil import Pencil
from tests.core.techniques.cases import (
    Fires,
    Misses,
    candidates,
    check_fires,
    check_misses,
    fires_ids,
    misses_ids,
)
from xl_sudoku.core.techniques.direct import (
    direct_claiming,
    direct_hidden_pairs,
    direct_hidden_triples,
    direct_pointing,
)

FIRES: list[Fires] = [
    Fires(
        direct_pointing,
        Pencil().only(3, "b1", "r1c1 r2c1").only(3, "b4", "r5c1 r5c3"),
        "Direct Pointing: in box 1, 3 lies only in column 1 (r1c1, r2c1), "
        "so in box 4, 3 fits only r5c3",
        places=candidates(3, "r5c3"),
        rating=1.7,
    ),
    Fires(
        direct_claiming,
        Pencil().only(3, "c1", "r1c1 r2c1").only(3, "c2", "r1c2 r5c2"),
        "Direct Claiming: in column 1, 3 lies only in box 1 (r1c1, r2c1), "
        "so in column 2, 3 fits only r5c2",
        places=candidates(3, "r5c2"),
        rating=1.9,
    ),
    Fires(
        direct_hidden_pairs,
        Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c5").only(4, "r1", "r1c1 r1c7"),
        "Direct Hidden Pair 1/9 in row 1 (r1c1, r1c5), so in row 1, 4 fits only r1c7",
        places=candidates(4, "r1c7"),
        rating=2.0,
    ),
    Fires(
        direct_hidden_triples,
        Pencil()
        .only(1, "r1", "r1c1 r1c2")
        .only(2, "r1", "r1c2 r1c3")
        .only(3, "r1", "r1c1 r1c3")
        .only(4, "r1", "r1c1 r1c9"),
        "Direct Hidden Triple 1/2/3 in row 1 (r1c1, r1c2, r1c3), so in row 1, 4 fits only r1c9",
        places=candidates(4, "r1c9"),
        rating=2.5,
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


REAL: list[Fires] = [
    # SE 2.5: 57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19
    Fires(
        direct_hidden_triples,
        "11410kgk218002gk098g098kgk0211k021cg21g0030s0c41108k8gc01109mkk4gki0og03020460ng81gg0"
        "8gg3gg10ga03818020541b00802k081k0200h10054g81lg03l4g4600960052050500h088003g1",
        "Direct Hidden Triple 2/5/9 in row 8 (r8c3, r8c5, r8c6), so in row 8, 4 fits only r8c1",
        places=[(63, 4)],
        rating=2.5,
    ),
    # SE 2.6: 4.......7..6.3.2....57.29..85.473.26...8.6.....4.2.3....32.98...68...59..........
    Fires(
        direct_pointing,
        "0hoe06h2p292209a41k2s221h2090g0592920a8a11412005g18q8q8111g00h41090205214e4e4681h2214"
        "g5ghg20420hh2051209d0p0524i09051ig181200i462181080i4211g10ml6km46209id24g4q0u",
        "Direct Pointing: in box 9, 7 lies only in row 9 (r9c7, r9c8), so in box 8, 7 fits "
        "only r8c6",
        places=[(68, 7)],
        rating=1.7,
    ),
    # SE 2.6: .1..5..7...28971..7.9...4.8.........98..4..37...1.2...4.......6.3.....8..26.7.31.
    Fires(
        direct_hidden_pairs,
        "a803882g112gg04104300g0581g1410330084130g12c2e2a0h308104301840a8g0a00g02g18102300h300"
        "4094128400g03a805a0g0100hg0d0188a9a500421020950jk243g5081gg900521hg419g0903gg",
        "Direct Hidden Pair 1/3 in column 6 (r3c6, r7c6), so in column 6, 8 fits only r9c6",
        places=[(77, 8)],
        rating=2.0,
    ),
]


@pytest.mark.parametrize("case", REAL, ids=fires_ids(REAL))
def test_fires_on_a_real_position(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    # the pointing leaves two places in box 4
    Misses(direct_pointing, Pencil().only(3, "b1", "r1c1 r2c1").only(3, "b4", "r5c1 r5c3 r6c3")),
    # the claiming leaves two places in column 2
    Misses(direct_claiming, Pencil().only(3, "c1", "r1c1 r2c1").only(3, "c2", "r1c2 r5c2 r6c2")),
    # a hidden pair that leaves no other digit a single place
    Misses(direct_hidden_pairs, Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c5")),
    Misses(
        direct_hidden_triples,
        Pencil().only(1, "r1", "r1c1 r1c2").only(2, "r1", "r1c2 r1c3").only(3, "r1", "r1c1 r1c3"),
    ),
    # an empty grid: nothing to find
    Misses(direct_pointing, Pencil()),
    Misses(direct_claiming, Pencil()),
    Misses(direct_hidden_pairs, Pencil()),
    Misses(direct_hidden_triples, Pencil()),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)
