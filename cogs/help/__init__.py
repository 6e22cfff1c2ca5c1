from cogs.help._cog import HelpCog


async def setup(bot) -> None:
    await bot.add_cog(HelpCog(bot))
