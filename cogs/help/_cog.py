"""/help: every command of the tree with its description and an example, in the user's language."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs._common import L, Paginator, chunk_text, locale_of
from cogs._common.limits import LIMITS


def _walk(command, prefix: str = ""):
    """Every invocable command with its full path, groups expanded."""
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            yield from _walk(child, f"{prefix}{_name(command)} ")
    else:
        yield f"{prefix}{_name(command)}", command


def _name(command) -> str:
    return command.name


def _localized(locale_str_or_text, locale: str) -> str:
    key = getattr(locale_str_or_text, "extras", {}).get("key")
    return i18n.tr(key, locale) if key else str(locale_str_or_text)


def _localized_path(command, locale: str) -> str:
    parts = []
    node = command
    while node is not None:
        parts.append(_localized(getattr(node, "_locale_name", None) or node.name, locale))
        node = node.parent
    return " ".join(reversed(parts))


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("help.cmd.name"), description=L("help.cmd.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        lines = []
        for top in sorted(self.bot.tree.get_commands(), key=lambda c: c.name):
            for _, command in _walk(top):
                description = _localized(getattr(command, "_locale_description", None) or command.description, locale)
                example_key = f"help.example.{command.qualified_name.replace(' ', '.')}"
                example = f"\n  `{i18n.tr(example_key, locale)}`" if i18n.has(example_key) else ""
                lines.append(f"**/{_localized_path(command, locale)}** — {description}{example}")
        pages = []
        for chunk in chunk_text("\n".join(lines), LIMITS.embed_description - 200, separators=("\n**",)):
            embed = discord.Embed(title=i18n.tr("help.title", locale), description=chunk, colour=discord.Colour.blurple())
            embed.set_footer(text=i18n.tr("help.footer", locale))
            pages.append(embed)
        await Paginator(pages, author_id=interaction.user.id, locale=locale).send(interaction, ephemeral=True)
