"""Techniques and the steps they find (core layer).

A ``Technique`` is a name, a key (as the command line spells it), a base rating on Sudoku
Explainer's scale, a family and a default colour (from ``colours``, the one colour table:
the seed VBA's colours for the basics, magenta naked singles, cyan hidden singles, light
purple locked candidates and naked subsets, yellow guesses). Each technique is declared
once, beside its finder (``FULL_HOUSE`` in ``techniques/singles.py``, ``X_WING`` in
``techniques/fish.py``); their order is the catalogue's (``techniques.CATALOGUE``), which
lists each with its finder. Only the search's steps, which no finder makes, are declared
here (``GUESS``, ``CONTRADICTION``, ``BACKTRACK``).

A ``Step`` is one deduction, immutable: what it places and removes, which candidates
form its pattern (with their role), the houses involved, its rating and one line of
explanation in the community's usual wording.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from .colours import RGB, YELLOW
from .glossary import Candidate, Cell, Digit, House
from .grid import cell_name


class Family(StrEnum):
    """The families of techniques: what ``--techniques`` and the workbook's switches choose
    by, and what colours a technique (its family's colour, but for the basics'). A member
    is its name as people read it: ``Family.SINGLE_DIGIT_CHAINS == "single-digit chains"``;
    one misspelt is an ``AttributeError`` where a string would have matched nothing."""

    SINGLES = "singles"
    INTERSECTIONS = "intersections"
    SUBSETS = "subsets"
    FISH = "fish"
    SINGLE_DIGIT_CHAINS = "single-digit chains"
    WINGS = "wings"
    UNIQUENESS = "uniqueness"
    EXCLUSION = "exclusion"
    CHAINS = "chains"
    FORCING_CHAINS = "forcing chains"
    ALS = "als"
    FRANKEN_AND_MUTANT_FISH = "franken and mutant fish"
    TEMPLATES = "templates"
    GUESSES = "guesses"  # GUESS's: the search's, in no catalogue


@dataclass(frozen=True, slots=True)
class Technique:
    """One solving technique: how it is named, rated, grouped and coloured."""

    key: str  # "hidden-single"
    name: str  # "Hidden Single"
    rating: float  # base difficulty on Sudoku Explainer's scale
    family: Family
    colour: RGB
    uniqueness: bool = False  # valid only for a puzzle with one solution
    #: techniques of one group (Sudoku Explainer's "rule") are searched together and the
    #: easiest step of any of them is taken: the engine treats them as one technique
    group: str = ""

    def __str__(self) -> str:
        return self.name


GUESS = Technique("guess", "Guess", 10.0, Family.GUESSES, YELLOW)
CONTRADICTION = Technique("contradiction", "Contradiction", 10.0, Family.GUESSES, YELLOW)
BACKTRACK = Technique("backtrack", "Backtrack", 10.0, Family.GUESSES, YELLOW)

#: the steps of the search, not techniques: they are never selectable
SEARCH_STEPS: Final[tuple[Technique, ...]] = (GUESS, CONTRADICTION, BACKTRACK)


class Role(Enum):
    """What a highlighted candidate is in a step."""

    PATTERN = "pattern"  # part of the pattern that proves the step
    ALTERNATE = "alternate"  # the other side of a chain or colouring
    REMOVED = "removed"  # eliminated by the step
    PLACED = "placed"  # set by the step


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction (or one move of the search): what it does and why."""

    technique: Technique
    explanation: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    pattern: tuple[Candidate, ...] = ()  # candidates that make the pattern
    alternate: tuple[Candidate, ...] = ()  # a chain's or colouring's other side
    houses: tuple[House, ...] = ()  # the rows, columns and boxes of the pattern
    rating: float = 0.0  # this step's difficulty; 0 means the technique's base rating
    level: int = 0  # the guess level the step was taken at
    details: tuple[str, ...] = ()  # a forcing chain's chains, one line each

    @property
    def difficulty(self) -> float:
        """The step's rating on Sudoku Explainer's scale."""
        return self.rating or self.technique.rating

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell the step involves, in order: pattern, then changed cells."""
        seen: dict[Cell, None] = {}
        for cell, _ in self.pattern + self.alternate + self.placements + self.eliminations:
            seen.setdefault(cell, None)
        return tuple(seen)

    def highlights(self) -> tuple[tuple[Cell, Digit, Role], ...]:
        """Each involved candidate with its role, for painting."""
        out = [(c, d, Role.PATTERN) for c, d in self.pattern]
        out += [(c, d, Role.ALTERNATE) for c, d in self.alternate]
        out += [(c, d, Role.REMOVED) for c, d in self.eliminations]
        out += [(c, d, Role.PLACED) for c, d in self.placements]
        return tuple(out)

    def __str__(self) -> str:
        return self.explanation


def names(cells: Iterable[Cell]) -> str:
    """``r1c2, r3c4``."""
    return ", ".join(cell_name(c) for c in cells)


def digits_text(digits: Iterable[Digit]) -> str:
    """``4/7``: a set of digits as the community writes it."""
    return "/".join(str(d) for d in sorted(digits))


def removals_text(eliminations: Iterable[Candidate]) -> str:
    """``removes 4 from r6c4, r6c6; 7 from r6c6``: eliminations grouped by digit."""
    by_digit: dict[Digit, list[Cell]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    parts = [f"{d} from {names(sorted(cells))}" for d, cells in sorted(by_digit.items())]
    return "removes " + "; ".join(parts)
