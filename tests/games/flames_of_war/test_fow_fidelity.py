"""Flames of War procedures as the book runs them (issue 11 §2), each with its lines; every
test here failed on the code before its fix."""
from __future__ import annotations

from fractions import Fraction

from dice.roller import Roller
from dice.dist import Dist
from games.flames_of_war import checks, odds, shooting


def test_a_destroyed_sniper_is_gone_on_4_plus_and_otherwise_only_removed_to_return(self=None):
    # L670: «На 4+ Снапер Уничтожен, в противном случае, он убирается и может быть выставлен
    # по правилам Засад» — the code recorded the team destroyed on the roll that keeps it alive.
    gone = checks.flat_test(Roller.scripted([4]), "sniper", unit="Sniper")
    assert [(c.unit, c.track, c.amount) for c in gone.changes] == [("Sniper", "teams_destroyed", 1)]
    assert [m.render("en") for m in gone.outcome] == ["The sniper is destroyed (L670)."]
    back = checks.flat_test(Roller.scripted([3]), "sniper", unit="Sniper")
    assert back.changes == []
    assert [m.render("en") for m in back.outcome] == [
        "The sniper is removed and may return by the Ambush rules next turn (L670)."]


def test_a_rof_1_weapon_keeps_one_shot_when_moving():
    # L450: Moving ROF is Halted ROF halved, rounded down — but a ROF 1 weapon has Moving ROF 1.
    assert [shooting.moving_rof(rof, None) for rof in (1, 2, 3, 4)] == [1, 1, 1, 2]
    moved = shooting.shoot(Roller.scripted([6]), is_hit_on=3, rof=1, moved=True)
    assert moved.data["dice"] == 1 and moved.data["hits"] == 1


def test_odds_and_rolls_read_the_shot_the_same_way():
    p_hit = Fraction(2, 3)                                   # trained target, hit on 3+
    # A flame-thrower that moved keeps its ROF (L612): 3 teams × ROF 2 = 6 dice, not 3.
    fire = odds.shoot_odds(is_hit_on=3, rof=2, teams=3, moved=True, flamethrower=True)
    assert fire.data["dice"] == 6
    assert shooting.shoot(Roller.seeded(1), is_hit_on=3, rof=2, teams=3, moved=True, flamethrower=True).data["dice"] == 6
    # Snipers and flame-throwers pin with any hit (L662, L638): P(pinned) = P(at least one hit).
    sniper = odds.shoot_odds(is_hit_on=3, rof=1, sniper=True)
    assert sniper.data["p_pinned"] == 1 - (1 - (p_hit + (1 - p_hit) * p_hit))      # a sniper re-rolls misses
    # Armoured tanks can't be pinned (L592): no chance of it, whatever the hits.
    tanks = odds.shoot_odds(is_hit_on=3, rof=3, teams=10, pin_immune=True)
    assert tanks.data["p_pinned"] == 0
    # Without the weapon's FP nothing is destroyed, in the odds as in the roll (L748–752).
    saves_only = odds.shoot_odds(is_hit_on=3, rof=2, teams=3, save=3)
    assert "destroyed" not in saves_only.data
    with_fp = odds.shoot_odds(is_hit_on=3, rof=2, teams=3, save=3, fp=4)
    assert with_fp.data["destroyed"] == Dist.binomial(6, p_hit * Fraction(1, 3) * Fraction(1, 2))


def test_remount_is_a_motivation_test_with_fuel_tanks_one_harder():
    # L136: the four Motivation tests are Rally, Remount, Counterattack, Last Stand; L620: fuel
    # tanks need 1 more to Remount; a passed Remount brings the bailed-out crews back (L150–152).
    passed = checks.motivation_test(Roller.scripted([4]), "remount", rating="confident", unit="Shermans")
    assert passed.data["need"] == 4 and passed.data["success"]
    assert [(c.track, c.op, c.amount) for c in passed.changes] == [("teams_bailed_out", "set", 0),
                                                                     ("bailed_out", "status_off", 0)]
    fuel = checks.motivation_test(Roller.scripted([4]), "remount", rating="confident", fuel_tanks=True, unit="Shermans")
    assert fuel.data["need"] == 5 and not fuel.data["success"] and fuel.changes == []
    # The Formation Commander's re-roll is written for Rally, Counterattack and Last Stand only.
    near = checks.motivation_test(Roller.scripted([1, 6]), "remount", rating="confident", fc_near=True, fc_los=True)
    assert near.data["reroll"] == "none" and not near.data["success"]


