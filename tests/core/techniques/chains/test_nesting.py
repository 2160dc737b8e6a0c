"""Sudoku Explainer's nested forcing chains (``core.techniques.chains.nesting``): the orders it
takes things in, and the shortcut that finds the forcing chains inside a chain's grid.

The steps themselves are checked against Sukaku Explainer's on real positions in
``test_chaining`` (fixtures) and, whole puzzles at a time, by ``benchmarks/bench_logic.py``
on the 10+ sample SE rated (``tests/data/se_serate_10plus.tsv``)."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any, cast

import pytest

from xl_sudoku.core import is_solution
from xl_sudoku.core.board import Board, board_from_candidates
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.glossary import ALL_CELLS, DIGITS_OF, PEER_BITS, Key, cells_in, key_of
from xl_sudoku.core.marks import read_s9b
from xl_sudoku.core.rating import rate
from xl_sudoku.core.techniques.chains import (
    inner_hints,
    inner_links,
    nested_hint,
    nesting,
    plus,
    rules,
)
from xl_sudoku.core.techniques.chains.closures import Closure, Known, follow, house_counts
from xl_sudoku.core.techniques.chains.hints import Found, Hint, found_removes
from xl_sudoku.core.techniques.chains.nested_hint import Nested, java_map_order
from xl_sudoku.core.techniques.chains.nesting import NestedChaining
from xl_sudoku.core.techniques.chains.potentials import ChainGrid, Potential
from xl_sudoku.core.techniques.chains.rules import Chaining
from xl_sudoku.core.techniques.chains.static_search import (
    StaticClosures,
    StaticLinks,
    static_cells_of,
)

#: Inkala's 2010 puzzle where Sudoku Explainer takes its first nested step
INKALA_NESTED = (
    "812mjk4k5e0u3algnqhm0m0921d68m92tgli3i413g8og18q059g2qge11gkocac41a2okimieaei4oc0"
    "h1141o4g6kk8kkk03a4q4r009jk5s0s03ks4cgsh821816s2s81116cisg803kc7cg174cceaae0h545c"
)
#: Inkala's second puzzle after 80 steps (98 candidates left): a level-4 search (0.8 s)
#: removes r3c9<>4; 71 of the closures inside its chains read the same on the next
#: search's grids, which takes 2 of them as known (the others as the grid it starts from
#: has them: ``rules._Follower._same``)
INKALA_80 = (
    "020k1109g4cka0m0cg810og06g106g02054o284124og038411gg8o0hg060228011094204040380gg4"
    "108gg102160100905ig2igg8142482142110s8k840ig1g0800h422442240910100c06a00og1412g8i"
)
#: Inkala's second puzzle after 88 steps (80 candidates left): a level-4 search takes a
#: third of a second there, where it takes 20 s on INKALA_NESTED
INKALA_LATE = (
    "020k1109g4ck20k0cg810og06g106g02054o284124gg038411gg880hg060228011094204040380gg4"
    "108gg102160100905gg2igg8142482142110s0k800ig1g0800h422042040910100c06800og141200i"
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
    seen: list[tuple[ChainGrid, ChainGrid]] = []
    original = inner_links.chain_sources

    def recording(work: ChainGrid, source: ChainGrid) -> inner_links.Sources | None:
        seen.append((ChainGrid(work.masks[:], work.places[:]), source))
        return original(work, source)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nesting, "chain_sources", recording)
        hint = NestedChaining(multiple=True, dynamic=True, level=2).best(board)
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


def _found_exactly(found: list[Found]) -> list[object]:
    """Every hint of ``found_all`` with everything its chains hold, in order."""
    return [
        (
            item[0],
            item[2:],
            [
                (key, list(c.first.items()), c.cause, c.hidden, c.extra, c.clash)
                for c, key in item[1]
            ],
        )
        for item in found
    ]


def test_a_chain_followed_on_a_larger_grid_is_taken_only_where_it_reads_the_same() -> None:
    """Inside a nested chain, plain dynamic chains on the chain's grid take the closures
    followed on the grid the search started from, or on the grid searched last, where they
    read the same on both (``rules._unread``): every hint, and every potential of its
    chains, is what following each one afresh finds, grid after grid, the chain's own grid
    changing under the one searched last (as a chain's does); and far fewer are followed."""
    position = read_s9b(INKALA_NESTED)
    start = ChainGrid.of(board_from_candidates(position.digits, position.masks))
    rule = Chaining(multiple=True, dynamic=True)
    followed = followed_afresh = taken_over = 0
    original, same = follow, rules._Follower._same

    def counting(*args: Any, **kwargs: Any) -> Closure:
        nonlocal followed
        followed += 1
        return original(*args, **kwargs)

    def taking_over(follower: rules._Follower, key: int) -> Closure | None:
        nonlocal taken_over
        found = same(follower, key)
        taken_over += found is not None
        return found

    rules.forget_larger()
    searched = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "follow", counting)
        patch.setattr(rules._Follower, "_same", taking_over)
        open_cells = [c for c in range(81) if start.masks[c].bit_count() > 1]
        for first in range(0, len(open_cells), 6):
            work = ChainGrid(start.masks[:], start.places[:])
            for step, cell in enumerate(open_cells[first : first + 3 : 2]):
                if work.masks[cell].bit_count() < 2:
                    continue
                # the chain goes on: its grid (searched last) loses what it turned off,
                # one candidate (an "off" of no partner), then an "on"'s many
                key = key_of(cell, DIGITS_OF[work.masks[cell]][-1], step > 0)
                for off in original(work, key if step else None, None if step else key, True).first:
                    node = off >> 1
                    if not off & 1 and work.masks[node % 81].bit_count() > 1:
                        work.masks[node % 81] &= ~(1 << node // 81)
                        work.places[node // 81] &= ~(1 << node % 81)
                taken = rule.found_all(work, within=start)
                before = followed
                afresh = rule.found_all(ChainGrid(work.masks[:], work.places[:]))
                followed_afresh += followed - before
                assert _found_exactly(taken) == _found_exactly(afresh)
                searched += 1
    # 2,784 of 4,707 (1,662 where only those that read nothing the grids differ in were)
    assert taken_over > followed_afresh // 2


def _closure_exactly(closure: Closure) -> tuple[object, ...]:
    """Everything a closure holds, in order: potentials with their first parents, causes,
    hidden parents, the clash."""
    return list(closure.first.items()), closure.cause, closure.hidden, closure.extra, closure.clash


def test_a_closure_that_reads_the_same_on_a_part_of_its_grid_is_its_closure_there() -> None:
    """``rules._unread``: a plain dynamic chain followed on a grid, where it reads the
    same on a part of that grid (no lost candidate held; in each cell or house that lost
    one, two candidates or more left besides its "offs"), is the chain of the same
    assumption there, potential for potential, with the same parents and hidden parents;
    and many of them hold potentials in a cell that lost a candidate or beside one (all
    of those were followed again before)."""
    position = read_s9b(INKALA_NESTED)
    start = ChainGrid.of(board_from_candidates(position.digits, position.masks))
    open_cells = [c for c in range(81) if start.masks[c].bit_count() > 1]
    same = near = 0
    for cell in open_cells[::9]:
        # a part of the grid: what one candidate's "on" turns off taken out, as a chain does
        part = ChainGrid(start.masks[:], start.places[:])
        chain = follow(start, key_of(cell, DIGITS_OF[start.masks[cell]][0], True), None, True)
        for taken in chain.first:
            node = taken >> 1
            if not taken & 1 and part.masks[node % 81].bit_count() > 1:
                part.masks[node % 81] &= ~(1 << node // 81)
                part.places[node // 81] &= ~(1 << node % 81)
        unread = rules._unread(part, start.masks)
        touched = 0  # the nodes of cells that lost a candidate, and its digit beside them
        for c in range(81):
            for d in DIGITS_OF[start.masks[c] & ~part.masks[c]]:
                touched |= sum(1 << (81 * (e - 1) + c) for e in DIGITS_OF[start.masks[c]])
                for peer in cells_in(PEER_BITS[c]):
                    touched |= 1 << (81 * (d - 1) + peer)
        for c in (c for c in open_cells if part.masks[c].bit_count() > 1):
            for digit in DIGITS_OF[part.masks[c]]:
                for key in (key_of(c, digit, True), key_of(c, digit, False)):
                    on, off = (key, None) if key & 1 else (None, key)
                    larger = follow(start, on, off, True)
                    if not rules._reads_same(larger.node_bits(), unread):
                        continue
                    here = follow(part, on, off, True)
                    assert _closure_exactly(here) == _closure_exactly(larger)
                    same += 1
                    near += bool((larger.node_bits()[0] | larger.node_bits()[1]) & touched)
    assert same > 1000 and near > same // 3  # 2,017 and 889


@pytest.mark.slow
def test_a_level_3_search_goes_on_from_where_the_level_2_search_ended() -> None:
    """A level-3 chain is a level-2 chain until level 2's rules find nothing: where the
    level-2 search of a grid found nothing, the level-3 search of that grid goes on from
    each of its closures (and the hints it found inside), and finds what it finds alone."""
    # forum_hardest_1106 line 228 (serate: 11.1): its second step is of level 3
    puzzle = "1.....7...5...9.3.....2...1..6....4.3.5..4....4.96......87....2.3...5.6.......8.."
    level2, level3 = (NestedChaining(multiple=True, dynamic=True, level=k) for k in (2, 3))
    boards: list[Board] = []
    original = NestedChaining.best

    def recording(rule: NestedChaining, board: Board) -> Hint | None:
        if rule.level == 3:
            boards.append(board.copy())
        return original(rule, board)

    solver = LogicSolver(puzzle)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(NestedChaining, "best", recording)
        while not boards:
            assert solver.step() is not None
    assert boards
    # boards with nothing remembered (the solver's board's memory holds its searches')
    board = board_from_candidates(boards[0].digits, boards[0].masks)
    alone = level3.best(board_from_candidates(board.digits, board.masks))
    resumed = 0
    original_follow = follow

    def counting(*args: Any) -> Closure:
        nonlocal resumed
        resumed += len(args) >= 7 and args[6] is not None  # follow's ``resume``
        return original_follow(*args)

    assert level2.best(board) is None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "follow", counting)
        carried = level3.best(board)
    assert resumed > 50
    assert alone is not None and carried is not None
    assert _hint_exactly(carried) == _hint_exactly(alone)


def _hint_exactly(hint: Hint) -> tuple[object, ...]:
    """A hint with everything its chains hold, in order."""
    source = hint.source.key if hint.source is not None else None
    chains = [(key, list(c.first.items()), c.advanced) for c, key in hint.ends]
    return (hint.kind, hint.removable, hint.flat, hint.nested, hint.sort_key, source, chains)


@pytest.mark.parametrize("level", [2, 3, 4])
def test_a_nested_search_takes_the_hints_the_last_one_found_on_the_same_grids(
    level: int,
) -> None:
    """The hints inside a chain depend on the chain's grid alone: a board's nested
    search leaves those it found (in the board's memory), and the next one, on the board
    without the candidates the first removed, takes them wherever its chains stall on the
    same grid; it finds what it finds alone, on a board with nothing remembered."""
    position = read_s9b(INKALA_LATE)
    board = board_from_candidates(position.digits, position.masks)
    rule = NestedChaining(multiple=True, dynamic=True, level=level)
    first = rule.best(board)
    assert first is not None
    for cell, digit in first.removable:
        board.eliminate(cell, digit)
    fresh = board_from_candidates(board.digits, board.masks)
    searched = 0

    def counting(original: Callable[..., list[Nested]]) -> Callable[..., object]:
        def count(*args: Any, **kwargs: Any) -> list[Nested]:
            nonlocal searched
            searched += 1
            return original(*args, **kwargs)

        return count

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nesting, "rule_hints", counting(inner_hints.rule_hints))
        patch.setattr(nesting, "loop_hints", counting(inner_hints.loop_hints))
        remembered = rule.best(board)
        with_memory, searched = searched, 0
        alone = rule.best(fresh)
    assert remembered is not None and alone is not None
    assert _hint_exactly(remembered) == _hint_exactly(alone)
    assert 0 < with_memory < searched


def test_static_closures_inside_a_chain_hold_the_exact_ones_and_find_the_same_hints() -> None:
    """Inside a level-3 chain, static multiple forcing chains are looked for with the
    closures of the grid the chain started from and what the strong links the chain made
    reach (``closures_within``), not with the implication graph of the chain's grid: each
    holds the exact closure, most grids without a hint are told at once, and the hints
    are those the exact closures find, every chain of them."""
    original = inner_links.closures_within
    seen = _grids_asked("closures_within")
    assert len(seen) > 100
    told = with_hints = 0
    multiple = Chaining(multiple=True)
    for work, source in seen:
        within = original(work, source)
        exact = StaticClosures.of(StaticLinks(work.masks, work.places))
        assert all(not e & ~w for e, w in zip(exact.closures, within.closures, strict=True))
        told += not static_cells_of(work.masks, work.places, within)
        hints = _nested_exactly(inner_hints.rule_hints(multiple, work, static=within))
        assert hints == _nested_exactly(inner_hints.rule_hints(multiple, work))
        with_hints += bool(hints)
    assert with_hints and told > len(seen) // 2


def test_the_reach_of_a_chains_new_links_is_made_from_the_links_it_started_with() -> None:
    """Inside a chain, what the ends of the strong links the chain made reach is followed
    with the strong links of the grid the chain started from (those whose two ends are
    left) and the new ones: the same as with the chain grid's own links, made afresh."""
    original = inner_links._link_reach
    made = _grids_asked("_link_reach", inner_links)
    assert len(made) > 100
    position = read_s9b(INKALA_NESTED)
    board = board_from_candidates(position.digits, position.masks)
    with_new = 0
    for work, source in made:
        cands, new, reach = original(work, source)
        own = inner_links._Reach(cands, inner_links._links(work.masks, work.places), [])
        for slot in reach:
            own.add(slot)
        assert own.reach == reach
        with_new += bool(new)
    assert with_new > len(made) // 2
    # a link of the larger grid whose other end the chain took out is no link any more
    larger = ChainGrid.of(board)
    cell = next(c for c in range(81) if larger.masks[c].bit_count() == 2)
    kept, gone = DIGITS_OF[larger.masks[cell]]
    peer = (larger.places[kept - 1] & PEER_BITS[cell]).bit_length() - 1
    work = ChainGrid(larger.masks[:], larger.places[:])
    work.masks[cell] &= ~(1 << (gone - 1))
    work.places[gone - 1] &= ~(1 << cell)
    cands = sum(mask << 10 * c for c, mask in enumerate(work.masks))
    searches = [
        inner_links._Reach(cands, inner_links._links(g.masks, g.places), []) for g in (larger, work)
    ]
    for search in searches:
        search.add(10 * peer + kept - 1)
    on, off = searches[0].reach[10 * peer + kept - 1]
    assert off >> 10 * cell + kept - 1 & 1 and not on >> 10 * cell + gone - 1 & 1
    assert searches[0].reach == searches[1].reach


def test_the_four_techniques_inside_a_chain_look_only_where_it_took_candidates_out() -> None:
    """Inside a chain, locked candidates, hidden and naked pairs and X-Wings look only at
    the digits and houses that lost a candidate in the chain (a finding elsewhere needs
    nothing the chain took out): the same "offs" as every digit and house looked at."""
    position = read_s9b(INKALA_NESTED)
    board = board_from_candidates(position.digits, position.masks)
    seen: list[tuple[ChainGrid, ChainGrid, Closure, list[Potential]]] = []
    original = plus.advanced_offs

    def recording(
        work: ChainGrid, source: ChainGrid, closure: Closure, level: int
    ) -> list[Potential]:
        found = original(work, source, closure, level)
        seen.append((ChainGrid(work.masks[:], work.places[:]), source, closure, found))
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nesting, "advanced_offs", recording)
        NestedChaining(multiple=True, dynamic=True, level=2).best(board)
    everywhere = [ALL_CELLS] * 9
    rules = (plus._locking, plus._hidden_pairs, plus._naked_pairs, plus._x_wings)
    kinds: Counter[str] = Counter()
    for work, source, closure, found in seen:
        expected: list[tuple[int, tuple[int, ...], str]] = []
        for rule in rules:
            for removable, needs, text in rule(work, everywhere):
                parents = tuple(
                    key_of(c, d, False)
                    for c, d in needs
                    if source.has(c, d) and not work.has(c, d) and key_of(c, d, False) in closure
                )
                if parents:
                    expected += [(key_of(c, d, False), parents, text) for c, d in removable]
            if expected:
                break
        assert [(p.key, tuple(q.key for q in p.parents), p.rule) for p in found] == expected
        kinds.update(text.split()[0] for _, _, text in expected[:1])
    # locked candidates ("in box 1, 5 lies only in row 2"), hidden and naked pairs
    assert len(seen) > 500 and kinds["in"] > 100 and kinds["hidden"] and kinds["naked"]


def test_a_grid_inside_a_search_gives_every_chain_that_stalls_there_the_same_offs() -> None:
    """The "offs" the nested rules give a chain are made once for each grid a search's
    chains stall on: each is what the hints there give that chain, every parent one of
    its "offs" (a level-4 search on Inkala 2 after 80 steps, many grids reached again)."""
    position = read_s9b(INKALA_80)
    board = board_from_candidates(position.digits, position.masks)
    calls: list[tuple[ChainGrid, ChainGrid, set[int], list[Potential]]] = []
    original = nesting.nested_offs

    def recording(
        work: ChainGrid, source: ChainGrid, closure: Closure, level: int, limit: int
    ) -> list[Potential]:
        found = original(work, source, closure, level, limit)
        if level == 4:
            snapshot = ChainGrid(work.masks[:], work.places[:])
            calls.append((snapshot, source, set(closure.first), found))
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nesting, "nested_offs", recording)
        assert NestedChaining(multiple=True, dynamic=True, level=4).best(board) is not None
    grids = {tuple(work.masks) for work, *_ in calls}
    assert len(calls) > len(grids) > 10
    hints: dict[tuple[int, ...], list[Nested]] = {}
    for work, source, chain, found in calls:
        key = tuple(work.masks)
        if key not in hints:
            hints[key] = inner_hints.rule_hints(nesting._DYNAMIC[0], work)
        expected = []
        for hint in hints[key]:
            parents = [k for k in hint.parents(source, work) if k in chain]
            assert parents == hint.parents(source, work)  # all of them the chain's
            if parents:
                expected += [(key_of(c, d, False), tuple(parents)) for c, d in hint.removable]
        assert [(p.key, tuple(q.key for q in p.parents)) for p in found] == expected


