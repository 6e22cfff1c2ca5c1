"""The rules of a game session that need no database: who may do what, and how the turn, the
phase, the sides and the house rules move on. `db.store` runs them inside its transactions; a
game package can read them (its state rules decide what a phase change does to its units).

Every function is pure: it takes the game as it is (`GameView`, the game's `StateRules`) and
returns the new values, or raises `i18n.UserError` with what to do instead."""
from __future__ import annotations

from typing import Any

from db.export_model import NAME_LIMIT, TURN_LIMIT
from db.naming import resolve, resolve_or_start
from db.views import Actor, GameView, PlayerView, clean_text, fold
from games.house_rules import HouseRule, house_rules
from games.registry import GAMES
from games.state_base import StateRules, UnitState
from i18n import Msg, Text, UserError, listing


# ---- permissions --------------------------------------------------------------------------
class NeedsConsent(UserError):
    """Joining a side another player holds: they (or the owner) must accept."""

    def __init__(self, side: str, holders: tuple[str, ...]) -> None:
        super().__init__("state.consent.asked", side=side, holders=", ".join(holders))
        self.side = side
        self.holders = holders


def is_manager(game: GameView, actor: Actor) -> bool:
    """The game's owner or a member with Manage Messages: may change anything."""
    return actor.is_moderator or actor.user_id == game.owner_id


def may_edit_side(game: GameView, actor: Actor, side: str) -> bool:
    own = game.side_of(actor.user_id)
    return is_manager(game, actor) or (own is not None and fold(own) == fold(side))


def may_play(game: GameView, actor: Actor) -> bool:
    """Players (and the managers) may apply combat results and move the turn on. A game with
    no player list lets anyone do so."""
    return is_manager(game, actor) or not game.players or game.side_of(actor.user_id) is not None


def require_manager(game: GameView, actor: Actor) -> None:
    if not is_manager(game, actor):
        raise UserError("state.error.owner_only", owner=game.owner_name)


def require_player(game: GameView, actor: Actor) -> None:
    if not may_play(game, actor):
        raise UserError("state.error.not_a_player")


def require_side(game: GameView, actor: Actor, state: UnitState) -> None:
    if not may_edit_side(game, actor, state.side):
        raise UserError("state.error.not_your_side", side=state.side)


# ---- names ----------------------------------------------------------------------------------
def clean_name(text: str | None, example: str) -> str:
    """A name a player typed (a unit, a side, a game): trimmed, one line, within NAME_LIMIT."""
    value = " ".join(clean_text(text or "").split())
    if not value or len(value) > NAME_LIMIT:
        raise UserError("state.error.bad_name", example=example, limit=NAME_LIMIT)
    return value


def known_side(game: GameView, side: str) -> str:
    """`side` as the game already spells it («орки» joins «Орки»), else as typed."""
    return {fold(s): s for s in game.sides}.get(fold(side), side)


def unit_type(rules: StateRules, typed: str | None) -> str:
    """A unit type from its id or title in either language (the error lists them in the reader's)."""
    if not typed:
        return rules.default_type
    found = resolve(typed, rules.unit_types)
    if found is None:
        raise UserError("state.error.unknown_type", example="state.example.unit_add",
                        type=typed, types=listing(rules.unit_types))
    return found


def parse_profile(system: str, text: str, type_: str) -> dict[str, Any]:
    """A profile as the game reads it; a game that declares none says so."""
    spec = GAMES[system].profile
    if spec is None:
        raise UserError("state.error.no_profile", example="state.example.unit_add",
                        game=Msg.of(f"{system}.title"))
    return spec.parse(clean_text(text), type_)


