"""The logic techniques: the catalogue, and one finder per technique (core layer).

A finder takes a ``Board`` and yields every ``Step`` its technique finds there, in a
fixed order; it never changes the board. A technique is declared once, as a ``Technique``
constant in its finder's module, above the finder (``X_WING`` and ``x_wings`` in
``fish.py``; the chaining rules' in ``chains/text.py``, which names a hint's technique).
``CATALOGUE`` is the one ordered list of the techniques, one line each with its finder:
``TECHNIQUES`` (the engine's order), ``FINDERS``, ``NOT_IN_SUKAKU``, ``BY_KEY``, the
families and the names the command line and the workbook take all come from it, and so
do the rating tables, the legend's colours, the hints, the benchmarks' family tables and
the documentation made from the catalogue. A technique in no catalogue line exists for
nothing: ``tests/core/test_catalogue.py`` fails for one declared but not listed.

What finders remember. A finder's steps are a function of the board alone; what it
remembers only saves time, by one of two rules:

- *The last position* (a position without an Aligned Pair, a wing or a forcing chain, the
  last static links or closures, the houses' masks): kept in the board's ``Memory``
  (``board.Memory``), one per ``LogicSolver``, never in the module. Such a memory is
  read and then written in several steps, and a second solver (a second thread) would
  interleave with them.
- *A keyed memory* (``functools.lru_cache``, or a dict that starts afresh when full:
  ``uniqueness.loops._LOOPS``, ``chains.plus``'s four, ``chains.inner_links._CHAIN_FREE`` and
  ``_SOURCE_REACH``, ``strong_links``' and ``als``' dicts): may stay in the module
  when its value is a pure function of its key, the key holds everything the value is
  made from (immutable ints and tuples), the value is never changed once stored, and
  each read and each write is one dict or list operation (atomic). Two threads may then
  both make a missing entry or lose one to a ``clear``; neither can read a wrong one.
  ``als.sets._HOUSE_LAST`` (the sets last made for a house, reused where a set's cells are
  unchanged) is read and written as one tuple per house, and only saves making equal
  sets again.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from typing import Final

from ..board import Board
from ..steps import SEARCH_STEPS, Step, Technique
from .aic.loops import (
    DISCONTINUOUS_NICE_LOOP,
    GROUPED_AIC,
    GROUPED_CONTINUOUS_NICE_LOOP,
    GROUPED_DISCONTINUOUS_NICE_LOOP,
    HODOKU_AIC,
    HODOKU_CONTINUOUS_NICE_LOOP,
    grouped_nice_loops,
    nice_loops,
)
from .aic.xy import HODOKU_XY_CHAIN, REMOTE_PAIR, remote_pairs, xy_chains
from .als.finders import (
    ALS_CHAIN,
    ALS_XY_WING,
    ALS_XZ,
    DEATH_BLOSSOM,
    als_chains,
    als_xy_wings,
    als_xz,
    death_blossoms,
)
from .chains.finders import (
    dynamic_forcing_chains,
    dynamic_forcing_chains_plus,
    forcing_chains_and_cycles,
    multiple_forcing_chains,
    nishio_forcing_chains,
)
from .chains.nested import nested_forcing_chains
from .chains.text import (
    AIC,
    CELL_FORCING,
    DYNAMIC_FORCING,
    DYNAMIC_FORCING_PLUS,
    NESTED_FORCING,
    NISHIO,
    REGION_FORCING,
    X_CHAIN,
    X_CYCLE,
    XY_CHAIN,
    XY_CYCLE,
    Y_CYCLE,
)
from .colouring import (
    MULTI_COLOURS_1,
    MULTI_COLOURS_2,
    SIMPLE_COLOURING,
    multi_colours_1,
    multi_colours_2,
    simple_colouring,
)
from .direct import (
    DIRECT_CLAIMING,
    DIRECT_HIDDEN_PAIR,
    DIRECT_HIDDEN_TRIPLE,
    DIRECT_POINTING,
    direct_claiming,
    direct_hidden_pairs,
    direct_hidden_triples,
    direct_pointing,
)
from .empty_rectangles import HODOKU_EMPTY_RECTANGLE, empty_rectangles
from .exclusion import (
    ALIGNED_PAIR_EXCLUSION,
    ALIGNED_TRIPLE_EXCLUSION,
    aligned_pair_exclusions,
    aligned_triple_exclusions,
)
from .fish import (
    FINNED_JELLYFISH,
    FINNED_SWORDFISH,
    FINNED_X_WING,
    JELLYFISH,
    SASHIMI_JELLYFISH,
    SASHIMI_SWORDFISH,
    SASHIMI_X_WING,
    SWORDFISH,
    X_WING,
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
from .franken import (
    FINNED_FRANKEN_JELLYFISH,
    FINNED_FRANKEN_SWORDFISH,
    FINNED_FRANKEN_X_WING,
    FINNED_MUTANT_JELLYFISH,
    FINNED_MUTANT_SWORDFISH,
    FINNED_MUTANT_X_WING,
    FRANKEN_JELLYFISH,
    FRANKEN_SWORDFISH,
    FRANKEN_X_WING,
    MUTANT_JELLYFISH,
    MUTANT_SWORDFISH,
    MUTANT_X_WING,
    finned_franken_jellyfish,
    finned_franken_swordfish,
    finned_franken_x_wings,
    finned_mutant_jellyfish,
    finned_mutant_swordfish,
    finned_mutant_x_wings,
    franken_jellyfish,
    franken_swordfish,
    franken_x_wings,
    mutant_jellyfish,
    mutant_swordfish,
    mutant_x_wings,
)
from .intersections import CLAIMING, POINTING, claiming, pointing
from .singles import (
    FULL_HOUSE,
    HIDDEN_SINGLE,
    NAKED_SINGLE,
    full_houses,
    hidden_singles,
    naked_singles,
)
from .strong_links import (
    EMPTY_RECTANGLE,
    GROUPED_TURBOT_FISH,
    SKYSCRAPER,
    TURBOT_FISH,
    TWO_STRING_KITE,
    X_CHAIN_3,
    X_CHAIN_4,
    two_strong_links,
    x_chains_3,
    x_chains_4,
)
from .subsets import (
    HIDDEN_PAIR,
    HIDDEN_QUAD,
    HIDDEN_TRIPLE,
    NAKED_PAIR,
    NAKED_QUAD,
    NAKED_TRIPLE,
    hidden_pairs,
    hidden_quads,
    hidden_triples,
    naked_pairs,
    naked_quads,
    naked_triples,
)
from .sue_de_coq import SUE_DE_COQ, sue_de_coqs
from .templates import TEMPLATE_DELETE, TEMPLATE_SET, templates_delete, templates_set
from .uniqueness.bug import (
    BUG_PLUS_ONE,
    BUG_TYPE_2,
    BUG_TYPE_3,
    BUG_TYPE_4,
    bug_plus_one,
    bug_type_2,
    bug_type_3,
    bug_type_4,
)
from .uniqueness.loops import (
    UNIQUE_LOOP,
    UNIQUE_RECTANGLE,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_3,
    UNIQUE_RECTANGLE_4,
    UNIQUE_RECTANGLE_5,
    unique_rectangles_and_loops,
)
from .uniqueness.rectangles import (
    AVOIDABLE_RECTANGLE,
    AVOIDABLE_RECTANGLE_2,
    HIDDEN_UNIQUE_RECTANGLE,
    HIDDEN_UNIQUE_RECTANGLE_MISSING,
    UNIQUE_RECTANGLE_2_MISSING,
    UNIQUE_RECTANGLE_3_MISSING,
    UNIQUE_RECTANGLE_4_MISSING,
    UNIQUE_RECTANGLE_5_MISSING,
    UNIQUE_RECTANGLE_6,
    UNIQUE_RECTANGLE_6_MISSING,
    UNIQUE_RECTANGLE_MISSING,
    avoidable_rectangles,
    avoidable_rectangles_2,
    hidden_unique_rectangles,
    unique_rectangles_6,
    unique_rectangles_missing,
)
from .wings import (
    TUVWXYZ_WING,
    UVWXYZ_WING,
    VWXYZ_WING,
    W_WING,
    WXYZ_WING,
    XY_WING,
    XYZ_WING,
    tuvwxyz_wings,
    uvwxyz_wings,
    vwxyz_wings,
    w_wings,
    wxyz_wings,
    xy_wings,
    xyz_wings,
)

Finder = Callable[[Board], Iterator[Step]]
#: one line of the catalogue: a technique and its finder
Entry = tuple[Technique, Finder]

#: Sukaku Explainer's rules, in the order it tries them (its steps and ratings follow
#: from this order). Techniques of one ``group`` stand together: the engine searches them
#: as one and takes the easiest step of any of them.
_SUKAKU: Final[tuple[Entry, ...]] = (
    (FULL_HOUSE, full_houses),
    (HIDDEN_SINGLE, hidden_singles),
    (DIRECT_POINTING, direct_pointing),
    (DIRECT_CLAIMING, direct_claiming),
    (DIRECT_HIDDEN_PAIR, direct_hidden_pairs),
    (NAKED_SINGLE, naked_singles),
    (DIRECT_HIDDEN_TRIPLE, direct_hidden_triples),
    (POINTING, pointing),
    (CLAIMING, claiming),
    (NAKED_PAIR, naked_pairs),
    (X_WING, x_wings),
    (HIDDEN_PAIR, hidden_pairs),
    (NAKED_TRIPLE, naked_triples),
    (SWORDFISH, swordfish),
    (HIDDEN_TRIPLE, hidden_triples),
    # Sukaku's "Scraper, Kite, Turbot" rule, one group: its steps in Sukaku's order
    (SKYSCRAPER, two_strong_links),
    (TWO_STRING_KITE, two_strong_links),
    (TURBOT_FISH, two_strong_links),
    (EMPTY_RECTANGLE, two_strong_links),
    (GROUPED_TURBOT_FISH, two_strong_links),
    (XY_WING, xy_wings),
    (XYZ_WING, xyz_wings),
    (UNIQUE_RECTANGLE, unique_rectangles_and_loops),
    (UNIQUE_RECTANGLE_2, unique_rectangles_and_loops),
    (UNIQUE_RECTANGLE_3, unique_rectangles_and_loops),
    (UNIQUE_RECTANGLE_4, unique_rectangles_and_loops),
    (UNIQUE_RECTANGLE_5, unique_rectangles_and_loops),
    (UNIQUE_LOOP, unique_rectangles_and_loops),
    (NAKED_QUAD, naked_quads),
    (JELLYFISH, jellyfish),
    (HIDDEN_QUAD, hidden_quads),
    (X_CHAIN_3, x_chains_3),
    (WXYZ_WING, wxyz_wings),
    (BUG_PLUS_ONE, bug_plus_one),
    (BUG_TYPE_2, bug_type_2),
    (BUG_TYPE_4, bug_type_4),
    (BUG_TYPE_3, bug_type_3),
    (X_CHAIN_4, x_chains_4),
    (VWXYZ_WING, vwxyz_wings),
    (ALIGNED_PAIR_EXCLUSION, aligned_pair_exclusions),
    (UVWXYZ_WING, uvwxyz_wings),
    (X_CYCLE, forcing_chains_and_cycles),
    (Y_CYCLE, forcing_chains_and_cycles),
    (X_CHAIN, forcing_chains_and_cycles),
    (XY_CYCLE, forcing_chains_and_cycles),
    (XY_CHAIN, forcing_chains_and_cycles),
    (AIC, forcing_chains_and_cycles),
    (TUVWXYZ_WING, tuvwxyz_wings),
    (ALIGNED_TRIPLE_EXCLUSION, aligned_triple_exclusions),
    (NISHIO, nishio_forcing_chains),
    (CELL_FORCING, multiple_forcing_chains),
    (REGION_FORCING, multiple_forcing_chains),
    (DYNAMIC_FORCING, dynamic_forcing_chains),
    (DYNAMIC_FORCING_PLUS, dynamic_forcing_chains_plus),
    (NESTED_FORCING, nested_forcing_chains),
)
#: HoDoKu's techniques that Sukaku Explainer lacks: after all of Sukaku's rules (placed
#: among them, at their ratings, they pre-empt its chains and rate puzzles below Sukaku).
#: They are there to choose (--techniques), and never run where Sukaku's rules found a step.
_NOT_IN_SUKAKU: Final[tuple[Entry, ...]] = (
    (SIMPLE_COLOURING, simple_colouring),
    (W_WING, w_wings),
    (UNIQUE_RECTANGLE_6, unique_rectangles_6),
    (HIDDEN_UNIQUE_RECTANGLE, hidden_unique_rectangles),
    (AVOIDABLE_RECTANGLE, avoidable_rectangles),
    (AVOIDABLE_RECTANGLE_2, avoidable_rectangles_2),
    (FINNED_X_WING, finned_x_wings),
    (SASHIMI_X_WING, sashimi_x_wings),
    (FINNED_SWORDFISH, finned_swordfish),
    (SASHIMI_SWORDFISH, sashimi_swordfish),
    (FINNED_JELLYFISH, finned_jellyfish),
    (SASHIMI_JELLYFISH, sashimi_jellyfish),
    (SUE_DE_COQ, sue_de_coqs),
    (ALS_XZ, als_xz),
    (ALS_XY_WING, als_xy_wings),
    (ALS_CHAIN, als_chains),
    (DEATH_BLOSSOM, death_blossoms),
    (HODOKU_EMPTY_RECTANGLE, empty_rectangles),
    (MULTI_COLOURS_2, multi_colours_2),
    (MULTI_COLOURS_1, multi_colours_1),
    (FRANKEN_X_WING, franken_x_wings),
    (FINNED_FRANKEN_X_WING, finned_franken_x_wings),
    (MUTANT_X_WING, mutant_x_wings),
    (FINNED_MUTANT_X_WING, finned_mutant_x_wings),
    (FRANKEN_SWORDFISH, franken_swordfish),
    (FINNED_FRANKEN_SWORDFISH, finned_franken_swordfish),
    (MUTANT_SWORDFISH, mutant_swordfish),
    (FINNED_MUTANT_SWORDFISH, finned_mutant_swordfish),
    (FRANKEN_JELLYFISH, franken_jellyfish),
    (FINNED_FRANKEN_JELLYFISH, finned_franken_jellyfish),
    (MUTANT_JELLYFISH, mutant_jellyfish),
    (FINNED_MUTANT_JELLYFISH, finned_mutant_jellyfish),
    (UNIQUE_RECTANGLE_MISSING, unique_rectangles_missing),
    (UNIQUE_RECTANGLE_2_MISSING, unique_rectangles_missing),
    (UNIQUE_RECTANGLE_3_MISSING, unique_rectangles_missing),
    (UNIQUE_RECTANGLE_4_MISSING, unique_rectangles_missing),
    (UNIQUE_RECTANGLE_5_MISSING, unique_rectangles_missing),
    (UNIQUE_RECTANGLE_6_MISSING, unique_rectangles_missing),
    (HIDDEN_UNIQUE_RECTANGLE_MISSING, unique_rectangles_missing),
    (HODOKU_XY_CHAIN, xy_chains),
    (REMOTE_PAIR, remote_pairs),
    (HODOKU_CONTINUOUS_NICE_LOOP, nice_loops),
    (DISCONTINUOUS_NICE_LOOP, nice_loops),
    (HODOKU_AIC, nice_loops),
    (GROUPED_CONTINUOUS_NICE_LOOP, grouped_nice_loops),
    (GROUPED_DISCONTINUOUS_NICE_LOOP, grouped_nice_loops),
    (GROUPED_AIC, grouped_nice_loops),
    (TEMPLATE_SET, templates_set),
    (TEMPLATE_DELETE, templates_delete),
)
#: every technique the engine knows, with its finder, easiest first: the order of the
#: catalogue is the order in which the engine looks for a step (Sukaku Explainer's rules,
#: then the others)
CATALOGUE: Final[tuple[Entry, ...]] = _SUKAKU + _NOT_IN_SUKAKU
TECHNIQUES: Final[tuple[Technique, ...]] = tuple(t for t, _ in CATALOGUE)
NOT_IN_SUKAKU: Final[tuple[Technique, ...]] = tuple(t for t, _ in _NOT_IN_SUKAKU)
FINDERS: Final[dict[Technique, Finder]] = dict(CATALOGUE)
BY_KEY: Final[dict[str, Technique]] = {t.key: t for t in TECHNIQUES + SEARCH_STEPS}
#: the families of ``TECHNIQUES``, in the engine's order
FAMILIES: Final[tuple[str, ...]] = tuple(dict.fromkeys(t.family for t in TECHNIQUES))

#: the techniques some of whose steps rate below the technique's own rating, with the
#: lowest rating one can have (``lowest_rating``): their finders rate a step by its pattern
_RATED_BELOW: Final[dict[Technique, float]] = {
    SASHIMI_X_WING: 4.0,  # one fin: a Skyscraper (fish._finned_step)
    # als.size_rating(cells, sets): 4.4 (an XYZ-Wing's) for the fewest cells, then 0.1 for
    # every set beyond two
    ALS_XZ: 4.4,  # two sets, a cell each
    ALS_XY_WING: 4.5,  # three sets
    DEATH_BLOSSOM: 4.5,  # a stem of two digits or more and a petal each: three sets or more
    ALS_CHAIN: 4.6,  # four sets or more
}


def lowest_rating(technique: Technique) -> float:
    """The lowest rating a step of ``technique`` can have, so the lowest a puzzle whose
    solve uses it can rate (a puzzle rates as its hardest step).

    A step rates as its technique unless its finder rates it (``Step.rating``), and the
    finders that do add to the technique's rating, but for ``_RATED_BELOW``'s: a chain
    of strong links, an ALS wing, a unique loop, a BUG or a chain by its size, kind or
    length (``strong_links.rating``, ``wings.wing_rating``, ``uniqueness.loops`` from
    4.5 for four cells and 4.6 for six, ``bug_type_3``, ``chains.hints.Hint.tenths`` and
    ``aic.loops``, from their rule's rating up); a Hidden Single in a box 1.2, in a line
    1.5; HoDoKu's Unique Rectangle Type 3 from 4.6; a Sue de Coq of four cells or more
    (``als.size_rating``) 5.5 or more.
    """
    return _RATED_BELOW.get(technique, technique.rating)


def name_key(name: str) -> str:
    """A technique's or family's name as it is looked up: lowercase, its words joined by
    hyphens (``X-Wing``, ``x wing`` and ``x_wing`` are all ``x-wing``)."""
    return "-".join(name.lower().replace("_", " ").replace("-", " ").split())


def _by_name() -> dict[str, tuple[Technique, ...]]:
    found: dict[str, tuple[Technique, ...]] = {}
    for t in TECHNIQUES:
        for spelling in dict.fromkeys(name_key(s) for s in (t.key, t.name)):
            found[spelling] = (*found.get(spelling, ()), t)
    return {
        **{name_key(f): tuple(t for t in TECHNIQUES if t.family == f) for f in FAMILIES},
        **found,
    }


#: the one list of names: each technique by its key and its name, each family by its name
#: (all techniques of the family), every spelling reduced by ``name_key``; a name two
#: techniques share (SE's chain rule's "XY-Chain" and HoDoKu's) names both
BY_NAME: Final[dict[str, tuple[Technique, ...]]] = _by_name()


def unknown_technique(name: str) -> str:
    """What is wrong with a name no technique has: the nearest name, not the whole list
    (there are over a hundred)."""
    close = difflib.get_close_matches(name_key(name), BY_NAME, n=1, cutoff=0.6)
    if close:
        return f"unknown technique {name!r}: did you mean {close[0]!r}?"
    return (
        f"unknown technique {name!r} (a technique's key such as 'x-wing', its name as the "
        "steps show it, or a family such as 'singles')"
    )


def select_techniques(names: Iterable[str | Technique] | None) -> tuple[Technique, ...]:
    """The techniques named, in the engine's order; every technique if ``names`` is None.

    A name is a technique's key (``x-wing``), its name (``X-Wing``) or a family
    (``singles``, ``intersections``, ``subsets``, ``fish``, ``wings``, ``uniqueness``,
    ``single-digit chains``, ``chains``), in any case, with hyphens, spaces or
    underscores between its words; so readalps' modes read ``singles,subsets`` (groups
    only) or ``singles,intersections`` (intersections only).
    """
    if names is None:
        return TECHNIQUES
    chosen: set[Technique] = set()
    for name in names:
        found = (name,) if isinstance(name, Technique) else BY_NAME.get(name_key(name))
        if not found:
            raise ValueError(unknown_technique(str(name)))
        chosen.update(found)
    return tuple(t for t in TECHNIQUES if t in chosen)


__all__ = [
    "BY_KEY",
    "BY_NAME",
    "CATALOGUE",
    "FAMILIES",
    "FINDERS",
    "NOT_IN_SUKAKU",
    "TECHNIQUES",
    "Entry",
    "Finder",
    "lowest_rating",
    "name_key",
    "select_techniques",
]
