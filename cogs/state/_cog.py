"""Per-channel game state commands: /game, /unit, /status, /damage, /turn, /history,
/undo. Thin: parse options, call the store (`db/`), render. The rules live in
`games/<id>/state.py`; permissions and transactions in `db/store.py`."""
from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from cogs._common import L, actor_of, channel_key, locale_of
from cogs._common.markdown import render as shown, safe
from cogs._common.screens import show
from cogs.state import _render as render
from cogs.state import _screens as screens
from cogs.state._consent import consent_message
from cogs.state._end import confirm_message
from db.export_model import parse_export_bytes
from db.naming import resolve
from db import Actor, GameView, NeedsConsent, StateStore, is_manager
from games.registry import GAMES, resolve_game
from games.house_rules import house_rules
from games.procedure import ChangeOp, StateChange
from games.state_base import UnitState, rules_for
from i18n import Msg, UserError, tr
from app.services import store_of

IMPORT_LIMIT_KB = 1024
AMOUNT_LIMIT = 1000


def _store(interaction: discord.Interaction) -> StateStore:
    return store_of(interaction.client)


def _actor(interaction: discord.Interaction) -> Actor:
    user_id, name, moderator = actor_of(interaction)
    return Actor(user_id, name, moderator)


def _p(key: str) -> app_commands.locale_str:
    return L(f"state.param.{key}.name")


def _d(key: str) -> app_commands.locale_str:
    return L(f"state.param.{key}.desc")


async def _send(interaction: discord.Interaction, *, embed: discord.Embed | None = None,
                embeds: list[discord.Embed] | None = None, ephemeral: bool = False, **kw) -> None:
    if embeds is None:
        embeds = [embed] if embed is not None else []
    await interaction.response.send_message(embeds=embeds[:10], ephemeral=ephemeral, **kw)


async def _need_game(interaction: discord.Interaction) -> GameView:
    return await _store(interaction).require_game(*channel_key(interaction))


def _choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=name[:100], value=value[:100])


class StateCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # ================================================================ /game
    game = app_commands.Group(name=L("state.cmd.game.name"), description=L("state.cmd.game.desc"), guild_only=True)

    @game.command(name=L("state.cmd.game.start.name"), description=L("state.cmd.game.start.desc"))
    @app_commands.rename(system=_p("game"), name=_p("game_name"), side=_p("side"))
    @app_commands.describe(system=_d("game"), name=_d("game_name"), side=_d("own_side"))
    async def game_start(self, interaction: discord.Interaction, system: str, name: str | None = None,
                         side: str | None = None) -> None:
        locale = locale_of(interaction)
        info = resolve_game(system)      # an id, a title or a nickname: «эпик», "hh", «вармастер» …
        if info is None:
            raise UserError("state.error.unknown_game", example="state.example.game_start", game=system)
        game = await _store(interaction).start_game(*channel_key(interaction), _actor(interaction), info.id, name, side)
        embed = discord.Embed(title=tr("state.reply.started", locale, game=GAMES[game.system].title(locale)),
                              description=render.game_header(game, locale) + "\n\n" + tr("state.reply.next_steps", locale),
                              colour=render.COLOUR)
        await _send(interaction, embed=embed)

    @game_start.autocomplete("system")
    async def _game_ac(self, interaction: discord.Interaction, current: str):
        locale = locale_of(interaction)
        typed = resolve_game(current)
        return [_choice(info.title(locale), info.id) for info in GAMES.values()
                if not current or (typed is not None and typed.id == info.id)
                or current.casefold() in (info.id + info.title_ru + info.title_en + " ".join(info.nicknames)).casefold()][:25]

    @game.command(name=L("state.cmd.game.join.name"), description=L("state.cmd.game.join.desc"))
    @app_commands.rename(side=_p("side"), player=_p("player"))
    @app_commands.describe(side=_d("side"), player=_d("player"))
    async def game_join(self, interaction: discord.Interaction, side: str,
                        player: discord.Member | None = None) -> None:
        other = None if player is None else Actor(player.id, player.display_name, False)
        try:
            result = await _store(interaction).join(*channel_key(interaction), _actor(interaction), side, other)
        except NeedsConsent as asked:
            embed, view = consent_message(_actor(interaction), asked.side, asked.holders, locale_of(interaction))
            await interaction.response.send_message(embed=embed, view=view)
            return
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @game_join.autocomplete("side")
    async def _side_ac(self, interaction: discord.Interaction, current: str):
        return await self._side_choices(interaction, current)

    async def _side_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = await _store(interaction).channel_game(*channel_key(interaction))
        if game is None:
            return []
        sides = {s for s in game.sides}
        for unit_side in await self._unit_sides(interaction):
            sides.add(unit_side)
        return [_choice(s, s) for s in sorted(sides) if current.casefold() in s.casefold()][:25]

    async def _unit_sides(self, interaction: discord.Interaction) -> set[str]:
        try:
            _, units = await _store(interaction).units(*channel_key(interaction))
        except UserError:
            return set()
        return {u.side for u in units}

    @game.command(name=L("state.cmd.game.status.name"), description=L("state.cmd.game.status.desc"))
    async def game_status(self, interaction: discord.Interaction) -> None:
        await show(interaction, await screens.status_page(interaction, 0))

    @game.command(name=L("state.cmd.game.end.name"), description=L("state.cmd.game.end.desc"))
    async def game_end(self, interaction: discord.Interaction) -> None:
        game = await _need_game(interaction)
        if not is_manager(game, _actor(interaction)):
            raise UserError("state.error.owner_only", owner=game.owner_name)
        embed, view = confirm_message(game.id, game.system, locale_of(interaction))
        await _send(interaction, embed=embed, view=view, ephemeral=True)

    @game.command(name=L("state.cmd.game.restore.name"), description=L("state.cmd.game.restore.desc"))
    async def game_restore(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        game = await _store(interaction).restore_game(*channel_key(interaction), _actor(interaction))
        await _send(interaction, embed=discord.Embed(
            title=tr("state.reply.restored", locale, game=GAMES[game.system].title(locale)),
            description=render.game_header(game, locale), colour=render.COLOUR))

    @game.command(name=L("state.cmd.game.export.name"), description=L("state.cmd.game.export.desc"))
    async def game_export(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        data = await _store(interaction).export_game(*channel_key(interaction))
        raw = json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")
        filename = f"{data['game']['system']}-{interaction.channel_id}-turn{data['game']['turn']}.json"
        await interaction.response.send_message(
            content=tr("state.reply.exported", locale, units=len(data["units"])),
            file=discord.File(io.BytesIO(raw), filename=filename))

    @game.command(name=L("state.cmd.game.import.name"), description=L("state.cmd.game.import.desc"))
    @app_commands.rename(file=_p("file"))
    @app_commands.describe(file=_d("file"))
    async def game_import(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size and file.size > IMPORT_LIMIT_KB * 1024:
            raise UserError("state.error.import_too_big", example="state.example.game_import", limit=IMPORT_LIMIT_KB)
        try:
            raw = await file.read()
        except discord.HTTPException:      # NotFound too: the attachment is gone or unreadable
            raise UserError("state.error.import_unreadable", example="state.example.game_import") from None
        if len(raw) > IMPORT_LIMIT_KB * 1024:
            raise UserError("state.error.import_too_big", example="state.example.game_import", limit=IMPORT_LIMIT_KB)
        export = parse_export_bytes(raw)
        result = await _store(interaction).import_game(*channel_key(interaction), _actor(interaction), export)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @game.command(name=L("state.cmd.game.settings.name"), description=L("state.cmd.game.settings.desc"))
    @app_commands.rename(setting=_p("setting"), value=_p("value"))
    @app_commands.describe(setting=_d("setting"), value=_d("value"))
    async def game_settings(self, interaction: discord.Interaction, setting: str | None = None,
                            value: str | None = None) -> None:
        locale = locale_of(interaction)
        if setting is None or value is None:
            if setting is not None or value is not None:
                raise UserError("state.error.setting_needs_both", example="state.example.settings")
            game = await _need_game(interaction)
            await _send(interaction, embed=render.settings_embed(game, house_rules(game.system), locale), ephemeral=True)
            return
        result = await _store(interaction).set_setting(*channel_key(interaction), _actor(interaction), setting, value)
        await _send(interaction, embed=render.result_embed(result, locale))

    @game_settings.autocomplete("setting")
    async def _setting_ac(self, interaction: discord.Interaction, current: str):
        game = await _store(interaction).channel_game(*channel_key(interaction))
        if game is None:
            return []
        locale = locale_of(interaction)
        return [_choice(rule.title.render(locale), key) for key, rule in house_rules(game.system).items()
                if current.casefold() in (key + rule.title.render(locale)).casefold()][:25]

    @game_settings.autocomplete("value")
    async def _value_ac(self, interaction: discord.Interaction, current: str):
        game = await _store(interaction).channel_game(*channel_key(interaction))
        rule = None if game is None else house_rules(game.system).get(getattr(interaction.namespace, "setting", None) or "")
        if rule is None:
            return []
        locale = locale_of(interaction)
        out = []
        for choice in rule.choices:
            title = rule.choice_titles.get(choice)
            out.append(_choice(title.render(locale) if title else choice, choice))
        return out[:25]

    # ================================================================ /unit
    unit = app_commands.Group(name=L("state.cmd.unit.name"), description=L("state.cmd.unit.desc"), guild_only=True)

    @unit.command(name=L("state.cmd.unit.add.name"), description=L("state.cmd.unit.add.desc"))
    @app_commands.rename(name=_p("unit_name"), size=_p("size"), side=_p("side"), unit_type=_p("type"), per=_p("per"),
                         profile=_p("profile"))
    @app_commands.describe(name=_d("unit_name"), size=_d("size"), side=_d("side"), unit_type=_d("type"), per=_d("per"),
                           profile=_d("profile"))
    async def unit_add(self, interaction: discord.Interaction, name: str, size: app_commands.Range[int, 1, 10000],
                       side: str | None = None, unit_type: str | None = None,
                       per: app_commands.Range[int, 1, 100] | None = None,
                       profile: app_commands.Range[str, 1, 200] | None = None) -> None:
        result = await _store(interaction).add_unit(*channel_key(interaction), _actor(interaction), name, size,
                                                    side, unit_type, per, profile)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @unit.command(name=L("state.cmd.unit.edit.name"), description=L("state.cmd.unit.edit.desc"))
    @app_commands.rename(unit=_p("unit"), unit_type=_p("type"), size=_p("size"), per=_p("per"), profile=_p("profile"))
    @app_commands.describe(unit=_d("unit"), unit_type=_d("type"), size=_d("size"), per=_d("per"),
                           profile=_d("profile_edit"))
    async def unit_edit(self, interaction: discord.Interaction, unit: str, unit_type: str | None = None,
                        size: app_commands.Range[int, 1, 10000] | None = None,
                        per: app_commands.Range[int, 1, 100] | None = None,
                        profile: app_commands.Range[str, 1, 200] | None = None) -> None:
        result = await _store(interaction).edit_unit(*channel_key(interaction), _actor(interaction), unit,
                                                     unit_type=unit_type, size=size, per=per, profile=profile)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @unit.command(name=L("state.cmd.unit.show.name"), description=L("state.cmd.unit.show.desc"))
    @app_commands.rename(unit=_p("unit"))
    @app_commands.describe(unit=_d("unit"))
    async def unit_show(self, interaction: discord.Interaction, unit: str) -> None:
        locale = locale_of(interaction)
        game = await _need_game(interaction)
        found = await _store(interaction).find_unit(*channel_key(interaction), unit)
        if found is None:
            raise UserError("state.error.unknown_unit", example="state.example.unit_list", unit=unit)
        await _send(interaction, embed=render.unit_embed(game, found, locale))

    @unit_add.autocomplete("side")
    async def _unit_side_ac(self, interaction: discord.Interaction, current: str):
        return await self._side_choices(interaction, current)

    @unit_add.autocomplete("unit_type")
    @unit_edit.autocomplete("unit_type")
    async def _type_ac(self, interaction: discord.Interaction, current: str):
        game = await _store(interaction).channel_game(*channel_key(interaction))
        if game is None:
            return []
        locale = locale_of(interaction)
        return [_choice(title.render(locale), key) for key, title in rules_for(game.system).unit_types.items()
                if current.casefold() in (key + title.render(locale)).casefold()][:25]

    @unit.command(name=L("state.cmd.unit.remove.name"), description=L("state.cmd.unit.remove.desc"))
    @app_commands.rename(unit=_p("unit"))
    @app_commands.describe(unit=_d("unit"))
    async def unit_remove(self, interaction: discord.Interaction, unit: str) -> None:
        result = await _store(interaction).remove_unit(*channel_key(interaction), _actor(interaction), unit)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @unit.command(name=L("state.cmd.unit.rename.name"), description=L("state.cmd.unit.rename.desc"))
    @app_commands.rename(unit=_p("unit"), new_name=_p("new_name"))
    @app_commands.describe(unit=_d("unit"), new_name=_d("new_name"))
    async def unit_rename(self, interaction: discord.Interaction, unit: str, new_name: str) -> None:
        result = await _store(interaction).rename_unit(*channel_key(interaction), _actor(interaction), unit, new_name)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @unit.command(name=L("state.cmd.unit.list.name"), description=L("state.cmd.unit.list.desc"))
    @app_commands.rename(side=_p("side"))
    @app_commands.describe(side=_d("side_filter"))
    async def unit_list(self, interaction: discord.Interaction, side: str | None = None) -> None:
        await show(interaction, await screens.units_page(interaction, 0, side))

    @unit_list.autocomplete("side")
    async def _list_side_ac(self, interaction: discord.Interaction, current: str):
        return await self._side_choices(interaction, current)

    # ================================================================ /status
    status = app_commands.Group(name=L("state.cmd.status.name"), description=L("state.cmd.status.desc"), guild_only=True)

    @status.command(name=L("state.cmd.status.set.name"), description=L("state.cmd.status.set.desc"))
    @app_commands.rename(unit=_p("unit"), condition=_p("status"))
    @app_commands.describe(unit=_d("unit"), condition=_d("status"))
    async def status_set(self, interaction: discord.Interaction, unit: str, condition: str) -> None:
        await self._status(interaction, unit, condition, True)

    @status.command(name=L("state.cmd.status.clear.name"), description=L("state.cmd.status.clear.desc"))
    @app_commands.rename(unit=_p("unit"), condition=_p("status"))
    @app_commands.describe(unit=_d("unit"), condition=_d("status"))
    async def status_clear(self, interaction: discord.Interaction, unit: str, condition: str) -> None:
        await self._status(interaction, unit, condition, False)

    async def _status(self, interaction: discord.Interaction, unit: str, condition: str, on: bool) -> None:
        op: ChangeOp = "status_on" if on else "status_off"
        chosen: dict = {}

        def build(state: UnitState, rules) -> list[StateChange]:
            chosen["key"] = key = _status_key(rules, condition)
            chosen["label"] = rules.statuses[key].label if key in rules.statuses else Msg.of("state.show.tag", tag=key)
            return [StateChange(state.name, key, op)]

        def summary(state: UnitState) -> Msg:
            return Msg.of(f"state.event.{op}", unit=state.name, status=chosen["label"])
        result = await _store(interaction).change_unit(*channel_key(interaction), _actor(interaction), unit, build,
                                                       summary, kind="status")
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @status_set.autocomplete("condition")
    @status_clear.autocomplete("condition")
    async def _status_ac(self, interaction: discord.Interaction, current: str):
        game = await _store(interaction).channel_game(*channel_key(interaction))
        if game is None:
            return []
        locale = locale_of(interaction)
        return [_choice(track.label.render(locale), key) for key, track in rules_for(game.system).statuses.items()
                if current.casefold() in (key + track.label.render(locale)).casefold()][:25]

    # ================================================================ /damage
    @app_commands.command(name=L("state.cmd.damage.name"), description=L("state.cmd.damage.desc"))
    @app_commands.rename(unit=_p("unit"), amount=_p("amount"))
    @app_commands.describe(unit=_d("unit"), amount=_d("damage_amount"))
    @app_commands.guild_only()
    async def damage(self, interaction: discord.Interaction, unit: str,
                     amount: app_commands.Range[int, -AMOUNT_LIMIT, AMOUNT_LIMIT]) -> None:
        if amount == 0:
            raise UserError("state.error.bad_amount", example="state.example.damage", limit=AMOUNT_LIMIT)
        result = await _store(interaction).change_unit(
            *channel_key(interaction), _actor(interaction), unit, lambda state, rules: rules.damage(state, amount),
            lambda state: Msg.of("state.event.damage", n=amount, unit=state.name), kind="damage")
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    # ================================================================ /turn
    turn = app_commands.Group(name=L("state.cmd.turn.name"), description=L("state.cmd.turn.desc"), guild_only=True)

    @turn.command(name=L("state.cmd.turn.next.name"), description=L("state.cmd.turn.next.desc"))
    @app_commands.rename(side=_p("side"))
    @app_commands.describe(side=_d("active_side"))
    async def turn_next(self, interaction: discord.Interaction, side: str | None = None) -> None:
        result = await _store(interaction).next_turn(*channel_key(interaction), _actor(interaction), side)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @turn_next.autocomplete("side")
    async def _turn_side_ac(self, interaction: discord.Interaction, current: str):
        return await self._side_choices(interaction, current)

    @turn.command(name=L("state.cmd.turn.phase.name"), description=L("state.cmd.turn.phase.desc"))
    @app_commands.rename(phase=_p("phase"))
    @app_commands.describe(phase=_d("phase"))
    async def turn_phase(self, interaction: discord.Interaction, phase: str | None = None) -> None:
        result = await _store(interaction).set_phase(*channel_key(interaction), _actor(interaction), phase)
        await _send(interaction, embed=render.result_embed(result, locale_of(interaction)))

    @turn_phase.autocomplete("phase")
    async def _phase_ac(self, interaction: discord.Interaction, current: str):
        game = await _store(interaction).channel_game(*channel_key(interaction))
        if game is None:
            return []
        locale = locale_of(interaction)
        return [_choice(tr(f"state.phase.{game.system}.{p}", locale), p) for p in rules_for(game.system).phases
                if current.casefold() in (p + tr(f"state.phase.{game.system}.{p}", locale)).casefold()][:25]

    # ================================================================ /history, /undo
    @app_commands.command(name=L("state.cmd.history.name"), description=L("state.cmd.history.desc"))
    @app_commands.rename(limit=_p("limit"))
    @app_commands.describe(limit=_d("limit"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, limit: app_commands.Range[int, 1, 25] = 10) -> None:
        await show(interaction, await screens.history_page(interaction, limit, None, 0))

    @app_commands.command(name=L("state.cmd.undo.name"), description=L("state.cmd.undo.desc"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        event = await _store(interaction).undo(*channel_key(interaction), _actor(interaction))
        await _send(interaction, embed=discord.Embed(
            title=tr("state.reply.undone", locale, id=event.id),
            description=tr("state.reply.undone_what", locale, summary=shown(event.summary, locale), actor=safe(event.actor_name)),
            colour=render.COLOUR))

    # ================================================================ unit autocomplete
    @unit_remove.autocomplete("unit")
    @unit_rename.autocomplete("unit")
    @unit_edit.autocomplete("unit")
    @unit_show.autocomplete("unit")
    @status_set.autocomplete("unit")
    @status_clear.autocomplete("unit")
    @damage.autocomplete("unit")
    async def _unit_ac(self, interaction: discord.Interaction, current: str):
        names = await _store(interaction).unit_names(*channel_key(interaction), current)
        return [_choice(n, n) for n in names]


def _status_key(rules, typed: str) -> str:
    """A status key from its key or its title in either language (db.naming.resolve)."""
    labels = {key: track.label for key, track in rules.statuses.items()}
    found = resolve(typed, labels)
    if found is not None:
        return found
    wanted = " ".join(typed.casefold().replace("ё", "е").split())
    if rules.free_statuses and wanted:
        return wanted[:32]
    raise rules.unknown_status(typed)
