"""Sukaku Explainer's wings (WXYZ to TUVWXYZ), Sudoku Explainer's aligned pair and triple
exclusions, and HoDoKu's almost locked set techniques: where each must fire, with the
exact step and rating (hand-made positions worked out by hand, and positions the engine
reaches in real puzzles, rated by Sukaku Explainer as the step rates), near-misses where
it must not, the almost locked sets themselves, and a soundness sweep.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path

import pytest

from tests.core.pencil import Pencil
from tests.core.techniques.cases import (
    Fires,
    Misses,
    board_of,
    candidates,
    check_fires,
    check_misses,
    fires_ids,
    misses_ids,
)
from tests.puzzles import DATA, load
from xl_sudoku.core import HOUSES, parse_puzzle, solve
from xl_sudoku.core.board import Board, Memory
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.glossary import cell_list
from xl_sudoku.core.steps import Family, Step
from xl_sudoku.core.techniques import NOT_IN_SUKAKU, TECHNIQUES, exclusion, wings
from xl_sudoku.core.techniques.als import (
    almost_locked_sets,
    als_chains,
    als_links,
    als_xy_wings,
    als_xz,
    death_blossoms,
    restricted_commons,
    size_rating,
)
from xl_sudoku.core.techniques.empty_rectangles import HODOKU_EMPTY_RECTANGLE
from xl_sudoku.core.techniques.exclusion import (
    aligned_pair_exclusions,
    aligned_triple_exclusions,
)
from xl_sudoku.core.techniques.subsets import HIDDEN_QUAD
from xl_sudoku.core.techniques.sue_de_coq import sue_de_coqs
from xl_sudoku.core.techniques.wings import (
    tuvwxyz_wings,
    uvwxyz_wings,
    vwxyz_wings,
    wxyz_wings,
)

Finder = Callable[[Board], Iterator[Step]]


# Real positions: the engine's position just before it took the step, in puzzles of the
# SE-rated set (tests/data/se_rated_sudokuexchange.tsv) that Sukaku Explainer rates as
# the step does, and in norvig_top95 where logic short of forcing chains runs out.
WXYZ_55 = (  # ..7...5......8....9...7...1.251.893...3...6....9...2.....5.3...7.......6.1.2.7.4.
    "0cag41ig0c0211q0o0143g02ig81g44gm008g1288g2841108g0403200511030g81g109408icg09k014g4"
    "21929g8icgg148182005929g8gg02g11220942c00441180480g20g0ah0211803a005i041880hh0"
)
WXYZ_56 = (  # ..8.2.9..6.......55..9.1..2..1.7.5...72...69.3.......7...4.7....1.5.3.2..5..1..8.
    "020o81600510g1600o2104g0c00o8g0q4a11110o40g12o03802805ggi0032c41i4110o808g41050a10"
    "8g21g10a09q010a2igi0040i4104o0280hq0410a10ias0032g11q0094g05igk0112o2403i44o81io"
)
VWXYZ_62 = (  # 2...59..8...8.26...8.1...5.49....1.7.........8.7....94.3...6.8...69.1...1..73...6
    "056i0q2811g14o4q81l85ihq814g05214qg8m881go036g0o4s11gc0hg11c1c2480032c4138121e0gg04"
    "0802c1c8130412c02181cg10hl009hg140k215g8102505k21g180035s4s1c031k8041091gg00k21"
)
VWXYZ_64 = (  # ...........7.1.2..8..6.3..1..59.83......4.....2.....5...17625..5.......8.6.....2.
    "0402i00g9040o0o8j82g08419003g005ag3g8110gg210409kgkg03220g11g140810922042ag028040h1"
    "0e2e260400580020820gg11gggo800341210511gogo11400408g00i2i2i81go210o90900iki05ko"
)
UVWXYZ_66 = (  # 1..3..76..75......38.5....9..1..3..4.4.....7.8..9..1..5....9.12......49..94..2..3
    "0304g0098g8g4121100g411104g020888802098120114242040gg1m03003c09409h0140hg40h0c22341"
    "2h8418081184cg14k4g031c201128c80gc8g1a0030524028ca0b8900hg14060g10he2a205b09009"
)
APE_62 = (  # ....9.....2.....5.94.3.5.617.......5..46.12..51.4.2.36...........3...1..4..8.9..2
    "aac81042g1ag48048g2a0560422gagk811ogg10hc0090411c02103412004g080080g021188o80h21100"
    "305o0401103o00h4005o00921a0s0m004024g108g0804c009102g6g03ogo00h10028108g1204005"
)
ATE_75 = (  # ...5...4.126....5...8..731...19.6..7....4....4..7.31...743..5...1....836.6...5...
    "40g8g8110686200h840305218g08og4011o0100g8120g4410903g40c8803g110210g8441201040860h0"
    "6g4o0080ho0g441840903201084410h0920o411g402g403100k40gk810921o8210c82o211g4400g"
)
ATE_75_TWO = (  # 7..1..2...2.7...8...9.4...7....9.1.5.3.....4.1.4.7....2...8.6...9...3.2...6..1..9
    "41ag980338r005i02o3o050a4138j0hg812ab8b2g1b40hb4183a41a0e084acg10g036811g009d4b402b"
    "4c00ha403b00hbc41b4g8i8ac050i18g08140211a0o9gg1d23g3009d005829od0211g04039o58g1"
)
SDC_55 = (  # .237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......
    "0i05094110g08i8i2181400i04210q11g10qg130308a8a8q41040q2432b69a0h8ag14192091i4192g121"
    "8i9i050ihipi92044028289i11iai60h418aaeaao260iqiii08a05aqbqti6481imi00a102u2qki"
)
TOP95_STUCK = (  # 15.3......7..4.2....4.72.....8.........9..1.8.1..8.79......38...........6....7423
    "03110409i080i04g4go841i8320hj205ba32o8q80h324105j8ba32hkik81403e3i383o3k5k2k70g11c3"
    "g033o811s03383k813g41g13klkgkl23mj6098172n2tsoslabmj6ji3072n221o0h292h2410h0509"
)


def wing_set() -> Pencil:
    """A set r1c1, r1c2, r1c3 of 1/2/3/4 for the WXYZ-Wings below (a new one each time:
    a Pencil changes as it is written on)."""
    return Pencil().keep("r1c1", "14").keep("r1c2", "24").keep("r1c3", "34")


# --- where each technique fires: finder, position, first step, its eliminations, rating --

FIRES: list[Fires] = [
    Fires(
        wxyz_wings,
        wing_set().keep("r5c1", "14"),
        "WXYZ-Wing 1/2/3/4: r1c1, r1c2, r1c3 and wing r5c1, X=1, Z=4: removes 4 from r2c1, r3c1",
        removes=candidates(4, "r2c1 r3c1"),
        rating=5.5,
    ),
    Fires(
        wxyz_wings,  # the largest cell has three candidates: Sukaku's harder middle size
        Pencil().keep("r1c1", "124").keep("r1c2", "24").keep("r1c3", "34").keep("r5c1", "14"),
        "WXYZ-Wing 1/2/3/4: r1c1, r1c2, r1c3 and wing r5c1, X=1, Z=4: removes 4 from r2c1, r3c1",
        removes=candidates(4, "r2c1 r3c1"),
        rating=5.6,
    ),
    Fires(
        wxyz_wings,  # doubly linked: the set's other digits are locked in it
        Pencil().keep("r1c1", "12").keep("r1c2", "23").keep("r1c3", "34").keep("r2c2", "14"),
        "WXYZ-Wing 1/2/3/4: r1c1, r1c2, r1c3 and wing r2c2, doubly linked by 1 and 4: "
        "removes 1 from r2c1, r2c3, r3c1, r3c2, r3c3; 2 from r1c4, r1c5, r1c6, r1c7, r1c8, "
        "r1c9, r2c1, r2c3, r3c1, r3c2, r3c3; 3 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, "
        "r2c3, r3c1, r3c2, r3c3; 4 from r2c1, r2c3, r3c1, r3c2, r3c3",
        removes=candidates(1, "r2c1 r2c3 r3c1 r3c2 r3c3")
        | candidates(2, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c3 r3c1 r3c2 r3c3")
        | candidates(3, "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c3 r3c1 r3c2 r3c3")
        | candidates(4, "r2c1 r2c3 r3c1 r3c2 r3c3"),
        rating=5.5,
    ),
    Fires(
        wxyz_wings,
        WXYZ_55,
        "WXYZ-Wing 3/5/8/9: r9c1, r9c7, r9c9 and wing r1c9, X=9, Z=8: removes 8 from r3c7",
        removes=candidates(8, "r3c7"),
        rating=5.5,
    ),
    Fires(
        wxyz_wings,
        WXYZ_56,
        "WXYZ-Wing 4/6/8/9: r6c2, r6c5, r6c6 and wing r5c6, X=4, Z=8: removes 8 from r5c1, r6c4",
        removes=candidates(8, "r5c1 r6c4"),
        rating=5.6,
    ),
    Fires(
        vwxyz_wings,
        Pencil()
        .keep("r1c1", "15")
        .keep("r1c2", "25")
        .keep("r1c3", "34")
        .keep("r1c7", "24")
        .keep("r5c1", "15"),
        "VWXYZ-Wing 1/2/3/4/5: r1c1, r1c2, r1c3, r1c7 and wing r5c1, X=1, Z=5: "
        "removes 5 from r2c1, r3c1",
        removes=candidates(5, "r2c1 r3c1"),
        rating=6.3,
    ),
    Fires(
        vwxyz_wings,
        VWXYZ_62,
        "VWXYZ-Wing 2/3/4/5/7: r8c1, r8c7, r8c8, r8c9 and wing r9c8, doubly linked by 2 and "
        "4: removes 4 from r7c7; 5 from r8c2; 7 from r8c2",
        removes=candidates(4, "r7c7") | candidates(5, "r8c2") | candidates(7, "r8c2"),
        rating=6.2,
    ),
    Fires(
        vwxyz_wings,
        VWXYZ_64,
        "VWXYZ-Wing 4/6/7/8/9: r1c7, r2c8, r3c7, r3c8 and wing r2c1, X=6, Z=4: removes 4 from r2c9",
        removes=candidates(4, "r2c9"),
        rating=6.4,
    ),
    Fires(
        uvwxyz_wings,
        Pencil()
        .keep("r1c1", "16")
        .keep("r1c2", "26")
        .keep("r1c3", "34")
        .keep("r1c7", "45")
        .keep("r1c8", "25")
        .keep("r5c1", "16"),
        "UVWXYZ-Wing 1/2/3/4/5/6: r1c1, r1c2, r1c3, r1c7, r1c8 and wing r5c1, X=1, Z=6: "
        "removes 6 from r2c1, r3c1",
        removes=candidates(6, "r2c1 r3c1"),
        rating=6.6,
    ),
    Fires(
        uvwxyz_wings,
        UVWXYZ_66,
        "UVWXYZ-Wing 1/3/5/6/7/8: r7c5, r8c4, r8c5, r8c6, r9c5 and wing r3c5, doubly linked "
        "by 1 and 7: removes 6 from r9c4; 7 from r6c5; 8 from r9c4",
        removes=candidates(6, "r9c4") | candidates(7, "r6c5") | candidates(8, "r9c4"),
        rating=6.6,
    ),
    Fires(
        tuvwxyz_wings,
        Pencil()
        .keep("r1c1", "17")
        .keep("r1c2", "27")
        .keep("r1c3", "34")
        .keep("r1c7", "45")
        .keep("r1c8", "56")
        .keep("r1c9", "26")
        .keep("r5c1", "17"),
        "TUVWXYZ-Wing 1/2/3/4/5/6/7: r1c1, r1c2, r1c3, r1c7, r1c8, r1c9 and wing r5c1, "
        "X=1, Z=7: removes 7 from r2c1, r3c1",
        removes=candidates(7, "r2c1 r3c1"),
        rating=7.5,
    ),
    Fires(
        aligned_pair_exclusions,  # 1 in r1c5 would empty r1c1 (with 2) or r5c5 (with 3)
        Pencil().keep("r1c1", "12").keep("r5c5", "13").keep("r1c5", "13").keep("r5c1", "23"),
        "Aligned Pair Exclusion in r1c5, r5c1, excluded by r1c1 {1,2}, r5c5 {1,3}: "
        "removes 1 from r1c5",
        removes=candidates(1, "r1c5"),
        rating=6.2,
    ),
    Fires(
        aligned_pair_exclusions,
        APE_62,
        "Aligned Pair Exclusion in r1c1, r1c2, excluded by r1c4 {1,7}, r1c7 {3,7}, "
        "r2c3 {6,7}, r3c3 {7,8}: removes 7 from r1c2",
        removes=candidates(7, "r1c2"),
        rating=6.2,
    ),
    Fires(
        aligned_triple_exclusions,
        ATE_75,
        "Aligned Triple Exclusion in r1c6, r2c6, r8c4, excluded by r2c4 {4,8}, r7c6 {2,8,9}: "
        "removes 8 from r1c6",
        removes=candidates(8, "r1c6"),
        rating=7.5,
    ),
    Fires(
        aligned_triple_exclusions,
        ATE_75_TWO,
        "Aligned Triple Exclusion in r7c8, r7c9, r8c1, excluded by r7c2 {1,4}, r7c3 {3,5}, "
        "r8c9 {1,8}: removes 1 from r7c8; 3 from r7c9",
        removes=candidates(1, "r7c8") | candidates(3, "r7c9"),
        rating=7.5,
    ),
    Fires(
        sue_de_coqs,
        Pencil().keep("r1c1", "123").keep("r1c2", "124").keep("r1c5", "12").keep("r2c1", "34"),
        "Sue de Coq: r1c1,r1c2 {1,2,3,4} with r1c5 {1,2} in row 1 and r2c1 {3,4} in box 1: "
        "removes 1 from r1c3, r1c4, r1c6, r1c7, r1c8, r1c9; 2 from r1c3, r1c4, r1c6, r1c7, "
        "r1c8, r1c9; 3 from r1c3, r2c2, r2c3, r3c1, r3c2, r3c3; 4 from r1c3, r2c2, r2c3, "
        "r3c1, r3c2, r3c3",
        removes=candidates(1, "r1c3 r1c4 r1c6 r1c7 r1c8 r1c9")
        | candidates(2, "r1c3 r1c4 r1c6 r1c7 r1c8 r1c9")
        | candidates(3, "r1c3 r2c2 r2c3 r3c1 r3c2 r3c3")
        | candidates(4, "r1c3 r2c2 r2c3 r3c1 r3c2 r3c3"),
        rating=5.5,
    ),
    Fires(
        sue_de_coqs,
        SDC_55,
        "Sue de Coq: r4c2,r5c2 {1,4,5,6} with r3c2 {5,6} in column 2 and r6c1 {1,4} in "
        "box 4: removes 1 from r4c3, r6c2, r6c3; 4 from r6c2, r6c3; 5 from r6c2; 6 from "
        "r7c2, r8c2",
        removes=candidates(1, "r4c3 r6c2 r6c3")
        | candidates(4, "r6c2 r6c3")
        | candidates(5, "r6c2")
        | candidates(6, "r7c2 r8c2"),
        rating=5.5,
    ),
    Fires(
        als_xz,  # 1 links the sets in column 1; 9 of A or B sees the column 2-3 cells
        Pencil().keep("r1c1", "12").keep("r1c2", "29").keep("r5c1", "14").keep("r5c3", "49"),
        "ALS-XZ: A=r1c1,r1c2 {1,2,9}, B=r5c1,r5c3 {1,4,9}, X=1, Z=9: "
        "removes 9 from r1c3, r2c3, r3c3, r4c2, r5c2, r6c2",
        removes=candidates(9, "r1c3 r2c3 r3c3 r4c2 r5c2 r6c2"),
        rating=5.5,
    ),
    Fires(
        als_xz,
        TOP95_STUCK,
        "ALS-XZ: A=r1c7,r8c7 {5,6,9}, B=r1c5,r2c4,r3c4 {1,5,6,9}, X=9, Z=5: removes 5 from r8c4",
        removes=candidates(5, "r8c4"),
        rating=6.2,
    ),
    Fires(
        als_xy_wings,
        Pencil()
        .keep("r5c5", "12")
        .keep("r5c1", "13")
        .keep("r5c2", "39")
        .keep("r1c5", "24")
        .keep("r2c5", "49"),
        "ALS-XY-Wing: A=r2c5 {4,9}, B=r5c1,r5c2,r5c5 {1,2,3,9}, C=r1c5 {2,4}, X,Y=4,2, Z=9: "
        "removes 9 from r2c2",
        removes=candidates(9, "r2c2"),
        rating=6.3,
    ),
    Fires(
        als_xy_wings,
        TOP95_STUCK,
        "ALS-XY-Wing: A=r2c4,r3c4 {1,5,6}, B=r1c7,r8c7 {5,6,9}, C=r1c5 {6,9}, X,Y=6,9, Z=5: "
        "removes 5 from r8c4",
        removes=candidates(5, "r8c4"),
        rating=6.3,
    ),
    Fires(
        als_chains,
        Pencil()
        .keep("r5c1", "13")
        .keep("r5c2", "39")
        .keep("r5c5", "12")
        .keep("r1c5", "24")
        .keep("r1c8", "45")
        .keep("r2c8", "59"),
        "ALS-Chain: A=r2c8 {5,9} -5- B=r1c8 {4,5} -4- C=r1c5 {2,4} -2- "
        "D=r5c1,r5c2,r5c5 {1,2,3,9}, Z=9: removes 9 from r2c2, r5c8",
        removes=candidates(9, "r2c2 r5c8"),
        rating=6.8,
    ),
    Fires(
        als_chains,
        TOP95_STUCK,
        "ALS-Chain: A=r8c7 {5,6} -6- B=r1c7 {6,9} -9- C=r1c5 {6,9} -6- D=r2c4,r3c4 {1,5,6}, "
        "Z=5: removes 5 from r8c4",
        removes=candidates(5, "r8c4"),
        rating=6.4,
    ),
    Fires(
        death_blossoms,
        Pencil().keep("r5c5", "123").keep("r5c1", "19").keep("r5c2", "29").keep("r4c5", "39"),
        "Death Blossom: stem r5c5 {1,2,3}, -1- r5c1 {1,9}, -2- r5c2 {2,9}, -3- r4c5 {3,9}, "
        "Z=9: removes 9 from r4c1, r4c2, r4c3, r5c4, r5c6",
        removes=candidates(9, "r4c1 r4c2 r4c3 r5c4 r5c6"),
        rating=5.7,
    ),
    Fires(
        death_blossoms,
        TOP95_STUCK,
        "Death Blossom: stem r1c5 {6,9}, -6- r2c4,r3c4 {1,5,6}, -9- r1c7,r8c7 {5,6,9}, Z=5: "
        "removes 5 from r8c4",
        removes=candidates(5, "r8c4"),
        rating=6.3,
    ),
]


@pytest.mark.parametrize("case", FIRES, ids=fires_ids(FIRES))
def test_fires_with_the_expected_step(case: Fires) -> None:
    check_fires(case)


# HoDoKu's overlap: r5c2 lies in both petals (both wings); either way it is 9
def overlap() -> Pencil:
    return Pencil().keep("r5c1", "13").keep("r5c2", "39")


def test_a_death_blossom_with_overlapping_petals() -> None:
    # stem 1: r5c1,r5c2 {1,3,9} is locked, r5c2 is 9; stem 2: r5c2,r5c3 {2,3,9} is, and
    # r5c2 is 9 again (disjoint petals see 3 only)
    board = overlap().keep("r5c5", "12").keep("r5c3", "23").board()
    steps = [s for s in death_blossoms(board) if any(d == 9 for _, d in s.eliminations)]
    assert steps[0].explanation == (
        "Death Blossom: stem r5c5 {1,2}, -1- r5c1,r5c2 {1,3,9}, -2- r5c2,r5c3 {2,3,9}, "
        "Z=3,9: removes 3 from r4c1, r4c2, r4c3, r5c4, r5c6, r5c7, r5c8, r5c9, r6c1, r6c2, "
        "r6c3; 9 from r1c2, r2c2, r3c2, r4c1, r4c2, r4c3, r5c4, r5c6, r5c7, r5c8, r5c9, "
        "r6c1, r6c2, r6c3, r7c2, r8c2, r9c2"
    )
    assert candidates(9, "r1c2 r9c2 r5c9") <= set(steps[0].eliminations)


def test_one_set_may_be_the_petal_of_two_stem_digits() -> None:
    # r5c1,r5c2 {1,2,9}: whether the stem is 1 or 2, the set loses it and holds 9
    board = Pencil().keep("r5c5", "12").keep("r5c1", "19").keep("r5c2", "29").board()
    texts = [s.explanation for s in death_blossoms(board)]
    assert (
        "Death Blossom: stem r5c5 {1,2}, -1- r5c1,r5c2 {1,2,9}, -2- r5c1,r5c2 {1,2,9}, Z=9: "
        "removes 9 from r4c1, r4c2, r4c3, r5c3, r5c4, r5c6, r5c7, r5c8, r5c9, r6c1, r6c2, "
        "r6c3"
    ) in texts


def test_no_death_blossom_where_the_overlap_holds_no_common_digit() -> None:
    board = overlap().keep("r5c5", "12").keep("r5c3", "24").board()
    assert list(death_blossoms(board)) == []


def test_an_als_xy_wing_with_overlapping_wings() -> None:
    # hinge r1c1 {1,2}: 1 locks r5c1,r5c2 {1,3,9}, 2 locks r2c2,r5c2 {2,3,9}: r5c2 is 9
    board = overlap().keep("r1c1", "12").keep("r2c2", "23").board()
    steps = [s for s in als_xy_wings(board) if (1, 9) in s.eliminations]
    assert steps[0].explanation == (
        "ALS-XY-Wing: A=r5c1,r5c2 {1,3,9}, B=r2c2,r5c2 {2,3,9}, C=r1c1 {1,2}, X,Y=1,2, "
        "Z=3,9: removes 3 from r4c2, r6c2; 9 from r1c2, r3c2, r4c1, r4c2, r4c3, r5c3, r5c4, "
        "r5c5, r5c6, r5c7, r5c8, r5c9, r6c1, r6c2, r6c3, r7c2, r8c2, r9c2"
    )


def test_no_als_xy_wing_where_the_overlap_holds_no_common_digit() -> None:
    board = overlap().keep("r1c1", "12").keep("r2c2", "24").board()
    assert list(als_xy_wings(board)) == []


def chain_around() -> Pencil:
    # r1c1 {1,2} -2- r1c5 {2,3} -3- r5c5 {3,4} -4- r1c1,r5c1 {1,2,4}: the two ends share
    # r1c1, as HoDoKu's chains allow (only neighbours must be apart)
    return Pencil().keep("r1c1", "12").keep("r1c5", "23").keep("r5c5", "34")


def test_an_als_chain_whose_ends_share_a_cell() -> None:
    # r1c1 is 1, or it is 2: then r1c5 is 3, r5c5 is 4, and r5c1 {1,2,4} is 1
    board = chain_around().keep("r5c1", "124").board()
    step = next(als_chains(board))
    assert step.explanation == (
        "ALS-Chain: A=r1c1 {1,2} -2- B=r1c5 {2,3} -3- C=r5c5 {3,4} -4- D=r1c1,r5c1 {1,2,4}, "
        "Z=1: removes 1 from r2c1, r3c1, r4c1, r6c1, r7c1, r8c1, r9c1"
    )
    assert step.difficulty == 6.4


def test_no_als_chain_where_the_shared_end_is_not_almost_locked() -> None:
    board = chain_around().keep("r5c1", "1245").board()
    assert not [s for s in als_chains(board) if any(d == 1 for _, d in s.eliminations)]


def test_the_brief_example_of_an_als_xz() -> None:
    # an XY-Wing seen as ALS-XZ two ways: with r1c1 alone, or r1c1 with the pivot
    board = Pencil().keep("r1c1", "18").keep("r1c5", "15").keep("r4c5", "58").board()
    assert [s.explanation for s in als_xz(board)] == [
        "ALS-XZ: A=r1c1 {1,8}, B=r1c5,r4c5 {1,5,8}, X=1, Z=8: removes 8 from r4c1",
        "ALS-XZ: A=r1c1,r1c5 {1,5,8}, B=r4c5 {5,8}, X=5, Z=8: removes 8 from r4c1",
    ]


def test_a_doubly_linked_als_xz_locks_both_sets() -> None:
    # A = r1c1,r1c5 {1,2,9} and B = r5c1,r5c5 {1,2,4}: 1 links them in column 1, 2 in
    # column 5; so A holds 9 and B holds 4, and 1 and 2 are each in A or B
    board = (
        Pencil().keep("r1c1", "19").keep("r1c5", "29").keep("r5c1", "14").keep("r5c5", "24").board()
    )
    step = next(als_xz(board))
    assert step.explanation == (
        "ALS-XZ: A=r1c1,r1c5 {1,2,9}, B=r5c1,r5c5 {1,2,4}, X=1,2 (doubly linked): removes 1 "
        "from r2c1, r3c1, r4c1, r6c1, r7c1, r8c1, r9c1; 2 from r2c5, r3c5, r4c5, r6c5, r7c5, "
        "r8c5, r9c5; 4 from r5c2, r5c3, r5c4, r5c6, r5c7, r5c8, r5c9; 9 from r1c2, r1c3, r1c4, "
        "r1c6, r1c7, r1c8, r1c9"
    )
    assert step.difficulty == 5.5


def test_wings_come_easiest_first_as_sukaku_sorts_them() -> None:
    # a WXYZ-Wing rated 5.6 (a cell of three) in rows 7-9, one rated 5.5 in rows 1-3
    board = (
        wing_set()
        .keep("r5c1", "14")
        .keep("r9c9", "58")
        .keep("r9c8", "68")
        .keep("r9c7", "678")
        .keep("r5c9", "58")
        .board()
    )
    found = list(wxyz_wings(board))
    assert [s.difficulty for s in found] == [5.5, 5.6]
    assert found[1].explanation == (
        "WXYZ-Wing 5/6/7/8: r9c7, r9c8, r9c9 and wing r5c9, X=5, Z=8: removes 8 from r7c9, r8c9"
    )


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # the change makes the wing's bivalue cell: every set is tried
        (wing_set().keep("r5c1", "147"), wing_set().keep("r5c1", "14")),
        # the change makes the set (r1c1 down to three candidates, no bivalue cell
        # changed): only the sets of r1c1's houses are tried
        (
            Pencil().keep("r1c1", "1245").keep("r1c2", "24").keep("r1c3", "34").keep("r5c1", "14"),
            Pencil().keep("r1c1", "124").keep("r1c2", "24").keep("r1c3", "34").keep("r5c1", "14"),
        ),
        # the cells it removes from had lost the digit (in a guess that went wrong) and
        # have it again: the wing's cells are as they were, yet it removes something now
        (
            wing_set().keep("r5c1", "14").keep("r2c1 r3c1", "56789"),
            wing_set().keep("r5c1", "14"),
        ),
    ],
    ids=["bivalue cell changed", "set changed", "a guess undone"],
)
def test_a_wing_made_by_a_change_is_found_after_a_position_without_one(
    before: Pencil, after: Pencil
) -> None:
    """After a position without a wing, the finder tries only the wings whose cells
    changed: what a change makes is found, the same step as a search from scratch."""
    memory = Memory()  # one solver's: the two positions share it

    def board_of(pencil: Pencil) -> Board:
        board = pencil.board()
        board.memory = memory
        return board

    assert list(wxyz_wings(board_of(before))) == []
    assert memory.of(wings._Quiet)  # remembered as a position without a wing
    found = list(wxyz_wings(board_of(after)))
    assert len(found) == 1
    assert found[0].explanation.startswith("WXYZ-Wing 1/2/3/4: r1c1, r1c2, r1c3 and wing r5c1")
    memory.clear()  # a search from scratch, for comparison
    assert list(wxyz_wings(board_of(after))) == found
    # a position without a wing, searched from scratch (so remembered), then again:
    # nothing changed since, nothing to try
    assert list(wxyz_wings(board_of(before))) == []
    assert list(wxyz_wings(board_of(before))) == []


# --- near-misses: the finder must find nothing ------------------------------------------

MISSES: list[Misses] = [
    Misses(wxyz_wings, wing_set().keep("r5c2", "14")),  # the wing sees neither digit's every place
    Misses(
        wxyz_wings,
        Pencil().keep("r1c1", "14").keep("r1c2", "24").keep("r1c3", "35").keep("r5c1", "14"),
    ),
    Misses(wxyz_wings, wing_set().keep("r5c1", "15")),  # 5 is not in the set
    Misses(wxyz_wings, wing_set().keep("r5c1", "14").keep("r2c1 r3c1", "5678")),  # no 4 to remove
    Misses(
        vwxyz_wings,
        Pencil()
        .keep("r1c1", "15")
        .keep("r1c2", "25")
        .keep("r1c3", "34")
        .keep("r1c7", "45")  # 5 in r1c7: nothing sees the wing and every 5
        .keep("r5c1", "15"),
    ),
    Misses(
        aligned_pair_exclusions,  # one excluder in common: every pair of digits stays
        Pencil().keep("r1c1", "12").keep("r5c5", "13").keep("r1c5", "13"),
    ),
    Misses(
        sue_de_coqs,  # 3 both in the line and in the box part
        Pencil().keep("r1c1", "123").keep("r1c2", "124").keep("r1c5", "13").keep("r2c1", "34"),
    ),
    Misses(
        sue_de_coqs,  # the crossing holds only one more digit than cells: a plain ALS
        Pencil().keep("r1c1", "12").keep("r1c2", "123").keep("r1c5", "12").keep("r2c1", "3"),
    ),
    Misses(
        als_xz,  # 1 of A (r1c1) does not see 1 of B (r5c2): no restricted common
        Pencil().keep("r1c1", "12").keep("r1c2", "29").keep("r5c2", "14").keep("r5c3", "49"),
    ),
    Misses(
        als_xy_wings,  # both links on 2: the hinge may be 1 and neither wing locked
        Pencil()
        .keep("r5c5", "12")
        .keep("r5c1", "23")
        .keep("r5c2", "39")
        .keep("r1c5", "24")
        .keep("r2c5", "49"),
    ),
    Misses(
        death_blossoms,  # 3 of the stem has no petal
        Pencil().keep("r5c5", "123").keep("r5c1", "19").keep("r5c2", "29").keep("r1c1", "39"),
    ),
]


@pytest.mark.parametrize("case", MISSES, ids=misses_ids(MISSES))
def test_finds_nothing_on_a_near_miss(case: Misses) -> None:
    check_misses(case)


# --- the almost locked sets ---------------------------------------------------------------


def brute_force_sets(board: Board) -> set[int]:
    """Every ALS, by trying every group of open cells (two candidates or more) of every
    house."""
    found = set()
    for unit in HOUSES:
        open_cells = [c for c in unit if board.masks[c].bit_count() >= 2]
        for size in range(1, len(open_cells)):
            for group in combinations(open_cells, size):
                digits = 0
                for c in group:
                    digits |= board.masks[c]
                if digits.bit_count() == size + 1:
                    found.add(sum(1 << c for c in group))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("position", [WXYZ_55, VWXYZ_62, ATE_75, TOP95_STUCK])
def test_every_almost_locked_set_is_found_once(position: str) -> None:
    board = board_of(position)
    sets = almost_locked_sets(board)
    assert len({a.cells for a in sets}) == len(sets)
    assert {a.cells for a in sets} == brute_force_sets(board)
    for a in sets:
        members = cell_list(a.cells)
        assert a.size == len(members) and a.digits.bit_count() == a.size + 1
        assert all(c in HOUSES[a.house] for c in members)
        for d in range(1, 10):
            holding = {c for c in members if board.has(c, d)}
            assert set(cell_list(a.cells_of[d - 1])) == holding
            if holding:
                seen = {x for x in range(81) if x not in members}
                seen = {x for x in seen if all(x != c and _sees(x, c) for c in holding)}
                assert set(cell_list(a.sees[d - 1])) == seen
            else:
                assert a.sees[d - 1] == 0


def _sees(a: int, b: int) -> bool:
    return any(a in unit and b in unit for unit in HOUSES)


def test_links_are_the_restricted_commons() -> None:
    board = board_of(TOP95_STUCK)
    sets = almost_locked_sets(board)
    links = als_links(board)
    for i, row in enumerate(links):
        assert [j for j, _ in row] == sorted(j for j, _ in row)
        for j, digits in row:
            assert digits == restricted_commons(sets[i], sets[j]) != 0
            assert (i, digits) in links[j]
    # and every pair with a restricted common is linked (checked on a sample)
    for i in range(0, len(sets), 7):
        linked = dict(links[i])
        for j in range(len(sets)):
            assert restricted_commons(sets[i], sets[j]) == linked.get(j, 0)


def test_size_ratings_follow_sukakus_wings() -> None:
    # XYZ-Wing 3 cells, WXYZ 4, VWXYZ 5, UVWXYZ 6, TUVWXYZ 7; then 0.1 a cell, at most 8.0
    assert [size_rating(n) for n in range(3, 14)] == [
        4.4, 5.5, 6.2, 6.6, 7.5, 7.6, 7.7, 7.8, 7.9, 8.0, 8.0,
    ]  # fmt: skip
    assert size_rating(5, 3) == 6.3  # an ALS-XY-Wing of five cells
    assert size_rating(4, 4) == 5.7  # a Death Blossom: stem and three one-cell petals


def test_the_wings_and_exclusions_sit_in_sukakus_order() -> None:
    order = [t.key for t in TECHNIQUES]
    # Sukaku: Hidden Quad, 3 strong links, WXYZ-Wing, BUG, 4 strong links, VWXYZ-Wing ...
    assert order.index("x-chain-3") == order.index(HIDDEN_QUAD.key) + 1
    assert order.index("wxyz-wing") == order.index("x-chain-3") + 1
    assert order.index("wxyz-wing") + 1 == order.index("bug")
    assert order.index("x-chain-4") + 1 == order.index("vwxyz-wing")
    assert order.index("vwxyz-wing") + 1 == order.index("aligned-pair-exclusion")
    assert order.index("aligned-pair-exclusion") + 1 == order.index("uvwxyz-wing")
    assert order.index("uvwxyz-wing") < order.index("x-cycle")
    assert order.index("aic") < order.index("tuvwxyz-wing")
    assert order.index("tuvwxyz-wing") + 1 == order.index("aligned-triple-exclusion")
    assert order.index("aligned-triple-exclusion") < order.index("nishio")


# --- soundness: every step of every finder, on the positions the engine reaches --------

MINE: list[Finder] = [
    wxyz_wings,
    vwxyz_wings,
    uvwxyz_wings,
    tuvwxyz_wings,
    aligned_pair_exclusions,
    aligned_triple_exclusions,
    sue_de_coqs,
    als_xz,
    als_xy_wings,
    als_chains,
    death_blossoms,
]
#: the engine's techniques for the sweep: up to aligned triple exclusion, without the
#: chains and forcing chains (slow, and they would only shorten the solves)
#: (HoDoKu's techniques after the ALSs, the chains, Franken fish and Templates among them,
#: left out too)
SWEEP_TECHNIQUES = [
    t
    for t in TECHNIQUES
    if t.family not in (Family.ALS, Family.FORCING_CHAINS)
    and t.group != "chains"
    and t not in NOT_IN_SUKAKU[NOT_IN_SUKAKU.index(HODOKU_EMPTY_RECTANGLE) :]
]


def hard_positions(puzzles: tuple[tuple[int, ...], ...]) -> Iterator[tuple[Board, tuple[int, ...]]]:
    """The positions where the engine asks the wings and the finders after them: no
    technique up to the hidden quad applies (and where logic runs out), with the
    puzzle's solution."""
    easy = set(TECHNIQUES[: TECHNIQUES.index(HIDDEN_QUAD) + 1])
    for puzzle in puzzles:
        answer = solve(puzzle)
        solver = LogicSolver(puzzle, techniques=SWEEP_TECHNIQUES)
        while True:
            before = solver.board.copy()
            step = solver.step(guess=False)
            if step is None or step.technique not in easy:
                yield before, answer
            if step is None:
                break


