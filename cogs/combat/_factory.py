"""Discord commands built from the games' declarations (`games.commands`), per bot.

Every game's commands share one shape, so one function runs them all: defer if the work is
heavy, read the channel's game (house rules, the tracked units the options name), call the
game's core function (in a worker process when heavy), apply what it changed as one undoable
event, render the result. A cog per game holds its commands; the shared groups (/shoot,
/assault, /odds, /check) are made per bot by `cogs/combat/__init__.py`.
"""
from __future__ import annotations

import inspect
from typing import Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from app import compute
from cogs._common import L, channel_key
from cogs.combat._apply import apply_result
from cogs.combat._options import channel_game, store_of, unit_autocomplete
from cogs._common.charts import ChartRequest
from cogs.combat._render import send_result
from games.commands import Command, CommandContext, Group, Option, UnitRef
from games.procedure import Distribution, ProcedureResult
from i18n import Msg, Number, Percent
from games.house_rules import effective
from games.registry import GameSystem
from app.services import services_of


def _annotation(option: Option) -> Any:
    annotation: Any = option.type
    if option.min is not None or option.max is not None:
        annotation = app_commands.Range[option.type, option.min, option.max]
    elif option.type is str and option.max_length:
        annotation = app_commands.Range[str, 1, option.max_length]
    return annotation if option.required else Optional[annotation]


# Options the factory adds to every charted command (`Command.chart`), named from combat_shared.
CHART_OPTIONS = (Option("chart", bool, default=False),)
COMPARE_OPTION = Option("compare", str, max_length=200)


def options_of(spec: Command) -> tuple[Option, ...]:
    """The command's own options and those the factory adds."""
    added = (CHART_OPTIONS + ((COMPARE_OPTION,) if spec.compare else ())) if spec.chart else ()
    return spec.options + added


def _option_key(spec: Command, option: Option) -> str:
    return f"{spec.options_key}.{option.name}" if option in spec.options else f"combat_shared.opt.{option.name}"


def _signature(spec: Command) -> inspect.Signature:
    ordered = sorted(options_of(spec), key=lambda o: not o.required)     # Python: required ones first
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    for option in ordered:
        default = inspect.Parameter.empty if option.required else option.default
        params.append(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=_annotation(option)))
    return inspect.Signature(params)


async def _unit_ref(interaction: discord.Interaction, game_id: str, typed: str | None) -> UnitRef:
    if not typed:
        return UnitRef(None)
    store = store_of(interaction)
    game = await channel_game(interaction, game_id)
    if store is None or game is None:
        return UnitRef(typed)
    unit = await store.find_unit(*channel_key(interaction), typed)
    return UnitRef(typed, unit.working_copy() if unit is not None else None)


async def _context(interaction: discord.Interaction, system: GameSystem, spec: Command) -> CommandContext:
    playing = await channel_game(interaction)            # whatever game the channel plays
    game = playing if playing is not None and playing.system == system.id else None
    roster: tuple = ()
    store = store_of(interaction)
    if spec.roster and game is not None and store is not None:      # a game is found only in a store
        _, units = await store.units(*channel_key(interaction))
        roster = tuple(u.working_copy() for u in units)
    return CommandContext(
        roller=None if spec.heavy else services_of(interaction.client).roller,
        settings=effective(system.id, game.settings if game else None), in_game=game is not None,
        phase=game.phase if game else None, turn=game.turn if game else None, roster=roster,
        active_side=game.active_side if game else None, channel_system=playing.system if playing else None)


