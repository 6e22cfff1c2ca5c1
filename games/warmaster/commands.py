"""Warmaster's commands (`games.commands`): /wm command|shoot|drive-back|combat|combat-result|
fall-back, /wm-roll <table>, /wm-odds <procedure>. Numbers come from the options, or from the
channel's game when the unit is tracked (Hits per stand, stands left, the hit pool, stands lost,
blunder penalties, confusion).

Top-level groups because Discord caps one top-level command at 4000 characters, which the shared
/shoot, /odds and /check groups can't hold for every game."""
from __future__ import annotations

from games.commands import Choice, Command, CommandContext, Group, Option, UnitRef
from games.inputs import parse_plus
from games.procedure import ProcedureResult, StateChange
from games.warmaster import battle, combat, command, machines, magic, odds, other, shooting
from games.warmaster import rules as W
from games.warmaster.profile import LABELS, from_profile
from games.warmaster.state import RULES
from games.profiles import note_assumed, note_from_profile, note_override
from i18n import Msg, UserError

OPT = "wm.opt"
POSITIONS = tuple(Choice(f"wm.choice.{k}", k) for k in W.TO_HIT)
CHARACTERS = tuple(Choice(f"wm.character.{k}", k) for k in command.CHARACTERS)
SPELLS = tuple(Choice(f"wm.spell.{k}", k) for k in W.SPELLS)
ITEMS = tuple(Choice(f"wm.item.{k}", k) for k in W.COMMAND_ITEMS)
MAX_STANDS = 50          # stands of one side in contact, or a unit's stands (issue 14: bounded inputs)
MAX_HITS = 200           # hits of one phase on one unit

GROUPS = (
    Group("wm", "wm.cmd.group"),
    Group("wm_roll", "wm.cmd.check"),
    Group("wm_odds", "wm.cmd.odds", guild_only=False),
    Group("wm_battle", "wm.cmd.battle_group"),         # /wm-battle: machines, magic rolls, the battle's end
)


def armour_value(text: str | None, example: str) -> int | None:
    """"5+" → 5; "0", "-", "—" or nothing: no armour (L243)."""
    if text is not None and text.strip() == "0":
        return None
    return parse_plus(text, low=2, high=6, example=example)


def target_armour(ref: UnitRef, text: str | None, example: str, notes: list[Msg]) -> int | None:
    """The target's armour: the option ("-" or "0": none), else its profile, else none — and the
    reply says which (L243)."""
    card = ref.state.profile if ref.state is not None else {}
    owner = ref.state.name if ref.state is not None else "—"
    if text is not None:
        given = armour_value(text, example)
        if "armour" in card and card["armour"] != given:
            notes.append(note_override(LABELS["armour"], f"{given}+" if given else "—",
                                       f"{card['armour']}+" if card["armour"] else "—", owner))
        return given
    if "armour" in card:
        notes.append(note_from_profile(LABELS["armour"], f"{card['armour']}+" if card["armour"] else "—", owner))
        return card["armour"]
    notes.append(note_assumed(LABELS["armour"], "—", Msg.of("wm.note.armour_assumed")))
    return None


def target_numbers(ref: UnitRef, hits_per_stand: int | None, stands: int | None,
                   pool: int | None) -> tuple[str | None, int | None, int | None, int]:
    """(name, Hits per stand, stands left, hit pool) from the tracked unit, else the options."""
    state = ref.state
    if state is None:
        return ref.typed, hits_per_stand, stands, pool or 0
    left = RULES.remaining(state)
    if left <= 0:
        raise UserError("wm.error2.destroyed", example="wm.example.shoot", unit=state.name)
    return state.name, state.per, left, state.get("hits")


# ---- /wm shoot, /wm-odds shoot -------------------------------------------------------------------