# ---- sides ----------------------------------------------------------------------------------
def join(game: GameView, actor: Actor, who: Actor, side: str) -> tuple[str, list[dict[str, Any]]]:
    """`who` takes `side` (asked by `actor`): the side as the game spells it and the new player
    list. A player changes side only through the owner or a moderator; a side another player
    holds is joined with their consent (NeedsConsent) or the owner's."""
    side_name = known_side(game, side)
    holders = [p for p in game.players if fold(p.side) == fold(side_name) and p.user_id != who.user_id]
    accepting = who.user_id != actor.user_id and any(p.user_id == actor.user_id for p in holders)
    if who.user_id != actor.user_id and not (is_manager(game, actor) or accepting):
        raise UserError("state.error.owner_only", owner=game.owner_name)
    current = game.side_of(who.user_id)
    if current is not None and not is_manager(game, actor):
        raise UserError("state.error.already_joined", side=current)
    if holders and who.user_id == actor.user_id and not is_manager(game, actor):
        raise NeedsConsent(side_name, tuple(p.name for p in holders))
    players = [_player(p) for p in game.players if p.user_id != who.user_id]
    players.append({"user_id": who.user_id, "name": who.name[:NAME_LIMIT], "side": side_name})
    return side_name, players


def _player(p: PlayerView) -> dict[str, Any]:
    return {"user_id": p.user_id, "name": p.name, "side": p.side}


def side_for_new_unit(game: GameView, actor: Actor, side: str | None) -> str:
    """The side a new unit joins: the one named, else the actor's own. Adding units never joins
    a side (issue 14 §5); in a game nobody has joined yet, anyone may set up units."""
    own = game.side_of(actor.user_id)
    target = clean_name(side, "state.example.unit_add") if side else own
    if target is None:
        raise UserError("state.error.need_side", example="state.example.unit_add")
    target = known_side(game, target)
    if own is None and not is_manager(game, actor) and game.players:
        raise UserError("state.error.join_first", example="state.example.game_join", side=target)
    if own is not None and not may_edit_side(game, actor, target):
        raise UserError("state.error.not_your_side", side=target)
    return target


# ---- house rules ----------------------------------------------------------------------------
def house_rule(system: str, key: str, value: str) -> tuple[HouseRule, str]:
    """The house rule `key` names and the choice `value` names, each by its id or by its title in
    either language («Округление при восстановлении строя», «половина вниз»: a title's start is
    enough when only one title starts so)."""
    rules = house_rules(system)
    rule = rules.get(resolve_or_start(key, {k: r.title for k, r in rules.items()}) or "")
    if rule is None:
        raise UserError("state.error.unknown_setting", example="state.example.settings",
                        key=key, keys=_choices([r.title for r in rules.values()]) if rules else "—")
    choice = resolve_or_start(value, {c: rule.choice_titles.get(c) or Text.of(ru=c, en=c) for c in rule.choices})
    if choice is None:
        raise UserError("state.error.bad_setting_value", example="state.example.settings", key=rule.title,
                        value=value, choices=_choices([rule.choice_titles.get(c) or Text.of(ru=c, en=c) for c in rule.choices]))
    return rule, choice


def _choices(titles: list) -> Text:
    """Titles for a reply, «; »-separated: they hold commas of their own."""
    return Text.of(**{loc: "; ".join(f"«{t.render(loc)}»" for t in titles) for loc in ("ru", "en")})


# ---- turns and phases -----------------------------------------------------------------------
def next_turn(turn: int, rules: StateRules) -> tuple[int, str | None]:
    """The next turn and the phase it opens with (the game's first)."""
    if turn >= TURN_LIMIT:
        raise UserError("state.error.turn_limit", limit=TURN_LIMIT)
    return turn + 1, rules.phases[0] if rules.phases else None


def phase_titles(system: str, phases: tuple[str, ...] | list[str]) -> dict[str, Msg]:
    return {p: Msg.of(f"state.phase.{system}.{p}") for p in phases}


def next_phase(system: str, rules: StateRules, current: str | None, typed: str | None) -> str:
    """The phase `typed` names (its id or title in either language), or the one after `current`."""
    phases = rules.phases
    if not phases:
        raise UserError("state.error.no_phases", example="state.example.turn_next")
    if typed is None:
        index = phases.index(current) + 1 if current in phases else 0
        if index >= len(phases):
            raise UserError("state.error.last_phase", example="state.example.turn_next")
        return phases[index]
    titles = phase_titles(system, phases)
    found = resolve(typed, titles)
    if found is None:
        raise UserError("state.error.unknown_phase", example="state.example.turn_phase",
                        phase=typed, phases=listing(titles))
    return found
