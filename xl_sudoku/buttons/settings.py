"""The settings on the Sudoku sheet, read and checked (buttons layer, pure).

One column of cells under the status cells, the defined name ``Settings`` over all of
them and a name of its own on each (``Difficulty``, ``Colouring``, ``UseSingles`` ...):
the difficulty of the next New puzzle, whether Solve and Step colour the work grid,
and, one per family of techniques, whether Solve, Step, Hint and New puzzle may use it
(a teacher keeps a class to singles and intersections). The builder lays them out in the
order of ``SETTINGS``; a button reads the whole column in one call and checks only what
it uses, so a bad difficulty never stops Solve. A bad value is a ``SettingError``: the
status cell names the setting, what it holds and what it may hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.generate import DIFFICULTIES
from ..core.steps import Family
from ..core.techniques import FAMILIES

YES, NO = "Yes", "No"
SWITCH = (YES, NO)


class SettingError(ValueError):
    """A setting on the sheet holds a value it may not."""


@dataclass(frozen=True)
class Setting:
    name: str  # its defined name
    label: str  # what the sheet shows beside it
    default: str  # what the builder writes, and what an empty cell means
    choices: tuple[str, ...]
    family: str = ""  # a technique family's switch: the family


def _family_name(family: str) -> str:
    """``UseSingleDigitChains`` for ``single-digit chains``: a defined name's spelling."""
    return "Use" + "".join(word.capitalize() for word in family.replace("-", " ").split())


#: a family as a sentence names it, where that is not its key: an abbreviation, a name
_FAMILY_WORDS: dict[str, str] = {
    Family.ALS: "ALS",
    Family.FRANKEN_AND_MUTANT_FISH: "Franken and Mutant fish",
}


def family_words(family: str) -> str:
    """``single-digit chains``, ``ALS``, ``Franken and Mutant fish``: a family in a sentence."""
    return _FAMILY_WORDS.get(family, family)


def _family_label(family: str) -> str:
    """``Single-digit chains``, ``ALS``: a family as the sheet shows it."""
    words = family_words(family)
    return words[0].upper() + words[1:]


SETTINGS: tuple[Setting, ...] = (
    Setting("Difficulty", "New puzzle", "Medium", DIFFICULTIES),
    Setting("Colouring", "Colour the work grid", YES, SWITCH),
    *(
        Setting(_family_name(family), _family_label(family), YES, SWITCH, family)
        for family in FAMILIES
    ),
)
SWITCHES = tuple(s for s in SETTINGS if s.family)


def _values(column: object) -> list[object]:
    """The column's values as a list, one a setting (a range read gives a list)."""
    values = list(column) if isinstance(column, list | tuple) else [column]
    values = [v[0] if isinstance(v, list | tuple) and v else v for v in values]
    return values + [None] * (len(SETTINGS) - len(values))


def _choice(setting: Setting, value: object) -> str:
    """The choice a cell holds, spelt as the setting spells it (any case; TRUE and FALSE
    for Yes and No; empty for the default)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return setting.default
    if isinstance(value, bool) and setting.choices == SWITCH:
        return YES if value else NO
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # xlwings reads every number as a float
    text = str(value).strip()
    for choice in setting.choices:
        if text.lower() == choice.lower():
            return choice
    raise SettingError(
        f"setting {setting.label!r} holds {text!r}: choose {' or '.join(setting.choices)}"
        if setting.choices == SWITCH
        else f"setting {setting.label!r} holds {text!r}: choose one of {', '.join(setting.choices)}"
    )


def _get(column: object, name: str) -> str:
    index = next(i for i, s in enumerate(SETTINGS) if s.name == name)
    return _choice(SETTINGS[index], _values(column)[index])


def difficulty(column: object) -> str:
    """The difficulty of the next New puzzle."""
    return _get(column, "Difficulty")


def colouring(column: object) -> bool:
    """Whether Solve and Step colour the work grid."""
    return _get(column, "Colouring") == YES


def techniques(column: object) -> tuple[str, ...] | None:
    """The technique families switched on; None if all are (the engine's default)."""
    values = _values(column)
    chosen = [s.family for i, s in enumerate(SETTINGS) if s.family and _choice(s, values[i]) == YES]
    if not chosen:
        raise SettingError(
            "no technique family is switched on: set at least one of the settings "
            f"{', '.join(s.label for s in SWITCHES)} to Yes"
        )
    return None if len(chosen) == len(SWITCHES) else tuple(chosen)


def described(families: Sequence[str] | None) -> str:
    """``singles, intersections`` for a status message; ``all techniques`` for None."""
    return "all techniques" if families is None else ", ".join(families)
