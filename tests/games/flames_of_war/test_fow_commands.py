"""Flames of War commands through the console: a full exchange (shoot → pinned → rally) on the
channel's game with /undo, and every command once in each language."""
from __future__ import annotations

import re

RAW_KEY = re.compile(r"\b(fow|wm|hydro|combat2)\.[a-z_0-9]+\.[a-z_0-9.]+")


async def units(console) -> str:
    [reply] = await console.run("/unit list", locale="en", user="alice")
    return reply.text


async def test_fow_full_exchange_shoot_pin_rally_and_undo(console):
    await console.run("/game start game:flames_of_war name:Kursk side:Germans", locale="en", user="alice")
    await console.run("/unit add name:Rifles size:10", locale="en", user="alice")
    # 36 dice hitting Conscripts on 2+: far more than five hits, so the unit is Pinned Down (L580).
    [shot] = await console.run("/fow shoot skill:conscript rof:3 teams:12 target:Rifles", locale="en", user="alice")
    assert "Pinned Down" in shot.text and "event #" in shot.text and not shot.ephemeral
    assert "pinned down" in await units(console)
    # Rally on 2+ with the Formation Commander near: fails only on two 1s.
    [rally] = await console.run("/fow-test rally number:2 unit:Rifles fc_near:True", locale="en", user="alice")
    assert "Rallied" in rally.text and "pinned down" not in await units(console)
    [undo] = await console.run("/undo", locale="en", user="alice")
    assert not undo.ephemeral and "pinned down" in await units(console)
    # A unit that isn't pinned has nothing to rally from: explained, not rolled.
    [undo] = await console.run("/undo", locale="en", user="alice")
    [error] = await console.run("/fow-test rally number:2 unit:Rifles", locale="en", user="alice")
    assert error.ephemeral and "Pinned Down" in error.text


async def test_fow_assault_destroys_teams_and_counterattack_in_russian(console):
    await console.run("/game start game:flames_of_war name:Kursk side:Germans", locale="en", user="alice")
    await console.run("/unit add name:Rifles size:10", locale="en", user="alice")
    [hit] = await console.run("/fow assault teams:6 skill:conscript target:Rifles", locale="en", user="alice")
    assert "destroyed outright" in hit.text and "teams destroyed 0→" in hit.text
    [reply] = await console.run("/фов-тест контратака мотивация:confident юнит:Rifles", locale="ru", user="alice")
    assert "Тест на Контратаку" in reply.text


FOW_LINES = [
    "/fow shoot skill:trained rof:2 teams:3 conditions:\"long range, concealed, gone to ground\" save:3+ fp:4+",
    "/fow shoot skill:veteran rof:1 sniper:True",
    "/fow artillery skill:trained under_template:4 weapons:2 attempt:2 save:3+ fp:5+",
    "/fow assault teams:3 skill:veteran tanks:True save:3+ fp:2+",
    "/fow-test rally motivation:fearless cavalry:True",
    "/fow-test counterattack motivation:reluctant fc_near:True fc_los:True",
    "/fow-test last-stand motivation:confident",
    "/fow-test tactics skill:veteran",
    "/fow-test commander",
    "/fow-test aircraft",
    "/fow-test sniper",
    "/fow-test mistaken-target hits:3",
    "/fow-test formation units:1",
    "/fow-test time-of-day table:moon",
    "/fow-test cross kind:terrain teams:3 cross:3 night:True",
    "/fow-test cross kind:minefield teams:3 skill:veteran",
    "/fow-test cross kind:booby_trap skill:conscript",
    "/fow-odds shoot skill:trained rof:3 teams:2 conditions:concealed",
    "/fow-odds artillery skill:veteran under_template:5 weapons:6 save:4+",
    "/fow-odds assault teams:4 skill:conscript",
    "/fow-odds test test:last_stand motivation:confident fc_near:True fc_los:True",
]


async def test_every_fow_command_answers_in_both_languages(console):
    # One console session for all of them: starting one per line is what makes tests slow.
    for line in FOW_LINES:
        for locale in ("en", "ru"):
            replies = await console.run(line, locale=locale, user="alice")
            assert replies and not replies[0].ephemeral, replies[0].text
            assert not RAW_KEY.search(replies[0].text), replies[0].text      # every message is in the catalog
            assert replies[0].embeds and "Flames of War" in replies[0].text


async def test_fow_bad_input_is_explained_with_an_example(console):
    [reply] = await console.run("/fow-test rally", locale="en", user="alice")
    assert reply.ephemeral and "motivation" in reply.text and "/fow-test rally" in reply.text
    [reply] = await console.run("/fow-test mistaken-target hits:2 too_close:True", locale="ru", user="alice")
    assert reply.ephemeral and "Ошибочная Цель" in reply.text
