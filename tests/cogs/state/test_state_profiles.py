"""Unit profiles through the command tree (issue 10 §1): /unit add … profile:, /unit edit,
/unit show, export/import carry them; a game without profiles says so."""
from __future__ import annotations


import json


async def test_a_warmaster_profile_is_parsed_edited_shown_and_exported(console, tmp_path):
    await console.run("/game start game:warmaster side:Empire", locale="en", user="alice")
    [added] = await console.run('/unit add Swordsmen 3 per:3 profile:"Infantry 3 3 5+"', locale="en", user="alice")
    assert not added.ephemeral, added.text
    [shown] = await console.run("/unit show unit:Swordsmen", locale="en", user="alice")
    assert shown.embeds[0]["title"] == "Swordsmen"
    before = shown.embeds[0]["description"]
    [edited] = await console.run('/unit edit unit:Swordsmen profile:"A4"', locale="en", user="alice")
    assert not edited.ephemeral and 'Unit "Swordsmen" changed' in edited.text
    store = console.bot.services.state
    key = (console.config.console_guild_id, console.config.console_channel_id)
    unit = await store.find_unit(*key, "Swordsmen")
    assert unit.profile["attacks"] == 4 and unit.profile["hits"] == 3 and unit.profile["armour"] == 5
    [after] = await console.run("/отряд показать отряд:Swordsmen", locale="ru", user="alice")
    assert after.embeds[0]["description"] != before
    exported = await store.export_game(*key)
    assert exported["units"][0]["profile"] == unit.profile
    path = tmp_path / "wm.json"
    path.write_text(json.dumps(exported))
    await console.run('/unit edit unit:Swordsmen profile:"A1"', locale="en", user="alice")
    await console.run(f"/game import file:{path}", locale="en", user="alice")
    assert (await store.find_unit(*key, "Swordsmen")).profile == unit.profile


async def test_an_epic_profile_is_read_from_the_datasheet_notation(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    [bad] = await console.run('/unit add Tactical 4 profile:"whatever"', locale="en", user="alice")
    assert bad.ephemeral and "INF 15cm 4+ 4+ 4+ 2xAP5+" in bad.text
    [ok] = await console.run('/unit add Tactical 4 profile:"INF 15cm 4+ 4+ 4+ 2xAP5+"', locale="en", user="alice")
    assert not ok.ephemeral


async def test_edit_needs_something_to_change_and_is_the_sides_own(console):
    await console.run("/game start game:warmaster side:Empire", locale="en", user="alice")
    await console.run("/game join side:Orcs", locale="en", user="bob")
    await console.run('/unit add Swordsmen 3 per:3', locale="en", user="alice")
    [nothing] = await console.run("/unit edit unit:Swordsmen", locale="en", user="alice")
    assert nothing.ephemeral and "Say what to change" in nothing.text
    [denied] = await console.run("/unit edit unit:Swordsmen size:5", locale="en", user="bob")
    assert denied.ephemeral
    [done] = await console.run("/unit edit unit:Swordsmen size:5", locale="en", user="alice")
    assert not done.ephemeral
