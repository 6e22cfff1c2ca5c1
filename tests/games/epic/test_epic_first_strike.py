"""First Strike (2.2.4, L782): «Атаки и урон с этого оружия отыгрывается до того, как вражеские
юниты проводят свои атаки… Если такое оружие есть с обоих сторон, то они атакуют одновременно и
результаты учитываются до того, как обе стороны проведут обычные атаки». On a weapon with Extra
Attacks the rule acts only on the extra attacks (L778). Every test fails on the code before it:
there the whole assault struck at once."""
from __future__ import annotations

from fractions import Fraction

import pytest

from dice import Roller
from games.commands import CommandContext, UnitRef
from games.epic.assault import AssaultSide, assault
from games.epic.commands import assault_command, assault_odds_command
from games.epic.odds import assault_odds
from games.epic.profile import PROFILE
from games.state_base import UnitState
from tests.games.epic.test_epic_profile import _options
from tests.games.epic.test_epic_rules_fidelity import FixedRoller


def _run(faces, **given):
    roller = FixedRoller(faces)
    r = assault_command(CommandContext(roller=roller, settings={}),
                        **_options(UnitRef("Banshees"), UnitRef("Boyz"), **given))
    assert not roller.faces                  # every die listed was rolled, and no other
    return r


def test_units_killed_by_a_first_strike_do_not_strike_back():
    # 3 v 3, CC 4+, no saves. The attacker's First Strike: 4, 1, 1 — one defender dies before the
    # defenders attack, so only 2 of them roll (4, 4: two attackers die). The attacker has nothing
    # left to roll in the normal exchange (all its attacks struck first).
    # Result (L558–562): attacker 1 kill + no BM = +2; defender 2 kills + more units + twice as
    # many + no BM = +5. Highest of 2D6: 6 + 2 = 8 against 1 + 5 = 6, so the defender takes 2 hits.
    r = _run([4, 1, 1, 4, 4, 6, 6, 1, 1], units=3, cc="4+", d_units=3, d_cc="4+", first_strike="all")
    assert r.data["winner"] == "attacker"
    assert (r.data["a_lost"], r.data["d_lost"], r.data["a_score"], r.data["d_score"]) == (2, 3, 8, 6)
    assert [m.render("en") for m in r.outcome][:3] == [
        "Round 1", "First Strike casualties: Banshees −0, Boyz −1", "Casualties: Banshees −2, Boyz −1"]
    assert "combat_epic.note.first_strike" in [m.key for m in r.notes]


def test_a_first_strike_that_wipes_out_the_defender_ends_the_fight_before_it_strikes():
    # One defender, hit by the First Strike: it never rolls, and the attacker wins outright (L533).
    r = _run([4], units=1, cc="4+", d_units=1, d_cc="4+", first_strike="all")
    assert r.data["winner"] == "attacker" and (r.data["a_lost"], r.data["d_lost"]) == (0, 1)
    assert [s.label.render("en") for s in r.steps] == ["First Strike, close combat (CC): Banshees"]


def test_first_strike_on_a_weapon_with_extra_attacks_strikes_first_with_those_only():
    # L778: the weapon's rule acts only on its extra attacks. 2 units CC 5+ with 2 extra attacks:
    # the 2 extra dice first (5, 1: one defender dies), then the 2 units' own CC dice together with
    # the 1 defender left (1, 1 and 1): nobody else dies. Result 3 + 4 (a kill, more units, twice
    # as many, no BM) against 3 + 1: the last defender falls to the loser's hits.
    r = _run([5, 1, 1, 1, 1, 3, 3, 3, 3], units=2, cc="5+", extra=2, d_units=2, d_cc="4+",
             first_strike="extra")
    labels = [s.label.render("en") for s in r.steps[:3]]
    assert labels == ["First Strike, close combat (CC): Banshees", "Close combat (CC): Banshees",
                      "Close combat (CC): Boyz"]
    assert [s.dice for s in r.steps[:3]] == [[5, 1], [1, 1], [1]]
    assert (r.data["a_lost"], r.data["d_lost"], r.data["a_score"], r.data["d_score"]) == (0, 2, 7, 4)
    assert [m.render("en") for m in r.outcome][1] == "First Strike casualties: Banshees −0, Boyz −1"


def test_first_strikes_on_both_sides_are_simultaneous():
    # Both sides' attacks all strike first: 4, 1 and 4, 1 at once, one unit each; nobody is left
    # with a normal attack. Equal results (3 + 2 each) tie, so a second fight with the survivors
    # (L555): 1 and 1, and another tie, which the book doesn't resolve.
    r = _run([4, 1, 4, 1, 3, 3, 3, 3, 1, 1, 3, 3, 3, 3], units=2, cc="4+", first_strike="all",
             d_units=2, d_cc="4+", d_first_strike="all")
    assert [m.render("en") for m in r.outcome][1] == "First Strike casualties: Banshees −1, Boyz −1"
    assert [s.dice for s in r.steps[:2]] == [[4, 1], [4, 1]]
    assert r.data["winner"] is None and r.data["rounds"] == 2


