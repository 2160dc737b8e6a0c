"""Sudoku Explainer's direct techniques, Sukaku's strong-linked fishes and HoDoKu's finned
fish: where each must fire (exact step), where it must not, real positions, Sukaku's
ratings on the SE-rated set, and a soundness sweep of these finders alone.

Hand-made positions were worked out by hand from the pattern; real positions were
reached by the engine on puzzles of the SE-rated set and frozen as SudokuWiki strings.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

from tests.core.pencil import Pencil, cells
from tests.core.techniques.cases import (
    Fires,
    Misses,
    check_fires,
    check_misses,
    fires_ids,
    misses_ids,
)
from tests.puzzles import DATA, load
from xl_sudoku.core import Grid, solve
from xl_sudoku.core.board import Board
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.rating import rate
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques.direct import (
    direct_claiming,
    direct_hidden_pairs,
    direct_hidden_triples,
    direct_pointing,
)
from xl_sudoku.core.techniques.fish import (
    finned_jellyfish,
    finned_swordfish,
    finned_x_wings,
    sashimi_jellyfish,
    sashimi_swordfish,
    sashimi_x_wings,
)
from xl_sudoku.core.techniques.intersections import claiming, pointing
from xl_sudoku.core.techniques.singles import full_houses, hidden_singles
from xl_sudoku.core.techniques.strong_links import (
    empty_rectangles,
    grouped_turbot_fish,
    skyscrapers,
    turbot_fish,
    two_string_kites,
    x_chains_3,
    x_chains_4,
)

Finder = Callable[[Board], Iterator[Step]]
Candidates = set[tuple[int, int]]

FINDERS: list[Finder] = [
    direct_pointing,
    direct_claiming,
    direct_hidden_pairs,
    direct_hidden_triples,
    skyscrapers,
    two_string_kites,
    turbot_fish,
    empty_rectangles,
    grouped_turbot_fish,
    x_chains_3,
    x_chains_4,
    finned_x_wings,
    sashimi_x_wings,
    finned_swordfish,
    sashimi_swordfish,
    finned_jellyfish,
    sashimi_jellyfish,
]


def at(digit: int, where: str) -> Candidates:
    return {(c, digit) for c in cells(where)}


def first(finder: Finder, board: Board) -> Step:
    found = next(finder(board), None)
    assert found is not None, f"{finder.__name__} found nothing"
    return found


# --- hand-made positions: (finder, position, explanation, eliminations, placements, rating)

FIRES: list[Fires] = [
    Fires(
        direct_pointing,
        Pencil().only(3, "b1", "r1c1 r2c1").only(3, "b4", "r5c1 r5c3"),
        "Direct Pointing: in box 1, 3 lies only in column 1 (r1c1, r2c1), "
        "so in box 4, 3 fits only r5c3",
        places=at(3, "r5c3"),
        rating=1.7,
    ),
    Fires(
        direct_claiming,
        Pencil().only(3, "c1", "r1c1 r2c1").only(3, "c2", "r1c2 r5c2"),
        "Direct Claiming: in column 1, 3 lies only in box 1 (r1c1, r2c1), "
        "so in column 2, 3 fits only r5c2",
        places=at(3, "r5c2"),
        rating=1.9,
    ),
    Fires(
        direct_hidden_pairs,
        Pencil().only(1, "r1", "r1c1 r1c5").only(9, "r1", "r1c1 r1c5").only(4, "r1", "r1c1 r1c7"),
        "Direct Hidden Pair 1/9 in row 1 (r1c1, r1c5), so in row 1, 4 fits only r1c7",
        places=at(4, "r1c7"),
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
        places=at(4, "r1c9"),
        rating=2.5,
    ),
    Fires(
        skyscrapers,
        Pencil().only(3, "r1", "r1c1 r1c5").only(3, "r6", "r6c1 r6c6"),
        "Skyscraper 3 in row 1 and row 6, base r1c1, r6c1, tops r1c5, r6c6: "
        "removes 3 from r2c6, r3c6, r4c5, r5c5",
        removes=at(3, "r2c6 r3c6 r4c5 r5c5"),
        rating=4.0,
    ),
    Fires(
        two_string_kites,
        Pencil().only(3, "r1", "r1c2 r1c7").only(3, "c1", "r3c1 r8c1"),
        "2-String Kite 3 in row 1 and column 1, joined in box 1, ends r1c7, r8c1: "
        "removes 3 from r8c7",
        removes=at(3, "r8c7"),
        rating=4.1,
    ),
    Fires(
        # a box's two places and a column's, joined in row 2: Sukaku rates it as a Kite
        turbot_fish,
        Pencil().only(3, "b1", "r1c1 r2c3").only(3, "c7", "r2c7 r8c7"),
        "Turbot Fish 3: r1c1 = r2c3 - r2c7 = r8c7: one end is 3, removes 3 from r8c1",
        removes=at(3, "r8c1"),
        rating=4.1,
    ),
    Fires(
        empty_rectangles,
        Pencil().only(7, "b4", "r4c2 r5c1 r5c3 r6c2").only(7, "r8", "r8c2 r8c7"),
        "Empty Rectangle 7 in box 4 (r4c2, r5c1, r5c3, r6c2): its 7s lie in row 5 and "
        "column 2, and r8c2 = r8c7 is a conjugate pair in row 8: removes 7 from r5c7",
        removes=at(7, "r5c7"),
        rating=4.3,
    ),
    Fires(
        # a finned X-Wing is a grouped Skyscraper: row 7's 5s lie in boxes 7 and 9
        grouped_turbot_fish,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c8 r7c9"),
        "Grouped Turbot Fish 5: r2c8 = r2c3 - r7c3 = r7c789: one end is 5, "
        "removes 5 from r8c8, r9c8",
        removes=at(5, "r8c8 r9c8"),
        rating=4.3,
    ),
    Fires(
        x_chains_3,
        Pencil().only(3, "r1", "r1c1 r1c4").only(3, "r5", "r5c4 r5c8").only(3, "r9", "r9c2 r9c8"),
        "X-Chain 3 (3 strong links): r1c1 = r1c4 - r5c4 = r5c8 - r9c8 = r9c2: one end is 3, "
        "removes 3 from r2c2, r3c2, r7c1, r8c1",
        removes=at(3, "r2c2 r3c2 r7c1 r8c1"),
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
        removes=at(3, "r2c3 r3c3 r7c1 r9c1"),
        rating=5.8,
    ),
    Fires(
        finned_x_wings,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c8 r7c9"),
        "Finned X-Wing 5 in rows 2, 7 (columns 3, 8), fins r7c7, r7c9: removes 5 from r8c8, r9c8",
        removes=at(5, "r8c8 r9c8"),
        rating=4.3,
    ),
    Fires(
        sashimi_x_wings,
        Pencil().only(5, "r2", "r2c3 r2c8").only(5, "r7", "r7c3 r7c7 r7c9"),
        "Sashimi X-Wing 5 in rows 2, 7 (columns 3, 8), fins r7c7, r7c9: removes 5 from r8c8, r9c8",
        removes=at(5, "r8c8 r9c8"),
        rating=4.3,
    ),
    Fires(
        finned_swordfish,
        Pencil()
        .only(5, "r1", "r1c1 r1c4")
        .only(5, "r4", "r4c4 r4c7")
        .only(5, "r7", "r7c1 r7c7 r7c8"),
        "Finned Swordfish 5 in rows 1, 4, 7 (columns 1, 4, 7), fin r7c8: removes 5 from r8c7, r9c7",
        removes=at(5, "r8c7 r9c7"),
        rating=5.7,
    ),
    Fires(
        sashimi_swordfish,
        Pencil().only(5, "r1", "r1c1 r1c4").only(5, "r4", "r4c4 r4c7").only(5, "r7", "r7c1 r7c8"),
        # two sashimi: over columns 1, 4, 7 with fin r7c8, and this one, found first (box 6)
        "Sashimi Swordfish 5 in rows 1, 4, 7 (columns 1, 4, 8), fin r4c7: "
        "removes 5 from r5c8, r6c8",
        removes=at(5, "r5c8 r6c8"),
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
        removes=at(5, "r8c7 r9c7"),
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
        removes=at(5, "r2c1"),
        rating=6.1,
    ),
]


def check(
    finder: Finder,
    board: Board,
    explanation: str,
    eliminations: Candidates,
    placements: Candidates,
    rating: float,
) -> None:
    before = board.copy()
    step = first(finder, board)
    assert step.explanation == explanation
    assert set(step.eliminations) == eliminations
    assert set(step.placements) == placements
    assert step.difficulty == rating
    assert board == before, "a finder must not change the board"
    assert all(board.has(c, d) for c, d in step.eliminations + step.placements)
    assert step.pattern, "a step names its pattern"


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


# --- real positions, reached by the engine on SE-rated puzzles ---------------------------

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


# --- near-misses: almost the pattern, and nothing must be found ---------------------------

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
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


@pytest.mark.parametrize("finder", FINDERS, ids=[f.__name__ for f in FINDERS])
def test_nothing_fires_on_an_empty_grid(finder: Finder) -> None:
    assert next(finder(Pencil().board()), None) is None


# --- singles: Sudoku Explainer's house order ---------------------------------------------


def test_hidden_singles_come_box_then_column_then_row() -> None:
    # 4 has one place in row 1 (r1c9) and one in column 2 (r5c2), none alone in a box
    board = Pencil().only(4, "r1", "r1c9").only(4, "c2", "r5c2").board()
    found = [step.explanation for step in hidden_singles(board)]
    assert found[:2] == [
        "Hidden Single: in column 2, 4 fits only r5c2",
        "Hidden Single: in row 1, 4 fits only r1c9",
    ]
    # r2c1 is the last open cell of column 1, r1c2 of row 1: columns come first
    answer = solve(load("norvig_top95")[0])
    grid = list(answer)
    grid[1] = grid[9] = 0
    assert first(full_houses, Board.from_grid(tuple(grid))).explanation == (
        f"Full House: r2c1 is the last open cell in column 1, so it is {answer[9]}"
    )


def _locked_order(finder: Finder, step: Step) -> tuple[int, ...]:
    """Where a locked-candidates step comes in its technique's order, read off the step:
    pointing box by box, then digit, a row before a column; claiming line by line (rows,
    then columns), then digit; the direct forms column lines first, then digit by digit,
    then the box (or line) and the other one."""
    digit = step.pattern[0][1]
    houses = step.houses
    if finder is pointing:
        return (houses[0] - 18, digit, 0 if houses[1] < 9 else 1)
    if finder is claiming:
        return (houses[0], digit)
    if finder is direct_pointing:
        return (0 if houses[1] >= 9 else 1, digit, houses[0] - 18, houses[2] - 18)
    return (0 if houses[0] >= 9 else 1, digit, houses[0] % 9, houses[2] % 9)


def test_locked_candidates_come_in_their_order_across_digits() -> None:
    """Each digit's steps are remembered apart and merged: on real positions with steps
    of several digits, every step comes in the technique's order (box or line before
    digit)."""
    mixed = 0
    for puzzle in load("norvig_top95")[:30]:
        solver = LogicSolver(puzzle)
        for _ in range(40):
            board = solver.board.copy()
            for finder in (pointing, claiming, direct_pointing, direct_claiming):
                found = list(finder(board))
                keys = [_locked_order(finder, step) for step in found]
                assert keys == sorted(keys), finder.__name__
                assert len(set(keys)) == len(keys)
                mixed += len({step.pattern[0][1] for step in found}) > 1
            if solver.step() is None:
                break
    assert mixed > 20  # many positions had steps of two digits or more


# --- Sukaku's ratings on the SE-rated set -------------------------------------------------


def se_rated(rating: float, count: int) -> list[str]:
    out: list[str] = []
    for line in (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines():
        puzzle, se = line.split()[:2]
        if float(se) == rating and len(out) < count:
            out.append(puzzle)
    return out


@pytest.mark.parametrize("rating", [2.5, 4.0, 4.1, 4.3, 5.4])
def test_ratings_agree_with_sukaku(rating: float) -> None:
    """Where the hardest step is one of these techniques, the rating is Sukaku's."""
    for puzzle in se_rated(rating, 12):
        assert rate(puzzle).value == rating, puzzle


