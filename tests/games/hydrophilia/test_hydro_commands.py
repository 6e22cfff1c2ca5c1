"""Гидрофилия commands through the console: an attack, damage and a status on tracked models
with /undo; every command once in each language."""
from __future__ import annotations

import re

RAW_KEY = re.compile(r"\b(fow|wm|hydro|combat2)\.[a-z_0-9]+\.[a-z_0-9.]+")


async def model_line(console, name: str) -> str:
    [reply] = await console.run("/unit list", locale="en", user="alice")
    return next(l for l in reply.text.splitlines() if name in l)


async def test_hydro_full_exchange_attack_damage_status_and_undo(console):
    await console.run("/game start game:hydrophilia name:Docks side:Red", locale="en", user="alice")
    await console.run("/unit add name:Vika size:6", locale="en", user="alice")
    await console.run("/unit add name:Drone size:3", locale="en", user="alice")
    # Skill 20 against dodge 2 hits unless both dice are 1; 6 damage dice against ЗАЩ 1 all wound.
    [hit] = await console.run("/hydro attack skill:20 dodge:2 damage:6 defence:1 target:Vika attacker:Drone ap_cost:1",
                              locale="en", user="alice")
    # The seeded dice: [5, 5] hits, six damage dice against ЗАЩ 1 all wound.
    assert "[5, 5]" in hit.text and "Wounds: 6" in hit.text and "event #" in hit.text
    assert "AP 1" in await model_line(console, "Drone")
    [again] = await console.run("/hydro attack skill:20 dodge:2 damage:1 defence:1 attacker:Drone", locale="en",
                                user="alice")
    assert "already attacked this activation" in again.text and "skill 18" in again.text      # L258: −2
    await console.run("/undo", locale="en", user="alice")
    assert "wounds left 0/6 · AP 0 · **destroyed**" in await model_line(console, "Vika")
    await console.run("/undo", locale="en", user="alice")
    assert "wounds left 6/6" in await model_line(console, "Vika")
    await console.run("/hydro damage dice:3 defence:1 target:Vika", locale="en", user="alice")
    assert "wounds left 3/6" in await model_line(console, "Vika")
    # The drone's link breaks: the seeded d6 is a 4, autonomous, all its ОД gone (L499).
    [drone] = await console.run("/hydro drone drone:Drone", locale="en", user="alice")
    assert "[4]" in drone.text and "the drone is autonomous" in drone.text
    assert "AP 0 · **autonomous**" in await model_line(console, "Drone")
    await console.run("/undo", locale="en", user="alice")
    assert "autonomous" not in await model_line(console, "Drone")


async def test_a_drone_has_no_action_points_of_its_own_and_loses_them_without_its_link(console):
    await console.run("/game start game:hydrophilia name:Docks side:Red", locale="ru", user="alice")
    await console.run("/unit add name:Vika size:6", locale="ru", user="alice")
    [added] = await console.run("/unit add name:Дрон size:2 type:дрон", locale="ru", user="alice")
    assert not added.ephemeral, added.text                     # the Russian type name is accepted
    assert "AP 0" in await model_line(console, "Дрон")         # L487: no ОД of its own
    [move] = await console.run("/hydro move move:6 model:Дрон", locale="en", user="alice")
    assert move.ephemeral and "drones have none of their own" in move.text
    await console.run("/hydro-turn drone-ap drone:Дрон ap:2 controller:Vika", locale="en", user="alice")
    assert "AP 2" in await model_line(console, "Дрон")
    await console.run("/status set unit:Дрон status:uncontrolled", locale="en", user="alice")
    [given] = await console.run("/hydro-turn drone-ap drone:Дрон ap:2", locale="en", user="alice")
    assert given.ephemeral and "loses all action points" in given.text
    line = await model_line(console, "Дрон")
    assert "uncontrolled" in line
    [ru] = await console.run("/unit list", locale="ru", user="alice")
    assert "неуправляем" in ru.text and "uncontrolled" not in ru.text


async def test_moves_spend_action_points_and_halve(console):
    await console.run("/game start game:hydrophilia name:Docks side:Red", locale="en", user="alice")
    await console.run("/unit add name:Vika size:6", locale="en", user="alice")
    [first] = await console.run("/hydro move move:6 model:Vika", locale="en", user="alice")
    [second] = await console.run("/hydro move move:6 model:Vika", locale="en", user="alice")
    assert "6\"" in first.text and "3\"" in second.text          # L221: each move halves the next
    assert "AP 0" in await model_line(console, "Vika")            # L219: 1 ОД each
    [third] = await console.run("/hydro move move:6 model:Vika", locale="en", user="alice")
    assert third.ephemeral and "only 0 action points" in third.text


async def test_hydro_immunity_in_russian(console):
    [reply] = await console.run("/гидра атака навык:3 укл:8 урон:3 защита:- природа:mental", locale="ru", user="alice")
    assert "иммунитет" in reply.text


HYDRO_LINES = [
    "/hydro attack skill:3 dodge:10 damage:3 defence:4 cover:cover pierce:2",
    "/hydro attack skill:2 dodge:11 damage:2 defence:5 shotgun:True armour_piercing:True repeat:True",
    "/hydro artillery skill:2 damage:4/2 targets:Vika:9:4,Drone:8:-",
    "/hydro damage dice:4 defence:3 damage_type:em",
    "/hydro drone",
    "/hydro fall floors:3",
    "/hydro game-length",
    "/hydro move move:6 number:3 after_attack:True",
    "/hydro-turn initiative second_b:1",
    "/hydro-turn fuel models:Vika:4,Drone:-",
    "/hydro-turn elemental model:Vika choice:check brn:4",
    "/hydro odds-attack skill:3 dodge:10 damage:3 defence:4",
    "/hydro odds-artillery skill:2 dodge:9 damage:4/2 defence:4",
]


async def test_every_hydro_command_answers_in_both_languages(console):
    # One console session for all of them: starting one per line is what makes tests slow.
    for line in HYDRO_LINES:
        for locale in ("en", "ru"):
            replies = await console.run(line, locale=locale, user="alice")
            assert replies and not replies[0].ephemeral, replies[0].text
            assert not RAW_KEY.search(replies[0].text), replies[0].text      # every message is in the catalog
            assert replies[0].embeds


async def test_hydro_bad_input_is_explained(console):
    [reply] = await console.run("/hydro artillery skill:2 damage:4 targets:Vika:9:4", locale="en", user="alice")
    assert reply.ephemeral and "X/Y" in reply.text
    [reply] = await console.run("/hydro attack skill:2 dodge:9 damage:2 defence:x", locale="en", user="alice")
    assert reply.ephemeral and "dash" in reply.text