def shoot_command(ctx: CommandContext, shots: int, target: UnitRef, position: str, armour: str | None, elves: bool,
                  cannon: bool, no_saves: bool, armour_worse: bool, hits_per_stand: int | None,
                  target_stands: int | None, pool: int | None, bone_thrower: bool = False, in_combat: bool = False,
                  stand_and_shoot: bool | None = None) -> ProcedureResult:
    name, per, left, before = target_numbers(target, hits_per_stand, target_stands, pool)
    if stand_and_shoot is None:
        stand_and_shoot = ctx.phase == "command"      # the only shooting in a command phase (L226)
    notes: list[Msg] = []
    saves = target_armour(target, armour, "wm.example.shoot", notes) if not (no_saves or cannon or bone_thrower) else None
    assert ctx.roller is not None
    result = shooting.shoot(ctx.roller, shots=shots, position=position, armour=saves, elves=elves, cannon=cannon,
                            no_saves=no_saves, armour_worse=armour_worse, target=name, hits_per_stand=per,
                            pool_before=before, stands=left, bone_thrower=bone_thrower, in_combat=in_combat,
                            stand_and_shoot=stand_and_shoot)
    result.notes[:0] = notes
    return result


def shoot_odds_command(ctx: CommandContext, shots: int, target: UnitRef, position: str, armour: str | None,
                       elves: bool, cannon: bool, no_saves: bool, armour_worse: bool, hits_per_stand: int | None,
                       target_stands: int | None, pool: int | None, bone_thrower: bool = False, in_combat: bool = False,
                       stand_and_shoot: bool | None = None) -> ProcedureResult:
    _, per, left, before = target_numbers(target, hits_per_stand, target_stands, pool)
    notes: list[Msg] = []
    saves = target_armour(target, armour, "wm.example.shoot", notes) if not (no_saves or cannon or bone_thrower) else None
    result = odds.shoot_odds(shots=shots, position=position, armour=saves, elves=elves, cannon=cannon,
                             no_saves=no_saves or bone_thrower, armour_worse=armour_worse, hits_per_stand=per,
                             pool_before=before, stands=left)
    result.notes[:0] = notes
    return result


SHOOT_OPTIONS = (
    Option("shots", int, required=True, min=1, max=MAX_HITS), Option("target", unit=True),
    Option("position", str, default="open", choices=POSITIONS), Option("armour"),
    Option("elves", bool, default=False), Option("cannon", bool, default=False),
    Option("no_saves", bool, default=False), Option("armour_worse", bool, default=False),
    Option("hits_per_stand", int, min=1, max=20), Option("target_stands", int, min=1, max=MAX_STANDS),
    Option("pool", int, min=0, max=MAX_STANDS),
    Option("bone_thrower", bool, default=False), Option("in_combat", bool, default=False),
    Option("stand_and_shoot", bool),
)


# ---- /wm combat, /wm-odds combat -----------------------------------------------------------------

def _attack_inputs(attacker: UnitRef, confused: bool, attacks: int | None,
                   notes: list[Msg]) -> tuple[str | None, bool, int]:
    """The attacker's name; whether it fights confused (a tracked confused unit does, whatever the
    option says: L309, −1 attack per stand); its Attacks, from the option or its profile."""
    found = from_profile(attacker, "attacks", attacks, notes)
    if found is None:
        raise UserError("wm.error.missing", example="wm.example.attack", what=LABELS["attacks"],
                        option=Msg.of("wm.opt.attacks.name"), unit=attacker.name or "—")
    return attacker.name, combat.fights_confused(attacker.state, confused), found


def attack_command(ctx: CommandContext, stands: int, attacks: int | None, target: UnitRef, attacker: UnitRef, character: int,
                   charge_open: bool, monster_charge: bool, pursuit: bool, pursuit_cm: float, terror: bool,
                   flank: bool, confused: bool, extra: int, position: str, armour: str | None, no_saves: bool,
                   hits_per_stand: int | None, target_stands: int | None, pool: int | None) -> ProcedureResult:
    name, per, left, before = target_numbers(target, hits_per_stand, target_stands, pool)
    notes: list[Msg] = []
    me, confused, attacks = _attack_inputs(attacker, confused, attacks, notes)
    saves = target_armour(target, armour, "wm.example.attack", notes) if not no_saves else None
    assert ctx.roller is not None
    result = combat.attacks(ctx.roller, stands=stands, attacks_per_stand=attacks, character_attacks=character,
                            charge_open=charge_open, monster_charge_open=monster_charge, pursuit=pursuit,
                            pursuit_cm=pursuit_cm, terror=terror, flank=flank, confused=confused, extra=extra,
                            target_position=position, target_armour=saves, no_saves=no_saves, attacker=me,
                            target=name, hits_per_stand=per, pool_before=before, target_stands=left)
    result.notes[:0] = notes
    return result


