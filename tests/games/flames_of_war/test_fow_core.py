"""Flames of War core: the roll engine (L21–45), ratings and tables against the book, tests,
shooting, pins, bombardment, assault and exact odds."""
from __future__ import annotations

from games.registry import GAMES
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings, strategies as st

from dice.roller import Roller
from games.flames_of_war import artillery, assault, checks, engine, odds, ratings as R, shooting
from games.flames_of_war.conditions import CONDITIONS
from games.flames_of_war.tables import TABLES
from games.house_rules import house_rules
from games.procedure import Modifier
from games.tables import tables
from i18n import Msg, UserError

BOOK = GAMES["flames_of_war"].book.file
LINES = BOOK.read_text(encoding="utf-8").splitlines()


def line(n: int) -> str:
    return LINES[n - 1]


def dice(*values) -> Roller:
    """Dice in the order given: the book's worked examples name the dice, not a seed."""
    return Roller.scripted(values)


def mod(value=1):
    return Modifier(Msg.of("fow.mod.long_range"), value)


# ---- the roll engine ----------------------------------------------------------------------------

def test_engine_worked_example_l29():
    # L29: 3+ normally; long range and concealed in a wood → 5+.
    assert "5+" in line(29) and "3+" in line(29)
    modifiers = shooting.to_hit_modifiers(["long_range", "concealed"])
    assert engine.need(3, modifiers) == 5


def test_engine_clamps_to_two_plus_and_natural_one_fails():
    assert engine.need(1) == 2 and engine.need(2, [mod(-3)]) == 2          # L39
    [a] = engine.roll(dice(1), 1, 2)
    assert not a.success                                                   # L39: a 1 fails
    [a] = engine.roll(dice(2), 1, 2)
    assert a.success


def test_engine_chains_above_six():
    assert "6" in line(33) and "5+" in line(33) and "9+" in line(37)
    assert engine.roll(dice(6, 5), 1, 7)[0].success
    assert not engine.roll(dice(6, 4), 1, 7)[0].success
    assert not engine.roll(dice(5), 1, 7)[0].success
    assert engine.roll(dice(6, 6), 1, 8)[0].success
    assert not engine.roll(dice(6, 5), 1, 8)[0].success
    assert not engine.roll(dice(), 1, 9)[0].success                        # no roll at all
    assert engine.roll(dice(), 1, engine.AUTO)[0].success


def test_engine_probabilities_by_hand():
    assert engine.p_success(2) == Fraction(5, 6)
    assert engine.p_success(4) == Fraction(1, 2)
    assert engine.p_success(6) == Fraction(1, 6)
    assert engine.p_success(7) == Fraction(1, 6) * Fraction(2, 6)
    assert engine.p_success(8) == Fraction(1, 36)
    assert engine.p_success(9) == 0
    assert engine.p_success(engine.AUTO) == 1
    assert engine.p_success(4, "failed") == Fraction(3, 4)
    assert engine.p_success(4, "success") == Fraction(1, 4)


def test_reroll_only_failed_and_once():
    a = engine.attempt(dice(2, 5), 4, "failed")
    assert a.first == [2] and a.second == [5] and a.success
    a = engine.attempt(dice(5), 4, "failed")
    assert not a.rerolled and a.success
    a = engine.attempt(dice(5, 3), 4, "success")        # L738: a success must be re-rolled
    assert a.rerolled and not a.success


# ---- ratings and tables, cell by cell ----------------------------------------------------------

@pytest.mark.parametrize("key, ru, number, at", [
    ("fearless", "Бесстрашные", 3, 130), ("confident", "Уверенные", 4, 132), ("reluctant", "Рекруты", 5, 134)])
def test_motivation_against_the_book(key, ru, number, at):
    assert ru in line(at) and f"{number}+" in line(at)
    assert R.MOTIVATION[key] == number and R.MOTIVATION_RU[key] == ru


@pytest.mark.parametrize("key, ru, hit_on, hit_line, tactics, tactics_line", [
    ("veteran", "Ветераны", 4, 184, 3, 200), ("trained", "Тренированные", 3, 186, 4, 202),
    ("conscript", "Рекруты", 2, 188, 5, 204)])
def test_skill_against_the_book(key, ru, hit_on, hit_line, tactics, tactics_line):
    assert ru in line(hit_line) and f"{hit_on}+" in line(hit_line)
    assert ru in line(tactics_line) and f"{tactics}+" in line(tactics_line)
    assert R.IS_HIT_ON[key] == hit_on and R.TACTICS[key] == tactics


