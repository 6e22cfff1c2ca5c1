"""The store: permissions, isolation between channels, events, undo, export/import,
combat results. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set."""
from __future__ import annotations

import pytest

from state_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, MOD, OTHER_CHANNEL, THREAD, epic_game
from games.procedure import StateChange
from i18n import Msg, UserError

SUMMARY = Msg.of("state.event.combat")


def blast(unit: str, n: int = 1) -> list[StateChange]:
    return [StateChange(unit, "blast_markers", "add", n)]


async def markers(store, name: str, channel: int = CHANNEL) -> int:
    return (await store.find_unit(GUILD, channel, name)).value("blast_markers")


async def test_no_game_says_how_to_start_one(store):
    assert await store.channel_game(GUILD, CHANNEL) is None
    with pytest.raises(UserError) as err:
        await store.change_units(GUILD, CHANNEL, ALICE, blast("x"), SUMMARY)
    assert err.value.msg.key == "state.error.no_game"
    assert err.value.example.key == "state.example.game_start"


async def test_game_view_has_what_combat_needs(store):
    await epic_game(store)
    game = await store.channel_game(GUILD, CHANNEL)
    assert (game.system, game.name, game.owner_id, game.turn, game.phase) == ("epic", "test", ALICE.user_id, 1, "strategy")
    assert game.side_of(BOB.user_id) == "Orks" and game.sides == ["Imperium", "Orks"]
    assert game.settings == {} and game.active_side is None


async def test_one_game_per_channel(store):
    await epic_game(store)
    with pytest.raises(UserError) as err:
        await store.start_game(GUILD, CHANNEL, BOB, "warmaster")
    assert err.value.msg.key == "state.error.game_exists"


async def test_units_are_found_case_and_yo_insensitively(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "epic", side="Империум")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Тяжёлые Танки", 3)
    assert (await store.find_unit(GUILD, CHANNEL, "тяжелые  танки")).name == "Тяжёлые Танки"
    assert await store.unit_names(GUILD, CHANNEL, "тяж") == ["Тяжёлые Танки"]
    assert await store.unit_names(GUILD, CHANNEL, "танк") == ["Тяжёлые Танки"]
    with pytest.raises(UserError):
        await store.add_unit(GUILD, CHANNEL, ALICE, "ТЯЖЕЛЫЕ ТАНКИ", 2)


# ---- permissions --------------------------------------------------------------------------
async def test_players_change_their_own_side_only(store):
    await epic_game(store)
    await store.change_units(GUILD, CHANNEL, BOB, blast("Boyz"), SUMMARY)
    with pytest.raises(UserError) as err:
        await store.change_units(GUILD, CHANNEL, BOB, blast("Tactical"), SUMMARY)
    assert err.value.msg.key == "state.error.not_your_side"
    with pytest.raises(UserError):
        await store.remove_unit(GUILD, CHANNEL, BOB, "Tactical")
    with pytest.raises(UserError):
        await store.add_unit(GUILD, CHANNEL, BOB, "Sneaky", 2, side="Imperium")
    with pytest.raises(UserError):
        await store.change_units(GUILD, CHANNEL, CAROL, blast("Boyz"), SUMMARY)
    assert await markers(store, "Boyz") == 1 and await markers(store, "Tactical") == 0


async def test_owner_and_moderators_change_anything(store):
    await epic_game(store)
    await store.change_units(GUILD, CHANNEL, ALICE, blast("Boyz"), SUMMARY)        # owner
    await store.change_units(GUILD, CHANNEL, MOD, blast("Boyz"), SUMMARY)          # Manage Messages
    await store.rename_unit(GUILD, CHANNEL, MOD, "Boyz", "Da Boyz")
    assert await markers(store, "Da Boyz") == 2


async def test_only_owner_or_moderator_ends_imports_and_sets(store):
    await epic_game(store)
    for call in (store.end_game(GUILD, CHANNEL, BOB),
                 store.import_game(GUILD, CHANNEL, BOB, await store.export_game(GUILD, CHANNEL)),
                 store.set_setting(GUILD, CHANNEL, BOB, "rally_rounding", "down")):
        with pytest.raises(UserError) as err:
            await call
        assert err.value.msg.key == "state.error.owner_only"
    await store.set_setting(GUILD, CHANNEL, MOD, "rally_rounding", "down")
    assert (await store.channel_game(GUILD, CHANNEL)).settings == {"rally_rounding": "down"}
    await store.end_game(GUILD, CHANNEL, MOD)
    assert await store.channel_game(GUILD, CHANNEL) is None


