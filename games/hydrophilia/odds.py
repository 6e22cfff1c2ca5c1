"""Exact odds for Гидрофилия attacks: every one of the 36 two-dice outcomes for the hit (the
double-1 and double-6 rules included), then the damage dice as a binomial."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from dice.dist import Dist
from games.hydrophilia import rules as H
from games.hydrophilia.attack import damage_target, dodge_modifiers, effective_dodge, hit_check, piercing
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number, Percent

GAME = "hydrophilia"


def p_hit(skill: int, dodge: int) -> Fraction:
    hits = sum(hit_check(a, b, skill, dodge)[0] for a, b in product(range(1, 7), repeat=2))
    return Fraction(hits, 36)


def p_wound_die(need: int | None) -> Fraction:
    if need is None:
        return Fraction(0)
    return Fraction(max(0, min(6, 7 - need)), 6)


def wounds_distribution(p_hit_: Fraction, dice: int, need: int | None) -> Dist:
    """Hit with p_hit_, then `dice` damage dice; a miss wounds nothing."""
    return Dist.mixture([(p_hit_, Dist.binomial(dice, p_wound_die(need))), (1 - p_hit_, Dist.point(0))])


def attack_odds(*, skill: int, dodge: int, damage: int, defence: int | None, damage_type: str = "physical",
                cover: str = "none", overlap: bool = False, melee: bool = False, repeat_attack: bool = False,
                shotgun: bool = False, armour_piercing: bool = False, extra_dodge: int = 0,
                extra_skill: int = 0, pierce: int = 0) -> ProcedureResult:
    total_skill = skill + (H.REPEAT_ATTACK_PENALTY if repeat_attack else 0) + extra_skill
    mods = dodge_modifiers(defence=cover, overlap=overlap, melee=melee, extra=extra_dodge)
    spent, damage = piercing(pierce, cover, melee, damage)
    need = effective_dodge(dodge, mods, shotgun) - spent if not shotgun else min(dodge + sum(m.value for m in mods) - spent, H.SHOTGUN_CAP)
    ph = p_hit(total_skill, need) if defence is not None else Fraction(0)
    dneed = damage_target(defence, armour_piercing=armour_piercing, damage_type=damage_type)
    dist = wounds_distribution(ph, damage, dneed)
    r = ProcedureResult(GAME, "odds.attack", Msg.of("hydro.odds.attack.title", skill=total_skill, dodge=need))
    r.outcome.append(Msg.of("hydro.odds.hit", p=Percent(ph), fraction=str(ph)))
    pd = p_wound_die(dneed)
    r.outcome.append(Msg.of("hydro.odds.wound_die", stat=H.stat_name(damage_type),
                            need=f"{dneed}+" if dneed is not None else "—", p=Percent(pd), fraction=str(pd)))
    r.distribution = Distribution(Msg.of("hydro.odds.quantity.wounds"), dist, Msg.of("hydro.odds.event.hit"), ph)
    r.outcome.append(Msg.of("combat2.odds.mean", mean=Number(r.distribution.mean())))
    r.outcome.extend(r.distribution.rows())
    r.data.update(p_hit=ph, p_wound_die=pd, wounds=dist)
    return r


def artillery_odds(*, skill: int, dodge: int, precise_damage: int, imprecise_damage: int,
                   defence: int | None, cover: str = "none") -> ProcedureResult:
    """One target: accuracy band, then 2d6 + 7 against its УКЛ, then the band's damage dice."""
    dist2 = Dist.dice(2)
    p_precise = sum((p for s, p in dist2.items() if s + skill >= H.ARTILLERY_PRECISE), Fraction(0))
    p_imprecise = sum((p for s, p in dist2.items() if H.ARTILLERY_IMPRECISE <= s + skill < H.ARTILLERY_PRECISE), Fraction(0))
    need = effective_dodge(dodge, dodge_modifiers(defence=cover), False)
    ph = p_hit(H.ARTILLERY_TARGET_BONUS, need)
    precise = wounds_distribution(ph, precise_damage, defence)
    imprecise = wounds_distribution(ph, imprecise_damage, defence)
    dist = Dist.mixture([(p_precise, precise), (p_imprecise, imprecise), (1 - p_precise - p_imprecise, Dist.point(0))])
    r = ProcedureResult(GAME, "odds.artillery", Msg.of("hydro.odds.artillery.title", skill=skill, dodge=need))
    r.outcome.append(Msg.of("hydro.odds.bands", precise=Percent(p_precise), imprecise=Percent(p_imprecise),
                            failed=Percent(1 - p_precise - p_imprecise)))
    r.outcome.append(Msg.of("hydro.odds.hit", p=Percent(ph), fraction=str(ph)))
    r.distribution = Distribution(Msg.of("hydro.odds.quantity.wounds"), dist,
                                  Msg.of("hydro.odds.event.wounded"), 1 - dist[0])
    r.outcome.append(Msg.of("combat2.odds.mean", mean=Number(r.distribution.mean())))
    r.outcome.extend(r.distribution.rows())
    r.data.update(p_precise=p_precise, p_imprecise=p_imprecise, p_hit=ph, wounds=dist)
    return r
