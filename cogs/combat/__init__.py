"""Combat resolution commands, built from each game's declaration (`games/<id>/commands.py`)
by `cogs/combat/_factory.py`, plus /table. Games not yet declared that way register their
commands from a module beside this one (`COMMANDS`, shared groups from `_groups.py`)."""
import importlib
import pkgutil

from discord import app_commands

from cogs.combat._factory import game_cog
from cogs.combat._groups import GROUPS
from games.registry import GAMES

SHARED = {"shoot": GROUPS[0], "assault": GROUPS[1], "odds": GROUPS[2], "check": GROUPS[3]}


async def setup(bot) -> None:
    for system in GAMES.values():
        if system.commands:
            await bot.add_cog(game_cog(bot, system, SHARED))
    extra: list[app_commands.Command] = []
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_"):
            loaded = importlib.import_module(f"{__name__}.{module.name}")
            extra.extend(getattr(loaded, "COMMANDS", ()))
            for screen in getattr(loaded, "SCREENS", ()):
                bot.screens.add(screen)
    for group in GROUPS:
        if group.commands:  # Discord rejects a group with no subcommands
            bot.tree.add_command(group)
    for command in extra:
        bot.tree.add_command(command)
