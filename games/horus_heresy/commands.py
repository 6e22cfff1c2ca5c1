"""Horus Heresy's commands: what each takes, and the function that answers it from the options
and the tracked units (`games.commands`). /shoot hh, hh-vehicle; /assault hh; /odds hh-shoot,
hh-vehicle, hh-assault; /check hh leadership|morale|pinning|fall-back|charge|reaction|sweep.
Numbers come from the options; a tracked unit or vehicle supplies models, wounds taken and hull
points left (`state.condition`)."""
from __future__ import annotations

import dataclasses

from games.commands import Choice, Command, CommandContext, Group, Option, UnitRef
from games.horus_heresy import checks, odds
from games.horus_heresy import house_rules as H
from games.horus_heresy.melee import Fighter, fight, fighter_from, hammer_of_wrath, parse_profile
from games.horus_heresy.melee_vehicle import fight_vehicle
from games.horus_heresy.reactions import reaction_of
from games.horus_heresy.rolls import Saves
from games.horus_heresy.second_profile import parse_second
from games.horus_heresy.shooting import HHTarget, HHWeapon, shoot, wall_of_death
from games.horus_heresy.special_rules import parse_rules, rule_label
from games.horus_heresy.state import condition
from games.horus_heresy.tests_and_scatter import TESTABLE, blast_scatter, characteristic_test
from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
from games.inputs import parse_plus
from games.procedure import ProcedureResult, StateChange
from games.profiles import note_assumed, note_from_profile, note_override
from i18n import Msg, UserError

OPT = "combat_hh.opt"
MAX_MODELS = 200          # a unit on the table (issue 14: bounded inputs)
MAX_SHOTS = 100
WEAPON_RULES = ("twin_linked", "preferred_enemy", "rending", "poisoned", "fleshbane", "shred", "gets_hot", "sniper",
                "ignores_cover", "pinning", "snap", "template", "destroyer", "monster_hunter", "murderous",
                "deflagrate", "master_crafted", "precision", "armourbane")
VEHICLE_RULES = ("twin_linked", "preferred_enemy", "rending", "gets_hot", "ignores_cover", "snap", "armourbane", "lance",
                 "sunder", "exoshock", "haywire")
FIGHTER_RULES = ("rending", "poisoned", "fleshbane", "shred", "preferred_enemy", "hatred", "fearless",
                 "eternal_warrior", "fnp", "unwieldy", "dreadnought", "monstrous")
FACINGS = tuple(Choice(f"combat_hh.facing.{f}", f) for f in ("front", "side", "rear"))
FACING_LABEL = {"front": "F", "side": "S", "rear": "R"}
MODES = tuple(Choice(f"combat_hh.mode.{m}", m) for m in ("normal", "ordnance", "destroyer"))

GROUPS = (Group("check", "combat_hh.cmd.check", parent="check"),)


def parse_ap(text: str | None) -> int | None:
    if text is None or str(text).strip() in ("", "-", "—"):
        return None
    value = str(text).strip().upper().removeprefix("AP")
    if not value.isdigit() or not 1 <= int(value) <= 6:
        raise UserError("combat_hh.error.ap", example="combat_hh.example.shoot", text=text)
    return int(value)


def _weapon(shots: int, strength: int, ap: str | None, rules: str | None, allowed) -> tuple[HHWeapon, dict]:
    flags = parse_rules(rules, allowed)
    extra = {k: flags.pop(k) for k in ("armourbane", "lance") if k in flags}
    return HHWeapon(shots=shots, strength=strength, ap=parse_ap(ap), **flags), extra


class Reading:
    """Values a command takes from the option, else from the tracked unit's profile; each read
    or overridden value becomes a note of the reply (never silent)."""

    def __init__(self) -> None:
        self.notes: list[Msg] = []

    def value(self, ref: UnitRef, key: str, given, label: str | Msg):
        state = ref.state
        known = state.profile.get(key) if state is not None else None
        if given is not None:
            if state is not None and known is not None and known != given:
                self.notes.append(note_override(label, given, known, state.name))
            return given
        if state is not None and known is not None:
            self.notes.append(note_from_profile(label, known, state.name))
        return known

    def plus(self, ref: UnitRef, key: str, given: str | None, label: str):
        value = self.value(ref, key, parse_plus(given), label)
        return value

    def rule(self, ref: UnitRef, key: str, given, label: str | Msg):
        """A special rule: the option if given, else the profile's."""
        state = ref.state
        known = state.profile.get("rules", {}).get(key) if state is not None else None
        if given is not None and given is not False:
            return given
        if state is not None and known is not None:
            self.notes.append(note_from_profile(label, known if known is not True else "✓", state.name))
            return known
        return given

    def attach(self, result: ProcedureResult) -> ProcedureResult:
        result.notes[:0] = self.notes
        return result


