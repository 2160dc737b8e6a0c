"""HoDoKu's regression library, read and run: each case by the technique that maps to it
(``benchmarks/bench_reglib.py`` runs the whole library and prints the tables;
``tests/test_reglib.py`` checks this on cases of our own).

HoDoKu ships a library of human-technique cases, ``reglib-1.3.txt`` in its public source
(HoDoKu is GPL: the file stays outside this repository; get it from HoDoKu's source).
One case a line::

    :<code>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>

``<givens>`` are 81 cells, ``+`` before a digit the solver placed (not a given);
``<deleted candidates>``, ``<eliminations>`` and ``<placements>`` are ``<digit><row><col>``
separated by blanks. A code ending ``-x`` is a fail case: nothing may be found.

For each case the position is built (givens and placed digits, every candidate their
peers allow, less the deleted ones), the technique(s) HoDoKu's code maps to (``MAPPING``)
are run alone on it, and every step they yield is checked against the position's unique
solution (sound: removes no true digit, places no wrong one). A case is

    found in one step  a single step makes every expected elimination (or placement)
    found              the steps together make them all: those of one pass over the
                       position, and if need be of further passes, each on the position
                       the previous steps left (the technique repeated, as a person would)
    partial            some of them, not all
    other              the technique fires, but none of what HoDoKu expects
    missed             the technique finds nothing

A fail case counts as *fired* if the technique yields anything. Codes with no technique
of ours say why (``NO_COUNTERPART``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from xl_sudoku.core.board import Board
from xl_sudoku.core.glossary import DIGITS_OF
from xl_sudoku.core.solver import solutions
from xl_sudoku.core.steps import Step, Technique
from xl_sudoku.core.techniques import FINDERS

Candidate = tuple[int, int]  # (cell, digit)

_TWO_LINKS = (
    "hodoku-empty-rectangle",
    "skyscraper",
    "2-string-kite",
    "turbot-fish",
    "empty-rectangle",
    "grouped-turbot-fish",
)
#: HoDoKu's code (with its variant, or without when all variants map alike) -> its name,
#: and the keys of our techniques that find it
MAPPING: dict[str, tuple[str, tuple[str, ...]]] = {
    "0000": ("Full House", ("full-house",)),
    "0002": ("Hidden Single", ("hidden-single",)),
    "0003": ("Naked Single", ("naked-single",)),
    "0100": ("Locked Candidates Type 1", ("pointing",)),
    "0101": ("Locked Candidates Type 2", ("claiming",)),
    # a naked pair (triple) in a box and a line at once: two steps of ours
    "0110": ("Locked Pair", ("naked-pair",)),
    "0111": ("Locked Triple", ("naked-triple",)),
    "0200": ("Naked Pair", ("naked-pair",)),
    "0201": ("Naked Triple", ("naked-triple",)),
    "0202": ("Naked Quadruple", ("naked-quad",)),
    "0210": ("Hidden Pair", ("hidden-pair",)),
    "0211": ("Hidden Triple", ("hidden-triple",)),
    "0212": ("Hidden Quadruple", ("hidden-quad",)),
    "0300": ("X-Wing", ("x-wing",)),
    "0301": ("Swordfish", ("swordfish",)),
    "0302": ("Jellyfish", ("jellyfish",)),
    "0310": ("Finned X-Wing", ("finned-x-wing",)),
    "0311": ("Finned Swordfish", ("finned-swordfish",)),
    "03111": ("Siamese Finned Swordfish", ("finned-swordfish", "sashimi-swordfish")),
    "0312": ("Finned Jellyfish", ("finned-jellyfish",)),
    "03121": ("Siamese Finned Jellyfish", ("finned-jellyfish", "sashimi-jellyfish")),
    "0320": ("Sashimi X-Wing", ("sashimi-x-wing",)),
    "0321": ("Sashimi Swordfish", ("sashimi-swordfish",)),
    "03211": ("Siamese Sashimi Swordfish", ("finned-swordfish", "sashimi-swordfish")),
    "0322": ("Sashimi Jellyfish", ("sashimi-jellyfish",)),
    "03221": ("Siamese Sashimi Jellyfish", ("finned-jellyfish", "sashimi-jellyfish")),
    "0331": ("Franken Swordfish", ("franken-swordfish",)),
    "0332": ("Franken Jellyfish", ("franken-jellyfish",)),
    "0340": ("Finned Franken X-Wing", ("finned-franken-x-wing",)),
    "0341": ("Finned Franken Swordfish", ("finned-franken-swordfish",)),
    "03411": ("Siamese Finned Franken Swordfish", ("finned-franken-swordfish",)),
    "0342": ("Finned Franken Jellyfish", ("finned-franken-jellyfish",)),
    "03421": ("Siamese Finned Franken Jellyfish", ("finned-franken-jellyfish",)),
    "0362": ("Finned Mutant Jellyfish", ("finned-mutant-jellyfish",)),
    "03621": ("Siamese Finned Mutant Jellyfish", ("finned-mutant-jellyfish",)),
    "0400": ("Skyscraper", ("skyscraper",)),
    "0401": ("2-String Kite", ("2-string-kite",)),
    "0402": ("Empty Rectangle", ("empty-rectangle", "hodoku-empty-rectangle")),
    # with two candidates in its box an Empty Rectangle is a Kite or a Turbot Fish, and
    # Sukaku's rule (ours) names a chain of two strong links by its shape
    "0402-1": ("Empty Rectangle (2 in its box)", _TWO_LINKS),
    "0403": ("Turbot Fish", ("turbot-fish",)),
    "0404": ("Dual 2-String Kite", ("2-string-kite",)),
    "0405": ("Dual Empty Rectangle", ("empty-rectangle", "hodoku-empty-rectangle")),
    "0500": ("Simple Colors Trap", ("simple-colouring",)),
    "0501": ("Simple Colors Wrap", ("simple-colouring",)),
    "0502": ("Multi-Colors 1", ("multi-colours-1",)),
    "0503": ("Multi-Colors 2", ("multi-colours-2",)),
    "0600": ("Uniqueness Test 1", ("unique-rectangle", "unique-rectangle-missing")),
    "0601": ("Uniqueness Test 2", ("unique-rectangle-2", "unique-rectangle-2-missing")),
    "0602": ("Uniqueness Test 3", ("unique-rectangle-3", "unique-rectangle-3-missing")),
    "0603": ("Uniqueness Test 4", ("unique-rectangle-4", "unique-rectangle-4-missing")),
    "0604": ("Uniqueness Test 5", ("unique-rectangle-5", "unique-rectangle-5-missing")),
    "0605": ("Uniqueness Test 6", ("unique-rectangle-6", "unique-rectangle-6-missing")),
    "0606": ("Hidden Rectangle", ("hidden-unique-rectangle", "hidden-unique-rectangle-missing")),
    "0607": ("Avoidable Rectangle Type 1", ("avoidable-rectangle",)),
    "0608": ("Avoidable Rectangle Type 2", ("avoidable-rectangle-2",)),
    "0610": ("BUG+1", ("bug",)),
    "0701": ("X-Chain", ("x-chain", "x-chain-3", "x-chain-4")),
    "0702": ("XY-Chain", ("hodoku-xy-chain",)),
    "0703": ("Remote Pair", ("remote-pair",)),
    "0706": ("Continuous Nice Loop", ("continuous-nice-loop",)),
    "0707": ("Discontinuous Nice Loop", ("discontinuous-nice-loop",)),
    "0708": ("AIC", ("alternating-inference-chain",)),
    "0709": ("Grouped Continuous Nice Loop", ("grouped-continuous-nice-loop",)),
    "0710": ("Grouped Discontinuous Nice Loop", ("grouped-discontinuous-nice-loop",)),
    "0711": ("Grouped AIC", ("grouped-aic",)),
    "0800": ("XY-Wing", ("xy-wing",)),
    "0801": ("XYZ-Wing", ("xyz-wing",)),
    "0803": ("W-Wing", ("w-wing",)),
    "0901": ("ALS-XZ", ("als-xz",)),
    "0902": ("ALS-XY-Wing", ("als-xy-wing",)),
    "0903": ("ALS-XY-Chain", ("als-chain",)),
    "0904": ("Death Blossom", ("death-blossom",)),
    "1101": ("Sue de Coq", ("sue-de-coq",)),
    "1201": ("Template Set", ("template-set",)),
    "1202": ("Template Delete", ("template-delete",)),
}

#: HoDoKu's codes in the library that no technique of ours finds, and why
NO_COUNTERPART: dict[str, tuple[str, str]] = {
    "0363": (
        "Finned Mutant Squirmbag",
        "fish of five houses or more: not built (issue 28: up to 4)",
    ),
    "0364": ("Finned Mutant Whale", "fish of five houses or more: not built (issue 28: up to 4)"),
}

ROUNDS = 12  # passes over a position before a case counts as not found
STEPS_PER_PASS = 5000  # the most steps taken from one pass of a finder


@dataclass(frozen=True, slots=True)
class Case:
    """One line of the library."""

    line: int
    code: str  # HoDoKu's code without its variant: ``0600``
    variant: str  # ``1``, ``2``, ``x`` (a fail case) or ""
    digits: tuple[int, ...]  # 81, 0 for an open cell
    givens: int  # the cells that are givens (not placed by the solver), as a CellSet
    deleted: tuple[Candidate, ...]
    eliminations: tuple[Candidate, ...]
    placements: tuple[Candidate, ...]

    @property
    def fail_case(self) -> bool:
        return self.variant == "x"

    @property
    def label(self) -> str:
        return self.code + (f"-{self.variant}" if self.variant else "")


def candidates_of(text: str, where: str) -> tuple[Candidate, ...]:
    """``"436 257"`` -> ((r3c6, 4), (r5c7, 2)) as (cell, digit)."""
    out = []
    for item in text.split():
        if len(item) != 3 or not item.isdigit() or "0" in item:
            raise ValueError(f"{where}: {item!r} is not <digit><row><col>")
        digit, row, col = (int(ch) for ch in item)
        out.append((9 * (row - 1) + col - 1, digit))
    return tuple(out)


def parse_case(text: str, line: int) -> Case:
    """A case from its line (``line`` for the error messages)."""
    parts = text.strip().split(":")
    if len(parts) < 7 or parts[0]:
        raise ValueError(f"line {line}: not :<code>:<candidates>:<givens>:... ({text[:40]!r})")
    code, _, variant = parts[1].partition("-")
    digits: list[int] = []
    givens = 0
    placed = False
    for ch in parts[3]:
        if ch == "+":
            placed = True
            continue
        if ch in ".0":
            digits.append(0)
        elif ch.isdigit():
            if not placed:
                givens |= 1 << len(digits)
            digits.append(int(ch))
        else:
            raise ValueError(f"line {line}: {ch!r} in the givens")
        placed = False
    if len(digits) != 81:
        raise ValueError(f"line {line}: {len(digits)} cells in the givens, not 81")
    where = f"line {line}"
    return Case(
        line,
        code,
        variant,
        tuple(digits),
        givens,
        candidates_of(parts[4], where),
        candidates_of(parts[5], where),
        candidates_of(parts[6], where),
    )


def read_library(path: Path) -> list[Case]:
    cases = []
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        text = text.strip()
        if text and not text.startswith("#"):
            cases.append(parse_case(text, number))
    return cases


def board_of(case: Case) -> Board:
    """The case's position: its digits, every candidate they allow, less the deleted."""
    board = Board.from_grid(case.digits)
    board.givens = case.givens
    for cell, digit in case.deleted:
        if board.has(cell, digit):
            board.eliminate(cell, digit)
    return board


