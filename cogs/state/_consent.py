"""Joining a side another player holds (issue 14 §5): the request is a message with Accept and
Decline buttons for a player of that side or the game's owner. The buttons keep who asks and
for which side in their custom_id (the side by a short hash of its name), so they work after a
restart."""
from __future__ import annotations

import hashlib
import re

import discord

from cogs._common import actor_of, channel_key, locale_of
from cogs._common.errors import reply_error
from cogs._common.markdown import safe
from db import Actor, is_manager
from db.views import fold
from i18n import UserError, tr
from app.services import store_of

NAME_ROOM = 40       # of the requester's name in the custom_id (100 characters in all)


def side_hash(side: str) -> str:
    return hashlib.sha1(fold(side).encode("utf-8")).hexdigest()[:8]


class ConsentButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"consent:(?P<answer>[yn]):(?P<uid>\d+):(?P<side>[0-9a-f]{8}):(?P<name>.*)"):
    def __init__(self, answer: str, user_id: int, side: str, name: str, locale: str = "ru") -> None:
        accept = answer == "y"
        super().__init__(discord.ui.Button(
            label=tr("state.consent.accept" if accept else "state.consent.decline", locale),
            style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
            custom_id=f"consent:{answer}:{user_id}:{side}:{name[:NAME_ROOM]}"))
        self.answer, self.user_id, self.side, self.name = answer, user_id, side, name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str]) -> "ConsentButton":
        return cls(match["answer"], int(match["uid"]), match["side"], match["name"], locale_of(interaction))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._answer(interaction)
        except Exception as error:
            await reply_error(interaction, error)

    async def _answer(self, interaction: discord.Interaction) -> None:
        from cogs.state import _render as render
        store = store_of(interaction.client)
        game = await store.require_game(*channel_key(interaction))
        side = next((s for s in game.sides if side_hash(s) == self.side), None)
        if side is None or game.side_of(self.user_id) is not None:
            raise UserError("state.consent.gone")
        actor = Actor(*actor_of(interaction))
        holder = any(p.user_id == actor.user_id and fold(p.side) == fold(side) for p in game.players)
        if not (holder or is_manager(game, actor)):
            raise UserError("state.consent.not_yours", side=side)
        locale = locale_of(interaction)
        if self.answer == "n":
            embed = discord.Embed(description=tr("state.consent.declined", locale, by=safe(actor.name),
                                                 player=safe(self.name), side=safe(side)))
            await interaction.response.edit_message(embed=embed, view=None)
            return
        result = await store.join(*channel_key(interaction), actor, side, Actor(self.user_id, self.name, False))
        await interaction.response.edit_message(embed=render.result_embed(result, locale), view=None)


def consent_message(user: Actor, side: str, holders: tuple[str, ...], locale: str) -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(title=tr("state.consent.title", locale, side=safe(side))[:256],
                          description=tr("state.consent.text", locale, player=safe(user.name), side=safe(side),
                                         holders=safe(", ".join(holders))))
    view = discord.ui.View(timeout=None)
    for answer in ("y", "n"):
        view.add_item(ConsentButton(answer, user.user_id, side_hash(side), user.name, locale))
    return embed, view
