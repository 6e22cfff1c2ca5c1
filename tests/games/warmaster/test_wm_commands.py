"""Warmaster commands through the console: command, charge, combat, result, retreat and a unit that
loses stands, on the channel's game with /undo; every command once in each language."""
from __future__ import annotations

import re

RAW_KEY = re.compile(r"\b(fow|wm|hydro|combat2)\.[a-z_0-9]+\.[a-z_0-9.]+")


async def unit_line(console, name: str) -> str:
    [reply] = await console.run("/unit list", locale="en", user="alice")
    return next(l for l in reply.text.splitlines() if name in l)


async def test_wm_full_exchange_command_charge_combat_retreat_stands_lost(console):
    await console.run("/game start game:warmaster name:Reikland side:Empire", locale="en", user="alice")
    await console.run("/unit add name:Knights size:3 per:3", locale="en", user="alice")
    await console.run("/unit add name:Orcs size:3 per:3", locale="en", user="alice")
    # The General orders the knights to charge: Command 10 at 0 cm fails only on 11–12.
    [order] = await console.run("/wm command character:general command:10 unit:Knights", locale="en", user="alice")
    assert "**Order given: 10 ≤ 10.**" in order.text and "[5, 5]" in order.text
    # The charge: 3 stands × (3 + 1 in the open) = 12 attacks at 4+, no armour on the Orcs.
    [combat] = await console.run("/wm combat stands:3 attacks:3 charge_open:True target:Orcs attacker:Knights",
                                 locale="en", user="alice")
    assert "3 stands × 4" in combat.text and "stands lost 0→" in combat.text
    assert "stands 3/3" not in await unit_line(console, "Orcs")          # the Orcs lost stands
    [back] = await console.run("/wm combat stands:2 attacks:4 target:Knights attacker:Orcs armour:4+",
                               locale="en", user="alice")
    [result] = await console.run("/wm combat-result hits_a:6 hits_b:1 support_b:1 side_a:Knights side_b:Orcs",
                                 locale="en", user="alice")
    assert "Knights wins" in result.text and "retreats ⌈4 / 1⌉ = 4 cm" in result.text
    before_undo = await unit_line(console, "Orcs")
    await console.run("/undo", locale="en", user="alice")      # the result changed nothing; undo the Orcs' attack
    await console.run("/undo", locale="en", user="alice")      # and the knights' charge
    assert "stands 3/3" in await unit_line(console, "Orcs") and before_undo != await unit_line(console, "Orcs")


async def test_wm_blunder_penalty_and_confusion_come_from_the_state(console):
    await console.run("/game start game:warmaster name:Reikland side:Empire", locale="en", user="alice")
    await console.run("/unit add name:Orcs size:3 per:3", locale="en", user="alice")
    await console.run("/status set unit:Orcs status:confused", locale="en", user="alice")
    [reply] = await console.run("/wm command character:hero command:8 unit:Orcs", locale="en", user="alice")
    assert reply.ephemeral and "confused" in reply.text


async def test_a_tracked_confused_attacker_fights_with_one_attack_less_per_stand(console):
    # L309 (table L268): the unit's status decides, though the player didn't tick `confused`.
    await console.run("/game start game:warmaster name:Reikland side:Empire", locale="en", user="alice")
    await console.run("/unit add name:Knights size:3 per:3", locale="en", user="alice")
    await console.run("/unit add name:Orcs size:3 per:3", locale="en", user="alice")
    await console.run("/status set unit:Knights status:confused", locale="en", user="alice")
    [combat] = await console.run("/wm combat stands:3 attacks:3 charge_open:True target:Orcs attacker:Knights",
                                 locale="en", user="alice")
    assert "3 stands × 3 + character 0 = 9" in combat.text          # 3 + 1 (charge) − 1 (confused)


