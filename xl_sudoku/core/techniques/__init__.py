"""The logic techniques: one finder per technique (core layer).

A finder takes a ``Board`` and yields every ``Step`` its technique finds there, in a
fixed order; it never changes the board. ``FINDERS`` maps each technique of
``steps.TECHNIQUES`` to its finder.

What finders remember. A finder's steps are a function of the board alone; what it
remembers only saves time, by one of two rules:

- *The last position* (a position without an Aligned Pair, a wing or a forcing chain, the
  last static links or closures, the houses' masks): kept in the board's ``Memory``
  (``board.Memory``), one per ``LogicSolver``, never in the module. Such a memory is
  read and then written in several steps, and a second solver (a second thread) would
  interleave with them.
- *A keyed memory* (``functools.lru_cache``, or a dict that starts afresh when full:
  ``uniqueness.loops._LOOPS``, ``chains.plus``'s four, ``chains.nesting._CHAIN_FREE``,
  ``chains.rules._BASE``, ``strong_links``' and ``als``' dicts): may stay in the module
  when its value is a pure function of its key, the key holds everything the value is
  made from (immutable ints and tuples), the value is never changed once stored, and
  each read and each write is one dict or list operation (atomic). Two threads may then
  both make a missing entry or lose one to a ``clear``; neither can read a wrong one.
  ``als._HOUSE_LAST`` (the sets last made for a house, reused where a set's cells are
  unchanged) is read and written as one tuple per house, and only saves making equal
  sets again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from ..board import Board
from ..steps import (
    AIC,
    ALIGNED_PAIR_EXCLUSION,
    ALIGNED_TRIPLE_EXCLUSION,
    ALS_CHAIN,
    ALS_XY_WING,
    ALS_XZ,
    AVOIDABLE_RECTANGLE,
    AVOIDABLE_RECTANGLE_2,
    BUG_PLUS_ONE,
    BUG_TYPE_2,
    BUG_TYPE_3,
    BUG_TYPE_4,
    CELL_FORCING,
    CLAIMING,
    DEATH_BLOSSOM,
    DIRECT_CLAIMING,
    DIRECT_HIDDEN_PAIR,
    DIRECT_HIDDEN_TRIPLE,
    DIRECT_POINTING,
    DISCONTINUOUS_NICE_LOOP,
    DYNAMIC_FORCING,
    DYNAMIC_FORCING_PLUS,
    EMPTY_RECTANGLE,
    FINNED_FRANKEN_JELLYFISH,
    FINNED_FRANKEN_SWORDFISH,
    FINNED_FRANKEN_X_WING,
    FINNED_JELLYFISH,
    FINNED_MUTANT_JELLYFISH,
    FINNED_MUTANT_SWORDFISH,
    FINNED_MUTANT_X_WING,
    FINNED_SWORDFISH,
    FINNED_X_WING,
    FRANKEN_JELLYFISH,
    FRANKEN_SWORDFISH,
    FRANKEN_X_WING,
    FULL_HOUSE,
    GROUPED_AIC,
    GROUPED_CONTINUOUS_NICE_LOOP,
    GROUPED_DISCONTINUOUS_NICE_LOOP,
    GROUPED_TURBOT_FISH,
    HIDDEN_PAIR,
    HIDDEN_QUAD,
    HIDDEN_SINGLE,
    HIDDEN_TRIPLE,
    HIDDEN_UNIQUE_RECTANGLE,
    HIDDEN_UNIQUE_RECTANGLE_MISSING,
    HODOKU_AIC,
    HODOKU_CONTINUOUS_NICE_LOOP,
    HODOKU_EMPTY_RECTANGLE,
    HODOKU_XY_CHAIN,
    JELLYFISH,
    MULTI_COLOURS_1,
    MULTI_COLOURS_2,
    MUTANT_JELLYFISH,
    MUTANT_SWORDFISH,
    MUTANT_X_WING,
    NAKED_PAIR,
    NAKED_QUAD,
    NAKED_SINGLE,
    NAKED_TRIPLE,
    NESTED_FORCING,
    NISHIO,
    POINTING,
    REGION_FORCING,
    REMOTE_PAIR,
    SASHIMI_JELLYFISH,
    SASHIMI_SWORDFISH,
    SASHIMI_X_WING,
    SIMPLE_COLOURING,
    SKYSCRAPER,
    SUE_DE_COQ,
    SWORDFISH,
    TECHNIQUES,
    TEMPLATE_DELETE,
    TEMPLATE_SET,
    TURBOT_FISH,
    TUVWXYZ_WING,
    TWO_STRING_KITE,
    UNIQUE_LOOP,
    UNIQUE_RECTANGLE,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_2_MISSING,
    UNIQUE_RECTANGLE_3,
    UNIQUE_RECTANGLE_3_MISSING,
    UNIQUE_RECTANGLE_4,
    UNIQUE_RECTANGLE_4_MISSING,
    UNIQUE_RECTANGLE_5,
    UNIQUE_RECTANGLE_5_MISSING,
    UNIQUE_RECTANGLE_6,
    UNIQUE_RECTANGLE_6_MISSING,
    UNIQUE_RECTANGLE_MISSING,
    UVWXYZ_WING,
    VWXYZ_WING,
    W_WING,
    WXYZ_WING,
    X_CHAIN,
    X_CHAIN_3,
    X_CHAIN_4,
    X_CYCLE,
    X_WING,
    XY_CHAIN,
    XY_CYCLE,
    XY_WING,
    XYZ_WING,
    Y_CYCLE,
    Step,
    Technique,
)
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

_FINDERS: dict[Technique, Finder] = {
    FULL_HOUSE: full_houses,
    HIDDEN_SINGLE: hidden_singles,
    DIRECT_POINTING: direct_pointing,
    DIRECT_CLAIMING: direct_claiming,
    DIRECT_HIDDEN_PAIR: direct_hidden_pairs,
    NAKED_SINGLE: naked_singles,
    DIRECT_HIDDEN_TRIPLE: direct_hidden_triples,
    POINTING: pointing,
    CLAIMING: claiming,
    NAKED_PAIR: naked_pairs,
    X_WING: x_wings,
    HIDDEN_PAIR: hidden_pairs,
    NAKED_TRIPLE: naked_triples,
    SWORDFISH: swordfish,
    HIDDEN_TRIPLE: hidden_triples,
    # Sukaku's "Scraper, Kite, Turbot" rule, one group: its steps in Sukaku's order
    SKYSCRAPER: two_strong_links,
    TWO_STRING_KITE: two_strong_links,
    TURBOT_FISH: two_strong_links,
    EMPTY_RECTANGLE: two_strong_links,
    GROUPED_TURBOT_FISH: two_strong_links,
    XY_WING: xy_wings,
    XYZ_WING: xyz_wings,
    UNIQUE_RECTANGLE: unique_rectangles_and_loops,
    UNIQUE_RECTANGLE_2: unique_rectangles_and_loops,
    UNIQUE_RECTANGLE_3: unique_rectangles_and_loops,
    UNIQUE_RECTANGLE_4: unique_rectangles_and_loops,
    UNIQUE_RECTANGLE_5: unique_rectangles_and_loops,
    UNIQUE_LOOP: unique_rectangles_and_loops,
    NAKED_QUAD: naked_quads,
    JELLYFISH: jellyfish,
    SIMPLE_COLOURING: simple_colouring,
    HIDDEN_QUAD: hidden_quads,
    WXYZ_WING: wxyz_wings,
    X_CHAIN_3: x_chains_3,
    BUG_PLUS_ONE: bug_plus_one,
    BUG_TYPE_2: bug_type_2,
    BUG_TYPE_4: bug_type_4,
    BUG_TYPE_3: bug_type_3,
    X_CHAIN_4: x_chains_4,
    W_WING: w_wings,
    VWXYZ_WING: vwxyz_wings,
    ALIGNED_PAIR_EXCLUSION: aligned_pair_exclusions,
    UVWXYZ_WING: uvwxyz_wings,
    X_CYCLE: forcing_chains_and_cycles,
    Y_CYCLE: forcing_chains_and_cycles,
    X_CHAIN: forcing_chains_and_cycles,
    XY_CYCLE: forcing_chains_and_cycles,
    XY_CHAIN: forcing_chains_and_cycles,
    AIC: forcing_chains_and_cycles,
    TUVWXYZ_WING: tuvwxyz_wings,
    ALIGNED_TRIPLE_EXCLUSION: aligned_triple_exclusions,
    NISHIO: nishio_forcing_chains,
    CELL_FORCING: multiple_forcing_chains,
    REGION_FORCING: multiple_forcing_chains,
    DYNAMIC_FORCING: dynamic_forcing_chains,
    DYNAMIC_FORCING_PLUS: dynamic_forcing_chains_plus,
    NESTED_FORCING: nested_forcing_chains,
    SUE_DE_COQ: sue_de_coqs,
    ALS_XZ: als_xz,
    ALS_XY_WING: als_xy_wings,
    ALS_CHAIN: als_chains,
    DEATH_BLOSSOM: death_blossoms,
    UNIQUE_RECTANGLE_6: unique_rectangles_6,
    HIDDEN_UNIQUE_RECTANGLE: hidden_unique_rectangles,
    AVOIDABLE_RECTANGLE: avoidable_rectangles,
    AVOIDABLE_RECTANGLE_2: avoidable_rectangles_2,
    FINNED_X_WING: finned_x_wings,
    SASHIMI_X_WING: sashimi_x_wings,
    FINNED_SWORDFISH: finned_swordfish,
    SASHIMI_SWORDFISH: sashimi_swordfish,
    FINNED_JELLYFISH: finned_jellyfish,
    SASHIMI_JELLYFISH: sashimi_jellyfish,
    HODOKU_EMPTY_RECTANGLE: empty_rectangles,
    MULTI_COLOURS_2: multi_colours_2,
    MULTI_COLOURS_1: multi_colours_1,
    FRANKEN_X_WING: franken_x_wings,
    FINNED_FRANKEN_X_WING: finned_franken_x_wings,
    MUTANT_X_WING: mutant_x_wings,
    FINNED_MUTANT_X_WING: finned_mutant_x_wings,
    FRANKEN_SWORDFISH: franken_swordfish,
    FINNED_FRANKEN_SWORDFISH: finned_franken_swordfish,
    MUTANT_SWORDFISH: mutant_swordfish,
    FINNED_MUTANT_SWORDFISH: finned_mutant_swordfish,
    FRANKEN_JELLYFISH: franken_jellyfish,
    FINNED_FRANKEN_JELLYFISH: finned_franken_jellyfish,
    MUTANT_JELLYFISH: mutant_jellyfish,
    FINNED_MUTANT_JELLYFISH: finned_mutant_jellyfish,
    UNIQUE_RECTANGLE_MISSING: unique_rectangles_missing,
    UNIQUE_RECTANGLE_2_MISSING: unique_rectangles_missing,
    UNIQUE_RECTANGLE_3_MISSING: unique_rectangles_missing,
    UNIQUE_RECTANGLE_4_MISSING: unique_rectangles_missing,
    UNIQUE_RECTANGLE_5_MISSING: unique_rectangles_missing,
    UNIQUE_RECTANGLE_6_MISSING: unique_rectangles_missing,
    HIDDEN_UNIQUE_RECTANGLE_MISSING: unique_rectangles_missing,
    HODOKU_XY_CHAIN: xy_chains,
    REMOTE_PAIR: remote_pairs,
    HODOKU_CONTINUOUS_NICE_LOOP: nice_loops,
    DISCONTINUOUS_NICE_LOOP: nice_loops,
    HODOKU_AIC: nice_loops,
    GROUPED_CONTINUOUS_NICE_LOOP: grouped_nice_loops,
    GROUPED_DISCONTINUOUS_NICE_LOOP: grouped_nice_loops,
    GROUPED_AIC: grouped_nice_loops,
    TEMPLATE_SET: templates_set,
    TEMPLATE_DELETE: templates_delete,
}
FINDERS: Final[dict[Technique, Finder]] = {t: _FINDERS[t] for t in TECHNIQUES}  # table order
assert set(_FINDERS) == set(TECHNIQUES), "every technique has a finder"

__all__ = ["FINDERS", "Finder"]
