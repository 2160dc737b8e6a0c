"""The logic techniques: the catalogue, and one finder per technique (core layer).

A finder takes a ``Board`` and yields every ``Step`` its technique finds there, in a
fixed order; it never changes the board. ``CATALOGUE`` is the one ordered list of the
techniques, one line each with its finder: ``TECHNIQUES`` (the engine's order),
``FINDERS``, ``NOT_IN_SUKAKU``, the families and the names the command line and the
workbook take all come from it.

What finders remember. A finder's steps are a function of the board alone; what it
remembers only saves time, by one of two rules:

- *The last position* (a position without an Aligned Pair, a wing or a forcing chain, the
  last static links or closures, the houses' masks): kept in the board's ``Memory``
  (``board.Memory``), one per ``LogicSolver``, never in the module. Such a memory is
  read and then written in several steps, and a second solver (a second thread) would
  interleave with them.
- *A keyed memory* (``functools.lru_cache``, or a dict that starts afresh when full:
  ``uniqueness.loops._LOOPS``, ``chains.plus``'s four, ``chains.nesting._CHAIN_FREE`` and
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

from .. import steps
from ..board import Board
from ..steps import SEARCH_STEPS, Step, Technique
from .aic import grouped_nice_loops, nice_loops, remote_pairs, xy_chains
from .als import als_chains, als_xy_wings, als_xz, death_blossoms
from .chains import (
    dynamic_forcing_chains,
    dynamic_forcing_chains_plus,
    forcing_chains_and_cycles,
    multiple_forcing_chains,
    nested_forcing_chains,
    nishio_forcing_chains,
)
from .colouring import multi_colours_1, multi_colours_2, simple_colouring
from .direct import direct_claiming, direct_hidden_pairs, direct_hidden_triples, direct_pointing
from .empty_rectangles import empty_rectangles
from .exclusion import aligned_pair_exclusions, aligned_triple_exclusions
from .fish import (
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
from .intersections import claiming, pointing
from .singles import full_houses, hidden_singles, naked_singles
from .strong_links import two_strong_links, x_chains_3, x_chains_4
from .subsets import (
    hidden_pairs,
    hidden_quads,
    hidden_triples,
    naked_pairs,
    naked_quads,
    naked_triples,
)
from .sue_de_coq import sue_de_coqs
from .templates import templates_delete, templates_set
from .uniqueness import (
    avoidable_rectangles,
    avoidable_rectangles_2,
    bug_plus_one,
    bug_type_2,
    bug_type_3,
    bug_type_4,
    hidden_unique_rectangles,
    unique_rectangles_6,
    unique_rectangles_and_loops,
    unique_rectangles_missing,
)
from .wings import (
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
    (steps.FULL_HOUSE, full_houses),
    (steps.HIDDEN_SINGLE, hidden_singles),
    (steps.DIRECT_POINTING, direct_pointing),
    (steps.DIRECT_CLAIMING, direct_claiming),
    (steps.DIRECT_HIDDEN_PAIR, direct_hidden_pairs),
    (steps.NAKED_SINGLE, naked_singles),
    (steps.DIRECT_HIDDEN_TRIPLE, direct_hidden_triples),
    (steps.POINTING, pointing),
    (steps.CLAIMING, claiming),
    (steps.NAKED_PAIR, naked_pairs),
    (steps.X_WING, x_wings),
    (steps.HIDDEN_PAIR, hidden_pairs),
    (steps.NAKED_TRIPLE, naked_triples),
    (steps.SWORDFISH, swordfish),
    (steps.HIDDEN_TRIPLE, hidden_triples),
    # Sukaku's "Scraper, Kite, Turbot" rule, one group: its steps in Sukaku's order
    (steps.SKYSCRAPER, two_strong_links),
    (steps.TWO_STRING_KITE, two_strong_links),
    (steps.TURBOT_FISH, two_strong_links),
    (steps.EMPTY_RECTANGLE, two_strong_links),
    (steps.GROUPED_TURBOT_FISH, two_strong_links),
    (steps.XY_WING, xy_wings),
    (steps.XYZ_WING, xyz_wings),
    (steps.UNIQUE_RECTANGLE, unique_rectangles_and_loops),
    (steps.UNIQUE_RECTANGLE_2, unique_rectangles_and_loops),
    (steps.UNIQUE_RECTANGLE_3, unique_rectangles_and_loops),
    (steps.UNIQUE_RECTANGLE_4, unique_rectangles_and_loops),
    (steps.UNIQUE_RECTANGLE_5, unique_rectangles_and_loops),
    (steps.UNIQUE_LOOP, unique_rectangles_and_loops),
    (steps.NAKED_QUAD, naked_quads),
    (steps.JELLYFISH, jellyfish),
    (steps.HIDDEN_QUAD, hidden_quads),
    (steps.X_CHAIN_3, x_chains_3),
    (steps.WXYZ_WING, wxyz_wings),
    (steps.BUG_PLUS_ONE, bug_plus_one),
    (steps.BUG_TYPE_2, bug_type_2),
    (steps.BUG_TYPE_4, bug_type_4),
    (steps.BUG_TYPE_3, bug_type_3),
    (steps.X_CHAIN_4, x_chains_4),
    (steps.VWXYZ_WING, vwxyz_wings),
    (steps.ALIGNED_PAIR_EXCLUSION, aligned_pair_exclusions),
    (steps.UVWXYZ_WING, uvwxyz_wings),
    (steps.X_CYCLE, forcing_chains_and_cycles),
    (steps.Y_CYCLE, forcing_chains_and_cycles),
    (steps.X_CHAIN, forcing_chains_and_cycles),
    (steps.XY_CYCLE, forcing_chains_and_cycles),
    (steps.XY_CHAIN, forcing_chains_and_cycles),
    (steps.AIC, forcing_chains_and_cycles),
    (steps.TUVWXYZ_WING, tuvwxyz_wings),
    (steps.ALIGNED_TRIPLE_EXCLUSION, aligned_triple_exclusions),
    (steps.NISHIO, nishio_forcing_chains),
    (steps.CELL_FORCING, multiple_forcing_chains),
    (steps.REGION_FORCING, multiple_forcing_chains),
    (steps.DYNAMIC_FORCING, dynamic_forcing_chains),
    (steps.DYNAMIC_FORCING_PLUS, dynamic_forcing_chains_plus),
    (steps.NESTED_FORCING, nested_forcing_chains),
)
#: HoDoKu's techniques that Sukaku Explainer lacks: after all of Sukaku's rules (placed
#: among them, at their ratings, they pre-empt its chains and rate puzzles below Sukaku).
#: They are there to choose (--techniques), and never run where Sukaku's rules found a step.
_NOT_IN_SUKAKU: Final[tuple[Entry, ...]] = (
    (steps.SIMPLE_COLOURING, simple_colouring),
    (steps.W_WING, w_wings),
    (steps.UNIQUE_RECTANGLE_6, unique_rectangles_6),
    (steps.HIDDEN_UNIQUE_RECTANGLE, hidden_unique_rectangles),
    (steps.AVOIDABLE_RECTANGLE, avoidable_rectangles),
    (steps.AVOIDABLE_RECTANGLE_2, avoidable_rectangles_2),
    (steps.FINNED_X_WING, finned_x_wings),
    (steps.SASHIMI_X_WING, sashimi_x_wings),
    (steps.FINNED_SWORDFISH, finned_swordfish),
    (steps.SASHIMI_SWORDFISH, sashimi_swordfish),
    (steps.FINNED_JELLYFISH, finned_jellyfish),
    (steps.SASHIMI_JELLYFISH, sashimi_jellyfish),
    (steps.SUE_DE_COQ, sue_de_coqs),
    (steps.ALS_XZ, als_xz),
    (steps.ALS_XY_WING, als_xy_wings),
    (steps.ALS_CHAIN, als_chains),
    (steps.DEATH_BLOSSOM, death_blossoms),
    (steps.HODOKU_EMPTY_RECTANGLE, empty_rectangles),
    (steps.MULTI_COLOURS_2, multi_colours_2),
    (steps.MULTI_COLOURS_1, multi_colours_1),
    (steps.FRANKEN_X_WING, franken_x_wings),
    (steps.FINNED_FRANKEN_X_WING, finned_franken_x_wings),
    (steps.MUTANT_X_WING, mutant_x_wings),
    (steps.FINNED_MUTANT_X_WING, finned_mutant_x_wings),
    (steps.FRANKEN_SWORDFISH, franken_swordfish),
    (steps.FINNED_FRANKEN_SWORDFISH, finned_franken_swordfish),
    (steps.MUTANT_SWORDFISH, mutant_swordfish),
    (steps.FINNED_MUTANT_SWORDFISH, finned_mutant_swordfish),
    (steps.FRANKEN_JELLYFISH, franken_jellyfish),
    (steps.FINNED_FRANKEN_JELLYFISH, finned_franken_jellyfish),
    (steps.MUTANT_JELLYFISH, mutant_jellyfish),
    (steps.FINNED_MUTANT_JELLYFISH, finned_mutant_jellyfish),
    (steps.UNIQUE_RECTANGLE_MISSING, unique_rectangles_missing),
    (steps.UNIQUE_RECTANGLE_2_MISSING, unique_rectangles_missing),
    (steps.UNIQUE_RECTANGLE_3_MISSING, unique_rectangles_missing),
    (steps.UNIQUE_RECTANGLE_4_MISSING, unique_rectangles_missing),
    (steps.UNIQUE_RECTANGLE_5_MISSING, unique_rectangles_missing),
    (steps.UNIQUE_RECTANGLE_6_MISSING, unique_rectangles_missing),
    (steps.HIDDEN_UNIQUE_RECTANGLE_MISSING, unique_rectangles_missing),
    (steps.HODOKU_XY_CHAIN, xy_chains),
    (steps.REMOTE_PAIR, remote_pairs),
    (steps.HODOKU_CONTINUOUS_NICE_LOOP, nice_loops),
    (steps.DISCONTINUOUS_NICE_LOOP, nice_loops),
    (steps.HODOKU_AIC, nice_loops),
    (steps.GROUPED_CONTINUOUS_NICE_LOOP, grouped_nice_loops),
    (steps.GROUPED_DISCONTINUOUS_NICE_LOOP, grouped_nice_loops),
    (steps.GROUPED_AIC, grouped_nice_loops),
    (steps.TEMPLATE_SET, templates_set),
    (steps.TEMPLATE_DELETE, templates_delete),
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
    "name_key",
    "select_techniques",
]
