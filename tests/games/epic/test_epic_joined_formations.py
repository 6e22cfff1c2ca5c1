"""Sides made of several formations: intermingled defenders (1.12.10, L586–590) and a combined
assault (2.1.2, L650–656). Every test fails on the code before: «Boyz + Grots» was one untracked
name that needed def_units:, and a side was always one formation."""
from __future__ import annotations

import pytest

from games.commands import CommandContext, UnitRef
from games.epic.assault import AssaultSide
from games.epic.commands import assault_command, assault_odds_command
from games.epic.joined import Member
from games.epic.odds import assault_odds
from games.epic.profile import PROFILE
from games.state_base import UnitState
from i18n import UserError
from tests.games.epic.test_epic_profile import _options
from tests.games.epic.test_epic_rules_fidelity import FixedRoller

ORK = PROFILE.parse("INF 15cm - 6+ -")          # no save, CC 6+, no FF


def _orks(grots_broken: bool = False) -> tuple[UnitState, UnitState]:
    boyz = UnitState("Boyz", "Orks", "formation", 6, values={"blast_markers": 1}, profile=ORK)
    grots = UnitState("Grots", "Orks", "formation", 4, values={"blast_markers": 1}, profile=ORK,
                      statuses={"broken"} if grots_broken else set())
    return boyz, grots


def _assault(faces, attacker: str, defender: str, roster=(), settings=None, **given):
    roller = FixedRoller(faces)
    ctx = CommandContext(roller=roller, settings=settings or {}, roster=tuple(roster))
    r = assault_command(ctx, **_options(UnitRef(attacker), UnitRef(defender), **given))
    assert not roller.faces
    return r


def _changes(r):
    return sorted((c.unit, c.track, c.op, c.amount) for c in r.changes)


def test_intermingled_defenders_add_up_their_markers_and_all_break_when_they_lose():
    # 4 Marines (CC 4+) assault Boyz (6, 1 BM) and the Grots within 10 cm (4, 1 BM) as one (L590).
    # 4, 4, 1, 1: two Boyz die; the 10 Orks roll 1s. Result: Marines 2 + 2 kills + no BM + the
    # enemy's 2 summed markers beat their none (L562, L590) = 6; Orks 2 + more units + twice as
    # many = 4. Two more hits on the Orks (L551): the Boyz again. Both formations break (L590).
    boyz, grots = _orks()
    r = _assault([4, 4, 1, 1] + [1] * 10 + [2, 2, 2, 2], "Marines", "Boyz + Grots", (boyz, grots),
                 units=4, cc="4+")
    assert (r.data["winner"], r.data["a_score"], r.data["d_score"]) == ("attacker", 6, 4)
    assert _changes(r) == [("Boyz", "broken", "status_on", 0), ("Boyz", "units_lost", "add", 4),
                           ("Grots", "broken", "status_on", 0)]
    assert r.data["formations"]["Grots"] == dict(lost=0, blast=1, broken=True, destroyed=False)
    outcome = [m.render("en") for m in r.outcome]
    assert "Boyz is broken and withdraws (Epic L566–572)" in outcome
    assert "Grots is broken and withdraws (Epic L566–572)" in outcome


def test_an_intermingled_formation_already_broken_is_destroyed_and_the_reply_says_the_book_is_silent():
    # The same fight with the Grots already broken: their markers count as their 4 units (L614),
    # so the Orks have 5 to the Marines' none; the scores are the same, and the Grots losing are
    # destroyed as a lone broken formation would be (L570).
    boyz, grots = _orks(grots_broken=True)
    r = _assault([4, 4, 1, 1] + [1] * 10 + [2, 2, 2, 2], "Marines", "Boyz + Grots", (boyz, grots),
                 units=4, cc="4+")
    assert ("Grots", "units_lost", "add", 4) in _changes(r)
    assert "combat_epic.note.joined_already_broken" in [m.key for m in r.notes]


