"""HoDoKu's rectangles that Sudoku Explainer does not have (core layer, logic techniques):
Unique Rectangle Type 6, Hidden Unique Rectangle, Avoidable Rectangles 1 and 2, and the
rectangles with missing candidates. See the package's docstring for their ratings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Final, NamedTuple

from ...board import Board
from ...glossary import (
    BOX_HOUSES,
    COL_BITS,
    COL_HOUSES,
    DIGITS_OF,
    HOUSE_BITS,
    HOUSES,
    PEER_BITS,
    ROW_BITS,
    Candidate,
    box_of,
    cell_list,
    cell_set,
)
from ...grid import cell_name, house_name
from ...steps import Step, Technique, digits_text, names, removals_text
from .patterns import SET_NAMES, shared_houses, uniqueness_technique

# HoDoKu's rectangles that SE does not have: ratings proposed on SE's scale
UNIQUE_RECTANGLE_6 = uniqueness_technique("unique-rectangle-6", "Unique Rectangle Type 6", 4.6)
HIDDEN_UNIQUE_RECTANGLE = uniqueness_technique(
    "hidden-unique-rectangle", "Hidden Unique Rectangle", 4.6
)
AVOIDABLE_RECTANGLE = uniqueness_technique("avoidable-rectangle", "Avoidable Rectangle Type 1", 4.5)
AVOIDABLE_RECTANGLE_2 = uniqueness_technique(
    "avoidable-rectangle-2", "Avoidable Rectangle Type 2", 4.5
)
# HoDoKu's Unique Rectangles with missing candidates: a corner may lack a digit of the
# pair that logic took from it. Named and rated as the rectangles they are (a name they
# share with SE's rule's types chooses both)
_MISSING = "rectangles, missing candidates"
UNIQUE_RECTANGLE_MISSING = uniqueness_technique(
    "unique-rectangle-missing", "Unique Rectangle Type 1", 4.5, _MISSING
)
UNIQUE_RECTANGLE_2_MISSING = uniqueness_technique(
    "unique-rectangle-2-missing", "Unique Rectangle Type 2", 4.5, _MISSING
)
UNIQUE_RECTANGLE_3_MISSING = uniqueness_technique(
    "unique-rectangle-3-missing", "Unique Rectangle Type 3", 4.5, _MISSING
)
UNIQUE_RECTANGLE_4_MISSING = uniqueness_technique(
    "unique-rectangle-4-missing", "Unique Rectangle Type 4", 4.5, _MISSING
)
UNIQUE_RECTANGLE_5_MISSING = uniqueness_technique(
    "unique-rectangle-5-missing", "Unique Rectangle Type 5", 4.5, _MISSING
)
UNIQUE_RECTANGLE_6_MISSING = uniqueness_technique(
    "unique-rectangle-6-missing", "Unique Rectangle Type 6", 4.6, _MISSING
)
HIDDEN_UNIQUE_RECTANGLE_MISSING = uniqueness_technique(
    "hidden-unique-rectangle-missing", "Hidden Unique Rectangle", 4.6, _MISSING
)


def _rectangles() -> tuple[tuple[int, int, int, int], ...]:
    """Every rectangle of four cells in two rows, two columns and two boxes, as corners
    (a, b, c, d): a and b in the first row, c under a, d under b."""
    out = []
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            if (r1 // 3 == r2 // 3) != (c1 // 3 == c2 // 3):  # two boxes, not one or four
                out.append((9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2))
    return tuple(out)


RECTANGLES: Final = _rectangles()

# --- HoDoKu's rectangles that Sudoku Explainer does not have -------------------------------


def unique_rectangles_6(board: Board) -> Iterator[Step]:
    """Unique Rectangle Type 6: two diagonal corners hold just x/y, the other two x/y and
    more, and x lies only in the rectangle in both its rows (or both its columns). If one
    of the other two were x, the conjugate pairs would make the diagonal corners y and the
    last corner x: the deadly pattern. So neither of them is x."""
    masks = board.masks
    for a, b, c, d in RECTANGLES:
        for (p, q), (r, s) in (((a, d), (b, c)), ((b, c), (a, d))):
            pair = masks[p]
            if pair.bit_count() != 2 or masks[q] != pair:
                continue
            if masks[r] & pair != pair or masks[s] & pair != pair or pair in (masks[r], masks[s]):
                continue
            for x in DIGITS_OF[pair]:
                places = board.cells_of(x)
                r1, r2, c1, c2 = a // 9, c // 9, a % 9, b % 9
                row_pairs = places & ROW_BITS[r1], places & ROW_BITS[r2]
                col_pairs = places & COL_BITS[c1], places & COL_BITS[c2]
                if row_pairs == (cell_set((a, b)), cell_set((c, d))):
                    lines, houses = f"rows {r1 + 1} and {r2 + 1}", (r1, r2)
                elif col_pairs == (cell_set((a, c)), cell_set((b, d))):
                    lines = f"columns {c1 + 1} and {c2 + 1}"
                    houses = (COL_HOUSES[c1], COL_HOUSES[c2])
                else:
                    continue
                corners = (a, b, c, d)
                eliminations = tuple(sorted(((r, x), (s, x))))
                yield Step(
                    UNIQUE_RECTANGLE_6,
                    f"Unique Rectangle Type 6 {digits_text(DIGITS_OF[pair])} in {names(corners)} "
                    f"({x} only in the rectangle in {lines}): {removals_text(eliminations)}",
                    eliminations=eliminations,
                    pattern=tuple(
                        (e, v)
                        for e in corners
                        for v in DIGITS_OF[pair]
                        if (e, v) not in eliminations
                    ),
                    houses=houses,
                )


def hidden_unique_rectangles(board: Board) -> Iterator[Step]:
    """Hidden Unique Rectangle: a corner holds just x/y, the other three x, y and perhaps
    more, and x lies only in the rectangle in the row and the column of the opposite
    corner. If that corner were y, its row and column would make both its neighbours x,
    and the first corner would be y: the deadly pattern. So it is not y."""
    masks = board.masks
    for rect in RECTANGLES:
        a, b, c, d = rect
        for p, o, row_mate, col_mate in ((a, d, c, b), (b, c, d, a), (c, b, a, d), (d, a, b, c)):
            pair = masks[p]
            if pair.bit_count() != 2 or any(masks[e] & pair != pair for e in rect):
                continue
            for x in DIGITS_OF[pair]:
                places = board.cells_of(x)
                row, col = o // 9, o % 9
                if places & ROW_BITS[row] != cell_set((o, row_mate)):
                    continue
                if places & COL_BITS[col] != cell_set((o, col_mate)):
                    continue
                y = DIGITS_OF[pair & ~(1 << (x - 1))][0]
                yield Step(
                    HIDDEN_UNIQUE_RECTANGLE,
                    f"Hidden Unique Rectangle {digits_text(DIGITS_OF[pair])} in {names(rect)} "
                    f"({x} only in the rectangle in row {row + 1} and column {col + 1}): "
                    f"removes {y} from {cell_name(o)}",
                    eliminations=((o, y),),
                    pattern=tuple(
                        (e, v) for e in rect for v in DIGITS_OF[pair] if (e, v) != (o, y)
                    ),
                    houses=(row, COL_HOUSES[col]),
                )


def avoidable_rectangles(board: Board) -> Iterator[Step]:
    """Avoidable Rectangle Type 1: three corners were solved (none is a given), x on one
    and y on the two next to it, and the fourth can be x: if it were, x and y could be
    swapped in all four, a second solution. So it is not x. Needs ``Board.givens``."""
    givens = board.givens
    if givens is None:
        return
    digits = board.digits
    for rect in RECTANGLES:
        if cell_set(rect) & givens:
            continue
        a, b, c, d = rect
        for o, p, m1, m2 in ((a, d, b, c), (b, c, a, d), (c, b, a, d), (d, a, b, c)):
            x = digits[p]
            if digits[o] or not x or not board.has(o, x):
                continue
            y = digits[m1]
            if not y or y == x or digits[m2] != y:
                continue
            yield Step(
                AVOIDABLE_RECTANGLE,
                f"Avoidable Rectangle Type 1 {digits_text((x, y))} in {names(rect)}: "
                f"removes {x} from {cell_name(o)}",
                eliminations=((o, x),),
                pattern=((p, x), (m1, y), (m2, y)),
            )


def avoidable_rectangles_2(board: Board) -> Iterator[Step]:
    """Avoidable Rectangle Type 2: two corners in a line were solved (no givens) as x and
    y; of the other two, the one beside x holds just y and z, the one beside y just x and
    z. Both taking x/y would make a rectangle that x and y could swap in: so one of them
    is z, and z leaves the cells that see both. Needs ``Board.givens``."""
    givens = board.givens
    if givens is None:
        return
    digits, masks = board.digits, board.masks
    for rect in RECTANGLES:
        if cell_set(rect) & givens:
            continue
        a, b, c, d = rect
        # (solved, solved, open beside the first, open beside the second)
        for p, q, p_mate, q_mate in ((a, b, c, d), (c, d, a, b), (a, c, b, d), (b, d, a, c)):
            x, y = digits[p], digits[q]
            if not x or not y or digits[p_mate] or digits[q_mate]:
                continue
            extra = masks[p_mate] & ~(1 << (y - 1))
            if masks[p_mate] >> (y - 1) & 1 == 0 or extra.bit_count() != 1:
                continue
            if masks[q_mate] != extra | (1 << (x - 1)):
                continue
            z = extra.bit_length()
            seen = PEER_BITS[p_mate] & PEER_BITS[q_mate] & board.cells_of(z)
            if not seen:
                continue
            eliminations = tuple((e, z) for e in cell_list(seen))
            open_two = sorted((p_mate, q_mate))
            yield Step(
                AVOIDABLE_RECTANGLE_2,
                f"Avoidable Rectangle Type 2 {digits_text((x, y))} in {names(rect)} ({z} in "
                f"{' or '.join(map(cell_name, open_two))}): {removals_text(eliminations)}",
                eliminations=eliminations,
                pattern=((p, x), (q, y), (p_mate, y), (q_mate, x)),
                alternate=((p_mate, z), (q_mate, z)),
            )


# --- HoDoKu's rectangles with missing candidates -------------------------------------------


def _allowed(board: Board, digit: int) -> int:
    """The open cells where no placed ``digit`` in their houses rules it out (whatever
    candidates logic has removed since)."""
    placed = 0
    for cell in range(81):
        if board.digits[cell] == digit:
            placed |= PEER_BITS[cell]
    return board.open_bits & ~placed


class _Rectangle(NamedTuple):
    """A rectangle of a pair with missing candidates: its corners, the pair, the
    corners holding nothing but pair digits and those holding more."""

    corners: tuple[int, int, int, int]
    pair: int
    two: tuple[int, ...]
    more: tuple[int, ...]


def unique_rectangles_missing(board: Board) -> Iterator[Step]:
    """HoDoKu's Unique Rectangles Types 1-6 and Hidden Unique Rectangles *with missing
    candidates*: a corner may lack a digit of the pair, which logic took from it (a
    placed digit in its houses may not: the pair must be allowed in every corner). The
    deadly pattern is as impossible as before: the solution keeps every candidate logic
    left, so the corners that hold nothing but pair digits are pair digits in it, and a
    pattern of four x/y corners could be swapped. From each bivalue corner, as HoDoKu
    searches; rectangles whose corners all hold both digits are SE's rule's and the
    other finders' (``unique_rectangles_and_loops``, types 5, 6, hidden)."""
    masks = board.masks
    allowed = [_allowed(board, d) for d in range(1, 10)]
    seen: set[tuple[str, tuple[Candidate, ...]]] = set()
    found: list[tuple[float, int, Step]] = []
    for rect in RECTANGLES:
        corners = tuple(masks[c] for c in rect)
        if not all(corners):
            continue
        for pair in dict.fromkeys(m for m in corners if m.bit_count() == 2):
            x, y = DIGITS_OF[pair]
            if any(not (allowed[x - 1] >> c & 1 and allowed[y - 1] >> c & 1) for c in rect):
                continue
            if all(m & pair == pair for m in corners):
                continue  # no missing candidate
            two = tuple(c for c in rect if not masks[c] & ~pair)
            more = tuple(c for c in rect if masks[c] & ~pair)
            shape = _Rectangle(rect, pair, two, more)
            for step in _rectangle_steps(board, shape):
                key = (step.technique.key, step.eliminations)
                if key not in seen:
                    seen.add(key)
                    found.append((step.difficulty, len(found), step))
    found.sort(key=lambda item: item[:2])
    for *_, step in found:
        yield step


