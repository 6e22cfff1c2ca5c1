"""Гидрофилия attacks (L231–373): the to-hit roll (2d6 + Навык ≥ УКЛ, double 1 misses, double 6
hits), damage (a d6 per point of Урон, each die ≥ ЗАЩ/ПСИ/КИБ is a wound, a dash is immunity),
and the artillery attack (2d6 + Навык for accuracy, then 2d6 + 7 against every target)."""
from __future__ import annotations

from dataclasses import dataclass

from dice.roller import Roller
from games.hydrophilia import rules as H
from games.procedure import DiceStep, Modifier, ProcedureResult, StateChange
from i18n import Msg, UserError

GAME = "hydrophilia"
TRACK_WOUNDS = "wounds"
TRACK_AP = "action_points"
MAX_DICE = 60


def dodge_modifiers(*, defence: str = "none", overlap: bool = False, melee: bool = False,
                    extra: int = 0) -> list[Modifier]:
    if defence not in H.DEFENCE_BONUS:
        raise ValueError(defence)
    out = []
    if melee:
        value, source = H.MELEE_BONUS
        out.append(Modifier(Msg.of("hydro.mod.melee"), value, source))    # and no cover/visibility (L337)
    elif defence != "none":
        bonus, cover_source = H.DEFENCE_BONUS[defence]
        out.append(Modifier(Msg.of(f"hydro.defence.{defence}"), bonus, cover_source))
    if overlap:
        value, source = H.OVERLAP_BONUS
        out.append(Modifier(Msg.of("hydro.mod.overlap"), value, source))
    if extra:
        out.append(Modifier(Msg.of("hydro.mod.extra_dodge"), extra, None))
    return out


def piercing(pierce: int, cover: str, melee: bool, damage: int) -> tuple[int, int]:
    """L469 ПРОНИКАЮЩЕЕ: against a target in cover, spend 1–4 damage dice to lower its cover
    bonus by as much. Returns (dice spent, damage dice left)."""
    if not pierce:
        return 0, damage
    bonus = H.DEFENCE_BONUS[cover][0] if cover in H.COVER_KINDS and not melee else 0
    if not 1 <= pierce <= H.PIERCE_MAX or not bonus:
        raise UserError("hydro.error.pierce", example="hydro.example.attack")
    spent = min(pierce, bonus, damage)
    return spent, damage - spent


def effective_dodge(dodge: int, mods: list[Modifier], shotgun: bool) -> int:
    value = dodge + sum(m.value for m in mods)
    return min(value, H.SHOTGUN_CAP) if shotgun else value


def hit_check(a: int, b: int, skill: int, dodge: int) -> tuple[bool, str | None]:
    """L279–287: hit iff 2d6 + Навык ≥ УКЛ; a double 1 always misses, a double 6 always hits."""
    if a == 1 and b == 1:
        return False, "double_one"
    if a == 6 and b == 6:
        return True, "double_six"
    return a + b + skill >= dodge, None


def damage_target(defence: int | None, *, armour_piercing: bool = False, damage_type: str = "physical") -> int | None:
    """The number each damage die must reach; None when the target is immune (a dash, L308)."""
    if defence is None:
        return None
    if armour_piercing and damage_type == "physical" and defence >= H.ARMOUR_PIERCING_FROM:
        return defence - 1                                     # L468
    return defence


def roll_damage(roller: Roller, result: ProcedureResult, *, dice: int, defence: int | None,
                damage_type: str, armour_piercing: bool = False) -> int:
    if not 0 <= dice <= MAX_DICE:
        raise UserError("hydro.error.bad_count", example="hydro.example.attack", value=dice)
    need = damage_target(defence, armour_piercing=armour_piercing, damage_type=damage_type)
    stat = H.stat_name(damage_type)
    if need is None:
        result.outcome.append(Msg.of("hydro.out.immune", stat=stat, source=H.SRC_IMMUNE))
        return 0
    rolled = roller.dice(dice, 6)
    wounds = sum(d >= need for d in rolled)
    mods = []
    if need != defence:
        mods.append(Modifier(Msg.of("hydro.mod.armour_piercing"), -1, H.SRC_ARMOUR_PIERCING))
    result.steps.append(DiceStep(Msg.of("hydro.step.damage", stat=stat, need=need), rolled, target=f"{need}+",
                                 successes=wounds, modifiers=mods))
    result.outcome.append(Msg.of("hydro.out.wounds", n=wounds))
    return wounds


