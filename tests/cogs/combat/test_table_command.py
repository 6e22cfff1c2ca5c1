"""/table: any table of any book, names autocompleted in the user's language, long ones paged
with buttons that survive a restart; nothing in a cell is cut off (issue 11 §5)."""
from __future__ import annotations

from cogs.combat.table import render_table
from games.tables import find_table, suggest_tables, table_layout, tables


async def test_table_renders_the_book_rows(console):
    [reply] = await console.run("/table game:horus_heresy name:\"S vs T\"", locale="en", user="alice")
    lines = reply.text.splitlines()
    assert lines[0] == "━━ To wound: Strength vs Toughness ━━"
    assert lines[-1] == "— The Horus Heresy · source: HH L738–749"


async def test_table_autocomplete_in_russian(console):
    choices = await console.autocomplete("/table game:epic name:арт", locale="ru", user="alice")
    assert choices[0]["name"] == "Артиллерийская таблица"


async def test_unknown_table_lists_the_tables_in_the_readers_language(console):
    [reply] = await console.run("/table game:epic name:zzzzqqq", locale="ru", user="alice")
    assert reply.ephemeral and "Артиллерийская таблица" in reply.text and "barrage" not in reply.text


def test_no_cell_is_cut_off():
    """Warmaster's ranges: the Steam Tank and the Gyrocopter were lost past 40 characters."""
    ranges = find_table("warmaster", "ranges")
    text = " ".join(" ".join(line.split("│")[0].split()) for line in table_layout(ranges))
    assert "Пушки Имперского Парового Танка и Гномийского Гирокоптера" in text
    for table in tables():
        laid = " ".join(w for line in table_layout(table) for w in line.replace("│", " ").split())
        for row in table.rows:
            for cell in row:
                assert all(word in laid for word in str(cell).split()), (table.id, cell)


def test_every_table_of_every_game_renders_within_discord_limits():
    for table in tables():
        for locale in ("ru", "en"):
            for embed in render_table(table, locale):
                assert len(embed.description) <= 4096 and len(embed) <= 6000


def test_find_and_suggest():
    assert find_table("epic", "7+").id == "seven_plus"
    assert find_table("horus_heresy", "сила против стойкости").id == "to_wound"
    assert suggest_tables("horus_heresy", "ws")[0].id == "ws_to_hit"
