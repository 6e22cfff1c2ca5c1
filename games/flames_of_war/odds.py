"""Exact odds for the Flames of War procedures, from the same inputs, before rolling.

Every die is independent (L41), so counts are binomial in the per-die probability from
`engine.p_success` (7+/8+ chains and re-rolls included); saves and FP thin the hits.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dice.dist import Dist
from games.flames_of_war import engine, ratings as R
from games.flames_of_war.shooting import plan_shot
from games.flames_of_war.assault import assault_need
from games.flames_of_war.checks import motivation_number
from games.procedure import Distribution, Modifier, ProcedureResult
from i18n import Msg, Number, Percent

GAME = "flames_of_war"


def per_destroyed(save: int | None, fp: int | None, bunker: bool = False) -> Fraction:
    """Probability one hit destroys a team: the save fails, then the FP test succeeds (against a
    bunker a successful FP roll is re-rolled, L1095)."""
    fail_save = 1 - engine.p_success(engine.need(save)) if save is not None else Fraction(1)
    fp_reroll: engine.Reroll = "success" if bunker else "none"
    return fail_save * (engine.p_success(engine.need(fp), fp_reroll) if fp is not None else Fraction(1))


@dataclass(frozen=True)
class Named:
    """The modifiers of an odds reply with their names and lines, as the roll shows them."""

    modifiers: tuple[Modifier, ...]

    def render(self, locale: str) -> str:
        return ", ".join(f"{m.value:+d} {m.label.render(locale)}" + (f" ({m.source.render(locale)})" if m.source else "")
                         for m in self.modifiers) or "—"


def _result(procedure: str, title: Msg, t: engine.Need, reroll: engine.Reroll, p: Fraction, hits: Dist,
            modifiers: list[Modifier]) -> ProcedureResult:
    r = ProcedureResult(GAME, f"odds.{procedure}", title)
    r.outcome.append(Msg.of("combat2.odds.per_die", need=engine.need_text(t), p=Percent(p),
                            fraction=str(p), mods=Named(tuple(modifiers))))
    if reroll != "none":
        r.notes.append(Msg.of(f"fow.odds.reroll.{reroll}"))
    r.outcome.append(Msg.of("combat2.odds.mean", mean=Number(hits.mean())))
    r.distribution = Distribution(Msg.of("fow.chart.hits"), hits)
    r.outcome.extend(r.distribution.rows())
    r.data.update(need=t, p=p, hits=hits)
    return r


def shoot_odds(*, hits_before: int = 0, unit_teams: int | None = None, save: int | None = None,
               fp: int | None = None, bunker: bool = False, settings: dict[str, str] | None = None,
               **shot: Any) -> ProcedureResult:
    """The chances of `shooting.shoot` with the same inputs: the same `plan_shot` reads the shot."""
    plan = plan_shot(unit_teams=unit_teams, save=save, fp=fp, settings=settings, **shot)
    n, t, reroll = plan.dice, plan.need, plan.reroll
    p = engine.p_success(t, reroll)
    hits = Dist.binomial(n, p)
    r = _result("shoot", Msg.of("fow.odds.shoot.title", n=n), t, reroll, p, hits, plan.modifiers)
    r.notes.extend(plan.notes)
    threshold = plan.threshold
    if plan.pin_immune:
        p_pin = Fraction(0)
        r.notes.append(Msg.of("fow.note.pin_immune", source=R.SRC_PIN_IMMUNE))
    else:
        # Pinned at `threshold` hits in the step, or by any hit of a sniper or flame-thrower.
        needed = threshold - hits_before if plan.pinned_by_any_hit is None else min(threshold - hits_before, 1)
        p_pin = hits.at_least(needed)
    r.outcome.insert(1, Msg.of("fow.odds.pinned", p=Percent(p_pin), threshold=threshold))
    if fp is not None:
        # Each die hits with p and each hit destroys with d, independently (L41): the teams
        # destroyed are Binomial(n, p·d) exactly, which needs no thinning of the hits. Without
        # FP nothing is decided (L748–752), as in the roll.
        destroyed = Dist.binomial(n, p * per_destroyed(save, fp, bunker))
        r.outcome.insert(2, Msg.of("fow.odds.destroyed", mean=Number(destroyed.mean()),
                                   p_any=Percent(1 - destroyed[0])))
        r.data["destroyed"] = destroyed
    r.data.update(p_pinned=p_pin, dice=n)
    r.distribution = Distribution(Msg.of("fow.chart.hits"), hits, event=Msg.of("fow.chart.pinned"),
                                  event_probability=p_pin)
    return r


def bombard_odds(*, teams_under_template: int, is_hit_on: int, attempt: int = 1, weapons: int = 1,
                 save: int | None = None, fp: int | None = None) -> ProcedureResult:
    penalty = R.RANGE_IN_ATTEMPT_PENALTY.get(attempt, 0)
    mods = [Modifier(Msg.of("fow.mod.range_in_attempt", attempt=attempt), penalty, R.SRC_ARTILLERY_HIT)] if penalty else []
    t = engine.need(is_hit_on, mods)
    reroll = R.artillery_reroll(weapons)
    p = engine.p_success(t, reroll)
    hits = Dist.binomial(teams_under_template, p)
    r = _result("bombard", Msg.of("fow.odds.bombard.title", n=teams_under_template), t, reroll, p, hits, mods)
    if fp is not None:                       # without FP nothing is decided (L748–752), as in the roll
        destroyed = Dist.binomial(teams_under_template, p * per_destroyed(save, fp))
        r.outcome.insert(1, Msg.of("fow.odds.destroyed", mean=Number(destroyed.mean()),
                                   p_any=Percent(1 - destroyed[0])))
        r.data["destroyed"] = destroyed
    return r


def assault_odds(*, teams_in_contact: int, skill: str | None = None, number: int | None = None,
                 small_base: bool = False, settings: dict[str, str] | None = None) -> ProcedureResult:
    base, _ = assault_need(skill, number, settings)
    mods = [Modifier(Msg.of("fow.mod.small_base"), R.SMALL_BASE_MOD, R.SRC_ASSAULT_HIT)] if small_base else []
    t = engine.need(base, mods)
    p = engine.p_success(t)
    hits = Dist.binomial(teams_in_contact, p)
    return _result("assault", Msg.of("fow.odds.assault.title", n=teams_in_contact), t, "none", p, hits, mods)


def test_odds(test: str, *, rating: str | None = None, number: int | None = None, fc_near: bool = False,
              fc_los: bool = False, all_cavalry: bool = False) -> ProcedureResult:
    """Rally / Counterattack / Last Stand pass chance, with the Formation Commander's re-roll."""
    base = motivation_number(rating, number)
    mods = [Modifier(Msg.of("fow.mod.cavalry_rally"), R.CAVALRY_RALLY_BONUS, R.SRC_CAVALRY)] if all_cavalry and test == "rally" else []
    t = engine.need(base, mods)
    # the Formation Commander's re-roll: Rally, Counterattack, Last Stand, never Remount (L604, L826, L855)
    reroll: engine.Reroll = "failed" if fc_near and test != "remount" and (test == "rally" or fc_los) else "none"
    p = engine.p_success(t, reroll)
    r = ProcedureResult(GAME, f"odds.{test}", Msg.of(f"fow.check.{test}.title", unit="—"))
    r.outcome.append(Msg.of("combat2.odds.pass", need=engine.need_text(t), p=Percent(p), fraction=str(p)))
    if reroll != "none":
        r.notes.append(Msg.of("fow.odds.reroll.failed"))
    r.data.update(need=t, p=p)
    return r
