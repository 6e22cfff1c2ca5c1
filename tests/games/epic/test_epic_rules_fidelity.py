"""Issue 11 §2: Epic procedures give the book's result. Each test fails on the code before its fix."""
from __future__ import annotations

from fractions import Fraction

from dice import Roller
from games.commands import CommandContext, UnitRef
from games.epic.commands import rally_command
from games.epic.state import RULES
from games.state_base import UnitState


def _titan() -> UnitState:
    """A Warlord (DC 8, L856) that lost 3 DC and broke."""
    return UnitState("Warlord", "Imperium", "war_engine", 8, values={"damage": 3}, statuses={"broken"})


def test_broken_war_engine_rally_reply_and_state_agree():
    # L628: a broken formation that rallies counts as having markers = its units, and removes half;
    # L870: a broken War Engine has markers equal to its starting DC (8), not the DC left (5).
    state = _titan()
    ctx = CommandContext(roller=Roller.seeded(0), settings={})      # the die: 4, −2 broken → 2 ≥ 1+
    result = rally_command(ctx, "1+", UnitRef("Warlord", state), blast=None, broken=False, units=None,
                           enemy_near=False, leaders=0)
    assert result.data["passed"]
    after = state.copy()
    for change in result.changes:
        RULES.apply(after, change, {})
    assert result.data["blast_left"] == after.get("blast_markers") == 4


# ---- War Engines in an assault (L884–896) -------------------------------------------------------

class FixedRoller(Roller):
    """Dice in a given order, so a test states exactly what was rolled."""

    def __init__(self, faces):
        super().__init__()
        self.faces = list(faces)

    def die(self, sides=6):
        return self.faces.pop(0)

    def dice(self, count, sides=6):
        return [self.die(sides) for _ in range(count)]


def _assault_options(attacker, defender, **given):
    from tests.games.epic.test_epic_profile import _options
    return _options(attacker, defender, **given)


def test_a_war_engine_fights_with_its_starting_dc_and_its_losses_are_stored_as_dc():
    from games.epic.commands import assault_command
    from games.epic.profile import PROFILE
    boyz = UnitState("Boyz", "Orks", "formation", 6, profile=PROFILE.parse("INF 15cm - 4+ -"))
    warlord = UnitState("Warlord", "Imperium", "war_engine", 8, values={"damage": 2},
                        profile=PROFILE.parse("WE 15cm 4+ 2+ 3+ DC8"))
    roller = FixedRoller([4, 4, 1, 1, 1, 1,               # Boyz CC 4+: 2 hits
                          2, 2, 2, 2, 1, 1, 1, 1,         # Warlord: 8 attacks (starting DC, L892), 4 hits
                          1, 1,                           # Warlord's armour 4+: both fail → 2 DC lost
                          6, 6, 1, 1,                     # result rolls: Boyz 6 + 3, Warlord 1 + 7
                          6, 1, 1])                       # criticals for 3 DC lost (L864, L872): one 6
    r = assault_command(CommandContext(roller=roller, settings={}),
                        **_assault_options(UnitRef("Boyz", boyz), UnitRef("Warlord", warlord)))
    assert not roller.faces
    # Warlord: +4 kills, +1 more units and +1 twice as many (alive it counts as its starting DC 8
    # against 2 Boyz, L896), +1 no Blast Markers = +7 → 8; Boyz 6 + 2 kills + 1 = 9: Boyz win by 1.
    assert (r.data["a_score"], r.data["d_score"], r.data["winner"]) == (9, 8, "attacker")
    assert r.data["d_lost"] == 3                             # 2 in the fight + 1 from losing (L896)
    assert r.data["criticals"] == {"Warlord": 1}
    stored = {(c.unit, c.track): c.amount for c in r.changes if c.op == "add"}
    assert stored[("Warlord", "damage")] == 3 and stored[("Warlord", "critical_hits")] == 1
    after = warlord.copy()
    for change in r.changes:
        if change.unit == "Warlord":
            RULES.apply(after, change, {})
    assert RULES.remaining(after) == 3                       # DC 3/8 on the board, not 6/8


def test_only_engaged_units_fight_and_take_the_losers_hits():
    # L529: units not within 15 cm don't attack; L553: only directly engaged units take the hits.
    from games.epic.commands import assault_command
    roller = FixedRoller([4,                                 # 1 engaged attacker of 8 (L529): a kill
                          1, 1, 1, 1, 1, 1,                  # 6 defenders: no hits
                          1, 1,                              # result: attacker 1…
                          6, 6])                             # …defender 6
    r = assault_command(CommandContext(roller=roller, settings={}),
                        **_assault_options(UnitRef("Orks"), UnitRef("Guard"), units=8, cc="4+", d_units=6,
                                           d_cc="5+", contact="1/1"))
    assert not roller.faces
    # Attacker 1 + 1 kill + 1 more units (8 > 5) + 1 no BM = 4; defender 6 + 1 no BM = 7: loses by
    # 3, and only the 1 engaged attacker can be hit (L553).
    assert r.data["winner"] == "defender" and r.data["loser_hits"] == 3 and r.data["a_lost"] == 1


