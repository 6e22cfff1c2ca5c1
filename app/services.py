"""What the cogs share: settings, the dice source, the game-state store, the rule index."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.config import Config
from dice import Roller


@dataclass
class Services:
    config: Config
    roller: Roller = field(default_factory=Roller)
    state: Any = None   # db.StateStore, opened in the bot's setup_hook
    rules: Any = None   # rules_index.RuleIndex, loaded by the rules cog
