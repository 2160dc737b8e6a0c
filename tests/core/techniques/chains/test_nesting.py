"""Sudoku Explainer's nested forcing chains (``core.techniques.nesting``): the orders it
takes things in, and the shortcut that finds the forcing chains inside a chain's grid.

The steps themselves are checked against Sukaku Explainer's on real positions in
``test_chaining`` (fixtures) and, whole puzzles at a time, by ``benchmarks/bench_logic.py``
on the 10+ sample SE rated (``tests/data/se_serate_10plus.tsv``)."""

from __future__ import annotations

import pytest

from xl_sudoku.core import is_solution
from xl_sudoku.core.board import board_from_candidates
from xl_sudoku.core.marks import read_s9b
from xl_sudoku.core.rating import rate
from xl_sudoku.core.techniques import nesting
from xl_sudoku.core.techniques.chain_search import StaticLinks
from xl_sudoku.core.techniques.chaining import Chaining, Grid
from xl_sudoku.core.techniques.nesting import java_map_order

#: Inkala's 2010 puzzle where Sudoku Explainer takes its first nested step
INKALA_NESTED = (
    "812mjk4k5e0u3algnqhm0m0921d68m92tgli3i413g8og18q059g2qge11gkocac41a2okimieaei4oc0"
    "h1141o4g6kk8kkk03a4q4r009jk5s0s03ks4cgsh821816s2s81116cisg803kc7cg174cceaae0h545c"
)


def test_candidates_come_in_the_order_a_java_hash_map_of_cells_gives() -> None:
    """Sukaku Explainer keeps a hint's candidates in a ``HashMap`` keyed by cell (hash:
    the cell's index): 16 slots, doubled while the cells exceed three quarters of them;
    cells by slot, cells of one slot in the order they came."""
    assert java_map_order([(3, 5), (19, 5)]) == ((3, 5), (19, 5))
    assert java_map_order([(17, 2), (3, 2)]) == ((17, 2), (3, 2))  # 17 % 16 = 1
    assert java_map_order([(20, 4), (4, 1), (4, 7)]) == ((20, 4), (4, 1), (4, 7))
    # thirteen cells: 32 slots; 33 shares slot 1 with 1 and came first, 40 slot 8 with 8
    # (what a JVM's HashMap<Integer, _> printed for these keys put in this order)
    cells = [40, 9, 33, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10]
    order = [c for c, _ in java_map_order([(c, 1) for c in cells])]
    assert order == [0, 33, 1, 2, 3, 4, 5, 6, 7, 40, 8, 9, 10]


@pytest.mark.slow
def test_the_chains_inside_a_chain_start_where_a_whole_search_says() -> None:
    """On every grid a nested step's chains reach, the starts ``chain_sources`` finds
    from the new strong links are those the whole implication graph's components give,
    and its loop "ons" include theirs (that search is what it replaces)."""
    position = read_s9b(INKALA_NESTED)
    board = board_from_candidates(position.digits, position.masks)
    seen: list[tuple[Grid, Grid]] = []
    original = nesting.chain_sources

    def recording(work: Grid, source: Grid) -> nesting.Sources | None:
        seen.append((Grid(work.masks[:], work.places[:]), source))
        return original(work, source)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nesting, "chain_sources", recording)
        hint = Chaining(multiple=True, dynamic=True, level=2).best(board)
    assert hint is not None and hint.removable == ((76, 3),)
    assert len(seen) > 100
    with_chains = 0
    for work, source in seen:
        found = original(work, source)
        assert found is not None  # the position's own links have no chain
        starts, on_loops = found
        whole = StaticLinks(work.masks, work.places).forcing_sources(True, True)
        assert starts == whole[0]
        assert not whole[1] & ~on_loops
        with_chains += bool(starts)
    assert with_chains  # some of those grids do have chains


@pytest.mark.slow
def test_a_puzzle_of_the_forums_hardest_rated_as_sudoku_explainer_rates_it() -> None:
    """forum_hardest_1106, line 3: Sukaku Explainer 1.18.1's serate rates it 10.3 (its
    hardest step a nested region forcing chain); so does the engine, by logic alone."""
    puzzle = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
    grid = tuple(0 if c == "." else int(c) for c in puzzle)
    rating = rate(grid)
    assert rating.value == 10.3
    assert not rating.needs_guessing
    assert rating.solution is not None and is_solution(rating.solution, grid)
