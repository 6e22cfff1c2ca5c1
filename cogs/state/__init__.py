from cogs.state._cog import StateCog


async def setup(bot) -> None:
    await bot.add_cog(StateCog(bot))