# --- soundness: every step these finders find, on every position the engine reaches -----


def holds(board: Board, answer: Grid) -> bool:
    return all(
        board.digits[c] == answer[c] if board.digits[c] else board.has(c, answer[c])
        for c in range(81)
    )


def test_every_step_of_these_finders_is_sound() -> None:
    """Every step the finders yield (not only the first) on every position the engine
    reaches while on the way to the solution, before any guess: all of top95 and every
    sixth of top1465's first 300 (about 8,000 positions, some 15 s); all 300 (22,000
    positions, about a minute) with ``XL_SUDOKU_FULL_SWEEP`` set."""
    stride = 1 if os.environ.get("XL_SUDOKU_FULL_SWEEP") else 6
    puzzles = load("norvig_top95") + load("magictour_top1465", 300)[::stride]
    fired = dict.fromkeys(FINDERS, 0)
    for puzzle in puzzles:
        answer = solve(puzzle)
        solver = LogicSolver(puzzle)
        while solver.level == 0 and holds(solver.board, answer):
            for finder in FINDERS:
                for step in finder(solver.board):
                    fired[finder] += 1
                    for cell, digit in step.eliminations:
                        assert answer[cell] != digit, f"{step} removes the true digit: {puzzle}"
                    for cell, digit in step.placements:
                        assert answer[cell] == digit, f"{step} places a wrong digit: {puzzle}"
            if solver.step() is None:
                break
    assert all(fired.values()), [f.__name__ for f, n in fired.items() if not n]