def needed(value, what: str, option: str, example: str):
    if value is None:
        raise UserError("combat_shared.error.missing.value", example=example, what=what, option=option)
    return value


# ---- /shoot hh, /odds hh-shoot ---------------------------------------------------------------

def shoot_target(ref: UnitRef, toughness, models, wounds, save, invulnerable, cover, shrouded, fnp,
                 eternal_warrior, fearless, leadership, reading: Reading | None = None,
                 monstrous: bool | None = None, dreadnought: bool | None = None) -> HHTarget:
    """The target from the options, the tracked unit's state and its profile (T, Sv, Inv, Ld,
    Feel No Pain, Eternal Warrior, Fearless): an option overrides the profile, and the reply says
    which values came from where; a target with no save known is shot as having none, said so."""
    r = reading or Reading()
    toughness = needed(r.value(ref, "t", toughness, "T"), "T", "toughness", "combat_hh.example.shoot")
    armour, inv = r.plus(ref, "sv", save, "Sv"), r.plus(ref, "inv", invulnerable, "Inv")
    if armour is None and inv is None and cover is None and (ref.state is None or "sv" not in ref.state.profile):
        r.notes.append(note_assumed("Sv", Msg.of("combat_hh.word.none"), Msg.of("combat_hh.note.no_save_given")))
    saves = Saves(armour=armour, invulnerable=inv, cover=parse_plus(cover))
    common = dict(toughness=toughness, saves=saves, shrouded=parse_plus(shrouded),
                  fnp=r.rule(ref, "fnp", parse_plus(fnp), "FNP"),
                  eternal_warrior=bool(r.rule(ref, "eternal_warrior", eternal_warrior, Msg.of("combat_hh.rule.eternal_warrior"))),
                  fearless=bool(r.rule(ref, "fearless", fearless, Msg.of("combat_hh.rule.fearless"))),
                  leadership=r.value(ref, "ld", leadership, "Ld"),
                  monstrous=bool(r.rule(ref, "monstrous", monstrous, Msg.of("combat_hh.rule.monstrous"))),
                  dreadnought=bool(r.rule(ref, "dreadnought", dreadnought, Msg.of("combat_hh.rule.dreadnought"))))
    if ref.state is not None:
        state = condition(ref.state)
        if state["vehicle"]:
            raise UserError("combat_hh.error.not_vehicle", example="combat_hh.example.vehicle", unit=ref.name)
        if state["models"] <= 0:
            raise UserError("combat_hh.error.destroyed", example="combat_hh.example.shoot", unit=ref.name)
        return HHTarget(name=ref.name, models=state["models"], wounds=state["wounds"], damage=state["damage"],
                        pinned=state["pinned"], **common)
    if not models:
        raise UserError("combat_hh.error.target_models", example="combat_hh.example.shoot", target=ref.typed or "?")
    return HHTarget(name=ref.typed, models=models, wounds=wounds or 1, **common)


def evaded(shrouded: str | None, evade: bool, reading: Reading, *, vehicle: bool = False,
           settings: dict[str, str] | None = None) -> str | None:
    """Evade: Shrouded (5+) against the attack that caused it (L482), not stacking with another
    Shrouded — the better is used. Vehicles: only under the main text (L482 against L4702)."""
    if not evade:
        return shrouded
    if vehicle and (settings or {}).get(H.EVADE_VEHICLES, "hits") == "wounds_only":
        reading.notes.append(Msg.of("combat_hh.house.evade.applied_wounds_only"))
        return shrouded
    reading.notes.append(Msg.of("combat_hh.house.evade.applied_vehicle" if vehicle else "combat_hh.note.evade"))
    given = parse_plus(shrouded)
    return str(min(given, H.EVADE_SHROUDED) if given is not None else H.EVADE_SHROUDED)


