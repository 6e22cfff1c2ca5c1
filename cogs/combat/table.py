"""/table game name: any table of any book (games.tables), names autocompleted in the user's
language. Long tables page with buttons that keep working after a restart (a screen whose
state is `game:table|page`); anyone in the channel may page them."""
from __future__ import annotations

import discord
from discord import app_commands

from cogs._common import L, LIMITS, locale_of, trim
from cogs._common.screens import Page, Screen, page_buttons, show
from cogs._common.text import game_choices
from games.registry import GAMES, resolve_game
from games.tables import Table, find_table, suggest_tables, table_layout, tables
from i18n import UserError, tr

COLOUR = discord.Colour.dark_teal()
TABLE = "table"


def _pages(table: Table) -> list[list[str]]:
    """The layout cut into pages that fit an embed, each repeating the header and its rule."""
    lines = table_layout(table)
    head = lines[:lines.index(next(x for x in lines if x.startswith("─"))) + 1]
    budget = LIMITS.embed_description - 100
    pages: list[list[str]] = [list(head)]
    size = sum(len(x) + 1 for x in head)
    for line in lines[len(head):]:
        if size + len(line) + 1 > budget and len(pages[-1]) > len(head):
            pages.append(list(head))
            size = sum(len(x) + 1 for x in head)
        pages[-1].append(line)
        size += len(line) + 1
    return pages


def render_table(table: Table, locale: str) -> list[discord.Embed]:
    pages = _pages(table)
    embeds = []
    for i, page in enumerate(pages):
        embed = discord.Embed(title=trim(table.title.render(locale), LIMITS.embed_title), colour=COLOUR,
                              description="```\n" + "\n".join(page) + "\n```")
        footer = f"{GAMES[table.game].title(locale)} · {tr('combat_shared.source', locale, source=table.source)}"
        if len(pages) > 1:
            footer += f" · {i + 1}/{len(pages)}"
        embed.set_footer(text=footer)
        embeds.append(embed)
    return embeds


def table_page(table: Table, page: int, locale: str) -> Page:
    embeds = render_table(table, locale)
    page = min(max(page, 0), len(embeds) - 1)
    return Page([embeds[page]], page_buttons(TABLE, lambda i: f"{table.game}:{table.id}|{i}", page, len(embeds),
                                             locale))


class TableScreen(Screen):
    kind = TABLE

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        which, _, page = state.partition("|")
        game, _, table_id = which.partition(":")
        found = next((t for t in tables(game) if t.id == table_id), None) if game in GAMES else None
        if found is None:
            raise UserError("common.stale_control")
        return table_page(found, int(page) if page.isdigit() else 0, locale_of(interaction))


@app_commands.command(name=L("combat_shared.cmd.table.name"), description=L("combat_shared.cmd.table.desc"))
@app_commands.rename(game=L("combat_shared.cmd.table.game"), name=L("combat_shared.cmd.table.table"))
@app_commands.describe(game=L("combat_shared.cmd.table.game_desc"), name=L("combat_shared.cmd.table.table_desc"))
@app_commands.choices(game=game_choices())
async def table_command(interaction: discord.Interaction, game: str, name: str) -> None:
    info = GAMES.get(game) or resolve_game(game)
    if info is None:
        raise UserError("combat_shared.error.game", example="combat_shared.example.table", game=game)
    query = name.split(":", 1)[1] if ":" in name else name
    await show(interaction, table_page(find_table(info.id, query), 0, locale_of(interaction)))


@table_command.autocomplete("name")
async def _table_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    game = getattr(interaction.namespace, "game", None)
    info = GAMES.get(game) if game else None
    locale = locale_of(interaction)
    choices = []
    for table in suggest_tables(info.id if info else None, current):
        title = table.title.render(locale)
        label = title if info else f"{title} — {GAMES[table.game].title(locale)}"
        choices.append(app_commands.Choice(name=trim(label, LIMITS.choice_name),
                                           value=(table.id if info else f"{table.game}:{table.id}")[:100]))
    return choices


COMMANDS: list[app_commands.Command] = [table_command]
SCREENS = [TableScreen()]