def check_inputs(skill: int, dodge: int, example: str) -> None:
    if not -10 <= skill <= 20 or not 0 <= dodge <= 40:
        raise UserError("hydro.error.bad_stats", example=example)


def attack(roller: Roller, *, skill: int, dodge: int, damage: int, defence: int | None,
           damage_type: str = "physical", cover: str = "none", overlap: bool = False, melee: bool = False,
           repeat_attack: bool = False, shotgun: bool = False, armour_piercing: bool = False,
           extra_dodge: int = 0, extra_skill: int = 0, pierce: int = 0, ap_cost: int = 0,
           attacker: str | None = None, target: str | None = None) -> ProcedureResult:
    check_inputs(skill, dodge, "hydro.example.attack")
    if damage_type not in H.DAMAGE_TYPES:
        raise ValueError(damage_type)
    result = ProcedureResult(GAME, "attack", Msg.of("hydro.attack.title", attacker=attacker or Msg.of("combat_shared.word.attacker"), target=target or Msg.of("combat_shared.word.target")))
    if defence is None:
        # L312: an attack only against a stat the target is immune to isn't even rolled.
        result.outcome.append(Msg.of("hydro.out.immune", stat=H.stat_name(damage_type), source=H.SRC_IMMUNE))
        result.data.update(hit=False, wounds=0, immune=True)
        return result
    skill_mods = []
    if repeat_attack:
        skill_mods.append(Modifier(Msg.of("hydro.mod.repeat"), H.REPEAT_ATTACK_PENALTY, H.SRC_REPEAT))
    if extra_skill:
        skill_mods.append(Modifier(Msg.of("hydro.mod.extra_skill"), extra_skill, None))
    total_skill = skill + sum(m.value for m in skill_mods)
    dodge_mods = dodge_modifiers(defence=cover, overlap=overlap, melee=melee, extra=extra_dodge)
    spent, damage = piercing(pierce, cover, melee, damage)
    if spent:
        dodge_mods.append(Modifier(Msg.of("hydro.mod.pierce", n=spent), -spent, H.SRC_PIERCE))
        result.notes.append(Msg.of("hydro.note.pierce", n=spent, damage=damage))
    need = effective_dodge(dodge, dodge_mods, shotgun)
    if shotgun and need < dodge + sum(m.value for m in dodge_mods):
        result.notes.append(Msg.of("hydro.note.shotgun", cap=H.SHOTGUN_CAP, source=H.SRC_SHOTGUN))
    a, b = roller.dice(2, 6)
    hit, crit = hit_check(a, b, total_skill, need)
    result.steps.append(DiceStep(Msg.of("hydro.step.to_hit", skill=total_skill, dodge=need), [a, b],
                                 target=f"{a + b} + {total_skill} ≥ {need}", successes=int(hit),
                                 modifiers=skill_mods + dodge_mods))
    if crit:
        result.outcome.append(Msg.of(f"hydro.out.{crit}", source=H.SRC_CRITS))
    result.outcome.append(Msg.of("hydro.out.hit" if hit else "hydro.out.miss", total=a + b + total_skill, dodge=need))
    wounds = 0
    if hit:
        wounds = roll_damage(roller, result, dice=damage, defence=defence, damage_type=damage_type,
                             armour_piercing=armour_piercing)
        if target and wounds:
            result.changes.append(StateChange(target, TRACK_WOUNDS, "add", wounds, reason=Msg.of("hydro.reason.attack")))
    result.notes.append(Msg.of("hydro.note.ap_spent"))
    if attacker and ap_cost:
        # L315: the action points are spent whether or not the attack hits.
        result.changes.append(StateChange(attacker, TRACK_AP, "add", -ap_cost, reason=Msg.of("hydro.reason.ap")))
    result.data.update(hit=hit, crit=crit, wounds=wounds, need=need, skill=total_skill, roll=(a, b))
    return result


