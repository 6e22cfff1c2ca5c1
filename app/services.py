"""What the cogs share: settings, the dice source, the game-state store, the rule index."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.config import Config
from dice import Roller

if TYPE_CHECKING:            # both are heavy to import, and neither is needed to build Services
    from db import StateStore
    from rules_index import RuleIndex


@dataclass
class Services:
    config: Config
    roller: Roller = field(default_factory=Roller)
    state: StateStore | None = None     # opened in the bot's setup_hook
    rules: RuleIndex | None = None      # loaded by the rules cog


def services_of(client: object) -> Services:
    """The bot's services, typed. Every bot that loads the cogs is an `app.referee_bot.RefereeBot`,
    which carries them; anything else is a programming error, said at once."""
    found = getattr(client, "services", None)
    if not isinstance(found, Services):
        raise TypeError(f"{type(client).__name__} carries no Services: build bots with app.referee_bot.RefereeBot")
    return found


def store_of(client: object) -> StateStore:
    """The state store: opened in the bot's setup_hook, before any interaction can arrive."""
    store = services_of(client).state
    if store is None:
        raise RuntimeError("the state store is not open: RefereeBot.setup_hook opens it")
    return store