def test_the_odds_take_the_first_strike_casualties_before_the_reply():
    # 1 v 1, CC 4+, no saves, the attacker strikes first: it kills on ½ (wins outright); else the
    # defender kills on ½ (the attack fails); else both roll off with equal modifiers.
    r = assault_odds(AssaultSide("A", 1, cc=4, first_strike="all"), AssaultSide("D", 1, cc=4))
    highest = {}
    for a in range(1, 7):
        for b in range(1, 7):
            highest[max(a, b)] = highest.get(max(a, b), 0) + Fraction(1, 36)
    tie = sum(p * p for p in highest.values())
    win = (1 - tie) / 2
    rounds = [Fraction(1), Fraction(1, 4) * tie]                  # mass reaching rounds 1 and 2
    p_attacker = sum(m * (Fraction(1, 2) + Fraction(1, 4) * win) for m in rounds)
    p_defender = sum(m * (Fraction(1, 4) + Fraction(1, 4) * win) for m in rounds)
    assert float(r.data["p_attacker"]) == pytest.approx(float(p_attacker), abs=1e-12)
    assert float(r.data["p_defender"]) == pytest.approx(float(p_defender), abs=1e-12)
    # The same fight without First Strike: both hits at once leave no attacker, so the attack fails.
    plain = assault_odds(AssaultSide("A", 1, cc=4), AssaultSide("D", 1, cc=4))
    assert plain.data["p_attacker"] < r.data["p_attacker"]


@pytest.mark.parametrize("first_strike, d_first_strike", [("all", "none"), ("extra", "extra"), ("none", "all")])
def test_the_roll_agrees_with_the_odds(first_strike, d_first_strike):
    # 3000 seeded assaults against the exact odds: within 4 standard errors.
    a = AssaultSide("A", 4, in_contact=3, cc=4, ff=5, extra_attacks=2, first_strike=first_strike)
    d = AssaultSide("D", 4, cc=4, ff=4, extra_attacks=1, first_strike=d_first_strike)
    exact = float(assault_odds(a, d).data["p_attacker"])
    roller, n = Roller.seeded(11), 3000
    wins = sum(assault(roller, a, d).data["winner"] == "attacker" for _ in range(n))
    assert abs(wins / n - exact) < 4 * (exact * (1 - exact) / n) ** 0.5


def test_first_strike_is_read_from_the_profile_and_an_option_overrides_it():
    # «EA(+1) First Strike» on one weapon: the extra attacks strike first (L778); on its own, all.
    assert PROFILE.parse("INF 15cm 4+ 3+ 5+ AP5+, EA(+1) First Strike") == {
        "type": "INF", "speed": 15, "armour": 4, "cc": 3, "ff": 5, "weapons": "AP5+", "extra_attacks": 1,
        "first_strike": "extra"}
    assert PROFILE.parse("Пехота 15см 5+ 3+ 4+ AP5+, Первый удар")["first_strike"] == "all"
    banshees = UnitState("Banshees", "Eldar", "formation", 4,
                         profile=PROFILE.parse("INF 15cm 5+ 3+ 4+ AP5+, First Strike"))
    ctx = CommandContext(roller=None, settings={})
    r = assault_odds_command(ctx, **_options(UnitRef("Banshees", banshees), UnitRef("Boyz"), d_units=4, d_cc="4+"))
    notes = [m.render("en") for m in r.notes]
    assert "First Strike: all attacks — from the profile of “Banshees”." in notes
    r2 = assault_odds_command(ctx, **_options(UnitRef("Banshees", banshees), UnitRef("Boyz"), d_units=4, d_cc="4+",
                                              first_strike="none"))
    assert r2.data["p_attacker"] < r.data["p_attacker"]
    assert any("First Strike" in n and "none" in n for n in (m.render("en") for m in r2.notes))
    assert [m.render("ru") for m in PROFILE.describe(banshees.profile)][-1] == "первый удар (все атаки)"


def test_a_defenders_extra_attacks_and_first_strike_come_from_its_profile():
    # Wyches, «EA(+1) First Strike» on one weapon: each of the 2 in base contact has one extra
    # attack (L778), and those strike first (L782): 4, 4 kill both attackers before they roll.
    wyches = UnitState("Wyches", "Eldar", "formation", 2,
                       profile=PROFILE.parse("INF 15cm 6+ 4+ 5+ AP5+, EA(+1) First Strike"))
    roller = FixedRoller([4, 4])
    r = assault_command(CommandContext(roller=roller, settings={}),
                        **_options(UnitRef("Boyz"), UnitRef("Wyches", wyches), units=2, cc="4+"))
    assert r.data["winner"] == "defender" and r.data["a_lost"] == 2 and not roller.faces
    notes = [m.render("en") for m in r.notes]
    assert "Extra Attacks: +1 × 2 units in contact = 2 dice — from the profile of “Wyches”." in notes
    assert "First Strike: extra attacks only (L778) — from the profile of “Wyches”." in notes
