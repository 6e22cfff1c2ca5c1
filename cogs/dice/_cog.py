"""/roll: the Discord adapter of the dice engine (parse options → dice.roll → embed)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import logging

import discord
from discord import app_commands
from discord.ext import commands

import dice
from app import compute
from cogs._common.charts import ChartRequest, chart_view
from cogs._common import L, channel_key, fit_embed, locale_of, trim
from cogs._common.limits import LIMITS
from cogs._common.text import game_choices
from dice.render import render
from games.registry import GAMES
from i18n import Msg, tr
from app.services import services_of

if TYPE_CHECKING:
    from app.referee_bot import RefereeBot

log = logging.getLogger(__name__)

GAME_CHOICES = game_choices()
COLOUR_PASS = discord.Colour.green()
COLOUR_FAIL = discord.Colour.dark_red()
COLOUR_ROLL = discord.Colour.blurple()


def limits_of(bot: object) -> dice.DiceLimits:
    config = services_of(bot).config
    return dice.DiceLimits(
        max_dice=config.max_dice, max_sides=config.max_sides,
        max_expression_length=config.max_expression_length, max_rerolls_per_die=config.max_rerolls_per_die,
    )


async def channel_game(interaction: discord.Interaction) -> str | None:
    """The channel's game id when the state store has one (7+ then follows its rule)."""
    store = services_of(interaction.client).state
    if store is None or interaction.guild_id is None:
        return None
    try:
        game = await store.channel_game(*channel_key(interaction))
    except Exception:        # rolling never fails because the state store did
        log.warning("the state store failed to name the channel's game; rolling without one", exc_info=True)
        return None
    system = getattr(game, "system", None) if game is not None else None
    return system if system in GAMES else None


def roll_embed(result: dice.RollResult, locale: str, user: str, comment: str | None) -> discord.Embed:
    view = render(result, locale)
    colour = COLOUR_ROLL if result.passed is None else (COLOUR_PASS if result.passed else COLOUR_FAIL)
    lines = [f"**{label}**: {text}" for label, text in view.dice]
    description = "\n".join(lines)
    embed = discord.Embed(title=trim(view.title, LIMITS.embed_title),
                          description=trim(description, LIMITS.embed_description), colour=colour)
    result_lines = [view.outcome] + ([view.probability] if view.probability else [])
    embed.add_field(name=tr("dice.render.result", locale), value="\n".join(result_lines), inline=False)
    if view.details:
        embed.add_field(name="ℹ", value="\n".join(view.details), inline=False)
    if view.notes:
        embed.add_field(name=tr("dice.render.notes", locale), value="\n".join(f"⚠ {n}" for n in view.notes),
                        inline=False)
    if comment:
        embed.add_field(name=tr("dice.render.comment", locale), value=comment, inline=False)
    embed.set_footer(text=tr("dice.render.rolled_by", locale, user=user))
    return fit_embed(embed)


class DiceCog(commands.Cog):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name=L("dice.cmd.roll.name"), description=L("dice.cmd.roll.desc"))
    @app_commands.rename(expression=L("dice.cmd.roll.expression.name"), game=L("dice.cmd.roll.game.name"),
                         comment=L("dice.cmd.roll.comment.name"))
    @app_commands.describe(expression=L("dice.cmd.roll.expression.desc"), game=L("dice.cmd.roll.game.desc"),
                           comment=L("dice.cmd.roll.comment.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def roll(self, interaction: discord.Interaction, expression: str,
                   game: app_commands.Choice[str] | None = None, comment: str | None = None) -> None:
        locale = locale_of(interaction)
        game_id = game.value if game is not None else await channel_game(interaction)
        roller = services_of(self.bot).roller
        limits = limits_of(self.bot)
        if dice.is_heavy(expression, game=game_id, limits=limits):
            # exact odds too long for the event loop: acknowledge now, roll and compute in a worker
            # (seeded dice travel there and back, so tests see what the loop would roll)
            await interaction.response.defer(thinking=True)
            result, used = await compute.run(dice.roll_detached, expression, game_id, roller.portable(), limits,
                                             dice.OFF_LOOP_WORK)
            roller.continue_from(used)
        else:
            result = dice.roll(expression, game=game_id, roller=roller, limits=limits)
        user = getattr(interaction.user, "display_name", None) or interaction.user.name
        embed = roll_embed(result, locale, user, trim(comment, LIMITS.field_value) if comment else None)
        counted = result.mode == "successes"
        rolled = result.successes if counted else result.total
        chart = ChartRequest(Msg.of("charts.title_roll", expression=result.expression), highlight=rolled
                             if isinstance(rolled, int) else None, roll=(expression, game_id, limits, counted))
        view = chart_view(chart, locale)
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, view=view)
