"""Paging a list of embeds with buttons (after RoboDanny's RoboPages): only the user who ran
the command can page; the buttons go grey when the view times out."""
from __future__ import annotations

import discord

from cogs._common.errors import reply_error
from cogs._common.limits import fit_embed
from i18n import tr


class Paginator(discord.ui.View):
    def __init__(self, pages: list[discord.Embed], *, author_id: int, locale: str, timeout: float = 900) -> None:
        super().__init__(timeout=timeout)
        if not pages:
            raise ValueError("Paginator needs at least one page")
        self.pages = [fit_embed(p) for p in pages]
        self.author_id = author_id
        self.locale = locale
        self.index = 0
        self.message: discord.Message | discord.InteractionMessage | None = None
        self.previous_page.label = "◀ " + tr("common.previous", locale)
        self.next_page.label = tr("common.next", locale) + " ▶"
        self._refresh()

    @property
    def current(self) -> discord.Embed:
        return self.pages[self.index]

    def _refresh(self) -> None:
        many = len(self.pages) > 1
        self.previous_page.disabled = not many or self.index == 0
        self.next_page.disabled = not many or self.index >= len(self.pages) - 1
        self.counter.label = tr("common.page", self.locale, page=self.index + 1, pages=len(self.pages))

    async def show(self, interaction: discord.Interaction) -> None:
        """Redraw in place after a button press."""
        self._refresh()
        await interaction.response.edit_message(embed=self.current, view=self)

    async def send(self, interaction: discord.Interaction, *, ephemeral: bool = False, content: str | None = None) -> None:
        self._refresh()
        kwargs = {"embed": self.current, "ephemeral": ephemeral, "content": content}
        if len(self.pages) > 1 or self.has_extra_items():
            kwargs["view"] = self
        if interaction.response.is_done():
            self.message = await interaction.followup.send(**kwargs, wait=True)
        else:
            await interaction.response.send_message(**kwargs)
            self.message = await interaction.original_response()

    def has_extra_items(self) -> bool:
        """Subclasses that add buttons/selects keep the view even for a single page."""
        return len(self.children) > 3

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.author_id:
            return True
        await interaction.response.send_message(tr("common.not_yours", self.locale), ephemeral=True)
        return False

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item) -> None:
        await reply_error(interaction, error)

    async def on_timeout(self) -> None:
        for item in self.children:
            item.disabled = True
        if self.message is not None:
            try:
                await self.message.edit(view=self)
            except discord.HTTPException:
                pass

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