def solution_of(case: Case, board: Board) -> tuple[int, ...] | None:
    """The position's solution, if its digits have exactly one; else the one solution
    that keeps every candidate of the position, if exactly one does; else None."""
    found = list(islice(solutions(case.digits), 2))
    if len(found) == 1:
        return found[0]
    fitting = [
        s
        for s in islice(solutions(case.digits), 1000)
        if all(board.has(c, s[c]) or case.digits[c] for c in range(81))
    ]
    return fitting[0] if len(fitting) == 1 else None


@dataclass(slots=True)
class Outcome:
    """What the mapped techniques did with one case."""

    kind: str  # found1, found, partial, other, missed, fired, quiet, unsolvable
    unsound: list[str] = field(default_factory=list)
    steps: int = 0  # steps yielded over all passes
    seconds: float = 0.0
    first: str = ""  # the first step's text, for --verbose


def steps_of(techniques: tuple[Technique, ...], board: Board) -> Iterator[Step]:
    """Every step the techniques' finders yield on the board, of those techniques."""
    wanted = set(techniques)
    for finder in dict.fromkeys(FINDERS[t] for t in techniques):
        yield from islice((s for s in finder(board) if s.technique in wanted), STEPS_PER_PASS)


def effects(
    board: Board, eliminations: Iterable[Candidate], placements: Iterable[Candidate]
) -> set[Candidate]:
    """What a step (or a case) does, as removed candidates: a placement removes the cell's
    other candidates (HoDoKu expects either form: BUG+1 removes, our BUG+1 places), and
    is recorded itself as (cell, -digit)."""
    done = set(eliminations)
    for cell, digit in placements:
        done.add((cell, -digit))
        done.update((cell, d) for d in DIGITS_OF[board.masks[cell]] if d != digit)
    return done


