"""Гидрофилия's commands (`games.commands`): /hydro attack|artillery|damage|drone|fall|move|
game-length|odds-attack|odds-artillery and /hydro-turn drone-ap|initiative|fuel|elemental. Wounds, action points and
statuses go to the tracked models of the channel's game; the numbers a model's card gives (УКЛ,
ЗАЩ/ПСИ/КИБ, Навык, ДВЖ) come from its profile when the option isn't given.

One top-level group because Discord caps one top-level command at 4000 characters, which the
shared /shoot, /odds and /check groups can't hold for every game."""
from __future__ import annotations

from games.commands import Choice, Command, CommandContext, Group, Option, UnitRef
from games.hydrophilia import attack as A
from games.hydrophilia import odds, other, turn
from games.hydrophilia import rules as H
from games.hydrophilia.inputs import parse_artillery_damage, parse_defence, parse_stat_targets, parse_targets
from games.hydrophilia.profile import card_value
from games.procedure import ProcedureResult
from i18n import Msg, UserError

OPT = "hydro.opt"
DAMAGE_TYPES = tuple(Choice(f"hydro.choice.{k}", k) for k in H.DAMAGE_TYPES)
COVERS = tuple(Choice(f"hydro.choice.{k}", k) for k in H.DEFENCE_BONUS)

# /hydro holds what was there before; the turn's other rolls go to /hydro-turn (Discord caps one
# top-level command, options and descriptions included, at 4000 characters).
GROUPS = (Group("hydro", "hydro.cmd.group"), Group("hydro_turn", "hydro.cmd.turn_group"))


def live_model(ref: UnitRef, example: str = "hydro.example.attack") -> str | None:
    """The model's name; a tracked model already destroyed can't act or be attacked."""
    if ref.state is not None and "destroyed" in ref.state.statuses:
        raise UserError("hydro.error2.destroyed", example=example, unit=ref.state.name)
    return ref.name


def _attack_numbers(target: UnitRef, attacker: UnitRef, skill: int | None, dodge: int | None, defence: str | None,
                    damage_type: str, notes: list[Msg]) -> tuple[int, int, int | None]:
    """Навык, УКЛ and the stat for the damage type: the option, else the model's card (profile)."""
    skill = card_value(attacker, "skill", skill, "skill", notes)
    dodge = card_value(target, "dodge", dodge, "dodge", notes)
    return skill, dodge, defence_stat(target, defence, damage_type, notes)


def defence_stat(target: UnitRef, defence: str | None, damage_type: str, notes: list[Msg]) -> int | None:
    """ЗАЩ/ПСИ/КИБ for the damage nature: the option (a dash is immune), else the card."""
    if defence is None:
        return card_value(target, damage_type, None, "defence", notes, dash_ok=True)
    stat = parse_defence(defence)
    return card_value(target, damage_type, stat, "defence", notes) if stat is not None else None


def attack_command(ctx: CommandContext, damage: int, skill: int | None, dodge: int | None, defence: str | None,
                   damage_type: str, target: UnitRef, attacker: UnitRef, ap_cost: int, cover: str, overlap: bool,
                   melee: bool, repeat: bool | None, shotgun: bool, armour_piercing: bool, pierce: int, extra_dodge: int,
                   extra_skill: int) -> ProcedureResult:
    notes: list[Msg] = []
    skill, dodge, stat = _attack_numbers(target, attacker, skill, dodge, defence, damage_type, notes)
    repeat = turn.repeat_attack(attacker.state, repeat, notes)
    who = live_model(attacker) if attacker.typed else None
    turn.check_can_spend(attacker.state, ap_cost)
    assert ctx.roller is not None
    result = A.attack(ctx.roller, skill=skill, dodge=dodge, damage=damage, defence=stat, damage_type=damage_type,
                      cover=cover, overlap=overlap, melee=melee, repeat_attack=repeat, shotgun=shotgun,
                      armour_piercing=armour_piercing, pierce=pierce, extra_dodge=extra_dodge,
                      extra_skill=extra_skill, ap_cost=ap_cost, attacker=who, target=live_model(target))
    result.notes[:0] = notes
    if attacker.state is not None:
        result.changes.extend(turn.attacked(attacker.state.name))
    return result


