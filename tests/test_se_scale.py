"""The table of Sudoku Explainer's ratings to families (``tests/se_scale.py``, the logic
benchmark's "same hardest-technique family") against the catalogue: a family misspelt or
missing there would never match, and nothing else would fail."""

from __future__ import annotations

from tests.se_scale import SE_FAMILIES, se_families
from xl_sudoku.core.steps import Family
from xl_sudoku.core.techniques import NOT_IN_SUKAKU, TECHNIQUES


def test_every_family_of_the_table_is_a_family() -> None:
    named = {family for _, families in SE_FAMILIES for family in families}
    assert all(isinstance(family, Family) for family in named), named


def test_each_technique_sukaku_explainer_has_is_read_back_at_its_rating() -> None:
    """SE's rating of a technique of its own stands for that technique's family."""
    missed = [
        (t.key, t.rating, str(t.family))
        for t in TECHNIQUES
        if t not in NOT_IN_SUKAKU and t.family not in se_families(t.rating)
    ]
    assert missed == []


def test_a_rating_stands_for_one_set_of_families() -> None:
    ratings = [r for rs, _ in SE_FAMILIES for r in rs]
    assert len(ratings) == len(set(ratings))
    assert se_families(6.8) == {Family.CHAINS, Family.SINGLE_DIGIT_CHAINS, Family.WINGS}
    assert se_families(8.3) == se_families(11.9) == {Family.FORCING_CHAINS}
