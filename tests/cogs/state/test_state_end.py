"""/game end asks first; an ended game comes back with /game restore for 7 days (issue 10 §2)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa

from console.loopback import user_id_of
from db import Actor
from db.engine import make_engine
from db.schema import games


def _key(console):
    return console.config.console_guild_id, console.config.console_channel_id


async def test_end_asks_then_restore_brings_the_game_back(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    await console.run("/unit add Tactical 4", locale="en", user="alice")
    [denied] = await console.run("/game end", locale="en", user="bob")
    assert denied.ephemeral and not denied.controls
    [asked] = await console.run("/game end", locale="en", user="alice")
    cancel = next(c for c in asked.controls if c.label == "Cancel")
    [kept] = await console.press(asked, cancel.number, locale="en", user="alice")
    assert "The game goes on." in kept.text
    store = console.bot.services.state
    assert await store.channel_game(*_key(console)) is not None
    [asked] = await console.run("/игра конец", locale="ru", user="alice")
    confirm = next(c for c in asked.controls if c.label == "Завершить")
    [ended] = await console.press(asked, confirm.number, locale="ru", user="alice")
    assert "Игра завершена" in ended.text and "/игра восстановить" in ended.text
    assert await store.channel_game(*_key(console)) is None
    [back] = await console.run("/game restore", locale="en", user="alice")
    assert "Game restored: Epic: Armageddon" in back.text
    assert (await store.find_unit(*_key(console), "Tactical")).size == 4


async def test_a_game_ended_over_7_days_ago_stays_ended(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    store = console.bot.services.state
    await store.end_game(*_key(console), Actor(user_id_of("alice"), "alice"))
    engine = make_engine(console.config.database_url)
    try:
        async with engine.begin() as conn:      # as if it ended 8 days ago
            await conn.execute(sa.update(games).values(ended_at=datetime.now(timezone.utc) - timedelta(days=8)))
    finally:
        await engine.dispose()
    [reply] = await console.run("/game restore", locale="en", user="alice")
    assert reply.ephemeral and "No game in this channel ended in the last 7 days." in reply.text


async def test_a_stale_confirmation_ends_nothing(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    [asked] = await console.run("/game end", locale="en", user="alice")
    confirm = next(c for c in asked.controls if c.label == "End it")
    [again] = await console.run("/game end", locale="en", user="alice")
    await console.press(again, next(c for c in again.controls if c.label == "End it").number, user="alice")
    await console.run("/game start game:warmaster side:Empire", locale="en", user="alice")
    [stale] = await console.press(asked, confirm.number, locale="en", user="alice")
    assert stale.ephemeral and "no longer plays" in stale.text
    assert (await console.bot.services.state.channel_game(*_key(console))).system == "warmaster"