async def run_command(interaction: discord.Interaction, system: GameSystem, spec: Command,
                      values: dict[str, Any]) -> None:
    if spec.heavy:
        await interaction.response.defer(thinking=True)    # at once: the work may take seconds
    kwargs = dict(values)
    attach_chart = bool(kwargs.pop("chart", False))
    compare = kwargs.pop("compare", None)
    for option in spec.options:
        kwargs.setdefault(option.name, option.default)
        if option.unit:
            kwargs[option.name] = await _unit_ref(interaction, system.id, kwargs[option.name])
    ctx = await _context(interaction, system, spec)
    result = await _computed(spec, ctx, kwargs)
    applied = await apply_result(interaction, result, own_side=spec.own_side) if spec.applies else None
    chart, notes = None, []
    if result.distribution is not None:           # every odds reply can draw its distribution (📊)
        series = [(str(kwargs[spec.compare]) if compare and spec.compare else "", result.distribution)]
        if compare and spec.compare:
            other = await _computed(spec, ctx, {**kwargs, spec.compare: compare})
            if other.distribution is not None:
                series.append((compare, other.distribution))
                notes.append(compared_note(compare, other.distribution))
        chart = ChartRequest(result.title, tuple(series))
    await send_result(interaction, result, applied, extra_notes=notes, chart=chart, attach_chart=attach_chart)


async def _computed(spec: Command, ctx: CommandContext, kwargs: dict[str, Any]) -> ProcedureResult:
    if spec.heavy:
        return await compute.run(spec.run, ctx, **kwargs)
    return spec.run(ctx, **kwargs)


def compared_note(label: str, distribution: Distribution) -> Msg:
    """The compared profile's headline in the text too: its mean and the event's chance."""
    chance = distribution.event_probability
    return Msg.of("combat_shared.compared", profile=label, mean=Number(distribution.mean()),
                  event=distribution.event or "", chance=Percent(chance) if chance is not None else "—")


def build_command(system: GameSystem, spec: Command, parent: app_commands.Group | None) -> app_commands.Command:
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await run_command(interaction, system, spec, values)

    callback.__signature__ = _signature(spec)  # type: ignore[attr-defined]
    callback.__qualname__ = callback.__name__ = spec.key.replace(".", "_")
    names = {o.name: L(f"{_option_key(spec, o)}.name") for o in options_of(spec)}
    descriptions = {o.name: L(f"{_option_key(spec, o)}.desc") for o in options_of(spec)}
    decorated = app_commands.describe(**descriptions)(app_commands.rename(**names)(callback))
    choices = {o.name: [app_commands.Choice(name=L(c.key), value=c.value) for c in o.choices]
               for o in spec.options if o.choices}
    if choices:
        decorated = app_commands.choices(**choices)(decorated)
    command: app_commands.Command = app_commands.Command(name=L(f"{spec.key}.name"), description=L(f"{spec.key}.desc"),
                                   callback=decorated, parent=parent, extras={"game": system.id})
    if parent is not None:
        parent.add_command(command, override=True)
    for option in spec.options:
        if option.unit:
            command.autocomplete(option.name)(unit_autocomplete)
    return command


def build_group(spec: Group, shared: dict[str, app_commands.Group], game_id: str) -> app_commands.Group:
    group = app_commands.Group(name=L(f"{spec.key}.name"), description=L(f"{spec.key}.desc"),
                               guild_only=spec.guild_only and spec.parent is None, extras={"game": game_id})
    if spec.parent:
        shared[spec.parent].add_command(group, override=True)
    return group


class GameCommands(commands.Cog):
    """One game's commands, built for one bot from the game's declaration."""

    def __init__(self, bot: commands.Bot, system: GameSystem, shared: dict[str, app_commands.Group]) -> None:
        self.bot = bot
        self.system = system
        own = {g.id: build_group(g, shared, system.id) for g in system.groups}
        self.top_level: list[app_commands.Command | app_commands.Group] = [
            own[g.id] for g in system.groups if g.parent is None]
        for spec in system.commands:
            parent = own.get(spec.group) or shared.get(spec.group or "")
            if spec.group and parent is None:
                raise ValueError(f"{system.id}: command {spec.key} names unknown group {spec.group!r}")
            command = build_command(system, spec, parent)
            if parent is None:
                self.top_level.append(command)

    async def cog_load(self) -> None:
        for command in self.top_level:
            self.bot.tree.add_command(command)

    async def cog_unload(self) -> None:
        for command in self.top_level:
            self.bot.tree.remove_command(command.name)


def game_cog(bot: commands.Bot, system: GameSystem, shared: dict[str, app_commands.Group]) -> GameCommands:
    """A cog named after its game (cog names must differ)."""
    cls = type(f"Commands_{system.id}", (GameCommands,), {})
    return cls(bot, system, shared)
