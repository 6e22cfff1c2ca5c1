"""Owner-only upkeep: `@Bot sync [guild|global|GUILD_ID]`.

A mention command rather than a slash command, because it must work before any slash command
has been synced, and it never syncs by itself: Discord rate-limits command registration.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import logging

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from app.referee_bot import RefereeBot

log = logging.getLogger(__name__)


class AdminCog(commands.Cog):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @commands.command(name="sync")
    @commands.is_owner()
    async def sync(self, ctx: commands.Context, target: str = "guild") -> None:
        """Sync here (`guild`, instant), everywhere (`global`, up to an hour), or on a server id."""
        if target == "global":
            guild_id = None
        elif target == "guild":
            if ctx.guild is None:
                await ctx.reply("Use `global` or a server id in DMs.")
                return
            guild_id = ctx.guild.id
        elif target.isdigit():
            guild_id = int(target)
        else:
            await ctx.reply("Usage: `@bot sync [guild|global|SERVER_ID]`")
            return
        try:
            synced = await self.bot.sync_commands(guild_id)
        except discord.HTTPException as exc:
            log.exception("Command sync failed")
            await ctx.reply(f"Sync failed: {exc}")
            return
        where = f"server {guild_id}" if guild_id else "all servers (global)"
        await ctx.reply(f"Synced {len(synced)} command(s) to {where}.")

    @sync.error
    async def sync_error(self, ctx: commands.Context, error: commands.CommandError) -> None:
        if isinstance(error, commands.NotOwner):
            return  # stay silent to non-owners: nothing to see here
        log.exception("sync command failed", exc_info=error)