def test_intermingled_defenders_that_win_take_markers_for_their_own_losses():
    # 2 Marines: 4, 4 kill two Boyz; the Orks' 6, 6 kill both Marines, so the attack fails. Each
    # Ork formation takes markers for its own losses (L590): the Boyz 2, the Grots none.
    boyz, grots = _orks()
    r = _assault([4, 4, 6, 6] + [1] * 8, "Marines", "Boyz + Grots", (boyz, grots), units=2, cc="4+")
    assert r.data["winner"] == "defender"
    assert _changes(r) == [("Boyz", "blast_markers", "add", 2), ("Boyz", "units_lost", "add", 2),
                           ("Marines", "units_lost", "add", 2)]


def test_a_combined_assault_won_splits_its_markers_equally_and_own_losses_is_a_house_rule():
    # Two Tactical formations (3 each) as one (L656) against 2 Orks: 4, 4 wipe the Orks while
    # their 6, 6 kill two of Tactical 1. The 2 losses are split equally (L656): one each.
    faces = [4, 4, 1, 1, 1, 1, 6, 6]
    r = _assault(faces, "Tactical 1=3 + Tactical 2=3", "Orks", units=None, cc="4+", d_units=2, d_cc="6+")
    assert r.data["winner"] == "attacker"
    assert _changes(r) == [("Orks", "units_lost", "add", 2), ("Tactical 1", "blast_markers", "add", 1),
                           ("Tactical 1", "units_lost", "add", 2), ("Tactical 2", "blast_markers", "add", 1)]
    assert "combat_epic.house.combined_assault_blast.applied_split" in [m.key for m in r.notes]
    own = _assault(faces, "Tactical 1=3 + Tactical 2=3", "Orks", cc="4+", d_units=2, d_cc="6+",
                   settings={"epic_combined_assault_blast": "own"})
    assert _changes(own) == [("Orks", "units_lost", "add", 2), ("Tactical 1", "blast_markers", "add", 2),
                             ("Tactical 1", "units_lost", "add", 2)]
    assert "combat_epic.house.combined_assault_blast.applied_own" in [m.key for m in own.notes]


def test_the_odds_count_several_formations_as_one_with_their_markers_summed():
    # L590/L656: the side is one formation of 6 units with 2 markers, whichever formations they're in.
    joined = AssaultSide("A + B", 6, cc=4, blast_markers=2, formations=(Member("A", 3, 1), Member("B", 3, 1)))
    single = AssaultSide("AB", 6, cc=4, blast_markers=2)
    enemy = AssaultSide("D", 5, cc=4, blast_markers=1)
    assert assault_odds(joined, enemy).data["p_attacker"] == assault_odds(single, enemy).data["p_attacker"]
    # A broken formation among them counts its units as markers (L614), so the side has no «no
    # Blast Markers» +1 and the enemy has fewer markers: worse odds than the same units unbroken.
    calm = AssaultSide("AB", 6, cc=4)
    broken = AssaultSide("A + B", 6, cc=4, formations=(Member("A", 3, 0, broken=True), Member("B", 3, 0)))
    fresh = AssaultSide("D", 5, cc=4)
    assert assault_odds(broken, fresh).data["p_attacker"] < assault_odds(calm, fresh).data["p_attacker"]


def test_odds_read_tracked_formations_and_name_the_rule():
    boyz, grots = _orks()
    ctx = CommandContext(roller=None, settings={}, roster=(boyz, grots))
    r = assault_odds_command(ctx, **_options(UnitRef("Marines"), UnitRef("Boyz + Grots"), units=4, cc="4+"))
    assert "combat_epic.note.intermingled" in [m.key for m in r.notes]
    assert 0 < r.data["p_attacker"] < 1


@pytest.mark.parametrize("defender, given, error", [
    ("Boyz + Snotlings", {}, "combat_epic.error.joined"),                 # untracked with no units
    ("Boyz + Grots", {"d_units": 8}, "combat_epic.error.joined_counts"),
    ("Boyz + Boyz", {}, "combat_epic.error.joined"),
    ("Boyz + Gargant", {}, "combat_epic.error.joined_war_engine"),
])
def test_several_formations_are_refused_with_the_notation_when_they_cant_be_read(defender, given, error):
    boyz, grots = _orks()
    gargant = UnitState("Gargant", "Orks", "war_engine", 8, profile=PROFILE.parse("WE 15cm 4+ 3+ 4+ DC8"))
    ctx = CommandContext(roller=None, settings={}, roster=(boyz, grots, gargant))
    with pytest.raises(UserError) as caught:
        assault_odds_command(ctx, **_options(UnitRef("Marines"), UnitRef(defender), units=4, cc="4+", **given))
    assert caught.value.msg.key == error


