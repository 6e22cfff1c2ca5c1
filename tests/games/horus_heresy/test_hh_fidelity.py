"""Rules the bot once read differently from the book (issue 11 §1–§2), each with its lines:
these fail on the old code."""
from fractions import Fraction

from dice.roller import Roller
from games.commands import CommandContext, UnitRef
from games.horus_heresy.commands import reaction_command
from games.horus_heresy.melee import Fighter, fight
from games.horus_heresy.odds import fight_odds, shoot_odds
from games.horus_heresy.reactions import reaction_of
from games.horus_heresy.rolls import Saves
from games.horus_heresy.shooting import HHTarget, HHWeapon, shoot
from games.horus_heresy.state import condition
from games.state_base import UnitState


class FixedRoller(Roller):
    def __init__(self, faces):
        super().__init__()
        self.faces = list(faces)

    def die(self, sides=6):
        return self.faces.pop(0)

    def dice(self, count, sides=6):
        return [self.die(sides) for _ in range(count)]


# ---- unit state and reactions, once in the cog (horus_heresy.py:286-302) -----------------------

def test_condition_of_a_wounded_unit_and_a_vehicle():
    unit = UnitState("Terminators", "A", "unit", 5, 2, values={"wounds": 3}, statuses={"pinned"})
    assert condition(unit) == {"vehicle": False, "models": 4, "wounds": 2, "damage": 1, "pinned": True}
    rhino = UnitState("Rhino", "A", "vehicle", 3, values={"hull_points": 1}, statuses={"immobilised"})
    assert condition(rhino) == {"vehicle": True, "hull_points": 2, "immobilised": True}


def test_reaction_counts_the_whole_side_and_blocks_pinned_units():       # L431–445
    a = UnitState("A", "Loyal", "unit", 10, values={"reactions": 1})
    b = UnitState("B", "Loyal", "unit", 10)
    c = UnitState("C", "Traitor", "unit", 10)
    assert reaction_of(b, (a, b, c)).data["allowed"] is False              # base allowance 1, used by A
    assert reaction_of(c, (a, b, c)).data["allowed"] is True               # the other side counts its own
    assert reaction_of(b, (a, b, c), bonus=1).data["allowed"] is True
    b.statuses.add("pinned")
    assert reaction_of(b, (a, b, c), bonus=1).data["allowed"] is False


def test_reaction_needs_a_tracked_unit():
    import pytest
    from i18n import UserError
    with pytest.raises(UserError):
        reaction_command(CommandContext(None, {}), UnitRef("Nobody"), 0)


# ---- Feel No Pain is never taken against Instant Death, Eternal Warrior or not (L3009, L2983) ---

EW_TARGET = HHTarget(name="Praetor", toughness=4, models=1, wounds=2, saves=Saves(armour=2, invulnerable=5), fnp=5,
                     eternal_warrior=True)


def test_fnp_not_against_instant_death_on_eternal_warrior_odds():
    r = shoot_odds(5, HHWeapon(shots=3, strength=8, ap=2), EW_TARGET)
    # hit 2+ (5/6) · wound 2+ (5/6) · invulnerable 5+ fails 4/6, no FNP: 100/216 = 46.3% (the bot gave 30.9%)
    assert r.data["p_unsaved"] == Fraction(100, 216)


def test_fnp_not_rolled_against_instant_death_on_eternal_warrior():
    # to hit 6; to wound 6; invulnerable save 1 fails; no FNP dice: one wound, EW keeps the model (L2983)
    r = shoot(FixedRoller([6, 6, 1]), 5, HHWeapon(shots=1, strength=8, ap=2), EW_TARGET)
    assert r.data["unsaved"] == 1 and r.data["mitigated"] == 0 and r.data["models_removed"] == 0
    assert len(r.steps) == 3


# ---- +1 attack for charging (L1196); Hatred only in the first round (L3073) ------------------

def test_charging_models_get_one_more_attack():
    a = Fighter(name="A", models=2, attacks=2, initiative=5, charged=True)
    d = Fighter(name="D", models=1, initiative=1, toughness=10)
    r = fight(Roller.seeded(1), a, d)
    assert len(r.steps[0].dice) == 6                     # 2 models × (A2 + 1)


def test_charging_counts_in_the_odds():
    a = Fighter(name="A", models=1, attacks=1, ws=4, strength=4, initiative=5)
    d = Fighter(name="D", models=5, ws=4, toughness=4, initiative=1, attacks=0)
    plain = fight_odds(a, d).data["expected_a"]
    charged = fight_odds(Fighter(**{**a.__dict__, "charged": True}), d).data["expected_a"]
    assert charged == 2 * plain