def test_cover_and_reinforced_armour_save_in_an_assault():
    # L531: infantry that didn't charge keep their cover save; L696: Reinforced Armour re-rolls.
    from games.epic.commands import assault_command
    roller = FixedRoller([5, 5,                              # 2 attackers hit
                          1, 1,                              # 2 defenders miss
                          4, 1,                              # defender's cover 4+ : one saved
                          3, 3, 3, 3])                       # result rolls
    r = assault_command(CommandContext(roller=roller, settings={}),
                        **_assault_options(UnitRef("A"), UnitRef("D"), units=2, cc="4+", d_units=2, d_cc="4+",
                                           d_armour="cover 4+"))
    saves = [step for step in r.steps if step.target == "4+" and step.dice == [4, 1]]
    assert saves[0].successes == 1 and not roller.faces       # one saved, so the fight went to a result
    roller = FixedRoller([5, 5, 1, 1,
                          1, 2, 4, 1,                        # armour 4+ fails twice, re-rolled 4 and 1
                          3, 3, 3, 3])
    r = assault_command(CommandContext(roller=roller, settings={}),
                        **_assault_options(UnitRef("A"), UnitRef("D"), units=2, cc="4+", d_units=2, d_cc="4+",
                                           d_armour="4+ RA"))
    saves = [step for step in r.steps if step.dice == [1, 2]]
    assert saves[0].rerolls == [4, 1] and saves[0].successes == 1 and not roller.faces


# ---- AP hits only infantry, AT only vehicles, AA only aircraft (L80, L398) ------------------------

def test_ap_hits_dont_affect_armoured_vehicles():
    from games.epic.commands import shoot_command, shoot_odds_command
    from games.epic.profile import PROFILE
    tanks = UnitState("Predators", "Imperium", "formation", 4, profile=PROFILE.parse("AV 30cm 4+ 6+ 5+"))
    options = dict(weapons="4xAP5+, AT4+", target=UnitRef("Predators", tanks), shooter=UnitRef(None), units=None,
                   blast=None, armour="4+", cover_save=None, invulnerable=None, reinforced=False, in_cover=False,
                   action="none", crossfire=False, broken=False, fearless=False, dc=None, target_type=None)
    roller = FixedRoller([6, 6, 6, 6,                      # 4 AP hits: can't affect AV (L398)
                          4,                               # 1 AT hit
                          1])                              # its armour save fails
    r = shoot_command(CommandContext(roller=roller, settings={}), **options)
    assert not roller.faces and r.data["kills"] == 1
    assert any(m.key == "combat_epic.out.kind_cannot_hit" for m in r.outcome)
    odds = shoot_odds_command(CommandContext(roller=None, settings={}), **options)
    # Only the AT shot can kill: 1/2 to hit × 1/2 to fail the 4+ save.
    assert odds.data["expected_kills"] == Fraction(1, 4)


def test_an_untyped_target_says_every_hit_was_counted_and_a_typed_option_is_read_in_russian():
    from games.epic.commands import shoot_command
    options = dict(weapons="AA5+", target=UnitRef("Boyz"), shooter=UnitRef(None), units=3, blast=None, armour=None,
                   cover_save=None, invulnerable=None, reinforced=False, in_cover=False, action="none",
                   crossfire=False, broken=False, fearless=False, dc=None)
    r = shoot_command(CommandContext(roller=FixedRoller([6]), settings={}), **options, target_type=None)
    assert any(m.key == "combat_epic.note.type_unknown" for m in r.notes) and r.data["kills"] == 1
    r = shoot_command(CommandContext(roller=FixedRoller([6]), settings={}), **options, target_type="Пехота")
    assert r.data["kills"] == 0                           # AA only hits aircraft (L80)


# ---- the turn as the book runs it (issue 10 §2; L164–170, L204) ----------------------------------

def test_a_failed_action_test_allows_only_hold_until_the_next_turn():
    import pytest

    from games.epic.commands import action_command, shoot_command
    from i18n import UserError
    orks = UnitState("Orks", "Orks", "formation", 6)
    r = action_command(CommandContext(roller=FixedRoller([1]), settings={}), "2+", UnitRef("Orks", orks), blast=None,
                       retaining=False, aircraft_formation=False, declared="sustained")
    for change in r.changes:
        RULES.apply(orks, change, {})
    assert [m.render("ru") for m in RULES.describe(orks)][-1] == "в этом ходу: тест провален, только «Удерживать» (L204)"
    shoot = dict(weapons="AP5+", target=UnitRef("Guard"), shooter=UnitRef("Orks", orks), units=3, blast=None,
                 armour=None, cover_save=None, invulnerable=None, reinforced=False, in_cover=False,
                 crossfire=False, broken=False, fearless=False, dc=None, target_type="INF")
    with pytest.raises(UserError) as refused:
        shoot_command(CommandContext(roller=FixedRoller([6]), settings={}), action="sustained", **shoot)
    assert refused.value.msg.key == "combat_epic.error.hold_only"
    with pytest.raises(UserError) as again:
        action_command(CommandContext(roller=FixedRoller([6]), settings={}), "2+", UnitRef("Orks", orks), blast=None,
                       retaining=False, aircraft_formation=False, declared="advance")
    assert again.value.msg.key == "combat_epic.error.already_acted"
    RULES.turn_started([orks], 2, {})
    assert not orks.statuses and not orks.get("action")
    r = shoot_command(CommandContext(roller=FixedRoller([6]), settings={}), action="sustained", **shoot)
    assert r.data["kills"] == 1