async def test_combat_results_may_hit_enemy_units(store):
    await epic_game(store)
    result = await store.apply_changes(GUILD, CHANNEL, BOB, [
        StateChange("Tactical", "units_lost", "add", 1), StateChange("Tactical", "blast_markers", "add", 3)], SUMMARY,
        payload={"procedure": "shoot"})
    assert [m.key for m in result.messages] == ["state.epic.broke"]      # 3 markers ≥ 3 units left
    (change,) = result.units
    assert change.before.value("units_lost") == 0 and change.after.value("units_lost") == 1
    assert change.after.has("broken") and change.after.value("blast_markers") == 0
    with pytest.raises(UserError) as err:                                 # not a player
        await store.apply_changes(GUILD, CHANNEL, CAROL, blast("Tactical"), SUMMARY)
    assert err.value.msg.key == "state.error.not_a_player"


async def test_anyone_applies_combat_in_a_game_without_players(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "warmaster")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Swordsmen", 3, side="Empire", per=3)
    result = await store.apply_changes(GUILD, CHANNEL, CAROL, [StateChange("Swordsmen", "hits", "add", 4)], SUMMARY)
    assert [m.key for m in result.messages] == ["state.warmaster.stands_removed"]
    assert result.units[0].after.value("stands_lost") == 1 and result.units[0].after.value("hits") == 1


# ---- isolation ------------------------------------------------------------------------------
async def test_channels_and_threads_are_isolated(store):
    await epic_game(store)
    await epic_game(store, channel=THREAD)
    await store.change_units(GUILD, THREAD, ALICE, blast("Tactical", 2), SUMMARY)
    assert await markers(store, "Tactical", THREAD) == 2
    assert await markers(store, "Tactical", CHANNEL) == 0
    # Nothing of it can be seen or changed from a channel without a game.
    assert await store.channel_game(GUILD, OTHER_CHANNEL) is None
    assert await store.find_unit(GUILD, OTHER_CHANNEL, "Tactical") is None
    assert await store.unit_names(GUILD, OTHER_CHANNEL, "") == []
    with pytest.raises(UserError):
        await store.change_units(GUILD, OTHER_CHANNEL, ALICE, blast("Tactical"), SUMMARY)
    # …nor from the same channel id in another server.
    assert await store.channel_game(GUILD + 1, CHANNEL) is None
    # Undo in the thread leaves the channel alone.
    await store.undo(GUILD, CHANNEL, ALICE)                              # undoes Boyz's creation there
    assert await store.find_unit(GUILD, THREAD, "Boyz") is not None
    assert await store.find_unit(GUILD, CHANNEL, "Boyz") is None


# ---- history and undo -----------------------------------------------------------------------
async def test_undo_reverts_the_last_event_step_by_step(store):
    await epic_game(store)
    await store.change_units(GUILD, CHANNEL, ALICE, blast("Tactical", 3), SUMMARY)
    await store.change_units(GUILD, CHANNEL, ALICE, blast("Tactical"), SUMMARY)      # breaks
    assert (await store.find_unit(GUILD, CHANNEL, "Tactical")).has("broken")
    await store.undo(GUILD, CHANNEL, ALICE)
    unit = await store.find_unit(GUILD, CHANNEL, "Tactical")
    assert not unit.has("broken") and unit.value("blast_markers") == 3
    await store.undo(GUILD, CHANNEL, ALICE)
    assert await markers(store, "Tactical") == 0
    await store.remove_unit(GUILD, CHANNEL, BOB, "Boyz")
    await store.undo(GUILD, CHANNEL, BOB)                                 # a removed unit comes back
    assert (await store.find_unit(GUILD, CHANNEL, "Boyz")).size == 6
    history = await store.history(GUILD, CHANNEL)
    assert [e.kind for e in history][:3] == ["unit_remove", "blast", "blast"] or history[0].undone
    assert [e.undone for e in history][:4] == [True, True, True, False]
    assert history[-1].kind == "start" and history[0].actor_name == "bob"


async def test_undo_permissions_and_floor(store):
    await epic_game(store)
    await store.change_units(GUILD, CHANNEL, BOB, blast("Boyz"), SUMMARY)
    with pytest.raises(UserError) as err:
        await store.undo(GUILD, CHANNEL, CAROL)
    assert err.value.msg.key == "state.error.undo_not_yours"
    await store.undo(GUILD, CHANNEL, ALICE)                              # the owner may
    for _ in range(3):
        await store.undo(GUILD, CHANNEL, MOD)                            # unit, unit, join
    with pytest.raises(UserError) as err:
        await store.undo(GUILD, CHANNEL, ALICE)
    assert err.value.msg.key == "state.error.nothing_to_undo"
    game = await store.channel_game(GUILD, CHANNEL)
    assert game.sides == ["Imperium"]


