"""The one base of every view the bot sends.

- who may press: anyone, unless the view names the one user it is for (`owner_id`); someone
  else gets a short ephemeral "not yours";
- a failure in a callback becomes the bot's localized error reply (never "This interaction
  failed");
- on timeout, and when the bot shuts down, the controls go grey so nobody presses a dead button
  (views that must outlive the process are screens: `cogs/_common/screens.py`).

Subclasses never redefine discord.py's private names; their own helpers have public names.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref

import discord

from cogs._common.errors import reply_error
from i18n import tr

log = logging.getLogger(__name__)
DEFAULT_TIMEOUT = 900.0
SHUTDOWN_EDIT_SECONDS = 5.0

_live: "weakref.WeakSet[BaseView]" = weakref.WeakSet()


class BaseView(discord.ui.View):
    def __init__(self, *, locale: str, owner_id: int | None = None, timeout: float | None = DEFAULT_TIMEOUT) -> None:
        super().__init__(timeout=timeout)
        self.locale = locale
        self.owner_id = owner_id
        self.message: discord.Message | discord.InteractionMessage | discord.WebhookMessage | None = None
        _live.add(self)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if self.owner_id is None or interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message(tr("common.not_yours", self.locale), ephemeral=True)
        return False

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item) -> None:
        await reply_error(interaction, error)

    async def on_timeout(self) -> None:
        await self.disable()

    async def disable(self) -> None:
        """Grey every control on the message this view was sent with."""
        for item in self.children:
            if isinstance(item, (discord.ui.Button, discord.ui.Select)):
                item.disabled = True
        self.stop()
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await self.message.edit(view=self)

    async def reply(self, interaction: discord.Interaction, **kwargs) -> None:
        """Send this view with a new message (or a follow-up after a deferral) and remember it."""
        kwargs["view"] = self
        if interaction.response.is_done():
            self.message = await interaction.followup.send(**kwargs, wait=True)
        else:
            await interaction.response.send_message(**kwargs)
            self.message = await interaction.original_response()


async def disable_live_views() -> None:
    """At shutdown: grey the controls of every view still listening, so that after a restart no
    button looks alive that no process answers (bounded, best effort)."""
    views = [v for v in list(_live) if not v.is_finished() and v.message is not None]
    if views:
        await asyncio.wait([asyncio.ensure_future(v.disable()) for v in views], timeout=SHUTDOWN_EDIT_SECONDS)