def test_the_roll_agrees_with_the_odds_for_several_formations():
    # 3000 seeded assaults against the exact odds, one formation of the attacker broken (its
    # markers = its units left, L614) and the defender's markers summed (L590): within 4 errors.
    from dice import Roller
    from games.epic.assault import assault
    a = AssaultSide("A + B", 5, cc=4, ff=5, in_contact=3, blast_markers=1,
                    formations=(Member("A", 2, 0, broken=True), Member("B", 3, 1)))
    d = AssaultSide("C + D", 6, cc=5, blast_markers=3, formations=(Member("C", 4, 1), Member("D", 2, 2)))
    exact = float(assault_odds(a, d).data["p_attacker"])
    roller, n = Roller.seeded(5), 3000
    wins = sum(assault(roller, a, d).data["winner"] == "attacker" for _ in range(n))
    assert abs(wins / n - exact) < 4 * (exact * (1 - exact) / n) ** 0.5


# ---- the Commander's combined assault test (L652–656) ---------------------------------------------

def _action(faces, combined, roster=(), **given):
    from games.epic.commands import action_command
    roller = FixedRoller(faces)
    ctx = CommandContext(roller=roller, settings={}, roster=tuple(roster))
    options = dict(initiative="2+", formation=UnitRef("Tactical 1"), blast=0, retaining=False,
                   aircraft_formation=False, declared=None, supreme_commander=False, combined=combined)
    return action_command(ctx, **{**options, **given})


def test_one_initiative_test_for_a_combined_assault_at_minus_one_when_any_formation_has_markers():
    # L652: «Если в любой формации есть «Бласты», то тест на Инициативу получает штраф «-1»»: the
    # Commander's formation has none, Devastators one; a 2 needs 2+ and fails at −1.
    devastators = UnitState("Devastators", "Imperium", "formation", 4, values={"blast_markers": 1})
    r = _action([2], "Tactical 2=0 + Devastators", (devastators,))
    assert not r.data["passed"]
    # L654: only the Commander's formation takes the marker and Holds; the others may still act.
    assert {c.unit for c in r.changes} == {"Tactical 1"}
    passed = _action([3], "Tactical 2=0 + Devastators", (devastators,))
    # L656: all three Engage.
    engaged = sorted((c.unit, c.track) for c in passed.changes)
    assert engaged == [("Devastators", "acted"), ("Devastators", "action"), ("Tactical 1", "acted"),
                       ("Tactical 1", "action"), ("Tactical 2", "acted"), ("Tactical 2", "action")]
    assert {c.amount for c in passed.changes if c.track == "action"} == {2}       # Engage (L178)
    assert "Devastators" in passed.acting


@pytest.mark.parametrize("combined", ["Tactical 2", "A=0 + B=0 + C=0", "A=0 + A=1"])
def test_a_combined_assault_names_one_or_two_formations_with_their_markers(combined):
    with pytest.raises(UserError) as caught:
        _action([6], combined)
    assert caught.value.msg.key == "combat_epic.error.combined"


def test_a_formation_with_other_values_is_named_since_the_side_rolls_with_one_set():
    boyz, _ = _orks()
    nobz = UnitState("Nobz", "Orks", "formation", 2, profile=PROFILE.parse("INF 15cm 4+ 3+ 5+ AP5+, EA(+1)"))
    ctx = CommandContext(roller=None, settings={}, roster=(boyz, nobz))
    r = assault_odds_command(ctx, **_options(UnitRef("Marines"), UnitRef("Boyz + Nobz"), units=4, cc="4+"))
    notes = [m.render("en") for m in r.notes]
    assert any(n.startswith("“Nobz” has another CC, FF, armour or assault rule than “Boyz”") for n in notes)
    same = assault_odds_command(CommandContext(roller=None, settings={}, roster=_orks()),
                                **_options(UnitRef("Marines"), UnitRef("Boyz + Grots"), units=4, cc="4+"))
    assert "combat_epic.note.joined_values" not in [m.key for m in same.notes]
