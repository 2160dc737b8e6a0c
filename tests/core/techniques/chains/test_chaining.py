"""Chains and forcing chains, as Sudoku Explainer finds and rates them.

Every fixture is a position the engine met on a real puzzle (the SE-rated set, the
forum's hardest) where the technique was its next step, written as SudokuWiki's
162-character string: the exact step is asserted, and the fast search is checked
against ``chain_reference``, the rule written out literally. The rules below the
fixture's must find nothing there: that is why the engine reached it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.core.techniques.chains.chain_reference import Reference
from xl_sudoku.core import is_solution, solve
from xl_sudoku.core.board import Board, Memory, board_from_candidates
from xl_sudoku.core.engine import LogicSolver
from xl_sudoku.core.marks import read_s9b
from xl_sudoku.core.steps import Family
from xl_sudoku.core.techniques import BY_KEY, FINDERS, NOT_IN_SUKAKU, TECHNIQUES
from xl_sudoku.core.techniques.chains import rules
from xl_sudoku.core.techniques.chains.closures import Closure, follow, house_counts
from xl_sudoku.core.techniques.chains.dynamic_search import Closures
from xl_sudoku.core.techniques.chains.potentials import ChainGrid
from xl_sudoku.core.techniques.chains.rating import length_tenths
from xl_sudoku.core.techniques.chains.rules import Chaining
from xl_sudoku.core.techniques.chains.text import to_step


@dataclass(frozen=True)
class Fixture:
    key: str
    board: str
    explanation: str
    eliminations: tuple[tuple[int, int], ...]
    placements: tuple[tuple[int, int], ...]
    rating: float

    def position(self) -> Board:
        position = read_s9b(self.board)
        return board_from_candidates(position.digits, position.masks)


FIXTURES = [
    Fixture(
        "x-cycle",
        "09034g2110054g81g1045g804og14q20525g215gg0cgc04i4m56090hg005c8c820114803038110g00"
        "h484821054009200502118gg18gh0200a4o044oo85a9081054a1148g1420h21h04g0o032181gc5c50",
        (
            "X-Cycle 7: r1c3=7 -> r8c3<>7 -> r9c2=7 -> r9c9<>7 -> r2c9=7 -> r1c7<>7 -> "
            "r1c3=7 (a loop): removes 7 from r2c8, r3c7, r3c8, r9c8"
        ),
        ((16, 7), (24, 7), (25, 7), (79, 7)),
        (),
        6.5,
    ),
    Fixture(
        "y-cycle",
        "g11g0i9g210905419i411k0mpgog9220099i802108410k16g10i121048810344200hg00c03g4g4091"
        "00h4080210o4o2184c0g111060e0sgo11gk024180210k2003ggpkok94081k410k8141210914021kg1",
        (
            "Y-Cycle: r3c5=2 -> r4c5<>2 -> r4c5=7 -> r6c5<>7 -> r6c5=8 -> r6c4<>8 -> r6c4=2 "
            "-> r6c8<>2 -> r6c8=1 -> r3c8<>1 -> r3c8=4 -> r3c5<>4 -> r3c5=2 (a loop): "
            "removes 2 from r6c9, r8c5"
        ),
        ((53, 2), (67, 2)),
        (),
        6.8,
    ),
    Fixture(
        "x-chain",
        "0k0321504g80g1091441080ki0i01g1402811080g0090305200g40gg05098110210341gg2211420h4"
        "8g10c812480i04g42054a18h03g2ei081362o1q41h01age0h06l6k85a8021haia4111i2810a0h05ga",
        (
            "X-Chain 5: r7c4=5 -> r7c8<>5 -> r6c8=5 -> r6c7<>5 -> r2c7=5 -> r1c9<>5 -> "
            "r1c4=5 -> r7c4<>5, so r7c4 is not 5"
        ),
        ((57, 5),),
        (),
        6.7,
    ),
    Fixture(
        "xy-cycle",
        "0h300581410822g11290g108200g03844094a2604211g00409ag8g226kg10k11c02gam08090k80g10"
        "321100k41327k420k09c0g1am8k40081102200h8484g0g080204104100i090i04030g0881g1411021",
        (
            "Continuous Nice Loop: r1c7=6 -> r1c7<>1 -> r1c9=1 -> r8c9<>1 -> r8c9=4 -> "
            "r3c9<>4 -> r3c8=4 -> r3c8<>6 -> r1c7=6 (a loop): removes 4 from r6c9"
        ),
        ((53, 4),),
        (),
        7.1,
    ),
    Fixture(
        "xy-chain",
        "034805m00hi080281021h0h0098102410k0k0h814870053028g102g10hb0030884243040cc52d29g2"
        "19kg0180k0c30381gg0412s03811005g2ig41ig0i8109c0g20ho41109064421c868a884038g114kg1",
        (
            "XY-Chain: r4c3=6 -> r6c2<>6 -> r6c2=5 -> r2c2<>5 -> r2c2=9 -> r8c2<>9 -> r8c2=1 "
            "-> r8c7<>1 -> r8c7=2 -> r4c7<>2 -> r4c7=6 -> r4c3<>6, so r4c3 is not 6"
        ),
        ((29, 6),),
        (),
        7.3,
    ),
    Fixture(
        "aic",
        "0i8120411gg11a051811084086840620g00hgi05gi08211g12418021hg80g40954k01g03kihi0520l"
        "050811ok8k0h0090h03810530m084k011o6s44e0h28m809kigi114g21k080058421ggo4sk4s1803l8",
        (
            "AIC: r3c1=4 -> r3c1<>9 -> r3c3=9 -> r9c3<>9 -> r9c3=4 -> r9c6<>4 -> r3c6=4 -> "
            "r3c1<>4, so r3c1 is not 4"
        ),
        ((18, 4),),
        (),
        7.1,
    ),
    Fixture(
        "nishio",
        "413a0c0ha48692b8g12a1g8162i0k2051g6a26g00ke61109c2ege20h8102g10910214444g44011a6a"
        "4860ho888gc0c2184410ho00311a42g4k0903s4t0v4e4a626g1100gc409e4e6110e4cc4o421s2s40h",
        (
            "Nishio Forcing Chain: if r1c7=8, r6c4 would be both 8 and not 8, so r1c7<>8: "
            "removes 8 from r1c7"
        ),
        ((6, 8),),
        (),
        7.7,
    ),
    Fixture(
        "cell-forcing-chain",
        "09j0o4h01ih48ka6410kk003214g81110cgo9kn0o4085il48ka6q0b00hc005500902g1b034024cl08"
        "1k04s243g94h0sc0h2103cc8c9802052050g150880h88g1811002090g20410541080g810421g01003",
        (
            "Cell Forcing Chain: each candidate of r6c9 (3/5/8) leads to r2c9<>3: removes 3 "
            "from r2c9"
        ),
        ((17, 3),),
        (),
        8.3,
    ),
    Fixture(
        "region-forcing-chain",
        "0568g1f090034g3obg421181640h09g126244a2a0hg194d4443eb421k2050hh2l00881h0tasa1ad0p"
        "et40k2gjkp80h1894pc21031441paoe1a94p40h21400c1o0c2103411481g10s8go4400920o4110k03",
        (
            "Region Forcing Chain: each place of 8 in box 4 (r5c1, r5c2, r6c1) leads to "
            "r5c5<>8: removes 8 from r5c5"
        ),
        ((40, 8),),
        (),
        8.2,
    ),
    Fixture(
        "dynamic-forcing-chain",
        "q08i3g09k2q0a2f205a841058ibibga2g188q08a38o2u0050h70e80h108140i0030904i0022140o00"
        "508o00h100c0cg111agag41a003cc8s0321popgg4c0sge4g12g8m8i8g1109eg118s2ookoo41i622qg",
        (
            "Dynamic Forcing Chain: each place of 6 in column 7 (r1c7, r2c7, r9c7) leads to "
            "r3c9<>6: removes 6 from r3c9"
        ),
        ((26, 6),),
        (),
        8.8,
    ),
    Fixture(
        "dynamic-forcing-chain-plus",
        "765k6mmqhq7okaha81f2c009u2h2f00hh204d2g14icq05do4a21529e9s0m8o41g1aa9q3it8dokg8o2"
        "10305pohgoa21gi118o05oa41gimc4c81mugq6o11gimim803m0uopofou005mg0h4411u6o2e0u2o209",
        (
            "Dynamic Forcing Chain (+): if r8c6=8, r3c6 would be both 4 and not 4, so "
            "r8c6<>8: removes 8 from r8c6"
        ),
        ((68, 8),),
        (),
        9.6,
    ),
    Fixture(
        "nested-forcing-chain",
        "765k6mmqhq7okaha81f2d009u2p2f00hh204d2g14icq05do4a21529e9s0m8o41g1aa9q3it8dokg8o2"
        "10305pohgoa21gi118o05oa41gimc4c81mugq6o11gimim803m0uopofou005mg0h4411u6o2e0u2o209",
        (
            "Nested Forcing Chain (+ Forcing Chains): each place of 3 in row 6 (r6c1, r6c5, "
            "r6c7) leads to r6c5<>4: removes 4 from r6c5"
        ),
        ((49, 4),),
        (),
        10.3,  # Sukaku Explainer 1.18.1 on this position: "Dynamic Region Forcing
        # Chains (+ Forcing Chains)", complexity 58 (34 of its own), 10.3
    ),
    Fixture(
        "nested-forcing-chain",  # Inkala's 2010 puzzle, the first nested step (SE's 14th)
        "812mjk4k5e0u3algnqhm0m0921d68m92tgli3i413g8og18q059g2qge11gkocac41a2okimieaei4oc0"
        "h1141o4g6kk8kkk03a4q4r009jk5s0s03ks4cgsh821816s2s81116cisg803kc7cg174cceaae0h545c",
        (
            "Nested Forcing Chain (+ Forcing Chains): if r9c5=3, r2c2 would be both 1 and not "
            "1, so r9c5<>3: removes 3 from r9c5"
        ),
        ((76, 3),),
        (),
        10.4,  # SE: "Dynamic Contradiction Forcing Chains (+ Forcing Chains)", complexity
        # 71 (41 of its own), 10.4
    ),
]

#: Sudoku Explainer's rule behind each technique
RULES = {
    "x-cycle": Chaining(),
    "y-cycle": Chaining(),
    "x-chain": Chaining(),
    "xy-cycle": Chaining(),
    "xy-chain": Chaining(),
    "aic": Chaining(),
    "nishio": Chaining(dynamic=True, nishio=True),
    "cell-forcing-chain": Chaining(multiple=True),
    "region-forcing-chain": Chaining(multiple=True),
    "dynamic-forcing-chain": Chaining(multiple=True, dynamic=True),
    "dynamic-forcing-chain-plus": Chaining(multiple=True, dynamic=True, level=1),
}
CHAIN_ORDER = [
    BY_KEY[k]
    for k in (
        "aic",  # the "Forcing Chains & Cycles" group, one finder
        "nishio",
        "cell-forcing-chain",  # "Multiple Forcing Chains", one finder
        "dynamic-forcing-chain",
        "dynamic-forcing-chain-plus",
        "nested-forcing-chain",
    )
]


def rank(key: str) -> int:
    return next(i for i, t in enumerate(CHAIN_ORDER) if FINDERS[t] is FINDERS[BY_KEY[key]])


@pytest.mark.slow
@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda f: f.key)
def test_the_step_exactly(fixture: Fixture) -> None:
    board = fixture.position()
    step = next(FINDERS[BY_KEY[fixture.key]](board))
    assert step.technique.key == fixture.key
    assert step.explanation == fixture.explanation
    assert (step.eliminations, step.placements) == (fixture.eliminations, fixture.placements)
    assert step.difficulty == fixture.rating


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda f: f.key)
def test_the_easier_rules_find_nothing_there(fixture: Fixture) -> None:
    board = fixture.position()
    for technique in CHAIN_ORDER[: rank(fixture.key)]:
        assert next(FINDERS[technique](board), None) is None, technique.name


@pytest.mark.slow
@pytest.mark.parametrize("fixture", [f for f in FIXTURES if f.key in RULES], ids=lambda f: f.key)
def test_the_fast_search_takes_the_literal_rules_first_hint(fixture: Fixture) -> None:
    board = fixture.position()
    rule = RULES[fixture.key]
    fast = rule.best(board)
    literal = Reference(rule.multiple, rule.dynamic, rule.nishio, rule.level).hints(board)
    assert fast is not None and literal
    first = literal[0]
    assert (fast.kind, fast.tenths, fast.complexity, fast.removable) == (
        first.kind,
        first.tenths,
        first.complexity,
        first.removable,
    )


@pytest.mark.slow
@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda f: f.key)
def test_every_step_is_sound(fixture: Fixture) -> None:
    """The position still holds its puzzle's solution, and the step keeps it."""
    board = fixture.position()
    answer = solve(board.grid())
    assert all(board.has(c, answer[c]) for c in range(81) if not board.digits[c])
    step = next(FINDERS[BY_KEY[fixture.key]](board))
    assert all(answer[c] != d for c, d in step.eliminations)
    assert all(answer[c] == d for c, d in step.placements)


