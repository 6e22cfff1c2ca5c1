"""/help: an overview with an example per area, and a menu opening each area's commands.

Areas come from where a command is defined (`cogs/dice`, `cogs/state`, `cogs/combat/epic.py`…),
so a new game's commands get their own page without touching this file. Examples are stored
as arguments only (`help.example.<qualified name>`); the command path is rendered in the
user's language, as their Discord client shows it.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs._common import L, Paginator, chunk_text, locale_of
from cogs._common.limits import LIMITS, trim
from games import GAMES

# The order areas are listed in; an area not named here comes last.
AREA_ORDER = ("dice", "rules", "state", *GAMES, "combat", "help")
# Areas on the overview page, each with the commands whose examples it shows.
OVERVIEW = {
    "dice": ("roll",),
    "rules": ("rule", "rules"),
    "state": ("game start", "unit add", "blast add", "undo"),
    "fight": ("shoot epic", "shoot hh", "fow shoot", "wm command", "hydro attack", "table"),
}


def leaf_commands(tree: app_commands.CommandTree):
    """Every invocable command, groups expanded, in the tree's order."""
    def walk(command):
        if isinstance(command, app_commands.Group):
            for child in command.commands:
                yield from walk(child)
        else:
            yield command
    for top in sorted(tree.get_commands(), key=lambda c: c.name):
        yield from walk(top)


def area_of(command: app_commands.Command) -> str:
    """'dice', 'rules', 'state', a game id for its combat commands, 'combat' for shared ones…"""
    parts = command.module.split(".")
    if len(parts) > 2 and parts[1] == "combat":
        return parts[2] if parts[2] in GAMES else "combat"
    return parts[1] if len(parts) > 1 else command.module


def area_title(area: str, locale: str) -> str:
    if area in GAMES:
        return i18n.tr("help.area.game", locale, game=GAMES[area].title(locale))
    return i18n.tr(f"help.area.{area}", locale) if i18n.has(f"help.area.{area}") else area


def _text(value, locale: str) -> str:
    key = getattr(value, "extras", {}).get("key")
    return i18n.tr(key, locale) if key else str(value)


def localized_path(command, locale: str) -> str:
    parts = []
    while command is not None:
        parts.append(_text(getattr(command, "_locale_name", None) or command.name, locale))
        command = command.parent
    return "/" + " ".join(reversed(parts))


def example(command, locale: str) -> str | None:
    key = "help.example." + command.qualified_name.replace(" ", ".")
    if not i18n.has(key):
        return None
    args = i18n.tr(key, locale)
    return f"{localized_path(command, locale)} {args}".rstrip()


def command_line(command, locale: str) -> str:
    description = _text(getattr(command, "_locale_description", None) or command.description, locale)
    shown = example(command, locale)
    return f"**{localized_path(command, locale)}** — {description}" + (f"\n  `{shown}`" if shown else "")


class HelpView(Paginator):
    """Pages of one area, with a menu to switch area (the overview is page one of 'overview')."""

    def __init__(self, tree: app_commands.CommandTree, *, author_id: int, locale: str) -> None:
        self.tree = tree
        self.areas: dict[str, list[app_commands.Command]] = {}
        for command in leaf_commands(tree):
            self.areas.setdefault(area_of(command), []).append(command)
        order = {name: i for i, name in enumerate(AREA_ORDER)}
        self.area_names = sorted(self.areas, key=lambda a: (order.get(a, len(order)), a))
        super().__init__([self.overview(locale)], locale=locale, owner_id=author_id)
        menu = discord.ui.Select(placeholder=i18n.tr("help.pick_area", locale), row=0, options=[
            discord.SelectOption(label=trim(area_title(a, locale), LIMITS.select_label), value=a,
                                 description=trim(i18n.tr("help.commands_count", locale, n=len(self.areas[a])),
                                                  LIMITS.select_description))
            for a in self.area_names[: LIMITS.select_options]])
        menu.callback = self.open_area
        self.menu = menu
        self.add_item(menu)

    def overview(self, locale: str) -> discord.Embed:
        embed = discord.Embed(title=i18n.tr("help.title", locale), description=i18n.tr("help.intro", locale),
                              colour=discord.Colour.blurple())
        by_name = {c.qualified_name: c for c in leaf_commands(self.tree)}
        for area, names in OVERVIEW.items():
            lines = [f"`{example(by_name[n], locale) or localized_path(by_name[n], locale)}`" for n in names if n in by_name]
            if lines:
                embed.add_field(name=area_title(area, locale), value="\n".join(lines), inline=False)
        embed.set_footer(text=i18n.tr("help.footer", locale))
        return embed

    def area_pages(self, area: str) -> list[discord.Embed]:
        lines = [command_line(c, self.locale) for c in self.areas[area]]
        title = f"{i18n.tr('help.title', self.locale)} · {area_title(area, self.locale)}"
        return [discord.Embed(title=title, description=chunk, colour=discord.Colour.blurple())
                for chunk in chunk_text("\n".join(lines), LIMITS.embed_description - 100, separators=("\n**",))]

    def has_extra_items(self) -> bool:
        return True

    async def open_area(self, interaction: discord.Interaction) -> None:
        area = self.menu.values[0]
        self.pages = self.area_pages(area)
        self.index = 0
        await self.show(interaction)


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("help.cmd.name"), description=L("help.cmd.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        await HelpView(self.bot.tree, author_id=interaction.user.id, locale=locale).send(interaction, ephemeral=True)