def _grids_asked(name: str, module: ModuleType = nesting) -> list[tuple[ChainGrid, ChainGrid]]:
    """The grids (a copy) and the grids their chains started from that a level-3 search
    on INKALA_NESTED hands ``module``'s function ``name``, which finds a hint."""
    position = read_s9b(INKALA_NESTED)
    board = board_from_candidates(position.digits, position.masks)
    asked: list[tuple[ChainGrid, ChainGrid]] = []
    original = getattr(module, name)

    def recording(work: ChainGrid, source: ChainGrid) -> object:
        asked.append((ChainGrid(work.masks[:], work.places[:]), source))
        return original(work, source)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, name, recording)
        assert NestedChaining(multiple=True, dynamic=True, level=3).best(board) is not None
    return asked


def _nested_exactly(hints: list[Nested]) -> list[object]:
    return [(h.name, h.complexity, h.removable, h.ons, h.identity) for h in hints]


def test_the_next_level_4_search_takes_what_the_last_ones_closures_held() -> None:
    """A level-4 search leaves what the plain dynamic closures inside its chains held,
    per grid less the candidates it removed, where they read none of those; the next
    search, on the board less them, takes each as known (``closures.Known``) instead of
    following it, and follows it only where more than its potentials is asked. Its hint
    is the one a board with nothing remembered gives; each known closure, followed
    there, holds what it was known to."""
    position = read_s9b(INKALA_80)
    board = board_from_candidates(position.digits, position.masks)
    rule = NestedChaining(multiple=True, dynamic=True, level=4)
    first = rule.best(board)
    assert first is not None
    for cell, digit in first.removable:
        board.eliminate(cell, digit)
    fresh = board_from_candidates(board.digits, board.masks)
    known: list[Known] = []
    followed = 0
    original_follow = follow

    def counting(*args: Any) -> Closure:
        nonlocal followed
        followed += 1
        return original_follow(*args)

    def recording(*args: Any) -> Known:
        made = Known(*args)
        known.append(made)
        return made

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "follow", counting)
        patch.setattr(rules, "Known", recording)
        remembered = rule.best(board)
        with_memory, followed = followed, 0
        alone = rule.best(fresh)
    assert len(known) >= 2 and with_memory + len(known) < followed  # 2; 1,611 and 1,878
    assert remembered is not None and alone is not None
    assert _hint_exactly(remembered) == _hint_exactly(alone)
    for closure in known:
        assert closure.first  # followed now: raises if it holds other potentials


