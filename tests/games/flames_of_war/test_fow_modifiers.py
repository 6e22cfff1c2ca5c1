"""The to-hit modifiers a shot's conditions give (issue 11 §1: this rule sat untested in the
cog): flames_of_war.txt L476–478 concealed +1, concealed and Gone to Ground +2; Gone to Ground
alone is no modifier (L242); a Scout is harder to hit only when concealed (L1051). The
conditions are one option of words in either language (Discord allows 25 options a command)."""
from __future__ import annotations

import pytest

from games.flames_of_war.conditions import CONDITIONS, WORDS, parse_conditions
from games.flames_of_war.shooting import to_hit_modifiers
from i18n import UserError


def keys(conditions) -> list[str]:
    return [m.label.key.removeprefix("fow.mod.") for m in to_hit_modifiers(conditions)]


def test_concealed_and_gone_to_ground_is_the_plus_two_modifier():
    assert keys({"concealed", "gone_to_ground"}) == ["concealed_gtg"]
    assert [m.value for m in to_hit_modifiers({"concealed", "gone_to_ground"})] == [2]
    assert keys({"concealed"}) == ["concealed"]


def test_gone_to_ground_alone_is_no_modifier():
    assert keys({"gone_to_ground"}) == []


def test_a_scout_counts_only_when_concealed():
    assert keys({"scout"}) == []
    assert keys({"scout", "concealed"}) == ["concealed", "scout"]


def test_every_condition_is_a_word_in_both_languages():
    assert set(WORDS.values()) == set(CONDITIONS)


@pytest.mark.parametrize("text, expected", [
    ("скрыта, в укрытии, далеко", {"concealed", "gone_to_ground", "long_range"}),
    ("Цель Скрыта и Скрыта в Укрытии", {"concealed", "gone_to_ground"}),      # L478's own words
    ("скрыт в укрытии", {"gone_to_ground"}),                                    # L240: the term for GtG
    ("вне командования; дым; ночью", {"out_of_command", "smoke", "night"}),
    ("разведчик, не взрывное", {"scout", "no_he"}),
    ("concealed, gone_to_ground, long range", {"concealed", "gone_to_ground", "long_range"}),
    ("out-of-command smoke night scout no he", {"out_of_command", "smoke", "night", "scout", "no_he"}),
    ("", set()), (None, set()), ("—", set()),
])
def test_conditions_are_read_in_russian_and_english(text, expected):
    assert parse_conditions(text) == expected


def test_an_unknown_condition_is_refused_with_the_words_and_an_example():
    with pytest.raises(UserError) as refused:
        parse_conditions("скрыта, туман")
    text = refused.value.render("ru")
    assert "«туман»" in text and "в укрытии" in text and "вне командования" in text
    assert "условия:" in (refused.value.render_example("ru") or "")
    assert "'fog'" in UserError.render(_refused("concealed, fog"), "en")


def _refused(text: str) -> UserError:
    with pytest.raises(UserError) as refused:
        parse_conditions(text)
    return refused.value
