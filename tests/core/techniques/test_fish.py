"""Fish (``techniques/fish.py``): X-Wings, Swordfish, Jellyfish and HoDoKu's finned and
sashimi fish: where each must fire, with the exact step, and near-misses where it must
not.
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
from xl_sudoku.core.techniques.fish import (
    finned_jellyfish,
    finned_swordfish,
    finned_x_wings,
    jellyfish,
    sashimi_jellyfish,
    sashimi_swordfish,
    sashimi_x_wings,
    swordfish,
    x_wings,
)

FIRES: list[Fires] = [
    Fires(
        x_wings,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c8"),
        "X-Wing 5 in rows 2, 7 (columns 3, 8): removes 5 from r1c3, r1c8, r3c3, r3c8, r4c3, "
        "r4c8, r5c3, r5c8, r6c3, r6c8, r8c3, r8c8, r9c3, r9c8",
        removes=candidates(5, "c3 c8") - candidates(5, "r2c3 r2c8 r7c3 r7c8"),
    ),
    Fires(
        swordfish,
        Pencil().only(5, "r1", "r1c1 r1c4").only(5, "r4", "r4c4 r4c7").only(5, "r7", "r7c1 r7c7"),
        "Swordfish 5 in rows 1, 4, 7 (columns 1, 4, 7): removes 5 from r2c1, r2c4, r2c7, "
        "r3c1, r3c4, r3c7, r5c1, r5c4, r5c7, r6c1, r6c4, r6c7, r8c1, r8c4, r8c7, r9c1, "
        "r9c4, r9c7",
        removes=candidates(5, "c1 c4 c7") - candidates(5, "r1 r4 r7"),
    ),
    Fires(
        jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c7"),
        "Jellyfish 5 in rows 1, 3, 5, 7 (columns 1, 3, 5, 7): removes 5 from r2c1, r2c3, "
        "r2c5, r2c7, r4c1, r4c3, r4c5, r4c7, r6c1, r6c3, r6c5, r6c7, r8c1, r8c3, r8c5, "
        "r8c7, r9c1, r9c3, r9c5, r9c7",
        removes=candidates(5, "c1 c3 c5 c7") - candidates(5, "r1 r3 r5 r7"),
    ),
    Fires(
        finned_x_wings,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c8 r7c9"),
        "Finned X-Wing 5 in rows 2, 7 (columns 3, 8), fins r7c7, r7c9: removes 5 from r8c8, r9c8",
        removes=candidates(5, "r8c8 r9c8"),
        rating=4.3,
    ),
    Fires(
        sashimi_x_wings,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c9"),
        "Sashimi X-Wing 5 in rows 2, 7 (columns 3, 8), fins r7c7, r7c9: removes 5 from r8c8, r9c8",
        removes=candidates(5, "r8c8 r9c8"),
        rating=4.3,
    ),
    Fires(
        finned_swordfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c4")
        .only(5, "r4", "r4c4 r4c7")
        .only(5, "r7", "r7c1 r7c7 r7c8"),
        "Finned Swordfish 5 in rows 1, 4, 7 (columns 1, 4, 7), fin r7c8: removes 5 from r8c7, r9c7",
        removes=candidates(5, "r8c7 r9c7"),
        rating=5.7,
    ),
    Fires(
        sashimi_swordfish,
        Pencil().only(5, "r1", "r1c1 r1c4").only(5, "r4", "r4c4 r4c7").only(5, "r7", "r7c1 r7c8"),
        # two sashimi: over columns 1, 4, 7 with fin r7c8, and this one, found first (box 6)
        "Sashimi Swordfish 5 in rows 1, 4, 7 (columns 1, 4, 8), fin r4c7: "
        "removes 5 from r5c8, r6c8",
        removes=candidates(5, "r5c8 r6c8"),
        rating=5.7,
    ),
    Fires(
        finned_jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c7 r7c8"),
        "Finned Jellyfish 5 in rows 1, 3, 5, 7 (columns 1, 3, 5, 7), fin r7c8: "
        "removes 5 from r8c7, r9c7",
        removes=candidates(5, "r8c7 r9c7"),
        rating=6.1,
    ),
    Fires(
        # the same position: without its fins r1c3 and r3c3, row 1 keeps one place
        sashimi_jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c7 r7c8"),
        "Sashimi Jellyfish 5 in rows 1, 3, 5, 7 (columns 1, 5, 7, 8), fins r1c3, r3c3: "
        "removes 5 from r2c1",
        removes=candidates(5, "r2c1"),
        rating=6.1,
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


REAL: list[Fires] = [
    # SE 6.2: 5..2.8..9............365.....2.4.9...65...74.7..9.6..82...7...4..14.26....9...8..
    Fires(
        finned_swordfish,
        "110o400502810o20g120048840g00g1a921a02g08g0921110kc444888a05120h40g11a20g02111828c0a4"
        "10h0e410q0og11c21161e810598209241g01a1a0h88d8030h980521g0580g58g120180a81565e",
        "Finned Swordfish 3 in rows 1, 4, 7 (columns 2, 7, 8), fin r4c1: removes 3 from r6c2",
        removes=[(46, 3)],
        rating=5.7,
    ),
    # SE 7.5: ..18....5....6......954.73.3.....2.8.2..7..5.1.5.....7.47.325......8....5....46..
    Fires(
        sashimi_swordfish,
        "6k280381g4k8gg2k114k100s0c21k880gmgma4a0g1110h0241092409402g0210i005ig81qg05ag0o41q80"
        "211io03q0110sg4q8goig41q00h41i0090511o2g2i4022cm08110gokkgs11o88ck0020h21c40c",
        "Sashimi Swordfish 9 in columns 2, 5, 7 (rows 1, 6, 8), fin r9c2: removes 9 from r8c1",
        removes=[(63, 9)],
        rating=5.7,
    ),
    # SE 7.7: .4.7.3.6.5.8...4.3....5......5...6..4..3.1..9..7...3..7...6...5.6.5.4.9....137...
    Fires(
        finned_jellyfish,
        "g60hg641o60910218611k681g4g6200h4609204e0e0g1184g0c6c60eoe11o4sko421c64m0h842009c403c"
        "410g1o6o64120ok1009868m41860go421o48608118e210e11840hc6g1c4o410g4030941840g20",
        "Finned Jellyfish 8 in rows 1, 5, 8, 9 (columns 1, 5, 7, 9), fin r5c2: removes 8 from r6c1",
        removes=[(45, 8)],
        rating=6.1,
    ),
]


@pytest.mark.parametrize("case", REAL, ids=fires_ids(REAL))
def test_fires_on_a_real_position(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    Misses(x_wings, Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c9")),
    Misses(
        swordfish,
        Pencil().only(5, "r1", "r1c1 r1c4").only(5, "r4", "r4c4 r4c7").only(5, "r7", "r7c1 r7c8"),
    ),
    Misses(
        jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c8"),
    ),
    # fins in two boxes
    Misses(
        finned_x_wings, Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c5 r7c8 r7c9")
    ),
    # finned, not sashimi: each base row keeps two places in the cover
    Misses(
        sashimi_x_wings, Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c8 r7c9")
    ),
    Misses(
        finned_swordfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c4")
        .only(5, "r4", "r4c4 r4c7 r4c8")
        .only(5, "r7", "r7c1 r7c2 r7c7"),
    ),
    Misses(
        sashimi_swordfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c4")
        .only(5, "r4", "r4c4 r4c7")
        .only(5, "r7", "r7c1 r7c7 r7c8"),
    ),
    Misses(
        finned_jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c4 r7c7 r7c8"),
    ),
    Misses(
        sashimi_jellyfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c3")
        .only(5, "r3", "r3c3 r3c5")
        .only(5, "r5", "r5c5 r5c7")
        .only(5, "r7", "r7c1 r7c7"),
    ),
    # an empty grid: nothing to find
    Misses(finned_x_wings, Pencil()),
    Misses(sashimi_x_wings, Pencil()),
    Misses(finned_swordfish, Pencil()),
    Misses(sashimi_swordfish, Pencil()),
    Misses(finned_jellyfish, Pencil()),
    Misses(sashimi_jellyfish, Pencil()),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


def test_every_finned_fish_of_a_digit() -> None:
    # two finned X-Wings of 3, the second once hidden behind the first (one a digit)
    position = (
        Pencil()
        .only(3, "r1", "r1c2 r1c7 r1c3")
        .only(3, "r5", "r5c2 r5c7")
        .only(3, "r8", "r8c4 r8c9 r8c8")
        .only(3, "r4", "r4c4 r4c9")
    )
    assert [s.explanation for s in finned_x_wings(position.board())] == [
        "Finned X-Wing 3 in rows 1, 5 (columns 2, 7), fin r1c3: removes 3 from r2c2, r3c2",
        "Finned X-Wing 3 in rows 4, 8 (columns 4, 9), fin r8c8: removes 3 from r7c9, r9c9",
    ]
