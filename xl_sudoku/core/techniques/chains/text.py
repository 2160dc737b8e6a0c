"""A chaining hint as a step (core layer, logic techniques): what it places or removes,
and its chains in words (``to_step``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...colours import BLUE, CORAL, PINK
from ...grid import cell_name, house_name
from ...steps import Family, Step, Technique, removals_text
from .hints import Hint
from .potentials import CELL, Potential, root

if TYPE_CHECKING:
    from .rules import Chaining

# Sudoku Explainer's "Forcing Chains & Cycles": one rule, its easiest step taken
X_CYCLE = Technique("x-cycle", "X-Cycle", 6.5, Family.SINGLE_DIGIT_CHAINS, BLUE, group="chains")
Y_CYCLE = Technique("y-cycle", "Y-Cycle", 6.5, Family.CHAINS, PINK, group="chains")
X_CHAIN = Technique("x-chain", "X-Chain", 6.6, Family.SINGLE_DIGIT_CHAINS, BLUE, group="chains")
XY_CYCLE = Technique("xy-cycle", "Continuous Nice Loop", 7.0, Family.CHAINS, PINK, group="chains")
XY_CHAIN = Technique("xy-chain", "XY-Chain", 7.0, Family.CHAINS, PINK, group="chains")
# alternating inference chain
AIC = Technique("aic", "AIC", 7.0, Family.CHAINS, PINK, group="chains")
NISHIO = Technique("nishio", "Nishio Forcing Chain", 7.5, Family.FORCING_CHAINS, CORAL)
CELL_FORCING = Technique(
    "cell-forcing-chain", "Cell Forcing Chain", 8.0, Family.FORCING_CHAINS, CORAL, group="multiple"
)
REGION_FORCING = Technique(
    "region-forcing-chain",
    "Region Forcing Chain",
    8.0,
    Family.FORCING_CHAINS,
    CORAL,
    group="multiple",
)
DYNAMIC_FORCING = Technique(
    "dynamic-forcing-chain", "Dynamic Forcing Chain", 8.5, Family.FORCING_CHAINS, CORAL
)
DYNAMIC_FORCING_PLUS = Technique(
    "dynamic-forcing-chain-plus", "Dynamic Forcing Chain (+)", 9.0, Family.FORCING_CHAINS, CORAL
)
# valid on any grid, but only on a puzzle with one solution is it sure to find a step
# soon: on others a guess is quicker (see ``nested.py``)
NESTED_FORCING = Technique(
    "nested-forcing-chain",
    "Nested Forcing Chain",
    9.5,
    Family.FORCING_CHAINS,
    CORAL,
    uniqueness=True,
)


def _text(p: Potential) -> str:
    return f"{cell_name(p.cell)}{'=' if p.on else '<>'}{p.digit}"


def _line(p: Potential) -> list[Potential]:
    """The chain that led to ``p``: its first-parent line, from the assumption."""
    out = [p]
    while p.parents:
        p = p.parents[0]
        out.append(p)
    return out[::-1]


def path_text(p: Potential) -> str:
    """``r1c2=5 -> r1c7<>5 -> r3c7=5``: the chain that led to ``p``."""
    return " -> ".join(_text(q) for q in _line(p))


def _chain_technique(hint: Hint) -> Technique:
    if hint.kind == "cycle":
        if hint.x_links and hint.y_links:
            return XY_CYCLE
        return X_CYCLE if hint.x_links else Y_CYCLE
    if not hint.y_links:
        return X_CHAIN
    line = _line(hint.targets[0])
    cell_strong = all(q.cause == CELL for q in line[1:] if q.on)
    house_weak = all(q.cause != CELL for q in line[1:] if not q.on)
    return XY_CHAIN if cell_strong and house_weak else AIC


def _dynamic_technique(rule: Chaining, hint: Hint) -> Technique:
    if rule.level > 1:
        return NESTED_FORCING
    if rule.level > 0:
        return DYNAMIC_FORCING_PLUS
    if rule.nishio:
        return NISHIO
    if rule.dynamic:
        return DYNAMIC_FORCING
    return CELL_FORCING if hint.kind == "cell" else REGION_FORCING


def to_step(rule: Chaining, hint: Hint) -> Step:
    """The step a hint makes: what it places or removes, the chains in words."""
    target: Potential | None = hint.targets[0]  # what the hint concludes
    if hint.kind == "contradiction" and hint.source is not None:
        target = Potential(hint.source.key ^ 1)  # the opposite of the assumption holds
    elif hint.kind == "cycle":
        target = None
    removable = hint.removable
    placing = target is not None and target.on and all(c == target.cell for c, _ in removable)
    placements = ((target.cell, target.digit),) if placing and target is not None else ()
    eliminations = () if placing else removable
    pattern: dict[tuple[int, int], None] = {}
    alternate: dict[tuple[int, int], None] = {}
    for end in hint.targets:
        for q in _line(end):
            (pattern if q.on else alternate).setdefault((q.cell, q.digit), None)
    for candidate in removable + placements:
        pattern.pop(candidate, None)
        alternate.pop(candidate, None)
    if hint.kind in ("chain", "cycle"):
        technique = _chain_technique(hint)
        digit = f" {hint.targets[0].digit}" if not hint.y_links else ""
        if hint.kind == "cycle":
            text = (
                f"{technique.name}{digit}: {path_text(hint.targets[0])} (a loop): "
                f"{removals_text(removable)}"
            )
        else:
            end = hint.targets[0]
            start = root(end)
            so = f"{cell_name(start.cell)} is {'not ' if start.on else ''}{start.digit}"
            text = f"{technique.name}{digit}: {path_text(end)}, so {so}"
        details: tuple[str, ...] = ()
    else:
        technique = _dynamic_technique(rule, hint)
        text, details = _forcing_text(
            technique.name + nested_suffix(rule), hint, removable, placements
        )
    return Step(
        technique,
        text,
        placements=placements,
        eliminations=eliminations,
        pattern=tuple(pattern),
        alternate=tuple(alternate),
        houses=(hint.house,) if hint.house >= 0 else (),
        rating=hint.rating,
        details=details,
    )


def nested_suffix(rule: Chaining) -> str:
    """What a nested level uses inside its chains, as Sudoku Explainer names it:
    `` (+ Forcing Chains)``, `` (+ Multiple Forcing Chains)``, `` (+ Dynamic Forcing
    Chains)`` and, for the dynamic chains nested in those, their own."""
    return _suffix(rule.level, rule.limit)


def _suffix(level: int, limit: int) -> str:
    inside = {2: "Forcing Chains", 3: "Multiple Forcing Chains"}
    if level < 2:
        return ""
    if level in inside:
        return f" (+ {inside[level]})"
    deeper = _suffix(limit, 0)
    return f" (+ Dynamic Forcing Chains{' (+)' if limit == 1 else deeper})"


def _forcing_text(
    name: str,
    hint: Hint,
    removable: tuple[tuple[int, int], ...],
    placements: tuple[tuple[int, int], ...],
) -> tuple[str, tuple[str, ...]]:
    outcome = (
        f"{cell_name(placements[0][0])} is {placements[0][1]}"
        if placements
        else removals_text(removable)
    )
    lines = tuple(path_text(end) for end in hint.targets)
    if hint.kind == "contradiction" and hint.source is not None:
        source = hint.source
        clash = hint.targets[0]
        text = (
            f"{name}: if {_text(source)}, {cell_name(clash.cell)} would be both "
            f"{clash.digit} and not {clash.digit}, so {_text(Potential(source.key ^ 1))}: "
            f"{outcome}"
        )
    elif hint.kind == "double" and hint.source is not None:
        cell, digit = hint.source.cell, hint.source.digit
        text = (
            f"{name}: whether {cell_name(cell)} is {digit} or not, "
            f"{_text(hint.targets[0])}: {outcome}"
        )
    elif hint.kind == "cell":
        digits = "/".join(str(q.digit) for q in (root(e) for e in hint.targets))
        text = (
            f"{name}: each candidate of {cell_name(hint.cell)} ({digits}) leads to "
            f"{_text(hint.targets[0])}: {outcome}"
        )
    else:
        places = ", ".join(cell_name(root(e).cell) for e in hint.targets)
        text = (
            f"{name}: each place of {hint.digit} in {house_name(hint.house)} "
            f"({places}) leads to {_text(hint.targets[0])}: {outcome}"
        )
    return text, lines