def sweep(puzzles: tuple[tuple[int, ...], ...]) -> int:
    """Every step of every finder here, on every hard position of ``puzzles``, removes
    no true digit and only candidates that are there; returns the positions checked."""
    positions = 0
    for board, answer in hard_positions(puzzles):
        positions += 1
        for finder in MINE:
            for step in finder(board):
                for cell, digit in step.eliminations:
                    assert answer[cell] != digit, f"{step} removes the true digit"
                    assert board.has(cell, digit), f"{step} removes what is not there"
    return positions


@pytest.mark.slow  # 15-25 s of CPU each
@pytest.mark.parametrize(
    ("name", "limit", "chunk"),
    [("norvig_top95", None, 0)] + [("magictour_top1465", 200, i) for i in range(2)],
)
def test_every_step_of_every_finder_is_sound(name: str, limit: int | None, chunk: int) -> None:
    puzzles = load(name, limit)
    if limit:
        puzzles = puzzles[chunk * 100 : (chunk + 1) * 100]
    assert sweep(puzzles) > 50


@pytest.mark.slow
def test_every_step_of_every_finder_is_sound_on_a_sample() -> None:
    """The sweep on four puzzles of top95, for the fast tier."""
    assert sweep(load("norvig_top95")[:4]) > 0


def test_the_real_positions_come_from_their_puzzles() -> None:
    # each real position keeps the solution of the puzzle written beside it
    source = Path(__file__).read_text()
    for name in ("WXYZ_55", "WXYZ_56", "VWXYZ_62", "VWXYZ_64", "UVWXYZ_66", "APE_62", "ATE_75",
                 "ATE_75_TWO", "SDC_55", "TOP95_STUCK"):  # fmt: skip
        puzzle = source.split(f"{name} = (  # ")[1].split("\n")[0].strip()
        answer = solve(parse_puzzle(puzzle))
        board = board_of(globals()[name])
        assert all(
            board.digits[c] == answer[c] if board.digits[c] else board.has(c, answer[c])
            for c in range(81)
        ), name