def damage_only(roller: Roller, *, dice: int, defence: int | None, damage_type: str = "physical",
                armour_piercing: bool = False, target: str | None = None) -> ProcedureResult:
    """A damage check alone (effects, terrain, a second damage nature of the same attack, L311)."""
    result = ProcedureResult(GAME, "damage", Msg.of("hydro.damage.title", target=target or Msg.of("combat_shared.word.target")))
    wounds = roll_damage(roller, result, dice=dice, defence=defence, damage_type=damage_type,
                         armour_piercing=armour_piercing)
    if target and wounds:
        result.changes.append(StateChange(target, TRACK_WOUNDS, "add", wounds, reason=Msg.of("hydro.reason.damage")))
    result.data.update(wounds=wounds)
    return result


@dataclass(frozen=True)
class ArtilleryTarget:
    name: str
    dodge: int
    defence: int | None          # the stat for the attack's damage type; None = immune
    cover: str = "none"


def accuracy_band(total: int) -> str:
    if total >= H.ARTILLERY_PRECISE:
        return "precise"
    if total >= H.ARTILLERY_IMPRECISE:
        return "imprecise"
    return "failed"


def artillery(roller: Roller, *, skill: int, targets: list[ArtilleryTarget], precise_damage: int,
              imprecise_damage: int, damage_type: str = "physical") -> ProcedureResult:
    """L353–373. Cover and limited visibility are judged from the token; overlapping models,
    camouflage and the melee bonus don't apply. Wounds are applied together at the end."""
    check_inputs(skill, 0, "hydro.example.artillery")
    if len(targets) > 20:
        raise UserError("hydro.error.bad_count", example="hydro.example.artillery", value=len(targets))
    result = ProcedureResult(GAME, "artillery", Msg.of("hydro.artillery.title"))
    dice = roller.dice(2, 6)
    total = sum(dice) + skill
    band = accuracy_band(total)
    result.steps.append(DiceStep(Msg.of("hydro.step.accuracy", skill=skill), dice, target="≥12 / 10–11 / ≤9",
                                 successes=int(band != "failed")))
    result.outcome.append(Msg.of(f"hydro.artillery.{band}", total=total, source=H.SRC_ARTILLERY))
    result.data.update(accuracy=total, band=band, hits={}, wounds={})
    if band == "failed":
        return result
    damage = precise_damage if band == "precise" else imprecise_damage
    for t in targets:
        mods = dodge_modifiers(defence=t.cover)
        need = effective_dodge(t.dodge, mods, False)
        a, b = roller.dice(2, 6)
        hit, crit = hit_check(a, b, H.ARTILLERY_TARGET_BONUS, need)
        result.steps.append(DiceStep(Msg.of("hydro.step.artillery_target", name=t.name, dodge=need), [a, b],
                                     target=f"{a + b} + 7 ≥ {need}", successes=int(hit), modifiers=mods))
        result.data["hits"][t.name] = hit
        if not hit:
            result.outcome.append(Msg.of("hydro.artillery.miss", name=t.name))
            continue
        if t.defence is None:
            result.outcome.append(Msg.of("hydro.artillery.immune", name=t.name, stat=H.stat_name(damage_type)))
            result.data["wounds"][t.name] = 0
            continue
        sub = ProcedureResult(GAME, "damage", result.title)
        wounds = roll_damage(roller, sub, dice=damage, defence=t.defence, damage_type=damage_type)
        for step in sub.steps:
            step.label = Msg.of("hydro.step.damage_of", name=t.name, stat=H.stat_name(damage_type),
                                need=(step.target or "").rstrip("+"))
        result.steps.extend(sub.steps)
        result.outcome.append(Msg.of("hydro.artillery.hit", name=t.name, n=wounds))
        result.data["wounds"][t.name] = wounds
        if wounds:
            result.changes.append(StateChange(t.name, TRACK_WOUNDS, "add", wounds, reason=Msg.of("hydro.reason.artillery")))
    result.notes.append(Msg.of("hydro.note.artillery_crits"))
    result.notes.append(Msg.of("hydro.note.artillery_simultaneous"))
    return result
