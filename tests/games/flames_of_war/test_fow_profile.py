"""A Flames of War team's profile (issue 10 §1): read as players copy it, shown back, and read
by /fow shoot for the target's Skill, save and type (armoured tanks can't be pinned, L592)."""
from __future__ import annotations

import pytest

from games.commands import UnitRef
from games.flames_of_war.profile import PROFILE, pin_immune
from games.flames_of_war.reading import Reading
from games.state_base import UnitState
from i18n import Msg, UserError


@pytest.mark.parametrize("text, profile", [
    ("Танк бронированный, Уверенные Ветераны, броня 6/4/1",
     {"type": "tank", "armoured": True, "motivation": "confident", "skill": "veteran",
      "armour": {"front": 6, "side": 4, "top": 1}}),
    ("Tank unarmoured transport Reluctant Conscript armour 1/1/0",
     {"type": "tank", "armoured": False, "transport": True, "motivation": "reluctant", "skill": "conscript",
      "armour": {"front": 1, "side": 1, "top": 0}}),
    # «Рекруты» twice: the first is the Motivation (Reluctant, L134), the second the Skill (L188)
    ("Пехота кавалерия, Рекруты Рекруты, спас 4+",
     {"type": "infantry", "cavalry": True, "motivation": "reluctant", "skill": "conscript", "save": 4}),
    ("Орудие, умение: Рекруты, мотивация: Бесстрашные, спас 3+",
     {"type": "gun", "skill": "conscript", "motivation": "fearless", "save": 3}),
])
def test_profiles_are_read_as_players_write_them(text, profile):
    assert PROFILE.parse(text) == profile


def test_a_word_that_is_no_rating_is_refused_with_an_example():
    with pytest.raises(UserError) as refused:
        PROFILE.parse("Танк Храбрые")
    assert refused.value.msg.key == "fow.error.bad_profile" and refused.value.msg.params["part"] == "храбрые"
    assert refused.value.render_example("ru") == "Танк бронированный, Уверенные Ветераны, броня 6/4/1"


def test_a_profile_is_shown_back_in_the_readers_language():
    shown = PROFILE.describe(PROFILE.parse("Tank armoured Confident Veteran armour 6/4/1"))
    assert [m.render("ru") for m in shown] == [
        "Танк (бронированный)", "мотивация: Уверенные (Confident) 4+", "умение: Ветераны (Veteran)",
        "броня 6/4/1 (лоб/борт/крыша)"]


def test_armoured_tanks_and_aircraft_cant_be_pinned_unarmoured_tanks_and_infantry_can():
    assert [pin_immune(PROFILE.parse(t)) for t in ("tank", "tank unarmoured", "aircraft", "infantry", "gun")] == \
        [True, False, True, False, False]


def _ref(profile: str) -> UnitRef:
    return UnitRef("Grenadiers", UnitState("Grenadiers", "Axis", "unit", 6, profile=PROFILE.parse(profile)))


def test_the_targets_skill_and_save_come_from_its_profile_and_say_so():
    reading = Reading(_ref("infantry fearless veteran save 3+"))
    assert reading.value("skill", None, Msg.of("fow.profile.skill")) == "veteran"
    assert reading.value("save", 4, Msg.of("fow.profile.save")) == 4        # the option overrides
    assert [m.render("en") for m in reading.notes] == [
        "Skill: Veteran — from the profile of “Grenadiers”.",
        "save: 4+ — given in the command (the profile of “Grenadiers” says 3+)."]


def test_a_skill_nobody_gave_is_refused_with_the_option_to_give():
    with pytest.raises(UserError) as refused:
        Reading(UnitRef("Rifles")).required("skill", None, Msg.of("fow.profile.skill"), "skill", "fow.example.shoot")
    assert refused.value.render("en") == ("The value “Skill” is missing: give the option skill, "
                                          "or add a profile to the unit (/unit edit profile:…).")


async def test_fow_shoot_at_a_tank_with_a_profile_rolls_its_skill_and_never_pins_it(console):
    await console.run("/game start game:flames_of_war side:Allies", locale="en", user="alice")
    await console.run('/unit add name:Shermans size:3 profile:"Tank, Confident Trained, armour 6/4/1"',
                      locale="en", user="alice")
    [shot] = await console.run("/fow shoot rof:4 teams:3 target:Shermans", locale="en", user="alice")
    lines = shot.text.splitlines()
    assert "  • Skill: Trained — from the profile of “Shermans”." in lines
    assert "  • team type: Tank (armoured) — from the profile of “Shermans”." in lines
    assert not any(line.startswith("Pinned Down") for line in lines)
    [board] = await console.run("/unit list", locale="en", user="alice")
    assert "pinned" not in board.text
