"""Options every combat command shares: unit names autocompleted from the channel's game, the
channel's game and its house-rule settings, and small parsers ("4+" → 4)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from cogs._common import channel_key
from games.house_rules import effective
from games.inputs import parse_plus  # noqa: F401  (the cogs' import path until they move)
from app.services import services_of
from dice import Roller

if TYPE_CHECKING:
    from db import StateStore

log = logging.getLogger(__name__)


def store_of(interaction: discord.Interaction) -> StateStore | None:
    return services_of(interaction.client).state


def roller_of(interaction: discord.Interaction) -> Roller:
    return services_of(interaction.client).roller


async def channel_game(interaction: discord.Interaction, game_id: str | None = None):
    """The channel's live game (a `db.GameView`), or None — also None when it is another game."""
    store = store_of(interaction)
    if store is None:
        return None
    guild_id, channel_id = channel_key(interaction)
    game = await store.channel_game(guild_id, channel_id)
    if game is None or (game_id is not None and game.system != game_id):
        return None
    return game


async def settings_for(interaction: discord.Interaction, game_id: str) -> dict[str, str]:
    """Every house-rule setting of `game_id`: the channel's choices when it plays that game."""
    game = await channel_game(interaction, game_id)
    return effective(game_id, game.settings if game else None)


async def find_unit(interaction: discord.Interaction, game_id: str, name: str | None):
    """The tracked unit called `name` in the channel's game of `game_id` (a `db.UnitView`), or None."""
    if not name:
        return None
    store = store_of(interaction)
    game = await channel_game(interaction, game_id)
    if store is None or game is None:
        return None
    guild_id, channel_id = channel_key(interaction)
    return await store.find_unit(guild_id, channel_id, name)


async def unit_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Unit names of the channel's game (any system); [] without a game."""
    store = store_of(interaction)
    if store is None:
        return []
    guild_id, channel_id = channel_key(interaction)
    try:
        names = await store.unit_names(guild_id, channel_id, current or "", limit=25)
    except Exception:   # autocomplete must answer quickly and never raise; the log says why
        log.warning("unit names for autocomplete failed", exc_info=True)
        return []
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names]


def localized_params(prefix: str, *names: str):
    """Rename and describe parameters from catalog keys `<prefix>.<name>.name` / `.desc`."""
    from cogs._common import L

    def decorate(func):
        func = app_commands.rename(**{n: L(f"{prefix}.{n}.name") for n in names})(func)
        return app_commands.describe(**{n: L(f"{prefix}.{n}.desc") for n in names})(func)
    return decorate
