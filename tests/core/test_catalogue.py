"""Every technique of the catalogue fires where it should and misses where it should not,
through the finder the catalogue registers for it (``FINDERS``), never one imported.

Where it fires is a real position: a proper puzzle part-way, the board still holding the
true solution (checked by ``is_solution``), and every step of the technique among the
first ``LOOK_AT`` its finder yields there is checked against that solution: no true
digit removed, no wrong digit placed; and none rates below the technique's lowest rating
(``lowest_rating``: the generator refuses a range it is above). The positions are the real ones of
``test_uniqueness.REAL`` and those of ``tests/data/catalogue_positions.tsv``: there, per
technique, the puzzle, a position where it fires and, for most, the position one step of
the engine before, where it did not yet (a near miss; ``python -m
tests.core.catalogue_positions KEY`` finds them). The others' near misses are the
hand-made ones of the technique tables (``MISSES`` of tests/core/techniques/test_*.py)
whose finder is the technique's registered finder,
and the few written below (BUG, Avoidable Rectangles, Franken fish). For the forcing
chains and the finned Franken and Mutant fish the miss is only a quiet position, where
they find nothing (``QUIET_ONLY``).

A technique added to the catalogue without a case of each kind fails
``test_every_technique_has_a_case_that_fires_and_one_that_misses``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import sys
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

import pytest

from tests.core import techniques as technique_tests
from tests.core.pencil import Pencil, cells
from tests.core.techniques import test_uniqueness
from tests.core.techniques.cases import Misses
from tests.core.techniques.cases import board_of as table_board
from xl_sudoku.core import Grid, count_solutions, is_solution, parse_puzzle, solve, techniques
from xl_sudoku.core.board import Board, board_from_candidates
from xl_sudoku.core.marks import read_s9b
from xl_sudoku.core.steps import Step, Technique
from xl_sudoku.core.techniques import (
    BY_KEY,
    CATALOGUE,
    FINDERS,
    NOT_IN_SUKAKU,
    TECHNIQUES,
    lowest_rating,
)

POSITIONS = Path(__file__).parents[1] / "data" / "catalogue_positions.tsv"
#: how many of a finder's steps are looked at (a group's finder, or a forcing chain's,
#: yields hundreds on a hard position; its steps come the easiest first)
LOOK_AT = 50


@dataclass(frozen=True)
class Real:
    """A position of a proper puzzle on the way to its solution."""

    technique: Technique
    puzzle: str
    board: Board


def board_of(text: str) -> Board:
    """A board from SudokuWiki's 162 characters, or from a grid of 81 (its digits
    placed, every other cell with the candidates its peers allow)."""
    if len(text) == 81:
        return Board.from_grid(parse_puzzle(text))
    position = read_s9b(text)
    givens = sum(1 << c for c, digit in enumerate(position.givens) if digit)
    return board_from_candidates(position.digits, position.masks, givens)


def read_positions() -> tuple[list[Real], list[Real]]:
    """The positions of tests/data/catalogue_positions.tsv: (fires, misses)."""
    fires: list[Real] = []
    misses: list[Real] = []
    for line in POSITIONS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, puzzle, fire, miss = [*line.split("\t"), ""][:4]
        if fire:
            fires.append(Real(BY_KEY[key], puzzle, board_of(fire)))
        if miss:
            misses.append(Real(BY_KEY[key], puzzle, board_of(miss)))
    return fires, misses


FILE_FIRES, FILE_MISSES = read_positions()
FIRES: list[Real] = [
    *(
        Real(c.technique, c.puzzle, test_uniqueness.position(c.grid, c.puzzle))
        for c in test_uniqueness.REAL
    ),
    *FILE_FIRES,
]
#: the technique tables' near misses (each with the finder it was written for): the
#: ``MISSES`` of every module of tests/core/techniques, a new one's too
TABLE_MISSES: list[Misses] = [
    case
    for info in pkgutil.iter_modules(technique_tests.__path__, technique_tests.__name__ + ".")
    for case in getattr(importlib.import_module(info.name), "MISSES", ())
]


def bug_misses() -> list[tuple[Technique, Board]]:
    """test_uniqueness's BUG near misses: BUG+1's position with a second cell of three
    candidates; BUG Type 2's with a third BUG cell, of another digit (no BUG at all)."""
    plus_one = next(c for c in test_uniqueness.REAL if c.technique is BY_KEY["bug"])
    tokens = " ".join(plus_one.grid).split()
    tokens[cells("r1c1")[0]] += "8"
    two = next(c for c in test_uniqueness.REAL if c.technique is BY_KEY["bug-2"])
    broken = " ".join(two.grid).split()
    broken[cells("r1c3")[0]] = "134"
    return [
        (BY_KEY["bug"], test_uniqueness.position((" ".join(tokens),))),
        *((BY_KEY[k], test_uniqueness.position((" ".join(broken),))) for k in BUG_TYPES),
    ]


