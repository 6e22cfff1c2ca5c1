"""Warmaster's other dice: units that left the table (L14–36), battle length (L357–363),
casting spells (L408–544), breaches (L687–694), boiling oil (L727–733), ship damage (L752–762)
and the Dwarf Flame Cannon (L388–395)."""
from __future__ import annotations

from dice.roller import Roller
from games.procedure import DiceStep, Modifier, ProcedureResult, Source, StateChange
from games.warmaster import rules as W
from i18n import Msg, UserError

GAME = "warmaster"
TRACK_STANDS_LOST = "stands_lost"


def left_table_band(value: int) -> str:
    if value <= 0:
        return "gone"
    if value <= 2:
        return "maybe"
    if value <= 4:
        return "edge"
    return "back"


def left_table(roller: Roller, *, stands_lost: int = 0, general: bool = False,
               unit: str | None = None, stands: int | None = None) -> ProcedureResult:
    """D6 − 1 for each of the unit's stands already removed as casualties (L20)."""
    if stands_lost < 0:
        raise UserError("wm.error.negative", example="wm.example.left_table")
    roll = roller.die(6)
    value = roll - stands_lost
    band = left_table_band(value)
    mods = [Modifier(Msg.of("wm.pen.stands", n=stands_lost), -stands_lost, Source("warmaster", 20))] if stands_lost else []
    result = ProcedureResult(GAME, "left_table", Msg.of("wm.left_table.title", unit=unit or Msg.of("combat_shared.word.unit")))
    result.steps.append(DiceStep(Msg.of("wm.step.left_table", value=value), [roll], target="D6", modifiers=mods))
    result.outcome.append(Msg.of(f"wm.left_table.{band}", value=value, source=W.SRC_LEFT_TABLE))
    if general and value <= 2:
        result.outcome.append(Msg.of("wm.left_table.general", source=Source("warmaster", 36)))
    if unit and band == "gone" and stands:
        # Counts as destroyed: every stand lost (the state rules' own test).
        result.changes.append(StateChange(unit, TRACK_STANDS_LOST, "set", stands, reason=Msg.of("wm.reason.left_table")))
    result.data.update(roll=roll, value=value, band=band)
    return result


def battle_length(roller: Roller) -> ProcedureResult:
    roll = roller.die(6)
    turns = W.BATTLE_LENGTH[roll]
    result = ProcedureResult(GAME, "battle_length", Msg.of("wm.battle_length.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.battle_length"), [roll], target="D6"))
    result.outcome.append(Msg.of("wm.battle_length.out", turns=turns, source=W.SRC_BATTLE_LENGTH))
    result.data.update(roll=roll, turns=turns)
    return result


def spell_cast_on(spell: str) -> int:
    return W.SPELLS[spell][3]


def cast(roller: Roller, *, spell: str, wand_of_power: bool = False, high_elf_reroll: bool = False,
         spellbound: bool = False) -> ProcedureResult:
    """One D6 ≥ the spell's casting value (L230, L408–544). Wand of Power +1 once (L662–666);
    High Elves may re-roll a failed cast (L490); a wizard hit by the Staff of Spellbinding has −1
    (L640–646)."""
    if spell not in W.SPELLS:
        raise UserError("wm.error.unknown_spell", example="wm.example.cast", spell=spell)
    _army, _ru, _en, cast_on, range_cm, line = W.SPELLS[spell]
    mods = []
    if wand_of_power:
        mods.append(Modifier(Msg.of("wm.mod.wand"), W.WAND_OF_POWER, Source("warmaster", 662, 666)))
    if spellbound:
        mods.append(Modifier(Msg.of("wm.mod.spellbound"), -1, Source("warmaster", 640, 646)))
    bonus = sum(m.value for m in mods)
    roll = roller.die(6)
    ok = roll + bonus >= cast_on
    rerolled, rerolls = [], []
    if not ok and high_elf_reroll:
        second = roller.die(6)
        rerolled, rerolls = [0], [second]
        ok = second + bonus >= cast_on
    result = ProcedureResult(GAME, "cast", Msg.of("wm.cast.title", spell=W.spell_name(spell)))
    result.steps.append(DiceStep(Msg.of("wm.step.cast", need=cast_on), [roll], target=f"{cast_on}+",
                                 successes=int(ok), rerolled=rerolled, rerolls=rerolls, modifiers=mods))
    result.outcome.append(Msg.of("wm.cast.pass" if ok else "wm.cast.fail", spell=W.spell_name(spell), source=Source("warmaster", line)))
    if range_cm:
        result.notes.append(Msg.of("wm.cast.range", cm=range_cm))
    if spell in ("rage_of_chaos", "curse_of_chaos"):
        result.notes.append(Msg.of("wm.cast.five_not_plus"))
    result.notes.append(Msg.of("wm.cast.dispel", source=W.SRC_DWARF_DISPEL))
    result.data.update(roll=roll, success=ok, need=cast_on)
    return result


