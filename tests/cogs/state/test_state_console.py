"""Through the real command tree (the offline console): a two-player Epic game end to end,
surviving a restart, in Russian and English."""
from __future__ import annotations

import json
from pathlib import Path

from console import ConsoleSession
from dice import Roller


def text(replies) -> str:
    return "\n".join(r.text for r in replies)


async def test_two_player_epic_game_end_to_end_and_across_restarts(console, config):
    run = console.run
    assert "/game start" in text(await run("/game status", locale="en", user="alice"))   # how to start one
    assert "Game started" in text(await run("/game start game:epic name:Bridge side:Imperium", locale="en", user="alice"))
    assert "Орки" in text(await run("/игра вступить сторона:Орки", locale="ru", user="bob"))
    await run("/unit add name:\"Tactical Detachment\" size:4", locale="en", user="alice")
    await run("/отряд добавить название:Бойзы размер:6", locale="ru", user="bob")
    choices = await console.autocomplete("/blast add formation:tac", locale="en", user="alice")
    assert [c["value"] for c in choices] == ["Tactical Detachment"]

    # bob can't touch alice's formation; alice adds markers until it breaks
    denied = await run("/blast add formation:\"Tactical Detachment\"", locale="en", user="bob")
    assert denied[0].ephemeral and "Imperium" in denied[0].text
    out = text(await run("/blast add formation:\"Tactical Detachment\" amount:3", locale="en", user="alice"))
    assert "blast markers 3/4" in out
    out = text(await run("/бласт добавить формация:\"tactical detachment\"", locale="ru", user="alice"))
    assert "разбита" in out and "L600–610" in out
    status = text(await run("/game status", locale="en", user="bob"))
    assert "counts as 4 blast markers" in status and "broken" in status

    # rally (seeded die) and undo it
    rally = text(await run("/blast rally formation:\"Tactical Detachment\" initiative:1", locale="en", user="alice"))
    assert "Rally: Tactical Detachment" in rally and "against 1+" in rally
    assert "The formation is no longer broken" in rally
    undo = text(await run("/undo", locale="en", user="alice"))
    assert "Undid change" in undo and "Rally: Tactical Detachment" in undo
    assert "broken" in text(await run("/unit list", locale="en", user="alice"))

    exported = await run("/game export", locale="en", user="alice")
    (path,) = exported[0].files
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    assert data["game"]["system"] == "epic" and [u["name"] for u in data["units"]] == ["Tactical Detachment", "Бойзы"]
    history = text(await run("/history", locale="en", user="bob"))
    assert "(undone)" in history and "Game started" in history

    # quit and reopen: the state is in the configured database
    await console.close()
    again = ConsoleSession(config, locale="en", roller=Roller.seeded(7))
    await again.start()
    try:
        status = text(await again.run("/game status", locale="en", user="bob"))
        assert "Tactical Detachment" in status and "broken" in status and "Бойзы" in status
        await again.run("/unit remove unit:Бойзы", locale="en", user="bob")
        imported = text(await again.run(f"/game import file:{path}", locale="en", user="alice"))
        assert "2 units" in imported
        assert "Бойзы" in text(await again.run("/unit list", locale="en", user="alice"))
        [asked] = await again.run("/game end", locale="en", user="alice")
        assert asked.ephemeral and asked.text.splitlines()[1].startswith("━━ End the game")
        confirm = next(c for c in asked.controls if c.label == "End it")
        assert "Game ended" in text(await again.press(asked, confirm.number, locale="en", user="alice"))
    finally:
        await again.close()


async def test_damage_reads_the_channels_game(console):
    await console.run("/game start game:warmaster side:Empire", locale="en", user="alice")
    need = text(await console.run("/unit add name:Swordsmen size:3", locale="en", user="alice"))
    assert "per" in need                                     # Hits per stand has no default
    await console.run("/unit add name:Swordsmen size:3 per:3", locale="en", user="alice")
    await console.run("/turn phase phase:shooting", locale="en", user="alice")
    out = text(await console.run("/damage unit:Swordsmen amount:4", locale="en", user="alice"))
    assert "1 stand removed, 2 left" in out and "hits 1/3" in out
    out = text(await console.run("/turn phase", locale="en", user="alice"))
    assert "leftover hits cleared" in out
    out = text(await console.run("/blast add formation:Swordsmen", locale="en", user="alice"))
    assert "Blast markers exist only in Epic, and this channel plays no Epic game. Use /damage for losses." in out


async def test_status_set_and_clear(console):
    await console.run("/игра старт игра:\"ересь хоруса\" сторона:Loyalists", locale="ru", user="alice")
    assert [c["value"] for c in await console.autocomplete("/game start game:вармас", locale="en")] == ["warmaster"]
    await console.run("/unit add name:Tacticals size:10", locale="en", user="alice")
    out = text(await console.run("/status set unit:Tacticals status:pinned", locale="en", user="alice"))
    assert "pinned" in out
    choices = await console.autocomplete("/status clear unit:Tacticals status:pin", locale="en", user="alice")
    assert choices and choices[0]["value"] == "pinned"
    out = text(await console.run("/состояние снять отряд:Tacticals состояние:прижат", locale="ru", user="alice"))
    assert "снято" in out
    await console.run("/unit add name:Rhino size:3 type:vehicle", locale="en", user="alice")
    out = text(await console.run("/damage unit:Rhino amount:3", locale="en", user="alice"))
    assert "wrecked" in out


async def test_a_big_army_is_paginated_within_discord_limits(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    for i in range(100):
        await console.run(f"/unit add name:\"Formation number {i:02d} with a long name\" size:6", locale="en", user="alice")
    (status,) = await console.run("/game status", locale="en", user="alice")
    assert len(status.embeds) <= 10 and status.controls                     # pages with ◀ ▶
    assert sum(len(str(e.get("description", ""))) + len(str(e.get("title", ""))) for e in status.embeds) <= 6000
    pages = [status]
    while True:
        nxt = await console.press(pages[-1], 3, user="alice")                          # ▶
        if not nxt or nxt[0].ephemeral or nxt[0].text == pages[-1].text:  # ▶ is greyed on the last page
            break
        pages.append(nxt[0])
    seen = "\n".join(p.text for p in pages)
    assert "Formation number 00" in seen and "Formation number 99" in seen