async def test_turns_and_phases(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "warmaster", side="Empire")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Swordsmen", 3, per=3)
    await store.set_phase(GUILD, CHANNEL, ALICE, "shooting")
    await store.change_units(GUILD, CHANNEL, ALICE, [StateChange("Swordsmen", "hits", "add", 2)], SUMMARY)
    result = await store.set_phase(GUILD, CHANNEL, ALICE)                  # shooting → combat
    assert [m.key for m in result.messages] == ["state.warmaster.hits_cleared_shooting"]
    assert (await store.find_unit(GUILD, CHANNEL, "Swordsmen")).value("hits") == 0
    await store.undo(GUILD, CHANNEL, ALICE)                                # the pool comes back with the phase
    assert (await store.find_unit(GUILD, CHANNEL, "Swordsmen")).value("hits") == 2
    assert (await store.channel_game(GUILD, CHANNEL)).phase == "shooting"
    result = await store.next_turn(GUILD, CHANNEL, ALICE, side="Empire")
    game = result.game
    assert (game.turn, game.phase, game.active_side) == (2, "command", "Empire")
    with pytest.raises(UserError):
        await store.set_phase(GUILD, CHANNEL, ALICE, "magic")


async def test_export_import_round_trip(store):
    await epic_game(store)
    await store.change_units(GUILD, CHANNEL, ALICE, blast("Tactical", 2), SUMMARY)
    exported = await store.export_game(GUILD, CHANNEL)
    await store.change_units(GUILD, CHANNEL, ALICE, blast("Tactical", 1), SUMMARY)
    await store.remove_unit(GUILD, CHANNEL, BOB, "Boyz")
    result = await store.import_game(GUILD, CHANNEL, ALICE, exported)
    assert result.summary.params["count"] == 2
    assert await markers(store, "Tactical") == 2
    assert (await store.find_unit(GUILD, CHANNEL, "Boyz")).size == 6
    # into another channel's game of the same system
    await store.start_game(GUILD, OTHER_CHANNEL, BOB, "epic")
    await store.import_game(GUILD, OTHER_CHANNEL, BOB, exported)
    assert await markers(store, "Tactical", OTHER_CHANNEL) == 2
    # import is one undoable event
    await store.undo(GUILD, CHANNEL, ALICE)
    assert await store.find_unit(GUILD, CHANNEL, "Boyz") is None and await markers(store, "Tactical") == 3


@pytest.mark.parametrize("broken", [
    {}, {"format": "x"}, {"format": "wargame-referee/game-state", "version": 1, "game": {"system": "chess"}},
    {"format": "wargame-referee/game-state", "version": 1, "game": {"system": "epic"},
     "units": [{"name": "A", "side": "B", "size": "many"}]},
    {"format": "wargame-referee/game-state", "version": 1, "game": {"system": "epic"},
     "units": [{"name": "A", "side": "B", "size": 2, "values": {"mana": 3}}]},
])
async def test_bad_imports_are_user_errors(store, broken):
    await epic_game(store)
    with pytest.raises(UserError) as err:
        await store.import_game(GUILD, CHANNEL, ALICE, broken)
    assert err.value.msg.key == "state.error.bad_import"
    assert await store.find_unit(GUILD, CHANNEL, "Boyz") is not None


async def test_import_of_another_game_system_is_refused(store):
    await store.start_game(GUILD, OTHER_CHANNEL, ALICE, "warmaster")
    exported = await store.export_game(GUILD, OTHER_CHANNEL)
    await epic_game(store)
    with pytest.raises(UserError) as err:
        await store.import_game(GUILD, CHANNEL, ALICE, exported)
    assert err.value.msg.key == "state.error.import_other_game"


async def test_a_failing_command_changes_nothing(store):
    await epic_game(store)
    with pytest.raises(UserError):   # the second change names a unit that doesn't exist
        await store.apply_changes(GUILD, CHANNEL, ALICE, blast("Boyz", 2) + blast("Nobody"), SUMMARY)
    assert await markers(store, "Boyz") == 0
    assert (await store.history(GUILD, CHANNEL, 1))[0].kind == "unit_add"


async def test_state_survives_closing_and_reopening_the_store(db_url):
    import db
    first = await db.open_store(db_url)
    await epic_game(first)
    await first.change_units(GUILD, CHANNEL, ALICE, blast("Tactical", 2), SUMMARY)
    await first.close()                                   # the bot stops…
    second = await db.open_store(db_url)                  # …and starts again
    try:
        assert await markers(second, "Tactical") == 2
        await second.change_units(GUILD, CHANNEL, ALICE, blast("Tactical"), SUMMARY)
        await second.undo(GUILD, CHANNEL, ALICE)          # history survived too
        await second.undo(GUILD, CHANNEL, ALICE)
        assert await markers(second, "Tactical") == 0
    finally:
        await second.close()
