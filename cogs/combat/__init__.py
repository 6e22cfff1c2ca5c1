"""Combat resolution commands: each `cogs/combat/<module>.py` registers its game's subcommands
(and top-level commands such as /table via `COMMANDS`) when imported."""
import importlib
import pkgutil

from cogs.combat._groups import GROUPS


async def setup(bot) -> None:
    extra = []
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_"):
            loaded = importlib.import_module(f"{__name__}.{module.name}")
            extra.extend(getattr(loaded, "COMMANDS", ()))
    for group in GROUPS:
        if group.commands:  # Discord rejects a group with no subcommands
            bot.tree.add_command(group)
    for command in extra:
        bot.tree.add_command(command)
