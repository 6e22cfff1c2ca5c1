"""/table game name: any table of any book as an embed (paged when long), names autocompleted
from `games.tables.tables()` in the user's language."""
from __future__ import annotations

import discord
from discord import app_commands
from rapidfuzz import fuzz, process

from cogs._common import L, LIMITS, Paginator, locale_of, trim
from cogs._common.text import game_choices
from games.registry import GAMES, resolve_game
from games.tables import Table, tables
from i18n import UserError, tr

COLOUR = discord.Colour.dark_teal()


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").split())


def _names(table: Table) -> list[str]:
    return [table.id, table.title.render("ru"), table.title.render("en"), *table.aliases]


def find_table(game_id: str | None, query: str) -> Table:
    """The table whose id, title (either language) or alias matches `query`; the closest one
    when none matches exactly; UserError when nothing is close."""
    pool = tables(game_id)
    key = _fold(query or "")
    for table in pool:
        if key in {_fold(n) for n in _names(table)}:
            return table
    choices = {(i, j): _fold(n) for i, t in enumerate(pool) for j, n in enumerate(_names(t))}
    best = process.extractOne(key, choices, scorer=fuzz.WRatio, score_cutoff=70) if key else None
    if best is None:
        raise UserError("combat_shared.error.table", example="combat_shared.example.table", name=query,
                        names=", ".join(t.id for t in pool) or "—")
    return pool[best[2][0]]


def suggest(game_id: str | None, query: str, locale: str, limit: int = 25) -> list[tuple[str, str]]:
    """(label, value) pairs for autocomplete: titles in the user's language."""
    pool = tables(game_id)
    key = _fold(query or "")
    scored = []
    for table in pool:
        names = [_fold(n) for n in _names(table)]
        if not key or any(key in n for n in names):
            score = 100
        else:
            score = max(fuzz.partial_ratio(key, n) for n in names)
        if score >= 60:
            scored.append((score, table))
    scored.sort(key=lambda s: -s[0])
    out = []
    for _, table in scored[:limit]:
        game = GAMES[table.game].title(locale)
        label = f"{table.title.render(locale)} — {game}" if game_id is None else table.title.render(locale)
        out.append((trim(label, LIMITS.choice_name), table.id if game_id else f"{table.game}:{table.id}"[:100]))
    return out


def _widths(table: Table) -> list[int]:
    widths = [len(c) for c in table.columns]
    for row in table.rows:
        for i, cell in enumerate(row):
            if i < len(widths):
                widths[i] = min(max(widths[i], len(cell)), 40)
    return widths


def table_lines(table: Table) -> list[str]:
    widths = _widths(table)

    def line(cells) -> str:
        return " │ ".join(str(c).ljust(w)[:w] if i < len(cells) - 1 else str(c) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    header = line(table.columns)
    return [header, "─" * min(len(header), 60)] + [line(r) for r in table.rows]


def render_table(table: Table, locale: str) -> list[discord.Embed]:
    lines = table_lines(table)
    pages: list[list[str]] = [[]]
    size = 0
    budget = LIMITS.embed_description - 100
    for ln in lines:
        if size + len(ln) + 1 > budget and pages[-1]:
            pages.append(lines[:2].copy())
            size = sum(len(x) + 1 for x in pages[-1])
        pages[-1].append(ln)
        size += len(ln) + 1
    embeds = []
    for i, page in enumerate(pages):
        embed = discord.Embed(title=trim(table.title.render(locale), LIMITS.embed_title), colour=COLOUR,
                              description="```\n" + "\n".join(page) + "\n```")
        footer = f"{GAMES[table.game].title(locale)} · {tr('combat_shared.source', locale, source=str(table.source))}"
        if len(pages) > 1:
            footer += f" · {i + 1}/{len(pages)}"
        embed.set_footer(text=footer)
        embeds.append(embed)
    return embeds


GAME_CHOICES = game_choices()


@app_commands.command(name=L("combat_shared.cmd.table.name"), description=L("combat_shared.cmd.table.desc"))
@app_commands.rename(game=L("combat_shared.cmd.table.game"), name=L("combat_shared.cmd.table.table"))
@app_commands.describe(game=L("combat_shared.cmd.table.game_desc"), name=L("combat_shared.cmd.table.table_desc"))
@app_commands.choices(game=GAME_CHOICES)
async def table_command(interaction: discord.Interaction, game: str, name: str) -> None:
    locale = locale_of(interaction)
    info = GAMES.get(game) or resolve_game(game)
    if info is None:
        raise UserError("combat_shared.error.game", example="combat_shared.example.table", game=game)
    query = name.split(":", 1)[1] if ":" in name else name
    found = find_table(info.id, query)
    await Paginator(render_table(found, locale), locale=locale).send(interaction)


@table_command.autocomplete("name")
async def _table_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    game = getattr(interaction.namespace, "game", None)
    info = GAMES.get(game) if game else None
    return [app_commands.Choice(name=label, value=value)
            for label, value in suggest(info.id if info else None, current, locale_of(interaction))]


COMMANDS = [table_command]
