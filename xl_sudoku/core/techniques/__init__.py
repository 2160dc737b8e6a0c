"""The logic techniques: one finder per technique (core layer).

A finder takes a ``Board`` and yields every ``Step`` its technique finds there, in a
fixed order; it never changes the board. ``FINDERS`` maps each technique of
``steps.TECHNIQUES`` to its finder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from ..board import Board
from ..steps import (
    AIC,
    AVOIDABLE_RECTANGLE,
    AVOIDABLE_RECTANGLE_2,
    BUG_PLUS_ONE,
    BUG_TYPE_2,
    BUG_TYPE_3,
    BUG_TYPE_4,
    CELL_FORCING,
    CLAIMING,
    DIRECT_CLAIMING,
    DIRECT_HIDDEN_PAIR,
    DIRECT_HIDDEN_TRIPLE,
    DIRECT_POINTING,
    DYNAMIC_FORCING,
    DYNAMIC_FORCING_PLUS,
    EMPTY_RECTANGLE,
    FINNED_JELLYFISH,
    FINNED_SWORDFISH,
    FINNED_X_WING,
    FULL_HOUSE,
    GROUPED_TURBOT_FISH,
    HIDDEN_PAIR,
    HIDDEN_QUAD,
    HIDDEN_SINGLE,
    HIDDEN_TRIPLE,
    HIDDEN_UNIQUE_RECTANGLE,
    JELLYFISH,
    NAKED_PAIR,
    NAKED_QUAD,
    NAKED_SINGLE,
    NAKED_TRIPLE,
    NESTED_FORCING,
    NISHIO,
    POINTING,
    REGION_FORCING,
    SASHIMI_JELLYFISH,
    SASHIMI_SWORDFISH,
    SASHIMI_X_WING,
    SIMPLE_COLOURING,
    SKYSCRAPER,
    SWORDFISH,
    TECHNIQUES,
    TURBOT_FISH,
    TWO_STRING_KITE,
    UNIQUE_LOOP,
    UNIQUE_RECTANGLE,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_3,
    UNIQUE_RECTANGLE_4,
    UNIQUE_RECTANGLE_5,
    UNIQUE_RECTANGLE_6,
    W_WING,
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
from .chaining import (
    dynamic_forcing_chains,
    dynamic_forcing_chains_plus,
    forcing_chains_and_cycles,
    multiple_forcing_chains,
    nishio_forcing_chains,
)
from .colouring import simple_colouring
from .direct import direct_claiming, direct_hidden_pairs, direct_hidden_triples, direct_pointing
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
from .intersections import claiming, pointing
from .nested import nested_forcing_chains
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
)
from .wings import w_wings, xy_wings, xyz_wings

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
    X_CHAIN_3: x_chains_3,
    BUG_PLUS_ONE: bug_plus_one,
    BUG_TYPE_2: bug_type_2,
    BUG_TYPE_4: bug_type_4,
    BUG_TYPE_3: bug_type_3,
    X_CHAIN_4: x_chains_4,
    W_WING: w_wings,
    X_CYCLE: forcing_chains_and_cycles,
    Y_CYCLE: forcing_chains_and_cycles,
    X_CHAIN: forcing_chains_and_cycles,
    XY_CYCLE: forcing_chains_and_cycles,
    XY_CHAIN: forcing_chains_and_cycles,
    AIC: forcing_chains_and_cycles,
    NISHIO: nishio_forcing_chains,
    CELL_FORCING: multiple_forcing_chains,
    REGION_FORCING: multiple_forcing_chains,
    DYNAMIC_FORCING: dynamic_forcing_chains,
    DYNAMIC_FORCING_PLUS: dynamic_forcing_chains_plus,
    NESTED_FORCING: nested_forcing_chains,
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
}
FINDERS: Final[dict[Technique, Finder]] = {t: _FINDERS[t] for t in TECHNIQUES}  # table order
assert set(_FINDERS) == set(TECHNIQUES), "every technique has a finder"

__all__ = ["FINDERS", "Finder"]
