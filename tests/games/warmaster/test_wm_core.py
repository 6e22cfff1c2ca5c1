"""Warmaster core: the book's worked examples (command L772–782, combat L790–812) with the dice
they name, every table against the book, and exact odds."""
from __future__ import annotations

from games.registry import GAMES
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dice.roller import Roller
from games.tables import tables
from games.warmaster import combat, command, odds, other, rules as W, shooting
from games.warmaster.hits import pool
from games.warmaster.tables import TABLES
from i18n import Percent, UserError

BOOK = GAMES["warmaster"].book.file
LINES = BOOK.read_text(encoding="utf-8").splitlines()


def line(n: int) -> str:
    return LINES[n - 1]


def dice(*values) -> Roller:
    """Dice in the order given: the book's worked examples name the dice, not a seed."""
    return Roller.scripted(values)


def two_dice(total: int) -> tuple[int, int]:
    first = min(6, total - 1)
    return first, total - first


# ---- command: the worked example L772–782 -----------------------------------------------------------

@pytest.mark.parametrize("who, c, kwargs, roll, need, ok", [
    ("wizard", 7, {}, 5, 7, True),                                        # L772 first order
    ("wizard", 7, {"orders_given": 1}, 6, 6, True),                       # L772 second order: 7-1=6
    ("hero", 8, {}, 9, 8, False),                                         # L774: fails, no blunder
    ("general", 9, {}, 7, 9, True),                                       # L778–780 knights
    ("general", 9, {"distance_cm": 35}, 8, 8, True),                      # L780 under 40 cm: −1
    ("general", 9, {"distance_cm": 35, "orders_given": 1}, 4, 7, True),   # L780 second order: −2
    ("general", 9, {"distance_cm": 45}, 10, 7, False),                    # L782 over 40 cm: −2, fails
])
def test_command_worked_example(who, c, kwargs, roll, need, ok):
    result = command.command(dice(*two_dice(roll)), character=who, command_value=c, **kwargs)
    assert result.data["need"] == need and result.data["roll"] == roll and result.data["success"] is ok
    assert result.data["blunder"] is None
    if who == "general" and not ok:
        assert result.data["phase_ends"]                                  # L140, L782


def test_command_penalties_are_every_one_the_book_lists():
    for n, text in ((146, "20см"), (148, "приказ"), (150, "20см"), (152, "труднопроходимой"), (154, "базу")):
        assert text in line(n) and "-1" in line(n)
    mods = command.penalties(distance_cm=41, orders_given=2, enemy_near=True, dense_terrain=True, stands_lost=1,
                             blunder_penalties=1)
    assert sum(m.value for m in mods) == -8


def test_hero_blunders_on_twelve_and_rolls_the_table():
    result = command.command(dice(6, 6, 1), character="hero", command_value=8, unit="Orcs")
    assert result.data["blunder"] == "mad"
    assert [(c.unit, c.track, c.amount) for c in result.changes] == [("Orcs", "order_failed", 0),
                                                                     ("Orcs", "command_penalty", 1)]
    result = command.command(dice(6, 6, 6), character="wizard", command_value=7)
    assert result.data["blunder"] == "charge"
    result = command.command(dice(6, 6, 1), character="hero", command_value=8, steam_tank=True)
    assert result.data["blunder"] == "immobile"
    result = command.command(dice(6, 6), character="hero", command_value=8, settings={"wm_blunder_rule": "ends_phase"})
    assert result.data["blunder"] == "ends_phase" and result.data["phase_ends"]
    result = command.command(dice(6, 6), character="general", command_value=9)
    assert result.data["blunder"] is None and result.data["phase_ends"]   # only Heroes and Wizards blunder


def test_command_range():
    with pytest.raises(UserError):
        command.command(dice(), character="wizard", command_value=7, distance_cm=25)
    with pytest.raises(UserError):
        command.command(dice(), character="hero", command_value=8, distance_cm=61)
    command.command(dice(1, 1), character="general", command_value=9, distance_cm=200)


# ---- combat: the worked example L790–812 -----------------------------------------------------------

def hits_then_misses(hits: int, total: int, hit: int = 4, miss: int = 1) -> list[int]:
    return [hit] * hits + [miss] * (total - hits)