def attack_odds_command(ctx: CommandContext, damage: int, skill: int | None, dodge: int | None, defence: str | None,
                        damage_type: str, target: UnitRef, attacker: UnitRef, ap_cost: int, cover: str,
                        overlap: bool, melee: bool, repeat: bool | None, shotgun: bool, armour_piercing: bool, pierce: int,
                        extra_dodge: int, extra_skill: int) -> ProcedureResult:
    notes: list[Msg] = []
    skill, dodge, stat = _attack_numbers(target, attacker, skill, dodge, defence, damage_type, notes)
    repeat = turn.repeat_attack(attacker.state, repeat, notes)
    result = odds.attack_odds(skill=skill, dodge=dodge, damage=damage, defence=stat, damage_type=damage_type,
                              cover=cover, overlap=overlap, melee=melee, repeat_attack=repeat, shotgun=shotgun,
                              armour_piercing=armour_piercing, pierce=pierce, extra_dodge=extra_dodge,
                              extra_skill=extra_skill)
    result.notes[:0] = notes
    return result


ATTACK_OPTIONS = (
    Option("damage", int, required=True, min=0, max=A.MAX_DICE),
    Option("skill", int, min=-10, max=20), Option("dodge", int, min=0, max=40), Option("defence", max_length=3),
    Option("damage_type", str, default="physical", choices=DAMAGE_TYPES),
    Option("target", unit=True), Option("attacker", unit=True), Option("ap_cost", int, default=0, min=0, max=5),
    Option("cover", str, default="none", choices=COVERS), Option("overlap", bool, default=False),
    Option("melee", bool, default=False), Option("repeat", bool), Option("shotgun", bool, default=False),
    Option("armour_piercing", bool, default=False), Option("pierce", int, default=0, min=0, max=H.PIERCE_MAX),
    Option("extra_dodge", int, default=0, min=-20, max=20), Option("extra_skill", int, default=0, min=-20, max=20),
)


# ---- artillery ------------------------------------------------------------------------------------

def artillery_command(ctx: CommandContext, skill: int, artillery_damage: str, targets: str,
                      damage_type: str) -> ProcedureResult:
    precise, imprecise = parse_artillery_damage(artillery_damage)
    assert ctx.roller is not None
    return A.artillery(ctx.roller, skill=skill, targets=parse_targets(targets), precise_damage=precise,
                       imprecise_damage=imprecise, damage_type=damage_type)


def artillery_odds_command(ctx: CommandContext, skill: int, dodge: int, artillery_damage: str, defence: str,
                           cover: str) -> ProcedureResult:
    precise, imprecise = parse_artillery_damage(artillery_damage)
    return odds.artillery_odds(skill=skill, dodge=dodge, precise_damage=precise, imprecise_damage=imprecise,
                               defence=parse_defence(defence), cover=cover)


# ---- damage, drones, falls, moves -----------------------------------------------------------------

def damage_command(ctx: CommandContext, dice: int, defence: str | None, damage_type: str, target: UnitRef,
                   armour_piercing: bool) -> ProcedureResult:
    notes: list[Msg] = []
    stat = defence_stat(target, defence, damage_type, notes)
    assert ctx.roller is not None
    result = A.damage_only(ctx.roller, dice=dice, defence=stat, damage_type=damage_type,
                           armour_piercing=armour_piercing, target=live_model(target))
    result.notes[:0] = notes
    return result


def drone_command(ctx: CommandContext, drone_name: UnitRef) -> ProcedureResult:
    state = drone_name.state
    assert ctx.roller is not None
    return other.drone_break(ctx.roller, drone=live_model(drone_name),
                             wounds_to_destroy=state.size if state is not None else None)


def drone_ap_command(ctx: CommandContext, drone_name: UnitRef, ap: int, controller: UnitRef) -> ProcedureResult:
    return turn.give_drone_ap(drone_name.state, ap, controller.name, typed=drone_name.typed)


def fall_command(ctx: CommandContext, floors: int, model: UnitRef, flying: bool) -> ProcedureResult:
    return other.fall(floors=floors, flying=flying, model=live_model(model), settings=ctx.settings)