def test_to_hit_modifiers_against_the_book():
    assert "16”/40 см" in line(474) and "+2" in line(478) and "Дым" in line(482) and "Ночью" in line(484)
    assert {k: v for k, (v, _) in R.TO_HIT_MODIFIERS.items()} == {
        "long_range": 1, "concealed": 1, "concealed_gtg": 2, "out_of_command": 1, "smoke": 1, "night": 1,
        "scout": 1, "no_he": 1, "cavalry_moving": 1,
        "returned_to_command": 1}
    table = next(t for t in TABLES if t.id == "to_hit_modifiers")
    assert [r[1] for r in table.rows[:6]] == ["+1", "+1", "+2", "+1", "+1", "+1"]


def test_every_table_cell_by_cell():
    by_id = {t.id: t for t in TABLES}
    assert by_id["motivation"].rows == (("Бесстрашные", "Fearless", "3+"), ("Уверенные", "Confident", "4+"),
                                        ("Рекруты", "Reluctant", "5+"))
    assert by_id["is_hit_on"].rows == (("Ветераны", "Veteran", "4+"), ("Тренированные", "Trained", "3+"),
                                       ("Рекруты", "Conscript", "2+"))
    assert by_id["tactics"].rows == (("Ветераны", "Veteran", "3+"), ("Тренированные", "Trained", "4+"),
                                     ("Рекруты", "Conscript", "5+"))
    assert by_id["time_of_day"].rows[0][0] == "1–2" and "Рассвет" in by_id["time_of_day"].rows[0][1]
    assert "1 и 2" in line(1307) and "Рассвет" in line(1307) and "5 и 6" in line(1311)
    assert "1,2" in line(1317) and "Полная Луна" in line(1317) and "Новая Луна" in line(1321)
    assert [r[1] for r in by_id["flat_tests"].rows] == ["3+", "3+", "4+", "4+"]
    assert "3+" in line(560) and "3+" in line(514) and "4+" in line(678) and "4+" in line(670)
    assert "2”/5 см" not in by_id["artillery"].rows[0][1]
    for table in TABLES:
        assert table.game == "flames_of_war" and table.rows and all(len(r) == len(table.columns) for r in table.rows)
        assert 1 <= table.source.line <= len(LINES)
    assert {t.id for t in tables("flames_of_war")} == set(by_id)


def test_artillery_reroll_rule_l738():
    assert "1 или 2" in line(738) and "5 и более" in line(738)
    assert [R.artillery_reroll(n) for n in (1, 2, 3, 4, 5, 9)] == ["success", "success", "none", "none", "failed", "failed"]
    assert R.RANGE_IN_ATTEMPT_PENALTY == {1: 0, 2: 1, 3: 2}


# ---- tests ---------------------------------------------------------------------------------------

def test_rally_with_formation_commander_reroll_no_los_needed():
    result = checks.motivation_test(dice(2, 4), "rally", rating="confident", fc_near=True, unit="Rifles")
    assert result.data["success"] and result.steps[0].rerolls == [4]
    assert [(c.unit, c.track, c.op) for c in result.changes] == [("Rifles", "pinned", "status_off")]


def test_counterattack_and_last_stand_need_line_of_sight_for_the_reroll():
    result = checks.motivation_test(dice(2), "counterattack", rating="confident", fc_near=True, fc_los=False, unit="A")
    assert not result.data["success"] and result.data["reroll"] == "none"
    assert [(c.track, c.op) for c in result.changes] == [("pinned", "status_on")]       # fell back, L832
    result = checks.motivation_test(dice(2, 6), "last_stand", rating="fearless", fc_near=True, fc_los=True, unit="A")
    assert result.data["success"] and not result.changes
    result = checks.motivation_test(dice(2), "last_stand", rating="fearless", unit="A", unit_teams=7)
    assert [(c.track, c.op, c.amount) for c in result.changes] == [("teams_destroyed", "set", 7)]


def test_cavalry_rally_is_one_easier():
    result = checks.motivation_test(dice(3), "rally", rating="confident", all_cavalry=True)
    assert result.data["need"] == 3 and result.data["success"]


def test_mistaken_target_chains_until_a_failure():
    result = checks.mistaken_target(dice(3, 5, 2, 6), hits=4)
    assert result.data["moved"] == 2 and result.steps[0].dice == [3, 5, 2]
    with pytest.raises(UserError):
        checks.mistaken_target(dice(), hits=1, too_close=True)


