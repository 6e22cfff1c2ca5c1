"""/table: any table of any book, names autocompleted in the user's language, long ones paged."""
from __future__ import annotations

from cogs.combat.table import find_table, render_table, suggest
from games.tables import tables


async def test_table_renders_the_book_rows(console):
    [reply] = await console.run("/table game:horus_heresy name:\"S vs T\"", locale="en", user="alice")
    assert "To wound: Strength vs Toughness" in reply.text and "4+" in reply.text and "horus_heresy L738" in reply.text


async def test_table_autocomplete_in_russian(console):
    choices = await console.autocomplete("/table game:epic name:арт", locale="ru", user="alice")
    assert choices and choices[0]["name"].startswith("Артиллерийская таблица")


async def test_unknown_table_is_explained(console):
    [reply] = await console.run("/table game:epic name:zzzzqqq", locale="en", user="alice")
    assert reply.ephemeral and "barrage" in reply.text


def test_every_table_of_every_game_renders_within_discord_limits():
    for table in tables():
        for locale in ("ru", "en"):
            for embed in render_table(table, locale):
                assert len(embed.description) <= 4096 and len(embed) <= 6000


def test_find_and_suggest():
    assert find_table("epic", "7+").id == "seven_plus"
    assert find_table("horus_heresy", "сила против стойкости").id == "to_wound"
    assert [v for _, v in suggest("horus_heresy", "ws", "en")][0] == "ws_to_hit"
