"""Alternating inference chains and nice loops as HoDoKu finds them; XY-Chains and Remote
Pairs (core layer, logic techniques; HoDoKu's, after every one of Sudoku Explainer's rules).

Vocabulary. A *node* is a set of candidates of one digit that is true or false as one: a
candidate; a *group* (two or three places of a digit where a box meets a row or column:
true if the digit is in one of them); in grouped chains an *almost locked set* (ALS)
entered through its digit ``x`` (``x`` is not in the set, so its other digits are locked
in it). A *literal* is a node assumed true (on) or false (off). Implications:

    on  -> off   a *weak link*: another candidate of the cell; a node of the digit whose
                 cells all see the node's cells; an ALS of the digit all of whose places
                 of it the node sees (the set is entered: it loses the digit)
    off -> on    a *strong link*: the other candidate of a bivalue cell; the rest of a
                 house's places of the digit, if they make one node
    ALS          entered with ``x``, every other digit ``z`` of the set is in it: the
                 nodes of ``z`` that see all its places of ``z`` are off; an ALS all of
                 whose places of ``z`` are among them is entered; a cell left with one
                 candidate is on

From each candidate, on and off, every literal it implies is found breadth first (the
shortest chain to each, as HoDoKu's tables keep it); a chain may not come back to a cell
it left (a *lasso*). Then, as HoDoKu's ``TablingSolver`` reads the tables:

- **Discontinuous Nice Loop**: a chain from a candidate of cell C that leaves C and comes
  back to C. Weak link out and weak link in on the same candidate: the candidate is false;
  strong out and strong in on the same candidate: it is true (placed); one weak and one
  strong on two candidates: the candidate of the weak link is false.
- **Continuous Nice Loop**: a chain that closes on its start as a loop of alternating
  links (out weak and in strong on one candidate, or two strong links on two candidates,
  or two weak links on the two candidates of a bivalue cell). Every weak link of the
  loop then holds exactly one of its two ends: a candidate that sees both ends of a weak
  link between cells is false; a cell entered and left by strong links keeps only those
  two candidates; an ALS on the loop keeps its other digits (cells that see all their
  places lose them).
- **AIC**: a chain from a candidate assumed false to another candidate that must then be
  true, in another cell: one of the two is true. Same digit: a candidate that sees both
  ends is false (if there are two or more: one is a Discontinuous Nice Loop); two digits
  in cells that see each other: each end cell loses the other end's digit (both).

With groups or ALSs the same are *Grouped* (HoDoKu's Grouped Continuous Nice Loop,
Grouped Discontinuous Nice Loop, Grouped AIC), found by their own finder. Steps with the
same eliminations are one, with the shortest chain.

**XY-Chain** (HoDoKu's ``ChainSolver``): an AIC of bivalue cells only, each strong link
inside a cell, each weak link between cells on one digit; its ends hold the same digit.
**Remote Pair**: bivalue cells with the same two digits, linked by seeing each other, take
the two digits in turn; a cell that sees two of them of opposite turns, three links or
more apart, loses both digits.

Ratings (HoDoKu's, not SE's: proposed on SE's scale as SE rates the chains it finds):
a chain of one digit 6.6 (6.5 a loop), any other 7.0, plus SE's length bonus for the
chain's literals; a group adds 0.3, an ALS 0.5.

The modules:

    graph   the nodes and their links (``Graph``), the chains' length bonus
    loops   nice loops and AICs, plain and grouped: the search, the eliminations, the steps
    xy      XY-Chains and Remote Pairs (bivalue cells only: no graph)
"""

from .graph import length_tenths
from .loops import grouped_nice_loops, nice_loops
from .xy import remote_pairs, xy_chains

__all__ = ["grouped_nice_loops", "length_tenths", "nice_loops", "remote_pairs", "xy_chains"]
