"""Horus Heresy shooting at a non-vehicle unit (l.679–855): to-hit from the BS table (BS 6+
re-rolls), to-wound from S vs T, the one best save, Shrouded or Feel No Pain, Instant Death,
wounds allocated to the tracked unit, pinning; with the weapon special rules that roll dice."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from dice.roller import Roller
from games.horus_heresy.rolls import (SOURCES, Saves, best_save, bs_need, mitigation, roll_dice, source_note,
                                      wound_need)
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "horus_heresy"


@dataclass(frozen=True)
class HHWeapon:
    shots: int = 1
    strength: int = 4
    ap: int | None = None                 # None = «AP -»
    twin_linked: bool = False             # re-roll failed to-hit rolls (l.3389)
    preferred_enemy: bool = False         # re-roll to-hit and to-wound 1s (l.3239)
    rending: int | None = None            # natural to-wound ≥ X wounds automatically at AP2 (l.3265)
    poisoned: int | None = None           # wounds on X+ unless a lower roll is needed (l.3215)
    fleshbane: bool = False               # always wounds on 2+ (l.3027)
    shred: bool = False                   # re-roll failed to-wound rolls (l.3285)
    gets_hot: bool = False                # natural 1s to hit wound the firer (l.3047)
    sniper: bool = False                  # every wound is a precision shot (l.3321)
    ignores_cover: bool = False           # no cover saves, no Shrouded (l.3147, l.3299)
    pinning: bool = False                 # pinning test after unsaved wounds (l.3199)
    snap: bool = False                    # snap shots: BS counts as 1 (l.705–711)
    template: bool = False                # hits the models under it; Ignores Cover and Wall of Death (l.3353–3363)
    destroyer: bool = False               # D3 wounds instead of 1 on a non-vehicle (l.982)
    sunder: bool = False                  # re-roll failed or glancing penetration, the second stands (l.3333)
    exoshock: int | None = None           # a penetrating hit, then D6 ≥ X: a second one, no cover save (l.2987)
    monster_hunter: bool = False          # re-roll failed wounds against monstrous targets (l.3175)
    murderous: int | None = None          # to-wound rolls of X+ are Instant Death, saved first (l.3183)
    deflagrate: bool = False              # as many more hits as unsaved wounds, once (l.2971)
    master_crafted: bool = False          # re-roll one failed to-hit roll a turn (l.3171)
    haywire: bool = False                 # against vehicles a D6 replaces penetration, AP ignored (l.3079–3085)
    precision: int | None = None          # to-hit rolls of X+ are precision shots (l.3225)
    armourbane: bool = False              # against dreadnoughts and automata: re-roll failed wounds (l.2791)

    def __post_init__(self) -> None:
        if self.template:                  # «Шаблонное оружие имеет специальные правила «Игнорирует укрытие»…» (l.3355)
            object.__setattr__(self, "ignores_cover", True)


@dataclass(frozen=True)
class HHTarget:
    name: str | None = None
    toughness: int = 4
    models: int = 1                       # models left
    wounds: int = 1                       # W per model
    damage: int = 0                       # wounds already on the wounded model (it takes wounds first, l.759)
    saves: Saves = field(default_factory=Saves)
    shrouded: int | None = None
    fnp: int | None = None
    eternal_warrior: bool = False         # an Instant Death wound removes only 1 W (l.2983)
    fearless: bool = False                # no Shrouded, auto-passes pinning (l.3299, l.3207)
    leadership: int | None = None         # for the pinning test
    pinned: bool = False
    vehicle: bool = False
    monstrous: bool = False               # dreadnoughts, automata, primarchs, subtype Monstrous (l.3175)
    dreadnought: bool = False             # a Dreadnought or Automaton (l.2791; also Monster Hunter's, l.3175)


def validate_target(target: HHTarget) -> None:
    if not 1 <= target.models <= 200 or not 1 <= target.wounds <= 20 or not 0 <= target.damage < target.wounds:
        raise UserError("combat_hh.error.target", example="combat_hh.example.shoot")


def hit_reroll(weapon: HHWeapon, high_need: int | None) -> tuple[str | None, Msg | None]:
    """One re-roll per die (l.198): Twin-linked beats Preferred Enemy beats the BS 6+ table
    (another re-roll rule replaces the BS 6+ table, l.699)."""
    if weapon.twin_linked:
        return "failed", source_note("twin_linked")
    if weapon.preferred_enemy:
        return "ones", source_note("preferred")
    if weapon.master_crafted:                  # it replaces the BS 6+ table (l.699)
        return "one_failed", source_note("master_crafted")
    if high_need is not None and not weapon.snap:
        return "bs_high", source_note("bs_high")
    return None, None


def wound_reroll(weapon: HHWeapon, target: HHTarget | None = None) -> tuple[str | None, Msg | None]:
    if weapon.shred:
        return "failed", source_note("shred")
    if weapon.monster_hunter and target is not None and (target.monstrous or target.dreadnought):
        return "failed", source_note("monster_hunter")
    if weapon.armourbane and target is not None and target.dreadnought:
        return "failed", source_note("armourbane_dreadnought")
    if weapon.preferred_enemy:
        return "ones", source_note("preferred")
    return None, None


def deflagrate_weapon(weapon: HHWeapon) -> HHWeapon:
    """The weapon Deflagrate's extra hits are resolved with: its profile, bringing no more hits and
    none of the attacker's other rules that add to wounds (l.2971) — the roll and the odds share it."""
    return dataclasses.replace(weapon, deflagrate=False, preferred_enemy=False, murderous=None, monster_hunter=False)