def test_formation_last_stand_needs_two_units():
    assert checks.formation_last_stand(units_in_good_spirits=2).data["in_good_spirits"]
    assert not checks.formation_last_stand(units_in_good_spirits=1).data["in_good_spirits"]


def test_commander_survival_three_plus():
    assert checks.flat_test(dice(3), "commander").data["success"]
    result = checks.flat_test(dice(2), "commander", unit="HQ")
    assert not result.data["success"] and (result.changes[0].track, result.changes[0].amount) == ("teams_destroyed", 1)


# ---- shooting and pins -----------------------------------------------------------------------------

def test_moving_rof_is_halved_rounding_down():
    assert "деленое на два, округленное к меньшему" in line(450)
    assert shooting.moving_rof(3, None) == 1 and shooting.moving_rof(3, 2) == 2


def test_pin_threshold_main_text_house_rule_and_big_units():
    assert "более пяти" in line(580) and "12 Отрядов требуется 8" in line(580)
    assert shooting.pin_threshold(10, None) == 6
    assert shooting.pin_threshold(10, {"fow_pin_threshold": "five_or_more"}) == 5
    assert shooting.pin_threshold(12, None) == 8
    assert set(house_rules("flames_of_war")) >= {"fow_pin_threshold", "fow_assault_to_hit"}


def test_shoot_five_hits_do_not_pin_six_do():
    # 5 teams, ROF 1, trained target (3+): five hits.
    result = shooting.shoot(dice(3, 4, 5, 6, 3), is_hit_on=3, rof=1, teams=5, target="Rifles")
    assert result.data["hits"] == 5 and all(c.track != "pinned" for c in result.changes)
    result = shooting.shoot(dice(3, 4, 5, 6, 3), is_hit_on=3, rof=1, teams=5, target="Rifles",
                            settings={"fow_pin_threshold": "five_or_more"})
    assert any(c.track == "pinned" and c.op == "status_on" for c in result.changes)
    result = shooting.shoot(dice(6), is_hit_on=3, rof=1, teams=1, hits_before=5, target="Rifles")
    assert any(c.track == "pinned" for c in result.changes)
    assert [(c.track, c.amount) for c in result.changes if c.track == "hits"] == [("hits", 1)]


def test_shoot_moved_uses_moving_rof_and_saves_are_the_players_numbers():
    result = shooting.shoot(dice(4, 4, 1, 6, 3), is_hit_on=3, rof=2, teams=2, moved=True, save=3, fp=4)
    assert result.data["dice"] == 2 and result.data["hits"] == 2
    assert result.data["failed_saves"] == 1 and result.data["destroyed"] == 0
    assert any(n.key == "fow.note.saves_undefined" for n in result.notes)


def test_armoured_tanks_are_not_pinned():
    result = shooting.shoot(dice(*[6] * 8), is_hit_on=4, rof=1, teams=8, pin_immune=True, target="Tigers")
    assert result.data["hits"] == 8 and all(c.track != "pinned" for c in result.changes)


def test_bombardment_second_attempt_and_reroll_of_successes():
    # Trained target 3+, ranged in on the 2nd attempt → 4+; two weapons re-roll successes.
    result = artillery.bombard(dice(4, 2, 5, 6, 1), teams_under_template=3, is_hit_on=3, attempt=2, weapons=2)
    assert result.data["need"] == 4 and result.data["reroll"] == "success"
    assert result.data["hits"] == 1            # 4→2 fails, 5→6 holds, 1 misses


def test_assault_hits_destroy_infantry_and_pin():
    result = assault.assault(dice(3, 2, 6), teams_in_contact=3, skill="trained", target="Rifles")
    assert result.data["need"] == 3 and result.data["hits"] == 2 and result.data["destroyed"] == 2
    assert {(c.track, c.op) for c in result.changes} == {("teams_destroyed", "add"), ("pinned", "status_on")}
    house = assault.assault(dice(3), teams_in_contact=1, skill="trained", settings={"fow_assault_to_hit": "attacker_assault"})
    assert house.data["need"] == 4                # Tactics of Trained


# ---- odds ----------------------------------------------------------------------------------------------