def attack_odds_command(ctx: CommandContext, stands: int, attacks: int | None, target: UnitRef, attacker: UnitRef,
                        character: int, charge_open: bool, monster_charge: bool, pursuit: bool, pursuit_cm: float,
                        terror: bool, flank: bool, confused: bool, extra: int, position: str, armour: str | None,
                        no_saves: bool, hits_per_stand: int | None, target_stands: int | None,
                        pool: int | None) -> ProcedureResult:
    _, per, left, before = target_numbers(target, hits_per_stand, target_stands, pool)
    notes: list[Msg] = []
    _, confused, attacks = _attack_inputs(attacker, confused, attacks, notes)
    saves = target_armour(target, armour, "wm.example.attack", notes) if not no_saves else None
    result = odds.attack_odds(stands=stands, attacks_per_stand=attacks, character_attacks=character,
                              target_position=position, target_armour=saves, no_saves=no_saves, hits_per_stand=per,
                              pool_before=before, target_stands=left, charge_open=charge_open,
                              monster_charge_open=monster_charge, pursuit=pursuit, pursuit_cm=pursuit_cm,
                              terror=terror, flank=flank, confused=confused, extra=extra)
    result.notes[:0] = notes
    return result


ATTACK_OPTIONS = (
    Option("stands", int, required=True, min=1, max=MAX_STANDS), Option("attacks", int, min=0, max=20),
    Option("target", unit=True), Option("attacker", unit=True), Option("character", int, default=0, min=0, max=20),
    Option("charge_open", bool, default=False), Option("monster_charge", bool, default=False),
    Option("pursuit", bool, default=False), Option("pursuit_cm", float, default=0, min=0, max=100),
    Option("terror", bool, default=False), Option("flank", bool, default=False),
    Option("confused", bool, default=False), Option("extra", int, default=0, min=-10, max=20),
    Option("position", str, default="open", choices=POSITIONS), Option("armour"),
    Option("no_saves", bool, default=False), Option("hits_per_stand", int, min=1, max=20),
    Option("target_stands", int, min=1, max=MAX_STANDS), Option("pool", int, min=0, max=MAX_STANDS),
)


# ---- /wm command, /wm-odds command ---------------------------------------------------------------

def _command_inputs(unit: UnitRef, stands_lost: int | None, mad: int | None, orders: int | None,
                   notes: list[Msg]) -> tuple[int, int, int]:
    """Stands lost, «Вы сошли с ума!» results and orders already given this phase: the option,
    else the tracked unit's state (noted), else none."""
    state = unit.state
    values = {"stands_lost": stands_lost, "command_penalty": mad, "orders": orders}
    if state is not None:
        for track, given in values.items():
            if given is None and state.get(track):
                values[track] = state.get(track)
                notes.append(Msg.of("wm.note.from_state", what=Msg.of(f"wm.track.{track}"), value=state.get(track),
                                    unit=state.name))
    return values["stands_lost"] or 0, values["command_penalty"] or 0, values["orders"] or 0


def _same_side(ctx: CommandContext, unit: UnitRef) -> tuple[str, ...]:
    """The units whose orders end with a failed General's order: the ordered unit's side."""
    side = unit.state.side if unit.state is not None else ctx.active_side
    return tuple(u.name for u in ctx.roster if side is None or u.side == side)


