from cogs.dice._cog import DiceCog


async def setup(bot) -> None:
    await bot.add_cog(DiceCog(bot))