def instant_death(strength: int, toughness: int) -> bool:
    """«показатель силы атаки минимум вдвое больше показателя стойкости» (l.783)."""
    return strength >= 2 * toughness


def allocate(models: int, per: int, damage: int, wounds: int, id_wounds: int, eternal: bool,
             ) -> tuple[int, int, int]:
    """Unsaved wounds onto a unit: the wounded model first (l.759, l.771–775), ordinary wounds
    then Instant Death ones (each removes a whole model, l.785; Eternal Warrior: one wound).
    Returns (models removed, wounds on the wounded model after, wounds that count as lost)."""
    removed, dmg, lost = 0, damage, 0
    for _ in range(wounds):
        if removed >= models:
            break
        dmg += 1
        lost += 1
        if dmg >= per:
            removed, dmg = removed + 1, 0
    for _ in range(id_wounds):
        if removed >= models:
            break
        if eternal:
            dmg += 1
            lost += 1
            if dmg >= per:
                removed, dmg = removed + 1, 0
        else:
            lost += per - dmg                       # ID counts every wound lost (l.1322)
            removed, dmg = removed + 1, 0
    return removed, dmg, lost


def wall_of_death(weapon: HHWeapon, hits: int | None) -> bool:
    """A template snap-firing with no hits given: D3 automatic hits, no to-hit roll (l.3363)."""
    return hits is None and weapon.template and weapon.snap


def destroyer_wounds(roller: Roller, result: ProcedureResult, target: HHTarget, unsaved: int) -> int:
    """Destroyer on a non-vehicle: each unsaved wound is D3 wounds (l.982), all on the model it
    was allocated to — the book doesn't say they pass on to the next model (the reply says so).
    Returns the wounds to allocate in the ordinary way (filling one model at a time)."""
    rolls = [roller.d3() for _ in range(unsaved)]
    result.steps.append(DiceStep(Msg.of("combat_hh.step.destroyer"), rolls, "D3", None,
                                 note=source_note("destroyer_units")))
    result.notes.append(Msg.of("combat_hh.note.destroyer_no_spill"))
    total, dmg, removed = 0, target.damage, 0
    for d3 in rolls:
        if removed >= target.models:
            break
        taken = min(d3, target.wounds - dmg)
        total += taken
        dmg += taken
        if dmg >= target.wounds:
            removed, dmg = removed + 1, 0
    return total