def test_combat_worked_example_round_one_and_pursuit():
    # Flagellants: 3 stands × (5 + 1 charge in the open) = 18 attacks at 4+ → 8 hits; Orcs save on 6 → 7.
    flag = combat.attacks(dice(*hits_then_misses(8, 18), 6, *[1] * 7), stands=3, attacks_per_stand=5,
                          charge_open=True, target_armour=6, target="Left Orcs", hits_per_stand=3, target_stands=3)
    assert flag.data["per_stand"] == 6 and flag.data["attacks"] == 18
    assert flag.data["hits"] == 8 and flag.data["unsaved"] == 7
    assert flag.data["stands_lost"] == 2 and flag.data["leftover"] == 1          # L798: 3 hits a stand
    # Left Orcs: 3 stands × 4 = 12 attacks → 2 hits; Flagellants have no armour.
    orcs = combat.attacks(dice(*hits_then_misses(2, 12)), stands=3, attacks_per_stand=4, target="Flagellants",
                          hits_per_stand=3, target_stands=3)
    assert orcs.data["attacks"] == 12 and orcs.data["unsaved"] == 2 and orcs.data["leftover"] == 2
    # Knights: 3 × (3 + 1) = 12 attacks → 6 hits on the centre Orcs; centre Orcs: 8 attacks → 2 hits.
    knights = combat.attacks(dice(*hits_then_misses(6, 12), *[1] * 6), stands=3, attacks_per_stand=3,
                             charge_open=True, target_armour=6, target="Centre Orcs", hits_per_stand=3, target_stands=3)
    assert knights.data["attacks"] == 12 and knights.data["unsaved"] == 6
    assert knights.data["stands_lost"] == 2 and knights.data["leftover"] == 0
    centre = combat.attacks(dice(*hits_then_misses(2, 8), 1, 1), stands=2, attacks_per_stand=4, target_armour=4)
    assert centre.data["unsaved"] == 2
    # L796: Empire 7 + 6 = 13, Orcs 2 + 2 + 1 support = 5; two losing units retreat ⌈8/2⌉ = 4 cm.
    result = combat.combat_result(hits_a=7 + 6, hits_b=2 + 2, support_b=1, losing_units=2, side_a="Empire", side_b="Orcs")
    assert result.data["score_a"] == 13 and result.data["score_b"] == 5 and result.data["retreat_cm"] == 4
    assert result.data["advance_cm"] == 20
    # L810: pursuit round, 5 + 1 pursuit + 1 per full 3 cm (4 cm pursued) = 7 per stand → 21 attacks.
    pursuit = combat.attacks(dice(*hits_then_misses(10, 21), *[1] * 10), stands=3, attacks_per_stand=5,
                             pursuit=True, pursuit_cm=4, target_armour=6, hits_per_stand=3, pool_before=1,
                             target_stands=1)
    assert pursuit.data["per_stand"] == 7 and pursuit.data["attacks"] == 21 and pursuit.data["unsaved"] == 10
    assert pursuit.data["stands_lost"] == 1                                       # the last Orc stand
    # The last Orc stand strikes 4 attacks → 2 hits: Flagellants 2 + 2 = 4 → one stand lost, one left over (L804).
    assert pool(2, 2, 3, 3) == (1, 1)
    assert pool(2, 2, 3, 3) == (1, 1) and "одну базу" in line(804) and "один недостаточный хит" in line(804)


def test_retreat_rounds_up_and_draw_falls_back():
    assert combat.combat_result(hits_a=5, hits_b=0, losing_units=2).data["retreat_cm"] == 3
    assert combat.combat_result(hits_a=3, hits_b=3).data["winner"] is None
    assert combat.combat_result(hits_a=1, hits_b=0, round_no=2).data["advance_cm"] == 10
    result = combat.fall_back(dice(2, 5, 3))
    assert result.data == {"low": 2, "high": 10}


