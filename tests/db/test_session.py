"""db/session.py: the session's rules without a database — who may act, sides, turns, phases,
house rules. Each case states the outcome exactly."""
from __future__ import annotations

import pytest

from db.session import (NeedsConsent, house_rule, join, may_play, next_phase, next_turn, side_for_new_unit,
                        unit_type)
from db.views import Actor, GameView, PlayerView
from games.registry import check_all
from games.state_base import rules_for
from i18n import UserError

check_all()
OWNER, ALICE, BOB, CAROL = Actor(1, "owner"), Actor(2, "alice"), Actor(3, "bob"), Actor(4, "carol")
MOD = Actor(9, "mod", is_moderator=True)


def game(system: str = "epic", players: tuple[PlayerView, ...] = (), phase: str | None = "strategy") -> GameView:
    return GameView(id=1, guild_id=1, channel_id=1, system=system, name=None, owner_id=OWNER.user_id,
                    owner_name=OWNER.name, settings={}, turn=1, phase=phase, active_side=None, players=players)


ORKS = (PlayerView(ALICE.user_id, "alice", "Орки"),)


def _key(error: UserError) -> str:
    return error.msg.key


def test_joining_a_side_spelled_differently_joins_the_side_as_the_game_spells_it():
    assert join(game(players=ORKS), BOB, BOB, "Империя") == ("Империя", [
        {"user_id": 2, "name": "alice", "side": "Орки"}, {"user_id": 3, "name": "bob", "side": "Империя"}])
    with pytest.raises(NeedsConsent) as asked:       # a side alice holds: she (or the owner) accepts
        join(game(players=ORKS), BOB, BOB, "орки")
    assert (asked.value.side, asked.value.holders) == ("Орки", ("alice",))
    assert join(game(players=ORKS), ALICE, BOB, "орки")[0] == "Орки"          # alice accepts bob
    assert join(game(players=ORKS), OWNER, BOB, "орки")[0] == "Орки"          # so may the owner


def test_a_player_changes_side_only_through_the_owner_or_a_moderator():
    with pytest.raises(UserError) as refused:
        join(game(players=ORKS), ALICE, ALICE, "Империя")
    assert _key(refused.value) == "state.error.already_joined"
    assert join(game(players=ORKS), MOD, ALICE, "Империя")[1] == [{"user_id": 2, "name": "alice", "side": "Империя"}]
    with pytest.raises(UserError) as refused:
        join(game(players=ORKS), CAROL, BOB, "Империя")       # carol can't seat bob
    assert _key(refused.value) == "state.error.owner_only"


def test_a_new_unit_goes_to_the_named_side_or_the_actors_own():
    assert side_for_new_unit(game(players=ORKS), ALICE, None) == "Орки"
    assert side_for_new_unit(game(players=ORKS), OWNER, "орки") == "Орки"
    assert side_for_new_unit(game(), CAROL, "Эльдар") == "Эльдар"      # nobody joined yet: anyone sets up
    for actor, side, key in ((CAROL, "Орки", "state.error.join_first"), (ALICE, "Империя", "state.error.not_your_side"),
                             (OWNER, None, "state.error.need_side")):
        with pytest.raises(UserError) as refused:
            side_for_new_unit(game(players=ORKS), actor, side)
        assert _key(refused.value) == key


def test_only_players_and_managers_play_a_game_with_players():
    assert [may_play(game(players=ORKS), a) for a in (ALICE, BOB, OWNER, MOD)] == [True, False, True, True]
    assert may_play(game(), BOB)


def test_turns_and_phases_move_as_the_game_declares_them():
    epic = rules_for("epic")
    assert next_turn(1, epic) == (2, "strategy")
    assert next_phase("epic", epic, "strategy", None) == "action"
    assert next_phase("epic", epic, "strategy", "конечная") == "end"        # a Russian title
    with pytest.raises(UserError) as refused:
        next_phase("epic", epic, "end", None)
    assert _key(refused.value) == "state.error.last_phase"
    with pytest.raises(UserError) as refused:
        next_turn(1000, epic)
    assert _key(refused.value) == "state.error.turn_limit"


def test_unit_types_and_house_rules_are_the_games_own():
    assert unit_type(rules_for("epic"), "машина войны") == "war_engine"
    assert unit_type(rules_for("epic"), None) == "formation"
    assert house_rule("epic", "rally_rounding", "down")[0].key == "rally_rounding"
    # the Russian titles a player reads in /game settings name the same rule and choice
    rule, choice = house_rule("epic", "Округление при восстановлении строя", "половина вниз")
    assert (rule.key, choice) == ("rally_rounding", "down")
    with pytest.raises(UserError) as refused:
        house_rule("epic", "rally_rounding", "sideways")
    assert _key(refused.value) == "state.error.bad_setting_value"