def test_a_passed_test_records_the_declared_action_and_shooting_reads_it():
    from games.epic.commands import action_command, shoot_command
    marines = UnitState("Tactical", "Imperium", "formation", 6)
    r = action_command(CommandContext(roller=FixedRoller([5]), settings={}), "2+", UnitRef("Tactical", marines),
                       blast=None, retaining=False, aircraft_formation=False, declared="sustained")
    for change in r.changes:
        RULES.apply(marines, change, {})
    assert r.outcome[0].render("ru") == "Заявленное действие: «Прицельный огонь»"
    # Sustained Fire: +1 to hit (L384), read from this turn's action: a 4 hits an AP5+.
    shoot = dict(weapons="AP5+", target=UnitRef("Boyz"), shooter=UnitRef("Tactical", marines), units=3, blast=None,
                 armour=None, cover_save=None, invulnerable=None, reinforced=False, in_cover=False, action="none",
                 crossfire=False, broken=False, fearless=False, dc=None, target_type="INF")
    r = shoot_command(CommandContext(roller=FixedRoller([4]), settings={}), **shoot)
    assert r.data["hits"] == 1


def test_assault_notation_for_contact_and_saves():
    import pytest

    from games.epic.commands import parse_assault_armour, parse_contact
    from i18n import UserError
    assert parse_contact("3/5") == (3, 5) and parse_contact("4") == (4, None) and parse_contact(None) == (None, None)
    assert parse_assault_armour("4+ RA") == (4, True, None)
    assert parse_assault_armour("6+ укрытие 4+") == (6, False, 4)
    assert parse_assault_armour("cover4+") == (None, False, 4)
    with pytest.raises(UserError):
        parse_contact("5/3")


# ---- house rules where the book contradicts itself (issue 11 §4) --------------------------------

def test_crossfire_blast_markers_first_casualty_or_each():
    from games.epic.odds import shoot_odds
    from games.epic.shooting import EpicTarget, shoot
    from games.epic.weapons import parse_weapons
    target = EpicTarget("Guard", units=6, unit_types=("INF",))
    dice = [6, 6, 6]                                          # 3 hits, no save: 3 casualties
    first = shoot(FixedRoller(dice), parse_weapons("3xAP4+"), target, crossfire=True)
    each = shoot(FixedRoller(dice), parse_weapons("3xAP4+"), target, crossfire=True,
                 settings={"crossfire_blast": "each"})
    # 1 for being hit + 1 per casualty, and crossfire: +1 for the first (L471 main text) or +1 each.
    assert (first.data["blast_added"], each.data["blast_added"]) == (1 + 3 + 1, 1 + 3 + 3)
    certain = EpicTarget("Guard", units=6, unit_types=("INF",))
    odds = shoot_odds(parse_weapons("AP2+"), certain, crossfire=True, settings={"crossfire_blast": "each"})
    assert odds.data["blast"][1 + 1 + 1] == Fraction(5, 6)    # a hit (5/6), a kill, one crossfire marker


def test_rally_minus_one_for_blast_markers_only_as_a_house_rule():
    from games.epic import checks
    book = checks.rally(FixedRoller([3]), 3, blast_markers=2)
    house = checks.rally(FixedRoller([3]), 3, blast_markers=2, settings={"rally_blast_penalty": "yes"})
    assert book.data["passed"] and not house.data["passed"]   # L624 lists no −1 for markers; L216 does


def test_a_shooter_with_blast_markers_is_told_how_many_units_are_suppressed():
    # L342: one unit per Blast Marker can't shoot.
    from games.epic.commands import shoot_command
    orks = UnitState("Orks", "Orks", "formation", 6, values={"blast_markers": 2})
    r = shoot_command(CommandContext(roller=FixedRoller([6]), settings={}), weapons="AP5+", target=UnitRef("Guard"),
                      shooter=UnitRef("Orks", orks), units=3, blast=None, armour=None, cover_save=None,
                      invulnerable=None, reinforced=False, in_cover=False, action="none", crossfire=False,
                      broken=False, fearless=False, dc=None, target_type="INF")
    assert r.notes[0].render("en") == ("“Orks”: 2 units are suppressed (one per Blast Marker, L342); 4 fire: "
                                       "give only their weapons.")
