"""Russian names wherever autocomplete offers them (issue 10 §3): phases, types and statuses
typed in either language; errors list them in the reader's; history keeps ids, not titles."""
from __future__ import annotations

import pytest

from games.procedure import StateChange
from i18n import Msg, UserError
from state_helpers import ALICE, CHANNEL, GUILD


async def test_a_phase_typed_in_russian_with_its_word_and_ending(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "horus_heresy", side="Legion")
    for typed, key in (("фаза стрельбы", "shooting"), ("Стрельба", "shooting"), ("движение", "movement"),
                       ("Shooting", "shooting"), ("наступления", "assault")):
        await store.set_phase(GUILD, CHANNEL, ALICE, typed)
        assert (await store.channel_game(GUILD, CHANNEL)).phase == key, typed
    with pytest.raises(UserError) as err:
        await store.set_phase(GUILD, CHANNEL, ALICE, "магии")
    assert err.value.msg.render("ru") == ("Нет фазы «магии». Есть: начало хода, движения, стрельбы, "
                                          "наступления, конец хода.")
    assert "start of turn, movement" in err.value.msg.render("en")


async def test_a_type_typed_in_russian_and_the_error_list_in_russian(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "epic", side="Imperium")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Warhound", 3, unit_type="машина войны")
    assert (await store.find_unit(GUILD, CHANNEL, "Warhound")).type == "war_engine"
    with pytest.raises(UserError) as err:
        await store.add_unit(GUILD, CHANNEL, ALICE, "Gargant", 8, unit_type="дрон")
    text = err.value.msg.render("ru")
    assert "формация" in text and "formation" not in text


async def test_history_keeps_ids_and_renders_the_game_title_in_the_readers_language(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "epic", side="Imperium")
    [start] = await store.history(GUILD, CHANNEL, 1)
    assert start.summary.params["game"] == Msg.of("epic.title")
    assert "Эпик: Армагеддон" in start.summary.render("ru") and "Epic" not in start.summary.render("ru")


async def test_a_command_of_another_game_names_both_games(store):
    await store.start_game(GUILD, CHANNEL, ALICE, "warmaster", side="Empire")
    await store.add_unit(GUILD, CHANNEL, ALICE, "Swordsmen", 3, per=3)
    with pytest.raises(UserError) as err:
        await store.change_unit(GUILD, CHANNEL, ALICE, "Swordsmen",
                                lambda state, rules: [StateChange(state.name, "hits", "add", 1)],
                                lambda state: Msg.of("state.event.turn", turn=1), system="epic")
    assert err.value.msg.key == "state.error.other_game"
    assert err.value.msg.render("ru").startswith("Эта команда — для игры Эпик: Армагеддон, а здесь идёт")