def test_armoured_tanks_hit_in_assault_are_not_pinned_unless_the_house_rule_says_so():
    # L592: armoured tanks can't be pinned; L800: a unit hit in assault is pinned. The main
    # text's general rule (L592) is the default, and the reply names the contradiction.
    from games.flames_of_war import assault
    tanks = assault.assault(Roller.scripted([6, 6, 1, 1, 1, 1]), teams_in_contact=2, skill="trained",
                            target_tanks=True, target="Panthers")
    assert "pinned" not in [c.track for c in tanks.changes]
    assert [m.key for m in tanks.notes if m.key.startswith("fow.house")] == ["fow.house.assault_pins_armoured.not_pinned"]
    house = assault.assault(Roller.scripted([6, 6, 1, 1, 1, 1]), teams_in_contact=2, skill="trained",
                            target_tanks=True, target="Panthers", settings={"fow_assault_pins_armoured": "pinned"})
    assert "pinned" in [c.track for c in house.changes]
    infantry = assault.assault(Roller.scripted([6]), teams_in_contact=1, skill="trained", target="Rifles")
    assert "pinned" in [c.track for c in infantry.changes]


def test_a_unit_of_mixed_motivation_tests_on_its_worst_rating_and_leading_from_the_front_on_the_best():
    # L174 «используйте наименьший показатель Мотивации»: the least motivated rating by default,
    # the smaller number as a house rule; L792: the Formation Commander's unit and the unit it
    # leads count as one unit with the higher Counterattack.
    mixed = checks.motivation_test(Roller.scripted([4]), "rally", rating="fearless", other_rating="reluctant")
    assert mixed.data["need"] == 5 and not mixed.data["success"]
    assert "fow.house.mixed_motivation.worst" in [m.key for m in mixed.notes]
    house = checks.motivation_test(Roller.scripted([4]), "rally", rating="fearless", other_rating="reluctant",
                                   settings={"fow_mixed_motivation": "smaller_number"})
    assert house.data["need"] == 3 and house.data["success"]
    leading = checks.motivation_test(Roller.scripted([3]), "counterattack", rating="reluctant",
                                     other_rating="fearless", leading=True)
    assert leading.data["need"] == 3 and leading.data["success"]
    assert [m.key for m in leading.notes if m.key.startswith("fow.note.leading")] == ["fow.note.leading_from_the_front"]


def test_a_minefield_says_the_book_never_names_which_skill_number_it_uses():
    # L1133, L1151 «с показателем Умение»: Skill holds the is-hit-on number (L178) and Tactics (L194).
    mine = checks.crossing(Roller.scripted([4, 2]), "minefield", teams=2, skill="trained")
    assert mine.data["need"] == 4 and (mine.data["passed"], mine.data["failed"]) == (1, 1)
    assert "fow.note.mine_skill_undefined" in [m.key for m in mine.notes]
    terrain = checks.crossing(Roller.scripted([4]), "terrain", cross=3)
    assert "fow.note.mine_skill_undefined" not in [m.key for m in terrain.notes]


def test_gone_to_ground_alone_is_no_modifier_unless_the_house_rule_reads_l466():
    # L242: Gone to Ground makes a team harder to hit only «если Отряд так же Скрыт» (and the
    # modifiers L476–478 agree); L466: «Если Отряд Скрыт в Укрытии, то он является Скрытым».
    # The first is the default, the second a house rule, and the reply names it when it matters.
    assert "если Отряд так же Скрыт" in _line(242) and "то он является Скрытым" in _line(466)
    plain = shooting.shoot(Roller.scripted([3, 3]), is_hit_on=3, rof=2, conditions={"gone_to_ground"})
    assert plain.data["need"] == 3 and plain.data["hits"] == 2
    assert [m.key for m in plain.notes if m.key.startswith("fow.house")] == ["fow.house.gone_to_ground.l242"]
    house = {"fow_gone_to_ground": "l466"}
    hidden = shooting.shoot(Roller.scripted([3, 3]), is_hit_on=3, rof=2, conditions={"gone_to_ground"}, settings=house)
    assert hidden.data["need"] == 5 and hidden.data["hits"] == 0
    assert [m.key for m in hidden.notes if m.key.startswith("fow.house")] == ["fow.house.gone_to_ground.l466"]
    chances = odds.shoot_odds(is_hit_on=3, rof=2, conditions={"gone_to_ground"}, settings=house)
    assert chances.data["p"] == Fraction(1, 3)
    assert "fow.house.gone_to_ground.l466" in [m.key for m in chances.notes]
    # Concealed and Gone to Ground is +2 either way, and needs no note.
    both = odds.shoot_odds(is_hit_on=3, rof=2, conditions={"gone_to_ground", "concealed"})
    assert both.data["p"] == Fraction(1, 3) and not [m for m in both.notes if m.key.startswith("fow.house")]


def _line(n: int) -> str:
    with open("games/flames_of_war/book/flames_of_war.txt", encoding="utf-8") as book:
        return book.read().splitlines()[n - 1]
