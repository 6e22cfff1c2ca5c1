"""Epic datasheets as profiles (issue 10 §1): the notation players copy, Russian and English, and
the assault reading a tracked formation's profile, naming every value it read, overrode or
couldn't find (never CC 4+ and no save silently)."""
from __future__ import annotations

import pytest

from dice import Roller
from games.commands import CommandContext, UnitRef
from games.epic.commands import assault_command, assault_odds_command
from games.epic.profile import PROFILE
from games.state_base import UnitState
from i18n import UserError


@pytest.mark.parametrize("text, expected", [
    ("Пехота 15см 4+ CC4+ FF4+ 2xAP5+",
     {"type": "INF", "speed": 15, "armour": 4, "cc": 4, "ff": 4, "weapons": "2xAP5+"}),
    ("INF 15cm 4+ 6+ 4+ AP5+/AT6+",
     {"type": "INF", "speed": 15, "armour": 4, "cc": 6, "ff": 4, "weapons": "AP5+/AT6+"}),
    ("WE 15cm 4+ 3+ 4+ DC3 3xAP4+, AT3+",
     {"type": "WE", "speed": 15, "armour": 4, "cc": 3, "ff": 4, "dc": 3, "weapons": "3xAP4+, AT3+"}),
    ("Легкая техника 30см 5+ 6+ 5+ AT5+", {"type": "LV", "speed": 30, "armour": 5, "cc": 6, "ff": 5, "weapons": "AT5+"}),
    ("AV 20cm 4+ 6+ -", {"type": "AV", "speed": 20, "armour": 4, "cc": 6, "ff": None}),
    ("CC 3+ FF 5+", {"cc": 3, "ff": 5}),
])
def test_datasheet_rows_parse(text, expected):
    assert PROFILE.parse(text) == expected


@pytest.mark.parametrize("text", ["", "Пехота 15см 9+", "INF 15cm 4+ 4+ 4+ 4+ 4+"])
def test_unreadable_profiles_are_refused_with_the_notation(text):
    with pytest.raises(UserError) as error:
        PROFILE.parse(text)
    assert error.value.example.key == PROFILE.example


def test_describe_names_each_value_in_the_players_language():
    lines = [m.render("ru") for m in PROFILE.describe(PROFILE.parse("INF 15cm 4+ 6+ - 2xAP5+"))]
    assert lines == ["пехота", "скорость 15 см", "броня: 4+", "ближний бой (CC): 6+", "перестрелка (FF): —",
                     "оружие: 2xAP5+"]


def _options(attacker: UnitRef, defender: UnitRef, **given):
    base = dict(attacker=attacker, defender=defender, units=None, cc=None, ff=None, contact=None, extra=None,
                armour=None, invulnerable=None, blast=None, inspiring=0, fearless=False, support=None,
                d_units=None, d_cc=None, d_ff=None, d_contact=None, d_armour=None, d_invulnerable=None,
                d_blast=None, d_inspiring=0, d_fearless=False, d_support=None)
    return {**base, **given}


TACTICAL = UnitState("Tactical", "Imperium", "formation", 6, profile=PROFILE.parse("INF 15cm 4+ 4+ 4+ 2xAP5+"))
BOYZ = UnitState("Boyz", "Orks", "formation", 8, profile=PROFILE.parse("INF 15cm 6+ 4+ 6+"))


def test_assault_reads_both_profiles_and_says_so():
    ctx = CommandContext(roller=None, settings={})
    r = assault_odds_command(ctx, **_options(UnitRef("Tactical", TACTICAL), UnitRef("Boyz", BOYZ)))
    notes = [m.render("en") for m in r.notes]
    assert "close combat (CC): 4+ — from the profile of “Tactical”." in notes
    assert "armour: 6+ — from the profile of “Boyz”." in notes
    assert "firefight (FF): 6+ — from the profile of “Boyz”." in notes


def test_an_option_overrides_the_profile_and_the_reply_says_so():
    ctx = CommandContext(roller=Roller.seeded(1), settings={})
    r = assault_command(ctx, **_options(UnitRef("Tactical", TACTICAL), UnitRef("Boyz", BOYZ), cc="3+"))
    notes = [m.render("en") for m in r.notes]
    assert "close combat (CC): 3+ — given in the command (the profile of “Tactical” says 4+)." in notes


def test_no_cc_anywhere_is_refused_naming_the_option():
    ctx = CommandContext(roller=Roller.seeded(1), settings={})
    with pytest.raises(UserError) as error:
        assault_command(ctx, **_options(UnitRef("Orks"), UnitRef("Guard"), units=8, d_units=6, cc="4+"))
    assert error.value.msg.render("en").startswith("Neither CC nor FF is known for “Guard”: give def_cc:")


def test_no_armour_is_listed_as_assumed():
    ctx = CommandContext(roller=Roller.seeded(1), settings={})
    r = assault_command(ctx, **_options(UnitRef("Orks"), UnitRef("Guard"), units=8, d_units=6, cc="4+", d_cc="5+"))
    notes = [m.render("en") for m in r.notes]
    assert "armour: — — not given, assumed: no save — no armour is given for “Orks” (give armour:)." in notes