def avoidable_misses() -> list[tuple[Technique, Board]]:
    """test_uniqueness's Avoidable Rectangles with a given among the three solved cells
    (Type 1), and with the open corners' extra digits differing (Type 2)."""
    one = test_uniqueness.solved(Pencil().keep("r2c4", "39"), {"r1c1": 9, "r1c4 r2c1": 7})
    two = test_uniqueness.solved(
        Pencil().keep("r2c1", "68").keep("r2c4", "59"), {"r1c1": 5, "r1c4": 6}
    )
    return [
        (
            BY_KEY["avoidable-rectangle"],
            board_from_candidates(one.digits, one.masks, 1 << cells("r1c4")[0]),
        ),
        (BY_KEY["avoidable-rectangle-2"], board_from_candidates(two.digits, two.masks, 0)),
    ]


BUG_TYPES = ("bug-2", "bug-3", "bug-4")
#: test_hodoku's near miss of a Franken X-Wing (box 5's places in two columns), where no
#: Franken or Mutant fish without fins lies either
SPREAD = Pencil().only(1, "r1", "r1c2 r1c5").only(1, "b5", "r4c4 r6c5")
UNFINNED = tuple(
    f"{kind}-{size}"
    for kind in ("franken", "mutant")
    for size in ("x-wing", "swordfish", "jellyfish")
)
#: techniques with no near miss of their own yet: a mostly open grid where they find
#: nothing (the near miss of an XY-Wing of test_wings' table): the forcing chains
#: (they find something on nearly every real position) and the finned Franken and
#: Mutant fish (a fin makes nearly any such shape one)
QUIET_ONLY = (
    "nishio",
    "cell-forcing-chain",
    "region-forcing-chain",
    "dynamic-forcing-chain",
    "dynamic-forcing-chain-plus",
    "nested-forcing-chain",
    *(f"finned-{kind}" for kind in UNFINNED),
)


def quiet() -> Board:
    xy_wing = FINDERS[BY_KEY["xy-wing"]]
    return table_board(next(m.position for m in TABLE_MISSES if m.finder is xy_wing))


#: each technique's near misses: the tables' for its registered finder, the file's, the
#: hand-made ones above
MISSES: list[tuple[Technique, Board]] = [
    *(
        (t, table_board(m.position))
        for t, finder in CATALOGUE
        for m in TABLE_MISSES
        if m.finder is finder
    ),
    *((m.technique, m.board) for m in FILE_MISSES),
    *bug_misses(),
    *avoidable_misses(),
    *((BY_KEY[k], SPREAD.board()) for k in UNFINNED),
    *((BY_KEY[k], quiet()) for k in QUIET_ONLY),
]


def steps_of(technique: Technique, board: Board) -> list[Step]:
    """The technique's steps among the first ``LOOK_AT`` of its registered finder."""
    return [s for s in islice(FINDERS[technique](board), LOOK_AT) if s.technique is technique]


def holds(board: Board, answer: Grid) -> bool:
    """True if every placed digit is the answer's and every open cell keeps its digit."""
    return all(
        board.digits[c] == answer[c] if board.digits[c] else board.has(c, answer[c])
        for c in range(81)
    )


#: the techniques whose search takes seconds a position (more on a loaded machine): their
#: cases run with the slow tests
SLOW = {"nested-forcing-chain", "franken-jellyfish", "mutant-jellyfish", "mutant-swordfish"}
SLOW |= {f"finned-{key}" for key in SLOW}


def cases(found: list[tuple[Technique, object]]) -> list[object]:
    return [
        pytest.param(
            *case, id=f"{case[0].key}-{i}", marks=pytest.mark.slow if case[0].key in SLOW else ()
        )
        for i, case in enumerate(found)
    ]