def _character(leader: UnitRef, who: str | None, command_value: int | None, notes: list[Msg]) -> tuple[str, int]:
    """Who gives the order and their Command: the options, else the tracked character's profile."""
    kind = from_profile(leader, "type", who, notes) if who is None else who
    if kind not in command.CHARACTERS:
        raise UserError("wm.error.missing", example="wm.example.command", what=Msg.of("wm.opt.who.name"),
                        option=Msg.of("wm.opt.who.name"), unit=leader.name or "—")
    value = from_profile(leader, "command", command_value, notes)
    if value is None:
        raise UserError("wm.error.missing", example="wm.example.command", what=LABELS["command"],
                        option=Msg.of("wm.opt.command_value.name"), unit=leader.name or "—")
    return kind, value


def command_command(ctx: CommandContext, who: str | None, command_value: int | None, unit: UnitRef, distance: float,
                    orders: int | None, enemy_near: bool, dense: bool, stands_lost: int | None, mad: int | None,
                    other: int, flyer: bool, steam_tank: bool, item: str, leader: UnitRef) -> ProcedureResult:
    state = unit.state
    if state is not None:
        if "confused" in state.statuses:
            raise UserError("wm.error2.confused", example="wm.example.command", unit=state.name)
        if "orders_over" in state.statuses:
            raise UserError("wm.error2.orders_over", example="wm.example.command", unit=state.name)
        if "order_failed" in state.statuses:
            raise UserError("wm.error2.order_failed", example="wm.example.command", unit=state.name)
    notes: list[Msg] = []
    who, command_value = _character(leader, who, command_value, notes)
    lost, penalties, given = _command_inputs(unit, stands_lost, mad, orders, notes)
    assert ctx.roller is not None
    result = command.command(ctx.roller, character=who, command_value=command_value, distance_cm=distance,
                             orders_given=given, enemy_near=enemy_near, dense_terrain=dense, stands_lost=lost,
                             blunder_penalties=penalties, other=other, flyer=flyer, item=item,
                             steam_tank=steam_tank, unit=unit.name, settings=ctx.settings,
                             phase_units=_same_side(ctx, unit))
    result.notes[:0] = notes
    return result


def command_odds_command(ctx: CommandContext, who: str | None, command_value: int | None, unit: UnitRef,
                         distance: float, orders: int | None, enemy_near: bool, dense: bool, stands_lost: int | None,
                         mad: int | None, other: int, flyer: bool, steam_tank: bool, item: str,
                         leader: UnitRef) -> ProcedureResult:
    notes: list[Msg] = []
    who, command_value = _character(leader, who, command_value, notes)
    lost, penalties, given = _command_inputs(unit, stands_lost, mad, orders, notes)
    result = odds.command_odds(character=who, command_value=command_value, distance_cm=distance, orders_given=given,
                             enemy_near=enemy_near, dense_terrain=dense, stands_lost=lost,
                             blunder_penalties=penalties, other=other, flyer=flyer, item=item)
    result.notes[:0] = notes
    return result


COMMAND_OPTIONS = (
    Option("who", str, choices=CHARACTERS), Option("command_value", int, min=1, max=12),
    Option("unit", unit=True), Option("distance", float, default=0, min=0, max=1000),
    Option("orders", int, min=0, max=20), Option("enemy_near", bool, default=False),
    Option("dense", bool, default=False), Option("stands_lost", int, min=0, max=MAX_STANDS),
    Option("mad", int, min=0, max=20), Option("other", int, default=0, min=0, max=10),
    Option("flyer", bool, default=False), Option("steam_tank", bool, default=False),
    Option("item", str, default="none", choices=ITEMS), Option("leader", unit=True),
)


# ---- /wm drive-back, /wm-odds drive-back ---------------------------------------------------------

def drive_back_hits(target: UnitRef, hits: int | None, notes: list[Msg]) -> int:
    """The hits inflicted on the unit this phase (L245): the option, else what the shots just
    resolved put on the tracked unit."""
    if hits is not None:
        return hits
    if target.state is None:
        raise UserError("wm.error2.drive_back_hits", example="wm.example.drive_back", unit=target.name or "—")
    found = target.state.get("phase_hits")
    notes.append(Msg.of("wm.note.from_state", what=Msg.of("wm.track.phase_hits"), value=found, unit=target.state.name))
    return found


