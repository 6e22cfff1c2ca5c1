"""Epic commands through the console: a game with two formations, shooting with dice, hits,
saves, Blast Markers placed and the break check, an assault to a result, tests; /undo reverts."""
from __future__ import annotations

import re

import pytest


async def run(console, line, locale="en"):
    replies = await console.run(line, locale=locale, user="alice")
    assert replies, line
    return replies[0]


async def units(console) -> str:
    return (await run(console, "/unit list")).text


async def start(console):
    await run(console, "/game start game:epic name:Bridge side:Imperium")
    await run(console, "/unit add name:Orks size:8")
    await run(console, "/unit add name:Guard size:6")


async def test_epic_shoot_places_markers_checks_break_and_undo_reverts(console):
    await start(console)
    shot = await run(console, "/shoot epic weapons:6xAP4+,AT4+ target:Orks shooter:Guard armour:6+")
    text = shot.text
    assert not shot.ephemeral and "To hit 6xAP4+" in text and "Armour saves" in text
    assert "Blast Marker for being hit" in text and "Break check" in text and "event #" in text
    before_undo = await units(console)
    assert "Orks" in before_undo and ("blast markers" in before_undo or "broken" in before_undo)
    kills = int(re.search(r"Units destroyed: (\d+)", text).group(1))
    assert f"units {8 - kills}/8" in before_undo
    undo = await run(console, "/undo")
    assert not undo.ephemeral
    after = await units(console)
    assert "units 8/8" in after and "blast markers 0/8" in after


async def test_epic_assault_to_a_result_and_undo(console):
    await start(console)
    fight = await run(console, "/assault epic attacker:Orks cc:4+ ff:6+ armour:6+ defender:Guard def_cc:5+ def_ff:5+ def_armour:5+")
    assert "Round 1" in fight.text and "Winner:" in fight.text and "Assault result, highest of 2D6" in fight.text
    assert "event #" in fight.text
    state = await units(console)
    assert "broken" in state or "destroyed" in state
    await run(console, "/undo")
    state = await units(console)
    assert "broken" not in state and "destroyed" not in state and "units 8/8" in state and "units 6/6" in state


async def test_epic_assault_sum_house_rule_is_named(console):
    await start(console)
    await run(console, "/game settings setting:assault_result_roll value:sum")
    fight = await run(console, "/assault epic attacker:Orks cc:4+ defender:Guard def_cc:5+")
    assert "House rule: the assault result sums 2D6" in fight.text


async def test_epic_action_test_failure_adds_a_marker_and_undo(console):
    await start(console)
    reply = await run(console, "/check epic action initiative:6+ formation:Guard retaining:True")
    # 6+ with −1 for retaining can't pass: +1 Blast Marker (l.214)
    assert "Failed" in reply.text and "blast markers 0→1" in reply.text
    await run(console, "/undo")
    assert "blast markers 0/6" in await units(console)


async def test_epic_war_engine_takes_titan_killer_damage(console):
    await run(console, "/game start game:epic name:Bridge side:Imperium")
    await run(console, "/unit add name:Warlord size:8 type:war_engine")
    reply = await run(console, "/check epic we-damage hits:2 formation:Warlord tk:D3")
    assert "Titan Killer damage" in reply.text and "Critical hits" in reply.text and "DC lost 0→" in reply.text
    await run(console, "/undo")
    assert "DC 8/8" in await units(console)


@pytest.mark.parametrize("line", [
    "/shoot epic weapons:4xAP5+ units:5 armour:5+ in_cover:True action:double crossfire:True",
    "/shoot epic weapons:2xAT3+ dc:6 invulnerable:5+",
    "/shoot epic-barrage points:8 infantry:4 units:6 armour:5+",
    "/shoot epic-flak shots:3 aa:5+ armour:4+ moved:True",
    "/assault epic units:4 cc:4+ def_units:3 def_cc:5+ def_blast:2 support:3x5+",
    "/odds epic-shoot weapons:6xAP4+ units:4 armour:5+ blast:2",
    "/odds epic-assault units:4 cc:4+ def_units:3 def_cc:5+",
    "/check epic action initiative:2+ blast:1",
    "/check epic regroup blast:4 leaders:1",
    "/check epic rally initiative:3+ blast:3 units:5 enemy_30cm:True",
    "/check epic strategy rating_a:3 rating_b:2",
    "/check epic dangerous units:3 careful:True",
    "/check epic we-damage hits:2 dc:8 tk:D6",
    "/table game:epic name:barrage",
])
async def test_every_epic_command_answers_in_both_languages(console, line):
    for locale in ("en", "ru"):
        reply = await run(console, line, locale)
        assert not reply.ephemeral, reply.text
        assert reply.embeds and ("Epic" in reply.text or "Эпик" in reply.text)


async def test_russian_command_names(console):
    reply = await run(console, "/стрельба эпик оружие:4xAP5+ юнитов:5 броня:5+", "ru")
    assert not reply.ephemeral and "Попаданий" in reply.text
    reply = await run(console, "/шансы эпик-стрельба оружие:4xAP5+ юнитов:5 броня:5+", "ru")
    assert "Шанс разбить формацию" in reply.text


async def test_epic_bad_input_is_explained_with_an_example(console):
    reply = await run(console, "/shoot epic weapons:banana units:3")
    assert reply.ephemeral and "AP5+" in reply.text and "/shoot epic" in reply.text
    reply = await run(console, "/shoot epic weapons:AP5+")
    assert reply.ephemeral and "units" in reply.text
