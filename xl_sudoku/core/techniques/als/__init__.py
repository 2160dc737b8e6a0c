"""Almost Locked Sets: the sets, and ALS-XZ, ALS-XY-Wing, ALS-Chain, Death Blossom
(core layer, logic techniques).

An *almost locked set* (ALS) is N open cells of one house whose candidates together are
N+1 digits (a cell with two candidates is the smallest). Were one of its digits taken
away, the other N would be locked in the set: each placed in it, once.

A digit ``x`` is a *restricted common* (RC) of two ALSs that share no cell when every
cell of one holding ``x`` sees every cell of the other holding ``x``: ``x`` is in at
most one of them, so at least one of them is locked on its other digits.

- **ALS-XZ**: ALSs A and B with an RC ``x``. One of them is locked without ``x``, so a
  digit ``z`` (not ``x``) of both is in A or in B: ``z`` leaves every cell that sees
  all the ``z`` of both. *Doubly linked* (two RCs ``x1``, ``x2``): each set misses one
  of the two, so every other digit of A is placed in A (it leaves every cell that sees
  all its places in A), likewise for B, and each RC is in A or B (it leaves every cell
  that sees all its places in both).
- **ALS-XY-Wing**: a hinge C with an RC ``x`` to A and an RC ``y`` to B (``x != y``).
  C misses at most one of them, so A or B is locked: a digit ``z`` of A and B (not
  ``x``, ``y``) is in A or B and leaves cells that see all of them. A and B may share
  cells (HoDoKu's overlap): the argument never needs them apart.
- **ALS-Chain**: A1 -x1- A2 -x2- ... -xk- An, consecutive RCs different: were ``z`` (a
  digit of A1 and An, not ``x1``, ``xk``) out of A1, A1 would hold ``x1``, A2 would not,
  so A2 would hold ``x2``, ... and An would hold ``z``. ``z`` leaves every cell that
  sees all ``z`` of A1 and An. ALS-XZ and ALS-XY-Wing are the chains of two and three.
  Sets next to each other share no cell (their link needs it); the others may, as in
  HoDoKu's chains: the argument goes from each set to the next only.
- **Death Blossom**: a stem cell and, for each of its candidates ``d``, a *petal* ALS
  whose every ``d`` sees the stem. Whichever digit the stem takes, that petal loses it
  and is locked: a digit ``z`` of every petal (not a stem candidate) is in one of them
  and leaves every cell that sees all the petals' ``z``. Petals may share cells
  (HoDoKu's overlap), for the same reason.

``almost_locked_sets(board)`` gives every ALS of a position (each once, however many
houses hold it), remembered for the position; ``restricted_commons`` and ``als_links``
give the RCs. They are meant for other techniques too (ALS nodes in chains).

Ratings (Sudoku Explainer has none of these): Sukaku Explainer's wings are ALS-XZ
with a bivalue cell for B and rate by size: XYZ-Wing (3 cells) 4.4, WXYZ-Wing (4) 5.5,
VWXYZ-Wing (5) 6.2, UVWXYZ-Wing (6) 6.6, TUVWXYZ-Wing (7) 7.5. ``size_rating`` extends
that table by the cells of the pattern, and every set beyond two adds 0.1.

The modules:

    sets      the sets (``ALS``, ``almost_locked_sets``), their RCs (``restricted_commons``,
              ``als_links``) and what each could remove, remembered for the position
    finders   the four techniques, their ratings (``size_rating``) and their steps
"""

from .finders import (
    CHAIN_BUDGET,
    MAX_CHAIN,
    als_chains,
    als_xy_wings,
    als_xz,
    death_blossoms,
    size_rating,
)
from .sets import (
    ALS,
    almost_locked_sets,
    als_links,
    cells_text,
    digits_set,
    restricted_commons,
    sets_in_houses,
    sets_of_size,
)

__all__ = [
    "ALS",
    "CHAIN_BUDGET",
    "MAX_CHAIN",
    "almost_locked_sets",
    "als_chains",
    "als_links",
    "als_xy_wings",
    "als_xz",
    "cells_text",
    "death_blossoms",
    "digits_set",
    "restricted_commons",
    "sets_in_houses",
    "sets_of_size",
    "size_rating",
]
