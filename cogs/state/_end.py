"""/game end asks first (issue 10 §2): a Confirm / Cancel pair whose custom_id keeps the game's
id, so it works after a restart and ends nothing if another game has started since. The store
checks who may end it (the owner or a moderator) when Confirm is pressed."""
from __future__ import annotations

import re

import discord

from cogs._common import actor_of, channel_key, locale_of
from cogs._common.errors import reply_error
from cogs.state import _render as render
from db import Actor
from games.registry import GAMES
from i18n import tr
from app.services import store_of


def ended_embed(system: str, locale: str) -> discord.Embed:
    return discord.Embed(title=tr("state.reply.ended", locale, game=GAMES[system].title(locale)),
                         description=tr("state.reply.ended_hint", locale), colour=render.COLOUR)


class EndButton(discord.ui.DynamicItem[discord.ui.Button], template=r"gend:(?P<answer>[yn]):(?P<game>\d+)"):
    def __init__(self, answer: str, game_id: int, locale: str = "ru") -> None:
        confirm = answer == "y"
        super().__init__(discord.ui.Button(
            label=tr("state.end.confirm" if confirm else "state.end.cancel", locale),
            style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
            custom_id=f"gend:{answer}:{game_id}"))
        self.answer, self.game_id = answer, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str]) -> "EndButton":
        return cls(match["answer"], int(match["game"]), locale_of(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            locale = locale_of(interaction)
            if self.answer == "n":
                await interaction.response.edit_message(
                    embed=discord.Embed(description=tr("state.end.cancelled", locale)), view=None)
                return
            game = await store_of(interaction.client).end_game(
                *channel_key(interaction), Actor(*actor_of(interaction)), self.game_id)
            await interaction.response.edit_message(embed=ended_embed(game.system, locale), view=None)
        except Exception as error:
            await reply_error(interaction, error)


def confirm_message(game_id: int, system: str, locale: str) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(title=tr("state.end.title", locale, game=GAMES[system].title(locale)),
                          description=tr("state.end.text", locale, days=7), colour=render.COLOUR)
    view = discord.ui.View(timeout=None)
    for answer in ("y", "n"):
        view.add_item(EndButton(answer, game_id, locale))
    return embed, view
