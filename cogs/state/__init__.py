from cogs.state._cog import StateCog
from cogs.state._screens import SCREENS


async def setup(bot) -> None:
    for screen in SCREENS:      # paged /game status, /unit list, /history (survive a restart)
        bot.screens.add(screen)
    await bot.add_cog(StateCog(bot))