@pytest.mark.parametrize(("technique", "case"), cases([(c.technique, c) for c in FIRES]))
def test_the_technique_fires_and_every_step_is_sound(technique: Technique, case: Real) -> None:
    puzzle = parse_puzzle(case.puzzle)
    assert count_solutions(puzzle, limit=2) == 1, "a proper puzzle"
    answer = solve(puzzle)
    assert is_solution(answer, puzzle)
    board = case.board
    assert holds(board, answer), "the position is on the way to the solution"
    before = board.copy()
    found = steps_of(technique, board)
    assert found, f"{technique.key} does not fire"
    assert board == before, "a finder must not change the board"
    for step in found:
        assert step.placements or step.eliminations, step.explanation
        assert step.difficulty >= lowest_rating(technique), f"{step}: rated below the lowest"
        for cell, digit in step.eliminations:
            assert board.has(cell, digit), f"{step}: removes what is not there"
            assert answer[cell] != digit, f"{step}: removes the true digit"
        for cell, digit in step.placements:
            assert not board.digits[cell], f"{step}: places in a filled cell"
            assert answer[cell] == digit, f"{step}: places a wrong digit"


@pytest.mark.parametrize(("technique", "board"), cases(list(MISSES)))
def test_the_technique_misses_a_near_miss(technique: Technique, board: Board) -> None:
    assert not any(s.technique is technique for s in FINDERS[technique](board))


def test_every_technique_has_a_case_that_fires_and_one_that_misses() -> None:
    fires = {c.technique for c in FIRES}
    misses = {t for t, _ in MISSES}
    assert [t.key for t in TECHNIQUES if t not in fires] == []
    assert [t.key for t in TECHNIQUES if t not in misses] == []


# --- the catalogue's own shape ----------------------------------------------------------


def test_each_technique_once_and_a_group_together() -> None:
    assert len(set(TECHNIQUES)) == len(TECHNIQUES) == len(CATALOGUE) == len(FINDERS)
    # the engine searches consecutive techniques of one group as one (engine._plan_of)
    groups = [t.group for t in TECHNIQUES if t.group]
    runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
    assert len(runs) == len(set(runs))


def test_the_techniques_sukaku_lacks_come_last() -> None:
    assert TECHNIQUES[-len(NOT_IN_SUKAKU) :] == NOT_IN_SUKAKU
    assert not set(NOT_IN_SUKAKU) & set(TECHNIQUES[: -len(NOT_IN_SUKAKU)])


#: where a technique's finder may live in another module than the technique: the chaining
#: rules' techniques are named where a hint becomes a step (``chains/text.py``), their
#: finders made in ``chains/finders.py`` and ``chains/nested.py``
FINDERS_ELSEWHERE = {
    "xl_sudoku.core.techniques.chains.text": (
        "xl_sudoku.core.techniques.chains.finders",
        "xl_sudoku.core.techniques.chains.nested",
    ),
}


def declarations() -> dict[Technique, list[str]]:
    """Each technique assigned to a name at the top of a module of ``core/techniques``,
    with the modules that assign it (an import is not an assignment)."""
    found: dict[Technique, list[str]] = {}
    for info in pkgutil.walk_packages(techniques.__path__, techniques.__name__ + "."):
        module = importlib.import_module(info.name)
        for node in ast.parse(inspect.getsource(module)).body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                value = getattr(module, target.id, None) if isinstance(target, ast.Name) else None
                if isinstance(value, Technique):
                    found.setdefault(value, []).append(info.name)
    return found


def test_each_technique_is_declared_once_beside_its_finder() -> None:
    declared = declarations()
    # declared and not in the catalogue: a technique no one can choose, a finder never run
    assert sorted(t.key for t in declared if t not in TECHNIQUES) == []
    assert sorted(t.key for t in TECHNIQUES if t not in declared) == []
    assert {t.key: m for t, m in declared.items() if len(m) > 1} == {}
    for technique, finder in CATALOGUE:
        (home,) = declared[technique]
        beside = [home, *FINDERS_ELSEWHERE.get(home, ())]
        assert any(finder in vars(sys.modules[m]).values() for m in beside), technique.key
