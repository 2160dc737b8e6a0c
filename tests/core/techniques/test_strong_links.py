"""Sukaku Explainer's strong-linked fishes (``techniques/strong_links.py``): Skyscrapers,
kites, Turbot Fish, Empty Rectangles, X-Chains; where each must fire (exact step and
rating, hand-made and real positions), where it must not, and Sukaku's ratings on the
SE-rated set.
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
from tests.puzzles import DATA
from xl_sudoku.core.rating import rate
from xl_sudoku.core.techniques.strong_links import (
    empty_rectangles,
    grouped_turbot_fish,
    skyscrapers,
    turbot_fish,
    two_string_kites,
    x_chains_3,
    x_chains_4,
)

FIRES: list[Fires] = [
    Fires(
        skyscrapers,
        Pencil().only(3, "r1", "r1c1 r1c5").only(3, "r6", "r6c1 r6c6"),
        "Skyscraper 3 in row 1 and row 6, base r1c1, r6c1, tops r1c5, r6c6: "
        "removes 3 from r2c6, r3c6, r4c5, r5c5",
        removes=candidates(3, "r2c6 r3c6 r4c5 r5c5"),
        rating=4.0,
    ),
    Fires(
        two_string_kites,
        Pencil().only(3, "r1", "r1c2 r1c7").only(3, "c1", "r3c1 r8c1"),
        "2-String Kite 3 in row 1 and column 1, joined in box 1, ends r1c7, r8c1: "
        "removes 3 from r8c7",
        removes=candidates(3, "r8c7"),
        rating=4.1,
    ),
    Fires(
        # a box's two places and a column's, joined in row 2: Sukaku rates it as a Kite
        turbot_fish,
        Pencil().only(3, "b1", "r1c1 r2c3").only(3, "c7", "r2c7 r8c7"),
        "Turbot Fish 3: r1c1 = r2c3 - r2c7 = r8c7: one end is 3, removes 3 from r8c1",
        removes=candidates(3, "r8c1"),
        rating=4.1,
    ),
    Fires(
        empty_rectangles,
        Pencil().only(7, "b4", "r4c2 r5c1 r5c3 r6c2").only(7, "r8", "r8c2 r8c7"),
        "Empty Rectangle 7 in box 4 (r4c2, r5c1, r5c3, r6c2): its 7s lie in row 5 and "
        "column 2, and r8c2 = r8c7 is a conjugate pair in row 8: removes 7 from r5c7",
        removes=candidates(7, "r5c7"),
        rating=4.3,
    ),
    Fires(
        # a finned X-Wing is a grouped Skyscraper: row 7's 5s lie in boxes 7 and 9
        grouped_turbot_fish,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c8 r7c9"),
        "Grouped Turbot Fish 5: r2c8 = r2c3 - r7c3 = r7c789: one end is 5, "
        "removes 5 from r8c8, r9c8",
        removes=candidates(5, "r8c8 r9c8"),
        rating=4.3,
    ),
    Fires(
        x_chains_3,
        Pencil().only(3, "r1", "r1c1 r1c4").only(3, "r5", "r5c4 r5c8").only(3, "r9", "r9c2 r9c8"),
        "X-Chain 3 (3 strong links): r1c1 = r1c4 - r5c4 = r5c8 - r9c8 = r9c2: one end is 3, "
        "removes 3 from r2c2, r3c2, r7c1, r8c1",
        removes=candidates(3, "r2c2 r3c2 r7c1 r8c1"),
        rating=5.4,
    ),
    Fires(
        x_chains_4,
        Pencil()
        .only(3, "r1", "r1c1 r1c4")
        .only(3, "r4", "r4c4 r4c7")
        .only(3, "r6", "r6c7 r6c9")
        .only(3, "r8", "r8c9 r8c3"),
        "X-Chain 3 (4 strong links): r1c1 = r1c4 - r4c4 = r4c7 - r6c7 = r6c9 - r8c9 = r8c3: "
        "one end is 3, removes 3 from r2c3, r3c3, r7c1, r9c1",
        removes=candidates(3, "r2c3 r3c3 r7c1 r9c1"),
        rating=5.8,
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


REAL: list[Fires] = [
    # SE 4.0: .8....7...3.67..486.5...2......8..7..4.5.9.8..5..2......8...4.176..94.2...1....9.
    Fires(
        skyscrapers,
        "g2810ggc0a0e411020g609g4214110g20h81214011o00g82050ag8gc02i40o81281041gs0c0h401122g12"
        "2810c8011i04o056aia2ago10g0814428440h280341210802g10h8005100g04038810a828g140",
        "Skyscraper 6 in row 5 and row 9, base r5c7, r9c7, tops r5c5, r9c6: removes 6 from "
        "r4c6, r6c6, r7c5",
        removes=[(32, 6), (50, 6), (58, 6)],
        rating=4.0,
    ),
    # SE 4.1: 3...5...7.1.7.2.9.....8....9.83.51.2.32...64...5...3...9.5.7.3.7.......6...2.6...
    Fires(
        turbot_fish,
        "09akg02i110i8k2641bg032g412o059gg18o3k3k40ii81g81k260qg12g81092g11034005020905o040o02"
        "10h102g40112i040i0980g0akg12i110i418k098g41140i8g0q88g014219g9g0805g02140128i",
        "Turbot Fish 2: r8c8 = r7c7 - r7c1 = r3c1: one end is 2, removes 2 from r3c8",
        removes=[(25, 2)],
        rating=4.1,
    ),
    # SE 4.1: ........6.6.57....2.93.47....7....383..457..951....4....16.52.4....82.5.9........
    Fires(
        two_string_kites,
        "400o10o606o2o8gg2102210o1141o0o8gk0c0580g109200h4102100gg0410606201009810904800h11410"
        "220g1110320o0g8o80h444480480321g81105k00h204o0ok28105g8114ag11004420g0a20804a",
        "2-String Kite 3 in row 1 and column 3, joined in box 1, ends r1c7, r8c3: removes 3 "
        "from r8c7",
        removes=[(69, 3)],
        rating=4.1,
    ),
    # SE 4.3: 2......568.........4.62....5.248....1.......5....953.8....46.7.........347......1
    Fires(
        empty_rectangles,
        "05ga40oa0a0go2112181ga20la5akak6ge0gg80h102105sas2oak011g8050h814am2i2k00380g84c204ck"
        "kgk1140200g06g111090681g810oaoa0h21o041042004o2t252s2pgog090h41o8pc18ocr0q003",
        "Empty Rectangle 3 in box 1 (r1c2, r2c2, r3c1): its 3s lie in row 3 and column 2, and "
        "r4c2 = r4c6 is a conjugate pair in row 4: removes 3 from r3c6",
        removes=[(23, 3)],
        rating=4.3,
    ),
    # SE 4.3: ..7...6...4..2..5.15.....794.......5.85...36.31.2.7.98.68...94....6.4.......8....
    Fires(
        grouped_turbot_fish,
        "80g441hagaha210c0g200hg84005o882110a03110c8o2oa88441g10hk4g48828a8440211448111gigig20"
        "921440903200510410gg1815421811a4a1eg10h4el44c0221k80h54804cl44c0gha81he560c20",
        "Grouped Turbot Fish 7: r4c2 = r4c7 - r9c7 = r9c12: one end is 7, removes 7 from r8c2",
        removes=[(64, 7)],
        rating=4.3,
    ),
    # SE 5.4: 2...81..9.8.7...2...15..8..6.....79.5.......8.39.....2..7..65...9...3.4.3..84...1
    Fires(
        x_chains_3,
        "057g3o2o81030o78g1gg81384128gg020530kg6g0311icgk81686g210m800s1e1k41g11g11460kikm6k42"
        "o0a814209g12g52802g12050i0i41g4g42111800880g130025009040h60093434810h50g06003",
        "X-Chain 5 (3 strong links): r2c9 = r2c3 - r8c3 = r8c5 - r6c5 = r6c8: one end is 5, "
        "removes 5 from r1c8, r4c9",
        removes=[(7, 5), (35, 5)],
        rating=5.4,
    ),
    # SE 5.5 (WXYZ-Wing, which we lack here):
    # ..7...1...1..8..3.4.9..16.2..8.3.....7.148.9.....2.8..5.42..3.8.2..9..5...6...2..
    Fires(
        x_chains_4,
        "8cb841jo30js038g1g2403147g817kg0095g0h98g158500321c005i23g81n009n04g046i2c410c030h811"
        "0g128ga3o1an005n0816g6q11g00h056260096281ca050aeog16o4g116gc88821do525o054ig0",
        "X-Chain 6 (4 strong links, a loop): r1c2 = r2c1 - r5c1 = r5c9 - r8c9 = r7c8 - r7c5 = "
        "r1c5 - r1c2: each weak link holds it once, removes 6 from r1c4, r1c6, r4c1, r4c9, "
        "r6c9, r7c6",
        removes=[(3, 6), (5, 6), (27, 6), (35, 6), (53, 6), (59, 6)],
        rating=6.0,
    ),
]


@pytest.mark.parametrize("case", REAL, ids=fires_ids(REAL))
def test_fires_on_a_real_position(case: Fires) -> None:
    check_fires(case)


MISSES: list[Misses] = [
    # two rows with two places each, but no column in common
    Misses(skyscrapers, Pencil().only(3, "r1", "r1c1 r1c5").only(3, "r6", "r6c2 r6c6")),
    # a row and a column whose ends do not meet in a box
    Misses(two_string_kites, Pencil().only(3, "r1", "r1c2 r1c7").only(3, "c1", "r4c1 r8c1")),
    Misses(turbot_fish, Pencil().only(3, "b1", "r1c1 r2c3").only(3, "c7", "r3c7 r8c7")),
    # the box's places are on a diagonal: no row and column hold them all
    Misses(empty_rectangles, Pencil().only(7, "b4", "r4c1 r5c2 r6c3").only(7, "r8", "r8c2 r8c7")),
    # row 7's places lie in three boxes: no grouped link
    Misses(
        grouped_turbot_fish, Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c5 r7c8")
    ),
    Misses(
        x_chains_3,
        Pencil().only(3, "r1", "r1c1 r1c4").only(3, "r5", "r5c4 r5c8").only(3, "r9", "r9c3 r9c7"),
    ),
    Misses(
        x_chains_4,
        Pencil()
        .only(3, "r1", "r1c1 r1c4")
        .only(3, "r4", "r4c4 r4c7")
        .only(3, "r6", "r6c7 r6c9")
        .only(3, "r8", "r8c8 r8c3"),
    ),
    # an empty grid: nothing to find
    Misses(skyscrapers, Pencil()),
    Misses(two_string_kites, Pencil()),
    Misses(turbot_fish, Pencil()),
    Misses(empty_rectangles, Pencil()),
    Misses(grouped_turbot_fish, Pencil()),
    Misses(x_chains_3, Pencil()),
    Misses(x_chains_4, Pencil()),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


def se_rated(rating: float, count: int) -> list[str]:
    out: list[str] = []
    for line in (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines():
        puzzle, se = line.split()[:2]
        if float(se) == rating and len(out) < count:
            out.append(puzzle)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("rating", [2.5, 4.0, 4.1, 4.3, 5.4])
def test_ratings_agree_with_sukaku(rating: float) -> None:
    """Where the hardest step is one of these techniques, the rating is Sukaku's."""
    for puzzle in se_rated(rating, 12):
        assert rate(puzzle).value == rating, puzzle