def _shot(reading: Reading, shooter: UnitRef, strength, toughness, bs, shots, hits, ap, rules, target, models,
          wounds, save, invulnerable, cover, shrouded, fnp, eternal_warrior, fearless, leadership, evade,
          monstrous=None, dreadnought=None) -> tuple[int | None, HHWeapon, HHTarget]:
    shrouded = evaded(shrouded, evade, reading)
    weapon, extra = _weapon(shots, strength, ap, rules, WEAPON_RULES)
    weapon = dataclasses.replace(weapon, armourbane=bool(extra.get("armourbane")))
    # the Wall of Death has no to-hit roll to need a BS for
    no_roll = wall_of_death(weapon, hits)
    bs = reading.value(shooter, "bs", bs, "BS") if hits is None and not no_roll else bs
    if bs is None and hits is None and not no_roll:
        raise UserError("combat_hh.error.bs_or_hits", example="combat_hh.example.shoot")
    return bs, weapon, shoot_target(target, toughness, models, wounds, save, invulnerable, cover, shrouded, fnp,
                                    eternal_warrior, fearless, leadership, reading, monstrous, dreadnought)


def shoot_command(ctx: CommandContext, more_attacks: bool, **o) -> ProcedureResult:
    reading = Reading()
    bs, weapon, target = _shot(reading, **o)
    assert ctx.roller is not None
    result = shoot(ctx.roller, bs, weapon, target, settings=ctx.settings, shooter=o["shooter"].name, hits=o["hits"],
                   more_attacks=more_attacks)
    timing = ctx.settings.get(H.REACTION_TIMING, "before_hits")
    result.notes.append(Msg.of("combat_hh.note.reaction_timing", timing=Msg.of(f"combat_hh.house.reaction_timing.{timing}")))
    return reading.attach(result)


def shoot_odds_command(ctx: CommandContext, **o) -> ProcedureResult:
    reading = Reading()
    bs, weapon, target = _shot(reading, **o)
    if weapon.template and o["hits"] is None and not weapon.snap:
        raise UserError("combat_hh.error.template_hits", example="combat_hh.example.shoot")
    return reading.attach(odds.shoot_odds(bs, weapon, target, hits=o["hits"]))


SHOOT_OPTIONS = (
    Option("strength", int, required=True, min=1, max=10), Option("toughness", int, min=1, max=10),
    Option("bs", int, min=1, max=10), Option("shots", int, default=1, min=1, max=MAX_SHOTS),
    Option("hits", int, min=1, max=MAX_SHOTS), Option("ap"), Option("rules", max_length=200),
    Option("target", unit=True), Option("shooter", unit=True),
    Option("models", int, min=1, max=MAX_MODELS), Option("wounds", int, min=1, max=20),
    Option("save"), Option("invulnerable"), Option("cover"), Option("shrouded"), Option("fnp"),
    Option("eternal_warrior", bool), Option("fearless", bool), Option("leadership", int, min=0, max=12),
    Option("evade", bool, default=False), Option("monstrous", bool), Option("dreadnought", bool),
)
ROLLED_SHOOT_OPTIONS = (*SHOOT_OPTIONS, Option("more_attacks", bool, default=False))


# ---- /shoot hh-vehicle, /odds hh-vehicle -----------------------------------------------------

def vehicle_target(ref: UnitRef, armour, hull_points, cover, invulnerable, shrouded, facing: str = "front",
                   reading: Reading | None = None) -> HHVehicle:
    """The vehicle hit: the armour of the facing hit (the option, else the profile's F/S/R,
    L1833–1835), hull points left from the state, else the option."""
    r = reading or Reading()
    armour = needed(r.value(ref, facing, armour, FACING_LABEL[facing]), "AV", "armour", "combat_hh.example.vehicle")
    if not 9 <= armour <= 14:
        raise UserError("combat_shared.error.missing.value", example="combat_hh.example.vehicle", what="AV 9–14",
                        option="armour")
    saves = Saves(cover=parse_plus(cover), invulnerable=r.plus(ref, "inv", invulnerable, "Inv"))
    if ref.state is not None:
        state = condition(ref.state)
        if not state["vehicle"]:
            raise UserError("combat_hh.error.vehicle_hp", example="combat_hh.example.vehicle", target=ref.name)
        if state["hull_points"] <= 0:
            raise UserError("combat_hh.error.destroyed", example="combat_hh.example.vehicle", unit=ref.name)
        return HHVehicle(ref.name, armour, state["hull_points"], saves, parse_plus(shrouded), state["immobilised"])
    if not hull_points:
        raise UserError("combat_hh.error.vehicle_hp", example="combat_hh.example.vehicle", target=ref.typed or "?")
    return HHVehicle(ref.typed, armour, hull_points, saves, parse_plus(shrouded))