def run_case(case: Case, techniques: tuple[Technique, ...]) -> Outcome:
    board = board_of(case)
    answer = solution_of(case, board)
    if answer is None:
        return Outcome("unsolvable")
    expected = effects(board, case.eliminations, case.placements)
    #: each expected placement, with the removals that make it too
    others = {
        (cell, -digit): {(cell, d) for d in DIGITS_OF[board.masks[cell]] if d != digit}
        for cell, digit in case.placements
    }

    def with_placements(done: set[Candidate]) -> set[Candidate]:
        return done | {placed for placed, rest in others.items() if rest and rest <= done}

    made: set[Candidate] = set()
    outcome = Outcome("missed")
    started = time.process_time()
    for round_ in range(ROUNDS):
        steps = [s for s in steps_of(techniques, board) if sound(s, answer, case, outcome)]
        for step in steps:
            done = with_placements(effects(board, step.eliminations, step.placements))
            if round_ == 0 and expected and expected <= done:
                outcome.kind = "found1"
            made |= done
        made = with_placements(made)
        if case.fail_case or outcome.kind == "found1" or expected <= made:
            break
        if not apply_sound(board, steps, answer):
            break
    outcome.seconds = time.process_time() - started
    if case.fail_case:
        outcome.kind = "fired" if outcome.steps else "quiet"
    elif outcome.kind != "found1":
        if expected and expected <= made:
            outcome.kind = "found"
        elif expected & made:
            outcome.kind = "partial"
        elif outcome.steps:
            outcome.kind = "other"
    return outcome


def sound(step: Step, answer: tuple[int, ...], case: Case, outcome: Outcome) -> bool:
    """Whether the step removes no digit of the solution and places no wrong one (an
    unsound step is recorded in the outcome)."""
    outcome.steps += 1
    if not outcome.first:
        outcome.first = step.explanation
    if any(answer[c] == d for c, d in step.eliminations) or any(
        answer[c] != d for c, d in step.placements
    ):
        outcome.unsound.append(f"line {case.line}: {step.explanation}")
        return False
    return True


def apply_sound(board: Board, steps: list[Step], answer: tuple[int, ...]) -> bool:
    """Make the (sound) steps' moves on the board for the next pass; False if none
    changes it."""
    progress = False
    for step in steps:
        for cell, digit in step.eliminations:
            if board.has(cell, digit):
                board.eliminate(cell, digit)
                progress = True
        for cell, digit in step.placements:
            if not board.digits[cell] and answer[cell] == digit:
                board.place(cell, digit)
                progress = True
    return progress


def mapping_key(case: Case) -> str | None:
    """The key of ``MAPPING`` the case falls under (its code with its variant first)."""
    for key in (case.label, case.code):
        if key in MAPPING:
            return key
    return None
