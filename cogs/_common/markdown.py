"""User text in replies: names of units, sides and games, queries… are shown as typed, never as
markdown or mentions (a unit named `[free nitro](https://evil.example) @everyone` must not
become a link or a ping). The core returns raw text in `Msg` parameters; replies render them
through `render` here, which escapes every text parameter and leaves the catalog's own
markdown (bold outcomes, code spans) alone."""
from __future__ import annotations

from typing import Any

import discord

from i18n import Msg, Renderable


def safe(text: str) -> str:
    """Text shown literally by Discord's client: markdown escaped, mentions broken."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def _param(value: Any) -> Any:
    if isinstance(value, Msg):
        return escaped(value)
    if isinstance(value, str):
        return safe(value)
    return value


def escaped(msg: Msg) -> Msg:
    """The same message with every text parameter (nested messages too) escaped."""
    return Msg(msg.key, {key: _param(value) for key, value in msg.params.items()})


def render(msg: Renderable, locale: str) -> str:
    """`msg` in `locale` with its users' text escaped (a Text or a Source is ours: as is)."""
    return escaped(msg).render(locale) if isinstance(msg, Msg) else msg.render(locale)
