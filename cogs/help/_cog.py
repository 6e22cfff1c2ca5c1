"""/help: an overview with an example per area, and a menu opening each area's commands.

Areas come from where a command is defined (`cogs/dice`, `cogs/state`) or the game that declares
it, so a new game's commands get their own page without touching this file. Examples are stored
as arguments only; the command path is rendered in the user's language, as their Discord client
shows it. A game's commands take their examples from the game's catalog
(`<id>.help.example.<qualified name>`); commands of every game (/game start, /unit add, /rule…)
from the featured game's (the channel's game, or the first game), falling back to
`help.example.<qualified name>`. Each game also gives the lines that set a game up
(`<id>.help.setup`), which the overview shows and a test runs before the examples.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from cogs._common import L, chunk_text, locale_of
from cogs._common.limits import LIMITS, trim
from cogs._common.screens import Menu, Option, Page, Screen, page_buttons, show, target
from games import GAMES
from app.services import services_of

if TYPE_CHECKING:
    from app.referee_bot import RefereeBot

# The order areas are listed in (games after these, in the registry's order); others come last.
AREA_ORDER = ("dice", "rules", "state")
AREA_LAST = ("combat", "admin", "help")
# Generic commands the overview shows an example of, by area.
OVERVIEW = {"dice": ("roll",), "rules": ("rule", "rules")}


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
    """'dice', 'rules', 'state', a game id for a game's commands, 'combat' for shared ones…"""
    if command.extras.get("game") in GAMES:
        return str(command.extras["game"])
    parts = (command.module or "").split(".")
    if len(parts) > 2 and parts[1] == "combat":
        return parts[2] if parts[2] in GAMES else "combat"
    return parts[1] if len(parts) > 1 else parts[0]


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


def featured_game(game_id: str | None = None) -> str | None:
    """The game whose examples generic commands show: the one asked for, or the first game."""
    return game_id if game_id in GAMES else next(iter(GAMES), None)


def example(command, locale: str, game: str | None = None) -> str | None:
    """The command with its example arguments, or None when no catalog gives one."""
    dotted = command.qualified_name.replace(" ", ".")
    owner = area_of(command) if area_of(command) in GAMES else None
    candidates = [f"{owner or featured_game(game)}.help.example.{dotted}", f"help.example.{dotted}"]
    key = next((k for k in candidates if i18n.has(k)), None)
    if key is None:
        return None
    args = i18n.tr(key, locale)
    return f"{localized_path(command, locale)} {args}".rstrip()


def setup_lines(game: str | None, locale: str) -> list[str]:
    """The lines that start the featured game and put a unit on each side."""
    key = f"{featured_game(game)}.help.setup"
    return i18n.tr(key, locale).splitlines() if i18n.has(key) else []


def command_line(command, locale: str, game: str | None = None) -> str:
    description = _text(getattr(command, "_locale_description", None) or command.description, locale)
    shown = example(command, locale, game)
    return f"**{localized_path(command, locale)}** — {description}" + (f"\n  `{shown}`" if shown else "")


HELP = "help"
OVERVIEW_AREA = "overview"


def areas_of(tree: app_commands.CommandTree) -> dict[str, list[app_commands.Command]]:
    """Every area's commands, areas in the order of AREA_ORDER (others after, by name)."""
    found: dict[str, list[app_commands.Command]] = {}
    for command in leaf_commands(tree):
        found.setdefault(area_of(command), []).append(command)
    order = {name: i for i, name in enumerate((*AREA_ORDER, *GAMES, *AREA_LAST))}
    return {a: found[a] for a in sorted(found, key=lambda a: (order.get(a, len(order)), a))}


def overview(tree: app_commands.CommandTree, locale: str, game: str | None = None) -> discord.Embed:
    embed = discord.Embed(title=i18n.tr("help.title", locale), description=i18n.tr("help.intro", locale),
                          colour=discord.Colour.blurple())
    by_name = {c.qualified_name: c for c in leaf_commands(tree)}

    def field(area: str, lines: list[str]) -> None:
        if lines:
            embed.add_field(name=area_title(area, locale), value=trim("\n".join(f"`{line}`" for line in lines),
                                                                       LIMITS.field_value), inline=False)

    for area, names in OVERVIEW.items():
        field(area, [example(by_name[n], locale, game) or localized_path(by_name[n], locale)
                     for n in names if n in by_name])
    field("state", setup_lines(game, locale) + [localized_path(by_name[n], locale) for n in ("undo",) if n in by_name])
    per_game: dict[str, str] = {}           # the first example of each game's own commands
    for command in leaf_commands(tree):
        owner = area_of(command)
        if owner in GAMES and owner not in per_game:
            shown = example(command, locale, game)
            if shown:
                per_game[owner] = shown
    table = example(by_name["table"], locale, game) if "table" in by_name else None
    field("fight", [*per_game.values(), *([table] if table else [])])
    embed.set_footer(text=i18n.tr("help.footer", locale))
    return embed


def area_pages(commands_: list[app_commands.Command], area: str, locale: str,
               game: str | None = None) -> list[discord.Embed]:
    lines = [command_line(c, locale, game) for c in commands_]
    title = f"{i18n.tr('help.title', locale)} · {area_title(area, locale)}"
    return [discord.Embed(title=title, description=chunk, colour=discord.Colour.blurple())
            for chunk in chunk_text("\n".join(lines), LIMITS.embed_description - 100, separators=("\n**",))]


def help_page(tree: app_commands.CommandTree, area: str, page: int, locale: str, game: str | None = None) -> Page:
    """The overview, or one area's commands (paged), with the menu of areas. `game` is the
    featured game (the channel's), kept in the controls' state so pages agree after a restart."""
    game = featured_game(game)
    areas = areas_of(tree)
    pages = area_pages(areas[area], area, locale, game) if area in areas else [overview(tree, locale, game)]
    page = min(max(page, 0), len(pages) - 1)
    menu = Menu(i18n.tr("help.pick_area", locale), tuple(
        Option(trim(area_title(a, locale), LIMITS.select_label), target(HELP, f"{a}|0|{game or ''}"),
               trim(i18n.tr("help.commands_count", locale, n=len(cmds)), LIMITS.select_description), a == area)
        for a, cmds in list(areas.items())[: LIMITS.select_options]), row=0)
    return Page([pages[page]], [menu, *page_buttons(HELP, lambda i: f"{area}|{i}|{game or ''}", page, len(pages),
                                                    locale)])


class HelpScreen(Screen):
    kind = HELP

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        area, _, rest = state.partition("|")
        page, _, game = rest.partition("|")
        client = interaction.client
        assert isinstance(client, (commands.Bot, commands.AutoShardedBot)), "the cogs run on a RefereeBot"
        return help_page(client.tree, area, int(page) if page.isdigit() else 0, locale_of(interaction),
                         game or None)


class HelpCog(commands.Cog):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.screens.add(HelpScreen())

    @app_commands.command(name=L("help.cmd.name"), description=L("help.cmd.desc"))
    async def help(self, interaction: discord.Interaction) -> None:
        await show(interaction, help_page(self.bot.tree, OVERVIEW_AREA, 0, locale_of(interaction),
                                          await self.channel_game(interaction)), ephemeral=True)

    async def channel_game(self, interaction: discord.Interaction) -> str | None:
        """The game played in this channel, whose examples /help shows first."""
        state = services_of(self.bot).state
        if state is None or interaction.guild_id is None or interaction.channel_id is None:
            return None
        game = await state.channel_game(interaction.guild_id, interaction.channel_id)
        return game.system if game is not None else None