def _vehicle_shot(reading: Reading, settings, shooter: UnitRef, strength, armour, facing, bs, shots, hits, ap, rules,
                  target, hull_points, cover, invulnerable, shrouded, evade, super_heavy=False):
    shrouded = evaded(shrouded, evade, reading, vehicle=True, settings=settings)
    bs = reading.value(shooter, "bs", bs, "BS") if hits is None else bs
    if bs is None and hits is None:
        raise UserError("combat_hh.error.bs_or_hits", example="combat_hh.example.vehicle")
    weapon, extra = _weapon(shots, strength, ap, rules, VEHICLE_RULES)
    vehicle = vehicle_target(target, armour, hull_points, cover, invulnerable, shrouded, facing, reading)
    if super_heavy or (target.state is not None and target.state.profile.get("super_heavy")):
        vehicle = dataclasses.replace(vehicle, super_heavy=True)
    return bs, weapon, vehicle, bool(extra.get("armourbane")), bool(extra.get("lance"))


def vehicle_command(ctx: CommandContext, mode: str, **o) -> ProcedureResult:
    reading = Reading()
    bs, weapon, vehicle, armourbane, lance = _vehicle_shot(reading, ctx.settings, **o)
    assert ctx.roller is not None
    return reading.attach(shoot_vehicle(ctx.roller, bs, weapon, vehicle, mode=mode, armourbane=armourbane,
                                        lance=lance, hits=o["hits"], shooter=o["shooter"].name))


def vehicle_odds_command(ctx: CommandContext, mode: str, **o) -> ProcedureResult:
    reading = Reading()
    bs, weapon, vehicle, armourbane, lance = _vehicle_shot(reading, ctx.settings, **o)
    return reading.attach(odds.vehicle_odds(bs, weapon, vehicle, mode=mode, armourbane=armourbane, lance=lance,
                                            hits=o["hits"]))


VEHICLE_OPTIONS = (
    Option("strength", int, required=True, min=1, max=10), Option("armour", int, min=9, max=14),
    Option("facing", str, default="front", choices=FACINGS),
    Option("bs", int, min=1, max=10), Option("shots", int, default=1, min=1, max=MAX_SHOTS),
    Option("hits", int, min=1, max=MAX_SHOTS), Option("ap"),
    Option("mode", str, default="normal", choices=MODES), Option("rules", max_length=200),
    Option("target", unit=True), Option("shooter", unit=True), Option("hull_points", int, min=1, max=50),
    Option("cover"), Option("invulnerable"), Option("shrouded"), Option("evade", bool, default=False),
    Option("super_heavy", bool, default=False),
)


# ---- /assault hh, /odds hh-assault -----------------------------------------------------------

FIGHT_STATS = ("ws", "s", "t", "w", "i", "a", "ld", "sv", "inv")
FIGHT_NEEDED = ("ws", "s", "t", "i", "a")          # every blow needs them (L1157–1212): never assumed


