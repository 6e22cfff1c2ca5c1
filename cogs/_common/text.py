"""Localized command text and who/where an interaction comes from."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord import app_commands

import i18n
from app.services import services_of

if TYPE_CHECKING:
    import discord


def L(key: str) -> app_commands.locale_str:
    """A command/parameter name, description or choice name from the i18n catalogs.

    The English text is the default Discord shows; the Russian one is added by the tree's
    translator (`app/translator.py`). A missing key fails at import, not at sync time.
    """
    if not i18n.has(key):
        raise KeyError(f"i18n key {key!r} is missing from i18n/messages/*.toml")
    return app_commands.locale_str(i18n.tr(key, "en"), key=key)


def locale_of(interaction: "discord.Interaction") -> str:
    """'ru' or 'en' for this user. Locales other than Russian and English get the
    server's configured default language."""
    default = _default_language(interaction)
    raw = str(getattr(interaction.locale, "value", interaction.locale) or "")
    if raw.startswith("ru"):
        return "ru"
    if raw.startswith("en"):
        return "en"
    return default


def _default_language(interaction: Any) -> str:
    return services_of(interaction.client).config.default_language


def channel_key(interaction: "discord.Interaction") -> tuple[int, int]:
    """(guild_id, channel_id) that game state is keyed by. Inside a thread, channel_id is the
    thread's own id, so every thread can hold its own game. DMs use guild 0."""
    return (interaction.guild_id or 0, interaction.channel_id or 0)


def actor_of(interaction: "discord.Interaction") -> tuple[int, str, bool]:
    """(user id, display name, may moderate) of whoever sent the interaction."""
    user = interaction.user
    perms = interaction.permissions
    return (user.id, getattr(user, "display_name", user.name), bool(perms.manage_messages or perms.administrator))


def game_choices() -> list[app_commands.Choice[str]]:
    """A `game` option's choices: every registered game, named as its players know it."""
    from games.registry import GAMES
    return [app_commands.Choice(name=L(f"{game_id}.short"), value=game_id) for game_id in GAMES][:25]
