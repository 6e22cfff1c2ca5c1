"""Gives Discord the Russian names and descriptions of commands, parameters and choices.

Command text is declared with `cogs._common.L(key)`: English is the default Discord shows,
and this translator supplies the Russian from the same i18n catalog entry.
"""
from __future__ import annotations

import discord
from discord import app_commands

import i18n


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        if key is None or locale is not discord.Locale.russian or not i18n.has(key):
            return None
        return i18n.tr(key, "ru")
