"""Techniques and the steps they find (core layer).

Each ``Technique`` is defined here: its name, its key (as the command line spells it),
its base rating on Sudoku Explainer's scale, its family, and its default colour (from
``colours``, the one colour table: the seed VBA's colours for the basics, magenta naked
singles, cyan hidden singles, light purple locked candidates and naked subsets, yellow
guesses). Their order and their finders are the catalogue's (``techniques.CATALOGUE``).

A ``Step`` is one deduction, immutable: what it places and removes, which candidates
form its pattern (with their role), the houses involved, its rating and one line of
explanation in the community's usual wording.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from .colours import (
    BLUE,
    CORAL,
    CYAN,
    GREEN,
    GREY,
    LAVENDER,
    LIGHT_PURPLE,
    MAGENTA,
    MINT,
    ORANGE,
    PINK,
    RGB,
    TAN,
    YELLOW,
)
from .grid import Cell, Digit, House, cell_name


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


FULL_HOUSE = Technique("full-house", "Full House", 1.0, Family.SINGLES, MAGENTA)
HIDDEN_SINGLE = Technique("hidden-single", "Hidden Single", 1.2, Family.SINGLES, CYAN)
# Sudoku Explainer's direct techniques: a locked set whose eliminations leave a hidden
# single; the step places that single (Locking(true), HiddenSet(n, true))
DIRECT_POINTING = Technique("direct-pointing", "Direct Pointing", 1.7, Family.INTERSECTIONS, CYAN)
DIRECT_CLAIMING = Technique("direct-claiming", "Direct Claiming", 1.9, Family.INTERSECTIONS, CYAN)
DIRECT_HIDDEN_PAIR = Technique(
    "direct-hidden-pair", "Direct Hidden Pair", 2.0, Family.SUBSETS, CYAN
)
DIRECT_HIDDEN_TRIPLE = Technique(
    "direct-hidden-triple", "Direct Hidden Triple", 2.5, Family.SUBSETS, CYAN
)
NAKED_SINGLE = Technique("naked-single", "Naked Single", 2.3, Family.SINGLES, MAGENTA)
POINTING = Technique("pointing", "Pointing", 2.6, Family.INTERSECTIONS, LIGHT_PURPLE)
CLAIMING = Technique("claiming", "Claiming", 2.8, Family.INTERSECTIONS, LIGHT_PURPLE)
NAKED_PAIR = Technique("naked-pair", "Naked Pair", 3.0, Family.SUBSETS, LIGHT_PURPLE)
X_WING = Technique("x-wing", "X-Wing", 3.2, Family.FISH, ORANGE)
HIDDEN_PAIR = Technique("hidden-pair", "Hidden Pair", 3.4, Family.SUBSETS, LAVENDER)
NAKED_TRIPLE = Technique("naked-triple", "Naked Triple", 3.6, Family.SUBSETS, LIGHT_PURPLE)
SWORDFISH = Technique("swordfish", "Swordfish", 3.8, Family.FISH, ORANGE)
HIDDEN_TRIPLE = Technique("hidden-triple", "Hidden Triple", 4.0, Family.SUBSETS, LAVENDER)
XY_WING = Technique("xy-wing", "XY-Wing", 4.2, Family.WINGS, GREEN)
XYZ_WING = Technique("xyz-wing", "XYZ-Wing", 4.4, Family.WINGS, GREEN)


def _uniqueness(key: str, name: str, rating: float, group: str = "") -> Technique:
    return Technique(key, name, rating, Family.UNIQUENESS, TAN, uniqueness=True, group=group)


# Sudoku Explainer's "Unique Rectangle / Loop" rule, one group: 4.5 for a rectangle, 4.6-5.0
# for longer loops, type 3 more by the size of its set (each step carries its rating)
_UR = "unique-loops"
UNIQUE_RECTANGLE = _uniqueness("unique-rectangle", "Unique Rectangle Type 1", 4.5, _UR)
UNIQUE_RECTANGLE_2 = _uniqueness("unique-rectangle-2", "Unique Rectangle Type 2", 4.5, _UR)
# HoDoKu's name for SE's type 2 with the extra cells on a diagonal, or three of them
UNIQUE_RECTANGLE_5 = _uniqueness("unique-rectangle-5", "Unique Rectangle Type 5", 4.5, _UR)
UNIQUE_RECTANGLE_4 = _uniqueness("unique-rectangle-4", "Unique Rectangle Type 4", 4.5, _UR)
UNIQUE_RECTANGLE_3 = _uniqueness("unique-rectangle-3", "Unique Rectangle Type 3", 4.5, _UR)
UNIQUE_LOOP = _uniqueness("unique-loop", "Unique Loop", 4.6, _UR)
# HoDoKu's rectangles that SE does not have: ratings proposed on SE's scale
UNIQUE_RECTANGLE_6 = _uniqueness("unique-rectangle-6", "Unique Rectangle Type 6", 4.6)
HIDDEN_UNIQUE_RECTANGLE = _uniqueness("hidden-unique-rectangle", "Hidden Unique Rectangle", 4.6)
AVOIDABLE_RECTANGLE = _uniqueness("avoidable-rectangle", "Avoidable Rectangle Type 1", 4.5)
AVOIDABLE_RECTANGLE_2 = _uniqueness("avoidable-rectangle-2", "Avoidable Rectangle Type 2", 4.5)
NAKED_QUAD = Technique("naked-quad", "Naked Quad", 5.0, Family.SUBSETS, LIGHT_PURPLE)
JELLYFISH = Technique("jellyfish", "Jellyfish", 5.2, Family.FISH, ORANGE)
HIDDEN_QUAD = Technique("hidden-quad", "Hidden Quad", 5.4, Family.SUBSETS, LAVENDER)
# Sudoku Explainer's "Bivalue Universal Grave" rule, its types in the order SE tries them
BUG_PLUS_ONE = _uniqueness("bug", "BUG+1", 5.6)
BUG_TYPE_2 = _uniqueness("bug-2", "BUG Type 2", 5.7)
BUG_TYPE_4 = _uniqueness("bug-4", "BUG Type 4", 5.7)
BUG_TYPE_3 = _uniqueness("bug-3", "BUG Type 3", 5.8)
# Sukaku Explainer's "Scraper, Kite, Turbot" rule (StrongLinks(2)): X-Chains of two
# strong links, 4.0 when both lie in parallel lines, 4.1 otherwise, 4.3 with a grouped
# link (an empty rectangle, or a line whose places lie in two boxes).
_TWO_LINKS = "strong links"  # one rule in Sukaku: its steps sorted together
SKYSCRAPER = Technique(
    "skyscraper", "Skyscraper", 4.0, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
TWO_STRING_KITE = Technique(
    "2-string-kite", "2-String Kite", 4.1, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
TURBOT_FISH = Technique(
    "turbot-fish", "Turbot Fish", 4.1, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
EMPTY_RECTANGLE = Technique(
    "empty-rectangle", "Empty Rectangle", 4.3, Family.SINGLE_DIGIT_CHAINS, BLUE, group=_TWO_LINKS
)
GROUPED_TURBOT_FISH = Technique(
    "grouped-turbot-fish",
    "Grouped Turbot Fish",
    4.3,
    Family.SINGLE_DIGIT_CHAINS,
    BLUE,
    group=_TWO_LINKS,
)
# Sukaku's 3 and 4 strong-linked fishes (StrongLinks(3), StrongLinks(4)): X-Chains of
# three or four strong links, rated per step: the base, +0.1 with links of two kinds,
# +0.2 with a box and both kinds of line, +0.3 with a grouped link
X_CHAIN_3 = Technique(
    "x-chain-3", "X-Chain (3 strong links)", 5.4, Family.SINGLE_DIGIT_CHAINS, BLUE
)
X_CHAIN_4 = Technique(
    "x-chain-4", "X-Chain (4 strong links)", 5.8, Family.SINGLE_DIGIT_CHAINS, BLUE
)
# HoDoKu's finned and sashimi fish; Sudoku Explainer has none. Rated as Sukaku rates the
# strong-link chains that make the same eliminations: a finned X-Wing is a grouped
# Skyscraper (4.3), a sashimi X-Wing with one fin a Skyscraper (4.0); finned Swordfish
# and Jellyfish as grouped 3 and 4 strong-linked fishes (5.7, 6.1).
FINNED_X_WING = Technique("finned-x-wing", "Finned X-Wing", 4.3, Family.FISH, ORANGE)
SASHIMI_X_WING = Technique("sashimi-x-wing", "Sashimi X-Wing", 4.3, Family.FISH, ORANGE)
FINNED_SWORDFISH = Technique("finned-swordfish", "Finned Swordfish", 5.7, Family.FISH, ORANGE)
SASHIMI_SWORDFISH = Technique("sashimi-swordfish", "Sashimi Swordfish", 5.7, Family.FISH, ORANGE)
FINNED_JELLYFISH = Technique("finned-jellyfish", "Finned Jellyfish", 6.1, Family.FISH, ORANGE)
SASHIMI_JELLYFISH = Technique("sashimi-jellyfish", "Sashimi Jellyfish", 6.1, Family.FISH, ORANGE)
SIMPLE_COLOURING = Technique(
    "simple-colouring", "Simple Colouring", 5.4, Family.SINGLE_DIGIT_CHAINS, BLUE
)
W_WING = Technique("w-wing", "W-Wing", 5.8, Family.CHAINS, PINK)
# Sudoku Explainer's "Forcing Chains & Cycles": one rule, its easiest step taken
X_CYCLE = Technique("x-cycle", "X-Cycle", 6.5, Family.SINGLE_DIGIT_CHAINS, BLUE, group="chains")
Y_CYCLE = Technique("y-cycle", "Y-Cycle", 6.5, Family.CHAINS, PINK, group="chains")
X_CHAIN = Technique("x-chain", "X-Chain", 6.6, Family.SINGLE_DIGIT_CHAINS, BLUE, group="chains")
XY_CYCLE = Technique("xy-cycle", "Continuous Nice Loop", 7.0, Family.CHAINS, PINK, group="chains")
XY_CHAIN = Technique("xy-chain", "XY-Chain", 7.0, Family.CHAINS, PINK, group="chains")
AIC = Technique(
    "aic", "AIC", 7.0, Family.CHAINS, PINK, group="chains"
)  # alternating inference chain
NISHIO = Technique("nishio", "Nishio Forcing Chain", 7.5, Family.FORCING_CHAINS, CORAL)
CELL_FORCING = Technique(
    "cell-forcing-chain", "Cell Forcing Chain", 8.0, Family.FORCING_CHAINS, CORAL, group="multiple"
)
REGION_FORCING = Technique(
    "region-forcing-chain",
    "Region Forcing Chain",
    8.0,
    Family.FORCING_CHAINS,
    CORAL,
    group="multiple",
)
DYNAMIC_FORCING = Technique(
    "dynamic-forcing-chain", "Dynamic Forcing Chain", 8.5, Family.FORCING_CHAINS, CORAL
)
DYNAMIC_FORCING_PLUS = Technique(
    "dynamic-forcing-chain-plus", "Dynamic Forcing Chain (+)", 9.0, Family.FORCING_CHAINS, CORAL
)
# Sukaku Explainer's wings beyond XYZ: an almost locked set of 3-6 cells in one house
# and a bivalue cell (WXYZWingHint.java .. TUVWXYZWingHint.java: 5.5-5.6, 6.2-6.4, 6.6,
# 7.5); Sudoku Explainer's aligned exclusions (AlignedExclusionHint.java: 6.2, 7.5)
WXYZ_WING = Technique("wxyz-wing", "WXYZ-Wing", 5.5, Family.WINGS, GREEN)
VWXYZ_WING = Technique("vwxyz-wing", "VWXYZ-Wing", 6.2, Family.WINGS, GREEN)
UVWXYZ_WING = Technique("uvwxyz-wing", "UVWXYZ-Wing", 6.6, Family.WINGS, GREEN)
TUVWXYZ_WING = Technique("tuvwxyz-wing", "TUVWXYZ-Wing", 7.5, Family.WINGS, GREEN)
ALIGNED_PAIR_EXCLUSION = Technique(
    "aligned-pair-exclusion", "Aligned Pair Exclusion", 6.2, Family.EXCLUSION, GREY
)
ALIGNED_TRIPLE_EXCLUSION = Technique(
    "aligned-triple-exclusion", "Aligned Triple Exclusion", 7.5, Family.EXCLUSION, GREY
)
# HoDoKu's almost locked set techniques; Sudoku Explainer has none: rated by size on
# the scale of Sukaku's wings (techniques/als/, size_rating), the base being the
# smallest pattern that is not already a wing
ALS_XZ = Technique("als-xz", "ALS-XZ", 5.5, Family.ALS, GREEN)
ALS_XY_WING = Technique("als-xy-wing", "ALS-XY-Wing", 5.6, Family.ALS, GREEN)
ALS_CHAIN = Technique("als-chain", "ALS-Chain", 5.7, Family.ALS, GREEN)
DEATH_BLOSSOM = Technique("death-blossom", "Death Blossom", 5.6, Family.ALS, GREEN)
SUE_DE_COQ = Technique("sue-de-coq", "Sue de Coq", 5.5, Family.ALS, GREEN)
# valid on any grid, but only on a puzzle with one solution is it sure to find a step
# soon: on others a guess is quicker (see core/techniques/chains/nested.py)
NESTED_FORCING = Technique(
    "nested-forcing-chain",
    "Nested Forcing Chain",
    9.5,
    Family.FORCING_CHAINS,
    CORAL,
    uniqueness=True,
)
# HoDoKu's Empty Rectangles, every one of every box (techniques/empty_rectangles.py):
# Sukaku's rule sees one per box and digit; rated as it rates the grouped chain (4.3)
HODOKU_EMPTY_RECTANGLE = Technique(
    "hodoku-empty-rectangle", "Empty Rectangle", 4.3, Family.SINGLE_DIGIT_CHAINS, BLUE
)
# HoDoKu's Multi-Colours (techniques/colouring.py): two colour groups of a digit; a
# little above Simple Colouring (5.4)
MULTI_COLOURS_1 = Technique(
    "multi-colours-1", "Multi-Colours 1", 5.6, Family.SINGLE_DIGIT_CHAINS, BLUE
)
MULTI_COLOURS_2 = Technique(
    "multi-colours-2", "Multi-Colours 2", 5.5, Family.SINGLE_DIGIT_CHAINS, BLUE
)
# HoDoKu's Unique Rectangles with missing candidates (techniques/uniqueness/rectangles.py):
# a corner may lack a digit of the pair that logic took from it. Named and rated as the rectangles
# they are (a name they share with SE's rule's types chooses both)
_MISSING = "rectangles, missing candidates"
UNIQUE_RECTANGLE_MISSING = _uniqueness(
    "unique-rectangle-missing", "Unique Rectangle Type 1", 4.5, _MISSING
)
UNIQUE_RECTANGLE_2_MISSING = _uniqueness(
    "unique-rectangle-2-missing", "Unique Rectangle Type 2", 4.5, _MISSING
)
UNIQUE_RECTANGLE_3_MISSING = _uniqueness(
    "unique-rectangle-3-missing", "Unique Rectangle Type 3", 4.5, _MISSING
)
UNIQUE_RECTANGLE_4_MISSING = _uniqueness(
    "unique-rectangle-4-missing", "Unique Rectangle Type 4", 4.5, _MISSING
)
UNIQUE_RECTANGLE_5_MISSING = _uniqueness(
    "unique-rectangle-5-missing", "Unique Rectangle Type 5", 4.5, _MISSING
)
UNIQUE_RECTANGLE_6_MISSING = _uniqueness(
    "unique-rectangle-6-missing", "Unique Rectangle Type 6", 4.6, _MISSING
)
HIDDEN_UNIQUE_RECTANGLE_MISSING = _uniqueness(
    "hidden-unique-rectangle-missing", "Hidden Unique Rectangle", 4.6, _MISSING
)
# HoDoKu's Templates (techniques/templates.py): every way to place a digit nine times that
# fits the position; rated as SE rates Nishio (7.5), the single-digit trial they make
# exhaustive
TEMPLATE_SET = Technique("template-set", "Template Set", 7.5, Family.TEMPLATES, MINT)
TEMPLATE_DELETE = Technique("template-delete", "Template Delete", 7.5, Family.TEMPLATES, MINT)
# HoDoKu's Franken and Mutant fish of two to four houses (techniques/franken.py): boxes
# in the base or the cover (Franken), rows and columns mixed (Mutant); proposed above the
# finned fish of the same size (4.3, 5.7, 6.1): Franken +0.2, Mutant +0.4, fins +0.2. A
# family of their own: their search takes seconds a position (the jellyfish), so choosing
# the fish ("fish") does not choose them
_FRANKEN = Family.FRANKEN_AND_MUTANT_FISH
FRANKEN_X_WING = Technique("franken-x-wing", "Franken X-Wing", 4.5, _FRANKEN, ORANGE)
FRANKEN_SWORDFISH = Technique("franken-swordfish", "Franken Swordfish", 5.9, _FRANKEN, ORANGE)
FRANKEN_JELLYFISH = Technique("franken-jellyfish", "Franken Jellyfish", 6.3, _FRANKEN, ORANGE)
FINNED_FRANKEN_X_WING = Technique(
    "finned-franken-x-wing", "Finned Franken X-Wing", 4.7, _FRANKEN, ORANGE
)
FINNED_FRANKEN_SWORDFISH = Technique(
    "finned-franken-swordfish", "Finned Franken Swordfish", 6.1, _FRANKEN, ORANGE
)
FINNED_FRANKEN_JELLYFISH = Technique(
    "finned-franken-jellyfish", "Finned Franken Jellyfish", 6.5, _FRANKEN, ORANGE
)
MUTANT_X_WING = Technique("mutant-x-wing", "Mutant X-Wing", 4.7, _FRANKEN, ORANGE)
MUTANT_SWORDFISH = Technique("mutant-swordfish", "Mutant Swordfish", 6.1, _FRANKEN, ORANGE)
MUTANT_JELLYFISH = Technique("mutant-jellyfish", "Mutant Jellyfish", 6.5, _FRANKEN, ORANGE)
FINNED_MUTANT_X_WING = Technique(
    "finned-mutant-x-wing", "Finned Mutant X-Wing", 4.9, _FRANKEN, ORANGE
)
FINNED_MUTANT_SWORDFISH = Technique(
    "finned-mutant-swordfish", "Finned Mutant Swordfish", 6.3, _FRANKEN, ORANGE
)
FINNED_MUTANT_JELLYFISH = Technique(
    "finned-mutant-jellyfish", "Finned Mutant Jellyfish", 6.7, _FRANKEN, ORANGE
)
# HoDoKu's chains, found as HoDoKu finds them (techniques/aic/): every chain, not only
# the one Sudoku Explainer's rule takes; named as HoDoKu names them (three names are those
# of SE's chain rule's steps too: choosing the name chooses both). Rated as SE rates a
# chain of as many candidates: 6.5-6.6 of one digit, 7.0 otherwise, plus its length bonus;
# +0.3 with a group, +0.5 with an ALS
HODOKU_XY_CHAIN = Technique("hodoku-xy-chain", "XY-Chain", 7.0, Family.CHAINS, PINK)
REMOTE_PAIR = Technique("remote-pair", "Remote Pair", 7.0, Family.CHAINS, PINK)
_LOOPS = "nice loops"  # one search finds the three: the easiest step of them is taken
HODOKU_CONTINUOUS_NICE_LOOP = Technique(
    "continuous-nice-loop", "Continuous Nice Loop", 6.5, Family.CHAINS, PINK, group=_LOOPS
)
DISCONTINUOUS_NICE_LOOP = Technique(
    "discontinuous-nice-loop", "Discontinuous Nice Loop", 6.6, Family.CHAINS, PINK, group=_LOOPS
)
HODOKU_AIC = Technique("alternating-inference-chain", "AIC", 6.6, Family.CHAINS, PINK, group=_LOOPS)
_GROUPED = "grouped nice loops"
GROUPED_CONTINUOUS_NICE_LOOP = Technique(
    "grouped-continuous-nice-loop",
    "Grouped Continuous Nice Loop",
    6.8,
    Family.CHAINS,
    PINK,
    group=_GROUPED,
)
GROUPED_DISCONTINUOUS_NICE_LOOP = Technique(
    "grouped-discontinuous-nice-loop",
    "Grouped Discontinuous Nice Loop",
    6.9,
    Family.CHAINS,
    PINK,
    group=_GROUPED,
)
GROUPED_AIC = Technique("grouped-aic", "Grouped AIC", 6.9, Family.CHAINS, PINK, group=_GROUPED)
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


Candidate = tuple[Cell, Digit]


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