def test_attack_modifiers_from_the_book():
    for n, value in ((262, "+1"), (263, "+1"), (264, "+1"), (265, "+1"), (266, "-1"), (267, "-1"), (268, "-1")):
        assert value in line(n)
    mods = combat.attack_modifiers(charge_open=True, monster_charge_open=True, terror=True, flank=True, confused=True)
    assert sum(m.value for m in mods) == -1
    assert sum(m.value for m in combat.attack_modifiers(pursuit_cm=9)) == 4


# ---- shooting and drive backs -------------------------------------------------------------------------

def test_shooting_to_hit_by_position_and_saves():
    assert "4+" in line(242) and "5+" in line(242) and "6+" in line(242)
    result = shooting.shoot(dice(4, 5, 6, 3, 6, 1), shots=4, position="defended", armour=6, target="Orcs",
                            hits_per_stand=3, stands=3)
    assert result.data["need"] == 5 and result.data["hits"] == 2 and result.data["unsaved"] == 1
    assert [(c.track, c.amount) for c in result.changes] == [("hits", 1), ("phase_hits", 1)]
    cannon = shooting.shoot(dice(4, 4), shots=2, position="defended", armour=3, cannon=True)
    assert cannon.data["need"] == 4 and cannon.data["unsaved"] == 2                     # L381
    elves = shooting.shoot(dice(3), shots=1, elves=True)
    assert elves.data["need"] == 3                                                     # L383


def test_drive_back_dice_and_confusion():
    result = shooting.drive_back(dice(2, 6), hits=3, position="defended", target="Orcs")
    assert result.data == {"dice": 2, "cm": 8, "confused": True}
    assert [(c.track, c.op, c.amount) for c in result.changes] == [("confused", "status_on", 0), ("confusion", "set", 1)]
    assert shooting.drive_back(dice(), hits=2, position="fortified").data["dice"] == 0
    assert shooting.drive_back(dice(4), hits=1, skull_chukka=True).data["confused"]


# ---- other rolls and tables -----------------------------------------------------------------------------

def test_left_table_subtracts_stands_lost():
    assert other.left_table(dice(3), stands_lost=1).data["band"] == "maybe"
    result = other.left_table(dice(1), stands_lost=2, unit="Orcs", stands=3)
    assert result.data["band"] == "gone" and (result.changes[0].track, result.changes[0].amount) == ("stands_lost", 3)
    assert other.left_table(dice(5)).data["band"] == "back"


def test_breach_boiling_oil_ship_flame_cannon_cast():
    assert other.breach(dice(2, 6), hits=2, gate=True).data["band"] == "breach"        # 6 + 1 = 7
    assert other.breach(dice(2), hits=1).data["band"] == "none"
    assert other.ship_damage(dice(6), hits=1, damaged=True).data["band"] == "sunk"
    assert other.boiling_oil(dice(5, 6)).data["hits"] == 3
    assert other.flame_cannon(dice(3, 3)).data["shots"] == 6
    assert other.flame_cannon(dice(2, 2, 3, 4)).data == {"shots": 11, "exploded": True}
    assert other.flame_cannon(dice(2, 5)).data["shots"] == 7
    assert other.cast(dice(4), spell="ball_of_flame").data["success"] is False
    assert other.cast(dice(4), spell="ball_of_flame", wand_of_power=True).data["success"]
    assert other.cast(dice(1, 5), spell="ball_of_flame", high_elf_reroll=True).data["success"]