def test_odds_by_hand():
    r = odds.shoot_odds(is_hit_on=3, rof=2, teams=1, conditions=["long_range"])
    assert r.data["p"] == Fraction(1, 2) and r.data["hits"].probabilities == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
    r = odds.test_odds("rally", rating="confident", fc_near=True)
    assert r.data["p"] == Fraction(3, 4)
    r = odds.shoot_odds(is_hit_on=4, rof=1, teams=6, conditions=[])
    assert r.data["p_pinned"] == Fraction(1, 64)             # all six of 6 dice at 4+
    r = odds.bombard_odds(teams_under_template=1, is_hit_on=3, weapons=6)
    assert r.data["p"] == Fraction(2, 3) + Fraction(1, 3) * Fraction(2, 3)


MODS = st.lists(st.sampled_from(CONDITIONS), unique=True, max_size=4)


@settings(max_examples=60, deadline=None)
@given(is_hit_on=st.sampled_from([2, 3, 4]), rof=st.integers(1, 6), teams=st.integers(1, 4), mods=MODS,
       extra=st.sampled_from(CONDITIONS))
def test_odds_sum_to_one_and_more_modifiers_never_help(is_hit_on, rof, teams, mods, extra):
    for states in (set(mods), set(mods) | {extra}):       # a moving target Gone to Ground is refused (L464)
        assume(not (states & {"moved", "returned"} and "gone_to_ground" in states and "scout" not in states))
    base = odds.shoot_odds(is_hit_on=is_hit_on, rof=rof, teams=teams, conditions=mods)
    assert base.data["hits"].total() == 1
    harder = odds.shoot_odds(is_hit_on=is_hit_on, rof=rof, teams=teams, conditions=sorted(set(mods) | {extra}))
    assert harder.data["p"] <= base.data["p"]
    assert harder.data["p_pinned"] <= base.data["p_pinned"]
    assert harder.data["hits"].mean() <= base.data["hits"].mean()


@settings(max_examples=40, deadline=None)
@given(t=st.integers(2, 10))
def test_engine_monotonic_in_the_number_needed(t):
    for reroll in ("none", "failed", "success"):
        assert engine.p_success(t + 1, reroll) <= engine.p_success(t, reroll)


def test_bunker_fp_successes_are_rerolled_l1095():
    assert "Успешные броски FP против Бункера должны перебрасываться" in line(1095)
    # One hit (4 at 3+), no save given, FP 4+: the 5 succeeds, its re-roll 2 fails → survives.
    result = shooting.shoot(dice(4, 5, 2), is_hit_on=3, rof=1, fp=4, bunker=True)
    assert result.data["hits"] == 1 and result.data["destroyed"] == 0
    assert odds.per_destroyed(None, 4, bunker=True) == Fraction(1, 4)


def test_crossing_terrain_minefield_booby_trap():
    assert "Проходимости" in line(282) and "добавляют 1" in line(1003)
    terrain = checks.crossing(dice(4, 3, 5), "terrain", teams=3, cross=3, night=True)
    assert terrain.data == {"need": 4, "passed": 2, "failed": 1} and not terrain.changes
    mines = checks.crossing(dice(4, 3), "minefield", teams=2, skill="trained", unit="Rifles")
    assert mines.data["failed"] == 1 and mines.changes[0].track == "pinned"
    trap = checks.crossing(dice(6), "booby_trap", teams=5, skill="conscript")
    assert trap.data["passed"] == 1 and not trap.changes


def test_time_of_day_and_moon_rolls():
    assert [checks.night_roll(dice(d), "time_of_day").data["result"] for d in (1, 2, 3, 4, 5, 6)] == \
        ["dawn", "dawn", "dusk", "dusk", "night", "night"]
    assert [checks.night_roll(dice(d), "moon").data["result"] for d in (1, 3, 5)] == ["full", "normal", "new"]


@settings(max_examples=40, deadline=None)
@given(teams=st.integers(1, 8), is_hit_on=st.sampled_from([2, 3, 4]), attempt=st.sampled_from([1, 2, 3]),
       weapons=st.integers(1, 8))
def test_bombard_odds_sum_to_one_and_later_attempts_never_help(teams, is_hit_on, attempt, weapons):
    r = odds.bombard_odds(teams_under_template=teams, is_hit_on=is_hit_on, attempt=attempt, weapons=weapons)
    assert r.data["hits"].total() == 1
    if attempt < 3:
        later = odds.bombard_odds(teams_under_template=teams, is_hit_on=is_hit_on, attempt=attempt + 1, weapons=weapons)
        assert later.data["p"] <= r.data["p"]