def _missing_text(board: Board, shape: _Rectangle) -> str:
    """``r2c1 lost 7``: the corners' missing pair digits."""
    parts = []
    for c in shape.corners:
        gone = shape.pair & ~board.masks[c]
        if gone:
            parts.append(f"{cell_name(c)} lost {digits_text(DIGITS_OF[gone])}")
    return ", ".join(parts)


def _rectangle_steps(board: Board, shape: _Rectangle) -> Iterator[Step]:
    masks = board.masks
    rect, pair, two, more = shape
    where = f"{digits_text(DIGITS_OF[pair])} in {names(rect)} ({_missing_text(board, shape)}"
    pattern = tuple((c, d) for c in rect for d in DIGITS_OF[masks[c] & pair])

    def step(technique: Technique, text: str, removed: Sequence[Candidate], **kw: float) -> Step:
        eliminations = tuple(sorted(set(removed)))
        detail = f"; {text}" if text else ""
        return Step(
            technique,
            f"{technique.name} {where}{detail}): {removals_text(eliminations)}",
            eliminations=eliminations,
            pattern=tuple(p for p in pattern if p not in eliminations),
            rating=kw.get("rating", 0.0),
        )

    if len(two) == 3:
        removed = [(more[0], d) for d in DIGITS_OF[masks[more[0]] & pair]]
        if removed:
            yield step(UNIQUE_RECTANGLE_MISSING, "", removed)
    if len(two) in (1, 2):
        yield from _type_2_missing(board, shape, step)
    if len(two) == 2:
        a, b = more
        in_line = a // 9 == b // 9 or a % 9 == b % 9
        if in_line:
            yield from _type_3_missing(board, shape, step)
            yield from _type_4_missing(board, shape, step)
        else:
            yield from _type_6_missing(board, shape, step)
    if len(two) == 1 or (len(two) == 2 and two[0] // 9 != two[1] // 9 and two[0] % 9 != two[1] % 9):
        yield from _hidden_missing(board, shape, step)


_StepMaker = Callable[..., Step]


def _type_2_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """The corners with more hold one more digit z only: one of them is z."""
    masks = board.masks
    extra = 0
    seen = -1
    for c in shape.more:
        extra |= masks[c] & ~shape.pair
        seen &= PEER_BITS[c]
    if extra.bit_count() != 1:
        return
    z = extra.bit_length()
    victims = seen & board.cells_of(z)
    if not victims:
        return
    a, b = shape.more[0], shape.more[-1]
    in_line = len(shape.more) == 2 and (a // 9 == b // 9 or a % 9 == b % 9)
    technique = UNIQUE_RECTANGLE_2_MISSING if in_line else UNIQUE_RECTANGLE_5_MISSING
    rescue = " or ".join(cell_name(c) for c in shape.more)
    yield step(technique, f"{z} in {rescue}", [(c, z) for c in cell_list(victims)])


def _type_3_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """The extra digits of the two corners with more act as one cell of a naked set in a
    house both share, with cells holding no pair digit (as HoDoKu: naked sets only)."""
    masks = board.masks
    a, b = shape.more
    extra = (masks[a] | masks[b]) & ~shape.pair
    rect_bits = cell_set(shape.corners)
    for house in shared_houses(a, b):
        others = [
            c
            for c in HOUSES[house]
            if masks[c] and not masks[c] & shape.pair and not rect_bits >> c & 1
        ]
        for size in range(1, len(others) + 1):
            for group in combinations(others, size):
                digits = extra
                for c in group:
                    digits |= masks[c]
                if digits.bit_count() != size + 1:
                    continue
                if house >= 18 and _in_one_line((a, b, *group)):
                    continue  # the line finds it
                members = cell_set((a, b, *group))
                houses = [house]
                if house < 18:
                    houses += _shared_box(members)
                removed = [
                    (c, d)
                    for h in houses
                    for c in cell_list(HOUSE_BITS[h] & board.open_bits & ~members)
                    for d in DIGITS_OF[masks[c] & digits]
                ]
                if removed:
                    kind = SET_NAMES[digits.bit_count()]
                    yield step(
                        UNIQUE_RECTANGLE_3_MISSING,
                        f"{digits_text(DIGITS_OF[extra])} in {cell_name(a)} or "
                        f"{cell_name(b)}, naked {kind} {digits_text(DIGITS_OF[digits])} with "
                        f"{names(group)} in {house_name(house)}",
                        removed,
                        rating=round(4.5 + 0.1 * (digits.bit_count() - 1), 1),
                    )


def _in_one_line(cells: Sequence[int]) -> bool:
    return len({c // 9 for c in cells}) == 1 or len({c % 9 for c in cells}) == 1


def _shared_box(members: int) -> list[int]:
    boxes = {box_of(c) for c in cell_list(members)}
    return [BOX_HOUSES[boxes.pop()]] if len(boxes) == 1 else []


def _type_4_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """A pair digit has no place but the two corners with more among the cells that see
    both: one of them holds it, so neither holds the other pair digit."""
    a, b = shape.more
    seen = PEER_BITS[a] & PEER_BITS[b]
    x, y = DIGITS_OF[shape.pair]
    for lock, other in ((x, y), (y, x)):
        if board.cells_of(lock) & seen:
            continue
        removed = [(c, other) for c in (a, b) if board.has(c, other)]
        if removed:
            yield step(UNIQUE_RECTANGLE_4_MISSING, f"{lock} only in {names((a, b))} there", removed)
        return


def _type_6_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """The corners with more are diagonal, and a pair digit lies only in the rectangle in
    its rows and columns: neither of those corners holds it."""
    a, b = shape.more
    lines = ROW_BITS[a // 9] | ROW_BITS[b // 9] | COL_BITS[a % 9] | COL_BITS[b % 9]
    outside = lines & ~cell_set(shape.corners)
    for x in DIGITS_OF[shape.pair]:
        if board.cells_of(x) & outside:
            continue
        removed = [(c, x) for c in (a, b) if board.has(c, x)]
        if removed:
            yield step(
                UNIQUE_RECTANGLE_6_MISSING,
                f"{x} only in the rectangle in its rows and columns",
                removed,
                rating=4.6,
            )
        return


def _hidden_missing(board: Board, shape: _Rectangle, step: _StepMaker) -> Iterator[Step]:
    """A corner holding nothing but pair digits: if a pair digit lies only in the
    rectangle in the row and the column of the opposite corner, that corner is not the
    other digit."""
    rect = shape.corners
    rect_bits = cell_set(rect)
    for corner in shape.two:
        opposite = next(c for c in rect if c // 9 != corner // 9 and c % 9 != corner % 9)
        row, col = opposite // 9, opposite % 9
        for x in DIGITS_OF[shape.pair]:
            places = board.cells_of(x)
            if places & (ROW_BITS[row] | COL_BITS[col]) & ~rect_bits:
                continue
            y = DIGITS_OF[shape.pair & ~(1 << (x - 1))][0]
            if board.has(opposite, y):
                yield step(
                    HIDDEN_UNIQUE_RECTANGLE_MISSING,
                    f"{x} only in the rectangle in row {row + 1} and column {col + 1}",
                    [(opposite, y)],
                    rating=4.6,
                )