def fighter(ref: UnitRef, profile: str | None, models: int | None, rules: str | None, reading: Reading | None = None,
            second: str | None = None, side: Msg | None = None, **extra) -> Fighter:
    """A side of a combat: the typed profile over the tracked unit's profile (each value read from
    the unit's profile, or typed over it, is noted), its special rules, models and wounds left."""
    r = reading or Reading()
    flags = parse_rules(rules, FIGHTER_RULES, no_default=("poisoned",))     # 4+ is for shooting only (L3215)
    typed = parse_profile(profile) if profile else {}
    stats = dict(typed)
    damage, name = 0, ref.typed
    if ref.state is not None:
        state = condition(ref.state)
        if state["vehicle"] or state["models"] <= 0:
            raise UserError("combat_hh.error.destroyed", example="combat_hh.example.assault", unit=ref.name)
        models, damage, name = state["models"], state["damage"], ref.name
        for key in FIGHT_STATS:
            value = r.value(ref, key, typed.get(key), key.upper() if key != "ld" else "Ld")
            if value is not None:
                stats[key] = value
        stats.setdefault("w", state["wounds"])
        for key in ref.state.profile.get("rules", {}):
            if key in FIGHTER_RULES and key not in flags:
                flags[key] = r.rule(ref, key, None, rule_label(key))
    concussed = ref.state.get("concussed") if ref.state is not None else 0
    ws = stats.get("ws")
    if concussed and ws is not None:
        # A failed Concussive test lowers WS until the end of the next assault phase (L2941);
        # no characteristic goes below 0 (L46).
        lowered = max(0, ws - concussed)
        r.notes.append(Msg.of("combat_hh.note.concussed_ws", unit=name or "?", x=concussed, ws=ws, now=lowered))
        stats["ws"] = lowered
    missing = [k.upper() for k in FIGHT_NEEDED if k not in stats]
    if missing:
        raise UserError("combat_shared.error.missing.value", example="combat_hh.example.assault",
                        what=" ".join(missing), option="attacker_profile / defender_profile")
    if "sv" not in stats and "inv" not in stats:
        r.notes.append(note_assumed(Msg.of("combat_hh.note.save_of", side=name or "?"), Msg.of("combat_hh.word.none"),
                                    Msg.of("combat_hh.note.no_save_given")))
    if not models:
        raise UserError("combat_hh.error.target_models", example="combat_hh.example.assault", target=name or "?")
    # A Dreadnought or Monstrous model isn't slowed by Unwieldy (L3405): typed, or in its profile.
    monstrous = bool(flags.pop("dreadnought", False)) | bool(flags.pop("monstrous", False))
    main = fighter_from(stats, name=name, models=models, damage=damage, monstrous=monstrous, **flags, **extra)
    if second is None and ref.state is not None and ref.state.profile.get("extra"):
        second = ref.state.profile["extra"]
        r.notes.append(note_from_profile(Msg.of("combat_hh.word.second_profile_name"), second, ref.state.name))
    if second:
        main = dataclasses.replace(main, extra=second_fighter(main, second, concussed, r, side))
    return main


def second_fighter(main: Fighter, text: str, concussed: int, reading: Reading, label: Msg | None = None) -> Fighter:
    """The unit's second profile (L1218: each model hits with its own WS): its own blows, the
    unit's toughness, wounds and saves; what it doesn't give is the unit's, and the reply lists it."""
    spec = parse_second(text)
    side = main.name or label or Msg.of("combat_hh.word.unit")
    count = spec.models
    if count is None:
        count = 1
        reading.notes.append(note_assumed(Msg.of("combat_hh.word.second_profile_models", side=side), 1,
                                          Msg.of("combat_hh.note.second_profile_count")))
    if count >= main.models:
        raise UserError("combat_hh.error.second_profile_models", example="combat_hh.example.second_profile",
                        n=count, models=main.models)
    own = {"ws": main.ws, "s": main.strength, "i": main.initiative, "a": main.attacks, "ap": main.ap}
    inherited = [k.upper() for k in own if k not in spec.stats]
    if inherited:
        reading.notes.append(Msg.of("combat_hh.note.second_profile_inherits", side=side, what=", ".join(inherited)))
    stats: dict[str, int | None] = {"t": main.toughness, "w": main.wounds, **own, **spec.stats}
    if concussed and "ws" in spec.stats and stats["ws"] is not None:
        stats["ws"] = max(0, stats["ws"] - concussed)          # the unit's WS is lowered (L2941, L46)
    return dataclasses.replace(fighter_from(stats, name=main.name, models=count, **spec.rules),
                               saves=main.saves, preferred_enemy=main.preferred_enemy, hatred=main.hatred,
                               charged=main.charged, monstrous=main.monstrous)


def _fighters(o: dict, reading: Reading) -> tuple[Fighter, Fighter]:
    return (fighter(o["attacker"], o["attacker_profile"], o["attacker_models"], o["attacker_rules"], reading,
                    second=o["attacker_extra"], side=Msg.of("combat_hh.word.attacker"), charged=o["charged"]),
            fighter(o["defender"], o["defender_profile"], o["defender_models"], o["defender_rules"], reading,
                    second=o["defender_extra"], side=Msg.of("combat_hh.word.defender")))


def _round_notes(result: ProcedureResult, a: Fighter, d: Fighter, first_round: bool) -> ProcedureResult:
    if a.charged:
        result.notes.append(Msg.of("combat_hh.note.charged", side=a.name or Msg.of("combat_hh.word.attacker")))
    if not first_round and (a.hatred or d.hatred):
        result.notes.append(Msg.of("combat_hh.note.not_first_round"))
    return result