def test_every_table_cell_by_cell():
    by_id = {t.id: t for t in TABLES}
    assert by_id["left_table"].rows[0][1] in line(27) and by_id["left_table"].rows[3][1] in line(30)
    for n, row in zip((172, 173, 174, 175, 176, 178, 179), (0, 1, 2, 3, 4, 6, 7)):
        cells = by_id["movement"].rows[row]
        assert line(n).split("\t") == list(cells)
    for n, row in zip(range(236, 242), range(6)):
        assert line(n).split("\t") == list(by_id["ranges"].rows[row])
    for n, row in zip(range(262, 269), range(7)):
        assert line(n).split("\t") == list(by_id["attack_modifiers"].rows[row])
    blunder = by_id["blunder"].rows
    assert [r[0] for r in blunder[:4]] == ["1", "2-3", "4-5", "6"]
    for row, (title_line, text_line) in zip(blunder, ((331, 333), (337, 339), (341, 343), (345, 347), (349, 351))):
        assert row[1] in line(title_line) and line(text_line) in row[2]
    for n, row in zip((402, 403, 404), range(3)):
        assert line(n).split("\t") == list(by_id["steam_tank"].rows[row])
    assert by_id["battle_length"].rows == (("1-2", "6"), ("3-4", "7"), ("5-6", "8"))
    assert "1-2 = 6" in line(359) and "5-6 = 8" in line(363)
    for n, row in zip((690, 691, 692), range(3)):
        assert line(n).split("\t") == list(by_id["breach"].rows[row])
    for n, row in zip((731, 732, 733), range(3)):
        assert line(n).split("\t") == list(by_id["boiling_oil"].rows[row])
    for n, row in zip(range(744, 750), range(6)):
        assert line(n).split("\t") == list(by_id["ship_movement"].rows[row])
    for n, text in zip((390, 391, 392, 393, 394, 395), by_id["flame_cannon"].rows):
        assert line(n) == f"- {text[0]} {text[1]}"
    for _key, (_army, ru, _en, cast, _r, at) in W.SPELLS.items():
        assert ru.split()[0] in line(at) and f"на {cast}" in line(at + 2)
    assert {t.id for t in tables("warmaster")} == set(by_id)


# ---- odds ------------------------------------------------------------------------------------------------

def test_odds_by_hand():
    r = odds.command_odds(character="general", command_value=9, distance_cm=45)
    assert r.data["need"] == 7 and r.data["p"] == Fraction(21, 36)
    assert odds.command_odds(character="hero", command_value=8).data["p_blunder"] == Fraction(1, 36)
    r = odds.shoot_odds(shots=2, armour=6)
    assert r.data["p"] == Fraction(1, 2) * Fraction(5, 6)
    assert odds.drive_back_odds(hits=2).data["p_confused"] == 1 - Fraction(25, 36)
    assert odds.cast_odds(spell="ball_of_flame", high_elf_reroll=True).data["p"] == Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 3)


@settings(max_examples=60, deadline=None)
@given(c=st.integers(2, 10), distance=st.integers(0, 100), orders=st.integers(0, 3), extra=st.integers(0, 3))
def test_command_odds_never_improve_with_penalties(c, distance, orders, extra):
    base = odds.command_odds(character="general", command_value=c, distance_cm=distance, orders_given=orders)
    worse = odds.command_odds(character="general", command_value=c, distance_cm=distance, orders_given=orders,
                              stands_lost=extra)
    assert 0 <= worse.data["p"] <= base.data["p"] <= 1


@settings(max_examples=60, deadline=None)
@given(stands=st.integers(1, 4), attacks=st.integers(0, 5), armour=st.sampled_from([None, 4, 5, 6]),
       position=st.sampled_from(["open", "defended", "fortified"]), charge=st.booleans())
def test_attack_odds_sum_to_one_and_charging_helps(stands, attacks, armour, position, charge):
    base = odds.attack_odds(stands=stands, attacks_per_stand=attacks, target_armour=armour, target_position=position,
                            hits_per_stand=3, target_stands=4)
    assert base.data["hits"].total() == 1 and sum(base.data["stands_lost"].values()) == 1
    better = odds.attack_odds(stands=stands, attacks_per_stand=attacks, target_armour=armour, target_position=position,
                              charge_open=True)
    assert better.data["hits"].mean() >= base.data["hits"].mean()


def test_command_items_crown_helm_orb():
    assert "немодифицируемой десятке" in line(620) and "до максимума 10" in line(626) and "8" in line(632)
    crown = command.command(dice(5, 5), character="general", command_value=9, distance_cm=70, item="crown")
    assert crown.data["need"] == 10 and crown.data["success"]
    helm = command.command(dice(5, 5), character="general", command_value=10, item="helm")
    assert helm.data["need"] == 10
    orb = command.command(dice(6, 5, 3, 3), character="general", command_value=9, distance_cm=25, item="orb")
    assert orb.data["success"] and orb.data["need"] == 7 and orb.data["roll"] == 6
    with pytest.raises(UserError):
        command.command(dice(), character="hero", command_value=8, item="crown")
    p = odds.command_odds(character="general", command_value=9, item="orb").data["p"]
    assert p == Fraction(30, 36) + Fraction(6, 36) * Fraction(26, 36)
    assert odds.command_odds(character="general", command_value=7, distance_cm=80, item="crown").data["p"] == Fraction(33, 36)


