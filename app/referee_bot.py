"""The bot: one command tree for every front end (Discord and the offline console)."""
from __future__ import annotations

import gc
import logging
import pkgutil
from typing import Any
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

import db
from app import compute
from games import registry
from app.services import Services
from app.translator import CatalogTranslator
from cogs._common import reply_error
from cogs._common.charts import ChartButton
from cogs.state._consent import ConsentButton
from cogs.state._end import EndButton
from cogs._common.screens import Screens, ScreenButton, ScreenMenu
from cogs._common.views import disable_live_views

log = logging.getLogger(__name__)
COGS_DIR = Path(__file__).resolve().parent.parent / "cogs"


def extension_names() -> list[str]:
    """Every feature package under cogs/ (those starting with '_' are helpers)."""
    return sorted(f"cogs.{m.name}" for m in pkgutil.iter_modules([str(COGS_DIR)]) if m.ispkg and not m.name.startswith("_"))


class RefereeTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await reply_error(interaction, error)


class RefereeBot(commands.AutoShardedBot):
    """Sharded from the start: one process runs the shards `discord.shard_ids` of
    `discord.shard_count` (all of Discord's recommended count when unset), and several processes
    share one PostgreSQL database (README, "Running several processes")."""

    def __init__(self, services: Services) -> None:
        config = services.config
        intents = discord.Intents.none()
        intents.guilds = True
        intents.guild_messages = True   # for the owner-only "@bot sync" mention command
        intents.dm_messages = True
        # Unset: Discord's recommended shard count, all in this process.
        sharding: dict[str, Any] = {}
        if config.shard_count:
            sharding["shard_count"] = config.shard_count
        if config.shard_ids:
            sharding["shard_ids"] = config.shard_ids
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=RefereeTree,
                         help_command=None, owner_ids=set(config.owner_ids) or None,
                         # Nothing the bot sends pings anyone unless a reply means to.
                         allowed_mentions=discord.AllowedMentions.none(), **sharding)
        self.services = services
        self.screens = Screens()        # replies whose controls survive a restart (cogs/_common/screens.py)

    async def setup_hook(self) -> None:
        registry.configure(self.services.config.games_packages)
        registry.check_all()          # an incomplete game stops the start, not a player's command
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(ScreenButton, ScreenMenu, ChartButton, ConsentButton, EndButton)
        if self.services.state is None:
            self.services.state = await db.open_store(self.services.config.database_url)
        for name in extension_names():
            await self.load_extension(name)
        log.info("Loaded %d command(s): %s", len(self.tree.get_commands()),
                 ", ".join(sorted(c.name for c in self.tree.get_commands())))
        # The rule index, the catalogs and the games are loaded for good: keep the collector
        # from walking them again on every full collection (pauses in the middle of a burst).
        gc.collect()
        gc.freeze()

    async def close(self) -> None:
        if not self.is_closed():
            await disable_live_views()   # nobody presses a control that no process answers any more
        compute.shutdown()               # no worker outlives the bot
        state, self.services.state = self.services.state, None
        if state is not None:
            await state.close()
        await super().close()

    async def sync_commands(self, guild_id: int | None) -> list[app_commands.AppCommand]:
        """Register the commands with Discord: on one server (instant) or globally (slow to
        propagate). Discord rate-limits this, so it's only done when asked."""
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()