def _highest_of(roller: Roller, hits: int, bonus_mods: list[Modifier], bands, key: str, title: Msg,
                source: Source, procedure: str) -> ProcedureResult:
    if not 1 <= hits <= 100:
        raise UserError("wm.error.bad_count", example=f"wm.example.{procedure}", value=hits)
    dice = roller.dice(hits, 6)
    value = max(dice) + sum(m.value for m in bonus_mods)
    band = next(name for top, name in bands if value <= top)
    result = ProcedureResult(GAME, procedure, title)
    result.steps.append(DiceStep(Msg.of("wm.step.highest", value=value), dice, modifiers=bonus_mods))
    result.outcome.append(Msg.of(f"wm.{key}.{band}", value=value, source=source))
    result.data.update(value=value, band=band)
    return result


def breach(roller: Roller, *, hits: int, gate: bool = False, damaged: bool = False) -> ProcedureResult:
    """L687: a D6 per hit, take the highest; +1 for a gate, +1 if already damaged."""
    mods = []
    if gate:
        mods.append(Modifier(Msg.of("wm.mod.gate"), 1, W.SRC_BREACH))
    if damaged:
        mods.append(Modifier(Msg.of("wm.mod.damaged"), 1, W.SRC_BREACH))
    return _highest_of(roller, hits, mods, W.BREACH, "breach", Msg.of("wm.breach.title"), W.SRC_BREACH, "breach")


def ship_damage(roller: Roller, *, hits: int, damaged: bool = False) -> ProcedureResult:
    """L752–762: as walls; +1 if the ship is already damaged."""
    mods = [Modifier(Msg.of("wm.mod.damaged"), 1, Source("warmaster", 762))] if damaged else []
    return _highest_of(roller, hits, mods, W.SHIP_DAMAGE, "ship", Msg.of("wm.ship.title"), W.SRC_SHIP, "ship")


def boiling_oil(roller: Roller) -> ProcedureResult:
    roll = roller.die(6)
    effect = W.BOILING_OIL[roll]
    result = ProcedureResult(GAME, "boiling_oil", Msg.of("wm.boiling_oil.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.boiling_oil"), [roll], target="D6"))
    hits = {"none": 0, "one": 1}.get(effect)
    if effect == "d3":
        d = roller.die(6)
        hits = (d + 1) // 2                   # D3 = D6 halved, rounding up: the book never defines D3
        result.steps.append(DiceStep(Msg.of("wm.step.d3"), [d], target="D3"))
        result.notes.append(Msg.of("wm.note.d3_undefined", source=W.SRC_D3_UNDEFINED))
    result.outcome.append(Msg.of(f"wm.boiling_oil.{effect}", hits=hits, source=W.SRC_BOILING_OIL))
    result.data.update(roll=roll, hits=hits)
    return result


def flame_cannon(roller: Roller) -> ProcedureResult:
    """L388–395: 2D6 shots; a double uses the table instead."""
    dice = roller.dice(2, 6)
    result = ProcedureResult(GAME, "flame_cannon", Msg.of("wm.flame_cannon.title"))
    result.steps.append(DiceStep(Msg.of("wm.step.flame_cannon"), dice, target="2D6"))
    shots = sum(dice)
    exploded = False
    if dice[0] == dice[1]:
        d = dice[0]
        if d == 1:
            shots, exploded = 0, True
        elif d == 2:
            extra = roller.dice(2, 6)
            result.steps.append(DiceStep(Msg.of("wm.step.extra_shots"), extra, target="2D6"))
            shots, exploded = 4 + sum(extra), True
        elif d == 3:
            shots = 6
        elif d == 4:
            shots = 0
        elif d == 5:
            shots = 10
        else:
            extra = roller.dice(1, 6)
            result.steps.append(DiceStep(Msg.of("wm.step.extra_shots"), extra, target="D6"))
            shots = 12 + extra[0]
        result.outcome.append(Msg.of(f"wm.flame_cannon.double_{d}", shots=shots, source=W.SRC_FLAME_CANNON))
    else:
        result.outcome.append(Msg.of("wm.flame_cannon.shots", shots=shots, source=W.SRC_FLAME_CANNON))
    result.data.update(shots=shots, exploded=exploded)
    return result