def hammer_command(ctx: CommandContext, hammer_hits: int, strength: int | None, defender: UnitRef,
                   attacker: UnitRef, toughness: int | None, models: int | None, wounds: int | None,
                   save: str | None, invulnerable: str | None) -> ProcedureResult:
    reading = Reading()
    strength = needed(reading.value(attacker, "s", strength, "S"), "S", "strength", "combat_hh.example.hammer")
    target = shoot_target(defender, toughness, models, wounds, save, invulnerable, None, None, None, None, None,
                          None, reading)
    assert ctx.roller is not None
    return reading.attach(hammer_of_wrath(ctx.roller, hits=hammer_hits, strength=strength, target=target,
                                          attacker=attacker.name))


def assault_command(ctx: CommandContext, first_round: bool, **o) -> ProcedureResult:
    reading = Reading()
    a, d = _fighters(o, reading)
    assert ctx.roller is not None
    result = fight(ctx.roller, a, d, settings=ctx.settings, first_round=first_round)
    return reading.attach(_round_notes(result, a, d, first_round))


def assault_odds_command(ctx: CommandContext, first_round: bool, **o) -> ProcedureResult:
    reading = Reading()
    a, d = _fighters(o, reading)
    result = odds.fight_odds(a, d, settings=ctx.settings, first_round=first_round)
    return reading.attach(_round_notes(result, a, d, first_round))


def assault_vehicle_command(ctx: CommandContext, attacker: UnitRef, attacker_profile: str | None,
                            attacker_models: int | None, attacker_rules: str | None, charged: bool, first_round: bool,
                            target: UnitRef, armour: int | None, hull_points: int | None, invulnerable: str | None,
                            ) -> ProcedureResult:
    """Melee against a vehicle: hits strike the rear armour (L2087), from the option or the
    vehicle's profile."""
    reading = Reading()
    a = fighter(attacker, attacker_profile, attacker_models, attacker_rules, reading, charged=charged)
    vehicle = vehicle_target(target, armour, hull_points, None, invulnerable, None, "rear", reading)
    assert ctx.roller is not None
    result = fight_vehicle(ctx.roller, a, vehicle, settings=ctx.settings, first_round=first_round)
    if a.charged:
        result.notes.append(Msg.of("combat_hh.note.charged", side=a.name or Msg.of("combat_hh.word.attacker")))
    return reading.attach(result)


ASSAULT_OPTIONS = (
    Option("attacker_profile", str, max_length=200), Option("defender_profile", str, max_length=200),
    Option("attacker", unit=True), Option("defender", unit=True),
    Option("attacker_models", int, min=1, max=MAX_MODELS), Option("defender_models", int, min=1, max=MAX_MODELS),
    Option("attacker_rules", max_length=200), Option("defender_rules", max_length=200),
    Option("charged", bool, default=False), Option("first_round", bool, default=True),
    Option("attacker_extra", str, max_length=200), Option("defender_extra", str, max_length=200),
)


# ---- /check hh … -----------------------------------------------------------------------------

def leadership_command(ctx: CommandContext, leadership: int, modifier: int, unit: UnitRef) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.leadership_test(ctx.roller, leadership, modifier=modifier, unit=unit.name)