def test_the_cycle_collector_is_paused_during_a_nested_search_and_only_then() -> None:
    """A nested search pauses Python's cycle collector (its objects are not in cycles,
    and it has many) and starts it again after, even when the search fails; a collector
    paused before stays paused."""
    running: list[bool] = []

    def failing(*args: Any, **kwargs: Any) -> list[Found]:
        running.append(gc.isenabled())
        raise RuntimeError("stopped")

    position = read_s9b(INKALA_LATE)
    board = board_from_candidates(position.digits, position.masks)
    rule = NestedChaining(multiple=True, dynamic=True, level=2)
    was = gc.isenabled()
    try:
        for before in (True, False):
            (gc.enable if before else gc.disable)()
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(NestedChaining, "found_all", failing)
                with pytest.raises(RuntimeError, match="stopped"):
                    rule.best(board)
            assert gc.isenabled() is before
    finally:
        (gc.enable if was else gc.disable)()
    assert running == [False, False]


def test_the_cycle_collector_starts_again_only_once_the_search_let_go_of_its_objects() -> None:
    """The collector's first look after a search covers every object the search made and
    still holds (it has not seen them): so a search lets go of its grids' hints, its
    followers and what their closures held, and weighs its own hints, before starting
    it again (forum_hardest line 120: 3.4 s of collections where 7.5 s)."""
    position = read_s9b(INKALA_80)
    board = board_from_candidates(position.digits, position.masks)
    rule = NestedChaining(multiple=True, dynamic=True, level=4)
    held: list[int] = []
    weighed: list[bool] = []
    original_easiest = NestedChaining._easiest

    def easiest(self: NestedChaining, *args: Any) -> Hint | None:
        found = original_easiest(self, *args)
        weighed.append(True)
        return found

    class Collector:
        """``gc`` as ``nesting`` sees it, noting what the search holds when it starts it."""

        def __getattr__(self, name: str) -> Any:
            return getattr(gc, name)

        def enable(self) -> None:
            held.append(
                len(nesting._SEEN) + len(nesting._BEFORE) + len(rules._LARGER)
                + len(rules._FOLLOWED) + len(rules._KEPT) + (not weighed)
            )  # fmt: skip
            gc.enable()

    was = gc.isenabled()
    gc.enable()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(nesting, "gc", Collector())
            patch.setattr(NestedChaining, "_easiest", easiest)
            hint = rule.best(board)
    finally:
        (gc.enable if was else gc.disable)()
    assert hint is not None and held == [0]


