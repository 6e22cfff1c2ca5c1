"""Turning failures into short, ephemeral replies in the user's language.

`UserError` (bad input) → its explanation and an example that works. Discord-side checks and
option conversion failures → a localized explanation. Anything else → logged with its
traceback, and the user gets a generic message (never the traceback).
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from cogs._common.limits import fit_embed
from cogs._common.markdown import render, safe
from cogs._common.text import locale_of
from i18n import UserError, tr

log = logging.getLogger(__name__)
ERROR_COLOUR = discord.Colour.red()


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, (app_commands.CommandInvokeError,)) and error.original is not None:
        error = error.original
    return error


def error_embed(text: str, locale: str, example: str | None = None) -> discord.Embed:
    embed = discord.Embed(title=tr("common.error_title", locale), description=text, colour=ERROR_COLOUR)
    if example:
        embed.description = f"{text}\n\n{tr('common.example', locale, example=example)}"
    return fit_embed(embed)


async def _send(interaction: discord.Interaction, embed: discord.Embed) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(embed=embed, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def send_user_error(interaction: discord.Interaction, error: UserError) -> None:
    locale = locale_of(interaction)
    example = render(error.example, locale) if error.example else None
    await _send(interaction, error_embed(render(error.msg, locale), locale, example))


def _describe_check_failure(error: app_commands.AppCommandError, locale: str) -> str | None:
    if isinstance(error, app_commands.NoPrivateMessage):
        return tr("common.guild_only", locale)
    if isinstance(error, (app_commands.MissingPermissions, app_commands.CheckFailure)):
        return tr("common.no_permission", locale)
    if isinstance(error, app_commands.TransformerError):
        return tr("common.bad_option", locale, value=safe(str(error.value)[:100]))
    if isinstance(error, app_commands.CommandOnCooldown):
        return tr("common.cooldown", locale, seconds=f"{error.retry_after:.0f}")
    return None


async def reply_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The one place errors from commands and components become replies."""
    error = _unwrap(error)
    locale = locale_of(interaction)
    try:
        if isinstance(error, UserError):
            await send_user_error(interaction, error)
            return
        text = _describe_check_failure(error, locale) if isinstance(error, app_commands.AppCommandError) else None
        if text is None:
            command = getattr(interaction.command, "qualified_name", None)
            log.error("Unhandled error in %s", command or interaction.data, exc_info=error)
            text = tr("common.internal_error", locale)
        await _send(interaction, error_embed(text, locale))
    except discord.HTTPException:
        log.exception("Could not tell the user about an error")