def morale_command(ctx: CommandContext, leadership: int, lost_by: int, unit: UnitRef, fearless: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.morale_check(ctx.roller, leadership, lost_by=lost_by, fearless=fearless, unit=unit.name)


def pinning_command(ctx: CommandContext, leadership: int, modifier: int, unit: UnitRef, fearless: bool,
                    ) -> ProcedureResult:
    assert ctx.roller is not None
    pinned = unit.state is not None and "pinned" in unit.state.statuses
    return checks.pinning_test(ctx.roller, leadership, modifier=modifier, fearless=fearless, already_pinned=pinned,
                               unit=unit.name)


def fall_back_command(ctx: CommandContext, unit: UnitRef, cavalry: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.fall_back(ctx.roller, cavalry=cavalry, unit=unit.name)


def charge_command(ctx: CommandContext, movement: int, distance: float | None, difficult: bool, fleet: int,
                   unit: UnitRef) -> ProcedureResult:
    assert ctx.roller is not None
    return checks.charge(ctx.roller, movement, difficult=difficult, fleet=fleet, distance=distance, unit=unit.name)


def reaction_command(ctx: CommandContext, unit: UnitRef, bonus: int) -> ProcedureResult:
    """Record a reaction in the channel's game: one per unit per phase, at most the allowance
    (base 1 + bonuses, never above 3) per side per phase (L425–460)."""
    if unit.state is None or not ctx.in_game:
        raise UserError("combat_hh.error.reaction_untracked", example="combat_hh.example.reaction", unit=unit.typed)
    return reaction_of(unit.state, ctx.roster, bonus=bonus, phase=ctx.phase, settings=ctx.settings)


def sweep_command(ctx: CommandContext, winner_initiative: int, loser_initiative: int, unit: UnitRef,
                  winner_crusader: bool, loser_crusader: bool, multiple: bool) -> ProcedureResult:
    models = condition(unit.state).get("models") if unit.state is not None else None
    assert ctx.roller is not None
    return checks.sweeping_advance(ctx.roller, winner_initiative, loser_initiative, winner_crusader=winner_crusader,
                                   loser_crusader=loser_crusader, loser=unit.name, loser_models=models,
                                   settings=ctx.settings, multiple=multiple)


def it_will_not_die_command(ctx: CommandContext, need: int, unit: UnitRef, damaged: int | None) -> ProcedureResult:
    """The tracked unit's damaged model (its wounded model, or a vehicle that lost hull points),
    else the number given."""
    vehicle = False
    if unit.state is not None:
        state = condition(unit.state)
        vehicle = state["vehicle"]
        if vehicle:
            damaged = 1 if unit.state.get("hull_points") and state["hull_points"] > 0 else 0
        else:
            damaged = 1 if state["damage"] and state["models"] > 0 else 0
    if damaged is None:
        raise UserError("combat_shared.error.missing.value", example="combat_hh.example.it_will_not_die",
                        what=Msg.of("combat_hh.opt.damaged.name"), option=Msg.of("combat_hh.opt.damaged.name"))
    assert ctx.roller is not None
    return checks.it_will_not_die(ctx.roller, need=need, damaged=damaged, unit=unit.name, vehicle=vehicle)


def concussive_command(ctx: CommandContext, leadership: int | None, penalty: int | None, unit: UnitRef) -> ProcedureResult:
    reading = Reading()
    ld = needed(reading.value(unit, "ld", leadership, "Ld"), "Ld", "leadership", "combat_hh.example.concussive")
    assert ctx.roller is not None
    result = checks.concussive(ctx.roller, leadership=ld, penalty=penalty, unit=unit.name)
    if unit.state is not None and not result.data["passed"]:
        name = unit.state.name
        # Kept on the unit until the end of the next assault phase (L2941): the largest penalty
        # counts (L2945); taken at the end of a combat, the next assault phase is the following one.
        ends = 2 if ctx.phase == "assault" else 1
        x = max(result.data["penalty"], unit.state.get("concussed"))
        result.changes.append(StateChange(name, "concussed", "set", x, Msg.of("combat_hh.change.concussed", x=x)))
        result.changes.append(StateChange(name, "concussed_assaults", "set",
                                          max(ends, unit.state.get("concussed_assaults")),
                                          Msg.of(f"combat_hh.change.concussed_until_{ends}")))
    return reading.attach(result)


def characteristic_command(ctx: CommandContext, characteristic: str, value: int | None, modifier: int,
                           unit: UnitRef) -> ProcedureResult:
    reading = Reading()
    key = characteristic.strip().casefold()
    key = {"с": "s", "т": "t", "и": "i", "а": "a"}.get(key, key)
    if key in TESTABLE:
        value = reading.value(unit, key, value, key.upper())
        if value is None:
            raise UserError("combat_shared.error.missing.value", example="combat_hh.example.characteristic",
                            what=key.upper(), option="value")
    assert ctx.roller is not None
    return reading.attach(characteristic_test(ctx.roller, key, value, modifier=modifier, unit=unit.name))


def scatter_command(ctx: CommandContext, bs: int | None, hit: bool | None, shooter: UnitRef) -> ProcedureResult:
    reading = Reading()
    bs = reading.value(shooter, "bs", bs, "BS")
    if bs is None:
        raise UserError("combat_shared.error.missing.value", example="combat_hh.example.scatter", what="BS",
                        option="bs")
    assert ctx.roller is not None
    return reading.attach(blast_scatter(ctx.roller, bs, hit=hit, unit=shooter.name))


UNIT = Option("unit", unit=True)
LEADERSHIP = Option("leadership", int, required=True, min=0, max=12)

COMMANDS = (
    Command("combat_hh.cmd.shoot", "shoot", ROLLED_SHOOT_OPTIONS, OPT, shoot_command),
    Command("combat_hh.cmd.odds_shoot", "odds", SHOOT_OPTIONS, OPT, shoot_odds_command, heavy=True, applies=False),
    Command("combat_hh.cmd.vehicle", "shoot", VEHICLE_OPTIONS, OPT, vehicle_command),
    Command("combat_hh.cmd.odds_vehicle", "odds", VEHICLE_OPTIONS, OPT, vehicle_odds_command, heavy=True,
            applies=False),
    Command("combat_hh.cmd.assault", "assault", ASSAULT_OPTIONS, OPT, assault_command),
    Command("combat_hh.cmd.hammer", "assault", (
        Option("hammer_hits", int, required=True, min=1, max=20), Option("strength", int, min=1, max=10),
        Option("defender", unit=True), Option("attacker", unit=True), Option("toughness", int, min=1, max=10),
        Option("models", int, min=1, max=MAX_MODELS), Option("wounds", int, min=1, max=20), Option("save"),
        Option("invulnerable")), OPT, hammer_command),
    Command("combat_hh.cmd.odds_assault", "odds", ASSAULT_OPTIONS, OPT, assault_odds_command, heavy=True,
            applies=False),
    Command("combat_hh.cmd.assault_vehicle", "assault", (
        Option("attacker_profile", str, max_length=200), Option("attacker", unit=True),
        Option("attacker_models", int, min=1, max=MAX_MODELS), Option("attacker_rules", max_length=200),
        Option("charged", bool, default=False), Option("first_round", bool, default=True),
        Option("target", unit=True), Option("armour", int, min=9, max=14), Option("hull_points", int, min=1, max=50),
        Option("invulnerable")), OPT, assault_vehicle_command),
    Command("combat_hh.cmd.leadership", "check", (
        LEADERSHIP, Option("modifier", int, default=0, min=-10, max=10), UNIT), OPT, leadership_command),
    Command("combat_hh.cmd.morale", "check", (
        LEADERSHIP, Option("lost_by", int, default=0, min=0, max=20), UNIT, Option("fearless", bool, default=False)),
        OPT, morale_command),
    Command("combat_hh.cmd.pinning", "check", (
        LEADERSHIP, Option("modifier", int, default=0, min=-10, max=10), UNIT, Option("fearless", bool, default=False)),
        OPT, pinning_command),
    Command("combat_hh.cmd.fall_back", "check", (UNIT, Option("cavalry", bool, default=False)), OPT,
            fall_back_command),
    Command("combat_hh.cmd.charge", "check", (
        Option("movement", int, required=True, min=0, max=99), Option("distance", float, min=0, max=12),
        Option("difficult", bool, default=False), Option("fleet", int, default=0, min=0, max=6), UNIT),
        OPT, charge_command),
    Command("combat_hh.cmd.reaction", "check", (
        Option("unit", required=True, unit=True), Option("bonus", int, default=0, min=0, max=2)),
        OPT, reaction_command, roster=True),
    Command("combat_hh.cmd.sweep", "check", (
        Option("winner_initiative", int, required=True, min=1, max=10),
        Option("loser_initiative", int, required=True, min=1, max=10), UNIT,
        Option("winner_crusader", bool, default=False), Option("loser_crusader", bool, default=False),
        Option("multiple", bool, default=False)),
        OPT, sweep_command),
    Command("combat_hh.cmd.it_will_not_die", "check", (
        Option("need", int, required=True, min=2, max=6), UNIT, Option("damaged", int, min=1, max=MAX_MODELS)),
        OPT, it_will_not_die_command),
    Command("combat_hh.cmd.concussive", "check", (
        Option("leadership", int, min=0, max=12), Option("penalty", int, min=1, max=10), UNIT),
        OPT, concussive_command),
    Command("combat_hh.cmd.characteristic", "check", (
        Option("characteristic", str, required=True, max_length=10, choices=tuple(
            Choice(f"combat_hh.profile.{k}", k) for k in ("ws", "bs", "s", "t", "w", "i", "a"))),
        Option("value", int, min=0, max=10), Option("modifier", int, default=0, min=-10, max=10), UNIT),
        OPT, characteristic_command, applies=False),
    Command("combat_hh.cmd.scatter", "check", (
        Option("bs", int, min=0, max=10), Option("hit", bool), Option("shooter", unit=True)),
        OPT, scatter_command, applies=False),
)
