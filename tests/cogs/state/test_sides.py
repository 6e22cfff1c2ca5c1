"""Players act only for their own side (issue 14 §5): an opponent's roll of your formation's
own test is shown but not recorded; adding units never joins a side; a side another player
holds is joined only with their (or the owner's) consent, by a button."""
from __future__ import annotations

OWNER, IMPERIAL, ORK, STRANGER = "Хозяин", "Имперец", "Орк", "Прохожий"


async def _setup(console) -> None:
    await console.run("/game start game:epic", locale="en", user=OWNER)       # the owner plays no side
    await console.run("/game join side:Imperium", locale="en", user=IMPERIAL)
    await console.run("/game join side:Orks", locale="en", user=ORK)
    await console.run('/unit add "Tactical Detachment" 8', locale="en", user=IMPERIAL)
    await console.run("/unit add Boyz 10", locale="en", user=ORK)
    await console.run("/blast add formation:Boyz amount:3", locale="en", user=ORK)


async def _boyz_markers(console) -> int:
    store = console.bot.services.state
    unit = await store.find_unit(console.config.console_guild_id, console.config.console_channel_id, "Boyz")
    return unit.value("blast_markers")


async def test_an_opponents_rally_roll_is_shown_but_not_recorded(console):
    await _setup(console)
    [reply] = await console.run("/check epic rally initiative:1 formation:Boyz", locale="en", user=IMPERIAL)
    assert 'Not recorded: "Boyz" belongs to the side "Orks"' in reply.text
    assert await _boyz_markers(console) == 3
    [own] = await console.run("/check epic rally initiative:1 formation:Boyz", locale="en", user=ORK)
    assert "Not recorded" not in own.text


async def test_an_opponent_cannot_change_your_markers(console):
    await _setup(console)
    [reply] = await console.run("/blast remove formation:Boyz amount:3", locale="en", user=IMPERIAL)
    assert reply.ephemeral and await _boyz_markers(console) == 3


async def test_adding_a_unit_never_joins_a_side(console):
    await _setup(console)
    [reply] = await console.run("/unit add Gretchin 5 side:Orks", locale="en", user=STRANGER)
    assert reply.ephemeral and "You play no side. Join the game first: /game join Orks." in reply.text
    game = await console.bot.services.state.channel_game(console.config.console_guild_id,
                                                         console.config.console_channel_id)
    assert game.side_of(__import__("console").loopback.user_id_of(STRANGER)) is None


async def test_joining_a_held_side_needs_the_holders_consent(console):
    await _setup(console)
    [asked] = await console.run("/game join side:Orks", locale="en", user=STRANGER)
    assert not asked.ephemeral and asked.text.splitlines()[0] == '━━ Asking to join the side "Orks" ━━'
    accept, decline = asked.controls
    [refused] = await console.press(asked, accept.number, locale="en", user=IMPERIAL)
    assert refused.ephemeral and "Only a player of the side" in refused.text
    [joined] = await console.press(asked, accept.number, locale="en", user=ORK)
    assert joined.message_id == asked.message_id and not joined.ephemeral
    game = await console.bot.services.state.channel_game(console.config.console_guild_id,
                                                         console.config.console_channel_id)
    from console.loopback import user_id_of
    assert game.side_of(user_id_of(STRANGER)) == "Orks"
