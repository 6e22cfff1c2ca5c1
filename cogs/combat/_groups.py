"""The combat command groups every game plugs its procedures into.

`/shoot <game>`, `/assault <game>`, `/odds <game-procedure>`, `/check <game> <test>`. A game
declares its commands as data (`games/<id>/commands.py`, naming one of these groups by key);
`cogs/combat/_factory.py` builds them into the groups. Each bot gets groups of its own, so two
bots in one process (a restart test, the console beside a gateway) never share commands.
"""
from discord import app_commands

from cogs._common import L
from games.commands import SHARED_GROUPS

GUILD_ONLY = {"shoot": True, "assault": True, "odds": False, "check": True}   # odds need no game state


def combat_groups() -> dict[str, app_commands.Group]:
    """Fresh shared groups for one bot, by the key games name them with."""
    return {key: app_commands.Group(name=L(f"combat.group.{key}.name"), description=L(f"combat.group.{key}.desc"),
                                    guild_only=GUILD_ONLY[key]) for key in SHARED_GROUPS}
