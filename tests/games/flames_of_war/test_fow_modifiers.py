"""The to-hit modifiers the /fow shoot options name (issue 11 §1: this rule sat untested in the
cog): flames_of_war.txt L476–478 concealed +1, concealed and Gone to Ground +2; Gone to Ground
alone is no modifier (L242); a Scout is harder to hit only when concealed (L1051)."""
from __future__ import annotations

from games.flames_of_war.commands import to_hit_modifiers

NONE = dict(long_range=False, concealed=False, gone_to_ground=False, out_of_command=False, smoke=False,
            night=False, scout=False, no_he=False)


def test_concealed_and_gone_to_ground_is_the_plus_two_modifier():
    assert to_hit_modifiers(**{**NONE, "concealed": True, "gone_to_ground": True}) == ["concealed_gtg"]
    assert to_hit_modifiers(**{**NONE, "concealed": True}) == ["concealed"]


def test_gone_to_ground_alone_is_no_modifier():
    assert to_hit_modifiers(**{**NONE, "gone_to_ground": True}) == []


def test_a_scout_counts_only_when_concealed():
    assert to_hit_modifiers(**{**NONE, "scout": True}) == []
    assert to_hit_modifiers(**{**NONE, "scout": True, "concealed": True}) == ["concealed", "scout"]