def move_command(ctx: CommandContext, move: float | None, number: int | None, attacked: bool | None,
                 model: UnitRef) -> ProcedureResult:
    return turn.move(model.state, move=move, move_number=number, attacked=attacked, typed=model.typed)


def game_length_command(ctx: CommandContext) -> ProcedureResult:
    assert ctx.roller is not None
    return other.game_length(ctx.roller)


def initiative_command(ctx: CommandContext, second_a: int, second_b: int, side_a: str | None,
                       side_b: str | None) -> ProcedureResult:
    assert ctx.roller is not None
    return other.initiative(ctx.roller, turn=ctx.turn, second_a=second_a, second_b=second_b, side_a=side_a,
                            side_b=side_b)


def fuel_command(ctx: CommandContext, models: str) -> ProcedureResult:
    assert ctx.roller is not None
    return other.fuel_explosion(ctx.roller, targets=parse_stat_targets(models), settings=ctx.settings)


def elemental_command(ctx: CommandContext, model: UnitRef, choice: str, brn: str | None) -> ProcedureResult:
    assert ctx.roller is not None
    return turn.elemental(ctx.roller, model.state, choice=choice, brn=parse_defence(brn) if brn else None,
                          typed=model.typed)


ELEMENTAL_CHOICES = (Choice("hydro.choice.spend_ap", "ap"), Choice("hydro.choice.check", "check"))

COMMANDS = (
    Command("hydro.cmd.attack", "hydro", ATTACK_OPTIONS, OPT, attack_command),
    Command("hydro.cmd.artillery", "hydro", (
        Option("skill", int, required=True, min=-10, max=20), Option("artillery_damage", str, required=True, max_length=5),
        Option("targets", str, required=True, max_length=500),
        Option("damage_type", str, default="physical", choices=DAMAGE_TYPES)), OPT, artillery_command),
    Command("hydro.cmd.damage", "hydro", (
        Option("dice", int, required=True, min=0, max=A.MAX_DICE), Option("defence", max_length=3),
        Option("damage_type", str, default="physical", choices=DAMAGE_TYPES), Option("target", unit=True),
        Option("armour_piercing", bool, default=False)), OPT, damage_command),
    Command("hydro.cmd.drone", "hydro", (Option("drone_name", unit=True),), OPT, drone_command),
    Command("hydro.cmd.drone_ap", "hydro_turn", (
        Option("drone_name", unit=True, required=True), Option("ap", int, required=True, min=0, max=10),
        Option("controller", unit=True)), OPT, drone_ap_command),
    Command("hydro.cmd.fall", "hydro", (
        Option("floors", int, required=True, min=0, max=50), Option("model", unit=True),
        Option("flying", bool, default=False)), OPT, fall_command),
    Command("hydro.cmd.move", "hydro", (
        Option("move", float, min=0, max=100), Option("number", int, min=1, max=10), Option("attacked", bool),
        Option("model", unit=True)), OPT, move_command),
    Command("hydro.cmd.game_length", "hydro", (), OPT, game_length_command, applies=False),
    Command("hydro.cmd.initiative", "hydro_turn", (
        Option("second_a", int, default=0, min=0, max=20), Option("second_b", int, default=0, min=0, max=20),
        Option("side_a", max_length=100), Option("side_b", max_length=100)), OPT, initiative_command, applies=False),
    Command("hydro.cmd.fuel", "hydro_turn", (
        Option("models", str, required=True, max_length=500),), OPT, fuel_command),
    Command("hydro.cmd.elemental", "hydro_turn", (
        Option("model", unit=True, required=True), Option("choice", str, required=True, choices=ELEMENTAL_CHOICES),
        Option("brn", max_length=3)), OPT, elemental_command),
    Command("hydro.cmd.odds_attack", "hydro", ATTACK_OPTIONS, OPT, attack_odds_command, heavy=True, applies=False,
            chart=True),
    Command("hydro.cmd.odds_artillery", "hydro", (
        Option("skill", int, required=True, min=-10, max=20), Option("dodge", int, required=True, min=0, max=40),
        Option("artillery_damage", str, required=True, max_length=5), Option("defence", str, required=True, max_length=3),
        Option("cover", str, default="none", choices=COVERS)), OPT, artillery_odds_command, heavy=True, applies=False,
        chart=True),
)