@pytest.mark.slow
@pytest.mark.parametrize(
    ("finder", "kind"),
    [
        (aligned_triple_exclusions, "triples"),
        (aligned_pair_exclusions, "pairs"),
    ],
    ids=["triples", "pairs"],
)
def test_after_a_position_without_an_exclusion_the_narrowed_search_finds_the_same(
    finder: Finder, kind: str
) -> None:
    """After a position where it found nothing, an aligned exclusion tries only what the
    position's changes touch: at every position of real solves (puzzles SE rates 7.5,
    where Aligned Triple Exclusion is the hardest step), the steps equal those of a search
    from scratch, and many positions have some."""
    se_75 = [
        line.split("\t")[0]
        for line in (DATA / "se_rated_sudokuexchange.tsv").read_text().splitlines()
        if line[:1] not in "#p" and line.split("\t")[1].strip() == "7.5"
    ][:6]
    positions = found = 0
    for puzzle in se_75:
        solver = LogicSolver(puzzle)
        while True:
            board = solver.board.copy()  # shares the solver's memory
            quiet = getattr(board.memory.of(exclusion._Quiet), kind)
            narrowed = [step.explanation for step in finder(board)]
            kept = quiet[:]
            quiet.clear()
            assert [step.explanation for step in finder(board)] == narrowed
            quiet[:] = kept
            positions += 1
            found += bool(narrowed)
            if solver.step() is None:
                break
    assert positions > 300 and found > 20