def test_sudoku_explainers_length_bonus() -> None:
    """0.1 for each threshold the potentials (less the two every chain has) pass:
    4, 6, 8, 12, 16, 24, 32, 48, 64, 96, ..."""
    assert [length_tenths(c) for c in (6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27)] == [
        0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
    ]  # fmt: skip
    assert length_tenths(2 + 96) == 9 and length_tenths(2 + 97) == 10


@pytest.mark.slow
def test_inkala_is_solved_by_logic() -> None:
    trace = LogicSolver(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    ).run()
    assert trace.status == "solved" and trace.guesses == 0
    assert is_solution(trace.grid, trace.puzzle)
    assert {s.technique.family for s in trace.steps} >= {Family.SINGLES, Family.FORCING_CHAINS}


def test_chain_techniques_keep_sudoku_explainers_order() -> None:
    keys = [t.key for t in TECHNIQUES]
    positions = [keys.index(t.key) for t in CHAIN_ORDER]
    assert positions == sorted(positions)
    sukaku = keys[: -len(NOT_IN_SUKAKU)]
    assert sukaku[-1] == "nested-forcing-chain"  # the last resort of Sukaku's rules


def test_closures_after_a_step_start_from_where_they_ended_before() -> None:
    """On a board within the last one asked about, a candidate's dynamic closure starts
    from the end it reached there: it equals the closure followed from scratch, for every
    candidate, both states (a contradiction stays one)."""
    inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
    grid = tuple(int(c) for c in inkala)
    solution = solve(grid)
    assert solution is not None and is_solution(solution, grid)
    before = Board.from_grid(grid)
    first = Closures.following(before)
    slots = [10 * c + d for c in range(81) for d in range(9) if before.masks[c] >> d & 1]
    for slot in slots:
        first.if_on(slot)
        first.if_off(slot)
    after = before.copy()
    # two candidates the solution does not hold leave (as a step would remove them)
    wrong = [
        (c, d)
        for c in range(81)
        for d in range(1, 10)
        if before.masks[c] >> (d - 1) & 1 and solution[c] != d
    ][:2]
    for cell, digit in wrong:
        after.eliminate(cell, digit)
    narrowed = Closures.following(after)
    assert narrowed.before is first
    fresh = Closures(after)
    kept = [10 * c + d for c in range(81) for d in range(9) if after.masks[c] >> d & 1]
    contradictions = 0
    for slot in kept:
        assert narrowed.if_on(slot) == fresh.if_on(slot), slot
        assert narrowed.if_off(slot) == fresh.if_off(slot), slot
        contradictions += fresh.if_on(slot) is None
    assert contradictions  # some assumptions do end in a contradiction here
    # a board not within the last one starts afresh
    assert Closures.following(before).before is None


