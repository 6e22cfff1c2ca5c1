"""Screens: replies whose buttons and menus keep working after the bot restarts.

A screen is a reply the bot can build again from a short state, such as a rule section and a
page (`rule` / `epic:120|0`). Every control carries the state it leads to in its `custom_id`
(a menu, in its options' values), so pressing it needs nothing remembered: discord.py matches
the `custom_id` to `ScreenButton` or `ScreenMenu` (DynamicItems registered at start), the screen
renders the target state again, in the language of whoever pressed, and the message is edited.
Anyone who sees a screen may press it (a rule posted in a game channel is for both players).

    class RuleScreen(Screen):
        kind = "rule"
        async def render(self, interaction, state) -> Page: ...

    bot.screens.add(RuleScreen(...))                         # in the cog's cog_load
    await show(interaction, page)                             # a command's first reply
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from cogs._common.errors import reply_error
from cogs._common.limits import LIMITS, fit_embed, trim
from i18n import UserError, tr

log = logging.getLogger(__name__)
CUSTOM_ID_LIMIT = 100
KIND_RE = r"[a-z][a-z_]{0,15}"


def target(kind: str, state: str) -> str:
    """The encoded destination of a control: a screen kind and its state."""
    return f"{kind}:{state}"


def parse_target(value: str) -> tuple[str, str]:
    kind, _, state = value.partition(":")
    return kind, state


@dataclass(frozen=True)
class Button:
    label: str
    to: str | None                       # target(kind, state); None: a label that does nothing
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    row: int | None = None


@dataclass(frozen=True)
class Option:
    label: str
    to: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Menu:
    placeholder: str
    options: tuple[Option, ...]
    row: int | None = None


@dataclass
class Page:
    """What a screen shows: embeds and its controls (buttons and menus)."""

    embeds: list[discord.Embed]
    controls: Sequence[Button | Menu] = field(default_factory=list)
    content: str | None = None

    def view(self) -> discord.ui.View | None:
        """A view of DynamicItems only: discord.py needs nothing of it once it is sent."""
        if not self.controls:
            return None
        view = discord.ui.View(timeout=None)
        for slot, control in enumerate(self.controls):
            if isinstance(control, Menu):
                if control.options:
                    view.add_item(ScreenMenu.build(slot, control))
            else:
                view.add_item(ScreenButton.build(slot, control))
        return view

    def message(self) -> dict[str, Any]:
        return {"embeds": [fit_embed(e) for e in self.embeds][:10], "content": self.content}


class Screen:
    """A reply rebuilt from its state. `kind` names it in custom_ids (short, stable)."""

    kind: ClassVar[str] = ""

    async def render(self, interaction: discord.Interaction, state: str) -> Page:
        raise NotImplementedError


class Screens:
    """The screens one bot serves, by kind."""

    def __init__(self) -> None:
        self.by_kind: dict[str, Screen] = {}

    def add(self, screen: Screen) -> None:
        if not re.fullmatch(KIND_RE, screen.kind):
            raise ValueError(f"screen kind {screen.kind!r} must match {KIND_RE}")
        self.by_kind[screen.kind] = screen

    def get(self, kind: str) -> Screen | None:
        return self.by_kind.get(kind)


def screens_of(client: Any) -> Screens:
    return client.screens


async def show(interaction: discord.Interaction, page: Page, *, ephemeral: bool = False) -> None:
    """A command's reply: the page and its controls."""
    kwargs: dict[str, Any] = {**page.message(), "ephemeral": ephemeral}
    view = page.view()
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def open_target(interaction: discord.Interaction, destination: str) -> None:
    """Render `destination` and put it in place of the message the control is on."""
    kind, state = parse_target(destination)
    screen = screens_of(interaction.client).get(kind)
    if screen is None:   # a control of a screen this version no longer has
        raise UserError("common.stale_control")
    page = await screen.render(interaction, state)
    kwargs = page.message()
    kwargs["view"] = page.view()
    await interaction.response.edit_message(**kwargs)


class ScreenButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=rf"s(?P<slot>\d+):(?P<to>{KIND_RE}:.*)"):
    def __init__(self, button: discord.ui.Button, to: str) -> None:
        super().__init__(button)
        self.to = to

    @classmethod
    def build(cls, slot: int, control: Button) -> "ScreenButton":
        custom_id = f"s{slot}:{control.to or 'noop:'}"
        if len(custom_id) > CUSTOM_ID_LIMIT:
            raise ValueError(f"screen state too long for a custom_id: {custom_id!r}")
        button: discord.ui.Button[Any] = discord.ui.Button(label=trim(control.label, 80), style=control.style, custom_id=custom_id,
                                   disabled=control.disabled or control.to is None, row=control.row)
        return cls(button, control.to or "noop:")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ScreenButton":
        assert isinstance(item, discord.ui.Button)
        return cls(item, match["to"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await open_target(interaction, self.to)
        except Exception as error:   # the bot's own error reply, never "This interaction failed"
            await reply_error(interaction, error)


class ScreenMenu(discord.ui.DynamicItem[discord.ui.Select], template=rf"m(?P<slot>\d+):(?P<kind>{KIND_RE})"):
    def __init__(self, select: discord.ui.Select) -> None:
        super().__init__(select)

    @classmethod
    def build(cls, slot: int, control: Menu) -> "ScreenMenu":
        options = [discord.SelectOption(label=trim(o.label, LIMITS.select_label) or "—", value=o.to,
                                        description=trim(o.description, LIMITS.select_description)
                                        if o.description else None, default=o.default)
                   for o in control.options[:LIMITS.select_options]]
        for option in options:
            if len(option.value) > CUSTOM_ID_LIMIT:
                raise ValueError(f"screen state too long for an option value: {option.value!r}")
        kind = parse_target(control.options[0].to)[0]
        select: discord.ui.Select[Any] = discord.ui.Select(custom_id=f"m{slot}:{kind}", placeholder=trim(control.placeholder, 150),
                                   options=options, min_values=1, max_values=1, row=control.row)
        return cls(select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ScreenMenu":
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await open_target(interaction, self.item.values[0])
        except Exception as error:
            await reply_error(interaction, error)


def page_buttons(kind: str, state_of_page, index: int, count: int, locale: str, row: int = 4) -> list[Button]:
    """◀ Back · Page k/n · Forward ▶, each leading to `state_of_page(i)`."""
    if count <= 1:
        return []
    return [
        Button("◀ " + tr("common.previous", locale), target(kind, state_of_page(index - 1)) if index > 0 else None,
               row=row),
        Button(tr("common.page", locale, page=index + 1, pages=count), None, discord.ButtonStyle.grey, row=row),
        Button(tr("common.next", locale) + " ▶",
               target(kind, state_of_page(index + 1)) if index < count - 1 else None, row=row),
    ]

