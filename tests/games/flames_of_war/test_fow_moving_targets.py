"""Targets that are harder to hit because they moved (issue 11 §3), in /fow shoot and /fow-odds
shoot alike (one `plan_shot`): cavalry «добавляют 1 на попадание, когда двигаются» (L1023).
Every test here failed on the code before its rule."""
from __future__ import annotations

from fractions import Fraction

import pytest

from dice.roller import Roller
from dice.dist import Dist
from games.commands import CommandContext, UnitRef
from games.flames_of_war import commands, shooting
from games.flames_of_war.conditions import parse_conditions
from games.flames_of_war.profile import PROFILE
from games.state_base import UnitState
from i18n import UserError

BOOK = "games/flames_of_war/book/flames_of_war.txt"


def line(n: int) -> str:
    with open(BOOK, encoding="utf-8") as book:
        return book.read().splitlines()[n - 1]


def _run(command, target: UnitRef, conditions: str | None, roller: Roller | None = None, **given):
    options = dict(rof=2, skill=None, teams=3, target=target, conditions=conditions, moving_rof=None, moved=False,
                   pinned=False, defensive=False, sniper=False, flamethrower=False, reroll=False, save=None, fp=None,
                   bunker=False, hits_before=None, unit_teams=None, pin_immune=False)
    return command(CommandContext(roller, {}), **{**options, **given})


def _cossacks(profile: str = "infantry cavalry confident trained") -> UnitRef:
    return UnitRef("Cossacks", UnitState("Cossacks", "Allies", "unit", 6, profile=PROFILE.parse(profile)))


def _sources(result) -> list[tuple[int, int]]:
    return [(m.source.line, m.value) for step in result.steps for m in step.modifiers if m.source]


def test_cavalry_that_moved_is_one_harder_to_hit():
    assert "Отряды Кавалерии добавляют 1 на попадание, когда двигаются." == line(1023)
    moving = shooting.plan_shot(is_hit_on=3, rof=2, conditions={"cavalry", "moved"})
    assert moving.need == 4 and [(m.source.line, m.value) for m in moving.modifiers] == [(1023, 1)]
    # Standing cavalry, and other teams that moved, are hit as usual.
    assert shooting.plan_shot(is_hit_on=3, rof=2, conditions={"cavalry"}).need == 3
    assert shooting.plan_shot(is_hit_on=3, rof=2, conditions={"moved"}).need == 3
    assert parse_conditions("кавалерия, двигалась") == parse_conditions("cavalry, target moved") == {"cavalry", "moved"}


def test_a_tracked_cavalry_target_is_read_from_its_profile_in_the_roll_and_the_odds():
    # Trained (hit on 3+) cavalry that moved: 4+. Six dice 3,4,4,5,6,1 are four hits, not five.
    shot = _run(commands.shoot_command, _cossacks(), "двигалась", Roller.scripted([3, 4, 4, 5, 6, 1]))
    assert shot.data["need"] == 4 and shot.data["hits"] == 4
    assert _sources(shot) == [(1023, 1)]
    assert "team type: cavalry — from the profile of “Cossacks”." in [n.render("en") for n in shot.notes]
    assert "Кавалерия двигалась" in [m.label.render("ru") for s in shot.steps for m in s.modifiers]
    chances = _run(commands.shoot_odds_command, _cossacks(), "moved")
    assert chances.data["p"] == Fraction(1, 2) and chances.data["hits"] == Dist.binomial(6, Fraction(1, 2))
    assert chances.outcome[0].render("en") == "Per die: 4+ → 50% (1/2); modifiers: +1 Cavalry that moved (FoW L1023)"
    # A target the option calls cavalry needs no profile; infantry that moved is hit on 3+.
    named = _run(commands.shoot_odds_command, UnitRef("Cossacks"), "cavalry, moved", skill="trained")
    assert named.data["p"] == Fraction(1, 2)
    infantry = _run(commands.shoot_odds_command, _cossacks("infantry confident trained"), "moved")
    assert infantry.data["p"] == Fraction(2, 3)


def test_a_target_that_moved_is_not_gone_to_ground_unless_a_scout():
    # L242, L464: a team that moved isn't Gone to Ground — a Scout stays Gone to Ground moving.
    assert "Разведчики могут двигаться и оставаться Скрытыми в Укрытии" in line(464)
    with pytest.raises(UserError) as refused:
        shooting.plan_shot(is_hit_on=3, rof=2, conditions={"moved", "concealed", "gone_to_ground"})
    assert "L464" in refused.value.render("en") and refused.value.render_example("en")
    scout = shooting.plan_shot(is_hit_on=3, rof=2, conditions={"moved", "concealed", "gone_to_ground", "scout"})
    assert scout.need == 3 + 2 + 1


def test_a_team_returning_to_command_at_tactical_speed_is_one_harder_to_hit():
    # L248–254: an Out of Command team gets back in command by moving back, by moving back «на
    # Тактической скорости получив +1 на попаданию по двигающимуся Отряду», or by a Dash to its
    # leader. The +1 is to hit it, the moving team: shots at it need one more.
    assert "на Тактической скорости получив +1 на попаданию по двигающимуся Отряду" in line(252)
    back = shooting.plan_shot(is_hit_on=3, rof=2, conditions={"returned"})
    assert back.need == 4 and [(m.source.line, m.value) for m in back.modifiers] == [(252, 1)]
    assert parse_conditions("вернулась в командование") == parse_conditions("returned to command") == {"returned"}
    # It moved, so it isn't Gone to Ground (L242); cavalry that moved is +1 more (L1023, L472: +1 each).
    with pytest.raises(UserError):
        shooting.plan_shot(is_hit_on=3, rof=2, conditions={"returned", "gone_to_ground"})
    cavalry = shooting.plan_shot(is_hit_on=3, rof=2, conditions={"returned", "cavalry"})
    assert cavalry.need == 5 and sorted(m.source.line for m in cavalry.modifiers) == [252, 1023]


def test_returning_to_command_in_the_roll_and_the_odds():
    # Veteran (hit on 4+) infantry back in command: 5+. Dice 4,5,6,4,5,1 are three hits, not five.
    target = _cossacks("infantry confident veteran")
    shot = _run(commands.shoot_command, target, "вернулась", Roller.scripted([4, 5, 6, 4, 5, 1]))
    assert shot.data["need"] == 5 and shot.data["hits"] == 3 and _sources(shot) == [(252, 1)]
    assert [m.label.render("ru") for s in shot.steps for m in s.modifiers] == [
        "Цель вернулась в Командную Дистанцию на Тактической скорости"]
    chances = _run(commands.shoot_odds_command, target, "returned to command")
    assert chances.data["p"] == Fraction(1, 3) and chances.data["hits"] == Dist.binomial(6, Fraction(1, 3))
    # The tracked cavalry that returned is read from its profile: both +1.
    both = _run(commands.shoot_odds_command, _cossacks("infantry cavalry confident veteran"), "returned")
    assert both.data["p"] == Fraction(1, 6)
