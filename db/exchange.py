"""A game as JSON: what `/game export` writes and `/game import` takes back, checked whole
(the schema in `db.export_model`, then the game's own names) before anything is written."""
from __future__ import annotations

from typing import Any

from db.codec import now
from db.export_model import EXAMPLE, EXPORT_FORMAT, EXPORT_VERSION, ExportModel, bad_import, validate_export
from db.session import clean_name
from db.views import GameView, UnitView, fold
from games.house_rules import house_rules
from games.registry import GAMES
from games.state_base import UnitState, rules_for
from i18n import UserError


def export(game: GameView, unit_views: list[UnitView]) -> dict[str, Any]:
    """The channel's game as plain JSON-able data."""
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": now().isoformat(),
        "game": {"system": game.system, "name": game.name, "owner_id": game.owner_id,
                 "owner_name": game.owner_name, "turn": game.turn, "phase": game.phase,
                 "active_side": game.active_side, "settings": game.settings,
                 "players": [{"user_id": p.user_id, "name": p.name, "side": p.side} for p in game.players]},
        "units": [{"name": u.name, "side": u.side, "type": u.type, "size": u.size, "per": u.per,
                   "values": u.values, "statuses": sorted(u.statuses), "data": u.data, "profile": u.profile}
                  for u in unit_views],
    }


def parse_export(data: Any) -> dict[str, Any]:
    """The whole export checked (schema first, then the game's own names) before any write."""
    exported = data if isinstance(data, ExportModel) else validate_export(data)
    game = exported.game
    if game.system not in GAMES:
        raise bad_import("game.system")
    rules = rules_for(game.system)
    if game.phase is not None and game.phase not in rules.phases:
        raise bad_import("game.phase")
    declared = house_rules(game.system)
    for key, value in game.settings.items():
        if key not in declared or value not in declared[key].choices:
            raise bad_import(f"game.settings.{key}")
    players = [{"user_id": p.user_id, "name": p.name, "side": clean_name(p.side, EXAMPLE)} for p in game.players]
    seen: set[str] = set()
    parsed_units = []
    for index, raw in enumerate(exported.units):
        where = f"units.{index}"
        try:
            unit_type = rules.check_type(raw.type)
        except UserError:
            raise bad_import(f"{where}.type") from None
        state = UnitState(clean_name(raw.name, EXAMPLE), clean_name(raw.side, EXAMPLE), unit_type, raw.size, raw.per,
                          {k: v for k, v in raw.values.items() if v}, set(raw.statuses), dict(raw.data),
                          dict(raw.profile))
        if fold(state.name) in seen:
            raise bad_import(f"{where}.name")
        unknown = set(state.values) - set(rules.tracks)
        unknown |= {s for s in state.statuses if s not in rules.statuses and not rules.free_statuses}
        if unknown:
            raise bad_import(f"{where}: {', '.join(sorted(unknown))}")
        seen.add(fold(state.name))
        parsed_units.append(state)
    return {"system": game.system, "turn": game.turn, "phase": game.phase,
            "active_side": game.active_side, "settings": dict(game.settings), "players": players,
            "name": game.name or None, "units": parsed_units}