def own_turn_after_command(ctx: CommandContext, target: UnitRef) -> bool | None:
    """Whether the unit is confused in its own turn after its command phase (then its confusion
    lasts to the end of its next command phase, L311); None when whose turn it is isn't known."""
    if target.state is None or ctx.active_side is None:
        return None
    return target.state.side == ctx.active_side and ctx.phase != "command"


def drive_back_command(ctx: CommandContext, hits: int | None, target: UnitRef, position: str,
                       skull_chukka: bool) -> ProcedureResult:
    notes: list[Msg] = []
    dice = drive_back_hits(target, hits, notes)
    assert ctx.roller is not None
    result = shooting.drive_back(ctx.roller, hits=dice, position=position, skull_chukka=skull_chukka,
                                 target=target.name, own_turn_after_command=own_turn_after_command(ctx, target))
    if target.state is not None:
        result.changes.append(StateChange(target.state.name, shooting.TRACK_PHASE_HITS, "set", 0))
    result.notes[:0] = notes
    return result


def drive_back_odds_command(ctx: CommandContext, hits: int | None, target: UnitRef, position: str,
                            skull_chukka: bool) -> ProcedureResult:
    notes: list[Msg] = []
    result = odds.drive_back_odds(hits=drive_back_hits(target, hits, notes), position=position,
                                  skull_chukka=skull_chukka)
    result.notes[:0] = notes
    return result


DRIVE_BACK_OPTIONS = (
    Option("hits", int, min=0, max=MAX_HITS), Option("target", unit=True),
    Option("position", str, default="open", choices=POSITIONS), Option("skull_chukka", bool, default=False),
)


# ---- the rest of /wm and /wm-roll ----------------------------------------------------------------

def combat_result_command(ctx: CommandContext, hits_a: int, hits_b: int, support_a: int, support_b: int,
                          losing_units: int, side_a: str | None, side_b: str | None, round: int) -> ProcedureResult:
    return combat.combat_result(hits_a=hits_a, hits_b=hits_b, support_a=support_a, support_b=support_b,
                                losing_units=losing_units, side_a=side_a, side_b=side_b, round_no=round)


def fall_back_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return combat.fall_back(ctx.roller)


def left_table_command(ctx: CommandContext, unit: UnitRef, stands_lost: int | None, general: bool) -> ProcedureResult:
    state = unit.state
    if state is not None and stands_lost is None:
        stands_lost = state.get("stands_lost")
    assert ctx.roller is not None
    return other.left_table(ctx.roller, stands_lost=stands_lost or 0, general=general, unit=unit.name,
                            stands=state.size if state is not None else None)


def battle_length_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return other.battle_length(ctx.roller)


