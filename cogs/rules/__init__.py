from cogs.rules._cog import RulesCog


async def setup(bot):
    await bot.add_cog(RulesCog(bot))
