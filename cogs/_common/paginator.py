"""Paging a list of embeds with buttons (after RoboDanny's RoboPages), for replies whose pages
exist only in this process (a roll's long result). Anyone may page, unless `owner_id` is given.
Replies that can be rebuilt from their state page with screens instead
(`cogs/_common/screens.py`), whose buttons survive a restart."""
from __future__ import annotations

import discord

from cogs._common.limits import fit_embed
from cogs._common.views import BaseView
from i18n import tr


class Paginator(BaseView):
    def __init__(self, pages: list[discord.Embed], *, locale: str, owner_id: int | None = None,
                 timeout: float = 900) -> None:
        super().__init__(locale=locale, owner_id=owner_id, timeout=timeout)
        if not pages:
            raise ValueError("Paginator needs at least one page")
        self.pages = [fit_embed(p) for p in pages]
        self.index = 0
        self.previous_page.label = "◀ " + tr("common.previous", locale)
        self.next_page.label = tr("common.next", locale) + " ▶"
        self.update_controls()

    @property
    def current(self) -> discord.Embed:
        return self.pages[self.index]

    def update_controls(self) -> None:
        many = len(self.pages) > 1
        self.previous_page.disabled = not many or self.index == 0
        self.next_page.disabled = not many or self.index >= len(self.pages) - 1
        self.counter.label = tr("common.page", self.locale, page=self.index + 1, pages=len(self.pages))

    async def show(self, interaction: discord.Interaction) -> None:
        """Redraw in place after a button press."""
        self.update_controls()
        await interaction.response.edit_message(embed=self.current, view=self)

    async def send(self, interaction: discord.Interaction, *, ephemeral: bool = False, content: str | None = None) -> None:
        self.update_controls()
        if len(self.pages) > 1 or self.has_extra_items():
            await self.reply(interaction, embed=self.current, ephemeral=ephemeral, content=content)
            return
        self.stop()   # one page: nothing to press
        if interaction.response.is_done():
            await interaction.followup.send(embed=self.current, ephemeral=ephemeral, content=content or "")
        else:
            await interaction.response.send_message(embed=self.current, ephemeral=ephemeral, content=content)

    def has_extra_items(self) -> bool:
        """Subclasses that add buttons/selects keep the view even for a single page."""
        return len(self.children) > 3

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary, row=4)
    async def previous_page(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.index = max(0, self.index - 1)
        await self.show(interaction)

    @discord.ui.button(label="1/1", style=discord.ButtonStyle.grey, disabled=True, row=4)
    async def counter(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:  # label only
        await interaction.response.defer()

    @discord.ui.button(label="▶", style=discord.ButtonStyle.secondary, row=4)
    async def next_page(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.index = min(len(self.pages) - 1, self.index + 1)
        await self.show(interaction)