def test_closures_after_a_step_see_a_placement_the_step_took_away() -> None:
    """If an assumption's singles placed a digit on the board before, and a step has
    since removed that candidate, the assumption now leads to a contradiction: the
    closure started from where it ended before must say so, as one from scratch does."""
    inkala = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
    before = Board.from_grid(tuple(int(c) for c in inkala))
    first = Closures.following(before)
    slots = [10 * c + d for c in range(81) for d in range(9) if before.masks[c] >> d & 1]
    taken: tuple[int, int] | None = None
    for slot in slots:
        first.if_on(slot)
        end = first.ends[0][slot]
        placed = 0 if end is None else end[4] & ~(1 << slot) & first.cells
        if placed and taken is None:
            other = (placed & -placed).bit_length() - 1
            taken = (slot, other)  # ``slot`` on places ``other`` there
    assert taken is not None
    slot, other = taken
    after = before.copy()
    after.eliminate(other // 10, other % 10 + 1)
    narrowed = Closures.following(after)
    assert narrowed.before is first
    assert Closures(after).if_on(slot) is None  # from scratch: a contradiction
    assert narrowed.if_on(slot) is None


def test_dynamic_chains_after_a_step_take_the_closures_that_read_the_same() -> None:
    """A search of dynamic forcing chains takes from the board's last one the closures
    that read nothing the steps in between took away (``rules._after_last``). On the
    positions of a real trace where the engine's step is a chain, searched in turn on one
    memory: the hint is the one a fresh search finds, fewer chains are followed, and every
    closure taken holds what following it from scratch gives, potential for potential,
    with the same parents."""
    # magictour_top1465 #96: four dynamic forcing chains among its steps
    puzzle = "4.21......5.....78...3......7..5...6......1.....4.........67.5.2.....4..3........"
    solver = LogicSolver(puzzle)
    positions = []  # where the engine's step is a chain, a hard one or more
    while True:
        before = (solver.board.digits[:], solver.board.masks[:])
        if (step := solver.step()) is None:
            break
        if step.difficulty >= 7.0:
            positions.append(before)
    rule = Chaining(multiple=True, dynamic=True)
    counted = [0]

    def counting(*args: Any, **kwargs: Any) -> Closure:
        counted[0] += 1
        return follow(*args, **kwargs)

    memory = Memory()
    shared = fresh = taken = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "follow", counting)
        for digits, masks in positions:
            alone = Board(digits, masks)
            counted[0] = 0
            expected = rule.best(alone)
            fresh += counted[0]
            board = Board(digits, masks)
            board.memory = memory
            earlier = {id(c) for c in memory.of(rules._LastDynamic).closures.values()}
            counted[0] = 0
            got = rule.best(board)
            shared += counted[0]
            assert (got is None) == (expected is None)
            if got is not None and expected is not None:
                assert (got.kind, got.tenths, got.complexity, got.removable) == (
                    expected.kind,
                    expected.tenths,
                    expected.complexity,
                    expected.removable,
                )
                assert to_step(rule, got).explanation == to_step(rule, expected).explanation
            grid = ChainGrid.of(alone)
            for key, closure in memory.of(rules._LastDynamic).closures.items():
                if id(closure) not in earlier:
                    continue
                taken += 1
                on, off = (key, None) if key & 1 else (None, key)
                scratch = follow(grid, on, off, True, True, None, None, house_counts(grid.places))
                assert closure.first == scratch.first and closure.clash == scratch.clash
                assert all(closure.parents(k) == scratch.parents(k) for k in scratch.first)
    assert taken and shared < fresh
