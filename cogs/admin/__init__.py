from cogs.admin._cog import AdminCog


async def setup(bot) -> None:
    await bot.add_cog(AdminCog(bot))