WM_LINES = [
    "/wm shoot shots:6 armour:5+ position:defended hits_per_stand:3 target_stands:3",
    "/wm shoot shots:2 cannon:True position:fortified",
    "/wm combat stands:3 attacks:5 pursuit:True pursuit_cm:4 armour:6+",
    "/wm command character:wizard command:7 distance:15 orders_given:1",
    "/wm drive-back hits:4 position:defended",
    "/wm combat-result hits_a:3 hits_b:3",
    "/wm fall-back",
    "/wm-roll left-table stands_lost:1 general:True",
    "/wm-roll battle-length",
    "/wm-roll cast spell:ball_of_flame high_elf:True",
    "/wm-roll breach hits:3 gate:True",
    "/wm-roll ship hits:2 damaged:True",
    "/wm-roll boiling-oil",
    "/wm-roll flame-cannon",
    "/wm-battle home-back",
    "/wm-battle helblaster range_cm:15 armour:5+",
    "/wm-battle cannon bounce_stands:2 position:defended",
    "/wm-battle rage-of-chaos dice:2",
    "/wm-battle magic-d6 roll:dispel",
    "/wm-battle withdrawal side:Empire units_total:6 units_lost:3",
    "/wm-battle victory-points side_a:Empire side_b:Orcs",
    "/wm-odds command character:hero command:8 distance:45 enemy_20cm:True",
    "/wm-odds shoot shots:9 armour:4+ hits_per_stand:3 target_stands:3",
    "/wm-odds combat stands:3 attacks:4 charge_open:True armour:6+",
    "/wm-odds drive-back hits:3",
    "/wm-odds cast spell:foot_of_gork wand_of_power:True",
]


async def test_every_wm_command_answers_in_both_languages(console):
    # One console session for all of them: starting one per line is what makes tests slow.
    for line in WM_LINES:
        for locale in ("en", "ru"):
            replies = await console.run(line, locale=locale, user="alice")
            assert replies and not replies[0].ephemeral, replies[0].text
            assert not RAW_KEY.search(replies[0].text), replies[0].text      # every message is in the catalog
            assert replies[0].embeds


async def test_wm_out_of_range_is_explained(console):
    [reply] = await console.run("/wm command character:wizard command:7 distance:25", locale="en", user="alice")
    assert reply.ephemeral and "20 cm" in reply.text and "/wm command" in reply.text


async def test_the_command_phase_counts_orders_and_a_failed_generals_order_ends_it(console):
    # L148: each successful order to a unit is −1 to its next; L140: a failed General ends the phase.
    await console.run("/game start game:warmaster name:Reikland side:Empire", locale="en", user="alice")
    await console.run("/unit add name:Knights size:3 per:3", locale="en", user="alice")
    await console.run("/unit add name:Halberdiers size:3 per:3", locale="en", user="alice")
    [first] = await console.run("/wm command character:hero command:10 unit:Knights", locale="en", user="alice")
    assert "**Order given: 10 ≤ 10.**" in first.text and "orders this phase 0→1" in first.text
    [second] = await console.run("/wm command character:hero command:10 unit:Knights", locale="en", user="alice")
    assert "orders this phase: 1, from the state of Knights" in second.text and "**Order given: 8 ≤ 9.**" in second.text
    [general] = await console.run("/wm command character:general command:9 unit:Halberdiers distance:100",
                                  locale="en", user="alice")
    assert "[4, 6]" in general.text and "the command phase ends for everyone" in general.text
    assert "**Knights**: +no more orders" in general.text
    [refused] = await console.run("/wm command character:hero command:8 unit:Knights", locale="en", user="alice")
    assert refused.ephemeral and "the command phase is over" in refused.text
    [phase] = await console.run("/turn phase shooting", locale="en", user="alice")
    [again] = await console.run("/wm-odds command character:hero command:8 unit:Knights", locale="en", user="alice")
    assert "orders this phase" not in again.text                     # the count starts again next phase


async def test_drive_back_takes_the_hits_of_the_shots_just_resolved(console):
    await console.run("/game start game:warmaster name:Reikland side:Empire", locale="en", user="alice")
    await console.run("/unit add name:Orcs size:3 per:3 side:Orcs", locale="en", user="alice")
    await console.run("/turn phase shooting", locale="en", user="alice")
    [shot] = await console.run("/wm shoot shots:6 target:Orcs", locale="en", user="alice")
    assert "Hits inflicted (after armour): 5" in shot.text and "hits this phase 0→5" in shot.text
    [back] = await console.run("/wm drive-back target:Orcs", locale="en", user="alice")
    assert "Drive back: 5 D6" in back.text and "hits this phase: 5, from the state of Orcs" in back.text
    assert "[5, 1, 1, **6**, 4]" in back.text and "+confused" in back.text
    [none] = await console.run("/wm drive-back", locale="en", user="alice")
    assert none.ephemeral and "hits" in none.text