@settings(max_examples=60, deadline=None)
@given(shots=st.integers(1, 12), armour=st.sampled_from([None, 3, 4, 5, 6]), elves=st.booleans())
def test_shooting_odds_get_no_better_against_better_positions(shots, armour, elves):
    means = [odds.shoot_odds(shots=shots, position=p, armour=armour, elves=elves).data["hits"].mean()
             for p in ("open", "defended", "fortified")]
    assert means[0] >= means[1] >= means[2]
    confused = [odds.drive_back_odds(hits=shots, position=p).data["p_confused"] for p in ("open", "defended", "fortified")]
    assert confused[0] >= confused[1] >= confused[2]


def test_a_confused_unit_fights_with_one_attack_less_per_stand():
    # L309: a tracked confused unit takes −1 attack per stand whatever the option says.
    from games.state_base import UnitState
    confused = UnitState("Orcs", "Orcs", "unit", 3, 3, statuses={"confused"})
    steady = UnitState("Orcs", "Orcs", "unit", 3, 3)
    assert combat.fights_confused(confused) and not combat.fights_confused(steady)
    assert combat.fights_confused(None, True) and not combat.fights_confused(None)
    result = combat.attacks(dice(*[4] * 6), stands=3, attacks_per_stand=3, confused=combat.fights_confused(confused))
    assert result.data["per_stand"] == 2 and result.data["attacks"] == 6


# ---- issue 11 §2 and issue 10 §2: the turn as the book runs it -------------------------------------------

def _unit(name="Orcs", side="Orcs", **values):
    from games.state_base import UnitState
    return UnitState(name, side, "unit", 3, 3, values=dict(values))


def test_confusion_clears_at_the_end_of_the_units_own_command_phase():
    # L311: «Деморализованные отряды перестают быть деморализованными в конце своей командной
    # фазы». Confused in its own turn after its command phase, the unit stays confused through the
    # enemy's command phase; the old code cleared every confused unit at the end of any command phase.
    from games.warmaster.state import RULES
    assert "своей командной" in line(311)
    own = _unit()
    for change in shooting.confusion_changes("Orcs", True, None):
        RULES.apply(own, change, {})
    enemy_turn = _unit("Knights", "Empire")
    for change in shooting.confusion_changes("Knights", False, None):
        RULES.apply(enemy_turn, change, {})
    RULES.phase_changed([own, enemy_turn], "command", "shooting", {})      # the next command phase ends
    assert "confused" in own.statuses and "confused" not in enemy_turn.statuses
    RULES.phase_changed([own], "command", "shooting", {})                  # its own command phase ends
    assert "confused" not in own.statuses and not own.get("confusion")


def test_leftover_hits_that_carry_into_combat_survive_the_end_of_shooting():
    # L226 (stand and shoot), L381 (cannons), L384 (bone throwers), L416 (spells on units in combat):
    # «недостаточные хиты переносятся в первый раунд боя». The old code cleared every pool when
    # shooting ended.
    from games.warmaster.state import RULES
    assert "переносятся в первый раунд боя" in line(226) and "первый раунд боя" in line(381)
    result = shooting.shoot(dice(4, 4), shots=2, position="open", cannon=True, target="Orcs", hits_per_stand=3)
    orcs, other_unit = _unit(), _unit("Goblins", hits=2)
    for change in result.changes:
        RULES.apply(orcs, change, {})
    assert orcs.get("hits") == 2 and "carry_hits" in orcs.statuses
    RULES.phase_changed([orcs, other_unit], "shooting", "combat", {})
    assert orcs.get("hits") == 2 and other_unit.get("hits") == 0
    RULES.phase_changed([orcs], "combat", "command", {})                    # L90–92: gone after combat
    assert orcs.get("hits") == 0 and "carry_hits" not in orcs.statuses
    stand = shooting.shoot(dice(5), shots=1, target="Orcs", stand_and_shoot=True)
    assert [c.track for c in stand.changes] == ["hits", "carry_hits"]       # no drive back for chargers