def test_hatred_rerolls_only_in_the_first_round():
    a = Fighter(name="A", models=1, attacks=1, ws=4, initiative=5, hatred=True)
    d = Fighter(name="D", models=1, ws=4, toughness=10, initiative=1, attacks=0)
    first = fight(FixedRoller([2, 6]), a, d)
    assert first.steps[0].rerolled == [0]
    later = fight(FixedRoller([2]), a, d, first_round=False)
    assert later.steps[0].rerolled == []
    soft = Fighter(name="D", models=1, ws=4, toughness=4, initiative=1, attacks=0)
    # WS4 v WS4 hits on 4+ (1/2, 3/4 with the re-roll), S4 v T4 wounds on 4+, no save
    assert fight_odds(a, soft).data["expected_a"] == Fraction(3, 8)
    assert fight_odds(a, soft, first_round=False).data["expected_a"] == Fraction(1, 4)


# ---- a tracked unit's profile supplies what the command doesn't say (issue 10) ----------------

def _tacticals(**profile):
    return UnitRef("Тактики", UnitState("Тактики", "Loyal", "unit", 10, profile=profile))


def _shoot(ref, **options):
    from games.horus_heresy.commands import shoot_command
    o = dict(strength=4, toughness=None, bs=4, shots=12, hits=None, ap="4", rules=None, target=ref,
             shooter=UnitRef(None), models=None, wounds=None, save=None, invulnerable=None, cover=None,
             shrouded=None, fnp=None, eternal_warrior=None, fearless=None, leadership=None)
    o.update(options)
    return shoot_command(CommandContext(Roller.seeded(7), {}), **o)


def test_the_targets_save_comes_from_its_profile_ap4_does_not_beat_3plus():
    ref = _tacticals(**{"t": 4, "w": 1, "sv": 3, "ld": 8})
    r = _shoot(ref)
    assert any(s.label.key == "combat_hh.step.save" for s in r.steps)         # the 3+ is rolled
    assert not any(m.key == "combat_hh.out.no_save" for m in r.outcome)
    froms = [m.params["what"] for m in r.notes if m.key == "combat_shared.note.from_profile"]
    assert froms == ["T", "Sv", "Ld"]


def test_an_option_overrides_the_profile_and_the_reply_says_so():
    r = _shoot(_tacticals(t=4, sv=3), save="2+")
    over = [m for m in r.notes if m.key == "combat_shared.note.override"]
    assert [(m.params["what"], m.params["value"], m.params["profile"]) for m in over] == [("Sv", 2, 3)]


def test_toughness_nobody_gave_is_refused_and_no_save_is_said():
    import pytest
    from i18n import UserError
    with pytest.raises(UserError) as err:
        _shoot(_tacticals())
    assert err.value.msg.key == "combat_hh.error.needs_value" and err.value.msg.params["option"] == "toughness"
    r = _shoot(_tacticals(), toughness=4)
    assert [m.params["what"] for m in r.notes if m.key == "combat_shared.note.assumed"] == ["Sv"]


def test_assault_reads_both_profiles_and_a_typed_value_overrides():
    from games.horus_heresy.commands import fighter
    ref = UnitRef("Тактики", UnitState("Тактики", "Loyal", "unit", 10,
                                      profile={"ws": 4, "s": 4, "t": 4, "w": 1, "i": 4, "a": 1, "ld": 8, "sv": 3,
                                               "rules": {"hatred": True}}))
    from games.horus_heresy.commands import Reading
    reading = Reading()
    f = fighter(ref, "A2", None, None, reading)
    assert (f.ws, f.attacks, f.models, f.saves.armour, f.hatred) == (4, 2, 10, 3, True)
    assert [m.params["what"] for m in reading.notes if m.key == "combat_shared.note.override"] == ["A"]


def test_vehicle_armour_of_the_facing_comes_from_its_profile():
    from games.horus_heresy.commands import Reading, vehicle_target
    ref = UnitRef("Rhino", UnitState("Rhino", "Loyal", "vehicle", 3, profile={"front": 11, "side": 11, "rear": 10}))
    reading = Reading()
    assert vehicle_target(ref, None, None, None, None, None, "rear", reading).armour == 10
    assert reading.notes[0].params["what"] == "R"