@dataclass
class WoundingResult:
    hits: int = 0
    wounds: int = 0
    rending: int = 0
    unsaved: int = 0
    mitigated: int = 0
    models_removed: int = 0
    wounds_lost: int = 0
    gets_hot: int = 0
    damage_after: int = 0                 # wounds on the wounded model afterwards


def resolve_wounds(roller: Roller, result: ProcedureResult, weapon: HHWeapon, target: HHTarget, hits: int,
                   *, melee: bool = False) -> WoundingResult:
    """To-wound, saves, mitigation and allocation for `hits` hits; steps go into `result`."""
    out = WoundingResult(hits=hits)
    if hits <= 0:
        return out
    need = wound_need(weapon.strength, target.toughness, poisoned=weapon.poisoned, fleshbane=weapon.fleshbane)
    if need is None and weapon.rending is None:
        result.outcome.append(Msg.of("combat_hh.out.cannot_wound", s=weapon.strength, t=target.toughness))
        return out
    reroll, note = wound_reroll(weapon, target)
    if reroll is None and melee and weapon.poisoned is not None and weapon.strength > target.toughness:
        # «если сила обладателя … больше стойкости жертвы, … перекидывать проваленные броски на ранение» (l.3213)
        reroll, note = "failed", source_note("poisoned_melee")
    mods: list[Modifier] = []
    if weapon.poisoned is not None:
        mods.append(Modifier(Msg.of("combat_hh.mod.poisoned", x=weapon.poisoned), 0, SOURCES["poisoned"]))
    if weapon.fleshbane:
        mods.append(Modifier(Msg.of("combat_hh.mod.fleshbane"), 0, SOURCES["fleshbane"]))
    step, normal, rend, faces = roll_dice(roller, hits, need, Msg.of("combat_hh.step.to_wound", s=weapon.strength,
                                                                     t=target.toughness),
                                          reroll=reroll, trigger=weapon.rending, note=note)
    step.modifiers = mods
    result.steps.append(step)
    out.wounds, out.rending = normal + rend, rend
    if rend:
        result.outcome.append(Msg.of("combat_hh.out.rending", n=rend, x=weapon.rending))
    is_id = instant_death(weapon.strength, target.toughness)
    # Rending wounds: AP2 when shooting (l.3265); in melee AP2 at the attacker's choice (l.3263),
    # so the better of AP2 and the weapon's own AP.
    rend_ap = 2 if not melee or weapon.ap is None else min(weapon.ap, 2)
    murderous = 0
    if weapon.murderous is not None and not is_id and need is not None:
        # Murderous Strike: wounds rolled at X+ are Instant Death, their saves taken first and apart (l.3183)
        murderous = min(normal, sum(1 for d in faces if d != 1 and d >= weapon.murderous and d >= need
                                    and (weapon.rending is None or d < weapon.rending)))
        normal -= murderous
        if murderous:
            result.outcome.append(Msg.of("combat_hh.out.murderous", n=murderous, x=weapon.murderous))
    pools = [(murderous, weapon.ap, "combat_hh.step.save_murderous"), (normal, weapon.ap, "combat_hh.step.save"),
             (rend, rend_ap, "combat_hh.step.save_rending")]
    unsaved_total = 0
    unsaved_id = 0
    for count, ap, key in pools:
        if not count:
            continue
        need_save, kind = best_save(target.saves, ap, ignores_cover=weapon.ignores_cover, melee=melee)
        if need_save is None:
            result.outcome.append(Msg.of("combat_hh.out.no_save", n=count, ap="-" if ap is None else ap))
            unsaved_total += count
            unsaved_id += count if key == "combat_hh.step.save_murderous" else 0
            continue
        dice = roller.dice(count)
        saved = sum(1 for d in dice if d != 1 and d >= need_save)     # a 1 always fails (l.855)
        result.steps.append(DiceStep(Msg.of(key, kind=Msg.of(f"combat_hh.save.{kind}")), dice, f"{need_save}+", saved,
                                     note=Msg.of("combat_hh.note.save_choice", ap="-" if ap is None else ap)))
        unsaved_total += count - saved
        unsaved_id += count - saved if key == "combat_hh.step.save_murderous" else 0
    out.unsaved = unsaved_total
    # Murderous wounds are Instant Death: no Feel No Pain (l.3009); the rest are mitigated as usual.
    unsaved_total -= unsaved_id
    # One damage-mitigation roll per unsaved wound (l.120, l.3015); no Feel No Pain against
    # Instant Death, Eternal Warrior or not (l.3009, l.2983).
    mit_need, mit_kind = mitigation(target.shrouded, target.fnp, instant_death=is_id,
                                    ignores_cover=weapon.ignores_cover, melee=melee, fearless=target.fearless)
    remaining = unsaved_total
    if remaining and mit_need is not None and mit_kind is not None:
        dice = roller.dice(remaining)
        negated = sum(1 for d in dice if d >= mit_need)
        result.steps.append(DiceStep(Msg.of(f"combat_hh.step.{mit_kind}"), dice, f"{mit_need}+", negated,
                                     note=source_note(mit_kind)))
        remaining -= negated
        out.mitigated = negated
    if is_id and remaining:              # said only when a wound it takes is Instant Death
        result.outcome.append(Msg.of("combat_hh.out.instant_death", s=weapon.strength, t=target.toughness))
        if target.eternal_warrior:
            result.notes.append(Msg.of("combat_hh.note.eternal_warrior"))
    ordinary, id_wounds = (0, remaining) if is_id else (remaining, unsaved_id)
    if weapon.destroyer and ordinary and not melee:
        ordinary = destroyer_wounds(roller, result, target, ordinary)
        out.models_removed, out.damage_after, out.wounds_lost = allocate(
            target.models, target.wounds, target.damage, ordinary, id_wounds, target.eternal_warrior)
    else:
        out.models_removed, out.damage_after, out.wounds_lost = allocate(
            target.models, target.wounds, target.damage, ordinary, id_wounds, target.eternal_warrior)
    if target.name and (ordinary or id_wounds):
        if not is_id and id_wounds:              # Murderous Strike beside ordinary wounds: every wound lost
            result.changes.append(StateChange(target.name, "wounds", "add", out.wounds_lost,
                                              Msg.of("combat_hh.change.wounds")))
        elif ordinary or target.eternal_warrior:
            n = ordinary if not is_id else id_wounds
            result.changes.append(StateChange(target.name, "wounds", "add", min(n, target.models * target.wounds),
                                              Msg.of("combat_hh.change.wounds")))
        else:
            result.changes.append(StateChange(target.name, "models_lost", "add", out.models_removed,
                                              Msg.of("combat_hh.change.instant_death")))
    return out