def test_orders_are_counted_and_a_failed_generals_order_ends_the_phase():
    # L148: −1 per successful order to the unit; L140: a failed General's order ends the phase.
    ok = command.command(dice(3, 3), character="hero", command_value=8, unit="Orcs")
    assert [(c.track, c.amount) for c in ok.changes] == [("orders", 1)]
    fail = command.command(dice(6, 6), character="general", command_value=9, unit="Orcs",
                           phase_units=("Orcs", "Trolls"))
    assert [(c.unit, c.track) for c in fail.changes] == [("Orcs", "order_failed"), ("Orcs", "orders_over"),
                                                         ("Trolls", "orders_over")]
    from games.warmaster.state import RULES
    orcs = _unit(orders=2)
    orcs.statuses.update({"orders_over", "order_failed"})
    RULES.phase_changed([orcs], "command", "shooting", {})
    assert not orcs.get("orders") and not orcs.statuses


# ---- issue 14 §3 and issue 12: polynomial odds whose text is their Distribution ----------------------

def _rows_match(result) -> int:
    dist = result.distribution
    rows = [m for m in result.outcome if m.key == "combat2.odds.row"]
    for m in rows:
        k = m.params["k"]
        assert m.params["exactly"] == Percent(dist.dist[k])
        assert m.params["at_least"] == Percent(dist.at_least(k))
    assert dist.dist.total() == 1
    return len(rows)


def test_drive_back_odds_are_exact_and_the_text_reads_the_distribution():
    result = odds.drive_back_odds(hits=3, position="defended")
    dist = result.distribution
    assert dist.dist.offset == 2 and dist.dist[2] == Fraction(1, 36) and dist.mean() == 7
    assert dist.event_probability == 1 - Fraction(25, 36)                                  # a 6 on either die
    assert result.outcome[0].params["p"] == Percent(dist.event_probability)
    assert _rows_match(result) == 11
    big = odds.drive_back_odds(hits=200)                                                   # 3.2 s before
    assert big.distribution.mean() == Fraction(7, 2) * 200 and len(big.distribution.dist) == 1001


def test_combat_odds_are_bounded_like_the_roll_and_read_their_distribution():
    result = odds.attack_odds(stands=3, attacks_per_stand=4, charge_open=True, target_armour=6, hits_per_stand=3,
                              target_stands=3)
    dist = result.distribution
    assert len(dist.dist) == 16 and dist.dist[15] == (Fraction(1, 2) * Fraction(5, 6)) ** 15
    assert dist.event_probability == dist.at_least(3)                       # 3 hits take a stand
    _rows_match(result)
    with pytest.raises(UserError):
        odds.attack_odds(stands=50, attacks_per_stand=20, character_attacks=20)              # the roll refuses 1020


# ---- issue 10 §1: profiles ------------------------------------------------------------------------------

def test_profiles_read_the_army_list_row_or_named_values():
    from games.warmaster.profile import PROFILE
    assert PROFILE.parse("Пехота 3 3 5+") == {"type": "infantry", "attacks": 3, "hits": 3, "armour": 5}
    assert PROFILE.parse("Cavalry 3/1 3 4+") == {"type": "cavalry", "attacks": 3, "shots": 1, "hits": 3, "armour": 4}
    assert PROFILE.parse("Генерал +2 - - 9") == {"type": "general", "attacks": 2, "hits": None, "armour": None,
                                                 "command": 9}
    assert PROFILE.parse("A3 H3 Ar5+ C8") == {"attacks": 3, "hits": 3, "armour": 5, "command": 8}
    assert PROFILE.parse("атаки 4 броня 6+") == {"attacks": 4, "armour": 6}
    for bad in ("", "Пехота 3 3 9+", "Сила 4", "3 3 5+ 8 1"):
        with pytest.raises(UserError):
            PROFILE.parse(bad)
    [line] = PROFILE.describe({"type": "cavalry", "attacks": 3, "shots": 1, "hits": 3, "armour": 4})
    assert line.render("ru") == "кавалерия · Атаки 3/1 · Хиты 3 · Броня 4+"


