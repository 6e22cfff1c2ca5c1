"""/game status, /unit list and /history as screens (cogs/_common/screens.py): their pages
turn with buttons that keep working after a restart, because the page's state travels in the
custom_id and the screen reads the channel's game again. Anyone in the channel may page them.

States: status `page`; units `page|side` (side: an 8-hex hash of its folded name, or empty);
history `limit|newest event id|page` (the events shown stay those first asked for)."""
from __future__ import annotations

import discord

from cogs._common import channel_key, chunk_text, fit_embed, locale_of
from cogs._common.screens import Button, Menu, Page, Screen, page_buttons
from cogs.state import _render as render
from cogs.state._consent import side_hash
from i18n import UserError, tr
from app.services import store_of

STATUS, UNITS, HISTORY = "gstatus", "units", "history"
HISTORY_PAGE = 3800     # characters of entries per page: an embed description holds 4096


def _store(interaction: discord.Interaction):
    return store_of(interaction.client)


def _controls(buttons: list[Button]) -> list[Button | Menu]:
    return list(buttons)


def _index(text: str) -> int:
    return int(text) if text.isdigit() else 0


def _message_groups(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """The board's embeds cut into messages Discord takes (≤ 10 embeds, ≤ 6000 characters)."""
    groups: list[list[discord.Embed]] = [[]]
    for embed in embeds:
        group = groups[-1]
        if group and not render.fits_one_message(group + [embed]):
            groups.append([])
        groups[-1].append(embed)
    return groups


async def status_page(interaction: discord.Interaction, page: int) -> Page:
    locale = locale_of(interaction)
    game, units = await _store(interaction).units(*channel_key(interaction))
    groups = _message_groups(render.status_embeds(game, units, locale))
    page = min(max(page, 0), len(groups) - 1)
    return Page(groups[page], _controls(page_buttons(STATUS, str, page, len(groups), locale)))


async def units_page(interaction: discord.Interaction, page: int, side: str | None) -> Page:
    """`side`: a side's name as typed, or its hash from a custom_id."""
    locale = locale_of(interaction)
    game, units = await _store(interaction).units(*channel_key(interaction))
    wanted = None
    if side:
        wanted = side if len(side) == 8 and all(c in "0123456789abcdef" for c in side) else side_hash(side)
        units = [u for u in units if side_hash(u.side) == wanted]
    lines = [render.unit_line(game, u, locale, with_side=not side) for u in units] or [tr("state.show.no_units", locale)]
    pages = render.list_pages(tr("state.show.units_title", locale, n=len(units)), lines)
    page = min(max(page, 0), len(pages) - 1)
    return Page([pages[page]], _controls(page_buttons(UNITS, lambda i: f"{i}|{wanted or ''}", page, len(pages),
                                                      locale)))


async def history_page(interaction: discord.Interaction, limit: int, up_to: int | None, page: int) -> Page:
    locale = locale_of(interaction)
    events = await _store(interaction).history(*channel_key(interaction), limit, up_to)
    text = "\n".join(render.history_lines(events, locale)) or "—"
    parts = chunk_text(text, HISTORY_PAGE, ("\n",)) or ["—"]
    page = min(max(page, 0), len(parts) - 1)
    newest = events[0].id if events else 0
    embed = discord.Embed(title=tr("state.show.history_title", locale), description=parts[page], colour=render.COLOUR)
    if len(parts) > 1:
        embed.set_footer(text=f"{page + 1}/{len(parts)}")
    return Page([fit_embed(embed)], _controls(page_buttons(HISTORY, lambda i: f"{limit}|{newest}|{i}", page,
                                                           len(parts), locale)))


class StatusScreen(Screen):
    kind = STATUS

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        return await status_page(interaction, _index(state))


class UnitsScreen(Screen):
    kind = UNITS

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        page, _, side = state.partition("|")
        return await units_page(interaction, _index(page), side or None)


class HistoryScreen(Screen):
    kind = HISTORY

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        parts = state.split("|")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise UserError("common.stale_control")
        limit, newest, page = (int(p) for p in parts)
        return await history_page(interaction, min(max(limit, 1), 25), newest or None, page)


SCREENS = [StatusScreen(), UnitsScreen(), HistoryScreen()]
