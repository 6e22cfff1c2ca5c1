"""Close combat against a vehicle (L2085–2099): the vehicle's WS is 1, 0 when immobilised
(L2087); every hit strikes the rear armour and is resolved as a shooting hit (L2087); the combat
result counts a glancing hit as 1 wound and a penetrating hit as 2 (L2091); a vehicle is never
locked in combat, and losing it or being destroyed leads to nothing — no sweeping advance (L2093)."""
from __future__ import annotations

from dataclasses import replace

from dice.roller import Roller
from games.horus_heresy.melee import Fighter
from games.horus_heresy.rolls import Saves, roll_dice, source_note, ws_need
from games.horus_heresy.shooting import HHWeapon
from games.horus_heresy.vehicles import HHVehicle, shoot_vehicle
from games.procedure import Modifier, ProcedureResult, Source
from i18n import Msg

BOOK = "horus_heresy"
VEHICLE_WS = 1                 # L2087
IMMOBILISED_WS = 0             # L2087
HALF_OR_LESS_NEED = 2          # «WS цели составляет половину и менее от WS атакующего … 2+» (L1214)


def vehicle_ws_need(attacker_ws: int, immobilised: bool, settings: dict[str, str] | None = None) -> int:
    """To hit a vehicle in melee: the WS table against WS 1; against an immobilised vehicle's
    WS 0 the prose's «половину и менее» gives 2+ for any attacker (L1214; the table has no 0)."""
    if immobilised:
        return HALF_OR_LESS_NEED
    return ws_need(attacker_ws, VEHICLE_WS, settings)


def fight_vehicle(roller: Roller, attacker: Fighter, vehicle: HHVehicle, *, settings: dict[str, str] | None = None,
                  first_round: bool = True) -> ProcedureResult:
    need = vehicle_ws_need(attacker.ws, vehicle.immobilised, settings)
    reroll, note = (("failed", source_note("hatred")) if attacker.hatred and first_round else
                    ("ones", source_note("preferred")) if attacker.preferred_enemy else (None, None))
    count = attacker.models * attacker.attacks_now
    ws = IMMOBILISED_WS if vehicle.immobilised else VEHICLE_WS
    step, hits, _, _ = roll_dice(roller, count, need, Msg.of("combat_hh.step.to_hit_ws", side=attacker.name or Msg.of("combat_hh.word.attacker"),
                                                            ws=attacker.ws, enemy_ws=ws), reroll=reroll, note=note)
    step.modifiers = [Modifier(Msg.of("combat_hh.mod.vehicle_ws"), 0, Source(BOOK, 2087))]
    # Cover saves never apply in melee (L1286); an invulnerable save still does (L817).
    struck = replace(vehicle, saves=Saves(invulnerable=vehicle.saves.invulnerable), shrouded=None)
    weapon = HHWeapon(shots=max(hits, 1), strength=attacker.strength, ap=attacker.ap, rending=attacker.rending,
                      preferred_enemy=attacker.preferred_enemy)
    if hits:
        r = shoot_vehicle(roller, None, weapon, struck, hits=hits, shooter=attacker.name)
        r.notes = [n for n in r.notes if n.key != "combat_hh.note.hits_given"]
    else:
        r = ProcedureResult(BOOK, "fight_vehicle", Msg.of("combat_hh.title.vehicle", shooter=attacker.name or "?",
                                                          target=vehicle.name or Msg.of("combat_hh.word.vehicle")))
        r.outcome.append(Msg.of("combat_hh.out.hits", n=0))
        r.data.update(hits=0, glancing=0, penetrating=0)
    r.procedure = "fight_vehicle"
    r.title = Msg.of("combat_hh.title.fight_vehicle", attacker=attacker.name or Msg.of("combat_hh.word.attacker"),
                     vehicle=vehicle.name or Msg.of("combat_hh.word.vehicle"))
    r.steps.insert(0, step)
    caused = r.data["glancing"] + 2 * r.data["penetrating"]
    r.outcome.append(Msg.of("combat_hh.out.vehicle_combat_result", wounds=caused))
    r.notes.append(Msg.of("combat_hh.note.vehicle_melee"))
    r.data.update(caused=caused, to_hit_need=need)
    return r
