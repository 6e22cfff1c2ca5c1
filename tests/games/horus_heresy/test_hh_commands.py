"""Horus Heresy commands through the console: shooting with wounds and saves onto a tracked
unit, shooting a tracked vehicle, close combat, reactions per phase; /undo reverts each."""
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
    await run(console, "/game start game:horus_heresy name:Isstvan side:Loyal")
    await run(console, "/unit add name:Tacticals size:10")
    await run(console, "/unit add name:Terminators size:5 per:2")
    await run(console, "/unit add name:Rhino size:3 type:vehicle")


async def test_hh_shooting_wounds_and_saves_then_undo(console):
    await start(console)
    shot = await run(console, "/shoot hh bs:4 shots:20 strength:5 toughness:4 ap:4 target:Tacticals save:3+ shooter:Terminators")
    text = shot.text
    assert "To hit, BS 4" in text and "To wound, S5 vs T4" in text and "Save: armour" in text
    removed = int(re.search(r"models removed: (\d+)", text).group(1))
    assert "event #" in text and f"models {10 - removed}/10" in await units(console)
    await run(console, "/undo")
    assert "models 10/10" in await units(console)


async def test_hh_instant_death_on_multi_wound_models(console):
    await start(console)
    shot = await run(console, "/shoot hh bs:5 shots:6 strength:8 toughness:4 ap:2 target:Terminators save:2+")
    assert "Instant Death" in shot.text and "no save" in shot.text


async def test_hh_vehicle_penetration_hull_points_and_undo(console):
    await start(console)
    shot = await run(console, "/shoot hh-vehicle strength:9 av:10 hits:3 ap:1 target:Rhino")
    text = shot.text
    # seeded dice: penetration 5, 5, 2 → 14, 14, 11 all beat AV 10; 3 hull points; wrecked (L2046)
    assert "Penetration: D6 + S9 vs AV 10" in text and "[5, 5, 2]" in text and "Totals: 14, 14, 11" in text
    assert "Glancing: 0, penetrating: 3" in text and "Hull points lost: 3, 0 left" in text
    assert "hull points 0/3" in await units(console) and "wrecked" in await units(console)
    await run(console, "/undo")
    assert "hull points 3/3" in await units(console)


async def test_hh_close_combat_resolution_and_undo(console):
    await start(console)
    fight = await run(console, '/assault hh attacker_profile:"WS5 S4 T4 W1 I5 A3 Ld8 Sv3+" '
                               'defender_profile:"WS4 S4 T4 W2 I4 A2 Ld9 Sv2+" attacker:Tacticals defender:Terminators')
    assert "To hit: Tacticals, WS 5 vs WS 4" in fight.text and "Wounds caused" in fight.text
    await run(console, "/undo")
    state = await units(console)
    assert "models 10/10" in state and "models 5/5" in state


async def test_hh_reactions_one_per_phase_reset_on_phase_change_and_undo(console):
    await start(console)
    first = await run(console, "/check hh reaction unit:Tacticals")
    assert "Reaction allowed" in first.text and re.search(r"reactions[^\n]* 0→1", first.text)
    second = await run(console, "/check hh reaction unit:Terminators")
    assert "No reactions left" in second.text and "event #" not in second.text
    await run(console, "/turn phase")
    third = await run(console, "/check hh reaction unit:Terminators")
    assert "Reaction allowed" in third.text
    await run(console, "/undo")
    again = await run(console, "/check hh reaction unit:Terminators")
    assert "Reaction allowed" in again.text


async def test_hh_pinning_puts_the_status_on_and_undo(console):
    await start(console)
    reply = await run(console, "/check hh pinning leadership:0 unit:Tacticals")
    # seeded dice 5, 5 > Ld 0: pinned (L3209); only a double 1 would pass (L311)
    assert "[5, 5]" in reply.text and "The unit is pinned" in reply.text
    assert "**pinned**" in await units(console)
    await run(console, "/undo")
    assert "pinned" not in await units(console)


@pytest.mark.parametrize("line", [
    "/shoot hh bs:4 shots:10 strength:4 toughness:4 ap:5 models:10 save:3+ rules:shred,poisoned",
    "/shoot hh bs:7 shots:3 strength:6 toughness:4 models:5 wounds:2 fnp:5+ cover:5+",
    "/shoot hh-vehicle strength:8 av:12 bs:4 shots:2 mode:ordnance hull_points:3 cover:6+",
    '/assault hh attacker_profile:"WS4 S4 T4 W1 I4 A2 Ld8 Sv3+" defender_profile:"WS3 S3 T3 W1 I3 A1 Ld7 Sv5+" attacker_models:5 defender_models:10',
    "/odds hh-shoot bs:4 shots:10 strength:4 toughness:4 ap:5 models:10 save:3+",
    "/odds hh-vehicle strength:9 av:11 bs:4 shots:2 ap:1 hull_points:3",
    '/odds hh-assault attacker_profile:"WS4 S4 T4 W1 I4 A2 Ld8 Sv3+" defender_profile:"WS3 S3 T3 W1 I3 A1 Ld7 Sv5+" attacker_models:5 defender_models:10',
    "/check hh leadership leadership:8 modifier:-1",
    "/check hh morale leadership:8 lost_by:2",
    "/check hh pinning leadership:7",
    "/check hh fall-back cavalry:True",
    "/check hh charge movement:7 distance:8 difficult:True",
    "/check hh sweep winner_initiative:4 loser_initiative:3 winner_crusader:True",
    "/table game:horus_heresy name:to_wound",
])
async def test_every_hh_command_answers_in_both_languages(console, line):
    for locale in ("en", "ru"):
        reply = await run(console, line, locale)
        assert not reply.ephemeral, reply.text
        assert reply.embeds and ("Horus Heresy" in reply.text or "Ересь Хоруса" in reply.text)


async def test_hh_russian_names_and_bad_input(console):
    reply = await run(console, "/стрельба хх bs:4 выстрелов:5 сила:4 стойкость:4 моделей:5 правила:спаренное", "ru")
    assert not reply.ephemeral and "Попаданий" in reply.text and "Спаренное" in reply.text
    reply = await run(console, "/shoot hh bs:4 shots:5 strength:4 toughness:4 models:5 rules:banana")
    assert reply.ephemeral and "twin-linked" in reply.text and "/shoot hh" in reply.text
    reply = await run(console, '/assault hh attacker_profile:"nonsense" defender_profile:"WS3"')
    assert reply.ephemeral and "WS4 S4 T4" in reply.text


async def test_hh_assault_charged_adds_an_attack_and_says_so(console):
    await start(console)
    fight = await run(console, '/assault hh attacker_profile:"WS4 S4 T4 W1 I5 A1 Ld8 Sv3+" '
                               'defender_profile:"WS4 S4 T4 W1 I4 A1 Ld8 Sv3+" attacker:Tacticals '
                               'defender_models:5 charged:True')
    assert "+1 attack for charging (L1196)" in fight.text


async def test_wall_of_death_needs_no_bs_and_its_odds_are_counted(console):
    # L3363: a template snap-firing hits D3 times automatically: there is no to-hit roll to need a BS for
    odds = await run(console, '/odds hh-shoot strength:4 toughness:4 rules:"template, snap" models:5 save:3+')
    assert odds.embeds[0]["description"].splitlines()[0] == "**Per shot: hit 100%, unsaved wound 16.7%**"
    shot = await run(console, '/shoot hh strength:4 toughness:4 rules:"template, snap" models:5 save:3+')
    assert "Wall of Death: D3 hits" in shot.text and "That didn't work" not in shot.text
