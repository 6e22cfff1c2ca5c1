"""Combat resolution commands, built for each bot from each game's declaration
(`games/<id>/commands.py`) by `cogs/combat/_factory.py`, plus /table (`table.py`)."""
import importlib
import pkgutil

from discord import app_commands

from cogs.combat._factory import game_cog
from cogs.combat._groups import combat_groups
from games.registry import GAMES



async def setup(bot) -> None:
    shared = combat_groups()
    for system in GAMES.values():
        if system.commands:
            await bot.add_cog(game_cog(bot, system, shared))
    extra: list[app_commands.Command] = []
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_"):
            loaded = importlib.import_module(f"{__name__}.{module.name}")
            extra.extend(getattr(loaded, "COMMANDS", ()))
            for screen in getattr(loaded, "SCREENS", ()):
                bot.screens.add(screen)
    for group in shared.values():
        if group.commands:  # Discord rejects a group with no subcommands
            bot.tree.add_command(group)
    for command in extra:
        bot.tree.add_command(command)