def shoot(roller: Roller, bs: int | None, weapon: HHWeapon, target: HHTarget, *,
          settings: dict[str, str] | None = None, shooter: str | None = None,
          hits: int | None = None, more_attacks: bool = False) -> ProcedureResult:
    """`hits` given: the hits are already known and no to-hit dice are rolled (Blast and Template
    weapons hit every model under them, l.2859–2867, l.3351–3355). `more_attacks`: the firing
    unit still has attacks to make this phase, so a pinning test waits for its last (l.3199)."""
    validate_target(target)
    if not 1 <= weapon.shots <= 100 or (bs is None and hits is None and not weapon.template):
        raise UserError("combat_hh.error.shots", example="combat_hh.example.shoot")
    result = ProcedureResult(BOOK, "shoot", Msg.of("combat_hh.title.shoot",
                                                   shooter=shooter or Msg.of("combat_hh.word.shooter"),
                                                   target=target.name or Msg.of("combat_hh.word.target")))
    if hits is None and weapon.template:
        if not weapon.snap:
            raise UserError("combat_hh.error.template_hits", example="combat_hh.example.shoot")
        # Wall of Death: a template snap-firing hits D3 times automatically (l.3363).
        d3 = roller.d3()
        result.steps.append(DiceStep(Msg.of("combat_hh.step.wall_of_death"), [d3], "D3", d3, note=source_note("wall_of_death")))
        hits = d3
    elif hits is None:
        need, high = bs_need(bs, weapon.snap)
        reroll, note = hit_reroll(weapon, high)
        mods = [Modifier(Msg.of("combat_hh.mod.snap"), 0, Source(BOOK, 705, 711))] if weapon.snap else []
        step, hits, _, final = roll_dice(roller, weapon.shots, need,
                                         Msg.of("combat_hh.step.to_hit_bs", bs=1 if weapon.snap else bs),
                                         reroll=reroll, reroll_need=high, note=note)
        step.modifiers = mods
        result.steps.append(step)
        if weapon.precision is not None:
            # Precision Shots: hits rolled at X+ are allocated by the attacker (l.3225); the bot
            # counts them and leaves the choice of models to the players.
            precise = min(hits, sum(1 for d in final if d != 1 and d >= weapon.precision and d >= need))
            result.data["precision"] = precise
            if precise:
                result.outcome.append(Msg.of("combat_hh.out.precision", n=precise, x=weapon.precision))
        if weapon.gets_hot:
            ones = sum(1 for d in final if d == 1)
            if ones:
                result.outcome.append(Msg.of("combat_hh.out.gets_hot", n=ones, ap="-" if weapon.ap is None else weapon.ap))
    else:
        result.notes.append(Msg.of("combat_hh.note.hits_given"))
    result.outcome.insert(0, Msg.of("combat_hh.out.hits", n=hits))
    if weapon.sniper:
        result.notes.append(source_note("sniper"))
    w = resolve_wounds(roller, result, weapon, target, hits)
    extra_hits = 0
    if weapon.deflagrate and w.unsaved and w.models_removed < target.models:
        # Deflagrate: as many automatic hits as unsaved wounds, with the weapon's profile and saves
        # as usual; they bring no more hits and no other special rule's benefit (l.2971).
        extra_hits = w.unsaved
        result.outcome.append(Msg.of("combat_hh.out.deflagrate", n=extra_hits))
        again = resolve_wounds(roller, result, deflagrate_weapon(weapon),
                               dataclasses.replace(target, models=target.models - w.models_removed,
                                                   damage=w.damage_after), extra_hits)
        w.unsaved += again.unsaved
        w.mitigated += again.mitigated
        w.models_removed += again.models_removed
    left = target.models - w.models_removed
    result.outcome.append(Msg.of("combat_hh.out.unsaved", n=w.unsaved - w.mitigated, models=w.models_removed, left=left))
    if left <= 0:
        result.outcome.append(Msg.of("combat_hh.out.unit_destroyed", unit=target.name or Msg.of("combat_hh.word.target")))
    elif w.models_removed * 4 >= target.models:
        result.notes.append(Msg.of("combat_hh.note.morale_25"))        # l.1466
    # Pinning (l.3199–3209): after unsaved wounds from a Pinning weapon.
    if weapon.pinning and w.unsaved - w.mitigated > 0 and left > 0:
        if more_attacks:
            result.outcome.append(Msg.of("combat_hh.out.pinning_later"))
        elif target.fearless or target.pinned:
            result.outcome.append(Msg.of("combat_hh.out.pinning_auto"))
        elif target.leadership is None:
            result.outcome.append(Msg.of("combat_hh.out.pinning_needed"))
        else:
            from games.horus_heresy.checks import leadership_roll
            passed, step = leadership_roll(roller, target.leadership, 0, Msg.of("combat_hh.step.pinning"))
            result.steps.append(step)
            result.outcome.append(Msg.of("combat_hh.out.pinning_pass" if passed else "combat_hh.out.pinned"))
            if not passed and target.name:
                result.changes.append(StateChange(target.name, "pinned", "status_on", 0, Msg.of("combat_hh.change.pinned")))
    result.data.update(hits=hits, wounds=w.wounds, rending=w.rending, unsaved=w.unsaved, mitigated=w.mitigated,
                       models_removed=w.models_removed, wounds_lost=w.wounds_lost, left=left,
                       deflagrate_hits=extra_hits)
    return result
