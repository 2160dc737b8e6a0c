"""Forcing chains and cycles, found and rated the way Sudoku Explainer does (core layer,
logic techniques; Sukaku Explainer keeps the same as ``rules/chaining/``).

Vocabulary. A *potential* is a candidate assumed true (*on*) or false (*off*). Each
potential implies others:

    on  -> off   the cell's other candidates (a *cell link*, "Y"), and the same digit in
                 the cells that see it (a *house link*, "X")
    off -> on    the cell's only other candidate, if it had two (Y); the digit's only
                 other place in a box, row or column, if it had two there (X)

A chain follows these implications from an assumption. Sudoku Explainer's rules, from
easiest to hardest, and what they conclude:

- *Forcing chains and cycles* (static: the implications of the grid as it stands).
  A *cycle* (continuous nice loop) comes back to its start; every candidate that sees an
  "on" and an "off" potential of the loop with its digit is false. A *forcing chain*
  from an assumption that reaches the assumption's opposite proves the opposite (an
  X-Chain, an XY-Chain, an AIC). X-only: 6.5 (cycle) / 6.6 (chain); Y-only cycles 6.5;
  mixed: 7.0.
- *Nishio* (7.5): a digit assumed in a cell leads, through that digit's places alone, to
  a contradiction; the implications are *dynamic*: each "off" is taken out of the grid,
  so later singles see it.
- *Multiple forcing chains* (8.0): static chains from each candidate of a cell (or each
  place of a digit in a house) that all reach the same conclusion.
- *Dynamic forcing chains* (8.5): dynamic chains from a candidate's two states (a
  contradiction, or a conclusion both reach), from each candidate of a cell, from each
  place of a digit in a house.
- *Dynamic forcing chains (+)* (9.0): as above, and when singles run out the chain also
  uses locked candidates, hidden and naked pairs and X-Wings on what it has taken out.

A step's rating is its rule's plus 0.1 for each threshold its *complexity* (how many
potentials its chains hold) passes: 4, 6, 8, 12, 16, 24, 32, 48, 64, ... (after the 2
potentials every chain has). A rule finds all its steps and gives the easiest (then the
shortest); the order in which implications are followed — every pending "on" before the
next "off", each potential kept with the first implication that reached it — decides
which chain proves a conclusion, and so its complexity, as in Sudoku Explainer.

The modules, each importing only those above it:

    potentials      Key, Potential, ChainGrid (the chain's candidates), the key tables
    rating          the length bonus (``length_tenths``)
    slots           candidates as slots (bit ``10 * cell + digit - 1``), the solver's views
    static_search   static implications as bit sets: chain and loop lengths, reach
    dynamic_search  dynamic closures as bit sets (singles, and the (+) techniques)
    closures        Closure and ``follow``: one assumption followed exactly
    hints           Hint (a conclusion and its chains), Found (one not made yet)
    plus            the techniques inside a chain of Dynamic Forcing Chains (+)
    static          Forcing Chains & Cycles (the static rule)
    rules           Chaining: one rule, its hints searched where the bit sets point
    nesting         the nested levels (NestedChaining: rules inside a chain)
    text            a hint as a step, in words
    finders         the rules as the engine's finders
    nested          Nested Forcing Chains: Sudoku Explainer's levels, then this
                    project's own nested chains as the last resort
"""

from .finders import (
    dynamic_forcing_chains,
    dynamic_forcing_chains_plus,
    forcing_chains_and_cycles,
    multiple_forcing_chains,
    nishio_forcing_chains,
)
from .nested import nested_forcing_chains

__all__ = [
    "dynamic_forcing_chains",
    "dynamic_forcing_chains_plus",
    "forcing_chains_and_cycles",
    "multiple_forcing_chains",
    "nested_forcing_chains",
    "nishio_forcing_chains",
]