def test_a_nested_search_weighs_only_the_hints_that_could_come_first() -> None:
    """A nested search takes the hint of least complexity (its chains' ancestors and the
    nested chains they use), then sort key, then the first: the one weighing every hint
    in full gives. It counts a hint's complexity only while the length of its chains'
    first-parent lines (no more than it) could still put it first: on Inkala 2 after 80
    steps, 464 of the 5,367 hints of a level-4 search that remove something."""
    position = read_s9b(INKALA_80)
    board = board_from_candidates(position.digits, position.masks)
    grid = ChainGrid.of(board)
    rule = NestedChaining(multiple=True, dynamic=True, level=4)
    searches: list[list[Found]] = []
    weighed = 0
    original_found_all = NestedChaining.found_all
    original_weigh = nested_hint.weigh

    def recording(self: NestedChaining, *args: Any, **kwargs: Any) -> list[Found]:
        found = original_found_all(self, *args, **kwargs)
        searches.append(found)
        return found

    def counting(ends: Any) -> tuple[int, int]:
        nonlocal weighed
        weighed += bool(searches)  # the search's own hints (not those inside its chains)
        return original_weigh(ends)

    def nested_of(ends: tuple[tuple[Closure, Key], ...]) -> int:
        """The nested chains among the ends' ancestors, weighed as written in full."""
        found: list[Nested] = []
        for closure, key in ends:
            found += [
                cast(Nested, closure.nested[k])
                for k in closure.ancestors(key)
                if k in closure.nested
            ]
        return nested_hint.nested_complexity(found)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(NestedChaining, "found_all", recording)
        patch.setattr(nesting, "weigh", counting)
        hint = rule.best(board)
    (found,) = searches
    removing = [i for i, item in enumerate(found) if found_removes(item, grid)]
    complexity, _, first = min(
        (sum(c.count(k) for c, k in found[i][1]) + nested_of(found[i][1]), found[i][0], i)
        for i in removing
    )
    assert hint is not None
    assert hint.removable == found_removes(found[first], grid)
    assert (hint.flat + hint.nested, hint.sort_key) == (complexity, found[first][0])
    assert len(removing) >= 1000 and weighed <= len(removing) // 4


