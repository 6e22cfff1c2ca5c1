"""The combat command groups every game plugs its procedures into.

`/shoot <game>`, `/assault <game>`, `/odds <game-procedure>`, `/check <game> <test>`.
Each game's commands live in their own module beside this one (`cogs/combat/epic.py`, …)
and attach subcommands with `@SHOOT.command(...)` or subgroups with `Group(parent=CHECK)`.
Callbacks are plain functions taking the interaction; they reach services through
`interaction.client.services`.
"""
from discord import app_commands

from cogs._common import L

SHOOT = app_commands.Group(name=L("combat.group.shoot.name"), description=L("combat.group.shoot.desc"), guild_only=True)
ASSAULT = app_commands.Group(name=L("combat.group.assault.name"), description=L("combat.group.assault.desc"), guild_only=True)
ODDS = app_commands.Group(name=L("combat.group.odds.name"), description=L("combat.group.odds.desc"))
CHECK = app_commands.Group(name=L("combat.group.check.name"), description=L("combat.group.check.desc"), guild_only=True)

GROUPS = (SHOOT, ASSAULT, ODDS, CHECK)
