"""Paged replies on a real gateway: pressing a button edits a public message, Discord answers
with MESSAGE_UPDATE, and discord.py refreshes the view it tracks from that update. The bot must
keep answering afterwards (a view that shadowed discord.py's `View._refresh` killed it on the
first press)."""
from __future__ import annotations


def _press_label(reply, starts: str):
    return next(c for c in reply.controls if c.label.startswith(starts) or starts in c.label)


async def _still_answers(console) -> None:
    rolled = await console.run("/roll 2d6", locale="en")
    assert rolled[-1].embeds[0]["title"].startswith("🎲 2d6")


async def test_next_section_on_a_public_rule_keeps_the_bot_alive(console):
    reply = (await console.run("/rule бластов", locale="ru"))[-1]
    assert not reply.ephemeral
    after = await console.press(reply, _press_label(reply, "След. раздел").number, locale="ru")
    assert after[-1].embeds[0]["title"].startswith("1.4 ")
    await _still_answers(console)
    again = await console.press(after[-1], _press_label(after[-1], "Пред. раздел").number, locale="ru")
    assert again[-1].embeds[0]["title"] == "1.3 Бласты (Blast Markers)"
    await _still_answers(console)


async def test_table_of_contents_pages_keep_the_bot_alive(console):
    reply = (await console.run("/rules game:epic", locale="en"))[-1]
    after = await console.press(reply, _press_label(reply, "Next").number, locale="en")
    assert after[-1].components and "Page 2/" in after[-1].text
    await _still_answers(console)


async def test_a_paged_unit_list_and_board_keep_the_bot_alive(console):
    await console.run("/game start game:epic side:Imperium", locale="en", user="alice")
    for k in range(90):   # more than one message holds (6000 characters)
        await console.run(f"/unit add name:\"Formation number {k:02d} with a long name\" size:5",
                          locale="en", user="alice")
    for command in ("/unit list", "/game status"):
        reply = (await console.run(command, locale="en", user="alice"))[-1]
        after = await console.press(reply, _press_label(reply, "Next").number, locale="en", user="alice")
        assert "Page 2/" in after[-1].text
        await _still_answers(console)