def test_each_set_of_candidates_removed_keeps_its_easiest_hint_as_weighing_all_gives() -> None:
    """``rule_hints`` keeps one hint per set of candidates removed: the least complexity,
    then sort key, then the first, as weighing every hint in full gives (it groups the
    hints by the potential they prove and bounds them by their first-parent lines). On
    Inkala 2 after 80 steps, plain dynamic forcing chains: thousands of hints, most sets
    with several."""
    position = read_s9b(INKALA_80)
    grid = ChainGrid.of(board_from_candidates(position.digits, position.masks))
    rule = nesting._DYNAMIC[0]
    hints = inner_hints.rule_hints(rule, grid)

    found = rule.found_all(grid)
    sets: dict[frozenset[tuple[int, int]], list[tuple[int, int, int]]] = {}
    for i, item in enumerate(found):
        removable = found_removes(item, grid)
        if removable:
            flat, nested = nested_hint.weigh(item[1])
            sets.setdefault(frozenset(removable), []).append((flat + nested, item[0], i))
    expected = sorted(min(members) for members in sets.values())
    assert len(found) >= 1000 and sum(len(m) > 1 for m in sets.values()) >= 20
    assert [(h.complexity, frozenset(h.removable)) for h in hints] == [
        (complexity, frozenset(found_removes(found[i], grid))) for complexity, _, i in expected
    ]