def test_combat_reads_attacks_and_armour_from_profiles_and_says_so():
    from games.commands import CommandContext, UnitRef
    from games.state_base import UnitState
    from games.warmaster.commands import attack_command
    knights = UnitRef("Knights", UnitState("Knights", "Empire", "unit", 3, 3, profile={"attacks": 3, "armour": 4}))
    orcs = UnitRef("Orcs", UnitState("Orcs", "Orcs", "unit", 3, 3, profile={"attacks": 4, "armour": 6}))
    ctx = CommandContext(roller=dice(*[4] * 9, 6, 6, 1, 1, 1, 1, 1, 1, 1), settings={})
    result = attack_command(ctx, stands=3, attacks=None, target=orcs, attacker=knights, character=0,
                            charge_open=False, monster_charge=False, pursuit=False, pursuit_cm=0, terror=False,
                            flank=False, confused=False, extra=0, position="open", armour=None, no_saves=False,
                            hits_per_stand=None, target_stands=None, pool=None)
    assert result.data["attacks"] == 9 and result.data["hits"] == 9 and result.data["unsaved"] == 7   # Orcs save 6+
    assert [n.key for n in result.notes[:2]] == ["combat_shared.note.from_profile"] * 2
    with pytest.raises(UserError):
        attack_command(ctx, stands=3, attacks=None, target=orcs, attacker=UnitRef("Trolls"), character=0,
                       charge_open=False, monster_charge=False, pursuit=False, pursuit_cm=0, terror=False,
                       flank=False, confused=False, extra=0, position="open", armour=None, no_saves=False,
                       hits_per_stand=None, target_stands=None, pool=None)


# ---- issue 11 §3: the procedures a normal game needs ---------------------------------------------------

def test_home_back_is_ten_times_a_d6_cm():
    assert "10xD6" in line(116)
    assert battle_home_back(dice(4)).data["cm"] == 40


def battle_home_back(roller):
    from games.warmaster import battle
    return battle.home_back(roller)


def test_helblaster_shots_by_range_armour_worse_and_explosion():
    from games.warmaster import machines
    assert "6 на дистанцию до 10см, 3 – до 20см, и 1 – до 30см" in line(382)
    assert [machines.helblaster_shots(r, False) for r in (5, 10, 15, 30)] == [6, 6, 3, 1]
    assert machines.helblaster_shots(30, True) == 6                                      # chargers: 10 cm
    with pytest.raises(UserError):
        machines.helblaster_shots(31, False)
    # 3 shots at 4+: [1, 1, 6] — two 1s, one 6: it explodes; the hit (6) meets armour 5+ made 6+.
    result = machines.helblaster(dice(1, 1, 6, 5), range_cm=15, armour=5, target="Orcs")
    assert result.data == {"shots": 3, "need": 4, "hits": 1, "unsaved": 1, "exploded": True}
    single = machines.helblaster(dice(1), range_cm=25)
    assert not single.data["exploded"]                                                   # one shot never explodes


def test_cannon_bounce_and_grapeshot():
    from games.warmaster import machines
    # Defended counts as open (4+), no saves; 2 hits; the bounce passed 2 more stands.
    result = machines.cannon(dice(4, 5), position="defended", bounce_stands=2, target="Orcs")
    assert result.data["hits"] == 2 and result.data["unsaved"] == 2 and result.data["bounce_hits"] == 2
    assert [c.track for c in result.changes] == ["hits", "phase_hits", "carry_hits"]
    grape = machines.cannon(dice(4, 6, 5, 2), grapeshot=True, armour=5, target="Orcs")     # saves apply
    assert grape.data["hits"] == 2 and grape.data["unsaved"] == 1
    with pytest.raises(UserError):
        machines.cannon(dice(), grapeshot=True, bounce_stands=1)