def cast_command(ctx: CommandContext, spell: str, wand: bool, high_elf: bool, spellbound: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return other.cast(ctx.roller, spell=spell, wand_of_power=wand, high_elf_reroll=high_elf, spellbound=spellbound)


def cast_odds_command(ctx: CommandContext, spell: str, wand: bool, high_elf: bool, spellbound: bool) -> ProcedureResult:
    return odds.cast_odds(spell=spell, wand_of_power=wand, high_elf_reroll=high_elf, spellbound=spellbound)


def breach_command(ctx: CommandContext, hits: int, gate: bool, damaged: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return other.breach(ctx.roller, hits=hits, gate=gate, damaged=damaged)


def ship_command(ctx: CommandContext, hits: int, damaged: bool) -> ProcedureResult:
    assert ctx.roller is not None
    return other.ship_damage(ctx.roller, hits=hits, damaged=damaged)


def boiling_oil_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return other.boiling_oil(ctx.roller)


def flame_cannon_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return other.flame_cannon(ctx.roller)


# ---- /wm-battle ---------------------------------------------------------------------------------

def home_back_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return battle.home_back(ctx.roller)


def helblaster_command(ctx: CommandContext, range_cm: float, target: UnitRef, charging: bool, position: str,
                       armour: str | None, hits_per_stand: int | None, target_stands: int | None,
                       pool: int | None) -> ProcedureResult:
    name, per, left, before = target_numbers(target, hits_per_stand, target_stands, pool)
    notes: list[Msg] = []
    saves = target_armour(target, armour, "wm.example.helblaster", notes)
    assert ctx.roller is not None
    result = machines.helblaster(ctx.roller, range_cm=range_cm, charging=charging, position=position, armour=saves,
                                 target=name, hits_per_stand=per, pool_before=before, stands=left)
    result.notes[:0] = notes
    return result


def cannon_command(ctx: CommandContext, cannons: int, target: UnitRef, position: str, bounce_stands: int,
                   grapeshot: bool, armour: str | None, hits_per_stand: int | None, target_stands: int | None,
                   pool: int | None) -> ProcedureResult:
    name, per, left, before = target_numbers(target, hits_per_stand, target_stands, pool)
    notes: list[Msg] = []
    saves = target_armour(target, armour, "wm.example.cannon", notes) if grapeshot else None
    assert ctx.roller is not None
    result = machines.cannon(ctx.roller, cannons=cannons, position=position, bounce_stands=bounce_stands,
                             grapeshot=grapeshot, armour=saves, target=name, hits_per_stand=per, pool_before=before,
                             stands=left)
    result.notes[:0] = notes
    return result


def rage_command(ctx: CommandContext, dice: int, unit: UnitRef) -> ProcedureResult:
    assert ctx.roller is not None
    stands = RULES.remaining(unit.state) if unit.state is not None else None
    return magic.rage_of_chaos(ctx.roller, dice=dice, stands=stands)


def magic_roll_command(ctx: CommandContext, kind: str) -> ProcedureResult:
    assert ctx.roller is not None
    return magic.magic_roll(ctx.roller, kind=kind)


def withdrawal_command(ctx: CommandContext, side: str, units_total: int | None, units_lost: int | None,
                       general_lost: bool | None) -> ProcedureResult:
    return battle.withdrawal(ctx.roster, side, units_total=units_total, units_lost=units_lost,
                             general_lost=general_lost)


def victory_command(ctx: CommandContext, side_a: str, side_b: str, withdrew: str | None, surrendered: str | None,
                    scenario_a: int, scenario_b: int) -> ProcedureResult:
    return battle.victory_points(ctx.roster, side_a, side_b, withdrew=withdrew, surrendered=surrendered,
                                 scenario_a=scenario_a, scenario_b=scenario_b)


TARGET_OPTIONS = (
    Option("target", unit=True), Option("position", str, default="open", choices=POSITIONS), Option("armour"),
    Option("hits_per_stand", int, min=1, max=20), Option("target_stands", int, min=1, max=MAX_STANDS),
    Option("pool", int, min=0, max=MAX_STANDS),
)
MAGIC_ROLLS = tuple(Choice(f"wm.magic.{k}.name", k) for k in W.MAGIC_ROLLS)
SIDE = 100

CAST_OPTIONS = (
    Option("spell", str, required=True, choices=SPELLS), Option("wand", bool, default=False),
    Option("high_elf", bool, default=False), Option("spellbound", bool, default=False),
)

COMMANDS = (
    Command("wm.cmd.command", "wm", COMMAND_OPTIONS, OPT, command_command, roster=True),
    Command("wm.cmd.shoot", "wm", SHOOT_OPTIONS, OPT, shoot_command),
    Command("wm.cmd.drive_back", "wm", DRIVE_BACK_OPTIONS, OPT, drive_back_command),
    Command("wm.cmd.assault", "wm", ATTACK_OPTIONS, OPT, attack_command),
    Command("wm.cmd.combat_result", "wm", (
        Option("hits_a", int, required=True, min=0, max=MAX_HITS), Option("hits_b", int, required=True, min=0, max=MAX_HITS),
        Option("support_a", int, default=0, min=0, max=MAX_STANDS), Option("support_b", int, default=0, min=0, max=MAX_STANDS),
        Option("losing_units", int, default=1, min=1, max=20), Option("side_a", max_length=100),
        Option("side_b", max_length=100), Option("round", int, default=1, min=1, max=20)), OPT, combat_result_command),
    Command("wm.cmd.fall_back", "wm", (), OPT, fall_back_command, applies=False),
    Command("wm.cmd.left_table", "wm_roll", (
        Option("unit", unit=True), Option("stands_lost", int, min=0, max=MAX_STANDS),
        Option("general", bool, default=False)), OPT, left_table_command),
    Command("wm.cmd.battle_length", "wm_roll", (), OPT, battle_length_command, applies=False),
    Command("wm.cmd.cast", "wm_roll", CAST_OPTIONS, OPT, cast_command),
    Command("wm.cmd.breach", "wm_roll", (
        Option("hits", int, required=True, min=1, max=100), Option("gate", bool, default=False),
        Option("damaged", bool, default=False)), OPT, breach_command),
    Command("wm.cmd.ship", "wm_roll", (
        Option("hits", int, required=True, min=1, max=100), Option("damaged", bool, default=False)), OPT, ship_command),
    Command("wm.cmd.boiling_oil", "wm_roll", (), OPT, boiling_oil_command),
    Command("wm.cmd.flame_cannon", "wm_roll", (), OPT, flame_cannon_command),
    Command("wm.cmd.home_back", "wm_battle", (), OPT, home_back_command, applies=False),
    Command("wm.cmd.helblaster", "wm_battle", (
        Option("range_cm", float, required=True, min=0, max=30), Option("charging", bool, default=False),
        *TARGET_OPTIONS), OPT, helblaster_command),
    Command("wm.cmd.cannon", "wm_battle", (
        Option("cannons", int, default=1, min=1, max=10), Option("bounce_stands", int, default=0, min=0, max=20),
        Option("grapeshot", bool, default=False), *TARGET_OPTIONS), OPT, cannon_command),
    Command("wm.cmd.rage", "wm_battle", (
        Option("dice", int, required=True, min=1, max=magic.MAX_RAGE_DICE), Option("unit", unit=True)),
        OPT, rage_command, applies=False),
    Command("wm.cmd.magic_roll", "wm_battle", (Option("kind", str, required=True, choices=MAGIC_ROLLS),),
            OPT, magic_roll_command, applies=False),
    Command("wm.cmd.withdrawal", "wm_battle", (
        Option("side", str, required=True, max_length=SIDE), Option("units_total", int, min=1, max=200),
        Option("units_lost", int, min=0, max=200), Option("general_lost", bool)), OPT, withdrawal_command,
        applies=False, roster=True),
    Command("wm.cmd.victory", "wm_battle", (
        Option("side_a", str, required=True, max_length=SIDE), Option("side_b", str, required=True, max_length=SIDE),
        Option("withdrew", max_length=SIDE), Option("surrendered", max_length=SIDE),
        Option("scenario_a", int, default=0, min=0, max=100000), Option("scenario_b", int, default=0, min=0, max=100000)),
        OPT, victory_command, applies=False, roster=True),
    Command("wm.cmd.odds_command", "wm_odds", COMMAND_OPTIONS, OPT, command_odds_command, applies=False, chart=True),
    Command("wm.cmd.odds_shoot", "wm_odds", SHOOT_OPTIONS, OPT, shoot_odds_command, heavy=True, applies=False,
            chart=True),
    Command("wm.cmd.odds_attack", "wm_odds", ATTACK_OPTIONS, OPT, attack_odds_command, heavy=True, applies=False,
            chart=True),
    Command("wm.cmd.odds_drive_back", "wm_odds", DRIVE_BACK_OPTIONS, OPT, drive_back_odds_command, heavy=True,
            applies=False, chart=True),
    Command("wm.cmd.odds_cast", "wm_odds", CAST_OPTIONS, OPT, cast_odds_command, applies=False, chart=True),
)