def test_nested_hints_with_the_same_chains_count_once_written_out_only_if_ends_match() -> None:
    """A hint's nested complexity counts each set of nested chains once: two hints whose
    chains are the same count once, two that end at the same keys by other chains count
    twice. Chains are written out (``identity``) only for hints whose ends another's
    match."""
    written: list[str] = []

    def nested(name: str, complexity: int, chains: tuple[tuple[Key, ...], ...]) -> Nested:
        def whole() -> tuple[tuple[Key, ...], ...]:
            written.append(name)
            return chains

        ends = tuple(chain[0] for chain in chains)
        return Nested(name, complexity, (), (), (ends, whole))

    a = nested("a", 7, ((10, 11, 12), (20, 21)))
    same_as_a = nested("same as a", 7, ((10, 11, 12), (20, 21)))
    ends_of_a = nested("ends of a", 9, ((10, 13, 12), (20, 21)))
    alone = nested("alone", 5, ((30, 31),))
    assert nested_hint.nested_complexity([a, same_as_a, a, ends_of_a, alone]) == 7 + 9 + 5
    assert sorted(written) == ["a", "ends of a", "same as a"]
    assert nested_hint.nested_complexity([alone, alone]) == 5
    assert nested_hint.nested_complexity([]) == 0


def test_a_search_counts_a_grids_places_per_house_once_for_all_its_chains() -> None:
    """A dynamic chain keeps how many places each digit has left in each house as it
    takes "offs" out (``closures.house_counts``): made once a grid searched, copied by
    each chain followed there, so that an "off" sees a house left with one place without
    looking at the house. The search finds what it finds without them."""
    position = read_s9b(INKALA_80)
    board = board_from_candidates(position.digits, position.masks)
    rule = NestedChaining(multiple=True, dynamic=True, level=4)
    counted = followed = 0
    original_counts, original_follow = house_counts, follow

    def counting(places: list[int]) -> list[int]:
        nonlocal counted
        counted += 1
        return original_counts(places)

    def following(*args: Any) -> Closure:
        nonlocal followed
        followed += 1
        return original_follow(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "house_counts", counting)
        patch.setattr(rules, "follow", following)
        hint = rule.best(board)
    fresh = board_from_candidates(position.digits, position.masks)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "follow", lambda *args: original_follow(*args[:7]))
        alone = rule.best(fresh)
    assert hint is not None and alone is not None
    assert _hint_exactly(hint) == _hint_exactly(alone)
    assert followed > 1000 and 0 < counted <= followed // 10  # 2,368 and 17
