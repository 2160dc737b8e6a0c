"""HoDoKu's regression library as ``tests/reglib.py`` reads and runs it (what
``benchmarks/bench_reglib.py`` runs on the whole library), on cases of our own,
in HoDoKu's library format: it reads them, finds what is there, says what is missed,
catches a fail case that fires and an unsound step, and names the line of a bad case."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reglib import (
    MAPPING,
    Outcome,
    board_of,
    effects,
    mapping_key,
    parse_case,
    read_library,
    run_case,
    solution_of,
    sound,
)
from xl_sudoku.core import is_solution
from xl_sudoku.core.board import Board
from xl_sudoku.core.steps import Step
from xl_sudoku.core.techniques import BY_KEY
from xl_sudoku.core.techniques.singles import NAKED_SINGLE

SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# the solution with r1c1 open: a full house (4 in r1c1), givens and placed digits marked
FULL_HOUSE = ":0000:4:." + "".join("+" + d if i % 2 else d for i, d in enumerate(SOLUTION[1:]))


def techniques(key: str) -> tuple:  # type: ignore[type-arg]
    return tuple(BY_KEY[k] for k in MAPPING[key][1])


def test_a_case_is_read_with_its_givens_placed_digits_and_candidates() -> None:
    case = parse_case(FULL_HOUSE + ":::411:", 7)
    assert (case.code, case.variant, case.line) == ("0000", "", 7)
    assert case.placements == ((0, 4),) and case.eliminations == ()
    assert case.givens >> 1 & 1 and not case.givens >> 2 & 1  # r1c2 given, r1c3 placed
    board = board_of(case)
    assert board.masks[0] == 1 << 3
    answer = solution_of(case, board)
    assert answer is not None and is_solution(answer, case.digits)


def test_a_full_house_is_found_in_one_step() -> None:
    case = parse_case(FULL_HOUSE + ":::411:", 1)
    assert run_case(case, techniques("0000")).kind == "found1"


def test_a_placement_counts_as_the_removal_of_the_cells_other_candidates() -> None:
    # HoDoKu writes a BUG+1 as removals; ours places the digit: the same deduction
    board = Board([0] * 81, [0b1001] * 81)  # 1/4 everywhere
    assert effects(board, (), ((0, 4),)) == {(0, -4), (0, 1)}
    assert effects(board, ((0, 1),), ()) == {(0, 1)}


def test_a_case_the_technique_cannot_make_is_missed_and_a_quiet_fail_case_passes() -> None:
    missed = parse_case(FULL_HOUSE + "::512:", 1)  # "removes 5 from r1c2": not there
    assert run_case(missed, techniques("0300")).kind == "missed"
    fail = parse_case(FULL_HOUSE.replace(":0000:", ":0610-x:") + ":::", 1)
    assert fail.fail_case
    assert run_case(fail, techniques("0610")).kind == "quiet"
    assert run_case(fail, techniques("0000")).kind == "fired"


def test_an_unsound_step_is_caught() -> None:
    case = parse_case(FULL_HOUSE + ":::411:", 1)
    answer = solution_of(case, board_of(case))
    assert answer is not None
    outcome = Outcome("missed")
    wrong = Step(NAKED_SINGLE, "wrong", placements=((0, 5),))
    right = Step(NAKED_SINGLE, "right", placements=((0, 4),))
    assert sound(right, answer, case, outcome) and not sound(wrong, answer, case, outcome)
    assert outcome.unsound == ["line 1: wrong"]


def test_a_variant_maps_on_its_own_when_the_table_says_so() -> None:
    assert mapping_key(parse_case(FULL_HOUSE.replace(":0000:", ":0402-1:") + ":::", 1)) == (
        "0402-1"
    )
    assert mapping_key(parse_case(FULL_HOUSE.replace(":0000:", ":0600-2:") + ":::", 1)) == "0600"


def test_a_bad_case_names_its_line(tmp_path: Path) -> None:
    library = tmp_path / "lib.txt"
    library.write_text("# a comment\r\n\r\n" + FULL_HOUSE + ":::411:\r\n:0000:1:123:::\r\n")
    with pytest.raises(ValueError, match="line 4: 3 cells in the givens"):
        read_library(library)
    with pytest.raises(ValueError, match=r"line 2: '4x1' is not"):
        parse_case(FULL_HOUSE + ":::4x1:", 2)
