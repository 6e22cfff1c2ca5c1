"""Epic special rules a normal game needs (issue 11 §3), each with its lines."""
from __future__ import annotations

from dice.roller import Roller
from games.epic import checks


def test_a_supreme_commander_rerolls_one_failed_initiative_test():
    # L720: «юнит ВГ в армии позволяет перебросить один любой проваленный тест на Инициативу
    # один раз за ход» — the failed 1 is rolled again and the second die stands.
    r = checks.action_test(Roller.scripted([1, 5]), 2, formation="Tactical", supreme_commander=True)
    assert r.data["passed"] and r.data["die"] == 5 and r.data["rerolled_from"] == 1
    assert "combat_epic.note.supreme_commander" in [m.key for m in r.notes]
    plain = checks.action_test(Roller.scripted([1, 5]), 2, formation="Tactical")
    assert not plain.data["passed"] and plain.data["rerolled_from"] is None


def test_a_teleporting_formation_takes_a_blast_marker_for_each_1():
    # L730: a D6 per unit arriving; each 1 gives the formation one Blast Marker.
    r = checks.teleport(Roller.scripted([1, 4, 1, 6]), units=4, formation="Terminators")
    assert r.data["blast"] == 2
    assert [(c.unit, c.track, c.amount) for c in r.changes] == [("Terminators", "blast_markers", 2)]


def test_planetfall_scatters_2d6_cm_and_says_the_book_gives_no_direction_die():
    # L1046: «смещается на 2д6 см в случайном направлении».
    r = checks.planetfall(Roller.scripted([3, 5]))
    assert r.data["cm"] == 8
    assert [m.render("en") for m in r.outcome] == ["The unit scatters 8 cm (2D6, L1046)."]
    assert "combat_epic.note.scatter_direction" in [m.key for m in r.notes]


async def test_a_tracked_shooter_fires_its_datasheet_weapons_and_a_damaged_war_engine_shoots_at_minus_1(console):
    # Issue 10: /shoot epic needed the weapons typed again; L858: a damaged War Engine shoots at −1.
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    await console.run('/unit add name:Warlord size:8 type:war_engine profile:"WE 15cm 4+ 2+ 3+ DC8/4/2 2xAP4+"',
                      locale="en", user="alice")
    await console.run('/unit add name:Boyz size:8 side:Orks profile:"INF 15cm 6+ 4+ 6+"', locale="en", user="alice")
    [whole] = await console.run("/shoot epic target:Boyz shooter:Warlord", locale="en", user="alice")
    lines = whole.text.splitlines()
    assert "  • weapons: 2xAP4+ — from the profile of “Warlord”." in lines
    assert not any("damaged" in line for line in lines)
    await console.run("/damage unit:Warlord amount:4", locale="en", user="alice")
    [hurt] = await console.run("/shoot epic target:Boyz shooter:Warlord", locale="en", user="alice")
    assert "  • “Warlord” is damaged (DC 4 ≤ 4): −1 to shoot and −5 cm to move (L858)." in hurt.text.splitlines()
    assert any(line.startswith("▸ To hit 2xAP4+") and "(5+)" in line for line in hurt.text.splitlines())
    [refused] = await console.run("/shoot epic target:Boyz", locale="en", user="alice")
    assert refused.ephemeral and refused.text.splitlines()[2].startswith("The value “weapons” is missing")


def test_a_war_engines_dc_lost_to_dangerous_terrain_gives_no_blast_unless_the_house_rule_says_so():
    # L270: a unit lost to dangerous terrain gives no Blast Marker; L824: a War Engine loses 1 DC
    # instead; L868: each DC lost gives a Blast Marker «по обычным правилам». Default: L270.
    plain = checks.dangerous_terrain(Roller.scripted([1, 4]), 2, war_engine=True, formation="Warlord")
    assert [(c.track, c.amount) for c in plain.changes] == [("damage", 1)]
    assert "combat_epic.house.we_dangerous_blast.none" in [m.key for m in plain.notes]
    house = checks.dangerous_terrain(Roller.scripted([1, 4]), 2, war_engine=True, formation="Warlord",
                                     settings={"epic_we_dangerous_blast": "blast"})
    assert [(c.track, c.amount) for c in house.changes] == [("damage", 1), ("blast_markers", 1)]


def test_an_aircraft_failing_its_action_test_gets_no_blast_unless_the_house_rule_says_so():
    # L1010–1012: an aircraft's markers all go when it tries an action, and a failure only stands
    # it down; L122, L214: a failed action test gives a Blast Marker. Default: the aircraft rule.
    plain = checks.action_test(Roller.scripted([1]), 3, aircraft=True, blast_markers=2, formation="Thunderbolts")
    assert [(c.track, c.op, c.amount) for c in plain.changes if c.track == "blast_markers"] == [("blast_markers", "set", 0)]
    house = checks.action_test(Roller.scripted([1]), 3, aircraft=True, blast_markers=2, formation="Thunderbolts",
                               settings={"epic_aircraft_failed_blast": "blast"})
    assert [(c.track, c.op, c.amount) for c in house.changes if c.track == "blast_markers"] == [
        ("blast_markers", "set", 0), ("blast_markers", "add", 1)]
    assert "combat_epic.house.aircraft_failed_blast.blast" in [m.key for m in house.notes]


def test_sniper_weapons_are_read_and_their_hits_go_where_the_attacker_chooses():
    # L716: sniper hits are rolled separately and allocated to targets of the attacker's choice.
    from games.epic.shooting import EpicTarget, shoot
    from games.epic.weapons import parse_weapons
    from games.epic.rolls import SaveProfile
    [sniper, rifle] = parse_weapons("AP5+ Sniper, AP5+")
    assert sniper.sniper and not rifle.sniper and sniper.label() == "AP5+ Sniper"
    target = EpicTarget(name="Orks", units=8, blast_markers=0, saves=SaveProfile(armour=6), unit_types=("INF",))
    r = shoot(Roller.scripted([6, 6, 1, 1]), [sniper, rifle], target)
    assert "combat_epic.note.sniper" in [m.key for m in r.notes]
