"""Controls across a restart: a bot stops, a new one starts against the same Discord and the same
database, and the buttons on the old replies still work (screens), or were greyed at shutdown
(views whose pages lived only in the old process)."""
from __future__ import annotations

import pytest

from console import ConsoleSession
from console.loopback import GuildSpec, LoopbackDiscord
from dice import Roller


@pytest.fixture
def discord_server(config):
    server = LoopbackDiscord([GuildSpec(config.console_guild_id, (config.console_channel_id,))],
                             config.console_files_dir).start()
    yield server
    server.stop()


async def _session(config, server) -> ConsoleSession:
    return await ConsoleSession(config, roller=Roller.seeded(1), server=server).start()


def _control(reply, label: str):
    return next(c for c in reply.controls if label in c.label)


async def test_rule_toc_and_help_controls_work_after_a_restart(config, discord_server):
    first = await _session(config, discord_server)
    rule = (await first.run("/rule бластов", locale="ru"))[-1]
    toc = (await first.run("/rules game:epic", locale="en"))[-1]
    help_ = (await first.run("/help", locale="en"))[-1]
    await first.close()

    second = await _session(config, discord_server)
    try:
        after = await second.press(rule, _control(rule, "След. раздел").number, locale="ru")
        assert after[-1].embeds[0]["title"].startswith("1.4 ")
        page2 = await second.press(toc, _control(toc, "Next").number, locale="en")
        assert "Page 2/" in page2[-1].text
        dice = next(c for c in help_.controls if c.label.startswith("Dice"))
        area = await second.press(help_, dice.number, locale="en")
        assert "/roll" in area[-1].embeds[0]["description"]
    finally:
        await second.close()


async def test_an_answer_pages_and_takes_not_it_after_a_restart(config, discord_server):
    # the query longer than a custom_id: read back from the answer's footer by the new process
    # (its first hit, «Таран» L1869–1885, runs to two pages)
    query = "мой носорог решил протаранить вражеский лэнд рейдер, как считается таран и кто из них получает повреждения?"
    first = await _session(config, discord_server)
    answer = (await first.run(f"/rule {query} game:horus_heresy", locale="ru"))[-1]
    hits = [h for h in first.services.rules.search(query, "horus_heresy", 12) if h.score >= 15]
    await first.close()

    second = await _session(config, discord_server)
    try:
        page2 = (await second.press(answer, _control(answer, "Вперёд").number, locale="ru"))[-1]
        assert page2.embeds[0]["title"] == hits[0].title and "Стр. 2/" in page2.text
        assert page2.embeds[0]["footer"]["text"].startswith(f"🔎 {query}\n")
        after = (await second.press(page2, _control(page2, "Не то").number, locale="ru"))[-1]
        assert after.embeds[0]["title"] == hits[1].title
        rows = await second.services.state.lookup_misses()
        assert [(r["query"], r["shown"][0]) for r in rows] == [(query, hits[0].section_id)]
    finally:
        await second.close()


async def test_a_rule_pressed_by_the_other_player_renders_in_their_language(console):
    rule = (await console.run("/rule бластов", locale="ru", user="alice"))[-1]
    after = await console.press(rule, _control(rule, "След. раздел").number, locale="en", user="bob")
    assert "Next section ⏭" in after[-1].text


async def test_a_unit_list_pages_after_a_restart(config, discord_server):
    """/unit list is a screen now (cogs/state/_screens.py): its buttons outlive the process."""
    first = await _session(config, discord_server)
    await first.run("/game start game:epic side:Imperium", locale="en", user="alice")
    for k in range(40):
        await first.run(f"/unit add name:\"Formation number {k:02d} with a long name\" size:5", locale="en",
                        user="alice")
    listing = (await first.run("/unit list", locale="en", user="alice"))[-1]
    assert any(not c.disabled for c in listing.controls)
    await first.close()
    second = await _session(config, discord_server)
    try:
        forward = next(c for c in listing.controls if c.label.endswith("▶"))
        [page2] = await second.press(listing, forward.number, locale="en", user="bob")
        assert page2.message_id == listing.message_id and "Page 2/" in page2.text
        assert "Formation number 39" in page2.text
    finally:
        await second.close()