def test_rage_of_chaos_stops_at_a_double_and_turns_on_the_unit():
    from games.warmaster import magic
    assert "дубле" in line(534)
    assert magic.rage_of_chaos(dice(3, 5), dice=2, stands=3).data["bonus"] == 8
    doubled = magic.rage_of_chaos(dice(3, 3, 6), dice=3, stands=3)
    assert doubled.data == {"dice": [3, 3], "double": True, "bonus": 0, "self_attacks": 6}
    with pytest.raises(UserError):
        magic.rage_of_chaos(dice(), dice=4, stands=3)


@pytest.mark.parametrize("kind, source", [("dispel", 544), ("spellbinding", 646), ("teleport", 434)])
def test_magic_d6_rolls_on_four_plus(kind, source):
    from games.warmaster import magic
    assert "4+" in line(source)
    assert magic.magic_roll(dice(4), kind=kind).data["success"]
    assert not magic.magic_roll(dice(3), kind=kind).data["success"]


def test_withdrawal_at_half_the_units_or_the_general():
    from games.state_base import UnitState
    from games.warmaster import battle
    assert "половину и более" in line(365)
    army = [UnitState(f"U{i}", "Orcs", "unit", 3, 3) for i in range(4)]
    army += [UnitState("Boss", "Orcs", "unit", 1, 1, profile={"type": "general"})]
    army[0].statuses.add("destroyed")
    assert not battle.withdrawal(army, "Orcs").data["withdraws"]                   # 1 of 4
    army[1].statuses.add("destroyed")
    assert battle.withdrawal(army, "orcs").data == {"lost": 2, "total": 4, "general_lost": False, "withdraws": True}
    army[1].statuses.clear()
    army[4].statuses.add("destroyed")
    assert battle.withdrawal(army, "Orcs").data["withdraws"]                       # the General is gone


def test_victory_points_full_half_rounded_to_five_and_withdrawal_cap():
    from games.state_base import UnitState
    from games.warmaster import battle
    orcs = UnitState("Orcs", "Orcs", "unit", 3, 3, values={"stands_lost": 2}, profile={"points": 45})
    trolls = UnitState("Trolls", "Orcs", "unit", 3, 3, statuses={"destroyed"}, profile={"points": 110})
    wolves = UnitState("Wolves", "Orcs", "unit", 3, 3, statuses={"destroyed"})
    knights = UnitState("Knights", "Empire", "unit", 3, 3, statuses={"destroyed"}, profile={"points": 110})
    result = battle.victory_points([orcs, trolls, wolves, knights], "Empire", "Orcs")
    assert result.data == {"a": 110 + 25, "b": 110, "missing": ["Wolves"]}            # ⌈22.5 / 5⌉ × 5 = 25
    capped = battle.victory_points([orcs, trolls, knights], "Empire", "Orcs", withdrew="Empire")
    assert capped.data["a"] == 110
    assert battle.victory_points([knights], "Empire", "Orcs", surrendered="Orcs").data["b"] == 0


def test_d3_is_never_defined_in_the_book_and_the_reply_says_so():
    assert not any("D3 " in l and ("=" in l or "равн" in l) for l in LINES)
    result = other.boiling_oil(dice(5, 4))
    assert result.data["hits"] == 2 and "wm.note.d3_undefined" in [n.key for n in result.notes]


def test_a_flyer_out_of_range_is_refused_by_the_flyer_rule_not_the_heros_range():
    # issue 11 §5: a Hero's order to a flyer 25 cm away cited «20 cm» as the Hero's range (L126–134).
    with pytest.raises(UserError) as refused:
        command.check_inputs("hero", 8, 25, True, [0])
    assert refused.value.msg.key == "wm.error.flyer_range"
    with pytest.raises(UserError) as refused:
        command.check_inputs("hero", 8, 65, False, [0])
    assert refused.value.msg.key == "wm.error.out_of_range"


def test_a_spell_and_the_generals_exit_cite_the_book_by_its_title_not_its_id():
    cast = other.cast(dice(4), spell="ball_of_flame")
    assert cast.outcome[0].render("ru") == "«Огненный шар» не удалось (WM L412)."
    assert cast.outcome[0].render("en") == "«Ball of Flame (Огненный шар)» fails (WM L412)."
    gone = other.left_table(dice(1), general=True, stands_lost=1)
    assert gone.outcome[-1].render("ru").endswith("(WM L36).")
