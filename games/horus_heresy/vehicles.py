"""Horus Heresy shooting at vehicles (l.2002–2048): armour penetration D6 + S against AV
(Ordnance: 2D6 take the highest, l.942; Destroyer: 3D6 drop the lowest, D3 hull points, l.980–982;
Armourbane: an extra D6, l.2791; Lance: AV over 12 counts as 12, l.3159; Rending: +D3 S, l.3267),
cover or invulnerable saves, Shrouded, hull points and the vehicle damage table (AP2 +1, AP1 +2)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dice.roller import Roller
from games.horus_heresy import tables as T
from games.horus_heresy.rolls import Saves, best_save, bs_need, roll_dice, source_note
from games.horus_heresy.shooting import HHWeapon, hit_reroll
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from i18n import Msg, UserError

BOOK = "horus_heresy"
MODES = ("normal", "ordnance", "destroyer")


@dataclass(frozen=True)
class HHVehicle:
    name: str | None = None
    armour: int = 10                   # AV of the facing hit
    hull_points: int = 3               # hull points left
    saves: Saves = Saves()             # cover (6+, or 5+ when shot at another facing, l.2050–2057) / invulnerable
    shrouded: int | None = None
    immobilised: bool = False          # a second Immobilised costs an extra hull point (l.2029)
    super_heavy: bool = False          # super-heavy vehicles, knights and titans (l.2266–2344)


def penetration_dice(roller: Roller, mode: str, armourbane: bool) -> tuple[list[int], int, int]:
    """(dice rolled, value used, the natural die Rending looks at)."""
    if mode == "ordnance":
        dice = roller.dice(2)
        value = max(dice)                               # «бросьте 2 кубика и выберите наибольший» (l.942)
    elif mode == "destroyer":
        dice = roller.dice(3)
        value = sum(sorted(dice)[1:])                   # 3D6, drop the lowest, sum the rest (l.980)
    else:
        dice = roller.dice(1)
        value = dice[0]
    if armourbane:
        extra = roller.die()                            # an extra D6 against vehicles (l.2791)
        dice = dice + [extra]
        value += extra
    return dice, value, max(dice)


def damage_roll(roller: Roller, ap: int | None) -> tuple[int, int, str]:
    die = roller.die()
    mod = T.DAMAGE_AP_MODIFIER.get(ap, 0) if ap is not None else 0
    return die, mod, T.damage_result(die + mod)


def shoot_vehicle(roller: Roller, bs: int | None, weapon: HHWeapon, vehicle: HHVehicle, *, mode: str = "normal",
                  armourbane: bool = False, lance: bool = False, hits: int | None = None,
                  shooter: str | None = None) -> ProcedureResult:
    """`bs` None with `hits` given: the hits are already known (blasts, templates, melee)."""
    if mode not in MODES:
        raise UserError("combat_hh.error.mode", example="combat_hh.example.vehicle")
    if not 1 <= weapon.strength <= 10 or not 9 <= vehicle.armour <= 14 or vehicle.hull_points < 1:
        raise UserError("combat_hh.error.vehicle", example="combat_hh.example.vehicle")
    r = ProcedureResult(BOOK, "shoot_vehicle", Msg.of("combat_hh.title.vehicle",
                                                      shooter=shooter or Msg.of("combat_hh.word.shooter"),
                                                      target=vehicle.name or Msg.of("combat_hh.word.vehicle")))
    if hits is None:
        if bs is None:
            raise UserError("combat_hh.error.shots", example="combat_hh.example.vehicle")
        need, high = bs_need(bs, weapon.snap)
        reroll, note = hit_reroll(weapon, high)
        # Snap shots are taken at BS 1 (l.707): the step shows the BS the dice were rolled at.
        step, hits, _, final = roll_dice(roller, weapon.shots, need,
                                         Msg.of("combat_hh.step.to_hit_bs", bs=1 if weapon.snap else bs),
                                         reroll=reroll, reroll_need=high, note=note)
        if weapon.snap:
            step.modifiers = [Modifier(Msg.of("combat_hh.mod.snap"), 0, Source(BOOK, 705, 711))]
        r.steps.append(step)
        if weapon.gets_hot:
            ones = sum(1 for d in final if d == 1)
            if ones:
                hot = roller.dice(ones)     # vehicles: D6 per 1, a glancing hit on 1–2 (l.3047)
                glances = sum(1 for d in hot if d <= 2)
                r.steps.append(DiceStep(Msg.of("combat_hh.step.gets_hot_vehicle"), hot, "1–2", glances))
                if glances:
                    r.outcome.append(Msg.of("combat_hh.out.gets_hot_vehicle", n=glances))
    r.outcome.append(Msg.of("combat_hh.out.hits", n=hits))
    av = min(vehicle.armour, 12) if lance else vehicle.armour
    if weapon.rending is not None and (mode != "normal" or armourbane):
        r.notes.append(Msg.of("combat_hh.note.rending_multi"))
    if lance and vehicle.armour > 12:
        r.notes.append(Msg.of("combat_hh.note.lance"))
    glancing = penetrating = 0
    pen_dice, totals = [], []
    sundered: list[int] = []
    kinds: list[str] = []
    for _ in range(hits):
        if weapon.haywire:
            # Haywire: 1 nothing, 2–5 a glancing hit, 6 a penetrating hit (l.3081–3085)
            die = roller.die()
            pen_dice.append(die)
            totals.append(die)
            kinds.append("penetrating" if die == 6 else "none" if die == 1 else "glancing")
            continue
        dice, value, natural = penetration_dice(roller, mode, armourbane)
        strength = weapon.strength
        if weapon.rending is not None and mode == "normal" and not armourbane and natural >= weapon.rending:
            bonus = roller.d3()                          # +D3 S, AP unchanged (l.3267)
            strength += bonus
            r.notes.append(Msg.of("combat_hh.note.rending_vehicle", d3=bonus))
        total = value + strength
        kind = "penetrating" if total > av else "glancing" if total == av else "none"
        if weapon.sunder and kind != "penetrating":
            # Sunder: a failed or glancing roll is rolled again and the second result stands (l.3333)
            again, value, _ = penetration_dice(roller, mode, armourbane)
            sundered.append(again[0])
            total = value + weapon.strength
            kind = "penetrating" if total > av else "glancing" if total == av else "none"
        pen_dice.extend(dice)
        totals.append(total)
        kinds.append(kind)
    if hits:
        label = {"normal": "combat_hh.step.penetration", "ordnance": "combat_hh.step.penetration_ordnance",
                 "destroyer": "combat_hh.step.penetration_destroyer"}[mode]
        glancing, penetrating = kinds.count("glancing"), kinds.count("penetrating")
        r.steps.append(DiceStep(Msg.of(label, s=weapon.strength, av=av), pen_dice, f"≥{av}", glancing + penetrating,
                                note=Msg.of("combat_hh.note.pen_totals", totals=", ".join(map(str, totals)))))
    if weapon.haywire and hits:
        r.notes.append(source_note("haywire"))
    if sundered:
        r.steps.append(DiceStep(Msg.of("combat_hh.step.sunder"), sundered, f"≥{av}", note=source_note("sunder")))
    r.outcome.append(Msg.of("combat_hh.out.pen_result", glancing=glancing, penetrating=penetrating))
    # Saves against glancing and penetrating hits: cover or invulnerable, the better one (l.817, l.2057).
    results = [k for k in kinds if k != "none"]
    save_need, save_kind = best_save(Saves(cover=vehicle.saves.cover, invulnerable=vehicle.saves.invulnerable), None,
                                     ignores_cover=weapon.ignores_cover)
    if results and save_need is not None:
        dice = roller.dice(len(results))
        kept = [res for res, d in zip(results, dice) if not (d != 1 and d >= save_need)]
        r.steps.append(DiceStep(Msg.of("combat_hh.step.save", kind=Msg.of(f"combat_hh.save.{save_kind}")), dice,
                                f"{save_need}+", len(results) - len(kept)))
        results = kept
    if results and vehicle.shrouded is not None and not weapon.ignores_cover:
        dice = roller.dice(len(results))
        kept = [res for res, d in zip(results, dice) if d < vehicle.shrouded]
        r.steps.append(DiceStep(Msg.of("combat_hh.step.shrouded"), dice, f"{vehicle.shrouded}+", len(results) - len(kept),
                                note=source_note("shrouded")))
        results = kept
    if weapon.exoshock is not None and "penetrating" in results:
        # Exoshock (X): each penetrating hit that lands rolls D6; X+ is a second penetrating hit
        # with no cover save (l.2987); an invulnerable save still applies.
        shocks = roller.dice(results.count("penetrating"))
        extra = sum(1 for d in shocks if d >= weapon.exoshock)
        r.steps.append(DiceStep(Msg.of("combat_hh.step.exoshock"), shocks, f"{weapon.exoshock}+", extra,
                                note=source_note("exoshock")))
        if extra and vehicle.saves.invulnerable is not None:
            saves = roller.dice(extra)
            saved = sum(1 for d in saves if d >= vehicle.saves.invulnerable)
            r.steps.append(DiceStep(Msg.of("combat_hh.step.save", kind=Msg.of("combat_hh.save.invulnerable")), saves,
                                    f"{vehicle.saves.invulnerable}+", saved))
            extra -= saved
        results += ["penetrating"] * extra
        penetrating += extra
    # Hull points and damage (l.2014–2018): glancing 1 HP; penetrating 1 HP and a damage roll.
    hp_lost = 0
    effects: list[str] = []
    immobilised = vehicle.immobilised
    per_hit: list[int] = []
    for res in results:
        if mode == "destroyer":
            lost = roller.d3()                              # D3 hull points (l.982)
            per_hit.append(lost)
        else:
            lost = 1
        hp_lost += lost
        if res == "penetrating":
            die, mod, effect = damage_roll(roller, None if weapon.haywire else weapon.ap)    # l.3079: AP ignored
            mods = [Modifier(Msg.of("combat_hh.mod.ap_damage", ap=weapon.ap), mod, T.DAMAGE_AP_SOURCE)] if mod else []
            r.steps.append(DiceStep(Msg.of("combat_hh.step.damage"), [die], f"= {die + mod}", modifiers=mods,
                                    note=Msg.of(f"combat_hh.damage.{effect}")))
            if vehicle.super_heavy:
                if effect == "explodes":
                    extra = roller.d3()                     # D3 more hull points instead (l.2268, l.2324)
                    hp_lost += extra
                    r.notes.append(Msg.of("combat_hh.note.super_heavy_explodes", n=extra))
                elif "combat_hh.note.super_heavy_ignores" not in [m.key for m in r.notes]:
                    r.notes.append(Msg.of("combat_hh.note.super_heavy_ignores"))     # l.2270, l.2326
                continue
            if effect == "immobilised" and immobilised:
                hp_lost += 1                                # «удаляется дополнительный пункт корпуса» (l.2029)
                r.notes.append(Msg.of("combat_hh.note.immobilised_again"))
            if effect == "immobilised":
                immobilised = True
            effects.append(effect)
    if per_hit:
        r.steps.append(DiceStep(Msg.of("combat_hh.step.destroyer_hp"), per_hit, f"= {sum(per_hit)}",
                                note=Msg.of("combat_hh.note.destroyer")))
    hp_lost = min(hp_lost, vehicle.hull_points)
    left = vehicle.hull_points - hp_lost
    r.outcome.append(Msg.of("combat_hh.out.hull_points", lost=hp_lost, left=left))
    for effect in dict.fromkeys(effects):
        r.outcome.append(Msg.of(f"combat_hh.damage.{effect}"))
    if left <= 0:
        r.outcome.append(Msg.of("combat_hh.out.wrecked", unit=vehicle.name or Msg.of("combat_hh.word.vehicle")))
        if vehicle.super_heavy:
            # Catastrophic damage (l.2278, l.2330): S7+D3 AP4 on every model within 6+D6".
            strength, radius = 7 + roller.d3(), 6 + roller.die()
            r.outcome.append(Msg.of("combat_hh.out.catastrophic", s=strength, inches=radius))
    if vehicle.name:
        if hp_lost:
            r.changes.append(StateChange(vehicle.name, "hull_points", "add", hp_lost, Msg.of("combat_hh.change.hull_points")))
        for effect in dict.fromkeys(effects):
            r.changes.append(StateChange(vehicle.name, effect, "status_on", 0, Msg.of(f"combat_hh.damage.{effect}")))
    r.data.update(hits=hits, glancing=glancing, penetrating=penetrating, hp_lost=hp_lost, left=left,
                  effects=effects, kept=len(results))
    return r


# ---- exact odds ---------------------------------------------------------------------------------

def penetration_distribution(mode: str, armourbane: bool) -> dict[int, Fraction]:
    """P(value) of the penetration dice, exactly."""
    from itertools import product
    n = {"normal": 1, "ordnance": 2, "destroyer": 3}[mode] + (1 if armourbane else 0)
    out: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=n):
        base = faces[:n - 1] if armourbane else faces
        extra = faces[-1] if armourbane else 0
        if mode == "ordnance":
            v = max(base)
        elif mode == "destroyer":
            v = sum(sorted(base)[1:])
        else:
            v = base[0]
        out[v + extra] = out.get(v + extra, Fraction(0)) + Fraction(1, 6 ** n)
    return out
